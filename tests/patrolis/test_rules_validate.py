"""Patrolis refereeing: which turn explains the change between two positions, or why none does."""

from __future__ import annotations

import random

import pytest

from generator.patrolis.terrain import generate_map
from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import (
    Colour,
    Map,
    Shape,
    State,
    Tile,
    View,
    apply,
    is_over,
    new_game,
    play,
    random_turn,
    validate,
)
from tests.patrolis.helpers import (
    FAR,
    cell,
    game,
    lay,
    lines_of,
    turn,
)

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
