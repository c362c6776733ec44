"""12 Patrols solver: every way to fill the two slots of one row or column.

Import the solver from :mod:`patrolkit.games.twelve_patrols`; this module is part of its engine
room.

Rows and columns share nothing but the item pool: the requirements of a row involve only its two
horizontal slots, those of a column only its two vertical slots. A *line* here is three cards in
order (left to right, or top to bottom) with slots ``s1`` (first-second) and ``s2``
(second-third). Its requirements fall on three scopes: ``s1`` alone (the middle card's west or
north edge), ``s2`` alone (its east or south edge) and both slots (the first card's east or south
edge together with the last card's west or north edge).

:func:`line_contents` makes the line's contents in tokens (see
:mod:`~patrolkit.games.twelve_patrols.usage`), one per usage of the pool. It leaves out contents
that only add items no requirement needs: without a count, one item of each needed colour at
most, and no die a re-rolled die could make redundant; each slot's patrols are made first and,
among those that look the same from the joint scope, only those no other one beats in every
field are paired.
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
    fits,
    natural_types,
    pareto,
    token_usage,
)


@dataclass(frozen=True)
class LineKey:
    """What decides a line's options: its three scopes and the patrols already standing on its
    slots."""

    first: Rule
    second: Rule
    joint: Rule
    fixed_first: tuple[Item, ...] | None = None
    fixed_second: tuple[Item, ...] | None = None

    @property
    def valued(self) -> bool:
        """Whether a dice sum is asked anywhere on the line."""
        return any(r.dsum is not None for r in (self.first, self.second, self.joint))


@dataclass(frozen=True)
class Content:
    """One way to fill a line: the tokens of each slot (``None`` for a standing patrol) and the
    dice sum each slot's re-rolled dice must make up."""

    first: tuple[Token, ...] | None
    second: tuple[Token, ...] | None
    sums: tuple[int | None, int | None]


@dataclass(frozen=True)
class _Slot:
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


def _bits(mask: int) -> int:
    """How many colours a colour bit set holds."""
    return bin(mask).count("1")


@lru_cache(maxsize=65536)
def _usage(tokens: tuple[Token, ...] | None) -> int:
    """What some tokens take from the pool together."""
    return sum(token_usage(t) for t in tokens or ())


@lru_cache(maxsize=65536)
def _mask(tokens: tuple[Token, ...]) -> int:
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


def _fixed_profile(items: Sequence[Item]) -> tuple[int, int, int]:
    """Items, colour bits and dice sum of a standing patrol."""
    mask = 0
    for item in items:
        mask |= 1 << ROLL_ORDER.index(item.colour)
    return len(items), mask, sum(item.value or 0 for item in items)


def _dice(
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


def _removable(
    tokens: Sequence[Token], gap: int, rerolls: int, aware: bool, floor: int = 1
) -> bool:
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
def _fills(slot: _Slot, dice: tuple[Token, ...]) -> tuple[tuple[Token, ...], ...]:
    """The slot's whole patrol around its ``dice``: cubes (or loose items) for counts, colours
    and so that it is not empty; only the patrols its own rule accepts."""
    return tuple(_fill(slot, dice))


def _fill(slot: _Slot, dice: tuple[Token, ...]) -> Iterator[tuple[Token, ...]]:
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
        present = _mask(dice)
        free = [c for c in range(3) if not (present >> c) & 1]
        for subset in range(1 << len(free)):
            extras.append(tuple((coloured, c) for i, c in enumerate(free) if (subset >> i) & 1))
    else:
        extras.append(() if dice else (single,))
    for extra in extras:
        tokens = dice + extra
        if not tokens:
            continue
        if slot.own.colours is not None and _bits(_mask(tokens)) != slot.own.colours:
            continue
        yield tokens


def _slots(key: LineKey) -> tuple[_Slot, _Slot] | None:
    """Both slots' constraints, with counts and sums passed on from the joint scope where the
    other slot settles them; ``None`` when a standing patrol already breaks something."""
    joint = key.joint
    owns = (key.first, key.second)
    if joint.colours is not None:
        most = [own.colours or 3 for own in owns]
        if joint.colours > min(3, most[0] + most[1]) or any(
            own.colours is not None and own.colours > joint.colours for own in owns
        ):
            return None
    fixed = (key.fixed_first, key.fixed_second)
    profiles = [_fixed_profile(f) if f is not None else None for f in fixed]
    for own, profile in zip(owns, profiles, strict=True):
        if profile is not None:
            items, mask, total = profile
            if own.count is not None and items != own.count:
                return None
            if own.colours is not None and _bits(mask) != own.colours:
                return None
            if own.dsum is not None and total != own.dsum:
                return None
    slots = []
    for i in range(2):
        own, other, other_profile = owns[i], owns[1 - i], profiles[1 - i]
        counts: tuple[int, ...] | None = None
        if own.count is not None:
            counts = (own.count,)
        elif joint.count is not None:
            if other_profile is not None:
                counts = (joint.count - other_profile[0],)
            elif other.count is not None:
                counts = (joint.count - other.count,)
            else:
                counts = tuple(range(1, joint.count))
            counts = tuple(n for n in counts if n >= 1)
            if not counts:
                return None
        target = own.dsum
        if target is None and joint.dsum is not None:
            if other_profile is not None:
                target = joint.dsum - other_profile[2]
            elif other.dsum is not None:
                target = joint.dsum - other.dsum
        if target is not None and target < 0:
            return None
        aware = own.colours is not None or joint.colours is not None
        valued = own.dsum is not None or joint.dsum is not None
        slots.append(_Slot(own, aware, valued, counts, target, fixed[i], joint.colours))
    if joint.dsum is not None:
        known = [p[2] if p is not None else s.target for p, s in zip(profiles, slots, strict=True)]
        if known[0] is not None and known[1] is not None and known[0] + known[1] != joint.dsum:
            return None
    return slots[0], slots[1]


def line_contents(key: LineKey, pool: int, cap: int, relaxed: bool) -> dict[int, Content]:
    """Make the line's contents up to budget ``cap``, one per usage."""
    slots = _slots(key)
    if slots is None:
        return {}
    first, second = slots
    joint = key.joint
    types = () if relaxed else natural_types(pool)
    contents: dict[int, Content] = {}
    if (
        joint.dsum is not None
        and first.target is None
        and second.target is None
        and first.counts is None
        and second.counts is None
        and not first.aware | second.aware
    ):
        _loose_line(first, second, joint.dsum, types, cap, pool, contents, relaxed)
    else:
        _paired(first, second, joint, types, cap, pool, contents, relaxed)
    return contents


def _rolled(tokens: tuple[Token, ...] | None) -> int:
    """What the rolled dice among ``tokens`` add up to."""
    return sum(t[2] for t in tokens or () if t[0] == "D")  # type: ignore[misc]


def _rerolls(tokens: tuple[Token, ...] | None) -> int:
    """How many dice among ``tokens`` take whatever value is needed."""
    return sum(1 for t in tokens or () if t[0] in LOOSE_DICE)


SlotOption = tuple["tuple[Token, ...] | None", int, int, int]
"""A way to fill one slot: its tokens (``None``: a standing patrol), usage, rolled sum and
number of re-rolled dice."""
Profile = tuple[int, int, int, int]
"""How a slot's patrol looks from the joint scope: items, colour bits, and (when the sum is only
asked of both slots together) its rolled sum and re-rolled dice."""


@lru_cache(maxsize=4096)
def _slot_table(
    slot: _Slot,
    types: tuple[tuple[int, int, int], ...],
    budget: int,
    joint_sum: int | None,
    relaxed: bool,
) -> dict[Profile, list[SlotOption]]:
    """The slot's patrols by profile, within ``budget``; among patrols of one profile, only those
    no other one beats in every field. ``joint_sum``: the dice sum asked of both slots together
    when this slot's own share is not settled."""
    if slot.fixed is not None:
        items, mask, total = _fixed_profile(slot.fixed)
        return {(items, mask, total if joint_sum is not None else 0, 0): [(None, 0, total, 0)]}
    if not slot.valued:
        groups: list[tuple[tuple[Token, ...], int, int]] = [((), 0, 0)]
    else:
        most = max(slot.counts) if slot.counts is not None else 9
        hues = min(3, slot.own.colours or 3, slot.joint_colours or 3)
        if slot.target is not None:
            groups = [
                (tokens, total, rerolls)
                for tokens, total, rerolls in _dice(
                    types, slot.target, slot.target, most, budget, slot.aware, hues, relaxed
                )
                if slot.counts is not None
                or not _removable(tokens, slot.target - total, rerolls, slot.aware)
            ]
        else:
            assert joint_sum is not None
            groups = list(_dice(types, 0, joint_sum, most, budget, slot.aware, hues, relaxed))
    table: dict[Profile, list[SlotOption]] = {}
    for tokens, total, rerolls in groups:
        for whole in _fills(slot, tokens):
            usage = _usage(whole)
            if field(usage, BUDGET) > budget:
                continue
            if joint_sum is not None and slot.target is None:
                profile = (len(whole), _mask(whole), total, rerolls)
            else:
                profile = (len(whole), _mask(whole), 0, 0)
            table.setdefault(profile, []).append((whole, usage, total, rerolls))
    for profile, options in table.items():
        if len(options) > 1:
            best = {o[1]: o for o in options}
            table[profile] = [best[u] for u in pareto(list(best))]
    return table


def _paired(
    first: _Slot,
    second: _Slot,
    joint: Rule,
    types: tuple[tuple[int, int, int], ...],
    cap: int,
    pool: int,
    contents: dict[int, Content],
    relaxed: bool,
) -> None:
    """Every pair of slot patrols that meets the joint scope, into ``contents``."""
    split = joint.dsum is not None and first.target is None and second.target is None
    joint_sum = joint.dsum if split else None
    ones = _slot_table(first, types, cap - (second.fixed is None), joint_sum, relaxed)
    twos = _slot_table(second, types, cap - (first.fixed is None), joint_sum, relaxed)
    by_sum: dict[tuple[int, int], list[Profile]] = {}
    for profile in twos:
        by_sum.setdefault((profile[2], profile[3]), []).append(profile)
    for one in ones:
        n1, m1, s1, r1 = one
        if split:
            assert joint.dsum is not None
            partners = [
                profile
                for r2 in range(0, 9)
                for s2 in range(
                    max(0, joint.dsum - s1 - 6 * (r1 + r2)), joint.dsum - s1 - (r1 + r2) + 1
                )
                for profile in by_sum.get((s2, r2), ())
            ]
        else:
            partners = list(twos)
        for two in partners:
            n2, m2 = two[0], two[1]
            if joint.count is not None and n1 + n2 != joint.count:
                continue
            if joint.colours is not None and _bits(m1 | m2) != joint.colours:
                continue
            for left, u1, t1, q1 in ones[one]:
                for right, u2, t2, q2 in twos[two]:
                    usage = u1 + u2
                    if usage in contents or field(usage, BUDGET) > cap or not fits(pool, usage):
                        continue
                    if split:
                        assert joint.dsum is not None
                        gap = joint.dsum - t1 - t2
                        share = max(q1, gap - 6 * q2)
                        sums: tuple[int | None, int | None] = (share, gap - share)
                    else:
                        sums = (
                            None if first.target is None else first.target - t1,
                            None if second.target is None else second.target - t2,
                        )
                    contents[usage] = Content(left, right, sums)


def _loose_line(
    first: _Slot,
    second: _Slot,
    total: int,
    types: Sequence[tuple[int, int, int]],
    cap: int,
    pool: int,
    contents: dict[int, Content],
    relaxed: bool,
) -> None:
    """A line whose only requirement is a dice sum on both slots together: the dice, one of them
    in the first slot and the rest in the second, or a cube where a slot would be empty."""
    for tokens, rolled, rerolls in _dice(types, total, total, 9, cap, False, 3, relaxed):
        gap = total - rolled
        if _removable(tokens, gap, rerolls, False, 2):
            continue
        cut = 1 if tokens else 0
        left = _fills(first, tokens[:cut])[0]
        right = _fills(second, tokens[cut:])[0]
        usage = _usage(left) + _usage(right)
        if usage in contents or field(usage, BUDGET) > cap or not fits(pool, usage):
            continue
        q1, q2 = _rerolls(left), _rerolls(right)
        share = max(q1, gap - 6 * q2)
        contents[usage] = Content(left, right, (share, gap - share))
