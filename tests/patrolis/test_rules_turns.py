"""The rules of Patrolis: terrain limits, tracks and their incidents (see
docs/rules/patrolis.md)."""

from __future__ import annotations

import re

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import (
    STEPS_DEALT,
    Colour,
    Edge,
    Incident,
    Objective,
    Shape,
    Tile,
    Turn,
    apply,
    can_continue,
    play,
    score,
)
from tests.patrolis.helpers import (
    FAR,
    MAP,
    cell,
    game,
    lay,
    lines_of,
    refused,
    turn,
)

# -- terrain limits and the one-class rule --------------------------------------------------------


def test_water_allows_one_step_a_turn() -> None:
    start = game()
    assert lines_of(lay(start, "A4WE"), 0) == "A4WE"
    assert refused(start, "A4WE B4WE") == "2 steps on water, but the limit there is 1."


def test_mountain_allows_two_steps_a_turn() -> None:
    start = game((0, "A5WE B5WE C5WE D5WE E5WE"))
    assert lines_of(lay(start, "F5WE G5WE"), 0).endswith("F5WE G5WE")
    assert refused(start, "F5WE G5WE H5WE") == (
        "F5 is mountain and H5 countryside: one terrain class per turn (roads excepted)."
    )
    assert refused(start, "F5WN F6SE G6WS G5NE") == "3 steps on mountain, but the limit there is 2."


def test_countryside_allows_three_steps_a_turn() -> None:
    start = game()
    assert lines_of(lay(start, "A1WE B1WE C1WE"), 0) == "A1WE B1WE C1WE"
    assert (
        refused(start, "A1WE B1WE C1WE D1WE") == "4 steps on countryside, but the limit there is 3."
    )


def test_road_allows_five_steps_a_turn() -> None:
    start = game()
    assert lines_of(lay(start, "E1SN E2SN E3SN E4SN E5SN"), 0).count(" ") == 4
    assert refused(start, "E1SN E2SN E3SN E4SN E5SN E6SN") == (
        "6 steps on road, but the limit there is 5."
    )


def test_a_turn_stays_on_one_terrain_class() -> None:
    start = game((0, "A3WE B3WE C3WN"))
    assert refused(start, "C4SN C5SN") == (
        "C4 is water and C5 countryside: one terrain class per turn (roads excepted)."
    )
    after = lay(start, "C4SN")  # a river off a bridge takes a turn of its own
    assert lines_of(after, 0).endswith("C4SN")


def test_road_cells_fit_in_a_turn_of_any_class_within_that_class_limit() -> None:
    start = game((0, "A2WE B2WE C2WE"))
    assert lines_of(lay(start, "D2WE E2WE F2WE"), 0).endswith("D2WE E2WE F2WE")
    assert refused(start, "D2WE E2WE F2WE G2WE") == (
        "4 steps on countryside, but the limit there is 3."
    )
    mountain = game((0, "A6WE B6WE C6WE D6WE"))
    assert lines_of(lay(mountain, "E6WE F6WE"), 0).endswith("E6WE F6WE")
    assert refused(mountain, "E6WE F6WE G6WE") == "3 steps on mountain, but the limit there is 2."


def test_a_bridge_is_road_so_a_river_is_crossed_there_in_a_countryside_turn() -> None:
    start = game((0, "E1SN E2SN E3SN"))
    after = lay(start, "E4SN E5SW D5EW")
    assert lines_of(after, 0).endswith("E4SN E5SW D5EW")


def test_a_turn_of_road_cells_then_water_has_the_water_limit() -> None:
    start = game((0, "A3WE B3WE C3WE D3WE"))
    assert refused(start, "E3WN E4SW D4EW") == "3 steps on water, but the limit there is 1."


# -- starting, continuing, restarting --------------------------------------------------------------


def test_a_first_track_starts_on_the_border_entering_from_outside() -> None:
    start = game()
    assert refused(start, "C3WE") == (
        "Player 1 has no track in play, so the step on C3 must start a new one on the border."
    )
    assert refused(start, "A3NS") == (
        "A new track enters the board from outside: the step on A3 must enter by its west"
        " edge, not its north edge."
    )
    corner = lay(start, "A1SN")
    assert corner.tracks[0].tail == (cell("A1"), Edge.S)


def test_each_step_continues_the_free_end() -> None:
    start = game((0, "A7WE B7WE"))
    assert refused(start, "D7WE") == (
        "The new step on D7 does not continue the track's free end at B7, heading east into C7."
    )
    assert refused(start, "C7WE E7WE") == (
        "The new step on E7 does not continue the track's free end at C7, heading east into D7."
    )
    assert refused(start, "C7NE") == (
        "The new step on C7 does not continue the track's free end at B7, heading east into C7."
    )
    assert lines_of(lay(start, "C7WN C8SE D8WE"), 0) == "A7WE B7WE C7WN C8SE D8WE"


def test_the_free_end_is_the_edge_the_last_step_leaves_by() -> None:
    state = game((0, "A7WE B7WN"))
    assert state.tracks[0].free_end == (cell("B7"), Edge.N)
    assert state.live_track(0) == 0 and state.live_track(1) is None


def test_after_abandonment_the_player_restarts_from_the_border() -> None:
    start = game((0, "A2WE B2WE C2WE", True), (1, "H7EW"), to_move=0)
    assert start.live_track(0) is None
    assert refused(start, "D2WE") == (
        "Player 1 has no track in play, so the step on D2 must start a new one on the border."
    )
    after = lay(start, "A5WE B5WE")
    assert after.live_track(0) == 2
    assert after.tracks[0].abandoned and lines_of(after, 0) == "A2WE B2WE C2WE"


def test_a_track_may_not_be_left_for_a_new_one() -> None:
    start = game((0, "A7WE B7WE"))
    assert refused(start, "A1WE").startswith("The new step on A1 does not continue")


def test_a_player_cannot_lay_more_steps_than_they_hold() -> None:
    start = game((0, "A7WE"), dealt=2)
    assert start.supply(0) == 1
    assert refused(start, "B7WE C7WE") == "Player 1 holds 1 step, too few for 2."


def test_turns_pass_to_the_next_player_who_can_continue() -> None:
    assert lay(game(players=3), "A1WE").to_move == 1
    start = game((1, "H7EW G7EW"), players=3, dealt=2)
    assert not can_continue(start, 1) and can_continue(start, 2)
    assert lay(start, "A1WE").to_move == 2


def test_it_must_be_your_turn() -> None:
    start = game(to_move=1)
    with pytest.raises(IllegalTurn, match=re.escape("It is Player 2's turn, not Player 1's.")):
        apply(start, Turn.parse("A1WE", MAP, 0))


# -- incidents -------------------------------------------------------------------------------------


def test_a_bump_abandons_the_track_and_keeps_its_steps_and_objectives() -> None:
    start = game((1, "C1SN C2SE D2WS"), objectives=(("B2", Colour.RED, None), FAR))
    played = play(start, turn(start, "A2WE B2WE"))
    after = played.after
    assert [e.incident for e in played.events] == [Incident.BUMP]
    assert played.sentences == ("Player 1's track bumps into C2 and is abandoned.",)
    assert after.tracks[1].abandoned and lines_of(after, 1) == "A2WE B2WE"
    assert after.objective_at(cell("B2")) == Objective(cell("B2"), Colour.RED, 0)
    assert score(after) == (3, 0)


def test_a_bump_ends_the_turn() -> None:
    start = game((1, "C1SN C2SE D2WS"))
    assert refused(start, "A2WE B2WE C2WN") == (
        "Player 1's track bumps into C2 and is abandoned: the turn ends there."
    )


def test_bumping_into_your_own_track_abandons_it() -> None:
    start = game((0, "A6WE B6WN B7SE C7WS"))
    played = play(start, turn(start, "C6NW"))
    assert [e.incident for e in played.events] == [Incident.BUMP]
    assert played.sentences == ("Player 1's track bumps into B6 and is abandoned.",)


def test_a_join_abandons_both_tracks() -> None:
    start = game((1, "H2EW G2EW"), (0, "A2WE B2WE C2WE D2WE"))
    played = play(start, turn(start, "E2WE F2WE"))
    assert [e.incident for e in played.events] == [Incident.JOIN]
    assert played.sentences == ("Player 1's and Player 2's tracks join at G2; both are abandoned.",)
    assert played.after.tracks[0].abandoned and played.after.tracks[1].abandoned


def test_meeting_a_tail_left_by_an_upstream_cut_is_a_join() -> None:
    start = game((1, "C3WE D3WE"), (0, "A2WE B2WN"))
    # Player 2's track starts at C3 (its first step lies off the border after a cut).
    played = play(start, turn(start, "B3SE"))
    assert [e.incident for e in played.events] == [Incident.JOIN]
    assert played.after.tracks[0].abandoned and played.after.tracks[1].abandoned


def test_a_track_meeting_its_own_tail_closes_on_itself() -> None:
    start = game((0, "B6WE C6WN C7SW B7ES B6NS+ B5NW"))  # its upstream part was cut off
    played = play(start, turn(start, "A5EN A6SE"))
    assert [e.incident for e in played.events] == [Incident.JOIN]
    assert played.sentences == ("Player 1's track closes on itself at B6 and is abandoned.",)
    assert played.after.live_track(0) is None


def test_leaving_the_board_abandons_the_track() -> None:
    start = game((0, "A7WE B7WN"))
    played = play(start, turn(start, "B8SN"))
    assert [e.incident for e in played.events] == [Incident.LEAVE]
    assert played.sentences == ("Player 1's track leaves the board at B8 and is abandoned.",)
    assert played.after.live_track(0) is None


def test_a_track_blocked_by_another_players_step_is_abandoned() -> None:
    start = game((1, "D1SN D2SN"), (0, "A3WE B3WE"), to_move=1)
    played = play(start, Turn.parse("D3SW C3EN", MAP, 1))  # Player 1's free end points into C3
    assert [e.incident for e in played.events] == [Incident.BLOCKED]
    assert played.sentences == ("Player 1's track is blocked at B3 and is abandoned.",)
    assert played.after.live_track(0) is None and played.after.live_track(1) == 0


def test_a_cross_removes_the_crossed_tracks_upstream_steps_at_the_crossers_choice() -> None:
    start = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    played = play(start, turn(start, "C2WE+U D2WE"))
    after = played.after
    assert lines_of(after, 0) == "C2SN C3SN"
    assert lines_of(after, 1) == "A2WE B2WE C2WE+ D2WE"
    assert played.events[0].incident is Incident.CROSS
    assert played.events[0].removed == (cell("C1"),)
    assert played.sentences == (
        "Player 2's track is crossed at C2 and loses its upstream part (C1).",
    )
    assert after.supply(1) == start.supply(1) + 1  # the removed step goes back to its owner


def test_a_cross_removes_the_crossed_tracks_downstream_steps_at_the_crossers_choice() -> None:
    start = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    after = lay(start, "C2WE+D")
    assert lines_of(after, 0) == "C1SN C2SN"
    assert after.live_track(1) == 0  # the crossed track goes on from C2
    assert after.tracks[0].free_end == (cell("C2"), Edge.N)


def test_a_plus_is_one_cell_holding_two_lines_in_the_crossers_colour() -> None:
    start = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    after = lay(start, "C2WE+D")
    assert [ln.edges for _, ln in after.board[cell("C2")]] == [
        frozenset((Edge.S, Edge.N)),
        frozenset((Edge.W, Edge.E)),
    ]
    assert after.view.tiles[cell("C2")] == Tile(Shape.CROSS, 0, 0)
    assert after.supply(0) == STEPS_DEALT[2] - 3  # A2, B2 and the crossing


def test_a_cross_needs_a_single_straight_step_at_right_angles_and_a_choice() -> None:
    start = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    assert refused(start, "C2WE") == (
        "The step on C2 crosses Player 2's track: say which part that track loses, upstream"
        " (+U) or downstream (+D)."
    )
    assert refused(start, "C2WN+U") == "A step lies on an occupied cell C2 that is not a crossing."
    assert refused(game((0, "A2WE")), "B2WE+U") == (
        "The step on B2 lies on an empty cell, so it crosses nothing and cuts nothing."
    )


def test_a_cross_counts_as_a_step_of_its_cells_class() -> None:
    start = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    assert refused(start, "C2WE+U D2WE E2WE F2WE") == (
        "4 steps on countryside, but the limit there is 3."
    )


def test_crossing_your_own_track_cutting_upstream_frees_the_start() -> None:
    start = game((0, "A6WE B6WE C6WN C7SW B7ES"))
    after = lay(start, "B6NS+U B5NS")
    assert lines_of(after, 0) == "B6WE C6WN C7SW B7ES B6NS+ B5NS"
    assert after.view.tiles[cell("A6")] is None


def test_crossing_your_own_track_cutting_downstream_cuts_it_back_and_ends_the_turn() -> None:
    start = game((0, "A6WE B6WE C6WN C7SW B7ES"))
    after = lay(start, "B6NS+D")
    assert lines_of(after, 0) == "A6WE B6WE"
    assert after.view.tiles[cell("B6")] == Tile(Shape.STRAIGHT, 1, 0)
    assert refused(start, "B6NS+D B5NS") == "Cutting your own track back at B6 ends the turn there."


def test_a_new_track_may_start_by_crossing_a_step_on_the_border() -> None:
    start = game((1, "A8NS A7NS A6NS"), to_move=0)
    after = lay(start, "A7WE+D B7WE")
    assert lines_of(after, 0) == "A8NS A7NS"
    assert lines_of(after, 1) == "A7WE+ B7WE"
