"""Le grand jeu des patrouilles: lower bounds on the foulards a turn still needs, for the search
of :mod:`~patrolkit.games.grand_jeu.explain`.

Every bound here is a floor: no legal way to finish the change costs less, so a branch of the
search whose foulards spent plus the bound exceed what is left can be dropped safely.
"""

from __future__ import annotations

from patrolkit.games.grand_jeu.acts import FREE_COST
from patrolkit.games.grand_jeu.board import DIRECTIONS, column_of, neighbours, row_of
from patrolkit.games.grand_jeu.diagnose import Change, Slot
from patrolkit.games.grand_jeu.model import State

STEPS = tuple(d.step for d in DIRECTIONS)
"""What a step in each direction (by index) adds to a cell."""


class Bounds:
    """The mover's scouts as the search moves them, the enemies left, and the bounds."""

    def __init__(self, before: State, after: State, change: Change) -> None:
        self.before, self.after, self.change = before, after, change
        self.mover = change.mover
        self.size = before.size
        self.arrows = before.options.arrows
        self.mine: dict[int, tuple[int, bool]] = {c: (d, star) for c, d, star in change.start}
        self.fixed_dirs = {c: s.direction.index for c in change.fixed if (s := before.scout_at(c))}
        self.target = {c: (d, star) for c, d, star in change.target}
        self.enemies = {s.cell: s.patrol for s in before.scouts if s.patrol is not self.mover}
        self.still_to_take = {p: n for p, (_, n) in change.victims.items()}
        self.may_take = {c for cells, _ in change.victims.values() for c in cells}
        self.ambiguous = any(n < len(cells) for cells, n in change.victims.values())
        self.frees_left = change.frees
        self.bound_cache: dict[Slot, int] = {}
        self.detour_cache: dict[tuple[Slot, int], int] = {}
        self.pointer_cache: dict[int, frozenset[tuple[int, int]]] = {}
        self.first_row = frozenset(self.mover.line(0, self.size))
        self.far_row = frozenset(self.mover.line(self.size - 1, self.size))
        left_on_board = {s.cell for s in after.scouts if s.patrol is not self.mover}
        self.crowd_left = {
            c: sum(n in left_on_board for n in neighbours(c, self.size))
            for depth in range(1, self.size)
            for c in self.mover.line(depth, self.size)
        }
        """Enemies next to each cell that are still there at the end: a floor for every price."""

    def _lb(self, c: int, d: int, tc: int, td: int) -> int:
        """At least what one scout needs from ``c`` facing ``d`` to ``tc`` facing ``td``: a
        foulard per cell (two for the first next to an enemy that stays), one more to turn."""
        if tc == c:
            return 0 if td == d else 1 + min(2, self.crowd_left[c])
        dc, dr = column_of(tc) - column_of(c), row_of(tc) - row_of(c)
        dist = max(abs(dc), abs(dr))
        on_ray = c + dist * STEPS[d] == tc and (dc == 0 or dr == 0 or abs(dc) == abs(dr))
        first = 2 if self.crowd_left[c] else 1
        return first + dist - 1 + (0 if on_ray and td == d else 1)

    def _scout_bound(self, slot: Slot) -> int:
        """At least what the scout in ``slot`` needs to end as one of the second position's."""
        cached = self.bound_cache.get(slot)
        if cached is not None:
            return cached
        c, d, star = slot
        best = 0 if self.change.vanished else 99
        for tc, (td, tstar) in self.target.items():
            if tstar == star:
                best = min(best, self._lb(c, d, tc, td))
        self.bound_cache[slot] = best
        return best

    def _detour(self, slot: Slot, victim: int) -> int:
        """At least what the scout in ``slot`` spends beyond its own bound to point a red arrow
        at ``victim`` on its way."""
        key = (slot, victim)
        cached = self.detour_cache.get(key)
        if cached is not None:
            return cached
        c, d, star = slot
        pointers = self._pointer_slots(victim)
        if (c, d) in pointers:
            best = 0
        else:
            via = min(
                (self._lb(c, d, pc, pd) + self._scout_bound((pc, pd, star)) for pc, pd in pointers),
                default=99,
            )
            best = max(0, via - self._scout_bound(slot))
        self.detour_cache[key] = best
        return best

    def _pointer_slots(self, victim: int) -> frozenset[tuple[int, int]]:
        """The cells next to ``victim`` and directions from which a red arrow points at it."""
        cached = self.pointer_cache.get(victim)
        if cached is None:
            cached = frozenset(
                (n, d)
                for n in neighbours(victim, self.size)
                if n not in self.first_row
                for d in range(8)
                if any(n + STEPS[(d + a) % 8] == victim for a in self.arrows)
            )
            self.pointer_cache[victim] = cached
        return cached

    def _capture_bound(self) -> int:
        """Each capture still to make needs two pointing scouts: at least the two cheapest
        detours (a scout still to be freed may cost nothing more)."""
        if self.ambiguous:
            return 0
        worst = 0
        for c in self.may_take:
            if c not in self.enemies:
                continue
            detours = [self._detour((m, d, star), c) for m, (d, star) in self.mine.items()]
            detours += [0] * self.frees_left
            detours += [0 for f, d in self.fixed_dirs.items() if (f, d) in self._pointer_slots(c)]
            if len(detours) < 2:
                return 99
            detours.sort()
            worst = max(worst, detours[0] + detours[1])
        return worst

    def _own_bound(self) -> int:
        """At least what the scouts still need to end as in the second position, with frees."""
        return FREE_COST * self.frees_left + sum(
            self._scout_bound((c, d, star)) for c, (d, star) in self.mine.items()
        )

    def _bound(self) -> int:
        extra = self._capture_bound() if any(self.still_to_take.values()) else 0
        return self._own_bound() + extra

    def _crowd(self, c: int) -> int:
        return sum(n in self.enemies for n in neighbours(c, self.size))

    def _capturers(self, victim: int) -> int:
        count = 0
        for n in neighbours(victim, self.size):
            here = self.mine.get(n)
            direction = here[0] if here else self.fixed_dirs.get(n)
            if direction is None:
                continue
            if any(n + STEPS[(direction + a) % 8] == victim for a in self.arrows):
                count += 1
        return count
