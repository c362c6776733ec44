"""12 Patrols: the vocabulary — items, requirements, region cards, decks and the kingdom's slots.

* An **item** is a cube (a soldier) or a die (a knight), white, yellow or blue; a die shows 1..6.
* A **region card** has four edges (north, east, south, west); each edge carries zero or more
  **requirements**, all of which must hold for the patrols on that side of the card within its row
  (east/west) or column (north/south) — one or two patrols. Requirements on the kingdom's outer
  edges are ignored.
* The **kingdom** is a 3 x 3 grid of cards; a **slot** is the place for one patrol between two
  orthogonally adjacent positions: 6 horizontal slots (between columns) and 6 vertical slots
  (between rows), 12 in all.

Positions are ``(row, column)`` with row 0 at the top and column 0 at the left, as seen by the
player.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum

from patrolkit.errors import LayoutError, NotationError

SIZE = 3
"""The kingdom is SIZE x SIZE cards."""
DIE_FACES = range(1, 7)


class ItemColour(Enum):
    """An item's colour; its value is its letter in payloads and notation."""

    WHITE = "W"
    YELLOW = "Y"
    BLUE = "B"


class ItemKind(Enum):
    CUBE = "Q"
    DIE = "D"


@dataclass(frozen=True, order=True)
class Item:
    """One cube or die. ``serial`` (1..3) tells apart the three items of one kind and colour;
    ``value`` is a die's face (``None`` for a cube)."""

    kind: ItemKind
    colour: ItemColour
    serial: int
    value: int | None = None

    def __post_init__(self) -> None:
        if self.kind is ItemKind.DIE and self.value not in DIE_FACES:
            raise NotationError(f"A die shows 1 to 6, not {self.value}.")
        if self.kind is ItemKind.CUBE and self.value is not None:
            raise NotationError("A cube has no value.")

    @property
    def is_die(self) -> bool:
        return self.kind is ItemKind.DIE

    @property
    def notation(self) -> str:
        """``D-B2=4`` (blue die number 2 showing 4), ``Q-Y1`` (yellow cube number 1)."""
        base = f"{self.kind.value}-{self.colour.value}{self.serial}"
        return f"{base}={self.value}" if self.is_die else base


class RequirementKind(Enum):
    """The kinds of requirement an edge may carry; the value is the payload letter."""

    COUNT = "N"
    """Exactly ``n`` items in all."""
    ONE_COLOUR = "A"
    """All items of one colour."""
    TWO_COLOURS = "B"
    """Items of exactly two colours."""
    THREE_COLOURS = "C"
    """Items of all three colours."""
    DICE_SUM = "S"
    """The dice add up to exactly ``n`` (cubes add nothing)."""


@dataclass(frozen=True, order=True)
class Requirement:
    kind: RequirementKind
    n: int | None = None

    def __post_init__(self) -> None:
        needs_n = self.kind in (RequirementKind.COUNT, RequirementKind.DICE_SUM)
        if needs_n != (self.n is not None):
            raise NotationError(
                f"The requirement {self.kind.name} takes {'a' if needs_n else 'no'} number."
            )

    @property
    def code(self) -> str:
        """``N3``, ``A``, ``B``, ``C``, ``S6``."""
        return self.kind.value + ("" if self.n is None else str(self.n))

    @classmethod
    def parse(cls, code: str) -> Requirement:
        try:
            kind = RequirementKind(code[:1])
            n = int(code[1:]) if code[1:] else None
            return cls(kind, n)
        except ValueError:
            raise NotationError(f"'{code}' is not a requirement (N3, A, B, C, S6…).") from None


class Side(Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"


Edge = tuple[Requirement, ...]


@dataclass(frozen=True)
class Card:
    """A region card: its name and the requirements on each of its four edges."""

    name: str
    north: Edge = ()
    east: Edge = ()
    south: Edge = ()
    west: Edge = ()

    def edge(self, side: Side) -> Edge:
        return {
            Side.NORTH: self.north,
            Side.EAST: self.east,
            Side.SOUTH: self.south,
            Side.WEST: self.west,
        }[side]

    @property
    def code(self) -> str:
        """The four edges as text, ``N3+B:-:S6:A`` (north, east, south, west; ``-`` = none)."""
        return ":".join("+".join(r.code for r in self.edge(s)) or "-" for s in Side)

    @classmethod
    def from_code(cls, name: str, code: str) -> Card:
        parts = code.split(":")
        if len(parts) != 4:
            raise NotationError(f"'{code}' is not four card edges.")
        edges = [
            tuple(Requirement.parse(r) for r in part.split("+")) if part != "-" else ()
            for part in parts
        ]
        return cls(name, *edges)


@dataclass(frozen=True)
class Deck:
    """Nine region cards. ``id`` is a short digest of the cards, printed in every card's QR code,
    so a photo can tell cards of two different decks apart."""

    name: str
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) != SIZE * SIZE:
            raise LayoutError(f"A deck has {SIZE * SIZE} cards, not {len(self.cards)}.")

    @property
    def id(self) -> str:
        digest = hashlib.sha256("|".join(c.code for c in self.cards).encode()).digest()
        alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        value = int.from_bytes(digest[:8], "big")
        return "".join(alphabet[(value >> (5 * i)) % 36] for i in range(5))


Position = tuple[int, int]


@dataclass(frozen=True, order=True)
class Slot:
    """The place of one patrol: between ``a`` and ``b``, orthogonally adjacent positions with
    ``a`` above or to the left of ``b``."""

    a: Position
    b: Position

    @property
    def horizontal(self) -> bool:
        """True for a slot between two cards of one row (the patrol stands east-west)."""
        return self.a[0] == self.b[0]

    @property
    def name(self) -> str:
        """``r0c0-r0c1`` style name."""
        return f"r{self.a[0]}c{self.a[1]}-r{self.b[0]}c{self.b[1]}"


SLOTS: tuple[Slot, ...] = tuple(
    [Slot((r, c), (r, c + 1)) for r in range(SIZE) for c in range(SIZE - 1)]
    + [Slot((r, c), (r + 1, c)) for r in range(SIZE - 1) for c in range(SIZE)]
)
"""The 12 patrol slots: the 6 horizontal ones row by row, then the 6 vertical ones."""
