"""A Stratego game: a start position, the rule options, the moves played and what they imply.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

The position alone says which moves its rules allow (:mod:`~patrolkit.games.stratego.moves`);
the two-square and chase rules also look at the moves before. A :class:`Game` carries both: its
:meth:`Game.legal_moves` and :meth:`Game.play` apply every rule. The game ends when a flag is
taken, or when the player to move cannot move (those rules included): that player loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego.chase import Chase, chase_problem, next_chase
from patrolkit.games.stratego.combat import Attack
from patrolkit.games.stratego.model import Army, Rank, Rules, State
from patrolkit.games.stratego.moves import Move, attack_of, legal_moves, move_problem, successor
from patrolkit.games.stratego.repetition import (
    NO_STREAKS,
    Streaks,
    next_streaks,
    two_square_problem,
)
from patrolkit.games.stratego.words import capitalized, player
from patrolkit.i18n import _


class DecidedBy(Enum):
    """What ended the game."""

    FLAG = "flag taken"
    NO_MOVE = "no move left"


@dataclass(frozen=True)
class Result:
    """The end of a game: the winner and what decided it."""

    winner: Army
    decided_by: DecidedBy

    @property
    def description(self) -> str:
        """``Red wins: blue's flag is taken.`` or ``Blue wins: red cannot move.``"""
        names = {
            "winner": capitalized(player(self.winner)),
            "loser": player(self.winner.opponent),
        }
        if self.decided_by is DecidedBy.FLAG:
            return _("{winner} wins: {loser}'s flag is taken.").format(**names)
        return _("{winner} wins: {loser} cannot move.").format(**names)


def _flag_lost(state: State, army: Army) -> bool:
    return not any(
        p is not None and p.army is army and p.rank in (Rank.FLAG, None) for p in state.cells
    )


def result(state: State) -> Result | None:
    """How the game stands in ``state`` by the position alone: the player to move has lost when
    their flag is no longer on the board or none of their pieces can move (the two-square and
    chase rules need the game: see :attr:`Game.result`). ``None`` while the game goes on, and
    when the player to move or the ranks of their pieces are unknown."""
    army = state.to_move
    if army is None or any(
        p is not None and p.army is army and p.rank is None for p in state.cells
    ):
        return None
    if _flag_lost(state, army):
        return Result(army.opponent, DecidedBy.FLAG)
    if not legal_moves(state, army):
        return Result(army.opponent, DecidedBy.NO_MOVE)
    return None


@dataclass(frozen=True)
class Game:
    """A game from ``start`` under ``rules``: the moves played so far and the position they reach.

    Build one with :meth:`new`, then :meth:`play` each move; the streaks (two-square rule) and
    the chase under way (chase rule) are kept as the game goes.
    """

    start: State
    state: State
    rules: Rules = field(default_factory=Rules)
    moves: tuple[Move, ...] = ()
    streaks: Streaks = NO_STREAKS
    chase: Chase | None = None

    def __post_init__(self) -> None:
        if self.start.to_move is None or self.state.to_move is None:
            raise IllegalTurn(_("A game starts from a position that says who moves first."))

    @classmethod
    def new(cls, start: State, rules: Rules | None = None) -> Game:
        """A game about to start from ``start`` under ``rules`` (by default, :class:`Rules`)."""
        return cls(start, start, rules or Rules())

    def refusal(self, move: Move) -> str:
        """Why ``move`` may not be played now, in one sentence; ``""`` when every rule allows it."""
        over = self.result
        if over is not None:
            return _("The game is over: {result}").format(result=over.description)
        problem = move_problem(self.state, move)
        if problem:
            return problem
        army = self.state.to_move
        assert army is not None
        problem = two_square_problem(self.streaks, army, move, self.rules.two_square)
        if problem or not self.rules.chase:
            return problem
        return chase_problem(self.chase, self.state, move, successor(self.state, move))

    def _history_allows(self, move: Move) -> bool:
        army = self.state.to_move
        assert army is not None
        if two_square_problem(self.streaks, army, move, self.rules.two_square):
            return False
        return not (
            self.rules.chase
            and chase_problem(self.chase, self.state, move, successor(self.state, move))
        )

    def legal_moves(self) -> list[Move]:
        """Every move the player to move may make, every rule applied (none once the game is
        over)."""
        army = self.state.to_move
        assert army is not None
        if _flag_lost(self.state, army):
            return []
        return [m for m in legal_moves(self.state) if self._history_allows(m)]

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it goes on."""
        army = self.state.to_move
        assert army is not None
        if _flag_lost(self.state, army):
            return Result(army.opponent, DecidedBy.FLAG)
        if not any(self._history_allows(m) for m in legal_moves(self.state)):
            return Result(army.opponent, DecidedBy.NO_MOVE)
        return None

    def play(self, move: Move) -> Game:
        """The game after ``move``; raises :class:`IllegalTurn` saying which rule refuses it."""
        problem = self.refusal(move)
        if problem:
            raise IllegalTurn(problem)
        return self._played(move)

    def _played(self, move: Move) -> Game:
        before = self.state
        after = successor(before, move)
        return Game(
            self.start,
            after,
            self.rules,
            (*self.moves, move),
            next_streaks(self.streaks, before, move, after),
            next_chase(self.chase, before, move, after),
        )

    def attack(self, move: Move) -> Attack | None:
        """What ``move`` would reveal: the two ranks of its attack, or ``None`` for a move."""
        return attack_of(self.state, move)

    def replayed(self) -> list[State]:
        """Every position of the game, from the start to now."""
        states = [self.start]
        for move in self.moves:
            states.append(successor(states[-1], move))
        return states
