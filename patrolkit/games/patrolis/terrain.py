"""Patrolis maps: the grid, each cell's terrain, the rivers and roads drawn on it, and their codes.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

Vocabulary
----------
* A map is a square grid of ``size`` x ``size`` cells, 8 to 24 (16 by default). Columns are
  lettered ``A``, ``B``, … from west to east, rows numbered ``1``, ``2``, … from south to north
  (row ``1`` at the bottom of the printed sheet). A *cell* is the index ``row * size + column``
  and is named by its column letter and row number, like ``C7``.
* Every cell has one terrain class (:class:`Terrain`, the colour that dominates it): water
  (blue), mountain (brown), countryside (green) or road (yellow). A generated map also knows each
  cell's :class:`Kind` — sea, lake or river for water; road, bridge or town for road — and the
  lines of its rivers and roads, which the printed sheet draws across the cells.
* A cell's edges are north, east, south and west (:class:`Edge`).
* Lines are drawn through *points* in half-cell units from the south-west corner of the board
  (``x`` eastwards, ``y`` northwards): the midpoint of an edge, or a cell's centre. Two points in
  a row lie on the same cell; a centre is only ever a line's first or last point (a road ending in
  a town or at a junction, a river ending where it joins another).

Codes
-----
:attr:`Map.code` holds the terrain classes (what the rules need) in base 36: one character for
the size, then the classes at two bits a cell. :attr:`Map.digest` is a six-character hash of the
code, short enough to print on every sheet of a kit.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from typing import Any

from patrolkit.errors import LayoutError, NotationError

MIN_SIZE = 8
MAX_SIZE = 24
DEFAULT_SIZE = 16
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
"""Column letters, west to east (as many as the largest map has columns)."""
BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGEST_LENGTH = 6


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


_LIMITS = {Terrain.WATER: 1, Terrain.MOUNTAIN: 2, Terrain.COUNTRYSIDE: 3, Terrain.ROAD: 5}
_COLOURS = {
    Terrain.WATER: "blue",
    Terrain.MOUNTAIN: "brown",
    Terrain.COUNTRYSIDE: "green",
    Terrain.ROAD: "yellow",
}
_CLASS_ORDER = (Terrain.WATER, Terrain.MOUNTAIN, Terrain.COUNTRYSIDE, Terrain.ROAD)
"""The two-bit value of each class in a map code is its position here."""


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
_RIVER_KINDS = frozenset({Kind.RIVER, Kind.BRIDGE})
_ROAD_KINDS = frozenset({Kind.ROAD, Kind.BRIDGE, Kind.TOWN})


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
        return _WORDS[self]


_OPPOSITE = {Edge.N: Edge.S, Edge.E: Edge.W, Edge.S: Edge.N, Edge.W: Edge.E}
_OFFSETS = {Edge.N: (0, 1), Edge.E: (1, 0), Edge.S: (0, -1), Edge.W: (-1, 0)}
_WORDS = {Edge.N: "north", Edge.E: "east", Edge.S: "south", Edge.W: "west"}
EDGES = (Edge.N, Edge.E, Edge.S, Edge.W)

Point = tuple[int, int]
"""A point of a drawn line, in half-cell units from the board's south-west corner."""
Polyline = tuple[Point, ...]


def check_size(size: object) -> int:
    """``size`` if it is a map size; otherwise raise :class:`LayoutError`."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise LayoutError(f"A map size is a whole number of cells, not {size!r}.")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise LayoutError(
            f"A map is {MIN_SIZE} to {MAX_SIZE} cells on a side; {size} is not possible."
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
            f"'{name}' is not a cell of this map (A1 to {LETTERS[size - 1]}{size})."
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


def code_length(size: int) -> int:
    """Characters in the code of a ``size`` map: the size character and the class digits."""
    return 1 + math.ceil(2 * size * size / math.log2(36))


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


@dataclass(frozen=True)
class Map:
    """A Patrolis map: its size, each cell's terrain class, and (when known) what is drawn.

    ``kinds`` gives each cell's :class:`Kind`; it is empty for a map known only by its classes
    (read from a code or a drawing). ``rivers`` and ``roads`` are the drawn lines, each a
    sequence of points (see the module notes); ``seed`` is the generator's seed, if any.
    Construction checks that all of it fits together and raises :class:`LayoutError` if not.
    """

    size: int
    terrain: tuple[Terrain, ...]
    kinds: tuple[Kind, ...] = ()
    rivers: tuple[Polyline, ...] = ()
    roads: tuple[Polyline, ...] = ()
    seed: int | None = None

    def __post_init__(self) -> None:
        for name in ("terrain", "kinds"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        for name in ("rivers", "roads"):
            lines = tuple(tuple((int(x), int(y)) for x, y in line) for line in getattr(self, name))
            object.__setattr__(self, name, lines)
        size = check_size(self.size)
        cells = size * size
        if len(self.terrain) != cells or not all(isinstance(t, Terrain) for t in self.terrain):
            raise LayoutError(
                f"A {size} x {size} map has {cells} cells, each of one terrain class."
            )
        if self.kinds:
            if len(self.kinds) != cells or not all(isinstance(k, Kind) for k in self.kinds):
                raise LayoutError(f"A {size} x {size} map has {cells} cells, each of one kind.")
            for cell, (kind, terrain) in enumerate(zip(self.kinds, self.terrain, strict=True)):
                if kind.terrain is not terrain:
                    raise LayoutError(
                        f"Cell {self.name(cell)} is {kind.name.lower()}, which is"
                        f" {kind.terrain.label}, not {terrain.label}."
                    )
        elif self.rivers or self.roads:
            raise LayoutError("A map with rivers or roads drawn on it names the kind of each cell.")
        for what, crossed_lines, allowed in (
            ("river", self.river_cells, _RIVER_KINDS),
            ("road", self.road_cells, _ROAD_KINDS),
        ):
            for crossed in crossed_lines:
                for cell in crossed:
                    if self.kinds[cell] not in allowed:
                        raise LayoutError(
                            f"A {what} is drawn across {self.name(cell)}, which is"
                            f" {self.kinds[cell].name.lower()}."
                        )

    # -- cells and their names ---------------------------------------------------------------

    @property
    def cells(self) -> range:
        return range(self.size * self.size)

    def cell(self, column: int, row: int) -> int:
        """The cell at ``column`` (0 = ``A``) and ``row`` (0 = row ``1``)."""
        if not (0 <= column < self.size and 0 <= row < self.size):
            raise ValueError(f"no cell at column {column}, row {row}")
        return row * self.size + column

    def column(self, cell: int) -> int:
        return cell % self.size

    def row(self, cell: int) -> int:
        return cell // self.size

    def name(self, cell: int) -> str:
        """``0`` -> ``'A1'``; the cell's column letter and row number."""
        return cell_name(self.size, cell)

    def parse(self, name: str) -> int:
        """``'C7'`` -> its cell (either case); raises :class:`NotationError` for anything else."""
        return parse_cell(self.size, name)

    def neighbour(self, cell: int, edge: Edge) -> int | None:
        """The cell across ``edge`` of ``cell``, or ``None`` off the board."""
        found = neighbour_table(self.size)[cell][_EDGE_INDEX[edge]]
        return None if found < 0 else found

    def border_edges(self, cell: int) -> tuple[Edge, ...]:
        """The edges of ``cell`` on the board's outer border (none for an inner cell)."""
        around = neighbour_table(self.size)[cell]
        return tuple(edge for edge, other in zip(EDGES, around, strict=True) if other < 0)

    def on_border(self, cell: int) -> bool:
        return min(neighbour_table(self.size)[cell]) < 0

    def class_of(self, cell: int) -> Terrain:
        return self.terrain[cell]

    def kind_of(self, cell: int) -> Kind | None:
        """The cell's kind, or ``None`` when the map knows only its classes."""
        return self.kinds[cell] if self.kinds else None

    def shares(self) -> dict[Terrain, float]:
        """Each class's share of the cells, 0 to 1."""
        cells = len(self.terrain)
        return {t: sum(c is t for c in self.terrain) / cells for t in Terrain}

    # -- lines ---------------------------------------------------------------------------------

    def line_cells(self, line: Sequence[Point]) -> tuple[int, ...]:
        """The cells a drawn line crosses, in order; raises :class:`LayoutError` if it is broken.

        A line has at least two points; each lies on an edge midpoint or (first or last only) a
        cell centre; and each two points in a row lie on one cell, which the line crosses.
        """
        if len(line) < 2:
            raise LayoutError("A river or road is drawn through at least two points.")
        crossed = []
        for index, (first, second) in enumerate(itertools.pairwise(line)):
            a, b = point_cells(self.size, first), point_cells(self.size, second)
            for point, at in ((first, a), (second, b)):
                if not at:
                    raise LayoutError(f"{point} is not an edge midpoint or a cell centre.")
            for point, position in ((first, index), (second, index + 1)):
                if point[0] % 2 and point[1] % 2 and 0 < position < len(line) - 1:
                    raise LayoutError(f"A line passes through the centre {point}, not only ends.")
            shared = set(a) & set(b)
            if first == second or len(shared) != 1:
                raise LayoutError(f"The line from {first} to {second} does not cross one cell.")
            crossed.append(shared.pop())
        return tuple(crossed)

    @cached_property
    def river_cells(self) -> tuple[tuple[int, ...], ...]:
        """For each river, the cells it crosses, in order."""
        return tuple(self.line_cells(line) for line in self.rivers)

    @cached_property
    def road_cells(self) -> tuple[tuple[int, ...], ...]:
        """For each road, the cells it crosses, in order."""
        return tuple(self.line_cells(line) for line in self.roads)

    # -- codes and text ------------------------------------------------------------------------

    @cached_property
    def code(self) -> str:
        """The size (one base-36 digit) and the classes at two bits a cell, in base 36.

        Cell ``A1`` is bits 0-1, ``B1`` bits 2-3, and so on row by row; a class's two-bit value
        is 0 water, 1 mountain, 2 countryside, 3 road. The number is written big-endian, padded
        to :func:`code_length` characters in all.
        """
        value = 0
        for cell in reversed(self.cells):
            value = value << 2 | _CLASS_ORDER.index(self.terrain[cell])
        digits = []
        for _ in range(code_length(self.size) - 1):
            value, digit = divmod(value, 36)
            digits.append(BASE36[digit])
        return BASE36[self.size] + "".join(reversed(digits))

    @classmethod
    def from_code(cls, code: str) -> Map:
        """The map (classes only) whose :attr:`code` is ``code``."""
        text = code.strip().upper()
        if not text or any(ch not in BASE36 for ch in text):
            raise NotationError(f"'{code}' is not a map code (letters and digits only).")
        size = BASE36.index(text[0])
        if not MIN_SIZE <= size <= MAX_SIZE or len(text) != code_length(size):
            raise NotationError(f"'{code}' is not a map code (its length and size disagree).")
        value = 0
        for ch in text[1:]:
            value = value * 36 + BASE36.index(ch)
        if value >> (2 * size * size):
            raise NotationError(f"'{code}' is not a map code (out of range).")
        terrain = tuple(_CLASS_ORDER[value >> (2 * cell) & 3] for cell in range(size * size))
        return cls(size, terrain)

    @cached_property
    def digest(self) -> str:
        """Six base-36 characters hashing :attr:`code`: which map this is, at a glance."""
        value = int.from_bytes(hashlib.sha256(self.code.encode("ascii")).digest()[:8], "big")
        digits = []
        for _ in range(DIGEST_LENGTH):
            value, digit = divmod(value, 36)
            digits.append(BASE36[digit])
        return "".join(digits)

    @property
    def plain(self) -> Map:
        """The same map known only by its classes (what its code holds)."""
        return Map(self.size, self.terrain)

    def drawing(self, *, kinds: bool = False) -> str:
        """The map as lines of letters, top row first (as printed): classes, or kinds if asked."""
        letters = [k.value for k in self.kinds] if kinds else [t.value for t in self.terrain]
        if kinds and not self.kinds:
            raise LayoutError("This map knows only its terrain classes, not its kinds.")
        return "\n".join(
            "".join(letters[row * self.size : (row + 1) * self.size])
            for row in reversed(range(self.size))
        )

    @classmethod
    def from_drawing(cls, drawing: str) -> Map:
        """A map (classes only) from lines of ``w``, ``m``, ``c`` and ``r``, top row first."""
        rows = drawing.split()
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise NotationError("A map drawing is as many lines as each line has letters.")
        try:
            terrain = [Terrain(ch) for row in reversed(rows) for ch in row.lower()]
        except ValueError:
            raise NotationError(
                "A map drawing uses only w (water), m (mountain), c (countryside) and r (road)."
            ) from None
        try:
            return cls(size, tuple(terrain))
        except LayoutError as exc:
            raise NotationError(str(exc)) from None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` gives back an equal map."""
        data: dict[str, Any] = {
            "size": self.size,
            "code": self.code,
            "digest": self.digest,
            "seed": self.seed,
        }
        if self.kinds:
            data["kinds"] = self.drawing(kinds=True).split("\n")
            data["rivers"] = [[list(p) for p in line] for line in self.rivers]
            data["roads"] = [[list(p) for p in line] for line in self.roads]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Map:
        """The inverse of :meth:`to_json`; raises :class:`NotationError` saying what is wrong."""
        try:
            plain = cls.from_code(str(data["code"]))
            seed = data.get("seed")
            if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
                raise ValueError("'seed' is a whole number or null")
            if "kinds" not in data:
                found = cls(plain.size, plain.terrain, seed=seed)
            else:
                rows = data["kinds"]
                if not isinstance(rows, list) or len(rows) != plain.size:
                    raise ValueError(f"'kinds' is {plain.size} lines of letters")
                kinds = tuple(Kind(ch) for row in reversed(rows) for ch in str(row))
                found = cls(
                    plain.size,
                    plain.terrain,
                    kinds,
                    tuple(_points(line) for line in data.get("rivers", [])),
                    tuple(_points(line) for line in data.get("roads", [])),
                    seed,
                )
        except (KeyError, TypeError, ValueError, LayoutError) as exc:
            raise NotationError(f"This JSON is not a Patrolis map ({exc}).") from None
        if "digest" in data and data["digest"] != found.digest:
            raise NotationError(
                f"This map's digest is {found.digest}, but the JSON says {data['digest']}."
            )
        return found


_EDGE_INDEX = {edge: index for index, edge in enumerate(EDGES)}


def _points(line: Iterable[Any]) -> Polyline:
    points = []
    for point in line:
        x, y = point
        if not isinstance(x, int) or not isinstance(y, int):
            raise ValueError("a point is two whole numbers")
        points.append((x, y))
    return tuple(points)
