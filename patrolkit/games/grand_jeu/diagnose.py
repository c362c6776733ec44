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
from patrolkit.games.grand_jeu.acts import BUDGET, FREE_COST, enemies_near, foulards
from patrolkit.games.grand_jeu.board import (
    DIRECTIONS,
    cell_name,
    column_of,
    neighbours,
    row_of,
)
from patrolkit.games.grand_jeu.model import Patrol, Scout, State
from patrolkit.i18n import _, ngettext

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
        raise IllegalTurn(_("The two positions are of games played with different options."))
    options, size = before.options, before.size
    title = mover.title
    had = {s.cell: s for s in before.scouts}
    has = {s.cell: s for s in after.scouts}
    for c, s in has.items():
        if s.patrol is mover or had.get(c) == s:
            continue
        old = had.get(c)
        names = {"patrol": s.patrol.title, "cell": cell_name(c), "mover": title}
        if old is not None and old.patrol is s.patrol:
            raise IllegalTurn(
                _("The {patrol} scout on {cell} turned, but {mover} plays this turn.").format(
                    **names
                )
            )
        raise IllegalTurn(
            _("A {patrol} scout appeared on {cell}, but {mover} plays this turn.").format(**names)
        )
    victims: dict[Patrol, tuple[frozenset[int], int]] = {}
    for patrol in options.patrols:
        if patrol is mover:
            continue
        gone = frozenset(c for c, s in had.items() if s.patrol is patrol and has.get(c) != s)
        taken = after.prisoners_of(patrol) - before.prisoners_of(patrol)
        if taken < 0:
            raise IllegalTurn(
                _("{patrol}'s prison lost a scout, but {mover} plays this turn.").format(
                    patrol=patrol.title, mover=title
                )
            )
        for c in sorted(gone):
            if before.is_frozen(had[c]):
                raise IllegalTurn(
                    _(
                        "The {patrol} scout on {cell} left the board, but it is frozen on its"
                        " far row and cannot be captured."
                    ).format(patrol=patrol.title, cell=cell_name(c))
                )
        if taken > len(gone):
            raise IllegalTurn(
                ngettext(
                    "{patrol}'s prison gained {count} scouts, but only {gone} of its scouts"
                    " left the board.",
                    "{patrol}'s prison gained {count} scouts, but only {gone} of its scouts"
                    " left the board.",
                    len(gone),
                ).format(patrol=patrol.title, count=taken, gone=len(gone))
            )
        eliminated = options.players > 2 and not after.scouts_of(patrol)
        if taken < len(gone) and not eliminated:
            c = min(gone)
            raise IllegalTurn(
                _(
                    "The {patrol} scout on {cell} left the board without going to prison: a"
                    " scout leaves the board only when captured."
                ).format(patrol=patrol.title, cell=cell_name(c))
            )
        if gone:
            victims[patrol] = (gone, taken)
    frees = before.prisoners_of(mover) - after.prisoners_of(mover)
    if frees < 0:
        raise IllegalTurn(
            _("{patrol}'s prison gained a scout during {patrol}'s own turn.").format(patrol=title)
        )
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
            _(
                "{patrol} had {before} scouts on the board and freed {frees}, but has {after}"
                " after the turn: a patrol's scouts never leave in its own turn."
            ).format(patrol=title, before=len(mine_before), frees=frees, after=len(mine_after))
        )
    star_freed = mover in before.starred_prisoners and mover not in after.starred_prisoners
    fixed = set()
    for s in mine_before:
        if before.is_frozen(s):
            if has.get(s.cell) != s and not vanished:
                raise IllegalTurn(
                    _(
                        "The scout on {cell} is frozen on its far row: it can no longer move or"
                        " turn."
                    ).format(cell=cell_name(s.cell))
                )
            fixed.add(s.cell)
    for s in mine_after:
        if mover.depth(s.cell, size) == 0:
            raise IllegalTurn(
                _(
                    "The {patrol} scout on {cell} stands on its own first row, where a patrol"
                    " never goes."
                ).format(patrol=title, cell=cell_name(s.cell))
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
        return _("turned")
    dc = column_of(end[0]) - column_of(start[0])
    dr = row_of(end[0]) - row_of(start[0])
    dist = max(abs(dc), abs(dr))
    straight = start[0] + dist * DIRECTIONS[start[1]].step == end[0] and (
        dc == 0 or dr == 0 or abs(dc) == abs(dr)
    )
    target = cell_name(end[0])
    if start[1] == end[1] and straight:
        return _("moved to {cell}").format(cell=target)
    if start[1] == end[1]:
        return _("went to {cell} facing the same way").format(cell=target)
    return _("turned and moved to {cell}").format(cell=target)


def _near(state: State, mover: Patrol, c: int) -> str:
    """``next to the enemy on e5`` (or the enemies on several cells), or nothing."""
    return enemies_near([s.cell for s in state.enemies_next_to(c, mover)])


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
        _("the {count} a turn can spend")
        if budget == BUDGET
        else _("the {count} a turn and its bonus turn can spend")
    ).format(count=budget)
    priced.sort(key=lambda p: -p[0])
    price, what, scout = priced[0]
    if price > limit or not what:
        raise IllegalTurn(
            _("The scout on {cell} {did}: that needs more than {spend}.").format(
                cell=cell_name(scout[0]), did=what or _("lost or gained its star"), spend=spend
            )
        )
    if len(priced) == 1 and not frees:
        near = _near(after, mover, scout[0])
        message = (
            _("The scout on {cell} {did}: that needs {price} {near}, more than {spend}.")
            if near
            else _("The scout on {cell} {did}: that needs {price}, more than {spend}.")
        )
        raise IllegalTurn(
            message.format(
                cell=cell_name(scout[0]), did=what, price=foulards(price), near=near, spend=spend
            )
        )
    parts = []
    for p, did, s in priced[:4]:
        near = _near(after, mover, s[0])
        part = _("{did} ({price} {near})") if near else _("{did} ({price})")
        parts.append(part.format(did=did, price=foulards(p), near=near))
    items = [_("The scout on {cell} {did}").format(cell=cell_name(scout[0]), did=parts[0])]
    items += [
        _("the one on {cell} {did}").format(cell=cell_name(s[0]), did=part)
        for (_price, _did, s), part in zip(priced[1:4], parts[1:], strict=True)
    ]
    if frees:
        items.append(
            _("freeing {count} costs {price}").format(count=frees, price=FREE_COST * frees)
        )
    raise IllegalTurn(
        _("{items}: together at least {total}, more than {spend}.").format(
            items=", ".join(items), total=foulards(total), spend=spend
        )
    )


def most_foulards(before: State, change: Change) -> int:
    """The most foulards a turn can spend: 4, plus the bonus turn's if something is captured."""
    bonus = before.options.bonus_foulards if any(n for _cells, n in change.victims.values()) else 0
    return BUDGET + bonus


def no_turn_found(before: State, after: State, change: Change, cut_short: bool) -> str:
    """One sentence when the search found no turn for a change :func:`read_change` accepted."""
    title = change.mover.title
    if cut_short:
        return _(
            "No turn of {patrol} explaining this change was found within the search bound;"
            " check the scouts that changed."
        ).format(patrol=title)
    taken = sorted(c for cells, n in change.victims.values() if n for c in cells)
    moved = {s[0] for s in change.start} != {s[0] for s in change.target} or change.frees
    if not moved and not taken and set(change.start) == set(change.target):
        return _("Nothing changed on the board: a turn moves at least one scout.")
    values = {"patrol": title, "budget": BUDGET, "bonus": before.options.bonus_foulards}
    if taken:
        return _(
            "Capturing the scout on {cell} needs two {patrol} scouts next to it pointing a red"
            " arrow at it after a move, and no turn of {budget} foulards and a bonus turn of"
            " {bonus} gets them there while making the other changes."
        ).format(cell=cell_name(taken[0]), **values)
    if not moved:
        return _(
            "{patrol}'s scouts only turned, but a turn must move a scout in its first or second"
            " act, and no move that comes back fits in {budget} foulards."
        ).format(**values)
    return _(
        "No turn of {patrol} within {budget} foulards leads here with a move as its first or"
        " second act (moves go one cell along the blue arrow onto a free cell)."
    ).format(**values)
