"""Stratego armies and their setup."""

from __future__ import annotations

import pytest

from patrolkit.errors import LayoutError
from patrolkit.games.stratego import (
    CLASSIC_ARMY,
    TRAINING_ARMY,
    Army,
    Rank,
    State,
    Variant,
    army_from_rows,
    check_setup,
    parse_square,
    random_start,
    start_position,
)

RED_ROWS = """
OOOOOOOONN
NNNTTTTLLL
LKKKKJJJCC
GMSBBBBBBF
"""
BLUE_ROWS = RED_ROWS.lower()


def test_a_classic_army_has_the_forty_pieces_of_the_seed() -> None:
    assert sum(CLASSIC_ARMY.values()) == 40
    assert [CLASSIC_ARMY[r] for r in Rank] == [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1]


def test_the_training_army_has_ten_pieces() -> None:
    assert dict(TRAINING_ARMY) == {
        Rank.FLAG: 1,
        Rank.MARSHAL: 1,
        Rank.GENERAL: 1,
        Rank.MINER: 2,
        Rank.SCOUT: 2,
        Rank.BOMB: 2,
        Rank.SPY: 1,
    }


def test_each_army_fills_its_four_home_rows_and_red_moves_first() -> None:
    state = start_position(army_from_rows(Army.RED, RED_ROWS), army_from_rows(Army.BLUE, BLUE_ROWS))
    assert state.to_move is Army.RED
    assert state.piece(parse_square("j1")) is not None
    assert state.piece(parse_square("a10")) is not None  # blue's row 10 drawn first
    assert all(state.piece(sq) is None for sq in range(40, 60))


def test_random_setups_are_legal_and_repeat_with_their_seed() -> None:
    for variant in Variant:
        check_setup(random_start(9, variant), variant)
        assert random_start(9, variant) == random_start(9, variant)
    assert random_start(1) != random_start(2)


def test_a_piece_outside_its_home_rows_is_refused() -> None:
    red = army_from_rows(Army.RED, RED_ROWS)
    red[parse_square("a5")] = red.pop(parse_square("a4"))
    with pytest.raises(LayoutError, match="The red piece on a5 is outside red's home rows"):
        start_position(red, army_from_rows(Army.BLUE, BLUE_ROWS))


def test_a_wrong_count_of_a_rank_is_refused() -> None:
    blue = army_from_rows(Army.BLUE, BLUE_ROWS.replace("m", "g"))
    with pytest.raises(LayoutError, match="Blue has 0 marshals; a classic army has 1"):
        start_position(army_from_rows(Army.RED, RED_ROWS), blue)


def test_a_missing_piece_is_refused() -> None:
    blue = army_from_rows(Army.BLUE, BLUE_ROWS.replace("f\n", ".\n"))
    with pytest.raises(LayoutError, match="Blue has 39 pieces on the board; a classic army has 40"):
        start_position(army_from_rows(Army.RED, RED_ROWS), blue)


def test_a_training_army_sits_anywhere_on_its_home_rows() -> None:
    red = army_from_rows(Army.RED, "........../MG.NN...../.OO......./.S..BB.F..")
    blue = army_from_rows(Army.BLUE, "f.bb....../........../s.oo....../mgnn......")
    state = start_position(red, blue, Variant.TRAINING)
    assert len(state.squares_of(Army.RED)) == len(state.squares_of(Army.BLUE)) == 10
    with pytest.raises(LayoutError, match="Red has 10 pieces on the board; a classic army has 40"):
        check_setup(state, Variant.CLASSIC)


def test_hidden_ranks_are_counted_but_not_told_apart() -> None:
    state = random_start(4).hidden()
    check_setup(state)
    with pytest.raises(LayoutError, match="39 pieces"):
        check_setup(State((*state.cells[:99], None), state.to_move))
