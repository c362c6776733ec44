"""Le grand jeu des patrouilles: whole turns, the bonus turn, and what follows a turn.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

A :class:`Turn` is the acts of a normal turn (budget 4) and, when that turn captured at least one
scout, optionally the acts of a bonus turn (budget fixed in the options, 2 to 4). Each is played as
a :class:`~patrolkit.games.grand_jeu.acts.Part`: a move as the first or second act, captures only
after a move, at most the budget spent. A bonus turn never earns another.

:func:`apply` plays a turn and then settles what follows it: with the "culs de pat'" variant, a
patrol whose starred scout is still in prison at the end of its normal turn has lost; with three
or four patrols, a patrol left with fewer scouts than K' is eliminated (its scouts leave the
board), and so is a patrol that cannot move in its first or second act when its turn comes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu.acts import (
    BUDGET,
    Act,
    Capture,
    Free,
    Move,
    Part,
    Reorient,
    cost,
    do,
)
from patrolkit.games.grand_jeu.board import DIRECTIONS
from patrolkit.games.grand_jeu.model import Patrol, State
from patrolkit.i18n import _


@dataclass(frozen=True)
class Turn:
    """The acts of a normal turn and, if taken, of the bonus turn after it."""

    acts: tuple[Act, ...]
    bonus: tuple[Act, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "acts", tuple(self.acts))
        if self.bonus is not None:
            object.__setattr__(self, "bonus", tuple(self.bonus))

    @property
    def captures(self) -> int:
        return sum(isinstance(a, Capture) for a in (*self.acts, *(self.bonus or ())))

    def __str__(self) -> str:
        from patrolkit.games.grand_jeu.notation import format_turn

        return format_turn(self)


@dataclass(frozen=True)
class Played:
    """A turn played: the position after it, and the foulards each part spent."""

    after: State
    foulards: int
    bonus_foulards: int | None
    bonus_allowed: bool


def play_part(state: State, acts: tuple[Act, ...], *, bonus: bool = False) -> Part:
    """Play ``acts`` as one turn (or bonus turn) of the patrol to move; raises
    :class:`IllegalTurn` with the rule broken."""
    part = Part.start(state, bonus=bonus)
    for act in acts:
        part = part.play(act)
    if not part.can_end:
        raise IllegalTurn(
            _("A turn must move a scout in its first or second act, or its patrol loses.")
            if part.acts
            else _("A turn must move at least one scout.")
        )
    return part


def play(state: State, turn: Turn) -> Played:
    """Play ``turn`` from ``state``, settle what follows, and say what it cost."""
    from patrolkit.games.grand_jeu.outcome import outcome

    over = outcome(state)
    if over is not None:
        raise IllegalTurn(_("The game is over: {outcome}").format(outcome=over.description))
    part = play_part(state, turn.acts)
    mover = part.mover
    position = part.position
    lost = (
        state.options.culs_de_pat
        and mover in position.starred_prisoners
        and mover in state.starred_prisoners
    )
    bonus_spent = None
    if turn.bonus is not None:
        if part.captures == 0:
            raise IllegalTurn(_("A bonus turn follows only a turn that captured a scout."))
        if lost:
            raise IllegalTurn(
                _(
                    "{mover} did not free its starred scout in time and has lost: no bonus turn."
                ).format(mover=mover.title)
            )
        bonus = play_part(position, turn.bonus, bonus=True)
        position, bonus_spent = bonus.position, bonus.spent
    if lost:
        position = _eliminate(position, mover)
    after = settle(position, mover)
    return Played(after, part.spent, bonus_spent, part.captures > 0 and turn.bonus is None)


def apply(state: State, turn: Turn) -> State:
    """The position after ``turn``; raises :class:`IllegalTurn` with one sentence if it is not
    legal."""
    return play(state, turn).after


def is_legal(state: State, turn: Turn) -> bool:
    try:
        play(state, turn)
    except IllegalTurn:
        return False
    return True


def _eliminate(state: State, patrol: Patrol) -> State:
    """``patrol`` is out; with three or four patrols its scouts leave the board."""
    scouts = state.scouts
    if state.options.players > 2:
        scouts = tuple(s for s in scouts if s.patrol is not patrol)
    return replace(state, scouts=scouts, out=state.out | {patrol})


def settle(state: State, mover: Patrol) -> State:
    """What follows ``mover``'s turn: eliminations (three or four patrols) and the next patrol."""
    options = state.options
    if options.players > 2:
        for patrol in state.in_play:
            if patrol is not mover and len(state.scouts_of(patrol)) < options.fewest_scouts:
                state = _eliminate(state, patrol)
    if len(state.in_play) <= 1:
        return replace(state, to_move=state.in_play[0] if state.in_play else None)
    following = state.next_patrol(mover)
    state = replace(state, to_move=following)
    if options.players > 2:
        while len(state.in_play) > 2 and is_blocked(state, following):
            state = _eliminate(state, following)
            following = state.next_patrol(following)
            state = replace(state, to_move=following)
    return state


def is_blocked(state: State, patrol: Patrol | None = None) -> bool:
    """Whether ``patrol`` (default: the patrol to move) cannot move a scout in its first or
    second act with its 4 foulards."""
    patrol = patrol or state.to_move
    if patrol is None:
        raise IllegalTurn(_("The position does not say which patrol is to move."))
    mine = state.scouts_of(patrol)

    def can_move(position: State, left: int) -> bool:
        for s in position.scouts_of(patrol):
            try:
                if cost(position, patrol, Move(s.cell, s.cell + s.direction.step)) <= left:
                    return True
            except IllegalTurn:
                continue
        return False

    if can_move(state, BUDGET):
        return False
    for s in mine:
        for d in DIRECTIONS:
            turning = Reorient(s.cell, d)
            try:
                price = cost(state, patrol, turning)
            except IllegalTurn:
                continue
            if price < BUDGET and can_move(do(state, patrol, turning), BUDGET - price):
                return False
    if state.prisoners_of(patrol):
        for c in patrol.line(1, state.size):
            for d in DIRECTIONS:
                freeing = Free(
                    c, d, patrol in state.starred_prisoners and state.prisoners_of(patrol) == 1
                )
                try:
                    price = cost(state, patrol, freeing)
                except IllegalTurn:
                    continue
                if can_move(do(state, patrol, freeing), BUDGET - price):
                    return False
    return True
