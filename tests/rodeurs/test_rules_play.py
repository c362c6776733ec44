"""The rules of Rôdeurs: jumps, turns, the end of the game and its result (see
docs/rules/rodeurs.md)."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.rodeurs import (
    CellColour,
    DecidedBy,
    Jump,
    Player,
    State,
    Tally,
    Turn,
    apply,
    is_over,
    jumps,
    legal_turns,
    parse_square,
    result,
    score,
)
from tests.rodeurs.helpers import (
    CLASSIC,
    PERFT,
    notations,
    play,
    position,
    random_game,
)

# -- jumps --------------------------------------------------------------------------------------


def test_a_jump_moves_a_pawn_two_cells_and_removes_the_pawn_jumped_over() -> None:
    after = play("a1xa3", position("ra1 ya2"))
    assert after == position("ra3", to_move=Player.BLACK)


def test_a_jump_needs_a_pawn_to_jump_with() -> None:
    with pytest.raises(IllegalTurn, match="There is no pawn on a1 to jump"):
        play("a1xa3", position("ya2 gc1 gd1"))


def test_landing_on_an_occupied_cell_is_refused() -> None:
    state = position("ra1 ya2 ga3")
    assert Jump.between(parse_square("a1"), parse_square("a3")) not in jumps(state)
    with pytest.raises(IllegalTurn, match="cannot land on a3: that cell is occupied"):
        play("a1xa3", state)


def test_jumping_over_an_empty_cell_is_refused() -> None:
    state = position("ra1 gc1 gd1")
    assert "a1xa3" not in notations(state)
    with pytest.raises(IllegalTurn, match="cannot jump over a2: that cell is empty"):
        play("a1xa3", state)


def test_a_jump_goes_exactly_two_cells_in_a_straight_line() -> None:
    with pytest.raises(NotationError, match="a1 to a4 is not a jump"):
        Turn.parse("a1xa4")
    with pytest.raises(IllegalTurn, match="is not a jump"):
        Jump(parse_square("a1"), parse_square("b1"), parse_square("a3"))


def test_jumps_run_along_rows_and_columns_in_every_direction() -> None:
    state = position("yd4 rd3 rd5 rc4 re4")
    assert {str(j) for j in jumps(state) if j.start == parse_square("d4")} == {
        "d4xd2",
        "d4xd6",
        "d4xb4",
        "d4xf4",
    }


def test_a_diagonal_jump_is_legal_only_with_the_diagonal_option() -> None:
    straight = position("rc3 yd4 ga8 ga9")
    assert [str(jump) for jump in jumps(straight)] == ["a9xa7"]
    with pytest.raises(IllegalTurn, match="c3xe5 is a diagonal jump"):
        play("c3xe5", straight)
    slanted = position("rc3 yd4 ga8 ga9", diagonal=True)
    assert Jump.between(parse_square("c3"), parse_square("e5")) in jumps(slanted)
    assert play("c3xe5", slanted).pawns == position("re5 ga8 ga9").pawns


# -- turns --------------------------------------------------------------------------------------


def test_the_opening_turn_is_a_single_jump() -> None:
    turns = legal_turns(CLASSIC.state)
    assert len(turns) == 14
    assert all(len(turn.jumps) == 1 and turn.kind == "opening jump" for turn in turns)


def test_an_opening_turn_of_two_jumps_is_refused() -> None:
    with pytest.raises(IllegalTurn, match="The opening turn is a single jump, not 2 jumps"):
        play("c3xc5 e3xe5", CLASSIC.state)


def test_a_turn_passes_the_move_to_the_other_player_and_ends_the_opening() -> None:
    after = play("c3xc5", CLASSIC.state)
    assert after.to_move is Player.BLACK and not after.opening
    assert play("d7xd5", after).to_move is Player.WHITE


def test_a_later_turn_may_be_two_jumps_by_two_pawns() -> None:
    state = position("ra1 ya2 ge1 ge2")
    turn = Turn.parse("a1xa3 e1xe3")
    assert turn in legal_turns(state) and turn.kind == "two jumps"
    assert apply(state, turn).pawns == position("ra3 ge3").pawns


def test_the_second_of_two_jumps_may_jump_the_pawn_that_just_moved() -> None:
    state = position("ra1 ya2 ga4")
    assert play("a1xa3 a4xa2", state).pawns == position("ga2").pawns


def test_two_jumps_may_be_made_by_the_same_pawn() -> None:
    state = position("ra1 ya2 ya4")
    assert Turn.parse("a1xa3 a3xa5") == Turn.parse("a1xa3xa5")
    assert "a1xa3xa5" in notations(state)
    assert Turn.parse("a1xa3 a3xa5").kind == "multi-jump"


def test_a_two_jump_turn_without_a_second_jump_is_the_single_jump() -> None:
    state = position("ra1 ya2")
    assert notations(state) == {"a1xa3"}
    assert is_over(play("a1xa3", state))


def test_a_single_jump_is_always_a_legal_later_turn() -> None:
    state = position("ra1 ya2 ge1 ge2")
    assert {"a1xa3", "e1xe3"} <= notations(state)
    assert Turn.parse("a1xa3").kind == "multi-jump"


def test_a_multi_jump_may_stop_early() -> None:
    state = position("ra1 ya2 ya4 ya6")
    assert {"a1xa3", "a1xa3xa5", "a1xa3xa5xa7"} <= notations(state)
    assert play("a1xa3xa5", state).pawns == position("ra5 ya6").pawns


def test_a_multi_jump_may_change_direction() -> None:
    state = position("ra1 ya2 yb3 gd3")
    assert "a1xa3xc3xe3" in notations(state)
    assert play("a1xa3xc3xe3", state).pawns == position("re3").pawns


def test_a_multi_jump_that_switches_pawn_is_refused() -> None:
    state = position("ra1 ya2 ge1 ge2 ge4")
    assert "e1xe3xe5" in notations(state)
    with pytest.raises(IllegalTurn, match="not made by the pawn that landed on a3"):
        play("a1xa3 e1xe3xe5", state)


def test_pawns_may_jump_over_and_land_on_the_grey_row() -> None:
    assert CLASSIC.board.colour(parse_square("d5")) is CellColour.GREY
    assert play("d3xd5", position("rd3 yd4")).pawns == position("rd5").pawns
    assert play("d4xd6", position("rd4 yd5")).pawns == position("rd6").pawns


def test_turns_leading_to_the_same_position_count_once() -> None:
    state = position("ra1 ya2 ge1 ge2")
    assert notations(state) == {"a1xa3", "e1xe3", "a1xa3 e1xe3"}
    assert play("e1xe3 a1xa3", state) == play("a1xa3 e1xe3", state)


def test_legal_turns_come_in_the_same_order_every_time() -> None:
    state = State.from_text(PERFT["position"][1]["text"])
    assert legal_turns(state) == legal_turns(state)
    assert [t.notation for t in legal_turns(state)[:3]] == [
        t.notation for t in legal_turns(State.from_text(state.text))[:3]
    ]


def test_each_jump_of_a_turn_removes_one_pawn() -> None:
    state = State.from_text(PERFT["position"][2]["text"])
    for turn in legal_turns(state):
        assert apply(state, turn).pawn_count == state.pawn_count - len(turn.jumps)


# -- end of the game and result -----------------------------------------------------------------


def test_the_game_is_over_exactly_when_no_jump_exists() -> None:
    assert is_over(position("ra1 yc1 ge3 gg9"))
    assert not is_over(position("ra1 ya2"))
    for state in random_game(CLASSIC.state, 3):
        assert is_over(state) == (jumps(state) == []) == (legal_turns(state) == [])


def test_neighbours_without_an_empty_landing_cell_leave_no_jump() -> None:
    assert is_over(position(" ".join(f"y{c}1" for c in "abcdefg")))


def test_the_end_does_not_depend_on_who_is_to_move() -> None:
    for pawns in ("ra1 ya2", "ra1 yc1"):
        assert is_over(position(pawns)) == is_over(position(pawns, to_move=Player.BLACK))


def test_a_turn_in_a_finished_game_is_refused() -> None:
    with pytest.raises(IllegalTurn, match="The game is over"):
        play("a1xa3", position("ra1 yc1"))


def test_each_pawn_costs_its_colour_in_points_to_the_district_it_ends_in() -> None:
    # a1, d1, g1 are white cells; b1, c1 are black; a5 is grey.
    tallies = score(position("ra1 yd1 gg1 yb1 gc1 ga5"))
    assert tallies[Player.WHITE] == Tally(red=1, yellow=1, green=1)
    assert tallies[Player.WHITE].points == 3 + 2 + 1
    assert tallies[Player.BLACK] == Tally(red=0, yellow=1, green=1)
    assert tallies[Player.BLACK].points == 2 + 1


def test_pawns_on_the_grey_row_score_nothing() -> None:
    tallies = score(position("ra5 rb5 yc5 gd5"))
    assert tallies[Player.WHITE].points == tallies[Player.BLACK].points == 0


def test_the_lowest_total_wins() -> None:
    outcome = result(position("ra1 yd1 gg1 yb1 gc1"))
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.POINTS)
    assert outcome.description == "Black wins with 3 points against 6."


def test_on_equal_points_more_red_pawns_in_your_district_loses() -> None:
    outcome = result(position("ra1 yb1 ge1"))  # White: red (3); Black: yellow + green (3)
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.RED)
    outcome = result(position("rb1 ya1 gd1"))  # colours swapped between the districts
    assert (outcome.winner, outcome.decided_by) == (Player.WHITE, DecidedBy.RED)


def test_on_equal_points_and_red_more_yellow_pawns_in_your_district_loses() -> None:
    outcome = result(position("ya1 yd1 yb1 ge1 gf1"))  # White 2 + 2; Black 2 + 1 + 1
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.YELLOW)
    outcome = result(position("yb1 ye1 ya1 gd1 gg1"))
    assert (outcome.winner, outcome.decided_by) == (Player.WHITE, DecidedBy.YELLOW)
    assert "more yellow pawns" in outcome.description


def test_the_same_pawns_in_both_districts_is_a_draw() -> None:
    outcome = result(position("ra1 gd1 rb1 ge1"))
    assert (outcome.winner, outcome.decided_by) == (None, DecidedBy.DRAW)
    assert result(CLASSIC.state).winner is None


def test_the_result_can_be_read_at_any_moment() -> None:
    # The yellow pawn leaves c3 (white) for the grey row; the green pawn on c4 (black) is gone.
    state = play("c3xc5", CLASSIC.state)
    assert not is_over(state)
    assert (score(state)[Player.WHITE].points, score(state)[Player.BLACK].points) == (52, 53)
    assert result(state).winner is Player.WHITE
