"""Le grand jeu des patrouilles: what changed between two positions, and the changes no turn of
the mover can make, each said in one sentence.

Used by :func:`~patrolkit.games.grand_jeu.explain.explain`. :func:`read_change` checks what the
mover cannot have done at all (an enemy scout that moved, a prison that grew without a capture, a
frozen scout that changed) and gathers what the search needs; :func:`cheapest_cost` prices each
changed scout on its own, which bounds the foulards any turn needs.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import permutations

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu.acts import BUDGET, FREE_COST, foulards
from patrolkit.games.grand_jeu.board import (
    DIRECTIONS,
    cell_name,
    column_of,
    neighbours,
    row_of,
)
from patrolkit.games.grand_jeu.model import Patrol, Scout, State

Slot = tuple[int, int, bool]
"""A scout of the mover as the search sees it: cell, direction index, starred."""


@dataclass(frozen=True)
class Change:
    """What a turn of ``mover`` must do to lead from one position to the other."""

    mover: Patrol
    start: tuple[Slot, ...]
    """The mover's scouts that can still move or turn, before."""
    fixed: frozenset[int]
    """Cells of the mover's frozen scouts (they stay, and may capture)."""
    target: tuple[Slot, ...]
    """The mover's scouts off their far row, after."""
    victims: dict[Patrol, tuple[frozenset[int], int]]
    """Per enemy patrol: the cells its scouts left, and how many of them were captured."""
    frees: int
    star_freed: bool
    vanished: bool = False
    """The mover left its starred scout in prison and is out (three or four patrols): its scouts
    have left the board, so where they went cannot be seen."""


def _slot(scout: Scout) -> Slot:
    return (scout.cell, scout.direction.index, scout.starred)


def read_change(before: State, after: State, mover: Patrol) -> Change:
    """What ``mover``'s turn must have done; raises :class:`IllegalTurn` with a sentence when no
    turn of ``mover`` can make this change whatever it costs."""
    if before.options != after.options:
        raise IllegalTurn("The two positions are of games played with different options.")
    options, size = before.options, before.size
    title = mover.title
    had = {s.cell: s for s in before.scouts}
    has = {s.cell: s for s in after.scouts}
    for c, s in has.items():
        if s.patrol is mover or had.get(c) == s:
            continue
        old = had.get(c)
        if old is not None and old.patrol is s.patrol:
            raise IllegalTurn(
                f"The {s.patrol.title} scout on {cell_name(c)} turned, but {title} plays this turn."
            )
        raise IllegalTurn(
            f"A {s.patrol.title} scout appeared on {cell_name(c)}, but {title} plays this turn."
        )
    victims: dict[Patrol, tuple[frozenset[int], int]] = {}
    for patrol in options.patrols:
        if patrol is mover:
            continue
        gone = frozenset(c for c, s in had.items() if s.patrol is patrol and has.get(c) != s)
        taken = after.prisoners_of(patrol) - before.prisoners_of(patrol)
        if taken < 0:
            raise IllegalTurn(f"{patrol.title}'s prison lost a scout, but {title} plays this turn.")
        for c in sorted(gone):
            if before.is_frozen(had[c]):
                raise IllegalTurn(
                    f"The {patrol.title} scout on {cell_name(c)} left the board, but it is frozen"
                    " on its far row and cannot be captured."
                )
        if taken > len(gone):
            raise IllegalTurn(
                f"{patrol.title}'s prison gained {taken} scouts, but only {len(gone)} of its"
                " scouts left the board."
            )
        eliminated = options.players > 2 and not after.scouts_of(patrol)
        if taken < len(gone) and not eliminated:
            c = min(gone)
            raise IllegalTurn(
                f"The {patrol.title} scout on {cell_name(c)} left the board without going to"
                " prison: a scout leaves the board only when captured."
            )
        if gone:
            victims[patrol] = (gone, taken)
    frees = before.prisoners_of(mover) - after.prisoners_of(mover)
    if frees < 0:
        raise IllegalTurn(f"{title}'s prison gained a scout during {title}'s own turn.")
    mine_before, mine_after = before.scouts_of(mover), after.scouts_of(mover)
    vanished = (
        options.players > 2
        and options.culs_de_pat
        and mover in before.starred_prisoners
        and mover in after.starred_prisoners
        and mover in after.out
        and not mine_after
    )
    if len(mine_after) != len(mine_before) + frees and not vanished:
        raise IllegalTurn(
            f"{title} had {len(mine_before)} scouts on the board and freed {frees}, but has"
            f" {len(mine_after)} after the turn: a patrol's scouts never leave in its own turn."
        )
    star_freed = mover in before.starred_prisoners and mover not in after.starred_prisoners
    fixed = set()
    for s in mine_before:
        if before.is_frozen(s):
            if has.get(s.cell) != s and not vanished:
                raise IllegalTurn(
                    f"The scout on {cell_name(s.cell)} is frozen on its far row: it can no"
                    " longer move or turn."
                )
            fixed.add(s.cell)
    for s in mine_after:
        if mover.depth(s.cell, size) == 0:
            raise IllegalTurn(
                f"The {title} scout on {cell_name(s.cell)} stands on its own first row, where"
                " a patrol never goes."
            )
    return Change(
        mover,
        tuple(_slot(s) for s in mine_before if s.cell not in fixed),
        frozenset(fixed),
        tuple(_slot(s) for s in mine_after if s.cell not in fixed),
        victims,
        frees,
        star_freed,
        vanished,
    )


def _path_costs(
    state: State, mover: Patrol, start: Slot, limit: int, crowd: dict[int, int]
) -> dict[tuple[int, int], int]:
    """The fewest foulards one scout needs from ``start`` to each cell and direction it can reach
    for at most ``limit``, with only the enemies counted in ``crowd`` (enemies next to each cell;
    cells holding one are missing) on the board besides."""
    size = state.size
    best = {(start[0], start[1]): 0}
    queue = [(0, start[0], start[1])]
    while queue:
        spent, c, d = heapq.heappop(queue)
        if spent > best[(c, d)] or mover.depth(c, size) == size - 1:
            continue
        near = crowd[c]
        steps = [(c + DIRECTIONS[d].step, d, 2 if near else 1)]
        steps += [(c, other, 1 + min(2, near)) for other in range(8) if other != d]
        for nc, nd, price in steps:
            if nc not in crowd or spent + price > limit:
                continue
            if spent + price < best.get((nc, nd), limit + 1):
                best[(nc, nd)] = spent + price
                heapq.heappush(queue, (spent + price, nc, nd))
    return best


def _what(start: Slot, end: Slot) -> str:
    """What a scout did, in a few words: ``turned``, ``moved to d5``, ``turned and moved to d5``."""
    if start[0] == end[0]:
        return "turned"
    dc = column_of(end[0]) - column_of(start[0])
    dr = row_of(end[0]) - row_of(start[0])
    dist = max(abs(dc), abs(dr))
    straight = start[0] + dist * DIRECTIONS[start[1]].step == end[0] and (
        dc == 0 or dr == 0 or abs(dc) == abs(dr)
    )
    if start[1] == end[1] and straight:
        return f"moved to {cell_name(end[0])}"
    if start[1] == end[1]:
        return f"went to {cell_name(end[0])} facing the same way"
    return f"turned and moved to {cell_name(end[0])}"


def _near(state: State, mover: Patrol, c: int) -> str:
    """`` next to the enemy on e5`` (or the enemies on several cells), or nothing."""
    near = [cell_name(e) for e in sorted(s.cell for s in state.enemies_next_to(c, mover))]
    if len(near) > 1:
        return f" next to the enemies on {', '.join(near[:-1])} and {near[-1]}"
    return f" next to the enemy on {near[0]}" if near else ""


def cheapest_cost(before: State, after: State, change: Change, budget: int) -> None:
    """Raise :class:`IllegalTurn` if the changed scouts, each priced on its own along its
    cheapest path, already need more than ``budget`` foulards (a bound: the search still checks
    that they can all be done together)."""
    changed = [s for s in change.start if s not in change.target]
    places = [s for s in change.target if s not in change.start]
    if len(changed) > 5 or not places:
        return
    mover, size = change.mover, before.size
    enemies = {s.cell for s in after.scouts if s.patrol is not mover}
    crowd = {
        c: sum(n in enemies for n in neighbours(c, size))
        for depth in range(1, size)
        for c in mover.line(depth, size)
        if c not in enemies
    }
    frees = change.frees
    limit = budget + 6
    prices: dict[tuple[Slot, Slot], tuple[int, str]] = {}
    for s in changed:
        reach = _path_costs(before, mover, s, limit, crowd)
        for t in places:
            price = reach.get((t[0], t[1]), limit + 1) if s[2] == t[2] else limit + 1
            prices[s, t] = (price, _what(s, t) if s[2] == t[2] else "")
    best: tuple[int, list[tuple[int, str, Slot]]] | None = None
    for chosen in permutations(places, len(changed)):
        priced = [(*prices[s, t], s) for s, t in zip(changed, chosen, strict=True)]
        total = sum(p[0] for p in priced) + FREE_COST * frees
        if best is None or total < best[0]:
            best = (total, priced)
    if best is None or best[0] <= budget:
        return
    total, priced = best
    spend = (
        f"the {budget} a turn can spend"
        if budget == BUDGET
        else (f"the {budget} a turn and its bonus turn can spend")
    )
    priced.sort(key=lambda p: -p[0])
    price, what, scout = priced[0]
    if price > limit or not what:
        raise IllegalTurn(
            f"The scout on {cell_name(scout[0])} {what or 'lost or gained its star'}: that needs"
            f" more than {spend}."
        )
    if len(priced) == 1 and not frees:
        raise IllegalTurn(
            f"The scout on {cell_name(scout[0])} {what}: that needs {foulards(price)}"
            f"{_near(after, mover, scout[0])}, more than {spend}."
        )
    parts = [f"{what} ({foulards(p)}{_near(after, mover, s[0])})" for p, what, s in priced[:4]]
    first = f"The scout on {cell_name(scout[0])} {parts[0]}"
    others = [
        f"the one on {cell_name(s[0])} {part}"
        for (_, _, s), part in zip(priced[1:4], parts[1:], strict=True)
    ]
    if frees:
        others.append(f"freeing {frees} costs {FREE_COST * frees}")
    raise IllegalTurn(
        f"{', '.join([first, *others])}: together at least {foulards(total)}, more than {spend}."
    )


def most_foulards(before: State, change: Change) -> int:
    """The most foulards a turn can spend: 4, plus the bonus turn's if something is captured."""
    bonus = before.options.bonus_foulards if any(n for _, n in change.victims.values()) else 0
    return BUDGET + bonus


def no_turn_found(before: State, after: State, change: Change, cut_short: bool) -> str:
    """One sentence when the search found no turn for a change :func:`read_change` accepted."""
    title = change.mover.title
    if cut_short:
        return (
            f"No turn of {title} explaining this change was found within the search bound;"
            " check the scouts that changed."
        )
    taken = sorted(c for cells, n in change.victims.values() if n for c in cells)
    moved = {s[0] for s in change.start} != {s[0] for s in change.target} or change.frees
    if not moved and not taken and set(change.start) == set(change.target):
        return "Nothing changed on the board: a turn moves at least one scout."
    spend = f"{BUDGET} foulards" + (
        f" and a bonus turn of {before.options.bonus_foulards}" if taken else ""
    )
    if taken:
        victim = taken[0]
        return (
            f"Capturing the scout on {cell_name(victim)} needs two {title} scouts next to it"
            f" pointing a red arrow at it after a move, and no turn of {spend} gets them there"
            " while making the other changes."
        )
    if not moved:
        return (
            f"{title}'s scouts only turned, but a turn must move a scout in its first or second"
            f" act, and no move that comes back fits in {spend}."
        )
    return (
        f"No turn of {title} within {spend} leads here with a move as its first or second act"
        " (moves go one cell along the blue arrow onto a free cell)."
    )
