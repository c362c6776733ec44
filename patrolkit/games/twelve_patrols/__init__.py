"""12 Patrols: one player lays nine region cards in a 3 x 3 kingdom and guards it with twelve
patrols of cubes and dice, each card's edges asking something of the patrols beside it.

This module is the one to import; the rules are told in ``docs/rules/twelve-patrols.md``.

* The vocabulary (items, requirements, cards, decks, slots, rolls) lives in
  :mod:`~patrolkit.games.twelve_patrols.model`.
* The kingdom and judging its requirements live in :mod:`~patrolkit.games.twelve_patrols.rules`:
  :class:`Kingdom`, :func:`failures`, :func:`problems`, :func:`is_win`.
* Playing a game lives in :mod:`~patrolkit.games.twelve_patrols.play`: :class:`State`,
  :func:`new_game`, :func:`place_card`, :func:`place_patrol`, :func:`reroll`.
* The solver lives in :mod:`~patrolkit.games.twelve_patrols.solver`: :func:`solve`,
  :func:`reachable`, :func:`count_solutions`, :func:`count_completions`, :func:`prove`,
  :func:`why_not`; its engine room is :mod:`~patrolkit.games.twelve_patrols.usage`,
  :mod:`~patrolkit.games.twelve_patrols.contents` and :mod:`~patrolkit.games.twelve_patrols.lines`.
  Its answers, :class:`Solution` and :class:`Reroll`, and :func:`replay`, which plays one by the
  rules, live in :mod:`~patrolkit.games.twelve_patrols.witness`.
* Rated decks and their TOML-ready form live in :mod:`~patrolkit.games.twelve_patrols.decks`;
  :func:`shipped_decks` reads the three we ship.

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
from patrolkit.games.twelve_patrols.play import (
    OFFER,
    State,
    new_game,
    place_card,
    place_patrol,
    reroll,
)
from patrolkit.games.twelve_patrols.rules import (
    POSITIONS,
    Failure,
    Kingdom,
    Patrol,
    failures,
    is_win,
    judge,
    place_name,
    problems,
    scope,
)
from patrolkit.games.twelve_patrols.solver import (
    LINES,
    count_completions,
    count_solutions,
    line_positions,
    line_slots,
    prove,
    reachable,
    solve,
    why_not,
)
from patrolkit.games.twelve_patrols.witness import Reroll, Solution, replay
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
    "Witness",
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
    "is_win",
    "item_from_payload",
    "item_payload",
    "judge",
    "line_positions",
    "line_slots",
    "new_game",
    "place_card",
    "place_name",
    "place_patrol",
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
    raise PayloadError("This code is not a 12 Patrols cube or die.")


def card_from_payload(deck: Deck, code: PatrolsCard) -> Card:
    """The card of ``deck`` a decoded card code names; :class:`PayloadError` if it belongs to
    another deck or its edges differ from the deck's card."""
    if code.deck != deck.id:
        raise PayloadError(
            f"This card belongs to the deck {code.deck}, not to '{deck.name}' ({deck.id})."
        )
    card = deck.card(code.number)
    if card.code != code.edges:
        raise PayloadError(
            f"Card {code.number} of '{deck.name}' reads {card.code},"
            f" but its code says {code.edges}."
        )
    return card
