"""The two-square rule: no piece makes more than 3 (or, as an option, 5) moves in a row between
the same two cells."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego import Game, Move, Rules
from tests.stratego.helpers import game_from, play

# Red's lieutenant on a4; blue's sergeant far away on j7 keeps blue busy between red's moves,
# walking round a square of four cells (so that it never breaks the rule itself).
SHUTTLE = "a4=L j7=t"
BLUE_WAITS = ("j7-j8", "j8-i8", "i8-i7", "i7-j7")


def shuttle(game: Game, *red_moves: str) -> Game:
    """Red plays ``red_moves``, blue answers each with its sergeant's walk."""
    for index, move in enumerate(red_moves):
        game = play(game, move, BLUE_WAITS[index % len(BLUE_WAITS)])
    return game


def test_a_piece_makes_three_moves_between_two_cells_and_the_fourth_is_refused() -> None:
    game = shuttle(game_from(SHUTTLE), "a4-a5", "a5-a4", "a4-a5")
    with pytest.raises(
        IllegalTurn, match=r"a4 and a5 in each of its last 3 moves: a 4th is refused"
    ):
        game.play(Move.parse("a5-a4"))
    assert Move.parse("a5-a4") not in game.legal_moves()
    assert Move.parse("a5-a6") in game.legal_moves()  # onward along the same line is fine


def test_with_the_five_move_option_the_sixth_is_refused() -> None:
    game = shuttle(
        game_from(SHUTTLE, Rules(two_square=5)), "a4-a5", "a5-a4", "a4-a5", "a5-a4", "a4-a5"
    )
    with pytest.raises(IllegalTurn, match="last 5 moves: a 6th is refused"):
        game.play(Move.parse("a5-a4"))


def test_the_limit_is_three_by_default_and_only_three_or_five() -> None:
    assert Rules().two_square == 3
    with pytest.raises(Exception, match="3 or 5"):
        Rules(two_square=4)


def test_an_attack_counts_as_a_move_between_the_two_cells() -> None:
    # A blue scout runs onto a5 after red's second move; red's third move is an attack on it.
    game = game_from("a4=L j7=t a9=o")
    game = play(game, "a4-a5", "j7-j8", "a5-a4", "a9-a5", "a4xa5", "j8-j7")
    assert game.state.piece(40) is not None  # the lieutenant won and stands on a5
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("a5-a4"))


def test_moving_another_piece_restarts_the_count() -> None:
    game = shuttle(game_from(SHUTTLE + " e2=T"), "a4-a5", "a5-a4", "a4-a5", "e2-e3")
    game = shuttle(game, "a5-a4", "a4-a5", "a5-a4")
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("a4-a5"))


def test_the_other_players_moves_do_not_restart_the_count() -> None:
    game = shuttle(game_from(SHUTTLE), "a4-a5", "a5-a4", "a4-a5")  # blue moved in between
    assert not game.state.piece(30)
    with pytest.raises(IllegalTurn):
        game.play(Move.parse("a5-a4"))


def test_moving_along_the_other_axis_restarts_the_count() -> None:
    game = shuttle(game_from(SHUTTLE), "a4-a5", "a5-a4", "a4-b4", "b4-a4")
    game = shuttle(game, "a4-a5", "a5-a4", "a4-a5")  # three moves between a4 and a5 again
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("a5-a4"))


def test_a_piece_that_survives_an_attack_keeps_its_count() -> None:
    game = play(game_from("a4=L j7=t a8=o"), "a4-a5", "j7-j8", "a5-a4", "j8-j7", "a4-a5")
    game = play(game, "a8xa5")  # the blue scout attacks the lieutenant and loses
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("a5-a4"))


def test_a_piece_that_leaves_the_board_takes_its_count_with_it() -> None:
    game = play(game_from("a4=O j7=t a8=o b3=O"), "a4-a5", "j7-j8", "a5-a4", "j8-j7", "a4-a5")
    game = play(game, "a8xa5")  # scout against scout: both leave
    assert game.state.piece(40) is None
    assert game.streaks[0] is None  # red's count restarted with the piece gone
    game = play(game, "b3-b4", "j7-j8", "b4-b3", "j8-j7", "b3-b4", "j7-j8")
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("b4-b3"))


def test_a_scout_run_is_refused_when_a_boundary_it_crosses_was_crossed_by_its_last_three_runs() -> (
    None
):
    game = shuttle(game_from("a2=O j7=t"), "a2-a6", "a6-a3", "a3-a5")
    # every one of the three runs crossed a3|a4 and a4|a5
    with pytest.raises(IllegalTurn, match="between a4 and a5 in each of its last 3 moves"):
        game.play(Move.parse("a5-a4"))
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("a5-a2"))
    assert Move.parse("a5-a6") in game.legal_moves()  # a5|a6 was not crossed by a3-a5
    assert Move.parse("a5-a9") in game.legal_moves()


def test_a_scout_may_run_three_times_over_the_same_cells_but_not_four() -> None:
    game = shuttle(game_from("a2=O j7=t"), "a2-a6", "a6-a2", "a2-a6")
    assert Move.parse("a6-a7") in game.legal_moves()
    assert not [m for m in game.legal_moves() if m.start == 50 and m.end < 50]
