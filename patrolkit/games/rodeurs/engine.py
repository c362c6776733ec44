"""The Rôdeurs computer player: a search over legal turns, guided by the score.

:func:`choose_turn` picks a turn for the player to move at a strength :data:`LEVELS` names. The
search is alpha-beta over whole turns, deepened one turn at a time while its node budget lasts:

* a turn's worth is the change it makes to the *outcome* (the score and its tie-breaks folded into
  one number, :mod:`~patrolkit.games.rodeurs.evaluate`); turns are tried best change first, and
  from the second iteration on, the turn the last iteration found best comes first;
* at the search horizon, a position is worth its outcome plus the most the player to move could
  gain in one turn (:func:`~patrolkit.games.rodeurs.expand.best_gain`), since that player must
  play and will take what is there;
* an iteration that runs out of nodes is dropped, except for a turn it already proved better than
  the last complete iteration's best;
* with :data:`~patrolkit.games.rodeurs.endgame.ENDGAME_PAWNS` pawns or fewer, the exact solver is
  tried first with the same budget; when it finishes, its turn is played and the result is proven;
* when an iteration reaches the end of the game on every line it searched, its values are exact:
  the search stops there and the result is proven too.

The stronger levels weigh the turns by random games played to the end instead
(:mod:`~patrolkit.games.rodeurs.montecarlo`): given the same time per turn, that beat the search
in our measurements. The solver still plays the endgames it can prove.

Budgets count positions or random games, not seconds, so the same position, level and seed
always give the same turn on any machine. The seed draws among the turns found equally good (or,
when asked, nearly as good) and drives the random games, so games between equal players differ
from one seed to the next.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from patrolkit.errors import PatrolkitError
from patrolkit.games.rodeurs.endgame import ENDGAME_PAWNS, solve
from patrolkit.games.rodeurs.evaluate import pack, side, weights
from patrolkit.games.rodeurs.expand import Child, best_gain, children, greedy_turn, play
from patrolkit.games.rodeurs.jump import Jump, Turn, lines_for
from patrolkit.games.rodeurs.model import State
from patrolkit.games.rodeurs.montecarlo import monte_carlo
from patrolkit.games.rodeurs.turns import is_over
from patrolkit.i18n import _


@dataclass(frozen=True)
class Level:
    """A strength: the search's node budget, and, when ``playouts`` is set, the turn is weighed by
    that many random games instead (:mod:`~patrolkit.games.rodeurs.montecarlo`); the node budget
    then serves the endgame solver only."""

    nodes: int
    playouts: int = 0


LEVELS: dict[int, Level] = {
    1: Level(0),
    2: Level(1_500),
    3: Level(1_500, playouts=1_000),
    4: Level(6_000, playouts=4_000),
}
"""Each strength level. Level 1 looks one turn ahead and no further; levels 3 and 4 weigh turns
by random games, which beat the search given the same time (``bench/rodeurs_engine.py``)."""
DEFAULT_LEVEL = 3
MAX_DEPTH = 64
"""More turns than any game lasts: iterative deepening stops there at the latest."""
_INFINITY = 1 << 62
_EXACT, _LOWER, _UPPER = 0, 1, 2


class CannotPlay(PatrolkitError):
    """The computer player has no turn to propose: the game is over, or the level is unknown."""


class _OutOfBudget(Exception):
    """The iteration ran past the node budget."""


@dataclass(frozen=True)
class Choice:
    """The computer player's turn and why.

    ``value`` is the outcome it expects from the mover's side (``None`` when the turn was weighed
    by random games: ``mean`` is then its mean result over them, 1 a win, -1 a loss);
    ``depth`` the whole turns it searched (before the one-turn look at the horizon); ``nodes``
    the positions it visited, or the random games it played;
    ``proven`` whether ``value`` is exact: the endgame solver proved it, or the search saw every
    line to the end of the game.
    """

    turn: Turn
    value: int | None
    depth: int
    nodes: int
    proven: bool
    mean: float | None = None


def check_level(level: int) -> int:
    """``level`` if it is one of :data:`LEVELS`; raises :class:`CannotPlay` naming them."""
    if level not in LEVELS:
        known = ", ".join(str(k) for k in LEVELS)
        raise CannotPlay(
            _("There is no level {level}; the computer player's levels are {known}.").format(
                level=level, known=known
            )
        )
    return level


class _Search:
    def __init__(self, state: State, budget: int) -> None:
        self.lines = lines_for(state.board.diagonal)
        self.weights = weights(state.board).cells
        self.budget = budget
        self.nodes = 0
        self.table: dict[tuple[bytes, int], tuple[int, int, int, tuple[int, bytes], int]] = {}
        self.iteration = 0
        self.cut_short = False
        """Whether the current iteration met a live position at its horizon (else it is exact)."""

    def visit(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    def horizon(self, cells: bytes, sign: int, outcome: int) -> int:
        self.visit()
        gain = best_gain(cells, self.lines, self.weights, False, sign)
        if gain is None:
            return sign * outcome
        self.cut_short = True
        return sign * outcome + gain

    def value(
        self, cells: bytes, sign: int, outcome: int, depth: int, alpha: int, beta: int
    ) -> int:
        """The worth of a (non-opening) position for the mover, ``depth`` turns deep.

        The turn the table remembers, or else the greediest turn, is searched before any other
        turn is generated: when it already refutes the line, nothing else is built.
        """
        if depth == 0:
            return self.horizon(cells, sign, outcome)
        self.visit()
        key = (cells, sign)
        known = self.table.get(key)
        if known is not None:
            known_depth, kind, stored, first, iteration = known
            if known_depth >= depth and (
                kind == _EXACT
                or (kind == _LOWER and stored >= beta)
                or (kind == _UPPER and stored <= alpha)
            ):
                # An earlier iteration's value may have stopped at its horizon.
                self.cut_short |= iteration != self.iteration
                return stored
        else:
            greedy = greedy_turn(cells, self.lines, self.weights, False, sign)
            if greedy is None:
                return sign * outcome
            first = (sign * greedy[0], play(cells, greedy[1]))
        start_alpha = alpha
        best = -self.value(first[1], -sign, outcome + first[0], depth - 1, -beta, -alpha)
        best_turn = first
        if best < beta:
            alpha = max(alpha, best)
            turns = children(cells, self.lines, self.weights, False)
            turns.sort(key=lambda child: -sign * child[0])
            for change, child, _jumps in turns:
                if child == first[1]:
                    continue
                found = -self.value(child, -sign, outcome + change, depth - 1, -beta, -alpha)
                if found > best:
                    best, best_turn = found, (change, child)
                    if found > alpha:
                        alpha = found
                        if alpha >= beta:
                            break
        kind = _LOWER if best >= beta else _UPPER if best <= start_alpha else _EXACT
        self.table[key] = (depth, kind, best, best_turn, self.iteration)
        return best

    def root(
        self, turns: list[Child], sign: int, outcome: int, depth: int, spread: int
    ) -> list[int]:
        """The worth of each root turn: exact for the turns within ``spread`` of the best (ties
        included), an upper bound for the others.

        When the budget runs out, :attr:`partial` keeps the worths found so far.
        """
        alpha = -_INFINITY
        self.iteration += 1
        self.cut_short = False
        self.partial: list[int] = []
        for change, child, _jumps in turns:
            floor = max(alpha - spread - 1, -_INFINITY)
            found = -self.value(child, -sign, outcome + change, depth - 1, -_INFINITY, -floor)
            self.partial.append(found)
            alpha = max(alpha, found)
        return self.partial


def choose_turn(
    state: State, *, level: int = DEFAULT_LEVEL, seed: int = 0, spread: int = 0
) -> Choice:
    """The computer player's turn in ``state`` at ``level``.

    Among the turns worth the best or at most ``spread`` less (an outcome difference; 0: only
    ties), one is drawn with ``seed``; at the levels that weigh turns by random games, the seed
    drives those games instead. The same arguments always give the same turn.

    The turn is for the player to move; a position whose mover is unknown is played for White.
    Raises :class:`CannotPlay` when the game is over.

    >>> from patrolkit.games.rodeurs import classic_layout, is_legal
    >>> start = classic_layout().state
    >>> choice = choose_turn(start, level=2, seed=7)
    >>> is_legal(start, choice.turn), choice == choose_turn(start, level=2, seed=7)
    (True, True)
    """
    strength = LEVELS[check_level(level)]
    budget = strength.nodes
    sign = side(state.to_move)
    if state.pawn_count <= ENDGAME_PAWNS and budget:
        solution = solve(state, nodes=budget)
        if solution is not None and solution.turn is not None:
            return Choice(solution.turn, solution.value, MAX_DEPTH, solution.nodes, True)
    if strength.playouts and not is_over(state):
        jumps, mean = monte_carlo(state, playouts=strength.playouts, seed=seed)
        turn = Turn(tuple(Jump(*raw) for raw in jumps), state.opening)
        return Choice(turn, None, 0, strength.playouts, False, mean)
    cells = pack(state)
    search = _Search(state, budget)
    outcome = weights(state.board).outcome(cells)
    turns = children(cells, search.lines, search.weights, state.opening)
    if not turns:
        raise CannotPlay(_("The game is over: no jump is left, so there is no turn to play."))
    turns.sort(key=lambda child: -sign * child[0])
    # Depth 1 always completes: the budget only limits how much deeper the player looks.
    search.budget = _INFINITY
    values = search.root(turns, sign, outcome, 1, spread)
    done_depth, done_nodes = 1, search.nodes
    search.budget = budget
    for depth in range(2, MAX_DEPTH + 1):
        if search.nodes >= budget or not search.cut_short:
            break
        ordered = [turns[i] for i in sorted(range(len(turns)), key=lambda i: -values[i])]
        try:
            values = search.root(ordered, sign, outcome, depth, spread)
        except _OutOfBudget:
            # A turn the unfinished iteration proved better than the last one's best stands.
            partial = search.partial
            if len(partial) > 1 and max(partial[1:]) > partial[0]:
                turns = ordered[: len(partial)]
                values = partial
            break
        turns, done_depth, done_nodes = ordered, depth, search.nodes
    top = max(values)
    best = random.Random(seed).choice(
        [i for i, value in enumerate(values) if value >= top - spread]
    )
    turn = Turn(tuple(Jump(*raw) for raw in turns[best][2]), state.opening)
    exact = not search.cut_short and done_nodes == search.nodes
    return Choice(turn, values[best], done_depth, done_nodes, exact)
