"""Patrolis maps: each cell's terrain, the rivers and roads drawn on it, and their codes.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them. The grid itself —
sizes, cell names, edges, terrain classes and kinds, points — is
:mod:`~patrolkit.games.patrolis.grid`.

A generated map knows each cell's :class:`Kind` and the lines of its rivers and roads, which the
printed sheet draws across the cells. Lines are drawn through points (see
:mod:`~patrolkit.games.patrolis.grid`): two points in a row lie on the same cell; a centre is only
ever a line's first or last point (a road ending in a town or at a junction, a river ending where
it joins another).

Codes
-----
:attr:`Map.code` holds the terrain classes (what the rules need) in base 36: one character for
the size, then the classes at two bits a cell. :attr:`Map.digest` is a six-character hash of the
code, short enough to print on every sheet of a kit.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from patrolkit.codes import BASE36, map_code_length
from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.patrolis.grid import (
    EDGES,
    MAX_SIZE,
    MIN_SIZE,
    Edge,
    Kind,
    Point,
    Polyline,
    Terrain,
    cell_name,
    check_size,
    neighbour_table,
    parse_cell,
    point_cells,
)
from patrolkit.i18n import _

DIGEST_LENGTH = 6
_CLASS_ORDER = (Terrain.WATER, Terrain.MOUNTAIN, Terrain.COUNTRYSIDE, Terrain.ROAD)
"""The two-bit value of each class in a map code is its position here."""
_RIVER_KINDS = frozenset({Kind.RIVER, Kind.BRIDGE})
_ROAD_KINDS = frozenset({Kind.ROAD, Kind.BRIDGE, Kind.TOWN})


def code_length(size: int) -> int:
    """Characters in the code of a ``size`` map: the size character and the class digits."""
    return map_code_length(size)


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
        for _digit in range(code_length(self.size) - 1):
            value, digit = divmod(value, 36)
            digits.append(BASE36[digit])
        return BASE36[self.size] + "".join(reversed(digits))

    @classmethod
    def from_code(cls, code: str) -> Map:
        """The map (classes only) whose :attr:`code` is ``code``."""
        text = code.strip().upper()
        if not text or any(ch not in BASE36 for ch in text):
            raise NotationError(
                _("'{code}' is not a map code (letters and digits only).").format(code=code)
            )
        size = BASE36.index(text[0])
        if not MIN_SIZE <= size <= MAX_SIZE or len(text) != code_length(size):
            raise NotationError(
                _("'{code}' is not a map code (its length and size disagree).").format(code=code)
            )
        value = 0
        for ch in text[1:]:
            value = value * 36 + BASE36.index(ch)
        if value >> (2 * size * size):
            raise NotationError(_("'{code}' is not a map code (out of range).").format(code=code))
        terrain = tuple(_CLASS_ORDER[value >> (2 * cell) & 3] for cell in range(size * size))
        return cls(size, terrain)

    @cached_property
    def digest(self) -> str:
        """Six base-36 characters hashing :attr:`code`: which map this is, at a glance."""
        value = int.from_bytes(hashlib.sha256(self.code.encode("ascii")).digest()[:8], "big")
        digits = []
        for _digit in range(DIGEST_LENGTH):
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
            raise NotationError(_("A map drawing is as many lines as each line has letters."))
        try:
            terrain = [Terrain(ch) for row in reversed(rows) for ch in row.lower()]
        except ValueError:
            raise NotationError(
                _("A map drawing uses only w (water), m (mountain), c (countryside) and r (road).")
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
