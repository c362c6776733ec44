"""Patrolis: the boards over several sheets, the step tiles and the objectives, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from patrolkit.codes import map_code_length
from patrolkit.sizes.lapped import LappedSheet
from patrolkit.sizes.qr import MIN_MODULE_MM


class Patrolis:
    """The Patrolis boards, step tiles and objectives, for a map of ``size`` x ``size`` cells.

    Why these sizes
    ---------------
    A step tile is the size of a cell and carries a version-1 code (21 modules) under its line, so
    the cell sets the module and the module sets what a photo can read. The companion reads the
    tiles on one 12 MP photo of the whole board, which spans about 3000 px over its shorter side:

    * **A4 and Letter: 20 mm cells, 0.7 mm tile modules.** A 16 x 16 board is 320 mm of cells;
      with its code bands (31 mm deep each side) a photo frames about 382 mm, plus 5 % of slack:
      3000 / 401 = 7.5 px/mm, so a 0.7 mm module is seen at 5.2 px — above the 4 px at which
      every code reads, with room for a tilted photo's far edge (a 0.6 mm module would be 4.5 px,
      too close). The code is 14.7 mm; the tile is cut 1 mm smaller than its cell (19 mm), which
      leaves 2.15 mm (3 modules) of light quiet zone round the code.
      Eight 20 mm cells (160 mm) plus a fiducial band and a glue strip fit the 198 mm printable
      width of A4 and Letter, so a 16 x 16 board is four sheets of 8 x 8 cells.
    * **A3: one sheet, 17 mm cells, 0.6 mm tile modules.** Sixteen cells (272 mm) and the row
      numbers fit A3's 285 mm printable width. The photo frames about 272 + 2 x 31 = 334 mm:
      3000 / 351 = 8.5 px/mm, so a 0.6 mm module is 5.1 px, about as on A4. The objectives'
      codes use 0.5 mm modules there (4.3 px on that photo, still above 4) to leave room for the
      colour frame with its letter on a 17 mm token; on A4 and Letter they use 0.6 mm (4.5 px).
    * **Fiducials and map codes: 0.7 mm modules** on every paper (5.2 px on the A4 photo).

    Sheets and frames
    -----------------
    A board too big for one sheet is printed on two by two sheets (:meth:`sheets`), each known by
    its ``column`` (1 = west) and ``row`` (1 = south), like the map's own cells. A sheet's *cell
    frame* is millimetres from the top-left corner of the cells it holds, x east, y south (down
    the printed sheet). Sheets lap onto their west and north neighbours: a sheet with a neighbour
    to the east or south carries a glue strip there, which that neighbour covers; a sheet with a
    neighbour to the west or north is cut exactly along its grid's edge there and laid over the
    neighbour's strip. Codes sit only in the *outer* margins (on the assembled board's rim), so no
    neighbour ever covers them.

    Each sheet has a fiducial near every corner that touches the board's rim (three on a sheet of
    a 2 x 2 board, four on a single sheet), and every part of the map code, all at the positions
    :class:`PatrolisSheet` computes from the map size, the cell size and the sheet's place. A
    fiducial's payload names all three, so a photo alone locates every sheet's cells.
    """

    CELL_MM: Final = 20.0
    """A4 and Letter."""
    A3_CELL_MM: Final = 17.0
    TILE_MODULE_MM: Final = {CELL_MM: 0.7, A3_CELL_MM: 0.6}
    """The module of a step tile's code, by cell size."""
    OBJECTIVE_MODULE_MM: Final = {CELL_MM: MIN_MODULE_MM, A3_CELL_MM: 0.5}
    OBJECTIVE_FRAME_MM: Final = {CELL_MM: 2.2, A3_CELL_MM: 2.0}
    """The objective's colour frame, carrying its letter and points, inside its trim."""
    TOKEN_QR_VERSION: Final = 1
    TILE_MM: Final = {CELL_MM: 19.0, A3_CELL_MM: 16.0}
    """A step tile's side, by cell size: 1 mm less than the cell. Tiles cut as large as their
    cell push each other across the cell lines as soon as a few cuts in a row are a little
    generous; 1 mm of clearance absorbs a 0.5 mm error on each side (Rôdeurs leaves 4 mm: 21 mm
    pawns on 25 mm cells, but a step tile must also carry a code of 21 modules readable from a
    photo of the whole board, so it cannot shrink further: see ``bench/code_size.py``)."""
    TILE_QUIET_MODULES: Final = 2.5
    """At least this much quiet zone round a tile's code: 3.07 modules on A4 (2.15 mm), 2.83 on A3
    (1.7 mm). It is paper, or the tint of the tile's line."""
    OBJECTIVE_QUIET_MODULES: Final = 2.5
    SINGLE_SHEET_MAX: Final = {CELL_MM: 9, A3_CELL_MM: 16}
    """The largest map printed on one sheet, by cell size; a bigger one takes 2 x 2 sheets."""
    MAX_SIZE: Final = {CELL_MM: 16, A3_CELL_MM: 24}
    """The largest map a kit prints, by cell size (half of it must fit one sheet)."""

    FIDUCIAL_MODULE_MM: Final = 0.7
    FIDUCIAL_QR_VERSION: Final = 2
    """25 x 25 modules: its payload (corner, map digest, sheet, cell size) is 24 characters,
    more than a version-1 code holds at level M."""
    FIDUCIAL_MM: Final = (17 + 4 * FIDUCIAL_QR_VERSION) * FIDUCIAL_MODULE_MM
    MAP_CODE_MODULE_MM: Final = 0.7
    MAP_CODE_QR_VERSION: Final = 3
    """29 x 29 modules: 61 alphanumeric characters at level M, a part's 19-character heading and
    :data:`MAP_CODE_CHUNK` characters of the map code."""
    MAP_CODE_MM: Final = (17 + 4 * MAP_CODE_QR_VERSION) * MAP_CODE_MODULE_MM
    MAP_CODE_CHUNK: Final = 42
    QUIET_MODULES: Final = 4.0
    """Light paper round every fiducial and map code, and between two of them."""
    QUIET_MM: Final = QUIET_MODULES * FIDUCIAL_MODULE_MM
    CODE_GAP_MM: Final = 8.0
    """From the grid's edge to the codes in an outer margin: room for the letters and numbers."""
    CODE_INSET_MM: Final = 4.0
    """From a sheet's grid corner, along the edge, to the fiducial near it: its quiet zone stays
    on its own sheet even where the sheet is cut at the grid's edge."""
    GLUE_MM: Final = 8.0
    """The glue strip a sheet carries along an edge that its neighbour laps over."""
    BLEED_MM: Final = 1.5
    """The cells run this far past a grid edge that is cut, so a cut a little outside the line
    still shows the map to the edge."""

    PLAYER_NAME: Final = ("blue", "vermilion", "green", "purple", "yellow", "grey")
    PLAYER_INK: Final = ("#0072B2", "#D55E00", "#009E73", "#B0508A", "#E8D21D", "#6E6E6E")
    """The six players' colours, far apart in hue for colour-blind players too (after Okabe and
    Ito); every tile also carries its player's number."""
    PLAYER_TINT: Final = ("#95C4DF", "#E9AD7C", "#87D2BD", "#D7A7C4", "#E8D21D", "#B9B9B9")
    """The line on a step tile: the player's colour lightened to a luminance of about 185 of 255,
    so the code's light modules under it still read as light."""
    PLAYER_SHADE: Final = ("#003552", "#472000", "#003C2B", "#3D1C2F", "#2F2B06", "#282828")
    """The code's dark modules under the line: the colour darkened to a luminance of about 40."""
    OBJECTIVE_INK: Final = {"B": "#1F5FB0", "R": "#E8552E", "G": "#0B5E45", "Y": "#F2C91F"}
    """Objective frames; luminances about 85, 125, 66 and 194 of 255. Each objective also
    carries its colour's letter, its points and a shape of its own."""
    TILE_LINE: Final = 0.26
    """A step tile's line is this many cells wide."""

    @classmethod
    def cell_mm(cls, paper: str) -> float:
        """The cell size printed on ``paper`` (``a4``, ``letter`` or ``a3``)."""
        return cls.A3_CELL_MM if paper.lower() == "a3" else cls.CELL_MM

    @classmethod
    def sheets_per_side(cls, size: int, cell_mm: float) -> int:
        """1 if a ``size`` map fits one sheet at ``cell_mm``, else 2."""
        if size > cls.MAX_SIZE[cell_mm]:
            raise ValueError(f"a {size} x {size} map is too big for {cell_mm:g} mm cells")
        return 1 if size <= cls.SINGLE_SHEET_MAX[cell_mm] else 2

    @classmethod
    def spans(cls, size: int, cell_mm: float) -> tuple[tuple[int, int], ...]:
        """``(first, count)`` of the columns (or rows) each sheet holds, west (south) first: the
        first sheet takes the larger half."""
        if cls.sheets_per_side(size, cell_mm) == 1:
            return ((0, size),)
        first = (size + 1) // 2
        return ((0, first), (first, size - first))

    @classmethod
    def sheets(cls, size: int, cell_mm: float) -> tuple[PatrolisSheet, ...]:
        """Every sheet of a ``size`` board, in print order: north row first, west to east."""
        n = cls.sheets_per_side(size, cell_mm)
        return tuple(
            PatrolisSheet(size, cell_mm, column, row)
            for row in range(n, 0, -1)
            for column in range(1, n + 1)
        )

    @classmethod
    def map_code_parts(cls, size: int) -> int:
        """How many codes the map code of a ``size`` map is split into."""
        return -(-map_code_length(size) // cls.MAP_CODE_CHUNK)

    @classmethod
    def tile_qr_box(cls, cell_mm: float) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of a step tile's code in the tile frame (mm from the tile's
        top-left corner with its code upright): centred on the tile, which is
        :data:`TILE_MM` wide."""
        side = (17 + 4 * cls.TOKEN_QR_VERSION) * cls.TILE_MODULE_MM[cell_mm]
        offset = (cls.TILE_MM[cell_mm] - side) / 2
        return (offset, offset, side, side)

    @classmethod
    def objective_qr_box(cls, cell_mm: float) -> tuple[float, float, float, float]:
        """The same for an objective token (also a cell's size)."""
        side = (17 + 4 * cls.TOKEN_QR_VERSION) * cls.OBJECTIVE_MODULE_MM[cell_mm]
        offset = (cell_mm - side) / 2
        return (offset, offset, side, side)


@dataclass(frozen=True)
class PatrolisSheet(LappedSheet):
    """One sheet of a Patrolis board: sheet ``column`` (1 = west) and ``row`` (1 = south) of the
    board of a ``size`` map printed with ``cell_mm`` cells. Boxes are ``(x, y, width, height)`` in
    the sheet's cell frame (see :class:`Patrolis`)."""

    size: int
    cell_mm: float
    column: int
    row: int

    @property
    def per_side(self) -> int:
        return Patrolis.sheets_per_side(self.size, self.cell_mm)

    @property
    def cells(self) -> tuple[int, int, int, int]:
        """``(first column, columns, first row, rows)``: column 0 is ``A``, row 0 is row ``1``."""
        spans = Patrolis.spans(self.size, self.cell_mm)
        first_column, columns = spans[self.column - 1]
        first_row, rows = spans[self.row - 1]
        return (first_column, columns, first_row, rows)

    @property
    def board_origin(self) -> tuple[float, float]:
        """Where this sheet's cell frame starts in the assembled board's frame (mm from the
        top-left corner of the north-west cell, x east, y south)."""
        first_column, _, first_row, rows = self.cells
        return (first_column * self.cell_mm, (self.size - first_row - rows) * self.cell_mm)

    @property
    def fiducial_mm(self) -> tuple[float, float, float]:
        return (Patrolis.FIDUCIAL_MM, Patrolis.CODE_GAP_MM, Patrolis.CODE_INSET_MM)

    @property
    def code_band(self) -> str:
        """The margin holding the map-code parts: ``N`` if the north edge is on the rim, else
        ``S`` (a sheet of a board of at most 2 x 2 sheets always has one of them)."""
        return "N" if "N" in self.outer else "S"

    @property
    def map_code_boxes(self) -> tuple[tuple[float, float, float, float], ...]:
        """Where the parts of the map code are, part 1 first: in a row in the :attr:`code_band`,
        from just east of the west fiducial, one quiet zone apart."""
        m, quiet = Patrolis.MAP_CODE_MM, Patrolis.QUIET_MM
        start = Patrolis.CODE_INSET_MM + Patrolis.FIDUCIAL_MM + quiet
        gap = Patrolis.CODE_GAP_MM
        y = -gap - m if self.code_band == "N" else self.height + gap
        boxes = tuple(
            (start + part * (m + quiet), y, m, m)
            for part in range(Patrolis.map_code_parts(self.size))
        )
        room = self.width - Patrolis.CODE_INSET_MM - Patrolis.FIDUCIAL_MM - quiet
        if boxes[-1][0] + m > room:
            raise ValueError(f"the map code does not fit sheet {self.name}'s margin")
        return boxes

    @property
    def band_room(self) -> tuple[float, float]:
        """``(x, width)`` of the code band left free east of the last map-code part (and its
        quiet zone) and west of the east fiducial's quiet zone."""
        quiet = Patrolis.QUIET_MM
        last = self.map_code_boxes[-1]
        x = last[0] + last[2] + quiet
        end = self.width - Patrolis.CODE_INSET_MM - Patrolis.FIDUCIAL_MM - quiet
        return (x, end - x)
