"""Rôdeurs refereeing: which turn explains the change between two positions, or why none does."""

from __future__ import annotations

import pytest

from generator.rodeurs.layouts import random_layout
from patrolkit.errors import IllegalTurn
from patrolkit.games.rodeurs import (
    Player,
    State,
    Turn,
    apply,
    legal_turns,
    parse_square,
    validate,
)
from tests.rodeurs.helpers import (
    CLASSIC,
    PERFT,
    play,
    position,
)

# -- refereeing two positions -------------------------------------------------------------------


def test_validate_names_the_turn_that_was_played() -> None:
    state = State.from_text(PERFT["position"][3]["text"])
    for turn in legal_turns(state)[::7]:
        assert validate(state, apply(state, turn)) == turn


def test_validate_refuses_positions_on_different_boards() -> None:
    before = position("ra1 ya2")
    elsewhere = position("ra3", board=random_layout(1).board, to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="different boards"):
        validate(before, elsewhere)
    with pytest.raises(IllegalTurn, match="only the second allows diagonal jumps"):
        validate(before, position("ra3", diagonal=True, to_move=Player.BLACK))


def test_validate_refuses_a_pawn_that_appeared() -> None:
    after = position("ra3 gc5", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="A green pawn appeared on c5"):
        validate(position("ra1 ya2"), after)


def test_validate_refuses_a_pawn_that_changed_colour() -> None:
    after = position("ra1 ga2", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="The pawn on a2 changed from yellow to green"):
        validate(position("ra1 ya2"), after)


def test_validate_refuses_when_nothing_changed() -> None:
    with pytest.raises(IllegalTurn, match="Nothing changed"):
        validate(position("ra1 ya2"), position("ra1 ya2", to_move=Player.BLACK))


def test_validate_refuses_when_the_player_to_move_did_not_change() -> None:
    before = position("ra1 ya2")
    with pytest.raises(IllegalTurn, match="White was to move and still is"):
        validate(before, position("ra3"))


def test_validate_can_ignore_the_player_to_move_as_a_photo_does_not_show_it() -> None:
    before = position("ra1 ya2")
    photo = position("ra3", opening=True)  # a photo knows neither flag
    assert validate(before, photo, check_mover=False) == Turn.parse("a1xa3")
    with pytest.raises(IllegalTurn, match="still waits for the opening turn"):
        validate(before, position("ra3", opening=True, to_move=Player.BLACK))


def test_validate_refuses_more_than_one_jump_in_the_opening() -> None:
    after = play("e3xe5", play("c3xc5", CLASSIC.state))
    with pytest.raises(IllegalTurn, match=r"opening turn is a single jump, but .* 2 jumps"):
        validate(CLASSIC.state, after, check_mover=False)
    vanished = list(play("c3xc5", CLASSIC.state).pawns)
    vanished[parse_square("g9")] = None
    after = State(CLASSIC.board, tuple(vanished), Player.BLACK, False)
    with pytest.raises(
        IllegalTurn, match=r"opening turn .* removes one pawn, but 2 pawns are gone"
    ):
        validate(CLASSIC.state, after)


def test_validate_refuses_more_pawns_removed_than_any_turn_removes() -> None:
    before = position("ra1 ya2 ge1 ge2 gg8 gg9")
    with pytest.raises(IllegalTurn, match=r"4 pawns are gone, but no turn .* more than 2"):
        validate(before, position("ra3 ge3", to_move=Player.BLACK))


def test_validate_refuses_pawns_removed_without_a_jump() -> None:
    with pytest.raises(IllegalTurn, match="Pawns left c1 but no pawn landed"):
        validate(position("ra1 ya2 gc1"), position("ra1 ya2", to_move=Player.BLACK))


def test_validate_names_a_landing_on_an_occupied_cell() -> None:
    after = position("ra3 gc1", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped onto a3, which was occupied"):
        validate(position("ra1 ya2 ga3 gc1"), after)


def test_validate_names_a_jump_over_an_empty_cell() -> None:
    after = position("ra3 gc1 gd1", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped to a3 over a2, which was empty"):
        validate(position("ra1 gc1 gd1"), after)


def test_validate_names_a_multi_jump_that_switches_pawn() -> None:
    after = position("ra3 ge5", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="multi-jump by one pawn"):
        validate(position("ra1 ya2 ge1 ge2 ge4"), after)


def test_validate_names_a_diagonal_jump_on_a_board_without_them() -> None:
    after = position("re5 ga1 ga2", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped diagonally to e5"):
        validate(position("rc3 yd4 ga1 ga2"), after)


def test_validate_refuses_a_turn_after_the_end() -> None:
    with pytest.raises(IllegalTurn, match="already over"):
        validate(position("ra1 yc1"), position("ra3", to_move=Player.BLACK))


def test_validate_otherwise_names_the_closest_legal_turn() -> None:
    after = position("ra3 gc3 ge1 gf1", to_move=Player.BLACK)  # two jumps over empty cells
    with pytest.raises(IllegalTurn, match=r"closest, .*, differs on"):
        validate(position("ra1 gc1 ge1 gf1"), after)


def test_validate_works_with_unknown_movers_when_it_does_not_check_them() -> None:
    before = position("ra1 ya2")
    after = position("ra3", to_move=Player.BLACK)
    for first, second in (
        (before.with_mover(None), after),
        (before, after.with_mover(None)),
        (before.with_mover(None), after.with_mover(None)),
    ):
        assert validate(first, second, check_mover=False) == Turn.parse("a1xa3")


def test_validate_cannot_check_a_mover_that_a_position_leaves_unknown() -> None:
    before = position("ra1 ya2")
    after = position("ra3", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="first position does not say who is to move"):
        validate(before.with_mover(None), after)
    with pytest.raises(IllegalTurn, match="second position does not say who is to move"):
        validate(before, after.with_mover(None))
