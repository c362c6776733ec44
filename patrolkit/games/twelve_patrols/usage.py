"""12 Patrols solver: the arithmetic of the item pool, and the rules of one scope.

Import the solver from :mod:`patrolkit.games.twelve_patrols`; this module is part of its engine
room (with :mod:`~patrolkit.games.twelve_patrols.contents` and
:mod:`~patrolkit.games.twelve_patrols.lines`).

Tokens
------
The solver describes items by *tokens*, as loose as the requirements allow:

* ``("X",)`` any item at all (nothing on the slot asks about colours or dice);
* ``("I", c)`` any item of colour ``c`` (colours matter, dice values do not);
* ``("Q", c)`` a cube of colour ``c``; ``("K",)`` a cube of any colour (dice sums count the
  slot's dice, so its other items must be cubes);
* ``("D", c, v)`` a die of colour ``c`` showing ``v`` as rolled;
* ``("R", c)`` a die of colour ``c`` re-rolled to whatever value is needed, ``("A",)`` the same
  for a die of any colour; each costs one more item, discarded to pay for the re-roll;
* ``("r", c)`` and ``("a",)``, the same as ``R`` and ``A`` but free: the dice of the *relaxed*
  problem, where every die shows whatever is needed (see
  :mod:`~patrolkit.games.twelve_patrols.lines`).

Colours are ``0`` white, ``1`` yellow, ``2`` blue.

Usage vectors
-------------
A *usage* is an integer holding one field per resource (:data:`WIDTH` bits: value bits under a
guard bit), so that adding usages and checking them against the pool take a few integer
operations: the pool can give a usage exactly when ``((pool | GUARD) - usage) & GUARD == GUARD``.
Loose tokens may take several kinds of item, so besides the budget (items plus re-rolls), cubes,
dice and items of each colour, and dice of each rolled value, a usage counts what must come from
every union of item groups a loose token can draw on: all cubes plus the dice of some colours, all
dice plus the cubes of some colours. By Hall's theorem the loose tokens can then always be given
distinct items. A *pool* vector holds, in the same fields, what the unused items offer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from patrolkit.games.twelve_patrols.model import ROLL_ORDER, Item, Requirement, RequirementKind

WIDTH = 9
"""Bits per field: eight of value and a guard bit on top, so sums of many usages never spill."""
BUDGET = 0
"""Field: items used plus re-rolls (each re-roll discards one item)."""
CUBE = 1
"""Fields 1-3: cubes of each colour."""
DIE = 4
"""Fields 4-6: dice of each colour."""
TOTAL = 7
"""Fields 7-9: items of each colour."""
CUBES_WITH = 10
"""Fields 10-16: all cubes plus the dice of the colours in bit set ``t`` (0-6), at ``10 + t``."""
DICE_WITH = 17
"""Fields 17-23: all dice plus the cubes of the colours in bit set ``t`` (0-6), at ``17 + t``."""
NATURAL = 24
"""Fields 24-41: dice of colour ``c`` showing ``v`` as rolled, at ``24 + 6c + v - 1``."""
FIELDS = NATURAL + 18
GUARD = sum(1 << (WIDTH * i + WIDTH - 1) for i in range(FIELDS))
_ONE = [1 << (WIDTH * i) for i in range(FIELDS)]
_MASK = (1 << (WIDTH - 1)) - 1
_SETS = range(7)
"""Colour bit sets 0-6: every set but all three colours (that one is the whole pool)."""
ROLLED = sum(_MASK << (WIDTH * i) for i in range(NATURAL, FIELDS))
"""The fields of the rolled dice values, which only lines with a dice sum look at."""

Token = tuple[object, ...]
LOOSE_DICE = ("R", "A", "r", "a")
"""Tokens of dice whose value is chosen to fit."""


def field(vector: int, index: int) -> int:
    """The value of field ``index`` of a usage or pool vector."""
    return (vector >> (WIDTH * index)) & _MASK


def fits(pool: int, usage: int) -> bool:
    """Whether ``pool`` has everything ``usage`` needs."""
    return ((pool | GUARD) - usage) & GUARD == GUARD


def take(pool: int, usage: int) -> int:
    """``pool`` less ``usage`` (which must fit)."""
    return ((pool | GUARD) - usage) ^ GUARD


def one(index: int) -> int:
    """A usage of one unit of field ``index``."""
    return _ONE[index]


def _with(colour: int, offset: int) -> int:
    return sum(_ONE[offset + t] for t in _SETS if (t >> colour) & 1)


def _all(offset: int) -> int:
    return sum(_ONE[offset + t] for t in _SETS)


@lru_cache(maxsize=64)
def token_usage(token: Token) -> int:
    """What one token takes from the pool."""
    kind = token[0]
    if kind == "X":
        return _ONE[BUDGET]
    if kind == "K":
        return _ONE[BUDGET] + _all(CUBES_WITH)
    if kind in ("A", "a"):
        return (2 if kind == "A" else 1) * _ONE[BUDGET] + _all(DICE_WITH)
    colour = token[1]
    assert isinstance(colour, int)
    colour_fields = _ONE[BUDGET] + _ONE[TOTAL + colour]
    if kind == "I":
        return colour_fields + _with(colour, CUBES_WITH) + _with(colour, DICE_WITH)
    if kind == "Q":
        return colour_fields + _ONE[CUBE + colour] + _all(CUBES_WITH) + _with(colour, DICE_WITH)
    die = colour_fields + _ONE[DIE + colour] + _with(colour, CUBES_WITH) + _all(DICE_WITH)
    if kind == "R":
        return die + _ONE[BUDGET]
    if kind == "r":
        return die
    value = token[2]
    assert isinstance(value, int)
    return die + _ONE[NATURAL + 6 * colour + value - 1]


def pool_vector(items: Iterable[Item]) -> int:
    """The pool vector of the unused ``items``: how much of every resource they offer."""
    cubes = [0, 0, 0]
    dice = [0, 0, 0]
    vector = 0
    for item in items:
        colour = ROLL_ORDER.index(item.colour)
        vector += _ONE[BUDGET] + _ONE[TOTAL + colour]
        if item.is_die:
            assert item.value is not None
            dice[colour] += 1
            vector += _ONE[DIE + colour] + _ONE[NATURAL + 6 * colour + item.value - 1]
        else:
            cubes[colour] += 1
            vector += _ONE[CUBE + colour]
    for t in _SETS:
        inside = [c for c in range(3) if (t >> c) & 1]
        vector += _ONE[CUBES_WITH + t] * (sum(cubes) + sum(dice[c] for c in inside))
        vector += _ONE[DICE_WITH + t] * (sum(dice) + sum(cubes[c] for c in inside))
    return vector


def natural_types(pool: int) -> tuple[tuple[int, int, int], ...]:
    """``(colour, value, how many)`` for every die value the pool's dice show."""
    return tuple(
        (c, v, n)
        for c in range(3)
        for v in range(1, 7)
        if (n := field(pool, NATURAL + 6 * c + v - 1))
    )


# -- requirements on one scope --------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """Everything asked of one scope: an item count, a number of colours, a dice sum."""

    count: int | None = None
    colours: int | None = None
    dsum: int | None = None


_COLOURS = {
    RequirementKind.ONE_COLOUR: 1,
    RequirementKind.TWO_COLOURS: 2,
    RequirementKind.THREE_COLOURS: 3,
}


def rule(requirements: Iterable[Requirement]) -> Rule | None:
    """The :class:`Rule` of these requirements on one scope, or ``None`` if they contradict."""
    count = colours = dsum = None
    for requirement in requirements:
        if requirement.kind is RequirementKind.COUNT:
            if count is not None and count != requirement.n:
                return None
            count = requirement.n
        elif requirement.kind is RequirementKind.DICE_SUM:
            if dsum is not None and dsum != requirement.n:
                return None
            dsum = requirement.n
        else:
            wanted = _COLOURS[requirement.kind]
            if colours is not None and colours != wanted:
                return None
            colours = wanted
    if count is not None and colours is not None and count < colours:
        return None
    return Rule(count, colours, dsum)


def pareto(usages: list[int]) -> list[int]:
    """The usages no other usage beats in every field.

    Usages are grouped by which fields they use at all: a usage can only be beaten by one whose
    fields in use are among its own, so whole groups are skipped at once."""
    groups: dict[int, list[int]] = {}
    guard = GUARD
    kept: list[int] = []
    for usage in sorted(usages, key=lambda u: (field(u, BUDGET), u)):
        used = _in_use(usage)
        guarded = usage | guard
        beaten = False
        for other_used, others in groups.items():
            if other_used & ~used:
                continue
            if any((guarded - other) & guard == guard for other in others):
                beaten = True
                break
        if not beaten:
            kept.append(usage)
            groups.setdefault(used, []).append(usage)
    return kept


_LOWEST = sum(_ONE)


def _in_use(usage: int) -> int:
    """A bit for each field of ``usage`` that is not zero (at the field's lowest bit)."""
    spread = usage
    for shift in range(1, WIDTH - 1):
        spread |= usage >> shift
    return spread & _LOWEST
