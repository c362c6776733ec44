"""The rules of Patrolis: objectives, the end of a game, scores and the set-up."""

from __future__ import annotations

import json
import re

import pytest

from generator.patrolis.terrain import generate_map
from patrolkit.errors import IllegalTurn, LayoutError
from patrolkit.games.patrolis import (
    DEFAULT_OBJECTIVES,
    Colour,
    Round,
    deal_objectives,
    end_reason,
    is_over,
    new_game,
    play,
    result,
    score,
)
from tests.patrolis.helpers import (
    FAR,
    cell,
    game,
    lay,
    turn,
)

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
