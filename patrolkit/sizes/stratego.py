"""Stratego: the board over one or four sheets, the standing pieces, the screen and the slips,
in millimetres."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from patrolkit.sizes.lapped import LappedSheet


class Stratego:
    """The Stratego board and pieces.

    Why these sizes
    ---------------
    * **The piece** is one strip of card folded into a closed box lying on its side: the owner's
      wall (the rank face), the top (the id code), the opponent's wall (the army's colour and
      pattern only), the base under it and a tongue that tucks up inside the owner's wall. Every
      piece is the same height, so the tops of all pieces lie in one plane: seen from a phone
      tilted up to 35°, no piece ever hides another's code (a code printed flat on the table
      behind a 15 mm wall would be hidden over 15 x tan 35° = 10.5 mm).
    * **The code on the top** is a version-1 code (its payload is 19 characters) with 0.7 mm
      modules: 14.7 mm. A 12 MP photo of the board (300 mm of cells plus the code margins, about
      360 mm, 5 % of slack) gives 3000 / 378 = 7.9 px/mm at table height, more on the tops which
      stand 15 mm nearer: a module is seen at 5.5 px or more, above the 4 px at which every code
      reads. The top is 24 mm square: the army's frame (2.2 mm) and a light quiet zone of 2.45 mm
      (3.5 modules) round the code.
    * **Cells: 30 mm on A4 and Letter, 27 mm on A3.** A 24 mm piece leaves 6 (3) mm between
      neighbours, enough to pick one up. Five 30 mm cells (150 mm), the code margin and a glue
      strip fit the 198 mm printable width of A4 and Letter, so the board is two by two sheets
      of 5 x 5 cells; ten 27 mm cells (270 mm) and the row numbers fit A3's 285 mm.
    * **Fiducials:** version 2 (the payload is 24 characters) with 0.7 mm modules, in the outer
      margins only, as on the Patrolis board: each sheet has one near every corner of its grid
      that lies on the assembled board's rim.

    Frames
    ------
    A sheet's *cell frame* is mm from the top-left corner of the cells it holds, x east, y south
    (down the printed sheet); row ``10`` (blue's back row) is at the top, column ``a`` at the
    left. A piece's *strip frame* is mm from its strip's top-left corner as printed, x along the
    strip through its panels (:meth:`panels`).
    """

    COLUMNS: Final = 10
    ROWS: Final = 10
    CELL_MM: Final = 30.0
    """A4 and Letter."""
    A3_CELL_MM: Final = 27.0

    PIECE_WIDTH_MM: Final = 24.0
    """Across the piece, left to right as its owner sees it: the strip's short side."""
    PIECE_DEPTH_MM: Final = 24.0
    """From the owner's wall to the opponent's: the top and the base."""
    PIECE_HEIGHT_MM: Final = 15.0
    """The walls."""
    TONGUE_MM: Final = 14.0
    """Tucked up inside the owner's wall; 1 mm short of the top so it closes flat."""
    PIECE_FRAME_MM: Final = 2.2
    """The army's band round the top, running to the top's edges."""
    PIECE_MODULE_MM: Final = 0.7
    PIECE_QR_VERSION: Final = 1
    PIECE_CODE_MM: Final = (17 + 4 * PIECE_QR_VERSION) * PIECE_MODULE_MM
    PIECE_GAP_MM: Final = 2.0
    """Between two strips on their sheet."""

    FIDUCIAL_MODULE_MM: Final = 0.7
    FIDUCIAL_QR_VERSION: Final = 2
    FIDUCIAL_MM: Final = (17 + 4 * FIDUCIAL_QR_VERSION) * FIDUCIAL_MODULE_MM
    QUIET_MODULES: Final = 4.0
    QUIET_MM: Final = QUIET_MODULES * FIDUCIAL_MODULE_MM
    CODE_GAP_MM: Final = 8.0
    """From the grid's edge to the codes in an outer margin: room for the letters and numbers."""
    CODE_INSET_MM: Final = 4.0
    GLUE_MM: Final = 8.0
    BLEED_MM: Final = 1.5

    SECRET_MODULE_MM: Final = 0.8
    SECRET_QR_VERSION: Final = 3
    """40 characters: a version-3 code at level M holds 61."""

    ARMY_INK: Final = {"R": "#C8102E", "B": "#1F5FB0"}
    """Red prints solid, blue as stripes of its colour on white: the two differ in hue, in grey
    (a solid band against a striped one) and for colour-blind players, and each army also has
    its own emblem (a disc for red, a diamond for blue)."""
    ARMY_TINT: Final = {"R": "#F6D5D2", "B": "#D6E3F3"}
    """The home rows of each army on the board, light enough to keep the grid plain."""
    LAKE_INK: Final = "#8DB8DA"

    @classmethod
    def cell_mm(cls, paper: str) -> float:
        """The cell size printed on ``paper`` (``a4``, ``letter`` or ``a3``)."""
        return cls.A3_CELL_MM if paper.lower() == "a3" else cls.CELL_MM

    @classmethod
    def sheets(cls, cell_mm: float) -> tuple[StrategoSheet, ...]:
        """Every sheet of the board, in print order: north row first, west to east."""
        n = cls.sheets_per_side(cell_mm)
        return tuple(
            StrategoSheet(cell_mm, column, row)
            for row in range(n, 0, -1)
            for column in range(1, n + 1)
        )

    @classmethod
    def sheets_per_side(cls, cell_mm: float) -> int:
        """One A3 sheet, or 2 x 2 A4 or Letter sheets."""
        return 1 if cell_mm == cls.A3_CELL_MM else 2

    @classmethod
    def strip_length(cls) -> float:
        """A piece's strip: owner's wall, top, opponent's wall, base, tongue."""
        return sum(length for _, _, length in cls.panels())

    @classmethod
    def panels(cls) -> tuple[tuple[str, float, float], ...]:
        """``(name, start, length)`` of each panel along the strip (strip frame x)."""
        h, d = cls.PIECE_HEIGHT_MM, cls.PIECE_DEPTH_MM
        names = ("rank", "top", "back", "base", "tongue")
        lengths = (h, d, h, d, cls.TONGUE_MM)
        starts = [sum(lengths[:i]) for i in range(len(lengths))]
        return tuple(zip(names, starts, lengths, strict=True))

    @classmethod
    def piece_code_box(cls) -> tuple[float, float, float, float]:
        """The id code's module area in the strip frame: centred on the top panel."""
        _, start, length = cls.panels()[1]
        side = cls.PIECE_CODE_MM
        return (
            start + (length - side) / 2,
            (cls.PIECE_WIDTH_MM - side) / 2,
            side,
            side,
        )


@dataclass(frozen=True)
class StrategoSheet(LappedSheet):
    """One sheet of the board: sheet ``column`` (1 = west) and ``row`` (1 = south) of the board
    printed with ``cell_mm`` cells; boxes in the sheet's cell frame (see
    :class:`~patrolkit.sizes.lapped.LappedSheet`)."""

    cell_mm: float
    column: int
    row: int

    @property
    def per_side(self) -> int:
        return Stratego.sheets_per_side(self.cell_mm)

    @property
    def cells(self) -> tuple[int, int, int, int]:
        """``(first column, columns, first row, rows)``: column 0 is ``a``, row 0 is row ``1``."""
        span = Stratego.COLUMNS // self.per_side
        return ((self.column - 1) * span, span, (self.row - 1) * span, span)

    @property
    def board_origin(self) -> tuple[float, float]:
        """Where this sheet's cell frame starts in the assembled board's frame (mm from the
        top-left corner of cell ``a10``, x east, y south), for a reader that places a sheet by
        its fiducials' payloads."""
        first_column, _, first_row, rows = self.cells
        return (first_column * self.cell_mm, (Stratego.ROWS - first_row - rows) * self.cell_mm)

    @property
    def fiducial_mm(self) -> tuple[float, float, float]:
        return (Stratego.FIDUCIAL_MM, Stratego.CODE_GAP_MM, Stratego.CODE_INSET_MM)
