"""Patrolis grid: map sizes, cells and their names, cell edges, terrain classes and kinds, and the
points lines are drawn through.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

Vocabulary
----------
* A map is a square grid of ``size`` x ``size`` cells, 8 to 24 (16 by default). Columns are
  lettered ``A``, ``B``, … from west to east, rows numbered ``1``, ``2``, … from south to north
  (row ``1`` at the bottom of the printed sheet). A *cell* is the index ``row * size + column``
  and is named by its column letter and row number, like ``C7``.
* Every cell has one terrain class (:class:`Terrain`, the colour that dominates it): water
  (blue), mountain (brown), countryside (green) or road (yellow). A generated map also knows each
  cell's :class:`Kind` — sea, lake or river for water; road, bridge or town for road.
* A cell's edges are north, east, south and west (:class:`Edge`).
* Lines are drawn through *points* in half-cell units from the south-west corner of the board
  (``x`` eastwards, ``y`` northwards): the midpoint of an edge, or a cell's centre.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from patrolkit.errors import LayoutError, NotationError
from patrolkit.i18n import N_, _

MIN_SIZE = 8
MAX_SIZE = 24
DEFAULT_SIZE = 16
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
"""Column letters, west to east (as many as the largest map has columns)."""


class Terrain(Enum):
    """A cell's terrain class; its value is its letter in a map drawing."""

    WATER = "w"
    MOUNTAIN = "m"
    COUNTRYSIDE = "c"
    ROAD = "r"

    __hash__ = object.__hash__  # members are singletons: identity hashing is exact, and fast

    @property
    def limit(self) -> int:
        """The most steps a turn on this class may lay."""
        return _LIMITS[self]

    @property
    def colour(self) -> str:
        """The colour the class is printed in."""
        return _COLOURS[self]

    @property
    def label(self) -> str:
        """The class in words, as sentences use it: ``"water"``, ``"road"``…"""
        return self.name.lower()

    @property
    def word(self) -> str:
        """The class in words in the language in force (``label`` is its neutral name)."""
        return _(_TERRAIN_WORDS[self])


_TERRAIN_WORDS = {
    Terrain.WATER: N_("water"),
    Terrain.MOUNTAIN: N_("mountain"),
    Terrain.COUNTRYSIDE: N_("countryside"),
    Terrain.ROAD: N_("road"),
}
_LIMITS = {Terrain.WATER: 1, Terrain.MOUNTAIN: 2, Terrain.COUNTRYSIDE: 3, Terrain.ROAD: 5}
_COLOURS = {
    Terrain.WATER: "blue",
    Terrain.MOUNTAIN: "brown",
    Terrain.COUNTRYSIDE: "green",
    Terrain.ROAD: "yellow",
}


class Kind(Enum):
    """What a cell shows on the printed map; its value is its letter in a map's JSON."""

    SEA = "s"
    LAKE = "l"
    RIVER = "v"
    MOUNTAIN = "m"
    COUNTRYSIDE = "c"
    ROAD = "r"
    BRIDGE = "b"
    TOWN = "t"

    __hash__ = object.__hash__

    @property
    def terrain(self) -> Terrain:
        """The terrain class of a cell of this kind."""
        return _KIND_TERRAIN[self]


_KIND_TERRAIN = {
    Kind.SEA: Terrain.WATER,
    Kind.LAKE: Terrain.WATER,
    Kind.RIVER: Terrain.WATER,
    Kind.MOUNTAIN: Terrain.MOUNTAIN,
    Kind.COUNTRYSIDE: Terrain.COUNTRYSIDE,
    Kind.ROAD: Terrain.ROAD,
    Kind.BRIDGE: Terrain.ROAD,
    Kind.TOWN: Terrain.ROAD,
}


class Edge(Enum):
    """An edge of a cell, named by the direction it faces (north = up the printed sheet)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    __hash__ = object.__hash__

    @property
    def opposite(self) -> Edge:
        return _OPPOSITE[self]

    @property
    def offset(self) -> tuple[int, int]:
        """Column and row steps towards the neighbour across this edge."""
        return _OFFSETS[self]

    @property
    def word(self) -> str:
        """``"north"``, ``"east"``, ``"south"`` or ``"west"``."""
        return _(_WORDS[self])


_OPPOSITE = {Edge.N: Edge.S, Edge.E: Edge.W, Edge.S: Edge.N, Edge.W: Edge.E}
_OFFSETS = {Edge.N: (0, 1), Edge.E: (1, 0), Edge.S: (0, -1), Edge.W: (-1, 0)}
_WORDS = {Edge.N: N_("north"), Edge.E: N_("east"), Edge.S: N_("south"), Edge.W: N_("west")}
EDGES = (Edge.N, Edge.E, Edge.S, Edge.W)

Point = tuple[int, int]
"""A point of a drawn line, in half-cell units from the board's south-west corner."""
Polyline = tuple[Point, ...]


def check_size(size: object) -> int:
    """``size`` if it is a map size; otherwise raise :class:`LayoutError`."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise LayoutError(
            _("A map size is a whole number of cells, not {size}.").format(size=repr(size))
        )
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise LayoutError(
            _("A map is {least} to {most} cells on a side; {size} is not possible.").format(
                least=MIN_SIZE, most=MAX_SIZE, size=size
            )
        )
    return size


def cell_name(size: int, cell: int) -> str:
    """The name of ``cell`` on a ``size`` map: ``0`` -> ``'A1'``, column letter and row number."""
    return f"{LETTERS[cell % size]}{cell // size + 1}"


def parse_cell(size: int, name: str) -> int:
    """The cell named ``name`` (either case) on a ``size`` map; raises :class:`NotationError`."""
    text = name.strip().upper()
    if (
        len(text) < 2
        or text[0] not in LETTERS[:size]
        or not text[1:].isdigit()
        or not 1 <= int(text[1:]) <= size
    ):
        raise NotationError(
            _("'{name}' is not a cell of this map (A1 to {last}).").format(
                name=name, last=f"{LETTERS[size - 1]}{size}"
            )
        )
    return (int(text[1:]) - 1) * size + LETTERS.index(text[0])


@cache
def neighbour_table(size: int) -> tuple[tuple[int, int, int, int], ...]:
    """For each cell of a ``size`` map, its neighbours across N, E, S and W (-1: off the board)."""
    table = []
    for cell in range(size * size):
        column, row = cell % size, cell // size
        around = []
        for edge in EDGES:
            dc, dr = edge.offset
            c, r = column + dc, row + dr
            around.append(r * size + c if 0 <= c < size and 0 <= r < size else -1)
        table.append((around[0], around[1], around[2], around[3]))
    return tuple(table)


def edge_point(size: int, cell: int, edge: Edge) -> Point:
    """The midpoint of ``edge`` of ``cell``, in half-cell units."""
    column, row = cell % size, cell // size
    dc, dr = edge.offset
    return (2 * column + 1 + dc, 2 * row + 1 + dr)


def centre_point(size: int, cell: int) -> Point:
    """The centre of ``cell``, in half-cell units."""
    return (2 * (cell % size) + 1, 2 * (cell // size) + 1)


def point_cells(size: int, point: Point) -> tuple[int, ...]:
    """The cells ``point`` lies on: one for a centre, one or two for an edge midpoint."""
    x, y = point
    limit = 2 * size
    if not (0 <= x <= limit and 0 <= y <= limit):
        return ()
    if x % 2 and y % 2:
        return ((y // 2) * size + x // 2,)
    if x % 2 == y % 2:
        return ()  # a cell corner
    if x % 2 == 0:  # on a vertical edge
        row = y // 2
        return tuple(row * size + c for c in (x // 2 - 1, x // 2) if 0 <= c < size)
    column = x // 2
    return tuple(r * size + column for r in (y // 2 - 1, y // 2) if 0 <= r < size)
