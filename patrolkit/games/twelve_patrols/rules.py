"""12 Patrols rules: the kingdom on the table and judging its requirements.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

* A :class:`~patrolkit.games.twelve_patrols.kingdom.Kingdom` is what lies on the table: the card
  on each of the nine positions (or none yet) and the patrol on each of the 12 slots (or none
  yet). :func:`failures` judges its requirements, :func:`problems` and :func:`is_win` are the win
  check.
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import (
    SLOTS,
    Card,
    Item,
    Position,
    Requirement,
    RequirementKind,
    Side,
    colour_word,
)
from patrolkit.games.twelve_patrols.places import POSITIONS, SCOPES, Patrol, place_name
from patrolkit.i18n import _, ngettext


def side_sentence(card: str, place: str, side: Side, asks: str, found: str) -> str:
    """One sentence: ``card`` at ``place`` asks for ``asks`` on its ``side``, but ``found``."""
    if side is Side.NORTH:
        text = _("{card} ({place}) asks for {asks} on its north side, but {found}.")
    elif side is Side.EAST:
        text = _("{card} ({place}) asks for {asks} on its east side, but {found}.")
    elif side is Side.SOUTH:
        text = _("{card} ({place}) asks for {asks} on its south side, but {found}.")
    else:
        text = _("{card} ({place}) asks for {asks} on its west side, but {found}.")
    return text.format(card=card, place=place, asks=asks, found=found)


# -- judging ------------------------------------------------------------------------------------


def colour_names(items: Iterable[Item]) -> list[str]:
    """The colours among ``items``, in the order white, yellow, blue, as they qualify several
    items."""
    return [colour_word(colour, items=True) for colour in sorted({item.colour for item in items})]


def join_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) == 1:
        return words[0]
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def _found(requirement: Requirement, items: Sequence[Item]) -> str:
    """What ``items`` show about ``requirement``, as the end of a sentence."""
    if requirement.kind is RequirementKind.COUNT:
        return ngettext("there is {count}", "there are {count}", len(items)).format(
            count=len(items)
        )
    if requirement.kind is RequirementKind.DICE_SUM:
        values = [item.value for item in items if item.value is not None]
        if not values:
            return _("there are no dice")
        if len(values) == 1:
            return _("the only die shows {value}").format(value=values[0])
        return _("they add up to {total} ({sum})").format(
            total=sum(values), sum=" + ".join(str(v) for v in values)
        )
    colours = colour_names(items)
    if len(colours) == 1:
        return _("they are all {colour}").format(colour=colours[0])
    return _("there are {colours} items").format(colours=join_words(colours))


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
        return side_sentence(
            self.card.name,
            place_name(self.position),
            self.side,
            self.requirement.wording,
            self.found,
        )


def failures(kingdom: Kingdom) -> list[Failure]:
    """Every requirement of ``kingdom`` that fails, by position (row by row), side and order.

    Requirements on outer edges are ignored; the others are judged as the module explains: in full
    once their whole scope holds patrols, early when what is there already breaks them for good.
    """
    found: list[Failure] = []
    lines = kingdom.patrols
    for position, card, scopes in zip(POSITIONS, kingdom.cards, SCOPES, strict=True):
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
        _("No card lies at the {place} position yet.").format(place=place_name(p))
        for p in POSITIONS
        if kingdom.card_at(p) is None
    ]
    lines += [
        _("The slot between {a} and {b} holds no patrol.").format(
            a=place_name(s.a), b=place_name(s.b)
        )
        for s in SLOTS
        if not kingdom.patrol(s)
    ]
    return lines + [failure.sentence for failure in failures(kingdom)]


def is_win(kingdom: Kingdom) -> bool:
    """Whether ``kingdom`` wins: all nine cards, all twelve patrols, no failing requirement."""
    return not problems(kingdom)
