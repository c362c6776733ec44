"""12 Patrols decks on file: ratings, witnesses, and the TOML-ready form of a rated deck.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

A *rated deck* is a deck with its difficulty, the figures the difficulty comes from
(:class:`Rating`) and a *witness*: one roll and a winning kingdom for it, the proof that the deck
can be won. Decks are made by ``generator.twelve_patrols.decks``; the three we ship live in
``templates/twelve_patrols.toml``.

Difficulty
----------
A deck is rated on a sample of seeded rolls: ``share`` is the part of them for which the deck can
be won, ``arrangements`` the median number of winning arrangements (see
:func:`~patrolkit.games.twelve_patrols.solver.count_solutions`, counted up to
:data:`ARRANGEMENT_CAP`) over the first :data:`COUNTED_ROLLS` winnable rolls. Then:

* **easy**: share at least 0.80 and at least 100 winning arrangements;
* **medium**: otherwise, share at least 0.45 and at least 10 winning arrangements;
* **hard**: otherwise, share at least 0.15;
* below that the deck is not offered at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import (
    SIZE,
    SLOTS,
    Card,
    Deck,
    Item,
    Roll,
    check_roll,
)
from patrolkit.games.twelve_patrols.rules import problems
from patrolkit.games.twelve_patrols.turns import Reroll
from patrolkit.games.twelve_patrols.witness import Solution
from patrolkit.i18n import _
from patrolkit.inputs import NAME_LIMIT, printable_name, whole

DIFFICULTIES = ("easy", "medium", "hard")
EASY_SHARE = 0.80
MEDIUM_SHARE = 0.45
HARD_SHARE = 0.15
EASY_ARRANGEMENTS = 100
MEDIUM_ARRANGEMENTS = 10
ARRANGEMENT_CAP = 200
"""Winning arrangements are counted up to this many for one roll."""
COUNTED_ROLLS = 3
"""How many winnable rolls of the sample get their winning arrangements counted."""


def difficulty_of(share: float, arrangements: int) -> str | None:
    """The difficulty these figures earn (see the module), or ``None`` if the deck is too hard."""
    if share >= EASY_SHARE and arrangements >= EASY_ARRANGEMENTS:
        return "easy"
    if share >= MEDIUM_SHARE and arrangements >= MEDIUM_ARRANGEMENTS:
        return "medium"
    if share >= HARD_SHARE:
        return "hard"
    return None


CARD_NAME_LIMIT = 24
"""The longest card name, in characters (it is printed on the card's banner)."""
MOST_ROLLS = 1_000_000
"""The most rolls (or arrangements) a rating may count."""
MOST_SEED = 2**63 - 1
"""The largest roll seed on file."""


@dataclass(frozen=True)
class Rating:
    """How a deck fared on ``rolls`` rolls drawn from ``roll_seed``: ``winnable`` of them can be
    won, with ``arrangements`` winning arrangements (median, capped)."""

    rolls: int
    winnable: int
    arrangements: int
    roll_seed: int

    @property
    def share(self) -> float:
        """The part of the sampled rolls that can be won."""
        return self.winnable / self.rolls if self.rolls else 0.0

    @property
    def difficulty(self) -> str | None:
        return difficulty_of(self.share, self.arrangements)


@dataclass(frozen=True)
class Witness:
    """A roll and a winning kingdom for it."""

    roll: Roll
    solution: Solution


@dataclass(frozen=True)
class RatedDeck:
    """A deck, its difficulty, the figures behind it and a witness that it can be won."""

    deck: Deck
    difficulty: str
    rating: Rating
    witness: Witness
    seed: int | None = None
    """The generator seed the deck came from, if any."""
    note: str = ""


# -- TOML-ready dictionaries ---------------------------------------------------------------------


def deck_to_dict(deck: Deck) -> dict[str, Any]:
    """``{"name": ..., "cards": [{"name": ..., "edges": "N3+B:-:S6:A"}, ...]}``."""
    return {
        "name": deck.name,
        "cards": [{"name": card.name, "edges": card.code} for card in deck.cards],
    }


def deck_from_dict(data: Mapping[str, Any]) -> Deck:
    """The deck a parsed TOML table describes (the form of :func:`deck_to_dict`).

    Raises :class:`LayoutError` or :class:`NotationError` with one sentence naming the problem.
    """
    if not isinstance(data, Mapping):
        raise LayoutError(_("A deck is a table with a 'name' and nine 'cards'."))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise LayoutError(_("A deck needs a 'name'."))
    name = printable_name(name, _("deck's 'name'"), NAME_LIMIT)
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise LayoutError(_("The deck '{deck}' needs a list of 'cards'.").format(deck=name))
    parsed = []
    for number, entry in enumerate(cards, start=1):
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("name"), str)
            or not isinstance(entry.get("edges"), str)
        ):
            raise LayoutError(
                _(
                    "Card {number} of the deck '{deck}' needs a 'name' and 'edges' (like"
                    " N3+B:-:S6:A)."
                ).format(number=number, deck=name)
            )
        card_name = printable_name(
            entry["name"], _("name of card {number}").format(number=number), CARD_NAME_LIMIT
        )
        try:
            parsed.append(Card.from_code(card_name, entry["edges"]))
        except NotationError as exc:
            raise NotationError(
                _("Card {number} ({card}) of '{deck}': {problem}").format(
                    number=number, card=card_name, deck=name, problem=exc
                )
            ) from None
    return Deck(name, tuple(parsed))


def witness_to_dict(witness: Witness) -> dict[str, Any]:
    """The roll, the card names row by row, each slot's items (in :data:`SLOTS` order, as item
    notations separated by spaces) and the re-rolls."""
    kingdom = witness.solution.kingdom
    return {
        "roll": list(witness.roll),
        "cards": [card.name if card is not None else "" for card in kingdom.cards],
        "patrols": [" ".join(item.notation for item in patrol) for patrol in kingdom.patrols],
        "rerolls": [
            {"die": r.die.notation, "value": r.value, "discard": r.discard.notation}
            for r in witness.solution.rerolls
        ],
    }


def witness_from_dict(deck: Deck, data: Mapping[str, Any]) -> Witness:
    """Read :func:`witness_to_dict` back; the kingdom must win."""
    try:
        roll = check_roll(tuple(data["roll"]))
        names = list(data["cards"])
        patrols = list(data["patrols"])
        rerolls = list(data.get("rerolls", []))
    except (KeyError, TypeError, AttributeError):
        raise LayoutError(
            _("The witness of '{deck}' needs a 'roll', 'cards' and 'patrols'.").format(
                deck=deck.name
            )
        ) from None
    by_name = {card.name: card for card in deck.cards}
    names = [name.strip() if isinstance(name, str) else name for name in names]
    if len(names) != SIZE * SIZE or any(
        not isinstance(name, str) or name not in by_name for name in names
    ):
        raise LayoutError(
            _("The witness of '{deck}' must name the deck's nine cards.").format(deck=deck.name)
        )
    if len(patrols) != len(SLOTS) or not all(isinstance(p, str) for p in patrols):
        raise LayoutError(_("The witness of '{deck}' needs 12 patrols.").format(deck=deck.name))
    kingdom = Kingdom(
        deck,
        tuple(by_name[name] for name in names),
        tuple(tuple(Item.parse(word) for word in patrol.split()) for patrol in patrols),
    )
    try:
        paid = tuple(
            Reroll(
                Item.parse(r["die"]),
                whole(r["value"], _("re-rolled value"), least=1, most=6),
                Item.parse(r["discard"]),
            )
            for r in rerolls
        )
    except (KeyError, TypeError, ValueError, LayoutError):
        raise LayoutError(
            _(
                "A re-roll of the witness of '{deck}' needs a 'die', a 'value' and a 'discard'."
            ).format(deck=deck.name)
        ) from None
    wrong = problems(kingdom)
    if wrong:
        raise LayoutError(
            _("The witness of '{deck}' does not win: {problem}").format(
                deck=deck.name, problem=wrong[0]
            )
        )
    return Witness(roll, Solution(kingdom, paid))


def rated_to_dict(rated: RatedDeck) -> dict[str, Any]:
    """A rated deck as a TOML-ready table (see ``templates/twelve_patrols.toml``)."""
    table: dict[str, Any] = {
        "name": rated.deck.name,
        "difficulty": rated.difficulty,
    }
    if rated.seed is not None:
        table["seed"] = rated.seed
    if rated.note:
        table["note"] = rated.note
    table["rating"] = {
        "rolls": rated.rating.rolls,
        "roll_seed": rated.rating.roll_seed,
        "winnable": rated.rating.winnable,
        "share": round(rated.rating.share, 3),
        "arrangements": rated.rating.arrangements,
    }
    table["cards"] = deck_to_dict(rated.deck)["cards"]
    table["witness"] = witness_to_dict(rated.witness)
    return table


def rated_from_dict(data: Mapping[str, Any]) -> RatedDeck:
    """Read :func:`rated_to_dict` back, checking that the difficulty matches the figures and
    that the witness wins."""
    deck = deck_from_dict(data)
    try:
        figures = data["rating"]
        rolls, winnable, arrangements, roll_seed = (
            figures[key] for key in ("rolls", "winnable", "arrangements", "roll_seed")
        )
    except (KeyError, TypeError):
        raise LayoutError(
            _(
                "The deck '{deck}' needs a 'rating' with rolls, roll_seed, winnable and"
                " arrangements."
            ).format(deck=deck.name)
        ) from None
    name = deck.name
    rating = Rating(
        whole(rolls, _("number of rolls of '{deck}'").format(deck=name), least=1, most=MOST_ROLLS),
        whole(
            winnable, _("number of winnable rolls of '{deck}'").format(deck=name), most=MOST_ROLLS
        ),
        whole(
            arrangements, _("number of arrangements of '{deck}'").format(deck=name), most=MOST_ROLLS
        ),
        whole(roll_seed, _("roll seed of '{deck}'").format(deck=name), most=MOST_SEED),
    )
    if rating.winnable > rating.rolls:
        raise LayoutError(
            _("The deck '{deck}' says {winnable} of {rolls} rolls are winnable.").format(
                deck=name, winnable=rating.winnable, rolls=rating.rolls
            )
        )
    share = figures.get("share")
    if share is not None and share != round(rating.share, 3):
        raise LayoutError(
            _(
                "The deck '{deck}' says a share of {share}, but {winnable} of {rolls} rolls make"
                " {made}."
            ).format(
                deck=name,
                share=share,
                winnable=rating.winnable,
                rolls=rating.rolls,
                made=round(rating.share, 3),
            )
        )
    difficulty = data.get("difficulty")
    if difficulty not in DIFFICULTIES:
        raise LayoutError(
            _("The deck '{deck}' has difficulty {difficulty!r}; it is one of {choices}.").format(
                deck=name, difficulty=difficulty, choices=", ".join(DIFFICULTIES)
            )
        )
    if rating.difficulty != difficulty:
        raise LayoutError(
            (
                _("The deck '{deck}' is marked {difficulty}, but its figures make it {made}.")
                if rating.difficulty
                else _(
                    "The deck '{deck}' is marked {difficulty}, but its figures make it too"
                    " hard to offer."
                )
            ).format(deck=name, difficulty=difficulty, made=rating.difficulty)
        )
    if "witness" not in data:
        raise LayoutError(
            _("The deck '{deck}' needs a 'witness' that it can be won.").format(deck=name)
        )
    witness = witness_from_dict(deck, data["witness"])
    seed = data.get("seed")
    return RatedDeck(
        deck,
        difficulty,
        rating,
        witness,
        seed if isinstance(seed, int) else None,
        str(data.get("note", "")),
    )


def rated_decks_from_dict(data: Mapping[str, Any]) -> dict[str, RatedDeck]:
    """Every rated deck of a parsed decks file: its ``decks`` table, by key."""
    decks = data.get("decks")
    if not isinstance(decks, Mapping) or not decks:
        raise LayoutError(_("A decks file holds a 'decks' table with one table per deck."))
    return {str(key): rated_from_dict(table) for key, table in decks.items()}


def check_difficulty(difficulty: str) -> str:
    """``difficulty``, or :class:`LayoutError` unless it is easy, medium or hard."""
    if difficulty not in DIFFICULTIES:
        raise LayoutError(
            _("There is no '{difficulty}' difficulty: choose {choices}.").format(
                difficulty=difficulty, choices=", ".join(DIFFICULTIES)
            )
        )
    return difficulty
