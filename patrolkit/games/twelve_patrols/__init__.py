"""12 Patrols: one player lays nine region cards in a 3 x 3 kingdom and guards it with twelve
patrols of cubes and dice, each card's edges asking something of the patrols beside it.

This module is the one to import; the rules are told in ``docs/rules/twelve-patrols.md``.

* The vocabulary (items, requirements, cards, decks, slots, rolls) lives in
  :mod:`~patrolkit.games.twelve_patrols.model`; the positions, their names and each requirement's
  scope in :mod:`~patrolkit.games.twelve_patrols.places`.
* The kingdom lives in :mod:`~patrolkit.games.twelve_patrols.kingdom` (:class:`Kingdom`), judging
  its requirements in :mod:`~patrolkit.games.twelve_patrols.rules`: :func:`failures`,
  :func:`problems`, :func:`is_win`.
* Playing a game lives in :mod:`~patrolkit.games.twelve_patrols.play`: :class:`State`,
  :func:`new_game`, :func:`place_card`, :func:`place_patrol`, :func:`reroll`, and :func:`apply`
  for a :class:`Turn` — :class:`PlaceCard`, :class:`PlacePatrol` or :class:`Reroll`, written out
  in :mod:`~patrolkit.games.twelve_patrols.turns`.
* The solver lives in :mod:`~patrolkit.games.twelve_patrols.solver`: :func:`solve`,
  :func:`reachable`, :func:`count_solutions`, :func:`count_completions`, :func:`prove`,
  :func:`why_not`; its search is :mod:`~patrolkit.games.twelve_patrols.search` and its engine
  room :mod:`~patrolkit.games.twelve_patrols.usage`, :mod:`~patrolkit.games.twelve_patrols.lines`,
  :mod:`~patrolkit.games.twelve_patrols.contents` and
  :mod:`~patrolkit.games.twelve_patrols.fillings`. Its answer, :class:`Solution`, and
  :func:`replay`, which plays one by the rules, live in
  :mod:`~patrolkit.games.twelve_patrols.witness`.
* Rated decks and their TOML-ready form live in :mod:`~patrolkit.games.twelve_patrols.decks`;
  :func:`shipped_decks` reads the three we ship.

Notation
--------
Positions are written ``tl`` … ``br`` (row ``t``/``m``/``b``, column ``l``/``c``/``r``), slots
``tl-tc``, items ``Q-Y1`` (a cube) or ``D-B2=4`` (a die showing 4). A turn lays a card (``4@tl``:
card number 4 of the deck at the top left), places a patrol (``tl-tc:D-B2=4,Q-Y1``) or re-rolls a
die (``D-B2=4>6/Q-Y1``: turned to 6 by discarding ``Q-Y1``). :func:`parse_turn` reads one for a
game in progress, :func:`format_turn` writes one, :func:`is_legal` says whether the rules allow
it. :meth:`Kingdom.from_placed` builds a kingdom holding only the cards and patrols written out,
like ``Kingdom.from_placed(deck, "4@tl 7@tc tl-tc:D-B2=4,Q-Y1")``.

All of it is pure: no I/O besides reading the shipped decks through :mod:`patrolkit.templates`.
"""

from __future__ import annotations

from functools import lru_cache

from patrolkit import templates
from patrolkit.errors import PayloadError
from patrolkit.games.twelve_patrols.decks import (
    ARRANGEMENT_CAP,
    COUNTED_ROLLS,
    DIFFICULTIES,
    EASY_ARRANGEMENTS,
    EASY_SHARE,
    HARD_SHARE,
    MEDIUM_ARRANGEMENTS,
    MEDIUM_SHARE,
    RatedDeck,
    Rating,
    Witness,
    check_difficulty,
    deck_from_dict,
    deck_to_dict,
    difficulty_of,
    rated_decks_from_dict,
    rated_from_dict,
    rated_to_dict,
    witness_from_dict,
    witness_to_dict,
)
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import (
    DIE_FACES,
    ROLL_ORDER,
    SERIALS,
    SIZE,
    SLOTS,
    Card,
    Deck,
    Edge,
    Item,
    ItemColour,
    ItemKind,
    Position,
    Requirement,
    RequirementKind,
    Roll,
    Side,
    Slot,
    check_roll,
    cubes,
    dice,
    random_roll,
    supply,
)
from patrolkit.games.twelve_patrols.places import (
    POSITIONS,
    Patrol,
    parse_position,
    parse_slot,
    place_name,
    position_code,
    scope,
    slot_code,
)
from patrolkit.games.twelve_patrols.play import (
    OFFER,
    State,
    apply,
    format_turn,
    is_legal,
    new_game,
    parse_turn,
    place_card,
    place_patrol,
    reroll,
)
from patrolkit.games.twelve_patrols.rules import Failure, failures, is_win, judge, problems
from patrolkit.games.twelve_patrols.search import LINES, line_positions, line_slots
from patrolkit.games.twelve_patrols.solver import (
    count_completions,
    count_solutions,
    prove,
    reachable,
    solve,
    why_not,
)
from patrolkit.games.twelve_patrols.turns import PlaceCard, PlacePatrol, Reroll, Turn
from patrolkit.games.twelve_patrols.witness import Solution, replay
from patrolkit.i18n import _
from patrolkit.payload import PatrolsCard, PatrolsCube, PatrolsDie

__all__ = [
    "ARRANGEMENT_CAP",
    "COUNTED_ROLLS",
    "DIE_FACES",
    "DIFFICULTIES",
    "EASY_ARRANGEMENTS",
    "EASY_SHARE",
    "HARD_SHARE",
    "LINES",
    "MEDIUM_ARRANGEMENTS",
    "MEDIUM_SHARE",
    "OFFER",
    "POSITIONS",
    "ROLL_ORDER",
    "SERIALS",
    "SIZE",
    "SLOTS",
    "Card",
    "Deck",
    "Edge",
    "Failure",
    "Item",
    "ItemColour",
    "ItemKind",
    "Kingdom",
    "Patrol",
    "PlaceCard",
    "PlacePatrol",
    "Position",
    "RatedDeck",
    "Rating",
    "Requirement",
    "RequirementKind",
    "Reroll",
    "Roll",
    "Side",
    "Slot",
    "Solution",
    "State",
    "Turn",
    "Witness",
    "apply",
    "card_from_payload",
    "card_payload",
    "check_difficulty",
    "check_roll",
    "count_completions",
    "count_solutions",
    "cubes",
    "deck_from_dict",
    "deck_to_dict",
    "dice",
    "difficulty_of",
    "failures",
    "format_turn",
    "is_legal",
    "is_win",
    "item_from_payload",
    "item_payload",
    "judge",
    "line_positions",
    "line_slots",
    "new_game",
    "parse_position",
    "parse_slot",
    "parse_turn",
    "place_card",
    "place_name",
    "place_patrol",
    "position_code",
    "problems",
    "prove",
    "random_roll",
    "rated_decks_from_dict",
    "rated_from_dict",
    "rated_to_dict",
    "reachable",
    "replay",
    "reroll",
    "scope",
    "shipped_decks",
    "slot_code",
    "solve",
    "supply",
    "why_not",
    "witness_from_dict",
    "witness_to_dict",
]


@lru_cache(maxsize=1)
def shipped_decks() -> dict[str, RatedDeck]:
    """Our three rated decks, ``easy``, ``medium`` and ``hard``, from
    ``templates/twelve_patrols.toml``."""
    return rated_decks_from_dict(templates.load("twelve_patrols"))


# -- QR payloads ------------------------------------------------------------------------------


def card_payload(deck: Deck, card: Card) -> PatrolsCard:
    """What the QR code of ``card`` carries: the deck's id, the card's number and its edges."""
    return PatrolsCard(deck.id, deck.number(card), card.code)


def item_payload(item: Item) -> PatrolsDie | PatrolsCube:
    """What the QR code of a cube, or of the face of a die showing ``item.value``, carries."""
    if item.is_die:
        assert item.value is not None
        return PatrolsDie(item.colour.value, item.serial, item.value)
    return PatrolsCube(item.colour.value, item.serial)


def item_from_payload(code: PatrolsDie | PatrolsCube) -> Item:
    """The item a decoded cube or die-face code stands for."""
    colour = ItemColour(code.colour)
    if isinstance(code, PatrolsDie):
        return Item(ItemKind.DIE, colour, code.serial, code.value)
    if isinstance(code, PatrolsCube):
        return Item(ItemKind.CUBE, colour, code.serial)
    raise PayloadError(_("This code is not a 12 Patrols cube or die."))


def card_from_payload(deck: Deck, code: PatrolsCard) -> Card:
    """The card of ``deck`` a decoded card code names; :class:`PayloadError` if it belongs to
    another deck or its edges differ from the deck's card."""
    if code.deck != deck.id:
        raise PayloadError(
            _("This card belongs to the deck {id}, not to '{deck}' ({deck_id}).").format(
                id=code.deck, deck=deck.name, deck_id=deck.id
            )
        )
    card = deck.card(code.number)
    if card.code != code.edges:
        raise PayloadError(
            _("Card {number} of '{deck}' reads {edges}, but its code says {coded}.").format(
                number=code.number, deck=deck.name, edges=card.code, coded=code.edges
            )
        )
    return card
