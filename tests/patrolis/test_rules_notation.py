"""Patrolis notation: turns and positions written out, and read back."""

from __future__ import annotations

import doctest
import json
import random

import pytest

from generator.patrolis.terrain import generate_map
from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.patrolis import (
    Colour,
    Cut,
    Edge,
    State,
    Step,
    Turn,
    apply,
    format_turn,
    is_legal,
    is_over,
    new_game,
    parse_turn,
    random_turn,
    rules,
)
from patrolkit.games.patrolis import state as state_module
from tests.patrolis.helpers import FAR, MAP, cell, game

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


# -- reading a turn of a position -----------------------------------------------------------------


def test_a_turn_is_read_for_the_player_to_move_on_the_states_map() -> None:
    state = game((1, "C1SN C2SN"), to_move=1)
    found = parse_turn(state, "c3se d3we")
    assert found == Turn(1, (Step(cell("C3"), Edge.S, Edge.E), Step(cell("D3"), Edge.W, Edge.E)), 8)
    assert format_turn(state, found) == "C3SE D3WE"


def test_a_well_written_turn_the_rules_refuse_here_is_illegal_not_unreadable() -> None:
    state = game((1, "C1SN C2SN"), to_move=1)
    with pytest.raises(IllegalTurn, match="does not continue the track's free end at C2"):
        parse_turn(state, "D3SN")
    with pytest.raises(NotationError, match="is not a step"):
        parse_turn(state, "C3")


def test_is_legal_answers_without_comparing_positions() -> None:
    state = game((1, "C1SN C2SN"), to_move=1)
    assert is_legal(state, Turn.parse("C3SN", MAP, 1))
    assert not is_legal(state, Turn.parse("C3SN", MAP, 0))
    assert not is_legal(state, Turn.parse("C3SE D3WE E3WE F3WE", MAP, 1))


def test_every_turn_of_random_games_reads_back_from_what_format_turn_writes() -> None:
    for seed in range(3):
        state = new_game(generate_map(seed, size=10), 2 + seed, seed=seed, dealt=12)
        rng = random.Random(seed)
        while not is_over(state):
            played = random_turn(state, rng)
            assert is_legal(state, played)
            assert parse_turn(state, format_turn(state, played)) == played
            state = apply(state, played)


# -- sparse positions -----------------------------------------------------------------------------


def test_a_position_holds_only_the_tracks_and_objectives_written_out() -> None:
    state = State.from_tracks(MAP, "2:C1SN,C2SN 1x:A2WE,B2WE", objectives="B2R=1,H8Y", to_move=1)
    assert state == game(
        (1, "C1SN C2SN"),
        (0, "A2WE B2WE", True),
        objectives=(("B2", Colour.RED, 0), FAR),
        to_move=1,
    )
    assert State.from_tracks(MAP).tracks == () and State.from_tracks(MAP).objectives == ()


@pytest.mark.parametrize(
    ("tracks", "message"),
    [
        ("1:C1SN,C3SN", "breaks between C1 and C3"),
        ("1:C1", "is not a step on the board"),
        ("C1SN", "is not a track"),
        ("3:C1SN", "Player 3, who is not playing"),
    ],
)
def test_a_sparse_position_that_cannot_be_read_is_refused(tracks: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        State.from_tracks(MAP, tracks, objectives="H8Y")


def test_the_examples_in_the_rules_docstrings_hold() -> None:
    assert doctest.testmod(rules).failed == doctest.testmod(state_module).failed == 0
