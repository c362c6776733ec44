"""The rules of Patrolis, as the engine plays and referees them (see docs/rules/patrolis.md).

Most positions are on the small map below (row 8 at the top, as printed): countryside, a river
across row 4 with a bridge at E4 on the road up column E, and mountains at F5-G6.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from generator.patrolis.terrain import generate_map
from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.patrolis import (
    DEFAULT_OBJECTIVES,
    STEPS_DEALT,
    Colour,
    Cut,
    Edge,
    Incident,
    Line,
    Map,
    Objective,
    Round,
    Shape,
    State,
    Step,
    Tile,
    Track,
    Turn,
    View,
    apply,
    can_continue,
    deal_objectives,
    end_reason,
    is_over,
    new_game,
    play,
    random_turn,
    result,
    score,
    validate,
)

MAP = Map.from_drawing(
    """
    cccccccc
    cccccccc
    ccccrmmc
    ccccrmmc
    wwwwrwww
    ccccrccc
    ccccrccc
    ccccrccc
    """
)
FAR = ("H8", Colour.YELLOW, None)
"""An objective out of the way, so that a position with no other is not already over."""


def cell(name: str) -> int:
    return MAP.parse(name)


def line(word: str) -> Line:
    """``"C5WE"`` -> a line on C5 from its west edge to its east edge; ``"C5WE+"`` a crossing."""
    over = word.endswith("+")
    word = word.rstrip("+")
    return Line(cell(word[:-2]), Edge(word[-2]), Edge(word[-1]), over)


def game(
    *tracks: tuple[int, str] | tuple[int, str, bool],
    objectives: tuple[tuple[str, Colour, int | None], ...] = (FAR,),
    to_move: int = 0,
    players: int = 2,
    dealt: int | None = None,
) -> State:
    """A position on :data:`MAP`: tracks as ``(owner, "A1WE B1WE", abandoned=False)``."""
    built = tuple(
        Track(t[0], tuple(line(w) for w in t[1].split()), bool(t[2]) if len(t) > 2 else False)
        for t in tracks
    )
    found = tuple(Objective(cell(c), colour, taker) for c, colour, taker in objectives)
    return State(MAP, players, dealt or STEPS_DEALT[players], found, built, to_move)


def turn(state: State, text: str) -> Turn:
    return Turn.parse(text, MAP, state.to_move)


def lay(state: State, text: str) -> State:
    return apply(state, turn(state, text))


def refused(state: State, text: str) -> str:
    with pytest.raises(IllegalTurn) as caught:
        lay(state, text)
    return str(caught.value)


def lines_of(state: State, track: int) -> str:
    return " ".join(ln.notation(MAP.size) for ln in state.tracks[track].lines)


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


# -- objectives, end and score -----------------------------------------------------------------


def test_passing_through_an_objective_collects_it() -> None:
    start = game(objectives=(("B1", Colour.BLUE, None), ("C1", Colour.GREEN, None), FAR))
    played = play(start, turn(start, "A1WE B1WE C1WN"))
    assert played.collected == (cell("B1"), cell("C1"))
    assert score(played.after) == (7, 0)
    assert played.after.view.objectives == frozenset({cell("H8")})


def test_the_game_ends_when_every_objective_is_collected() -> None:
    start = game(objectives=(("B1", Colour.YELLOW, None),))
    after = lay(start, "A1WE B1WE")
    assert is_over(after) and end_reason(after) == "every objective has been collected"
    with pytest.raises(
        IllegalTurn, match=re.escape("The game is over: every objective has been collected.")
    ):
        lay(after, "A8WE")


def test_the_game_ends_when_no_player_can_continue() -> None:
    start = game((1, "H7EW"), dealt=1)
    after = lay(start, "A1WE")
    assert is_over(after) and end_reason(after) == "no player can lay another step"


def test_scores_count_blue_5_red_3_green_2_yellow_1() -> None:
    objectives = tuple(
        (f"{letter}2", colour, taker)
        for letter, colour, taker in zip(
            "ABCDEFGH",
            DEFAULT_OBJECTIVES,
            (0, 1, 0, None, 1, 1, 1, None),
            strict=True,
        )
    )
    state = game(objectives=objectives)
    assert [c.points for c in Colour] == [5, 3, 2, 1]
    assert score(state) == (5 + 3, 5 + 2 + 2 + 1)
    assert result(state).leaders == (1,)
    assert result(state).description == "Player 2 leads with 10 points."
    tie = game(objectives=(("B2", Colour.RED, 0), ("C2", Colour.RED, 1)))
    assert result(tie).description == "Player 1 and Player 2 share the lead with 3 points."


def test_a_round_is_as_many_games_as_players_with_running_totals() -> None:
    finished = [
        game(objectives=(("B2", Colour.BLUE, 0), ("C2", Colour.RED, 1))),
        game(objectives=(("B2", Colour.BLUE, 1), ("C2", Colour.YELLOW, 1))),
    ]
    round_ = Round(2, first=1)
    assert round_.next_first == 1
    round_ = round_.record(finished[0])
    assert round_.totals == (5, 3) and round_.next_first == 0 and not round_.complete
    round_ = round_.record(finished[1])
    assert round_.totals == (5, 9) and round_.complete and round_.leaders == (1,)
    with pytest.raises(IllegalTurn, match="The round is over"):
        round_.record(finished[0])
    with pytest.raises(IllegalTurn, match="not over yet"):
        Round(2).record(game())
    assert Round.from_json(json.loads(json.dumps(round_.to_json()))) == round_


# -- set-up ----------------------------------------------------------------------------------------


def test_steps_are_dealt_by_the_number_of_players() -> None:
    generated = generate_map(1)
    for players, steps in ((2, 60), (3, 40), (4, 30), (5, 24), (6, 20)):
        state = new_game(generated, players, seed=1)
        assert state.dealt == steps and all(state.supply(p) == steps for p in range(players))
    for players in (1, 7):
        with pytest.raises(LayoutError, match="2 to 6 players"):
            new_game(generated, players)


def test_the_seeded_deal_puts_two_of_each_colour_on_distinct_inner_land_cells() -> None:
    generated = generate_map(2)
    deal = deal_objectives(generated, 5)
    assert deal == deal_objectives(generated, 5) != deal_objectives(generated, 6)
    assert sorted(o.colour.value for o in deal) == sorted("BBRRGGYY")
    cells = [o.cell for o in deal]
    assert len(set(cells)) == 8
    for c in cells:
        assert not generated.on_border(c) and generated.terrain[c].value != "w"
    with pytest.raises(LayoutError):
        deal_objectives(generated, -1)


# -- refereeing ------------------------------------------------------------------------------------


def test_validate_names_the_turn_that_explains_the_change() -> None:
    cases = [
        (game(), "A1WE B1WE C1WE"),
        (game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE")), "C2WE+U D2WE"),
        (game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE")), "C2WE+D"),
        (game((1, "D1SN D2SW"), (0, "A2WE B2WE")), "C2WE"),  # a join
        (game((0, "A6WE B6WE C6WN C7SW B7ES")), "B6NS+U B5NS"),
    ]
    for before, text in cases:
        played = turn(before, text)
        assert validate(before, apply(before, played)) == played


def test_validate_finds_a_loop_cut_back_though_its_steps_are_gone() -> None:
    start = game((0, "A6WE B6WE C6WN C7SW"))
    wanted = turn(start, "B7ES B6NS+D")
    after = apply(start, wanted)
    assert lines_of(after, 0) == "A6WE B6WE"
    found = validate(start, after)
    assert apply(start, found) == after


def test_validate_refuses_two_terrain_classes_in_one_turn() -> None:
    before = game((0, "A3WE B3WE C3WN"))
    after = game((0, "A3WE B3WE C3WN C4SN C5SN"), to_move=1)
    with pytest.raises(IllegalTurn) as caught:
        validate(before, after)
    assert str(caught.value) == (
        "C4 is water and C5 countryside: one terrain class per turn (roads excepted)."
    )


def test_validate_refuses_more_steps_than_the_terrain_allows() -> None:
    before = game()
    after = game((0, "A1WE B1WE C1WE D1WE"), to_move=1)
    with pytest.raises(IllegalTurn, match=r"^4 steps on countryside, but the limit there is 3\.$"):
        validate(before, after)


def test_validate_refuses_a_step_that_does_not_continue_the_track() -> None:
    before = game((0, "A5WE B5WE"))
    tiles = list(before.view.tiles)
    tiles[cell("D5")] = Tile(Shape.STRAIGHT, 1, 0)
    with pytest.raises(IllegalTurn) as caught:
        validate(before, View(tuple(tiles), before.view.objectives))
    assert str(caught.value) == (
        "The new step on D5 does not continue the track's free end at B5, heading east into C5."
    )


def test_validate_refuses_a_step_on_an_occupied_cell_that_is_not_a_crossing() -> None:
    before = game((1, "C1SN C2SE D2WS"), (0, "A2WE B2WE", True), (0, "A3WE B3WS"))
    tiles = list(before.view.tiles)
    tiles[cell("B2")] = Tile(Shape.CURVE, 0, 0)  # a curve over Player 1's old straight
    with pytest.raises(IllegalTurn) as caught:
        validate(before, View(tuple(tiles), before.view.objectives))
    assert str(caught.value) == "A step lies on an occupied cell B2 that is not a crossing."


def test_validate_refuses_a_step_of_the_wrong_player() -> None:
    before = game()
    tiles = list(before.view.tiles)
    tiles[cell("A1")] = Tile(Shape.STRAIGHT, 1, 1)
    with pytest.raises(IllegalTurn) as caught:
        validate(before, View(tuple(tiles), before.view.objectives))
    assert str(caught.value) == "A step of Player 2 appeared on A1, but it is Player 1's turn."


def test_validate_refuses_an_unchanged_board_and_a_finished_game() -> None:
    before = game((0, "A1WE"))
    with pytest.raises(IllegalTurn, match=r"^Nothing changed on the board"):
        validate(before, before)
    over = game(objectives=(("B1", Colour.YELLOW, 0),))
    with pytest.raises(IllegalTurn, match=r"^The game was already over"):
        validate(over, game(objectives=(("B1", Colour.YELLOW, 0),)))


def test_validate_checks_the_objectives() -> None:
    before = game(objectives=(("B1", Colour.BLUE, None), FAR))
    kept = View(lay(before, "A1WE B1WE").view.tiles, before.view.objectives)
    with pytest.raises(IllegalTurn) as caught:
        validate(before, kept)
    assert str(caught.value) == (
        "The track passes through B1, so its objective should have been collected."
    )
    taken = View(lay(before, "A5WE").view.tiles, frozenset({cell("H8")}))
    with pytest.raises(IllegalTurn) as caught:
        validate(before, taken)
    assert str(caught.value) == (
        "The objective on B1 is gone, but no step of this turn passes through it."
    )


def test_validate_refuses_a_cut_that_is_neither_upstream_nor_downstream() -> None:
    before = game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE"))
    tiles = list(lay(before, "C2WE+U").view.tiles)
    tiles[cell("C3")] = None  # both sides gone
    with pytest.raises(IllegalTurn) as caught:
        validate(before, View(tuple(tiles), before.view.objectives))
    assert "neither all those upstream nor all those downstream" in str(caught.value)


def test_validate_refuses_steps_removed_without_a_crossing() -> None:
    before = game((1, "C1SN C2SN C3SN"))
    tiles = list(before.view.tiles)
    tiles[cell("C3")] = None
    with pytest.raises(IllegalTurn) as caught:
        validate(before, View(tuple(tiles), before.view.objectives))
    assert str(caught.value).startswith("Steps were taken off C3, but no step was laid")


def test_validate_checks_what_the_table_does_not_show_unless_told_not_to() -> None:
    before = game(players=3)
    after = lay(before, "A1WE")
    wrong = State(after.map, 3, after.dealt, after.objectives, after.tracks, 2)
    with pytest.raises(IllegalTurn) as caught:
        validate(before, wrong)
    assert str(caught.value) == (
        "The table matches A1WE, but then Player 2 is to move, not Player 3."
    )
    assert validate(before, wrong, check_hidden=False) == turn(before, "A1WE")
    assert validate(before, after.view) == turn(before, "A1WE")


def test_validate_refuses_positions_on_different_maps() -> None:
    other = Map.from_drawing("\n".join(["cccccccc"] * 4 + ["wwwwrwww"] + ["ccccrccc"] * 3))
    before = game()
    after = State(other, 2, 60, before.objectives, (), 1)
    with pytest.raises(IllegalTurn, match=r"^The two positions are on different maps"):
        validate(before, after)


def test_validate_recovers_every_turn_of_random_games() -> None:
    for seed in range(3):
        state = new_game(generate_map(seed, size=10), 2 + seed, seed=seed, dealt=12)
        rng = random.Random(seed)
        while not is_over(state):
            played = play(state, random_turn(state, rng))
            found = validate(state, played.after)
            assert apply(state, found) == played.after
            state = played.after


def test_validate_answers_every_damaged_table_with_a_turn_or_one_sentence() -> None:
    rng = random.Random(7)
    answers = set()
    for seed in range(2):
        state = new_game(generate_map(seed, size=8), 3, seed=seed, dealt=10)
        while not is_over(state):
            after = play(state, random_turn(state, rng)).after
            tiles, left = list(after.view.tiles), set(after.view.objectives)
            spot = rng.randrange(len(tiles))
            damage = rng.randrange(3)
            if damage == 0:
                tiles[spot] = None
            elif damage == 1:
                tiles[spot] = Tile(rng.choice(list(Shape)), rng.randrange(4), rng.randrange(3))
            elif left:
                left.discard(min(left))
            try:
                validate(state, View(tuple(tiles), frozenset(left)))
            except IllegalTurn as refusal:
                sentence = str(refusal)
                assert sentence.endswith(".") and sentence.count(". ") == 0, sentence
                answers.add(sentence.split(" ")[0])
            state = after
    assert len(answers) >= 3


# -- notation and JSON -----------------------------------------------------------------------------


def test_turn_notation_reads_back() -> None:
    parsed = Turn.parse("c2we+u d2WE", MAP, 0)
    assert parsed.steps == (
        Step(cell("C2"), Edge.W, Edge.E, Cut.UPSTREAM),
        Step(cell("D2"), Edge.W, Edge.E),
    )
    assert parsed.notation == "C2WE+U D2WE"
    assert Turn.from_json(json.loads(json.dumps(parsed.to_json()))) == parsed
    for bad in ("", "C2WW", "Z9NS", "C2", "C2WE+X"):
        with pytest.raises(NotationError):
            Turn.parse(bad, MAP, 0)


def test_positions_read_back_from_json() -> None:
    states = [
        game(),
        game((1, "C1SN C2SN C3SN"), (0, "A2WE B2WE C2WE+ D2WE"), to_move=1),
        game((0, "A2WE B2WE", True), (0, "A5WE"), objectives=(("B2", Colour.RED, 0), FAR)),
        new_game(generate_map(4), 3, seed=2),
    ]
    for state in states:
        text = json.dumps(state.to_json())
        assert State.from_json(json.loads(text)) == state
    with pytest.raises(NotationError):
        State.from_json({"game": "rodeurs"})
    damaged = states[1].to_json()
    damaged["tracks"][0]["lines"] = "C1SN C3SN"
    with pytest.raises(NotationError, match="breaks between C1 and C3"):
        State.from_json(damaged)


def test_a_position_that_does_not_hang_together_is_refused() -> None:
    with pytest.raises(LayoutError, match="holds a single line marked as a crossing"):
        game((0, "A2WE B2WE+"))
    with pytest.raises(LayoutError, match="has two tracks in play"):
        game((0, "A2WE"), (0, "A5WE"))
    with pytest.raises(LayoutError, match="objective was not collected"):
        game((0, "A2WE B2WE"), objectives=(("B2", Colour.RED, None), FAR))
    with pytest.raises(LayoutError, match="more steps on the board"):
        game((0, "A2WE B2WE"), dealt=1)
    with pytest.raises(LayoutError, match="should have been abandoned"):
        game((1, "C1SN C2SE D2WS"), (0, "A2WE B2WE"))
