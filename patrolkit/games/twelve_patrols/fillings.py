"""12 Patrols solver: every patrol one slot of a line may hold.

Import the solver from :mod:`patrolkit.games.twelve_patrols`; this module is part of its engine
room, serving :mod:`~patrolkit.games.twelve_patrols.contents`.

A slot's patrols are made in tokens (see :mod:`~patrolkit.games.twelve_patrols.usage`): first the
dice whose sum can meet what is asked (re-rolled dice making up the rest), then the cubes or loose
items around them for counts and colours. Patrols that only add items no requirement needs are
left out, and among the patrols that look the same from the joint scope only those no other one
beats in every field are kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from patrolkit.games.twelve_patrols.model import ROLL_ORDER, Item
from patrolkit.games.twelve_patrols.usage import (
    BUDGET,
    LOOSE_DICE,
    Rule,
    Token,
    field,
    pareto,
    token_usage,
)


@dataclass(frozen=True)
class SlotNeeds:
    """What one slot of a line must satisfy: ``own``, the rule of its own scope; ``aware``,
    whether a colour is asked of it (alone or with the other slot); ``valued``, whether a dice
    sum is; ``counts``, the item counts it may hold (``None``: no count applies); ``target``, the
    dice sum it must show when that is settled; ``fixed``, the patrol already standing there;
    ``joint_colours``, the colours asked of both slots together."""

    own: Rule
    aware: bool
    valued: bool
    counts: tuple[int, ...] | None
    target: int | None
    fixed: tuple[Item, ...] | None
    joint_colours: int | None


def colour_count(mask: int) -> int:
    """How many colours a colour bit set holds."""
    return bin(mask).count("1")


@lru_cache(maxsize=65536)
def usage_of(tokens: tuple[Token, ...] | None) -> int:
    """What some tokens take from the pool together."""
    return sum(token_usage(t) for t in tokens or ())


@lru_cache(maxsize=65536)
def colour_mask(tokens: tuple[Token, ...]) -> int:
    """The colour bits of the tokens that have a colour."""
    mask = 0
    for token in tokens:
        if token[0] in ("I", "Q", "D", "R", "r"):
            mask |= 1 << token[1]  # type: ignore[operator]
    return mask


def _compositions(n: int) -> Iterator[tuple[int, int, int]]:
    """Every way to share ``n`` between the three colours."""
    for cut in combinations_with_replacement(range(3), n):
        yield (cut.count(0), cut.count(1), cut.count(2))


def fixed_profile(items: Sequence[Item]) -> tuple[int, int, int]:
    """Items, colour bits and dice sum of a standing patrol."""
    mask = 0
    for item in items:
        mask |= 1 << ROLL_ORDER.index(item.colour)
    return len(items), mask, sum(item.value or 0 for item in items)


def dice_groups(
    types: Sequence[tuple[int, int, int]],
    low: int,
    high: int,
    most: int,
    budget: int,
    coloured: bool,
    hues: int = 3,
    relaxed: bool = False,
) -> Iterator[tuple[tuple[Token, ...], int, int]]:
    """Dice groups whose sum can be anything from ``low`` to ``high`` (re-rolls chosen to fit):
    ``(tokens, rolled sum, re-rolls)``, at most ``most`` dice and ``budget`` budget, at most three
    dice of a colour and at most ``hues`` colours. ``coloured``: re-rolled dice get a colour;
    otherwise any colour. ``relaxed``: re-rolls are free (see the module)."""
    chosen: list[tuple[int, int]] = []
    per = [0, 0, 0]
    one_colour, any_colour = ("r", "a") if relaxed else ("R", "A")
    price = 1 if relaxed else 2

    def rerolls(total: int) -> Iterator[tuple[tuple[Token, ...], int, int]]:
        naturals = tuple(("D", c, v) for c, v in chosen)
        room = min(most - len(chosen), (budget - len(chosen)) // price)
        for r in range(room + 1):
            if total + r > high:
                break
            if total + 6 * r < low:
                continue
            if not coloured:
                if sum(per) + r <= 9:
                    yield naturals + ((any_colour,),) * r, total, r
                continue
            for mix in _compositions(r):
                if all(per[c] + mix[c] <= 3 for c in range(3)) and (
                    sum(1 for c in range(3) if per[c] + mix[c]) <= hues
                ):
                    extra = tuple((one_colour, c) for c in range(3) for _ in range(mix[c]))
                    yield naturals + extra, total, r

    def grow(start: int, total: int) -> Iterator[tuple[tuple[Token, ...], int, int]]:
        yield from rerolls(total)
        if len(chosen) == most or len(chosen) == budget:
            return
        for index in range(start, len(types)):
            c, v, n = types[index]
            if total + v > high or per[c] == 3 or chosen.count((c, v)) == n:
                continue
            if not per[c] and sum(1 for k in per if k) == hues:
                continue
            chosen.append((c, v))
            per[c] += 1
            yield from grow(index, total + v)
            chosen.pop()
            per[c] -= 1

    yield from grow(0, 0)


def removable(tokens: Sequence[Token], gap: int, rerolls: int, aware: bool, floor: int = 1) -> bool:
    """Whether one die of ``tokens`` could go, leaving the same patrol but smaller: ``gap`` is
    what the ``rerolls`` re-rolled dice must make up (of the whole group the sum is asked of),
    ``floor`` how many dice must stay; with ``aware``, a die may only go if another item of its
    colour stays. Only for slots without a count."""
    if len(tokens) - 1 < floor or rerolls == 0:
        return False
    for t in tokens:
        if aware and sum(1 for u in tokens if u[1:2] == t[1:2]) < 2:
            continue
        if t[0] in LOOSE_DICE and gap <= 6 * (rerolls - 1):
            return True
        if t[0] == "D" and gap + t[2] <= 6 * rerolls:  # type: ignore[operator]
            return True
    return False


@lru_cache(maxsize=65536)
def fills(slot: SlotNeeds, dice: tuple[Token, ...]) -> tuple[tuple[Token, ...], ...]:
    """The slot's whole patrol around its ``dice``: cubes (or loose items) for counts, colours
    and so that it is not empty; only the patrols its own rule accepts."""
    return tuple(_fill(slot, dice))


def _fill(slot: SlotNeeds, dice: tuple[Token, ...]) -> Iterator[tuple[Token, ...]]:
    if slot.valued:
        single: Token = ("K",)
        coloured = "Q"
    else:
        single = ("X",)
        coloured = "I"
    extras: list[tuple[Token, ...]] = []
    if slot.counts is not None:
        for n in slot.counts:
            room = n - len(dice)
            if room < 0:
                continue
            if slot.aware:
                for mix in _compositions(room):
                    if not slot.valued or max(mix) <= 3:
                        extras.append(tuple((coloured, c) for c in range(3) for _ in range(mix[c])))
            else:
                extras.append((single,) * room)
    elif slot.aware:
        present = colour_mask(dice)
        free = [c for c in range(3) if not (present >> c) & 1]
        for subset in range(1 << len(free)):
            extras.append(tuple((coloured, c) for i, c in enumerate(free) if (subset >> i) & 1))
    else:
        extras.append(() if dice else (single,))
    for extra in extras:
        tokens = dice + extra
        if not tokens:
            continue
        if slot.own.colours is not None and colour_count(colour_mask(tokens)) != slot.own.colours:
            continue
        yield tokens


def rolled_sum(tokens: tuple[Token, ...] | None) -> int:
    """What the rolled dice among ``tokens`` add up to."""
    return sum(t[2] for t in tokens or () if t[0] == "D")  # type: ignore[misc]


def rerolled_dice(tokens: tuple[Token, ...] | None) -> int:
    """How many dice among ``tokens`` take whatever value is needed."""
    return sum(1 for t in tokens or () if t[0] in LOOSE_DICE)


SlotOption = tuple["tuple[Token, ...] | None", int, int, int]
"""A way to fill one slot: its tokens (``None``: a standing patrol), usage, rolled sum and
number of re-rolled dice."""
Profile = tuple[int, int, int, int]
"""How a slot's patrol looks from the joint scope: items, colour bits, and (when the sum is only
asked of both slots together) its rolled sum and re-rolled dice."""


@lru_cache(maxsize=4096)
def slot_table(
    slot: SlotNeeds,
    types: tuple[tuple[int, int, int], ...],
    budget: int,
    joint_sum: int | None,
    relaxed: bool,
) -> dict[Profile, list[SlotOption]]:
    """The slot's patrols by profile, within ``budget``; among patrols of one profile, only those
    no other one beats in every field. ``joint_sum``: the dice sum asked of both slots together
    when this slot's own share is not settled."""
    if slot.fixed is not None:
        items, mask, total = fixed_profile(slot.fixed)
        return {(items, mask, total if joint_sum is not None else 0, 0): [(None, 0, total, 0)]}
    if not slot.valued:
        groups: list[tuple[tuple[Token, ...], int, int]] = [((), 0, 0)]
    else:
        most = max(slot.counts) if slot.counts is not None else 9
        hues = min(3, slot.own.colours or 3, slot.joint_colours or 3)
        if slot.target is not None:
            groups = [
                (tokens, total, rerolls)
                for tokens, total, rerolls in dice_groups(
                    types, slot.target, slot.target, most, budget, slot.aware, hues, relaxed
                )
                if slot.counts is not None
                or not removable(tokens, slot.target - total, rerolls, slot.aware)
            ]
        else:
            assert joint_sum is not None
            groups = list(dice_groups(types, 0, joint_sum, most, budget, slot.aware, hues, relaxed))
    table: dict[Profile, list[SlotOption]] = {}
    for tokens, total, rerolls in groups:
        for whole in fills(slot, tokens):
            usage = usage_of(whole)
            if field(usage, BUDGET) > budget:
                continue
            if joint_sum is not None and slot.target is None:
                profile = (len(whole), colour_mask(whole), total, rerolls)
            else:
                profile = (len(whole), colour_mask(whole), 0, 0)
            table.setdefault(profile, []).append((whole, usage, total, rerolls))
    for profile, options in table.items():
        if len(options) > 1:
            best = {o[1]: o for o in options}
            table[profile] = [best[u] for u in pareto(list(best))]
    return table
