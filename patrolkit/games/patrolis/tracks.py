"""Patrolis steps, tracks, objectives and turns (no rules of play).

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

Vocabulary
----------
* A *step* is a square tile the size of a cell carrying one line: a **straight** joins the
  midpoints of two opposite edges (N–S or E–W), a **curve** two adjacent ones (NE, ES, SW, WN).
  A **crossing** tile, a "+", carries both straights; it is laid on top of a cell's single
  straight step, which stays beneath, so the cell then holds two lines — one step of each
  owner. Each line on the board is one step of its owner's supply.
* A *track* is a player's chain of steps: each step enters its cell by one edge and leaves by
  another, the next step entering the neighbouring cell by the facing edge. Its *free end* is
  the edge its last step leaves by; its *tail* the edge its first step enters by (on the board's
  border when the track was started). On the board a track's steps are :class:`Line` s.
* An *abandoned* track stays on the board as an obstacle; its owner has no track in play and
  starts a new one from the border.
* Players are numbered ``0`` to ``players - 1`` in playing order and named ``Player 1`` and so
  on in sentences.
* A :class:`Turn` is the steps one player lays, written like ``C1SN C2SN C3SE`` (cell, entry
  edge, exit edge; ``+U`` or ``+D`` after a crossing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.patrolis.grid import Edge, cell_name, check_size, parse_cell
from patrolkit.games.patrolis.terrain import Map
from patrolkit.i18n import N_, _

MIN_PLAYERS = 2
MAX_PLAYERS = 6
STEPS_DEALT = {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}
"""Steps each player receives, by number of players (120 steps shared out)."""


class Shape(Enum):
    """A tile's line: straight, curve, or the two straights of a crossing."""

    STRAIGHT = "S"
    CURVE = "C"
    CROSS = "X"

    __hash__ = object.__hash__


def step_mix(steps: int) -> dict[Shape, int]:
    """How many straights, curves and crossings a player dealt ``steps`` steps receives: one
    in ten, and at least two, are crossings; the rest half straights and half curves, the odd
    one a straight."""
    crossings = max(2, round(steps / 10))
    curves = (steps - crossings) // 2
    return {Shape.STRAIGHT: steps - crossings - curves, Shape.CURVE: curves, Shape.CROSS: crossings}


def dealt_tiles(players: int) -> list[tuple[Shape, int, int]]:
    """Every step tile of a game of ``players``, as ``(shape, player, serial)``: Player 1's
    first (player 0); each player's straights, then curves, then crossings, numbered from 1."""
    shapes = [
        shape for shape, count in step_mix(STEPS_DEALT[players]).items() for _n in range(count)
    ]
    return [
        (shape, player, serial)
        for player in range(players)
        for serial, shape in enumerate(shapes, start=1)
    ]


class Cut(Enum):
    """Which part of a crossed track a crossing removes: the steps before it or after it."""

    UPSTREAM = "U"
    DOWNSTREAM = "D"

    __hash__ = object.__hash__

    @property
    def word(self) -> str:
        """``"upstream"`` or ``"downstream"``, in the language in force."""
        return _(_CUT_WORDS[self])


_CUT_WORDS = {Cut.UPSTREAM: N_("upstream"), Cut.DOWNSTREAM: N_("downstream")}


class Colour(Enum):
    """An objective's colour; its value is its letter in notation and payloads."""

    BLUE = "B"
    RED = "R"
    GREEN = "G"
    YELLOW = "Y"

    __hash__ = object.__hash__

    @property
    def points(self) -> int:
        """What collecting an objective of this colour scores."""
        return {"B": 5, "R": 3, "G": 2, "Y": 1}[self.value]

    @property
    def word(self) -> str:
        """The colour's neutral name (``"blue"``), as payloads and verdicts record it."""
        return self.name.lower()

    @property
    def said(self) -> str:
        """The colour in words in the language in force."""
        return _(_COLOUR_WORDS[self])


_COLOUR_WORDS = {
    Colour.BLUE: N_("blue"),
    Colour.RED: N_("red"),
    Colour.GREEN: N_("green"),
    Colour.YELLOW: N_("yellow"),
}

DEFAULT_OBJECTIVES = (
    Colour.BLUE,
    Colour.BLUE,
    Colour.RED,
    Colour.RED,
    Colour.GREEN,
    Colour.GREEN,
    Colour.YELLOW,
    Colour.YELLOW,
)
"""The eight objectives of a game: two of each colour."""


def player_name(player: int) -> str:
    """``0`` -> ``'Player 1'``, in the language in force (for sentences)."""
    return _("Player {number}").format(number=player + 1)


def player_key(player: int) -> str:
    """``0`` -> ``'Player 1'`` in every language: the key a verdict's score is filed under."""
    return f"Player {player + 1}"


# -- lines and tiles ---------------------------------------------------------------------------

_CURVES = ((Edge.N, Edge.E), (Edge.E, Edge.S), (Edge.S, Edge.W), (Edge.W, Edge.N))
"""The curve of each rotation 0 to 3."""


def shape_of(first: Edge, second: Edge) -> Shape:
    """The shape of a line joining two different edges: straight or curve."""
    if first is second:
        raise NotationError(
            _("A step joins two different edges, not {edge} to itself.").format(edge=first.value)
        )
    return Shape.STRAIGHT if second is first.opposite else Shape.CURVE


def rotation_of(first: Edge, second: Edge) -> int:
    """The rotation of a one-line tile joining ``first`` and ``second``.

    Straight: 0 for N–S, 1 for E–W. Curve: 0 NE, 1 ES, 2 SW, 3 WN (quarter turns clockwise).
    """
    if shape_of(first, second) is Shape.STRAIGHT:
        return 0 if first in (Edge.N, Edge.S) else 1
    pair = {first, second}
    return next(r for r, curve in enumerate(_CURVES) if set(curve) == pair)


@dataclass(frozen=True)
class Tile:
    """What a cell shows: a tile's shape, its rotation and the player whose colour it is.

    A crossing's colour is that of the player who laid it on top of the straight step beneath.
    """

    shape: Shape
    rotation: int
    owner: int

    def __post_init__(self) -> None:
        turns = {Shape.STRAIGHT: 2, Shape.CURVE: 4, Shape.CROSS: 1}[self.shape]
        object.__setattr__(self, "rotation", self.rotation % turns)

    @property
    def lines(self) -> tuple[frozenset[Edge], ...]:
        """The edge pairs the tile's lines join."""
        if self.shape is Shape.CROSS:
            return (frozenset((Edge.N, Edge.S)), frozenset((Edge.E, Edge.W)))
        if self.shape is Shape.STRAIGHT:
            pair = (Edge.N, Edge.S) if self.rotation == 0 else (Edge.E, Edge.W)
            return (frozenset(pair),)
        return (frozenset(_CURVES[self.rotation]),)

    @property
    def notation(self) -> str:
        """``S0``, ``C3``, ``X0``… followed by the owner's number: ``C3/2`` is Player 2's."""
        return f"{self.shape.value}{self.rotation}/{self.owner + 1}"


@dataclass(frozen=True)
class Line:
    """A step lying on the board: its cell, the edge it enters by and the edge it leaves by.

    ``over`` is set when the step was laid as a crossing on top of a straight step (the cell
    then shows a "+" in this step's owner's colour).
    """

    cell: int
    entry: Edge
    exit: Edge
    over: bool = False

    def __post_init__(self) -> None:
        shape_of(self.entry, self.exit)

    @property
    def edges(self) -> frozenset[Edge]:
        return frozenset((self.entry, self.exit))

    @property
    def straight(self) -> bool:
        return self.exit is self.entry.opposite

    def touches(self, edge: Edge) -> bool:
        return edge is self.entry or edge is self.exit

    def notation(self, size: int) -> str:
        """``C5WE``: the cell (on a ``size`` map), the entry and exit edges, and ``+`` if laid
        as a crossing."""
        text = f"{cell_name(size, self.cell)}{self.entry.value}{self.exit.value}"
        return text + ("+" if self.over else "")


@dataclass(frozen=True)
class Track:
    """A track: its owner, its lines from tail to free end, and whether it is abandoned."""

    owner: int
    lines: tuple[Line, ...]
    abandoned: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.lines))
        if not self.lines:
            raise LayoutError(_("A track has at least one step."))

    @property
    def free_end(self) -> tuple[int, Edge]:
        """The last step's cell and the edge it leaves by."""
        last = self.lines[-1]
        return last.cell, last.exit

    @property
    def tail(self) -> tuple[int, Edge]:
        """The first step's cell and the edge it enters by."""
        first = self.lines[0]
        return first.cell, first.entry


@dataclass(frozen=True)
class Objective:
    """An objective: its cell, its colour, and the player who collected it (``None``: not yet)."""

    cell: int
    colour: Colour
    taken_by: int | None = None


# -- steps and turns ---------------------------------------------------------------------------

_STEP = re.compile(r"([A-Xa-x])(\d{1,2})([NESWnesw])([NESWnesw])(?:\+([UDud]))?")


@dataclass(frozen=True)
class Step:
    """One step of a turn: the cell, the edge it enters by, the edge it leaves by, and — for a
    crossing — which part of the crossed track is removed."""

    cell: int
    entry: Edge
    exit: Edge
    cut: Cut | None = None

    def __post_init__(self) -> None:
        shape_of(self.entry, self.exit)

    @property
    def shape(self) -> Shape:
        return shape_of(self.entry, self.exit)

    def notation(self, size: int) -> str:
        """``C5WE`` (cell on a ``size`` map, entry and exit edges), or ``E5SN+D`` for a crossing
        whose crossed track loses its downstream part (``+U``: its upstream part)."""
        text = f"{cell_name(size, self.cell)}{self.entry.value}{self.exit.value}"
        return text + (f"+{self.cut.value}" if self.cut else "")

    @classmethod
    def parse(cls, text: str, size: int) -> Step:
        """The step written ``text`` (see :meth:`notation`); raises :class:`NotationError`."""
        match = _STEP.fullmatch(text.strip())
        if match is None:
            raise NotationError(
                _(
                    "'{text}' is not a step: write the cell, the entry and exit edges"
                    " (N, E, S, W), and for a crossing +U or +D, like C5WE or E5SN+D."
                ).format(text=text)
            )
        cell = parse_cell(size, match.group(1) + match.group(2))
        cut = Cut(match.group(5).upper()) if match.group(5) else None
        return cls(cell, Edge(match.group(3).upper()), Edge(match.group(4).upper()), cut)


@dataclass(frozen=True)
class Turn:
    """A turn: the player, the steps laid in order, and the size of the map (for names)."""

    player: int
    steps: tuple[Step, ...]
    size: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))

    @property
    def notation(self) -> str:
        """The steps separated by spaces: ``C1SN C2SN C3SE``."""
        return " ".join(step.notation(self.size) for step in self.steps)

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str, game_map: Map, player: int) -> Turn:
        """``player``'s turn written ``text`` on ``game_map``; raises :class:`NotationError`."""
        words = text.split()
        if not words:
            raise NotationError(_("A turn is written as its steps, like C1SN C2SN C3SE."))
        size = game_map.size
        return cls(player, tuple(Step.parse(word, size) for word in words), size)

    def to_json(self) -> dict[str, Any]:
        """``{"player", "steps", "size"}``; :meth:`from_json` gives back an equal turn."""
        return {"player": self.player, "steps": self.notation, "size": self.size}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Turn:
        """The inverse of :meth:`to_json`; raises :class:`NotationError` saying what is wrong."""
        try:
            size = check_size(data["size"])
            words = str(data["steps"]).split()
            if not words:
                raise ValueError(_("a turn has at least one step"))
            steps = tuple(Step.parse(word, size) for word in words)
            return cls(whole_number(data["player"]), steps, size)
        except (KeyError, TypeError, ValueError, LayoutError) as exc:
            raise NotationError(
                _("This JSON is not a Patrolis turn ({why}).").format(why=exc)
            ) from None


def whole_number(value: object) -> int:
    """``value`` if it is a whole number (not a bool); otherwise raise :class:`ValueError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(_("{value} is not a whole number").format(value=repr(value)))
    return value
