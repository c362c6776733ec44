"""Acts, turns and positions of Le grand jeu des patrouilles as text and JSON."""

from __future__ import annotations

import doctest
import json
import random
import sys

import pytest

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.grand_jeu import (
    Direction,
    Options,
    State,
    act_from_json,
    act_to_json,
    format_act,
    format_turn,
    parse_act,
    parse_cell,
    parse_position,
    parse_turn,
    parse_turn_text,
    random_game,
    turn_from_json,
    turn_to_json,
)
from tests.grand_jeu.helpers import N, S, position


def test_the_examples_in_the_docstrings_hold() -> None:
    names = ("board", "model", "acts", "turn", "notation", "explain", "outcome")
    modules = [sys.modules[f"patrolkit.games.grand_jeu.{name}"] for name in names]
    results = [doctest.testmod(module) for module in modules]
    assert all(r.failed == 0 for r in results)
    assert sum(r.attempted for r in results) >= 8


@pytest.mark.parametrize("text", ["d4-d5", "j10-i9", "d4>ne", "xe5", "+c2n", "+b7e*"])
def test_every_act_reads_back_from_its_notation_and_its_json(text: str) -> None:
    act = parse_act(text)
    assert format_act(act) == text
    assert act_from_json(json.loads(json.dumps(act_to_json(act)))) == act


def test_a_turn_with_a_bonus_turn_reads_back() -> None:
    turn = parse_turn_text("a2-a3 xd5 | +c2n c2-c3")
    assert format_turn(turn) == "a2-a3 xd5 | +c2n c2-c3"
    assert turn_from_json(json.loads(json.dumps(turn_to_json(turn)))) == turn


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("d4", "is not an act"),
        ("d4>up", "is not a direction"),
        ("k4-k5", "There is no cell 'k4'"),
        ("", "at least one act"),
        ("d4-d5 |", "bonus turn after '|' has no act"),
    ],
)
def test_unreadable_turns_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        parse_turn_text(text)


def test_parse_turn_checks_the_turn_against_the_position() -> None:
    state = position("d4n b2n", "a7s h7s")
    assert format_turn(parse_turn(state, "d4-d5")) == "d4-d5"
    with pytest.raises(IllegalTurn, match="faces n"):
        parse_turn(state, "d4-e5")
    with pytest.raises(NotationError, match="no cell 'i2'"):
        parse_turn(state, "i2-i3")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_positions_read_back_from_text_and_json(players: int) -> None:
    options = Options(players, 2, 3, 3, (7, 0, 1, 4), True)
    start = State.start(options, first=N)
    assert State.from_text(start.text) == start
    assert State.from_json(json.loads(json.dumps(start.to_json()))) == start


def test_positions_of_random_games_read_back() -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        for state, _ in random_game(State.start(Options(players)), rng, turns=30):
            assert State.from_text(state.text) == state
            assert State.from_json(state.to_json()) == state


def test_the_text_form_shows_prisoners_stars_and_patrols_out() -> None:
    state = position(
        "d2n*",
        "d7s",
        prisoners={N: 2},
        starred_prisoners=(N,),
        out=(N,),
        to_move=None,
        culs_de_pat=True,
    )
    assert state.text == "2 K=3 K'=2 bonus=4 arrows=017 culs | S 0 d2n* | N 2* out d7s | ?"
    assert parse_position(state.text) == state


def test_the_json_form_gives_what_a_photo_referee_draws() -> None:
    data = position("d8n c2ne", "d7s").to_json()
    scouts = data["patrols"]["S"]["scouts"]
    assert scouts[0] == {"cell": "c2", "direction": "ne", "starred": False, "frozen": False}
    assert scouts[1]["frozen"] is True


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("5 K=3 | S 0 | N 0 | S", "2, 3 or 4 patrols"),
        ("2 K=9 | S 0 | N 0 | S", "K is 2, 3 or 4"),
        ("2 | S 0 | S", "has 4 fields"),
        ("2 | S 0 d2x | N 0 | S", "'d2x' is not a scout"),
        ("2 | S 0 d2n | N 0 d2s | S", "Cell d2 holds two scouts"),
        ("2 | S 0 i2n | N 0 | S", "no cell 'i2'"),
        ("2 | N 0 | S 0 | S", "field for South"),
    ],
)
def test_unreadable_positions_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        State.from_text(text)


def test_a_json_position_of_another_game_is_refused() -> None:
    data = State.start().to_json()
    data["game"] = "rodeurs"
    with pytest.raises(NotationError, match="not a grand-jeu position"):
        State.from_json(data)


def test_directions_turn_in_eighths_and_come_from_degrees() -> None:
    assert Direction.N.turned(2) is Direction.E
    assert Direction.from_degrees(44) is Direction.NE
    assert Direction.from_degrees(-90) is Direction.W
    assert [d.degrees for d in Direction] == list(range(0, 360, 45))


def test_cells_are_named_alike_on_both_boards() -> None:
    assert parse_cell("j10") == parse_cell("j10", 10)
    with pytest.raises(NotationError, match="8 x 8"):
        parse_cell("j10", 8)
    assert S.forward is Direction.N
