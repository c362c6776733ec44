"""12 Patrols rules: the kingdom on the table and judging its requirements.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

* A :class:`Kingdom` is what lies on the table: the card on each of the nine positions (or none
  yet) and the patrol on each of the 12 slots (or none yet). :func:`failures` judges its
  requirements, :func:`problems` and :func:`is_win` are the win check.
* Playing a game, turn by turn, is :mod:`~patrolkit.games.twelve_patrols.play`.

When a requirement is judged
----------------------------
A requirement's *scope* is the set of slots on that side of its card within its row or column (one
or two slots, fixed by the card's position; none on the kingdom's outer edge, where requirements
are ignored). A requirement is judged **once every slot of its scope holds a patrol**. Before
that, it fails early only if what is already in its scope breaks it for good, because placed items
never move and a scope can only gain items: more items than its count, dice adding up to more than
its sum, two colours for "one colour", three colours for "two colours".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.twelve_patrols.model import (
    SIZE,
    SLOTS,
    Card,
    Deck,
    Item,
    Position,
    Requirement,
    RequirementKind,
    Side,
    Slot,
)

POSITIONS: tuple[Position, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
"""The nine positions, row by row from the top left."""
Patrol = tuple[Item, ...]
"""The items of one patrol, sorted; an empty tuple is an empty slot."""

ROW_NAMES = ("top", "middle", "bottom")
COLUMN_NAMES = ("left", "centre", "right")
_SIDE_NAMES = {Side.NORTH: "north", Side.EAST: "east", Side.SOUTH: "south", Side.WEST: "west"}


def place_name(position: Position) -> str:
    """A position as a player says it: ``top left``, ``centre``, ``bottom right``."""
    row, column = position
    if (row, column) == (1, 1):
        return "centre"
    return f"{ROW_NAMES[row]} {COLUMN_NAMES[column]}"


def check_position(position: Position) -> Position:
    """``position`` as a tuple, or :class:`IllegalTurn` if it is off the 3 x 3 kingdom."""
    try:
        row, column = position
    except (TypeError, ValueError):
        raise IllegalTurn(f"{position!r} is not a position (row and column, 0 to 2).") from None
    if not (isinstance(row, int) and isinstance(column, int)) or not (
        0 <= row < SIZE and 0 <= column < SIZE
    ):
        raise IllegalTurn(
            f"There is no position at row {row}, column {column}: the kingdom is 3 cards by 3."
        )
    return (row, column)


def scope(position: Position, side: Side) -> tuple[Slot, ...]:
    """The slots a requirement on ``side`` of the card at ``position`` applies to.

    Every slot on that side of the card within its row (east, west) or column (north, south):
    two, one or none (the kingdom's outer edge, where requirements are ignored).
    """
    row, column = position
    if side is Side.EAST:
        return tuple(Slot((row, j), (row, j + 1)) for j in range(column, SIZE - 1))
    if side is Side.WEST:
        return tuple(Slot((row, j), (row, j + 1)) for j in range(column))
    if side is Side.SOUTH:
        return tuple(Slot((i, column), (i + 1, column)) for i in range(row, SIZE - 1))
    return tuple(Slot((i, column), (i + 1, column)) for i in range(row))


_SLOT_INDEX = {slot: index for index, slot in enumerate(SLOTS)}
_SIDES = tuple(Side)
_SCOPES = tuple(
    tuple((side, tuple(_SLOT_INDEX[s] for s in scope(p, side))) for side in _SIDES)
    for p in POSITIONS
)
"""For each position (row by row) and side, the slot indices of the requirement's scope."""


def slot_index(slot: Slot) -> int:
    """The slot's place in :data:`SLOTS` (0 to 11)."""
    return _SLOT_INDEX[slot]


# -- judging ------------------------------------------------------------------------------------


def colour_names(items: Iterable[Item]) -> list[str]:
    """The colours among ``items``, in the order white, yellow, blue."""
    return [colour.name.lower() for colour in sorted({item.colour for item in items})]


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _found(requirement: Requirement, items: Sequence[Item]) -> str:
    """What ``items`` show about ``requirement``, as the end of a sentence."""
    if requirement.kind is RequirementKind.COUNT:
        return f"there {'is' if len(items) == 1 else 'are'} {len(items)}"
    if requirement.kind is RequirementKind.DICE_SUM:
        values = [item.value for item in items if item.value is not None]
        if not values:
            return "there are no dice"
        if len(values) == 1:
            return f"the only die shows {values[0]}"
        return f"they add up to {sum(values)} ({' + '.join(str(v) for v in values)})"
    colours = colour_names(items)
    if len(colours) == 1:
        return f"they are all {colours[0]}"
    return f"there are {join_words(colours)} items"


def _broken(requirement: Requirement, items: Sequence[Item], complete: bool) -> bool:
    """Whether ``items`` break ``requirement``: for good if not ``complete``, else at all."""
    colours = len({item.colour for item in items})
    if requirement.kind is RequirementKind.COUNT:
        n = len(items)
    elif requirement.kind is RequirementKind.DICE_SUM:
        n = sum(item.value for item in items if item.value is not None)
    else:
        wanted = {
            RequirementKind.ONE_COLOUR: 1,
            RequirementKind.TWO_COLOURS: 2,
            RequirementKind.THREE_COLOURS: 3,
        }[requirement.kind]
        return colours != wanted if complete else colours > wanted
    assert requirement.n is not None
    return n != requirement.n if complete else n > requirement.n


def judge(requirement: Requirement, patrols: Sequence[Patrol]) -> bool:
    """Whether the patrols of a whole scope satisfy ``requirement``."""
    return not _broken(requirement, [item for patrol in patrols for item in patrol], True)


@dataclass(frozen=True)
class Failure:
    """A requirement that fails: on ``side`` of ``card`` at ``position``; ``found`` says why."""

    position: Position
    card: Card
    side: Side
    requirement: Requirement
    found: str
    final: bool
    """True when the whole scope holds patrols; False for an early failure."""

    @property
    def sentence(self) -> str:
        """One sentence naming the card, where it lies, the side, what it asks and what is found."""
        return (
            f"{self.card.name} ({place_name(self.position)}) asks for"
            f" {self.requirement.wording} on its {_SIDE_NAMES[self.side]} side,"
            f" but {self.found}."
        )


# -- the kingdom ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kingdom:
    """The cards and patrols on the table, for a game with ``deck``.

    ``cards`` holds the card at each of :data:`POSITIONS` (``None`` where none lies yet);
    ``patrols`` holds the patrol on each of :data:`SLOTS` (``()`` where none stands yet). A patrol
    may stand only between two placed cards; no card or item appears twice. Nothing else is
    checked: the order in which things were placed is the business of :class:`State`.
    """

    deck: Deck
    cards: tuple[Card | None, ...] = (None,) * (SIZE * SIZE)
    patrols: tuple[Patrol, ...] = ((),) * len(SLOTS)

    def __post_init__(self) -> None:
        if len(self.cards) != SIZE * SIZE:
            raise LayoutError(f"A kingdom has {SIZE * SIZE} positions, not {len(self.cards)}.")
        if len(self.patrols) != len(SLOTS):
            raise LayoutError(f"A kingdom has {len(SLOTS)} patrol slots, not {len(self.patrols)}.")
        own = {card.name: card for card in self.deck.cards}
        seen: set[str] = set()
        for position, card in zip(POSITIONS, self.cards, strict=True):
            if card is None:
                continue
            if own.get(card.name) != card:
                raise LayoutError(
                    f"{card.name} ({place_name(position)}) is not a card of the deck"
                    f" '{self.deck.name}'."
                )
            if card.name in seen:
                raise LayoutError(f"{card.name} lies twice in the kingdom.")
            seen.add(card.name)
        keys: set[tuple[object, ...]] = set()
        patrols = []
        for slot, patrol in zip(SLOTS, self.patrols, strict=True):
            patrol = tuple(sorted(patrol))
            patrols.append(patrol)
            if patrol and (self.card_at(slot.a) is None or self.card_at(slot.b) is None):
                raise LayoutError(
                    f"A patrol stands between {place_name(slot.a)} and {place_name(slot.b)},"
                    " but a patrol needs a card on both sides."
                )
            for item in patrol:
                if item.key in keys:
                    raise LayoutError(f"The {item.label} stands in two patrols at once.")
                keys.add(item.key)
        object.__setattr__(self, "patrols", tuple(patrols))

    def card_at(self, position: Position) -> Card | None:
        """The card at ``position``, or ``None``."""
        row, column = position
        return self.cards[row * SIZE + column]

    def patrol(self, slot: Slot) -> Patrol:
        """The patrol on ``slot`` (``()`` if empty)."""
        return self.patrols[_SLOT_INDEX[slot]]

    @property
    def placed(self) -> tuple[Position, ...]:
        """The positions holding a card."""
        return tuple(p for p, card in zip(POSITIONS, self.cards, strict=True) if card is not None)

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The deck's cards not in the kingdom, in deck order."""
        return tuple(card for card in self.deck.cards if card not in self.cards)

    @property
    def items(self) -> tuple[Item, ...]:
        """Every item standing in a patrol."""
        return tuple(item for patrol in self.patrols for item in patrol)

    def is_open(self, slot: Slot) -> bool:
        """Whether both cards of ``slot`` are placed, so a patrol may stand there."""
        return self.card_at(slot.a) is not None and self.card_at(slot.b) is not None

    @property
    def open_slots(self) -> tuple[Slot, ...]:
        """Slots between two placed cards that hold no patrol yet."""
        return tuple(s for s in SLOTS if self.is_open(s) and not self.patrol(s))

    def complete_lines(self) -> tuple[tuple[str, int], ...]:
        """The full rows and columns, as ``("row", i)`` and ``("column", j)``."""
        lines: list[tuple[str, int]] = []
        for i in range(SIZE):
            if all(self.card_at((i, j)) is not None for j in range(SIZE)):
                lines.append(("row", i))
        for j in range(SIZE):
            if all(self.card_at((i, j)) is not None for i in range(SIZE)):
                lines.append(("column", j))
        return tuple(lines)

    def with_card(self, card: Card, position: Position) -> Kingdom:
        """This kingdom with ``card`` at ``position`` (no rule of play checked)."""
        row, column = position
        cards = list(self.cards)
        cards[row * SIZE + column] = card
        return Kingdom(self.deck, tuple(cards), self.patrols)

    def with_patrol(self, slot: Slot, items: Iterable[Item]) -> Kingdom:
        """This kingdom with the patrol ``items`` on ``slot`` (no rule of play checked)."""
        patrols = list(self.patrols)
        patrols[_SLOT_INDEX[slot]] = tuple(sorted(items))
        return Kingdom(self.deck, self.cards, tuple(patrols))

    def shifted(self, rows: int, columns: int) -> Kingdom:
        """This kingdom with every card and patrol moved ``rows`` down and ``columns`` right;
        :class:`LayoutError` if a card would leave the 3 x 3 grid."""
        cards = {}
        for r, c in self.placed:
            card = self.card_at((r, c))
            assert card is not None
            if not (0 <= r + rows < SIZE and 0 <= c + columns < SIZE):
                raise LayoutError("Moved that far, a card would leave the 3 x 3 kingdom.")
            cards[(r + rows, c + columns)] = card
        patrols = {
            Slot((s.a[0] + rows, s.a[1] + columns), (s.b[0] + rows, s.b[1] + columns)): p
            for s, p in zip(SLOTS, self.patrols, strict=True)
            if p
        }
        return Kingdom.build(self.deck, cards, patrols)

    def anchored(self) -> Kingdom:
        """This kingdom moved so that its cards start at the top row and the left column: the
        only place a photo can tell while the kingdom spans fewer than three rows or columns."""
        if not self.placed:
            return self
        return self.shifted(-min(r for r, _ in self.placed), -min(c for _, c in self.placed))

    def placements(self) -> list[Kingdom]:
        """Every place of the 3 x 3 grid this kingdom, moved without turning, may lie on."""
        anchored = self.anchored()
        rows = max((r for r, _ in anchored.placed), default=0)
        columns = max((c for _, c in anchored.placed), default=0)
        return [
            anchored.shifted(dr, dc) for dr in range(SIZE - rows) for dc in range(SIZE - columns)
        ]

    @property
    def text(self) -> str:
        """The kingdom in one line: ``<deck id> <cards> <patrols>``.

        ``<cards>`` gives each position's card number (1 to 9, ``.`` for none) row by row, rows
        joined by ``/``; ``<patrols>`` gives the twelve slots in the order of :data:`SLOTS`,
        joined by ``;``, each patrol's items in notation joined by ``,`` and ``-`` for an empty
        slot: ``AK2K7 153/2.4/... D-B2=4,Q-Y1;-;…``.
        """
        rows = "/".join(
            "".join(
                str(self.deck.number(card)) if (card := self.card_at((r, c))) else "."
                for c in range(SIZE)
            )
            for r in range(SIZE)
        )
        patrols = ";".join(",".join(i.notation for i in p) or "-" for p in self.patrols)
        return f"{self.deck.id} {rows} {patrols}"

    @classmethod
    def from_text(cls, text: str, deck: Deck) -> Kingdom:
        """Read :attr:`text` back for ``deck``; :class:`NotationError` says what is wrong."""
        parts = text.split()
        if len(parts) != 3:
            raise NotationError(
                f"'{text}' is not a kingdom: deck id, cards and patrols, separated by spaces."
            )
        deck_id, rows, patrols = parts
        if deck_id != deck.id:
            raise NotationError(
                f"This kingdom is of the deck {deck_id}, not of '{deck.name}' ({deck.id})."
            )
        lines = rows.split("/")
        if len(lines) != SIZE or any(len(line) != SIZE for line in lines):
            raise NotationError(
                f"'{rows}' is not three rows of three cards (a number 1 to 9, or . for none)."
            )
        cards: list[Card | None] = []
        for mark in "".join(lines):
            if mark == ".":
                cards.append(None)
            elif mark.isdigit() and 1 <= int(mark) <= SIZE * SIZE:
                cards.append(deck.card(int(mark)))
            else:
                raise NotationError(f"'{mark}' is not a card number (1 to 9, or . for none).")
        slots = patrols.split(";")
        if len(slots) != len(SLOTS):
            raise NotationError(
                f"A kingdom has {len(SLOTS)} patrols separated by ';', not {len(slots)}."
            )
        items = tuple(
            () if patrol == "-" else tuple(sorted(Item.parse(i) for i in patrol.split(",")))
            for patrol in slots
        )
        try:
            return cls(deck, tuple(cards), items)
        except LayoutError as exc:
            raise NotationError(str(exc)) from None

    @classmethod
    def build(
        cls,
        deck: Deck,
        cards: Mapping[Position, Card],
        patrols: Mapping[Slot, Iterable[Item]] | None = None,
    ) -> Kingdom:
        """A kingdom from the cards by position and the patrols by slot."""
        grid: list[Card | None] = [None] * (SIZE * SIZE)
        for position, card in cards.items():
            row, column = check_position(position)
            grid[row * SIZE + column] = card
        lines: list[Patrol] = [()] * len(SLOTS)
        for slot, items in (patrols or {}).items():
            lines[_SLOT_INDEX[slot]] = tuple(sorted(items))
        return cls(deck, tuple(grid), tuple(lines))


def failures(kingdom: Kingdom) -> list[Failure]:
    """Every requirement of ``kingdom`` that fails, by position (row by row), side and order.

    Requirements on outer edges are ignored; the others are judged as the module explains: in full
    once their whole scope holds patrols, early when what is there already breaks them for good.
    """
    found: list[Failure] = []
    lines = kingdom.patrols
    for position, card, scopes in zip(POSITIONS, kingdom.cards, _SCOPES, strict=True):
        if card is None:
            continue
        for side, slots in scopes:
            if not slots:
                continue
            edge = card.edge(side)
            if not edge:
                continue
            patrols = [lines[index] for index in slots]
            complete = all(patrols)
            items = [item for patrol in patrols for item in patrol]
            for requirement in edge:
                if _broken(requirement, items, complete):
                    found.append(
                        Failure(
                            position, card, side, requirement, _found(requirement, items), complete
                        )
                    )
    return found


def problems(kingdom: Kingdom) -> list[str]:
    """The win check: one sentence for each missing card, empty slot and failing requirement.

    The list is empty exactly when the kingdom wins: nine cards, twelve patrols, every requirement
    met.
    """
    lines = [
        f"No card lies at the {place_name(p)} position yet."
        for p in POSITIONS
        if kingdom.card_at(p) is None
    ]
    lines += [
        f"The slot between {place_name(s.a)} and {place_name(s.b)} holds no patrol."
        for s in SLOTS
        if not kingdom.patrol(s)
    ]
    return lines + [failure.sentence for failure in failures(kingdom)]


def is_win(kingdom: Kingdom) -> bool:
    """Whether ``kingdom`` wins: all nine cards, all twelve patrols, no failing requirement."""
    return not problems(kingdom)
