"""One sheet of a board printed across lapped sheets (a Patrolis map, a Stratego board).

Sheets are numbered by ``column`` (1 = west) and ``row`` (1 = south) among ``per_side`` a side;
each holds a block of cells of ``cell_mm``. The east and south edges carry a glue strip that the
neighbour there covers; the west and north edges are cut on the grid line and laid over it. Boxes
are ``(x, y, width, height)`` in mm in the sheet's cell frame (x east, y south, from the top-left
corner of its top-left cell). The sheet's corner codes (fiducials) sit in its margins, only at
the corners on the assembled board's rim.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from patrolkit.payload import Corner

Box = tuple[float, float, float, float]
Extent = tuple[float, float, float, float]
"""How far a sheet's print reaches round its cells: left, top, right, bottom (cell frame mm)."""


class LappedSheet(ABC):
    """What every sheet of a lapped board shares; a game's sheet says which cells it holds and
    how its corner codes are sized."""

    column: int
    row: int
    cell_mm: float

    @property
    @abstractmethod
    def per_side(self) -> int:
        """Sheets a side of the assembled board."""

    @property
    @abstractmethod
    def cells(self) -> tuple[int, int, int, int]:
        """``(first column, columns, first row, rows)`` of the board's cells on this sheet."""

    @property
    @abstractmethod
    def fiducial_mm(self) -> tuple[float, float, float]:
        """A corner code's side, its gap from the grid, and its inset along the edge (mm)."""

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

    def cell_box(self, column: int, row: int) -> Box:
        """The box of the board's cell at ``column`` (0 = the west column) and ``row`` (0 = row
        ``1``), which this sheet must hold."""
        first_column, columns, first_row, rows = self.cells
        if not (first_column <= column < first_column + columns):
            raise ValueError(f"column {column} is not on sheet {self.name}")
        if not (first_row <= row < first_row + rows):
            raise ValueError(f"row {row} is not on sheet {self.name}")
        c = self.cell_mm
        return ((column - first_column) * c, (first_row + rows - 1 - row) * c, c, c)

    def fiducial_box(self, corner: Corner) -> Box | None:
        """Where the fiducial near ``corner`` of the sheet's grid is, or ``None`` if that corner
        is inside the assembled board (it has none).

        In the north (south) margin if that edge is on the rim, inset along the edge from the
        corner; otherwise in the west (east) margin.
        """
        f, gap, inset = self.fiducial_mm
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
    def fiducials(self) -> tuple[tuple[Corner, Box], ...]:
        """``(corner, box)`` of every fiducial of the sheet, in the order NW, NE, SE, SW."""
        found = []
        for corner in Corner:
            box = self.fiducial_box(corner)
            if box is not None:
                found.append((corner, box))
        return tuple(found)

    def codes_extent(self, quiet_mm: float, label_mm: float) -> Extent:
        """The cells, the labels' margins (``label_mm`` wide, west and south) and the corner
        codes with their light zones (``quiet_mm``): what is printed, before a lapping edge is
        cut to its grid line; on the assembled board's rim, the paper's edge."""
        boxes = [box for _corner, box in self.fiducials]
        left = min([-label_mm] + [x - quiet_mm for x, _y, _w, _h in boxes])
        top = min([0.0] + [y - quiet_mm for _x, y, _w, _h in boxes])
        right = max([self.width] + [x + w + quiet_mm for x, _y, w, _h in boxes])
        bottom = max([self.height + label_mm] + [y + h + quiet_mm for _x, y, _w, h in boxes])
        return (left, top, right, bottom)

    def printed_extent(self, quiet_mm: float, label_mm: float) -> Extent:
        """Everything printed for the sheet (as :meth:`codes_extent`), before a lapping edge is
        cut to its grid line; a game that prints more in a margin runs it past that."""
        return self.codes_extent(quiet_mm, label_mm)
