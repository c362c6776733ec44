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

from collections.abc import Sequence
from dataclasses import dataclass

from patrolkit.games.twelve_patrols.fillings import (
    Profile,
    SlotNeeds,
    colour_count,
    dice_groups,
    fills,
    fixed_profile,
    removable,
    rerolled_dice,
    slot_table,
    usage_of,
)
from patrolkit.games.twelve_patrols.model import Item
from patrolkit.games.twelve_patrols.usage import (
    BUDGET,
    Rule,
    Token,
    field,
    fits,
    natural_types,
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


def _slots(key: LineKey) -> tuple[SlotNeeds, SlotNeeds] | None:
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
    profiles = [fixed_profile(f) if f is not None else None for f in fixed]
    for own, profile in zip(owns, profiles, strict=True):
        if profile is not None:
            items, mask, total = profile
            if own.count is not None and items != own.count:
                return None
            if own.colours is not None and colour_count(mask) != own.colours:
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
        slots.append(SlotNeeds(own, aware, valued, counts, target, fixed[i], joint.colours))
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


def _paired(
    first: SlotNeeds,
    second: SlotNeeds,
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
    ones = slot_table(first, types, cap - (second.fixed is None), joint_sum, relaxed)
    twos = slot_table(second, types, cap - (first.fixed is None), joint_sum, relaxed)
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
            if joint.colours is not None and colour_count(m1 | m2) != joint.colours:
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
    first: SlotNeeds,
    second: SlotNeeds,
    total: int,
    types: Sequence[tuple[int, int, int]],
    cap: int,
    pool: int,
    contents: dict[int, Content],
    relaxed: bool,
) -> None:
    """A line whose only requirement is a dice sum on both slots together: the dice, one of them
    in the first slot and the rest in the second, or a cube where a slot would be empty."""
    for tokens, rolled, rerolls in dice_groups(types, total, total, 9, cap, False, 3, relaxed):
        gap = total - rolled
        if removable(tokens, gap, rerolls, False, 2):
            continue
        cut = 1 if tokens else 0
        left = fills(first, tokens[:cut])[0]
        right = fills(second, tokens[cut:])[0]
        usage = usage_of(left) + usage_of(right)
        if usage in contents or field(usage, BUDGET) > cap or not fits(pool, usage):
            continue
        q1, q2 = rerolled_dice(left), rerolled_dice(right)
        share = max(q1, gap - 6 * q2)
        contents[usage] = Content(left, right, (share, gap - share))
