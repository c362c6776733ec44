"""The computer player: it plays legal turns, repeats itself for a seed, and takes a win."""

from __future__ import annotations

import doctest
import random

import pytest

from patrolkit.games.rodeurs import (
    Player,
    State,
    apply,
    endgame,
    engine,
    evaluate,
    expand,
    is_legal,
    is_over,
    legal_turns,
    montecarlo,
    result,
    successors,
)
from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL, LEVELS, CannotPlay, choose_turn
from patrolkit.games.rodeurs.jump import lines_for
from tests.rodeurs.helpers import CLASSIC, PERFT, random_game

ISOLATED_GREENS = " ".join(f"{column}{row}=g" for column in "aceg" for row in (1, 3, 7, 9))
"""Sixteen green pawns two cells apart: none of them can jump or be jumped on its own."""


def test_the_examples_in_the_docstrings_hold() -> None:
    assert all(doctest.testmod(module).failed == 0 for module in (endgame, engine, evaluate))


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("entry", PERFT["position"][:2] + PERFT["position"][3:], ids=str)
def test_the_computer_plays_a_legal_turn(level: int, entry: dict[str, str]) -> None:
    state = State.from_text(entry["text"])
    choice = choose_turn(state, level=level, seed=3)
    assert is_legal(state, choice.turn)
    assert choice.turn.opening == state.opening


def test_the_computer_plays_legal_turns_through_a_whole_game() -> None:
    state = CLASSIC.state
    while not is_over(state):
        turn = choose_turn(state, level=1, seed=11).turn
        assert is_legal(state, turn)
        state = apply(state, turn)
    assert result(state).winner in (Player.WHITE, Player.BLACK, None)


def test_the_computer_plays_for_a_mover_read_from_a_photo_as_white() -> None:
    state = random_game(CLASSIC.state, 4)[6]
    unknown = state.with_mover(None)
    assert (
        choose_turn(unknown, level=1).turn
        == choose_turn(unknown.with_mover(Player.WHITE), level=1).turn
    )


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_same_seed_gives_the_same_turn(level: int) -> None:
    state = random_game(CLASSIC.state, 8)[5]
    assert choose_turn(state, level=level, seed=42) == choose_turn(state, level=level, seed=42)


def test_seeds_draw_among_turns_as_good_as_the_best() -> None:
    state = random_game(CLASSIC.state, 2)[3]
    best = choose_turn(state, level=1).value
    choices = [choose_turn(state, level=1, seed=seed, spread=20000) for seed in range(12)]
    assert len({choice.turn for choice in choices}) > 1
    values = [choice.value for choice in choices]
    assert best is not None and None not in values
    assert all(best - 20000 <= value <= best for value in values if value is not None)


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize(
    ("pawns", "winning"),
    [("b2=r c2=g", "b2xd2"), ("g5=g f8=r g2=y", "g2xg4 g5xg3")],
)
def test_the_computer_takes_a_winning_capture(level: int, pawns: str, winning: str) -> None:
    state = State.from_pawns(f"{ISOLATED_GREENS} {pawns}", board=CLASSIC.board)
    winners = [
        turn.notation
        for turn in legal_turns(state)
        if is_over(after := apply(state, turn)) and result(after).winner is Player.WHITE
    ]
    assert winners == [winning]
    choice = choose_turn(state, level=level)
    assert choice.turn.notation == winning
    if LEVELS[level].playouts:
        assert choice.mean == 1.0 and choice.value is None
    else:
        assert choice.value is not None and choice.value > 0
    if level > 1 and not LEVELS[level].playouts:
        assert choice.proven, "every line ends within the budget, so the win is proven"


def test_a_small_endgame_is_played_exactly_and_says_so() -> None:
    state = State.from_pawns("b2=r c2=g d4=y d5=g", board=CLASSIC.board, to_move=Player.BLACK)
    choice = choose_turn(state, level=DEFAULT_LEVEL)
    solution = endgame.solve(state)
    assert choice.proven and solution is not None
    assert choice.value == solution.value


def test_the_computer_refuses_a_finished_game_and_an_unknown_level() -> None:
    finished = State.from_pawns("a1=r c1=g", board=CLASSIC.board)
    with pytest.raises(CannotPlay, match="game is over"):
        choose_turn(finished)
    with pytest.raises(CannotPlay, match="levels are 1, 2, 3, 4"):
        choose_turn(CLASSIC.state, level=9)


def test_fast_turns_match_the_rules() -> None:
    """The search's own turn generator reaches exactly the rules' positions, with the right gain."""
    for entry in PERFT["position"]:
        state = State.from_text(entry["text"])
        table = evaluate.weights(state.board)
        cells = evaluate.pack(state)
        lines = lines_for(state.board.diagonal)
        found = expand.children(cells, lines, table.cells, state.opening)
        assert [evaluate.unpack(child) for _, child, _ in found] == [
            after.pawns for _, after in successors(state)
        ]
        base = table.outcome(cells)
        assert all(table.outcome(child) - base == change for change, child, _ in found)
        for sign in (1, -1):
            assert expand.best_gain(cells, lines, table.cells, state.opening, sign) == max(
                sign * change for change, _, _ in found
            )


def test_a_random_game_of_the_weighing_plays_to_the_end_by_jumps() -> None:
    rng = random.Random(4)
    for entry in PERFT["position"]:
        state = State.from_text(entry["text"])
        cells = bytearray(evaluate.pack(state))
        montecarlo.playout(cells, lines_for(state.board.diagonal), rng)
        assert not expand.any_jump(bytes(cells), lines_for(state.board.diagonal))
        assert 0 < sum(map(bool, cells)) < state.pawn_count


def test_the_weighing_by_random_games_repeats_for_a_seed_and_refuses_a_finished_game() -> None:
    state = random_game(CLASSIC.state, 6)[4]
    first = montecarlo.monte_carlo(state, playouts=300, seed=8)
    assert first == montecarlo.monte_carlo(state, playouts=300, seed=8)
    assert -1.0 <= first[1] <= 1.0
    with pytest.raises(ValueError, match="game is over"):
        montecarlo.monte_carlo(
            State.from_pawns("a1=r c1=g", board=CLASSIC.board), playouts=9, seed=0
        )
