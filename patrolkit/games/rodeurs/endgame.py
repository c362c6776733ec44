"""Rôdeurs endgames solved exactly: the best turn and the outcome both players can force.

The solver searches every line of play to the end of the game (alpha-beta with a table of the
positions already solved), within a node budget. When the whole tree fits in the budget its answer
is a proof: :attr:`Solution.value` is the outcome (see :mod:`~patrolkit.games.rodeurs.evaluate`)
the player to move gets against any defence, and nobody can do better against best play. When the
tree does not fit, :func:`solve` says so by returning ``None`` — it never guesses.

Positions with a few pawns left are small enough; :data:`ENDGAME_PAWNS` is where the computer
player starts trying.
"""

from __future__ import annotations

from dataclasses import dataclass

from patrolkit.games.rodeurs.evaluate import pack as _pack
from patrolkit.games.rodeurs.evaluate import side, verdict, weights
from patrolkit.games.rodeurs.expand import children
from patrolkit.games.rodeurs.jump import Jump, Turn, lines_for
from patrolkit.games.rodeurs.model import State

ENDGAME_PAWNS = 14
"""The computer player tries to solve positions with at most this many pawns."""
SOLVER_NODES = 200_000
"""The solver's default budget: positions it may visit before it gives up."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY = 1 << 62


class _OutOfBudget(Exception):
    """The tree did not fit in the budget."""


@dataclass(frozen=True)
class Solution:
    """A solved position: the outcome the player to move forces (from their side), a turn that
    forces it (``None`` when the game is over), and the positions visited to prove it."""

    value: int
    turn: Turn | None
    nodes: int

    @property
    def verdict(self) -> int:
        """``1``: the player to move wins with best play; ``0``: a draw; ``-1``: a loss."""
        return verdict(self.value)


class _Solver:
    def __init__(self, state: State, budget: int) -> None:
        self.lines = lines_for(state.board.diagonal)
        self.weights = weights(state.board).cells
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[bytes, int, bool], tuple[int, int]] = {}

    def value(
        self, cells: bytes, opening: bool, sign: int, outcome: int, alpha: int, beta: int
    ) -> int:
        """The exact outcome, from the mover's side, clipped to the window ``alpha``..``beta``."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        key = (cells, sign, opening)
        known = self.table.get(key)
        if known is not None:
            kind, stored = known
            if (
                kind == _EXACT
                or (kind == _LOWER and stored >= beta)
                or (kind == _UPPER and stored <= alpha)
            ):
                return stored
        turns = children(cells, self.lines, self.weights, opening)
        if not turns:
            return sign * outcome
        turns.sort(key=lambda child: -sign * child[0])
        start_alpha = alpha
        best = -_INFINITY
        for change, child, _ in turns:
            found = -self.value(child, False, -sign, outcome + change, -beta, -alpha)
            if found > best:
                best = found
                if found > alpha:
                    alpha = found
                    if alpha >= beta:
                        break
        kind = _LOWER if best >= beta else _UPPER if best <= start_alpha else _EXACT
        self.table[key] = (kind, best)
        return best


def solve(state: State, *, nodes: int = SOLVER_NODES) -> Solution | None:
    """The exact solution of ``state``, or ``None`` when proving it takes more than ``nodes``.

    The outcome is seen from the player to move (White when the mover is unknown). Among turns
    that force the best outcome, the first in the rules' order is given.

    >>> from patrolkit.games.rodeurs import Board, Player
    >>> from patrolkit.games.rodeurs.evaluate import margin
    >>> board = Board.from_drawing("\\n".join(["bwbwbwb"] * 4 + ["-------"] + ["wbwbwbw"] * 4))
    >>> state = State.from_pawns("b1=g b2=r c1=y", board=board, to_move=Player.WHITE)
    >>> solution = solve(state)
    >>> solution.turn.notation, solution.verdict, margin(solution.value)
    ('b1xd1', 1, 4)
    """
    solver = _Solver(state, nodes)
    sign = side(state.to_move)
    cells = _pack(state)
    outcome = weights(state.board).outcome(cells)
    try:
        turns = children(cells, solver.lines, solver.weights, state.opening)
        if not turns:
            return Solution(sign * outcome, None, 1)
        best_value, best_jumps = -_INFINITY, turns[0][2]
        alpha = -_INFINITY
        for change, child, sequence in turns:
            found = -solver.value(child, False, -sign, outcome + change, -_INFINITY, -alpha)
            if found > best_value:
                best_value, best_jumps, alpha = found, sequence, found
    except _OutOfBudget:
        return None
    turn = Turn(tuple(Jump(*raw) for raw in best_jumps), state.opening)
    return Solution(best_value, turn, solver.nodes)
