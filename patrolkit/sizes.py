"""Printed sizes shared by the generator (which draws them) and the companion (which reads them).

Every size is in millimetres. A photo alone must be enough to judge a game, so the companion takes
the board's geometry from here, not from a kit file.

Why 0.6 mm modules at the least
-------------------------------
Measured on simulated 12 MP table photos with zxing-cpp, one decoding pass reads about 95 % of
codes at 3.0–3.5 camera pixels per module, 99 % at 3.5–4, 100 % above 4 and almost nothing under 2.
A 12 MP photo of the whole Rôdeurs board (about 190 x 270 mm with its margins) gives roughly
8–12 px/mm depending on tilt, so a 0.6 mm module is seen at 4.8–7.2 px: safely above the 3.5–4 px
knee even at the far edge of a tilted photo, while a V1 code stays small enough (12.6 mm) to leave
room for the pawn's coloured frame on a 21 mm token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from patrolkit.games.patrolis.terrain import code_length
from patrolkit.payload import Corner

MIN_MODULE_MM: Final = 0.6
"""No printed QR module is smaller (see the module docstring)."""

QR_ERROR_CORRECTION: Final = "M"
"""Level M (15 % of codewords recoverable): what the decoding measurements were made with."""


class Rodeurs:
    """The Rôdeurs board and pawn tokens, identical on A4 and Letter."""

    CELL_MM: Final = 25.0
    COLUMNS: Final = 7
    ROWS: Final = 9
    GRID_WIDTH_MM: Final = COLUMNS * CELL_MM
    GRID_HEIGHT_MM: Final = ROWS * CELL_MM

    TOKEN_MM: Final = 21.0
    """Trim size of a pawn token (square)."""
    TOKEN_FRAME_MM: Final = 2.4
    """Width of the pawn's coloured frame, which runs to the trim edge (printed with bleed)."""
    TOKEN_BLEED_MM: Final = 1.5
    TOKEN_MODULE_MM: Final = MIN_MODULE_MM
    TOKEN_QR_VERSION: Final = 1

    FIDUCIAL_MODULE_MM: Final = 0.65
    FIDUCIAL_QR_VERSION: Final = 1
    FIDUCIAL_MM: Final = 21 * FIDUCIAL_MODULE_MM
    """Side of a fiducial's module area (a version-1 code has 21 x 21 modules)."""
    FIDUCIAL_GAP_MM: Final = 7.0
    """Between the grid's edge and the fiducial: quiet zone, column labels, air."""

    @classmethod
    def fiducial_origin(cls, corner: Corner) -> tuple[float, float]:
        """Top-left corner of ``corner``'s fiducial code, in the board frame.

        The board frame has its origin at the grid's top-left corner, x right, y down (mm).
        Fiducials sit above and below the grid, flush with its left and right edges.
        """
        left, right = 0.0, cls.GRID_WIDTH_MM - cls.FIDUCIAL_MM
        top = -cls.FIDUCIAL_GAP_MM - cls.FIDUCIAL_MM
        bottom = cls.GRID_HEIGHT_MM + cls.FIDUCIAL_GAP_MM
        return {
            Corner.NW: (left, top),
            Corner.NE: (right, top),
            Corner.SE: (right, bottom),
            Corner.SW: (left, bottom),
        }[corner]

    @classmethod
    def cell_box(cls, column: int, row: int) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of the cell at ``column`` (0 = a) and ``row`` (0 = row 1)
        in the board frame; row 1 is printed at the bottom."""
        return (column * cls.CELL_MM, (cls.ROWS - 1 - row) * cls.CELL_MM, cls.CELL_MM, cls.CELL_MM)


PAWN_INK: Final = {"R": "#E8552E", "Y": "#F2D024", "G": "#0B5E45"}
"""Pawn frame colours. Hues far apart for the camera (about 13°, 50° and 162°) and luminances far
apart for mono printers and colour-blind players (about 124, 201 and 67 of 255); each token also
carries its colour's letter."""


class TwelvePatrols:
    """The 12 Patrols region cards, dice and cubes, identical on A4 and Letter.

    A region card is a poker-size card. Its *card frame* is millimetres from the top-left corner
    of its trim box, the card upright (its name reads left to right), x right, y down. The card's
    QR code is printed upright in that frame at :meth:`card_qr_box`, the same place on every card
    of every deck: a photo that decodes it knows where the whole card lies.
    """

    CARD_WIDTH_MM: Final = 63.0
    CARD_HEIGHT_MM: Final = 88.0
    CARD_BLEED_MM: Final = 3.0
    """The card's art runs this far past its trim on every side."""
    CARD_MODULE_MM: Final = MIN_MODULE_MM
    CARD_QR_VERSION: Final = 3
    """29 x 29 modules: level M holds 61 alphanumeric characters, room for the deck, the card's
    number and four edges of up to three requirements each (56 characters at most)."""
    CARD_QR_MM: Final = (17 + 4 * CARD_QR_VERSION) * CARD_MODULE_MM
    CARD_QR_QUIET_MODULES: Final = 3.0
    CARD_QR_ORIGIN: Final = ((CARD_WIDTH_MM - CARD_QR_MM) / 2, 53.2)
    """Top-left corner of the card's code in the card frame: centred across the card, below the
    name and the picture."""

    DIE_FACE_MM: Final = 28.0
    """A folded die's edge. Each face holds a version-1 code (12.6 mm) with its quiet zone, and
    below it a band with the die's name (``W1``), the pips and the value as a numeral."""
    DIE_FRAME_MM: Final = 2.2
    """The die's colour, round every face up to the fold lines."""
    CUBE_FACE_MM: Final = 22.0
    """A folded cube's edge: smaller than a die, so the two kinds differ at a glance."""
    CUBE_FRAME_MM: Final = 2.6
    """The cube's colour round every face, wide enough to carry the cube's name (``W1``)."""
    ITEM_MODULE_MM: Final = MIN_MODULE_MM
    ITEM_QR_VERSION: Final = 1
    ITEM_QUIET_MODULES: Final = 2.5
    """At least this much light quiet zone round a die's or a cube's code."""
    TOKEN_BLEED_MM: Final = 1.5
    """Flat item tokens (the no-fold option) print their colour frame this far past the trim."""

    @classmethod
    def card_qr_box(cls) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of the card's QR modules (quiet zone excluded), card frame."""
        x, y = cls.CARD_QR_ORIGIN
        return (x, y, cls.CARD_QR_MM, cls.CARD_QR_MM)

    @classmethod
    def card_outline(cls) -> tuple[tuple[float, float], ...]:
        """The card's trim corners (top-left, top-right, bottom-right, bottom-left) in the frame of
        its QR code: millimetres from the code's top-left module corner, x along the code's first
        row, y down its first column. What a reader that has found the code needs to outline the
        card."""
        x, y = cls.CARD_QR_ORIGIN
        w, h = cls.CARD_WIDTH_MM, cls.CARD_HEIGHT_MM
        return ((-x, -y), (w - x, -y), (w - x, h - y), (-x, h - y))


ITEM_INK: Final = {"W": "#FFFFFF", "Y": "#F2C230", "B": "#1F4FA0"}
"""Die and cube colours. White items are outlined in ink; yellow and blue are far apart in
luminance (about 192 and 74 of 255) and every face also carries its colour's letter."""


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
      too close). The code is 14.7 mm, leaving 2.65 mm of light quiet zone round it on the tile.
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
    TILE_QUIET_MODULES: Final = 2.5
    """At least this much quiet zone round a tile's code (more on A4: 2.65 mm, 3.8 modules). It
    is paper, or the light tint of the tile's line; only the tile's corner without a finder
    pattern (south-east, code upright) carries the owner's number."""
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
        return -(-code_length(size) // cls.MAP_CODE_CHUNK)

    @classmethod
    def tile_qr_box(cls, cell_mm: float) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of a step tile's code in the tile frame (mm from the tile's
        top-left corner with its code upright): centred on the tile."""
        side = (17 + 4 * cls.TOKEN_QR_VERSION) * cls.TILE_MODULE_MM[cell_mm]
        offset = (cell_mm - side) / 2
        return (offset, offset, side, side)

    @classmethod
    def objective_qr_box(cls, cell_mm: float) -> tuple[float, float, float, float]:
        """The same for an objective token (also a cell's size)."""
        side = (17 + 4 * cls.TOKEN_QR_VERSION) * cls.OBJECTIVE_MODULE_MM[cell_mm]
        offset = (cell_mm - side) / 2
        return (offset, offset, side, side)


@dataclass(frozen=True)
class PatrolisSheet:
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
    def width(self) -> float:
        return self.cells[1] * self.cell_mm

    @property
    def height(self) -> float:
        return self.cells[3] * self.cell_mm

    @property
    def name(self) -> str:
        """``NW``, ``NE``, ``SW`` or ``SE`` on a 2 x 2 board; ``whole`` for a single sheet."""
        if self.per_side == 1:
            return "whole"
        return ("S" if self.row == 1 else "N") + ("W" if self.column == 1 else "E")

    @property
    def outer(self) -> frozenset[str]:
        """The edges (``N``, ``E``, ``S``, ``W``) on the assembled board's rim."""
        n = self.per_side
        edges = {
            "N": self.row == n,
            "S": self.row == 1,
            "W": self.column == 1,
            "E": self.column == n,
        }
        return frozenset(edge for edge, out in edges.items() if out)

    @property
    def glued(self) -> frozenset[str]:
        """The edges carrying a glue strip that the neighbour there covers (east and south)."""
        n = self.per_side
        return frozenset(edge for edge, has in (("E", self.column < n), ("S", self.row > 1)) if has)

    @property
    def lapping(self) -> frozenset[str]:
        """The edges cut exactly on the grid line and laid over the neighbour (west and north)."""
        n = self.per_side
        return frozenset(edge for edge, has in (("W", self.column > 1), ("N", self.row < n)) if has)

    def cell_box(self, column: int, row: int) -> tuple[float, float, float, float]:
        """The box of the map's cell at ``column`` (0 = ``A``) and ``row`` (0 = row ``1``), which
        this sheet must hold."""
        first_column, columns, first_row, rows = self.cells
        if not (first_column <= column < first_column + columns):
            raise ValueError(f"column {column} is not on sheet {self.name}")
        if not (first_row <= row < first_row + rows):
            raise ValueError(f"row {row} is not on sheet {self.name}")
        c = self.cell_mm
        return ((column - first_column) * c, (first_row + rows - 1 - row) * c, c, c)

    def fiducial_box(self, corner: Corner) -> tuple[float, float, float, float] | None:
        """Where the fiducial near ``corner`` of the sheet's grid is, or ``None`` if that corner
        is inside the assembled board (it has none).

        In the north (south) margin if that edge is on the rim, inset along the edge from the
        corner; otherwise in the west (east) margin.
        """
        f, gap, inset = Patrolis.FIDUCIAL_MM, Patrolis.CODE_GAP_MM, Patrolis.CODE_INSET_MM
        north_south, west_east = corner.value[0], corner.value[1]
        w, h = self.width, self.height
        if north_south in self.outer:
            x = inset if west_east == "W" else w - inset - f
            y = -gap - f if north_south == "N" else h + gap
            return (x, y, f, f)
        if west_east in self.outer:
            x = -gap - f if west_east == "W" else w + gap
            y = inset if north_south == "N" else h - inset - f
            return (x, y, f, f)
        return None

    @property
    def fiducials(self) -> tuple[tuple[Corner, tuple[float, float, float, float]], ...]:
        """``(corner, box)`` of every fiducial of the sheet, in the order NW, NE, SE, SW."""
        found = []
        for corner in Corner:
            box = self.fiducial_box(corner)
            if box is not None:
                found.append((corner, box))
        return tuple(found)

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
