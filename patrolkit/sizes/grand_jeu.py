"""Le grand jeu des patrouilles: the board over one or four sheets, the prisons beside it, the
octagonal scouts and the foulard tokens, in millimetres."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from patrolkit.sizes.lapped import Box, Extent, LappedSheet


class GrandJeu:
    """The grand jeu board, prisons and scouts.

    Why these sizes
    ---------------
    * **The scout** is a regular octagon 29 mm across its flats. A regular octagon turned by 45°
      is the same octagon, so in each of the 8 directions its flats lie along the cell's sides:
      in a 32 mm cell it keeps 1.5 mm of clearance on every side whichever way it faces.
    * **The scout's code** is a version-1 code (its payload is 18 characters) with 0.6 mm
      modules, the smallest the project prints: 12.6 mm, centred, with a light zone of 1.5
      modules. The code is upright with its top where the blue arrow points, so the code's own
      orientation, which a reader measures to a few degrees, gives the scout's direction in 45°
      steps. Round it, a white band 5 mm wide holds the big blue arrow (ahead), the red arrows
      (one arrowhead on each of the eight flats the kit's set names), the patrol's letter and
      number, its emblem and, on one scout per patrol, the star; every mark is at least 2.2 mm
      inside the cut. The patrol's colour is a rim along the cut, 2 mm wide inside it.
    * **Cells: 32 mm** on every paper. A photo of the 10 x 10 board with its prisons (about
      470 mm across the corner codes and prisons) at 4000 px gives 8.5 px/mm, so a scout's 0.6
      mm module is seen at 5 px, above the 4 px at which every code reads. Four 32 mm cells (8 x
      8) or five (10 x 10), the corner codes and a glue strip fit the 198 mm printable width of
      A4 and Letter: the boards are two by two lapped sheets. On A3 the 8 x 8 board (256 mm) fits
      one sheet with its two prisons; the 10 x 10 board (320 mm) does not, and is lapped there
      too.
    * **Fiducials:** version 2 (the payload is 27 characters) with 0.7 mm modules, in the outer
      margins only, one near every corner of a sheet's grid that lies on the board's rim.
    * **Prisons:** a block of one slot per scout of the patrol, each slot a cell, beside the
      board on the sheet that holds it (:meth:`prisons`): between the corner codes if it fits
      there, else beyond them. A photo of the board shows the prisoners; the fiducials' payloads
      alone give where every prison is.

    Frames
    ------
    A sheet's *cell frame* is mm from the top-left corner of the cells it holds, x east, y south
    (down the printed sheet); the last row (North's first row) is at the top, column ``a`` at the
    left. A scout's *token frame* is mm from its centre, x to the right and y down with the blue
    arrow pointing up (towards negative y).
    """

    CELL_MM: Final = 32.0
    SIDES: Final = {2: 8, 3: 10, 4: 10}
    """The board's side for 2, 3 and 4 patrols."""

    SCOUT_FLATS_MM: Final = 29.0
    """Across the octagon's flats."""
    SCOUT_APOTHEM_MM: Final = SCOUT_FLATS_MM / 2
    SCOUT_RIM_MM: Final = 2.0
    """The patrol's colour along the cut, inside it (it also runs 0.5 mm past it, a bleed)."""
    SCOUT_BLEED_MM: Final = 0.5
    MARK_INSET_MM: Final = 2.2
    """No meaningful mark of a scout lies closer than this to its cut."""
    SCOUT_MODULE_MM: Final = 0.6
    SCOUT_QR_VERSION: Final = 1
    SCOUT_CODE_MM: Final = (17 + 4 * SCOUT_QR_VERSION) * SCOUT_MODULE_MM
    SCOUT_QUIET_MODULES: Final = 1.5
    SCOUT_GAP_MM: Final = 3.0
    """Between two scouts on their sheet."""
    FOULARD_MM: Final = 29.0
    """A foulard token's diameter."""

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
    PRISON_CLEAR_MM: Final = 3.0
    """Between a prison and a corner code's light zone."""
    PRISON_LABEL_MM: Final = 6.0
    """The line naming a prison, on its outer side."""
    FAR_ROW_BAND_MM: Final = 2.6
    """The band of a patrol's colour along the outer edge of each cell of its far row."""

    PATROL_INK: Final = {"S": "#1A1A1A", "W": "#009E73", "N": "#E69F00", "E": "#F0E442"}
    """Black, bluish green, orange and yellow (from Okabe and Ito's palette for colour-blind
    readers): grey levels about 26, 106, 162 and 213, so they differ in print without colour too,
    and none is the blue or the red of the arrows. Each patrol also has its letter and an emblem
    (:data:`PATROL_EMBLEM`)."""
    PATROL_TINT: Final = {"S": "#D9D9D9", "W": "#CCEBE3", "N": "#FAEBCC", "E": "#FCF9D9"}
    """Each patrol's second row on the board, light enough to keep the grid plain."""
    PATROL_EMBLEM: Final = {"S": "disc", "W": "triangle", "N": "square", "E": "diamond"}
    BLUE_ARROW_INK: Final = "#1F5FB0"
    RED_ARROW_INK: Final = "#D0202E"

    STARRED_SCOUT: Final = 1
    """The scout of each patrol printed with the star of the "culs de pat'" variant."""

    @classmethod
    def side(cls, players: int) -> int:
        return cls.SIDES[players]

    @classmethod
    def patrol_size(cls, players: int) -> int:
        return 8 if players == 2 else 6

    @classmethod
    def sheets_per_side(cls, paper: str, size: int) -> int:
        """One A3 sheet for the 8 x 8 board; two by two sheets otherwise."""
        return 1 if paper.lower() == "a3" and size == 8 else 2

    @classmethod
    def sheets(cls, paper: str, players: int) -> tuple[GrandJeuSheet, ...]:
        """Every sheet of the board, in print order: north row first, west to east."""
        size = cls.side(players)
        n = cls.sheets_per_side(paper, size)
        return tuple(
            GrandJeuSheet(cls.CELL_MM, column, row, size, n, players)
            for row in range(n, 0, -1)
            for column in range(1, n + 1)
        )

    @classmethod
    def scout_octagon(cls, apothem: float | None = None) -> tuple[tuple[float, float], ...]:
        """The octagon's corners in the token frame (flats facing the 8 directions), clockwise
        from the top flat's right end."""
        a = cls.SCOUT_APOTHEM_MM if apothem is None else apothem
        half = a * math.tan(math.pi / 8)
        return (
            (half, -a),
            (a, -half),
            (a, half),
            (half, a),
            (-half, a),
            (-a, half),
            (-a, -half),
            (-half, -a),
        )


@dataclass(frozen=True)
class Prison:
    """One patrol's prison on a board sheet: its patrol letter, the block's box in the sheet's
    cell frame and its slots (``rows`` x ``columns`` cells, the last row may be short)."""

    patrol: str
    box: Box
    rows: int
    columns: int
    slots: tuple[Box, ...]


PRISON_SHEET: Final = {
    2: {"S": (2, 1, "S"), "W": (1, 1, "S"), "N": (1, 2, "N"), "E": (2, 2, "N")},
    1: {"S": (1, 1, "S"), "N": (1, 1, "N")},
}
"""Where each patrol's prison goes: ``(sheet column, sheet row, margin)``. On two by two sheets,
South's is beside the south-east sheet, West's the south-west, North's the north-west and East's
the north-east; on one sheet, South's below the board and North's above it."""
PATROL_ORDER: Final = ("S", "W", "N", "E")
SEATS: Final = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


@dataclass(frozen=True)
class GrandJeuSheet(LappedSheet):
    """One sheet of the board: sheet ``column`` (1 = west) and ``row`` (1 = south) of a ``size``
    x ``size`` board printed with ``cell_mm`` cells over ``per_side`` sheets a side, for
    ``players`` patrols; boxes in the sheet's cell frame (see
    :class:`~patrolkit.sizes.lapped.LappedSheet`)."""

    cell_mm: float
    column: int
    row: int
    size: int
    sides: int
    players: int

    @property
    def per_side(self) -> int:
        return self.sides

    @property
    def cells(self) -> tuple[int, int, int, int]:
        """``(first column, columns, first row, rows)``: column 0 is ``a``, row 0 is row ``1``."""
        span = self.size // self.per_side
        return ((self.column - 1) * span, span, (self.row - 1) * span, span)

    @property
    def board_origin(self) -> tuple[float, float]:
        """Where this sheet's cell frame starts in the assembled board's frame (mm from the
        top-left corner of the board's top-left cell, x east, y south)."""
        first_column, _, first_row, rows = self.cells
        return (first_column * self.cell_mm, (self.size - first_row - rows) * self.cell_mm)

    @property
    def fiducial_mm(self) -> tuple[float, float, float]:
        return (GrandJeu.FIDUCIAL_MM, GrandJeu.CODE_GAP_MM, GrandJeu.CODE_INSET_MM)

    def printed_extent(self, quiet_mm: float, label_mm: float) -> Extent:
        """The corner codes' extent, run past each prison and the line naming it."""
        left, top, right, bottom = self.codes_extent(quiet_mm, label_mm)
        for prison in self.prisons:
            _x, y, _w, h = prison.box
            top = min(top, y - GrandJeu.PRISON_LABEL_MM)
            bottom = max(bottom, y + h + GrandJeu.PRISON_LABEL_MM)
        return (left, top, right, bottom)

    @property
    def prisons(self) -> tuple[Prison, ...]:
        """The prisons printed beside this sheet's grid."""
        found = []
        for patrol in SEATS[self.players]:
            column, row, margin = PRISON_SHEET[self.per_side][patrol]
            if (column, row) == (self.column, self.row):
                found.append(self._prison(patrol, margin))
        return tuple(found)

    def _prison(self, patrol: str, margin: str) -> Prison:
        """The block of slots in ``margin`` (``N`` or ``S``), centred along the sheet's edge:
        of the shapes whose width fits the sheet, the one that reaches least far from the grid,
        starting just past the labels when it fits between the corner codes, else past them."""
        c, count = self.cell_mm, GrandJeu.patrol_size(self.players)
        code_end = GrandJeu.CODE_INSET_MM + GrandJeu.FIDUCIAL_MM + GrandJeu.QUIET_MM
        between = self.width - 2 * (code_end + GrandJeu.PRISON_CLEAR_MM)
        beyond = GrandJeu.CODE_GAP_MM + GrandJeu.FIDUCIAL_MM + GrandJeu.QUIET_MM
        beyond += GrandJeu.PRISON_CLEAR_MM
        best: tuple[float, int, int, float] | None = None
        for rows in range(1, count + 1):
            columns = -(-count // rows)
            width = columns * c
            if width > self.width:
                continue
            start = GrandJeu.CODE_GAP_MM if width <= between else beyond
            reach = start + rows * c
            if best is None or reach < best[0]:
                best = (reach, rows, columns, start)
        if best is None:
            raise ValueError(f"no room for a prison of {count} beside sheet {self.name}")
        _, rows, columns, start = best
        width, depth = columns * c, rows * c
        x0 = (self.width - width) / 2
        # Along an edge cut inside the board (the neighbour's side), keep the prison clear of the
        # cut; the outer side runs on to the paper's edge, so the block may lean out there.
        inset = GrandJeu.PRISON_CLEAR_MM
        if "E" not in self.outer:
            x0 = min(x0, self.width - inset - width)
        if "W" not in self.outer:
            x0 = max(x0, inset)
        y0 = -start - depth if margin == "N" else self.height + start
        slots = []
        for index in range(count):
            r, k = divmod(index, columns)
            slots.append((x0 + k * c, y0 + r * c, c, c))
        return Prison(patrol, (x0, y0, width, depth), rows, columns, tuple(slots))
