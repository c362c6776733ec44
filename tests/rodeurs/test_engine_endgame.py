"""The endgame solver proves the same outcomes as a plain minimax over every line of play."""

from __future__ import annotations

import random

import pytest

from patrolkit.games.rodeurs import (
    SQUARES,
    Board,
    CellColour,
    PawnColour,
    Player,
    State,
    apply,
    classic_layout,
    result,
    score,
    successors,
)
from patrolkit.games.rodeurs.endgame import solve
from patrolkit.games.rodeurs.evaluate import outcome, verdict

POSITIONS = 500


def plain_outcome(state: State) -> int:
    """The end of the game seen from White, straight from the tallies: points first, then red,
    then yellow pawns, each difference in its own decimal place."""
    tallies = score(state)
    white, black = tallies[Player.WHITE], tallies[Player.BLACK]
    return (
        10000 * (black.points - white.points)
        + 100 * (black.red - white.red)
        + (black.yellow - white.yellow)
    )


def minimax(state: State) -> int:
    """Every line of play to the end, no pruning, no table: White maximises, Black minimises."""
    after = [minimax(position) for _, position in successors(state)]
    if not after:
        return plain_outcome(state)
    return max(after) if state.to_move is Player.WHITE else min(after)


def random_small_position(rng: random.Random) -> State:
    """A random board (diagonal jumps or not) with three to seven pawns, anyone to move."""
    lower = [rng.choice((CellColour.BLACK, CellColour.WHITE)) for _ in range(28)]
    board = Board.from_lower_half(lower, diagonal=rng.random() < 0.4)
    cells: list[PawnColour | None] = [None] * SQUARES
    for sq in rng.sample(range(SQUARES), rng.randint(3, 7)):
        cells[sq] = rng.choice(list(PawnColour))
    return State(board, tuple(cells), rng.choice(list(Player)), rng.random() < 0.1)


def test_the_plain_outcome_orders_games_as_the_result_does() -> None:
    rng = random.Random(5)
    for _ in range(200):
        state = random_small_position(rng)
        winner = result(state).winner
        expected = 0 if winner is None else 1 if winner is Player.WHITE else -1
        assert verdict(plain_outcome(state)) == expected
        assert outcome(state) == plain_outcome(state)


def test_the_solver_agrees_with_plain_minimax_on_500_random_small_positions() -> None:
    rng = random.Random(2026)
    decided = 0
    for _ in range(POSITIONS):
        state = random_small_position(rng)
        solution = solve(state)
        assert solution is not None, state.text
        sign = 1 if state.to_move is Player.WHITE else -1
        best = minimax(state)
        assert solution.value == sign * best, state.text
        if solution.turn is not None:
            assert minimax(apply(state, solution.turn)) == best, state.text
            decided += 1
    assert decided > POSITIONS // 2


def test_the_solver_says_so_when_a_position_is_too_big_to_prove() -> None:
    assert solve(classic_layout().state, nodes=1000) is None


@pytest.mark.parametrize("mover", list(Player))
def test_a_finished_game_is_solved_with_no_turn(mover: Player) -> None:
    board = Board.from_lower_half([CellColour.WHITE] * 28)
    state = State.from_pawns("a1=r c1=g", board=board, to_move=mover)
    solution = solve(state)
    assert solution is not None and solution.turn is None
    assert solution.verdict == (-1 if mover is Player.WHITE else 1)
