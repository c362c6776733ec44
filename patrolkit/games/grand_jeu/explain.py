"""Le grand jeu des patrouilles: the turn that leads from one position to another, or why none does.

Import :func:`explain` from :mod:`patrolkit.games.grand_jeu`, which re-exports it.

Listing every turn is hopeless (acts repeat, in any order), so :func:`explain` searches act
sequences, pruned by what differs between the two positions:

* only the mover's scouts move, turn or come back; an enemy scout that left the board was
  captured, and the captures are made as soon as they are possible (an earlier capture never makes
  anything dearer: it only empties a cell and removes an enemy from next to the mover's scouts);
* each of the mover's scouts still has to reach some scout of the second position, which costs at
  least one foulard per cell to cover plus one when it must turn; freeing costs 3; a branch whose
  foulards spent plus that bound exceed what the turn (and a bonus turn, when a capture is made or
  still to come) can spend is dropped;
* a position already reached in the same turn with as few foulards spent is not searched again.

Every turn found is replayed through :func:`~patrolkit.games.grand_jeu.turn.play`, so what it
returns is legal. The search stops after :data:`NODE_LIMIT` steps and then says it found no turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu.acts import (
    BUDGET,
    FREE_COST,
    Act,
    Capture,
    Free,
    Move,
    Reorient,
    foulards,
)
from patrolkit.games.grand_jeu.board import (
    DIRECTIONS,
    on_board,
)
from patrolkit.games.grand_jeu.bounds import STEPS as _STEPS
from patrolkit.games.grand_jeu.bounds import Bounds
from patrolkit.games.grand_jeu.diagnose import (
    Change,
    cheapest_cost,
    most_foulards,
    no_turn_found,
    read_change,
)
from patrolkit.games.grand_jeu.model import Patrol, State
from patrolkit.games.grand_jeu.outcome import outcome
from patrolkit.games.grand_jeu.turn import Played, Turn, play
from patrolkit.i18n import _

NODE_LIMIT = 12_000
"""Search steps at most for one mover: a few hundred milliseconds at worst. The turns of the
benchmark's random games need at most about a hundred."""


@dataclass(frozen=True)
class Explanation:
    """A legal turn that explains a change: who played it, and the foulards each part spent.

    ``bonus_allowed`` says the normal turn captured and no bonus turn was played yet: its patrol
    may still play one.
    """

    mover: Patrol
    turn: Turn
    foulards: int
    bonus_foulards: int | None
    bonus_allowed: bool

    @property
    def description(self) -> str:
        values = {
            "patrol": self.mover.title,
            "turn": self.turn,
            "spent": foulards(self.foulards),
            "bonus": self.bonus_foulards,
        }
        if self.bonus_foulards is not None:
            text = _("{patrol} played {turn} ({spent}, then {bonus} in the bonus turn).")
        else:
            text = _("{patrol} played {turn} ({spent}).")
        text = text.format(**values)
        if self.bonus_allowed:
            text = _("{played} It captured, so it may play a bonus turn.").format(played=text)
        return text


def explain(before: State, after: State, *, check_mover: bool = True) -> Explanation:
    """The legal turn (with its bonus turn, if one was played) leading from ``before`` to
    ``after``; raises :class:`IllegalTurn` with one sentence saying why none does.

    With ``check_mover`` the patrol to move in ``after``, when known, must be the one that plays
    next. When ``before`` does not say who moves (a photo), every patrol in play is tried.
    """
    movers = [before.to_move] if before.to_move is not None else _likely_movers(before, after)
    reasons: list[str] = []
    for mover in movers:
        try:
            return _explain_for(before.with_mover(mover), after, check_mover)
        except IllegalTurn as exc:
            reasons.append(str(exc))
    raise IllegalTurn(reasons[0])


def _likely_movers(before: State, after: State) -> list[Patrol]:
    changed = {s.patrol for s in set(before.scouts) ^ set(after.scouts)}
    freed = {p for p in before.in_play if after.prisoners_of(p) < before.prisoners_of(p)}
    return sorted(before.in_play, key=lambda p: (p not in changed | freed, p not in changed))


def _explain_for(before: State, after: State, check_mover: bool) -> Explanation:
    mover = before.to_move
    assert mover is not None
    over = outcome(before)
    if over is not None:
        raise IllegalTurn(
            _("The game was already over: {outcome}").format(outcome=over.description)
        )
    if check_mover and after.to_move is mover and after.out == before.out:
        raise IllegalTurn(
            _("{patrol} was to move and still is: after a turn, the next patrol moves.").format(
                patrol=mover.title
            )
        )
    change = read_change(before, after, mover)
    search = _Search(before, after, change, check_mover)
    found = search.run()
    if found is None:
        # the cheapest price of each changed scout names the dearest, if that is the reason
        cheapest_cost(before, after, change, most_foulards(before, change))
        raise IllegalTurn(no_turn_found(before, after, change, search.steps > NODE_LIMIT))
    turn, played = found
    return Explanation(mover, turn, played.foulards, played.bonus_foulards, played.bonus_allowed)


class _Limit(Exception):
    """The search took :data:`NODE_LIMIT` steps."""


class _Search(Bounds):
    """The search for a turn explaining ``change`` (see the module's description)."""

    def __init__(self, before: State, after: State, change: Change, check_mover: bool) -> None:
        super().__init__(before, after, change)
        self.check_mover = check_mover
        self.bonus_budget = before.options.bonus_foulards
        self.fixed = change.fixed
        self.turned: frozenset[int] = frozenset()
        self.star_held = self.mover in before.starred_prisoners
        self.acts: list[Act] = []
        self.split: int | None = None
        self.seen: dict[tuple[object, ...], int] = {}
        self.steps = 0
        self.second_row = self.mover.line(1, self.size)
        self.threshold = 0

    # -- the search -------------------------------------------------------------------------

    def run(self) -> tuple[Turn, Played] | None:
        """Deepen the allowed waste (foulards spent beyond the bound) one foulard at a time, so
        that the cheapest explanations are found first and fast."""
        most = BUDGET + self.bonus_budget
        try:
            for threshold in range(self._bound(), most + 1):
                self.threshold = threshold
                self.seen.clear()
                found = self._node(0, 0, 0, 0, 0)
                if found:
                    return found
        except _Limit:
            return None
        return None

    def _done(self) -> bool:
        if self.frees_left or any(self.still_to_take.values()):
            return False
        if self.change.vanished:
            return True
        if len(self.mine) != len(self.target):
            return False
        return all(self.target.get(c) == v for c, v in self.mine.items())

    def _finish(self) -> tuple[Turn, Played] | None:
        acts = tuple(self.acts)
        turn = Turn(acts) if self.split is None else Turn(acts[: self.split], acts[self.split :])
        try:
            played = play(self.before, turn)
        except IllegalTurn:
            return None
        if not played.after.same_position(self.after):
            return None
        if self.check_mover and self.after.to_move not in (None, played.after.to_move):
            return None
        return turn, played

    def _node(
        self, phase: int, base: int, spent: int, stage: int, part_captures: int
    ) -> tuple[Turn, Played] | None:
        """``base``: foulards of the normal turn when in the bonus turn; ``stage``: 0 no act yet
        in this part, 1 one act and no move, 2 moved."""
        self.steps += 1
        if self.steps > NODE_LIMIT:
            raise _Limit
        if stage == 2 and self._done():
            found = self._finish()
            if found:
                return found
        budget = BUDGET if phase == 0 else self.bonus_budget
        left = budget - spent
        more = any(self.still_to_take.values())
        room = left + (self.bonus_budget if phase == 0 and (part_captures or more) else 0)
        own = self._own_bound()
        bound = own + (self._capture_bound() if more else 0)
        if bound > room or base + spent + bound > self.threshold:
            return None
        key = (
            frozenset(self.mine.items()),
            frozenset(self.enemies),
            self.turned,
            self.frees_left,
            self.star_held,
            phase,
            base,
            stage,
            part_captures > 0,
        )
        if self.seen.get(key, 99) <= spent:
            return None
        self.seen[key] = spent
        # captures: as soon as possible, and then nothing else at this node
        if stage == 2 and more:
            takes = [
                c
                for c in self.may_take
                if c in self.enemies
                and self.still_to_take.get(self.enemies[c], 0) > 0
                and self._capturers(c) >= 2
            ]
            for c in sorted(takes):
                found = self._capture(c, phase, base, spent, stage, part_captures)
                if found or not self.ambiguous:
                    return found
        slack = min(self.threshold - base - spent, room) - own
        children = self._children(stage, left, slack)
        if phase == 0 and stage == 2 and part_captures:
            children.append((0.5, None, 0))  # the bonus turn starts here
        children.sort(key=lambda child: child[0])
        for _score, act, price in children:
            if act is None:
                self.split = len(self.acts)
                found = self._node(1, spent, 0, 0, 0)
                self.split = None
            else:
                found = self._child(act, price, phase, base, spent, stage, part_captures)
            if found:
                return found
        return None

    def _children(self, stage: int, left: int, slack: float) -> list[tuple[float, Act | None, int]]:
        """Each act that may come next with its price, scored by price plus the change of the
        bound it brings; those scoring more than ``slack`` cannot lead to a turn and are left."""
        found: list[tuple[float, Act | None, int]] = []
        bound = self._scout_bound
        for c, (d, star) in self.mine.items():
            if c in self.far_row:
                continue
            here = bound((c, d, star))
            crowd = self._crowd(c)
            to = c + _STEPS[d]
            price = 2 if crowd else 1
            if (
                price <= left
                and on_board(to, self.size)
                and to not in self.mine
                and to not in self.enemies
                and to not in self.fixed
                and to not in self.first_row
            ):
                score = price + bound((to, d, star)) - here
                if score <= slack:
                    found.append((score, Move(c, to), price))
            price = 1 + min(2, crowd)
            if stage != 1 and price <= left and c not in self.turned:
                for nd in range(8):
                    if nd != d:
                        score = price + bound((c, nd, star)) - here
                        if score <= slack:
                            found.append((score, Reorient(c, DIRECTIONS[nd]), price))
        if stage != 1 and self.frees_left and left >= FREE_COST:
            if self.change.star_freed and self.star_held:
                stars = [True] if self.frees_left == 1 else [True, False]
            else:
                stars = [False]
            for c in self.second_row:
                if c in self.mine or c in self.enemies or c in self.fixed or self._crowd(c):
                    continue
                for star in stars:
                    for nd in range(8):
                        score = bound((c, nd, star))  # its price replaces 3 in the bound
                        if score <= slack:
                            found.append((score, Free(c, DIRECTIONS[nd], star), FREE_COST))
        return found

    def _child(
        self, act: Act, price: int, phase: int, base: int, spent: int, stage: int, captures: int
    ) -> tuple[Turn, Played] | None:
        """Play ``act`` and search on. A scout turned (or freed) and not moved since, nor used
        in a capture since, is not turned again: one turn at the later time costs no more."""
        self.acts.append(act)
        turned = self.turned
        if isinstance(act, Move):
            entry = self.mine.pop(act.cell)
            self.mine[act.to] = entry
            self.turned = turned - {act.cell}
            try:
                return self._node(phase, base, spent + price, 2, captures)
            finally:
                self.turned = turned
                del self.mine[act.to]
                self.mine[act.cell] = entry
                self.acts.pop()
        next_stage = 2 if stage == 2 else 1
        self.turned = turned | {act.cell}
        if isinstance(act, Reorient):
            entry = self.mine[act.cell]
            self.mine[act.cell] = (act.direction.index, entry[1])
            try:
                return self._node(phase, base, spent + price, next_stage, captures)
            finally:
                self.turned = turned
                self.mine[act.cell] = entry
                self.acts.pop()
        assert isinstance(act, Free)
        self.mine[act.cell] = (act.direction.index, act.starred)
        self.frees_left -= 1
        held = self.star_held
        self.star_held = held and not act.starred
        try:
            return self._node(phase, base, spent + price, next_stage, captures)
        finally:
            self.turned = turned
            self.star_held = held
            self.frees_left += 1
            del self.mine[act.cell]
            self.acts.pop()

    def _capture(
        self, c: int, phase: int, base: int, spent: int, stage: int, part_captures: int
    ) -> tuple[Turn, Played] | None:
        patrol = self.enemies.pop(c)
        self.still_to_take[patrol] -= 1
        self.acts.append(Capture(c))
        turned, self.turned = self.turned, frozenset()
        try:
            return self._node(phase, base, spent, stage, part_captures + 1)
        finally:
            self.turned = turned
            self.acts.pop()
            self.still_to_take[patrol] += 1
            self.enemies[c] = patrol
