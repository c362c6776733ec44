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
import random
import re
from dataclasses import dataclass
from enum import Enum
from functools import cache, total_ordering

from patrolkit.errors import LayoutError, NotationError
from patrolkit.i18n import N_, _, ngettext, pgettext

SIZE = 3
"""The kingdom is SIZE x SIZE cards."""
DIE_FACES = range(1, 7)
SERIALS = range(1, 4)
"""Each colour has three cubes and three dice, numbered 1 to 3."""
MAX_NUMBER = 99
"""The largest number a requirement may carry (two digits in a payload)."""


@total_ordering
class _Ordered(Enum):
    """An enumeration whose members sort in the order they are declared."""

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _rank(self) < _rank(other)


@cache
def _rank(member: _Ordered) -> int:
    """Where ``member`` is declared in its enumeration."""
    return list(type(member)).index(member)


class ItemColour(_Ordered):
    """An item's colour; its value is its letter in payloads and notation."""

    WHITE = "W"
    YELLOW = "Y"
    BLUE = "B"


_COLOUR_WORDS = {
    ItemColour.WHITE: N_("white"),
    ItemColour.YELLOW: N_("yellow"),
    ItemColour.BLUE: N_("blue"),
}


def colour_word(colour: ItemColour, *, items: bool = False) -> str:
    """The colour's name in the language in force: as it qualifies one cube or die
    (``white``), or with ``items`` several items at once (French adds a plural ending)."""
    if items:
        plural = {
            ItemColour.WHITE: pgettext("several items", "white"),
            ItemColour.YELLOW: pgettext("several items", "yellow"),
            ItemColour.BLUE: pgettext("several items", "blue"),
        }
        return plural[colour]
    return _(_COLOUR_WORDS[colour])


class ItemKind(_Ordered):
    """A cube (a soldier) or a die (a knight); the value is its letter in payloads."""

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
        if self.serial not in SERIALS:
            raise NotationError(
                _("Items of one colour are numbered 1 to 3, not {serial}.").format(
                    serial=self.serial
                )
            )
        if self.kind is ItemKind.DIE and self.value not in DIE_FACES:
            raise NotationError(_("A die shows 1 to 6, not {value}.").format(value=self.value))
        if self.kind is ItemKind.CUBE and self.value is not None:
            raise NotationError(_("A cube has no value."))

    @property
    def is_die(self) -> bool:
        return self.kind is ItemKind.DIE

    @property
    def notation(self) -> str:
        """``D-B2=4`` (blue die number 2 showing 4), ``Q-Y1`` (yellow cube number 1)."""
        base = f"{self.kind.value}-{self.colour.value}{self.serial}"
        return f"{base}={self.value}" if self.is_die else base

    @classmethod
    def parse(cls, notation: str) -> Item:
        """Read :attr:`notation` back: ``D-B2=4`` or ``Q-Y1``."""
        match = _ITEM.fullmatch(notation)
        if match is None:
            raise NotationError(
                _("'{text}' is not an item (a cube like Q-Y1, a die like D-B2=4).").format(
                    text=notation
                )
            )
        kind, colour, serial, value = match.groups()
        if (kind == "D") != (value is not None):
            raise NotationError(
                _("'{text}': a die shows a value (D-B2=4), a cube does not.").format(text=notation)
            )
        return cls(ItemKind(kind), ItemColour(colour), int(serial), int(value) if value else None)

    @property
    def key(self) -> tuple[ItemKind, ItemColour, int]:
        """What tells this physical item apart from the 17 others, whatever a die shows."""
        return (self.kind, self.colour, self.serial)

    @property
    def label(self) -> str:
        """The item as a player names it: ``white die 2 (showing 4)``, ``yellow cube 1``."""
        if self.is_die:
            return _("{colour} die {serial} (showing {value})").format(
                colour=colour_word(self.colour), serial=self.serial, value=self.value
            )
        return self.name

    @property
    def name(self) -> str:
        """The physical item as a player names it, whatever a die shows: ``white die 2``."""
        colour = colour_word(self.colour)
        if self.is_die:
            return _("{colour} die {serial}").format(colour=colour, serial=self.serial)
        return _("{colour} cube {serial}").format(colour=colour, serial=self.serial)

    def showing(self, value: int) -> Item:
        """This die turned to ``value``."""
        if not self.is_die:
            raise NotationError(_("A cube has no value to change."))
        return Item(self.kind, self.colour, self.serial, value)


_ITEM = re.compile(r"([QD])-([WYB])([1-3])(?:=([1-6]))?")


class RequirementKind(_Ordered):
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
                (
                    _("The requirement {kind} takes a number.")
                    if needs_n
                    else _("The requirement {kind} takes no number.")
                ).format(kind=self.kind.value)
            )
        if self.n is not None:
            lowest = 1 if self.kind is RequirementKind.COUNT else 0
            if isinstance(self.n, bool) or not isinstance(self.n, int):
                raise NotationError(
                    _("A requirement's number is a whole number, not {number!r}.").format(
                        number=self.n
                    )
                )
            if not lowest <= self.n <= MAX_NUMBER:
                raise NotationError(
                    _(
                        "The requirement {kind} takes a number from {lowest} to {highest},"
                        " not {number}."
                    ).format(kind=self.kind.value, lowest=lowest, highest=MAX_NUMBER, number=self.n)
                )

    @property
    def code(self) -> str:
        """``N3``, ``A``, ``B``, ``C``, ``S6``."""
        return self.kind.value + ("" if self.n is None else str(self.n))

    @property
    def wording(self) -> str:
        """What the requirement asks for, as a player reads it: ``exactly 3 items``."""
        n = self.n or 0
        if self.kind is RequirementKind.COUNT:
            return ngettext("exactly {count} item", "exactly {count} items", n).format(count=n)
        if self.kind is RequirementKind.ONE_COLOUR:
            return _("items all of one colour")
        if self.kind is RequirementKind.TWO_COLOURS:
            return _("items of exactly two colours")
        if self.kind is RequirementKind.THREE_COLOURS:
            return _("items of all three colours")
        return _("dice adding up to {total}").format(total=n)

    @classmethod
    def parse(cls, code: str) -> Requirement:
        """Read ``N3``, ``A``, ``B``, ``C`` or ``S6``; anything else raises NotationError."""
        match = _REQUIREMENT.fullmatch(code)
        if match is None:
            raise NotationError(
                _("'{text}' is not a requirement (N3, A, B, C, S6…).").format(text=code)
            )
        kind = RequirementKind(match.group(1))
        n = int(match.group(2)) if match.group(2) else None
        return cls(kind, n)


_REQUIREMENT = re.compile(r"([NABCS])([0-9]{1,2})?")


class Side(_Ordered):
    """An edge of a card, as printed (north = the top edge)."""

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
        """The requirements printed on ``side``."""
        if side is Side.NORTH:
            return self.north
        if side is Side.EAST:
            return self.east
        if side is Side.SOUTH:
            return self.south
        return self.west

    @property
    def code(self) -> str:
        """The four edges as text, ``N3+B:-:S6:A`` (north, east, south, west; ``-`` = none)."""
        return ":".join("+".join(r.code for r in self.edge(s)) or "-" for s in Side)

    @classmethod
    def from_code(cls, name: str, code: str) -> Card:
        """The card called ``name`` whose edges read ``code`` (see :attr:`code`)."""
        parts = code.split(":")
        if len(parts) != 4:
            raise NotationError(_("'{text}' is not four card edges.").format(text=code))
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
            raise LayoutError(_("A deck has 9 cards, not {count}.").format(count=len(self.cards)))
        names = [card.name for card in self.cards]
        for name in names:
            if not name.strip():
                raise LayoutError(_("Every card of a deck needs a name."))
            if names.count(name) > 1:
                raise LayoutError(
                    _("Two cards of the deck '{deck}' are both called {name}.").format(
                        deck=self.name, name=name
                    )
                )

    def number(self, card: Card) -> int:
        """The card's number in the deck, 1 to 9, as its QR code carries it."""
        for index, own in enumerate(self.cards):
            if own == card:
                return index + 1
        raise LayoutError(
            _("{card} is not a card of the deck '{deck}'.").format(card=card.name, deck=self.name)
        )

    def card(self, number: int) -> Card:
        """Card number ``number`` (1 to 9)."""
        if not 1 <= number <= len(self.cards):
            raise LayoutError(
                _("A deck's cards are numbered 1 to 9, not {number}.").format(number=number)
            )
        return self.cards[number - 1]

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


Roll = tuple[int, ...]
"""The nine dice values: white dice 1 to 3, then yellow 1 to 3, then blue 1 to 3."""
ROLL_ORDER: tuple[ItemColour, ...] = (ItemColour.WHITE, ItemColour.YELLOW, ItemColour.BLUE)


def check_roll(roll: Roll) -> Roll:
    """``roll`` as a tuple, or :class:`NotationError` unless it is nine values from 1 to 6."""
    values = tuple(roll)
    if len(values) != SIZE * SIZE or any(
        isinstance(v, bool) or not isinstance(v, int) or v not in DIE_FACES for v in values
    ):
        raise NotationError(
            _("A roll is nine dice values from 1 to 6 (white, yellow, blue), not {roll!r}.").format(
                roll=roll
            )
        )
    return values


def dice(roll: Roll) -> tuple[Item, ...]:
    """The nine dice showing ``roll``."""
    values = check_roll(roll)
    return tuple(
        Item(ItemKind.DIE, colour, serial, values[3 * c + serial - 1])
        for c, colour in enumerate(ROLL_ORDER)
        for serial in SERIALS
    )


def cubes() -> tuple[Item, ...]:
    """The nine cubes."""
    return tuple(Item(ItemKind.CUBE, colour, serial) for colour in ROLL_ORDER for serial in SERIALS)


def supply(roll: Roll) -> tuple[Item, ...]:
    """All 18 items at set-up: the nine cubes and the nine dice showing ``roll``."""
    return cubes() + dice(roll)


def random_roll(rng: random.Random) -> Roll:
    """Nine dice rolled with ``rng``."""
    return tuple(rng.randint(1, 6) for _roll in range(SIZE * SIZE))
