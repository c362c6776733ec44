"""Rôdeurs notation: turns and positions written out, and read back."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rodeurs.layouts import random_layout
from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.rodeurs import (
    Board,
    CellColour,
    Jump,
    PawnColour,
    Player,
    State,
    Turn,
    apply,
    format_turn,
    is_legal,
    legal_turns,
    parse_square,
    parse_turn,
)
from tests.rodeurs.helpers import CLASSIC, PERFT, position, random_game

# -- notation -----------------------------------------------------------------------------------


def test_a_turn_is_written_as_the_cells_each_pawn_visits() -> None:
    assert Turn.parse("c3xc5").jumps == (Jump.between(parse_square("c3"), parse_square("c5")),)
    assert str(Turn.parse("c3xc5 c5xe5")) == "c3xc5xe5"
    assert str(Turn.parse("C3xC5  D1xD3")) == "c3xc5 d1xd3"


@pytest.mark.parametrize("text", ["", "c3", "c3xc6", "c3-c5", "h1xh3", "c3xc5 d"])
def test_a_turn_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Turn.parse(text)


def test_every_legal_turn_reads_back_from_its_notation() -> None:
    for entry in PERFT["position"]:
        state = State.from_text(entry["text"])
        for turn in legal_turns(state):
            assert Turn.parse(turn.notation, opening=state.opening) == turn


# -- text and JSON ------------------------------------------------------------------------------


def test_every_position_of_a_game_round_trips_through_text_and_json() -> None:
    layout = random_layout(5, diagonal=True)
    for state in random_game(CLASSIC.state, 1) + random_game(layout.state, 2):
        assert State.from_text(state.text) == state
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


boards = st.builds(
    Board.from_lower_half,
    st.lists(st.sampled_from([CellColour.BLACK, CellColour.WHITE]), min_size=28, max_size=28),
    diagonal=st.booleans(),
)
states = st.builds(
    State,
    boards,
    st.lists(st.sampled_from([None, *PawnColour]), min_size=63, max_size=63).map(tuple),
    st.sampled_from([*Player, None]),
    st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(states)
def test_any_position_round_trips_through_text_and_json(state: State) -> None:
    assert State.from_text(state.text) == state
    assert State.from_text(state.text).text == state.text
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ggygygg/ryryryr w o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygx w o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg x o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w ? 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w o 2JOE",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w o ZZZZZZ",
    ],
)
def test_a_damaged_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        State.from_text(text)


def test_a_damaged_position_json_is_refused() -> None:
    data = CLASSIC.state.to_json()
    for broken in ({**data, "opening": "yes"}, {**data, "to_move": "x"}, {"game": "rodeurs"}):
        with pytest.raises(NotationError):
            State.from_json(broken)


# -- reading a turn of a position ---------------------------------------------------------------


def test_a_turn_is_read_as_a_turn_of_the_position_it_is_played_in() -> None:
    assert parse_turn(CLASSIC.state, "d3xd5").kind == "opening jump"
    later = position("ra1 ya2 rc1 yc2")
    assert parse_turn(later, "a1xa3 c1xc3").kind == "two jumps"
    assert parse_turn(later, "a1xa3").kind == "multi-jump"


def test_a_well_written_turn_the_rules_refuse_here_is_illegal_not_unreadable() -> None:
    with pytest.raises(IllegalTurn, match="opening turn is a single jump"):
        parse_turn(CLASSIC.state, "d3xd5 c3xe3")
    with pytest.raises(IllegalTurn, match="no pawn on a5"):
        parse_turn(position("ra1 ya2"), "a5xa7")
    with pytest.raises(NotationError, match="not a jump"):
        parse_turn(position("ra1 ya2"), "a1xa4")


def test_is_legal_answers_without_comparing_positions() -> None:
    state = position("ra1 ya2")
    assert is_legal(state, Turn.parse("a1xa3"))
    assert not is_legal(state, Turn.parse("a2xa4"))
    assert not is_legal(CLASSIC.state, Turn.parse("d3xd5 c3xe3"))


def test_every_turn_of_random_games_reads_back_from_what_format_turn_writes() -> None:
    for seed, layout_state in enumerate([CLASSIC.state, random_layout(9, diagonal=True).state]):
        for state in random_game(layout_state, seed)[:-1]:
            for turn in legal_turns(state):
                assert is_legal(state, turn)
                assert parse_turn(state, format_turn(state, turn)) == turn


# -- sparse positions ---------------------------------------------------------------------------


def test_a_position_holds_only_the_pawns_written_out() -> None:
    state = State.from_pawns("c3=r d4=y e5=g", board=CLASSIC.board, to_move=Player.BLACK)
    assert state.pawn_count == 3 and state.pawn(parse_square("d4")) is PawnColour.YELLOW
    assert (state.to_move, state.opening) == (Player.BLACK, False)
    assert State.from_pawns(state.pawns_text, board=CLASSIC.board, to_move=Player.BLACK) == state
    assert State.from_pawns("", board=CLASSIC.board).pawn_count == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c3r", "write its square, = and its colour"),
        ("c3=x", "'x' is not a pawn \\(r, y, g\\)"),
        ("h3=r", "not a square of the board"),
        ("c3=r c3=y", "given two pawns"),
    ],
)
def test_a_sparse_position_that_cannot_be_read_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        State.from_pawns(text, board=CLASSIC.board)


# -- a position whose player to move is unknown --------------------------------------------------


def test_an_unknown_mover_is_written_with_a_question_mark_and_reads_back() -> None:
    photo = CLASSIC.state.with_mover(None)
    assert photo.text.split()[1] == "?" and photo.to_move is None
    assert State.from_text(photo.text) == photo
    assert State.from_json(json.loads(json.dumps(photo.to_json()))) == photo
    assert photo.to_json()["to_move"] == "?"
    assert photo.with_mover(Player.WHITE) == CLASSIC.state


def test_the_mover_field_error_names_every_accepted_value() -> None:
    text = CLASSIC.state.text.replace(" w ", " x ")
    with pytest.raises(
        NotationError, match="'w' \\(White\\), 'b' \\(Black\\) or '\\?' \\(unknown\\)"
    ):
        State.from_text(text)
    with pytest.raises(NotationError, match="'\\?' \\(unknown\\)"):
        State.from_json({**CLASSIC.state.to_json(), "to_move": "x"})


def test_turns_are_played_the_same_whoever_moves_and_the_mover_stays_unknown() -> None:
    known = position("ra1 ya2 rc1 yc2")
    unknown = known.with_mover(None)
    assert legal_turns(unknown) == legal_turns(known)
    after = apply(unknown, Turn.parse("a1xa3"))
    assert after.to_move is None and after.pawns == apply(known, Turn.parse("a1xa3")).pawns
