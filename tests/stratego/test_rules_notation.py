"""Stratego positions, moves and games written out, and read back."""

from __future__ import annotations

import json
import random

import pytest

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.stratego import (
    Army,
    Game,
    Move,
    Rank,
    Rules,
    State,
    Variant,
    format_record,
    legal_moves,
    parse_move,
    parse_record,
    parse_square,
    random_start,
    record_from_json,
    record_to_json,
    state_from_strados,
)
from tests.stratego.helpers import YORKTOWN, position

E4 = parse_square("e4")


def random_game(seed: int, moves: int, variant: Variant = Variant.CLASSIC) -> Game:
    game = Game.new(random_start(seed, variant))
    rng = random.Random(seed)
    for _ in range(moves):
        if game.result is not None:
            break
        game = game.play(rng.choice(game.legal_moves()))
    return game


def test_a_position_reads_back_from_its_text_and_from_its_json() -> None:
    for state in (random_start(1), random_game(2, 150).state, position("e4=O d7=b")):
        assert State.from_text(state.text) == state
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


def test_the_text_shows_rows_from_row_ten_down_with_lakes_and_the_mover() -> None:
    text = position("e4=O d7=b", to_move=Army.BLUE).text
    rows, mover = text.split()
    assert rows.split("/")[3] == "...b......"  # row 7
    assert rows.split("/")[4] == rows.split("/")[5] == "..~~..~~.."  # rows 6 and 5
    assert rows.split("/")[6] == "....O....."  # row 4
    assert mover == "b"


def test_ranks_can_be_hidden_from_everyone_or_from_one_army() -> None:
    state = position("e4=O d7=b")
    hidden = state.hidden()
    assert hidden.text.split()[0].count("X") == 2 and hidden.text.split()[0].count("x") == 2
    assert State.from_text(hidden.text) == hidden
    red_view = state.view(Army.RED)
    scout = red_view.piece(E4)
    assert scout is not None and scout.rank is Rank.SCOUT
    assert all(p.rank is None for p in red_view.cells if p is not None and p.army is Army.BLUE)


def test_pieces_keep_their_ids_through_text_json_and_moves() -> None:
    state = position("e4=O#k3f9 d7=b#zz01")
    assert State.from_text(state.text) == state
    assert State.from_json(state.to_json()) == state
    after = Game.new(state).play(Move.parse("e4-e5")).state
    assert after.pieces_text == "a1=F e5=O#k3f9 d7=b#zz01 j10=f"


def test_an_armys_secret_puts_the_ranks_back_on_a_hidden_position() -> None:
    state = position("e4=O#k3f9 d7=b#zz01")
    photo = state.hidden()
    assert photo.with_ranks({"k3f9": Rank.SCOUT}).piece(E4) == state.piece(E4)
    assert photo.with_ranks({"k3f9": Rank.SCOUT, "zz01": Rank.BOMB}).pieces_text == (
        "a1=X e4=O#k3f9 d7=b#zz01 j10=x"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("..........", "rows"),
        ("x" * 9 + "/" + "/".join(["." * 10] * 9) + " r", "rows"),
        ("/".join(["." * 10] * 10) + " r", "lake"),
        ("/".join(["." * 10] * 4 + ["..~~..~~.."] * 2 + ["." * 10] * 4) + " g", "'r', 'b' or '?'"),
    ],
)
def test_a_damaged_position_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        State.from_text(text)


def test_moves_are_written_with_a_dash_or_with_x_for_an_attack() -> None:
    state = position("a4=O a7=t")
    assert [m.notation for m in legal_moves(state) if m.start == 30][:4] == [
        "a4-a5",
        "a4-a6",
        "a4xa7",
        "a4-a3",
    ]
    assert Move.parse("a4xa7") == parse_move(state, "a4a7") == parse_move(state, "A4xA7")
    with pytest.raises(NotationError, match="not a move"):
        Move.parse("a4a7")
    with pytest.raises(NotationError, match="not a square"):
        Move.parse("a11-a10")
    with pytest.raises(IllegalTurn, match="written a4xa7"):
        parse_move(state, "a4-a7")


def test_a_game_record_replays_to_the_same_game_in_text_and_in_json() -> None:
    game = random_game(4, 120)
    assert parse_record(format_record(game)) == game
    assert record_from_json(json.loads(json.dumps(record_to_json(game)))) == game
    assert format_record(game).splitlines()[2].startswith("moves: 1. ")


def test_a_record_keeps_its_rule_options() -> None:
    game = Game.new(random_start(3, Variant.TRAINING), Rules(two_square=5, chase=False))
    assert parse_record(format_record(game)).rules == Rules(5, False)


def test_a_record_with_an_illegal_move_names_the_move_and_the_rule() -> None:
    game = random_game(5, 4)
    text = format_record(game) + " a1-a2"
    with pytest.raises(IllegalTurn, match=r"Move 5 \(a1-a2\) is refused: "):
        parse_record(text)


def test_strados3_positions_are_read_as_an_import_format() -> None:
    state = state_from_strados(YORKTOWN)
    assert state.to_move is Army.RED
    assert state.text.split()[0].split("/")[6] == "OKOMJTGOOK"  # row 4: scouts, marshal...
    with pytest.raises(NotationError, match="StraDos3"):
        state_from_strados("AAAA r 1")
