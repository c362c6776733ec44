"""12 Patrols, turn by turn: set-up, laying cards, placing patrols and re-rolling dice.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

A :class:`State` is a game in progress: the kingdom, the cards still to come (the first three face
up), the unused items and the discarded ones. :func:`new_game`, :func:`place_card`,
:func:`place_patrol` and :func:`reroll` play it and raise :class:`IllegalTurn` with one sentence
for anything the rules do not allow. :func:`apply` plays a :class:`Turn` (see
:mod:`~patrolkit.games.twelve_patrols.turns`), :func:`parse_turn` reads one written out and
:func:`is_legal` says whether the rules allow it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from patrolkit.errors import IllegalTurn, LayoutError
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import (
    DIE_FACES,
    SIZE,
    SLOTS,
    Card,
    Deck,
    Item,
    Position,
    Roll,
    Slot,
    supply,
)
from patrolkit.games.twelve_patrols.places import check_position, line_name, place_name
from patrolkit.games.twelve_patrols.rules import join_words
from patrolkit.games.twelve_patrols.turns import PlaceCard, PlacePatrol, Reroll, Turn
from patrolkit.i18n import _

OFFER = 3
"""How many cards of the pile lie face up to choose from."""


@dataclass(frozen=True)
class State:
    """A game in progress.

    ``pile`` holds the cards still to place in draw order; the first :data:`OFFER` lie face up and
    only those may be placed. ``supply`` holds the unused items with what each die shows now;
    ``discarded`` the items spent on re-rolls.
    """

    kingdom: Kingdom
    pile: tuple[Card, ...]
    supply: tuple[Item, ...]
    discarded: tuple[Item, ...] = field(default=())

    @property
    def deck(self) -> Deck:
        """The deck being played."""
        return self.kingdom.deck

    @property
    def offer(self) -> tuple[Card, ...]:
        """The face-up cards, to choose the next card from."""
        return self.pile[:OFFER]


def new_game(deck: Deck, roll: Roll, order: Sequence[int] | None = None) -> State:
    """The set-up: an empty kingdom, all 18 items with the dice showing ``roll``, and the cards
    in the draw ``order`` (card numbers 1 to 9; deck order if not given)."""
    numbers = list(order) if order is not None else list(range(1, len(deck.cards) + 1))
    if sorted(numbers) != list(range(1, len(deck.cards) + 1)):
        raise LayoutError(
            _("A draw order names each card number 1 to 9 once, not {numbers}.").format(
                numbers=numbers
            )
        )
    return State(Kingdom(deck), tuple(deck.card(n) for n in numbers), supply(roll))


def _unfilled_lines(kingdom: Kingdom) -> list[str]:
    """Sentences for complete rows and columns that still have an empty slot."""
    lines = []
    for kind, index in kingdom.complete_lines():
        empty = [
            s
            for s in SLOTS
            if (s.horizontal == (kind == "row"))
            and (s.a[0] if kind == "row" else s.a[1]) == index
            and not kingdom.patrol(s)
        ]
        if len(empty) == 1:
            lines.append(
                _(
                    "the {line} is complete, so the patrol between {a} and {b} must be placed first"
                ).format(
                    line=line_name(kind, index), a=place_name(empty[0].a), b=place_name(empty[0].b)
                )
            )
        elif empty:
            lines.append(
                _(
                    "the {line} is complete, so the patrols between {a} and {b} and between {c}"
                    " and {d} must be placed first"
                ).format(
                    line=line_name(kind, index),
                    a=place_name(empty[0].a),
                    b=place_name(empty[0].b),
                    c=place_name(empty[1].a),
                    d=place_name(empty[1].b),
                )
            )
    return lines


def place_card(state: State, card: Card, position: Position) -> State:
    """Place ``card`` (face up) at ``position``: next to a placed card, unless it is the first.

    Refused while a complete row or column still has an empty slot.
    """
    row, column = check_position(position)
    kingdom = state.kingdom
    if card not in state.offer:
        if card in kingdom.cards:
            raise IllegalTurn(
                _("{card} is already in the kingdom; placed cards never move.").format(
                    card=card.name
                )
            )
        if not state.offer:
            raise IllegalTurn(
                _("{card} is not face up: no card is left to choose from.").format(card=card.name)
            )
        raise IllegalTurn(
            _("{card} is not face up: the cards to choose from are {offer}.").format(
                card=card.name, offer=join_words([c.name for c in state.offer])
            )
        )
    if kingdom.card_at((row, column)) is not None:
        raise IllegalTurn(
            _("A card already lies at the {place} position.").format(
                place=place_name((row, column))
            )
        )
    unfilled = _unfilled_lines(kingdom)
    if unfilled:
        raise IllegalTurn(_("Before the next card, {reason}.").format(reason=unfilled[0]))
    neighbours = [(row + dr, column + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    if kingdom.placed and not any(
        0 <= r < SIZE and 0 <= c < SIZE and kingdom.card_at((r, c)) is not None
        for r, c in neighbours
    ):
        raise IllegalTurn(
            _(
                "The {place} position touches no placed card: every card after the first goes"
                " next to one, side by side."
            ).format(place=place_name((row, column)))
        )
    pile = list(state.pile)
    pile.remove(card)
    return State(kingdom.with_card(card, (row, column)), tuple(pile), state.supply, state.discarded)


def _take(state: State, item: Item, purpose: str) -> Item:
    """The unused item ``item`` names (by kind, colour and number), checked for its value;
    ``purpose`` is ``place``, ``re-roll`` or ``discard``."""
    for own in state.supply:
        if own.key == item.key:
            if item.is_die and own.value != item.value:
                raise IllegalTurn(
                    _("The {item} shows {value}, not {asked}.").format(
                        item=item.name, value=own.value, asked=item.value
                    )
                )
            return own
    name = item.name
    if any(own.key == item.key for own in state.kingdom.items):
        raise IllegalTurn(
            _("The {item} already stands in a patrol; placed items never move.").format(item=name)
        )
    if any(own.key == item.key for own in state.discarded):
        raise IllegalTurn(
            _("The {item} was discarded for a re-roll and is out of the game.").format(item=name)
        )
    if purpose == "place":
        raise IllegalTurn(_("There is no {item} to place.").format(item=name))
    if purpose == "re-roll":
        raise IllegalTurn(_("There is no {item} to re-roll.").format(item=name))
    raise IllegalTurn(_("There is no {item} to discard.").format(item=name))


def place_patrol(state: State, slot: Slot, items: Iterable[Item]) -> State:
    """Place a patrol of one or more unused ``items`` on the empty slot ``slot``.

    A patrol is placed whole, on a slot between two placed cards, and never changes afterwards. A
    patrol that breaks a requirement is not refused: it loses the game, as :func:`failures` says.
    """
    kingdom = state.kingdom
    if slot not in SLOTS:
        raise IllegalTurn(_("{slot} is not a patrol slot of the kingdom.").format(slot=slot.name))
    a, b = place_name(slot.a), place_name(slot.b)
    if not kingdom.is_open(slot):
        raise IllegalTurn(
            _("The slot between {a} and {b} needs a card on both sides first.").format(a=a, b=b)
        )
    if kingdom.patrol(slot):
        raise IllegalTurn(
            _(
                "The slot between {a} and {b} already holds a patrol; placed items never move."
            ).format(a=a, b=b)
        )
    chosen = list(items)
    if not chosen:
        raise IllegalTurn(_("A patrol holds at least one item."))
    if len({item.key for item in chosen}) != len(chosen):
        raise IllegalTurn(_("The same item cannot stand twice in one patrol."))
    taken = [_take(state, item, "place") for item in chosen]
    keys = {item.key for item in taken}
    rest = tuple(item for item in state.supply if item.key not in keys)
    return State(kingdom.with_patrol(slot, taken), state.pile, rest, state.discarded)


def reroll(state: State, die: Item, value: int, discard: Item) -> State:
    """Turn the unused ``die`` to ``value`` by discarding another unused item, ``discard``."""
    if not die.is_die:
        raise IllegalTurn(
            _("The {item} is a cube: only a die can be re-rolled.").format(item=die.label)
        )
    own = _take(state, die, "re-roll")
    if isinstance(value, bool) or value not in DIE_FACES:
        raise IllegalTurn(_("A die shows 1 to 6, not {value}.").format(value=value))
    if value == own.value:
        raise IllegalTurn(
            _("The {item} already shows {value}: a re-roll must change its value.").format(
                item=own.name, value=value
            )
        )
    if discard.key == own.key:
        raise IllegalTurn(_("A die cannot pay for its own re-roll: discard another unused item."))
    paid = _take(state, discard, "discard")
    rest = tuple(
        own.showing(value) if item.key == own.key else item
        for item in state.supply
        if item.key != paid.key
    )
    return State(state.kingdom, state.pile, rest, (*state.discarded, paid))


# -- turns written out --------------------------------------------------------------------------


def apply(state: State, turn: Turn) -> State:
    """The game after ``turn``: :func:`place_card`, :func:`place_patrol` or :func:`reroll`.

    Raises :class:`IllegalTurn` with one sentence for anything the rules do not allow.
    """
    if isinstance(turn, PlaceCard):
        return place_card(state, state.deck.card(turn.number), turn.position)
    if isinstance(turn, PlacePatrol):
        return place_patrol(state, turn.slot, turn.items)
    if isinstance(turn, Reroll):
        return reroll(state, turn.die, turn.value, turn.discard)
    raise IllegalTurn(_("{turn!r} is not a turn of 12 Patrols.").format(turn=turn))


def parse_turn(state: State, text: str) -> Turn:
    """The turn written ``text`` (``4@tl``, ``tl-tc:D-B2=4,Q-Y1``, ``D-B2=4>6/Q-Y1``), checked
    against ``state``.

    Raises :class:`NotationError` when the text is not a turn, :class:`IllegalTurn` when it is one
    the rules do not allow here.

    >>> from patrolkit.games.twelve_patrols import shipped_decks
    >>> game = new_game(shipped_decks()["easy"].deck, (1, 2, 3, 4, 5, 6, 1, 2, 3))
    >>> parse_turn(game, "1@mc")
    PlaceCard(number=1, position=(1, 1))
    >>> parse_turn(game, "9@mc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    patrolkit.errors.IllegalTurn: Wolfsgate is not face up: the cards to choose from are Ashen ...
    """
    turn = Turn.parse(text)
    apply(state, turn)
    return turn


def format_turn(state: State, turn: Turn) -> str:
    """``turn`` in the notation :func:`parse_turn` reads (``4@tl``, ``tl-tc:Q-W1``,
    ``D-B2=4>6/Q-Y1``); a 12 Patrols turn needs nothing from ``state`` to be written."""
    return turn.notation


def is_legal(state: State, turn: Turn) -> bool:
    """Whether ``turn`` may be played in ``state``.

    Yes exactly when :func:`apply` plays it without raising :class:`IllegalTurn`.
    """
    try:
        apply(state, turn)
    except IllegalTurn:
        return False
    return True
