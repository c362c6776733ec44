"""Seeded random 12 Patrols decks, rated and proved winnable by the solver.

Pure standard library: the same seed and difficulty give the same deck on every machine.

A candidate deck is *planted*: a roll, an arrangement of nine cards with names of our own and
twelve patrols are drawn first, then each inner edge gets none, one or two requirements that the
planted patrols meet (an item count, one, two or three colours, a dice sum), and each outer edge
gets none, one or two requirements drawn at random (ignored where the card was planted, they
matter wherever else it may go). Harder decks carry more requirements, more of them in pairs, and
fuller patrols. Each candidate is then rated on a sample of seeded rolls (see
:mod:`patrolkit.games.twelve_patrols.decks` for the thresholds); candidates that miss the
difficulty asked for are dropped, so a deck is only ever returned with a roll and a winning
kingdom that prove it can be won.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from generator.seeds import check_seed
from patrolkit.errors import LayoutError
from patrolkit.games.twelve_patrols import (
    ARRANGEMENT_CAP,
    COUNTED_ROLLS,
    EASY_ARRANGEMENTS,
    EASY_SHARE,
    HARD_SHARE,
    MEDIUM_ARRANGEMENTS,
    MEDIUM_SHARE,
    POSITIONS,
    SLOTS,
    Card,
    Deck,
    Item,
    RatedDeck,
    Rating,
    Requirement,
    RequirementKind,
    Roll,
    Side,
    Witness,
    check_difficulty,
    count_solutions,
    difficulty_of,
    random_roll,
    rated_to_dict,
    scope,
    solve,
    supply,
)
from patrolkit.games.twelve_patrols.usage import rule
from patrolkit.i18n import _

REGIONS = (
    "Ashen Moor",
    "Blackwater Ford",
    "Bramble March",
    "Cinder Heath",
    "Crowfoot Fen",
    "Drowned Vale",
    "Eastwind Reach",
    "Elder Hollow",
    "Falcon Crag",
    "Fernwood Glade",
    "Flint Ridge",
    "Fogbound Mire",
    "Gallows Hill",
    "Glimmer Lake",
    "Greystone Pass",
    "Harrow Downs",
    "Hawthorn Weald",
    "Heron Marsh",
    "Iron Gate",
    "Juniper Shore",
    "Kestrel Cliffs",
    "Lantern Bay",
    "Larkspur Meadow",
    "Lichen Barrows",
    "Millrace Ford",
    "Mistral Steppe",
    "Moonwell Glen",
    "Nettle Common",
    "Oakshade March",
    "Old King's Road",
    "Owlcall Wood",
    "Pike Fords",
    "Quarry Deeps",
    "Raven Tor",
    "Reedmere",
    "Rowan Vale",
    "Saltmarsh",
    "Shepherd's Rest",
    "Silver Birches",
    "Skylark Fields",
    "Slate Scarp",
    "Stag Leap",
    "Stormwatch Head",
    "Sunken Abbey",
    "Thistle Moor",
    "Thornback Ridge",
    "Tidewater Flats",
    "Twin Fords",
    "Umber Dunes",
    "Verdant Reach",
    "Wandering Marches",
    "Wether Downs",
    "Whispering Firs",
    "Wildfell",
    "Willow Ferry",
    "Wolfsgate",
    "Wyvern Scar",
    "Yarrow Heath",
)
"""Our own region names; a deck draws nine of them."""

DECK_TITLES = ("Realm", "Marches", "Reach", "Shires", "Borders", "Crownlands", "Vales", "Watch")
"""A deck is called "The <title> of <one of its regions>"."""

ROLLS = 50
"""Rolls in a rating sample."""
ATTEMPTS = 60
"""Candidate decks tried before giving up on a seed."""
NOTE = (
    "An original deck of our own, made and rated by patrolkit's generator; its cards and names are"
    " not those of any published game."
)


@dataclass(frozen=True)
class Style:
    """How a difficulty draws its cards: the chances of 0, 1 and 2 requirements on an edge, and
    the least and most items added to the planted patrols beyond one per slot."""

    none: float
    single: float
    double: float
    extras: tuple[int, int] = (0, 3)


STYLES = {
    "easy": Style(0.50, 0.42, 0.08, (0, 2)),
    "medium": Style(0.12, 0.50, 0.38, (2, 5)),
    "hard": Style(0.05, 0.45, 0.50, (3, 6)),
}
_FAMILIES = ("count", "colour", "sum")
_FAMILY_WEIGHTS = (0.32, 0.38, 0.30)
_COLOUR_KINDS = (
    RequirementKind.ONE_COLOUR,
    RequirementKind.TWO_COLOURS,
    RequirementKind.THREE_COLOURS,
)
_COLOUR_WEIGHTS = (0.4, 0.4, 0.2)
_COUNTS = (1, 2, 3, 4)
_COUNT_WEIGHTS = (0.25, 0.35, 0.28, 0.12)
_SUMS = tuple(range(2, 13))


def _requirement(rng: random.Random, family: str) -> Requirement:
    """A random requirement of ``family``: a count of 1 to 4, a colour kind or a sum of 2 to 12."""
    if family == "count":
        return Requirement(RequirementKind.COUNT, rng.choices(_COUNTS, _COUNT_WEIGHTS)[0])
    if family == "colour":
        return Requirement(rng.choices(_COLOUR_KINDS, _COLOUR_WEIGHTS)[0])
    return Requirement(RequirementKind.DICE_SUM, rng.choice(_SUMS))


def random_edge(rng: random.Random, style: Style) -> tuple[Requirement, ...]:
    """One edge: none, one or two requirements of different families that can hold together."""
    draw = rng.random()
    if draw < style.none:
        return ()
    if draw < style.none + style.single:
        return (_requirement(rng, rng.choices(_FAMILIES, _FAMILY_WEIGHTS)[0]),)
    while True:
        families = rng.sample(_FAMILIES, 2)
        edge = tuple(sorted(_requirement(rng, family) for family in families))
        if rule(edge) is not None:
            return edge


def planted_patrols(rng: random.Random, style: Style) -> list[list[Item]]:
    """Twelve patrols drawn from a fresh roll: one item each, then a few more at random."""
    items = list(supply(random_roll(rng)))
    rng.shuffle(items)
    patrols = [[items.pop()] for _unused in SLOTS]
    for _unused2 in range(rng.randint(*style.extras)):
        rng.choice(patrols).append(items.pop())
    return patrols


def true_requirements(items: Sequence[Item]) -> dict[str, Requirement]:
    """By family, a requirement that ``items`` (one scope) meet."""
    colours = len({item.colour for item in items})
    found = {
        "count": Requirement(RequirementKind.COUNT, len(items)),
        "colour": Requirement(_COLOUR_KINDS[colours - 1]),
    }
    total = sum(item.value or 0 for item in items)
    if total >= 2:
        found["sum"] = Requirement(RequirementKind.DICE_SUM, total)
    return found


def planted_edge(
    rng: random.Random, style: Style, items: Sequence[Item]
) -> tuple[Requirement, ...]:
    """None, one or two requirements, of different families, that ``items`` meet."""
    choices = true_requirements(items)
    draw = rng.random()
    wanted = 0 if draw < style.none else 1 if draw < style.none + style.single else 2
    families = rng.sample(sorted(choices), min(wanted, len(choices)))
    return tuple(sorted(choices[family] for family in families))


def random_cards(rng: random.Random, difficulty: str) -> Deck:
    """Nine cards with names of our own, planted for ``difficulty`` (see the module)."""
    style = STYLES[difficulty]
    names = rng.sample(REGIONS, 9)
    patrols = planted_patrols(rng, style)
    by_slot = dict(zip(SLOTS, patrols, strict=True))
    cards = []
    for name, position in zip(names, POSITIONS, strict=True):
        edges = []
        for side in Side:
            slots = scope(position, side)
            if slots:
                edges.append(planted_edge(rng, style, [i for s in slots for i in by_slot[s]]))
            else:
                edges.append(random_edge(rng, style))
        cards.append(Card(name, *edges))
    title = f"The {rng.choice(DECK_TITLES)} of {rng.choice(names)}"
    return Deck(title, tuple(sorted(cards, key=lambda c: c.name)))


def sample_rolls(roll_seed: int, count: int) -> list[Roll]:
    """``count`` rolls drawn from ``roll_seed``: the same every time."""
    rng = random.Random(f"twelve-patrols-rolls-{roll_seed}")
    return [random_roll(rng) for _unused in range(count)]


def rate(
    deck: Deck, *, rolls: int = ROLLS, roll_seed: int = 0, aim: str | None = None
) -> tuple[Rating, Witness | None] | None:
    """Rate ``deck`` on ``rolls`` rolls from ``roll_seed``, with the witness of its first
    winnable roll (``None`` if no roll of the sample can be won).

    With ``aim`` (a difficulty), stop as soon as the figures can no longer earn it, and return
    ``None``.
    """
    if rolls < 1:
        raise LayoutError(
            _("A deck is rated on at least one roll, not {rolls}.").format(rolls=rolls)
        )
    winnable = 0
    counts: list[int] = []
    witness: Witness | None = None
    for done, roll in enumerate(sample_rolls(roll_seed, rolls), start=1):
        found = solve(deck, roll)
        if found is not None:
            winnable += 1
            if witness is None:
                witness = Witness(roll, found)
            if len(counts) < COUNTED_ROLLS:
                counts.append(count_solutions(deck, roll, limit=ARRANGEMENT_CAP))
        if aim is not None and not _still_possible(aim, winnable, done, rolls, counts):
            return None
    arrangements = int(statistics.median(counts)) if counts else 0
    return Rating(rolls, winnable, arrangements, roll_seed), witness


def _still_possible(aim: str, winnable: int, done: int, rolls: int, counts: list[int]) -> bool:
    """Whether the figures so far can still end in the ``aim`` difficulty."""
    lowest = winnable / rolls
    highest = (winnable + rolls - done) / rolls
    settled = len(counts) == COUNTED_ROLLS
    arrangements = int(statistics.median(counts)) if settled else None
    if aim == "easy":
        return highest >= EASY_SHARE and (arrangements is None or arrangements >= EASY_ARRANGEMENTS)
    if aim == "medium":
        if highest < MEDIUM_SHARE:
            return False
        if arrangements is not None and arrangements < MEDIUM_ARRANGEMENTS:
            return False
        return not (
            arrangements is not None and arrangements >= EASY_ARRANGEMENTS and lowest >= EASY_SHARE
        )
    if highest < HARD_SHARE:
        return False
    return not (
        arrangements is not None and arrangements >= MEDIUM_ARRANGEMENTS and lowest >= MEDIUM_SHARE
    )


def random_deck(seed: int, difficulty: str, *, rolls: int = ROLLS) -> RatedDeck:
    """A rated deck of ``difficulty`` (easy, medium or hard), the same for the same ``seed``.

    Candidates are drawn from the seed until one is rated ``difficulty`` on ``rolls`` rolls; it
    comes with its rating and the witness of a winnable roll. Raises :class:`LayoutError` for an
    unknown difficulty, a negative seed, or a seed that yields no such deck within
    :data:`ATTEMPTS` candidates.
    """
    check_seed(seed, "deck")
    check_difficulty(difficulty)
    rng = random.Random(f"twelve-patrols-{difficulty}-{seed}")
    for _unused in range(ATTEMPTS):
        deck = random_cards(rng, difficulty)
        rated = rate(deck, rolls=rolls, roll_seed=seed, aim=difficulty)
        if rated is None:
            continue
        rating, witness = rated
        if witness is not None and difficulty_of(rating.share, rating.arrangements) == difficulty:
            return RatedDeck(deck, difficulty, rating, witness, seed, NOTE)
    raise LayoutError(
        _("Seed {seed} gave no {difficulty} deck in {tries} tries; try another seed.").format(
            seed=seed, difficulty=difficulty, tries=ATTEMPTS
        )
    )


# -- writing decks as TOML -------------------------------------------------------------------------


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _table(name: str, table: dict[str, Any]) -> Iterator[str]:
    yield f"[{name}]"
    nested = []
    for key, value in table.items():
        if isinstance(value, dict) and key in ("rating", "witness"):
            nested.append((key, value))
        elif isinstance(value, list) and value and isinstance(value[0], dict | str):
            yield f"{key} = ["
            for entry in value:
                yield f"    {_value(entry)},"
            yield "]"
        else:
            yield f"{key} = {_value(value)}"
    for key, value in nested:
        yield ""
        yield from _table(f"{name}.{key}", value)


def decks_toml(decks: dict[str, RatedDeck], header: Sequence[str] = ()) -> str:
    """The text of a decks file (the form ``patrolkit.games.twelve_patrols`` reads) holding
    ``decks`` by key, after the comment lines ``header``."""
    lines = [f"# {line}".rstrip() for line in header]
    for key, rated in decks.items():
        lines.append("")
        lines.extend(_table(f"decks.{key}", rated_to_dict(rated)))
    return "\n".join(lines).lstrip("\n") + "\n"


SHIPPED = {"easy": 2, "medium": 3, "hard": 0}
"""The seeds of the decks shipped in ``templates/twelve_patrols.toml``, by difficulty."""
HEADER = (
    "The 12 Patrols decks shipped with patrolkit: our own, made and rated by",
    "generator/twelve_patrols/decks.py (python -m generator.twelve_patrols.decks writes this file",
    "again, the same byte for byte).",
    "",
    "Each [decks.<key>] table holds:",
    "  name, difficulty, seed, note",
    "  rating    rolls tried (drawn from roll_seed), how many can be won, their share, and the",
    "            median number of winning arrangements over the first winnable rolls (capped)",
    "  cards     nine cards: name, and edges north:east:south:west; each edge is - (nothing) or",
    "            requirements joined by +: Nn exactly n items, A one colour, B exactly two",
    "            colours, C all three colours, Sn dice adding up to n",
    "  witness   one roll (white 1-3, yellow 1-3, blue 1-3) and a winning kingdom for it: the",
    "            card names row by row from the top left, the twelve patrols (six between the",
    "            columns row by row, then six between the rows) as items (Q-Y1 yellow cube 1,",
    "            D-B2=4 blue die 2 showing 4), and the re-rolls made before the first patrol",
)


def shipped_text() -> str:
    """The text of ``templates/twelve_patrols.toml``, made from :data:`SHIPPED`."""
    decks = {key: random_deck(seed, key) for key, seed in SHIPPED.items()}
    return decks_toml(decks, HEADER)


if __name__ == "__main__":
    from pathlib import Path

    target = Path(__file__).resolve().parent.parent / "templates" / "twelve_patrols.toml"
    target.write_text(shipped_text(), encoding="utf-8")
    print(f"wrote {target}")
