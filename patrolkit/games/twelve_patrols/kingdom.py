"""12 Patrols kingdom: the cards and patrols on the table.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them. Judging its
requirements is :mod:`~patrolkit.games.twelve_patrols.rules`; playing a game, turn by turn, is
:mod:`~patrolkit.games.twelve_patrols.play`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.twelve_patrols.model import (
    SIZE,
    SLOTS,
    Card,
    Deck,
    Item,
    Position,
    Slot,
)
from patrolkit.games.twelve_patrols.places import (
    POSITIONS,
    SLOT_INDEX,
    Patrol,
    check_position,
    place_name,
)
from patrolkit.games.twelve_patrols.turns import PlaceCard, PlacePatrol, Turn
from patrolkit.i18n import _


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
            raise LayoutError(
                _("A kingdom has 9 positions, not {count}.").format(count=len(self.cards))
            )
        if len(self.patrols) != len(SLOTS):
            raise LayoutError(
                _("A kingdom has 12 patrol slots, not {count}.").format(count=len(self.patrols))
            )
        own = {card.name: card for card in self.deck.cards}
        seen: set[str] = set()
        for position, card in zip(POSITIONS, self.cards, strict=True):
            if card is None:
                continue
            if own.get(card.name) != card:
                raise LayoutError(
                    _("{card} ({place}) is not a card of the deck '{deck}'.").format(
                        card=card.name, place=place_name(position), deck=self.deck.name
                    )
                )
            if card.name in seen:
                raise LayoutError(_("{card} lies twice in the kingdom.").format(card=card.name))
            seen.add(card.name)
        keys: set[tuple[object, ...]] = set()
        patrols = []
        for slot, patrol in zip(SLOTS, self.patrols, strict=True):
            patrol = tuple(sorted(patrol))
            patrols.append(patrol)
            if patrol and (self.card_at(slot.a) is None or self.card_at(slot.b) is None):
                raise LayoutError(
                    _(
                        "A patrol stands between {a} and {b}, but a patrol needs a card on both"
                        " sides."
                    ).format(a=place_name(slot.a), b=place_name(slot.b))
                )
            for item in patrol:
                if item.key in keys:
                    raise LayoutError(
                        _("The {item} stands in two patrols at once.").format(item=item.name)
                    )
                keys.add(item.key)
        object.__setattr__(self, "patrols", tuple(patrols))

    def card_at(self, position: Position) -> Card | None:
        """The card at ``position``, or ``None``."""
        row, column = position
        return self.cards[row * SIZE + column]

    def patrol(self, slot: Slot) -> Patrol:
        """The patrol on ``slot`` (``()`` if empty)."""
        return self.patrols[SLOT_INDEX[slot]]

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
        patrols[SLOT_INDEX[slot]] = tuple(sorted(items))
        return Kingdom(self.deck, self.cards, tuple(patrols))

    def shifted(self, rows: int, columns: int) -> Kingdom:
        """This kingdom with every card and patrol moved ``rows`` down and ``columns`` right;
        :class:`LayoutError` if a card would leave the 3 x 3 grid."""
        cards = {}
        for r, c in self.placed:
            card = self.card_at((r, c))
            assert card is not None
            if not (0 <= r + rows < SIZE and 0 <= c + columns < SIZE):
                raise LayoutError(_("Moved that far, a card would leave the 3 x 3 kingdom."))
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
        return self.shifted(-min(r for r, _c in self.placed), -min(c for _r, c in self.placed))

    def placements(self) -> list[Kingdom]:
        """Every place of the 3 x 3 grid this kingdom, moved without turning, may lie on."""
        anchored = self.anchored()
        rows = max((r for r, _c in anchored.placed), default=0)
        columns = max((c for _r, c in anchored.placed), default=0)
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
                _(
                    "'{text}' is not a kingdom: deck id, cards and patrols, separated by spaces."
                ).format(text=text)
            )
        deck_id, rows, patrols = parts
        if deck_id != deck.id:
            raise NotationError(
                _("This kingdom is of the deck {id}, not of '{deck}' ({deck_id}).").format(
                    id=deck_id, deck=deck.name, deck_id=deck.id
                )
            )
        lines = rows.split("/")
        if len(lines) != SIZE or any(len(line) != SIZE for line in lines):
            raise NotationError(
                _(
                    "'{text}' is not three rows of three cards (a number 1 to 9, or . for none)."
                ).format(text=rows)
            )
        cards: list[Card | None] = []
        for mark in "".join(lines):
            if mark == ".":
                cards.append(None)
            elif mark.isdigit() and 1 <= int(mark) <= SIZE * SIZE:
                cards.append(deck.card(int(mark)))
            else:
                raise NotationError(
                    _("'{text}' is not a card number (1 to 9, or . for none).").format(text=mark)
                )
        slots = patrols.split(";")
        if len(slots) != len(SLOTS):
            raise NotationError(
                _("A kingdom has 12 patrols separated by ';', not {count}.").format(
                    count=len(slots)
                )
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
    def from_placed(cls, deck: Deck, text: str) -> Kingdom:
        """A kingdom of ``deck`` holding only the cards and patrols written out in ``text``.

        Words are separated by spaces: a card as ``4@tl`` (its number in the deck and its
        position), a patrol as ``tl-tc:D-B2=4,Q-Y1`` (its slot and its items) — the notation of
        :class:`~patrolkit.games.twelve_patrols.turns.PlaceCard` and
        :class:`~patrolkit.games.twelve_patrols.turns.PlacePatrol`. No rule of play is checked,
        only that the kingdom hangs together; :class:`NotationError` says what is wrong.
        :attr:`placed_text` writes a kingdom back this way.

        >>> from patrolkit.games.twelve_patrols import shipped_decks
        >>> deck = shipped_decks()["easy"].deck
        >>> kingdom = Kingdom.from_placed(deck, "2@tc 1@tl tl-tc:Q-W1,D-B2=4")
        >>> kingdom.placed_text, len(kingdom.open_slots)
        ('1@tl 2@tc tl-tc:Q-W1,D-B2=4', 0)
        """
        cards: dict[Position, Card] = {}
        patrols: dict[Slot, tuple[Item, ...]] = {}
        for word in text.split():
            turn = Turn.parse(word)
            if isinstance(turn, PlaceCard):
                if turn.position in cards:
                    raise NotationError(
                        _("Two cards lie at the {place} position.").format(
                            place=place_name(turn.position)
                        )
                    )
                cards[turn.position] = deck.card(turn.number)
            elif isinstance(turn, PlacePatrol):
                if turn.slot in patrols:
                    raise NotationError(
                        _("Two patrols stand between {a} and {b}.").format(
                            a=place_name(turn.slot.a), b=place_name(turn.slot.b)
                        )
                    )
                patrols[turn.slot] = turn.items
            else:
                raise NotationError(
                    _("'{text}' is a re-roll; a kingdom holds cards and patrols.").format(text=word)
                )
        try:
            return cls.build(deck, cards, patrols)
        except LayoutError as exc:
            raise NotationError(str(exc)) from None

    @property
    def placed_text(self) -> str:
        """The cards and patrols as :meth:`from_placed` reads them: cards row by row, then
        patrols in the order of :data:`SLOTS`."""
        words = [
            PlaceCard(self.deck.number(card), position).notation
            for position in POSITIONS
            if (card := self.card_at(position)) is not None
        ]
        words += [
            PlacePatrol(slot, patrol).notation
            for slot, patrol in zip(SLOTS, self.patrols, strict=True)
            if patrol
        ]
        return " ".join(words)

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
            lines[SLOT_INDEX[slot]] = tuple(sorted(items))
        return cls(deck, tuple(grid), tuple(lines))
