"""Turns of Le grand jeu des patrouilles: the budget of 4 foulards, the move-first rule, the bonus
turn, frozen scouts and blocked patrols (docs/rules/grand-jeu.md)."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu import (
    Capture,
    Direction,
    Move,
    Reorient,
    is_blocked,
    is_legal,
    legal_acts,
    play,
)
from tests.grand_jeu.helpers import N, S, acts, cell, position, turn

OPEN = position("b2n d4n g2n", "a7s h7s")


# -- the budget -----------------------------------------------------------------------------------


def test_a_turn_spends_at_most_four_foulards() -> None:
    assert play(OPEN, turn("d4-d5 d5-d6 b2-b3 g2-g3")).foulards == 4
    with pytest.raises(IllegalTurn, match="costs 1 foulard, and none is left"):
        play(OPEN, turn("d4-d5 d5-d6 b2-b3 g2-g3 g3-g4"))


def test_foulards_may_be_left_unspent() -> None:
    played = play(OPEN, turn("d4-d5"))
    assert played.foulards == 1
    assert played.after.to_move is N


def test_acts_repeat_in_any_order_with_the_same_scout() -> None:
    after = play(OPEN, turn("d4-d5 d5>e d5-e5 e5>n")).after
    assert after.scout_at(cell("e5")) is not None


def test_an_act_dearer_than_what_is_left_is_refused() -> None:
    state = position("b2n d4n g2n", "e5s c3s")  # d4 next to two enemies
    with pytest.raises(
        IllegalTurn,
        match="next to the enemies on c3 and e5 costs 3 foulards, and only 2 foulards are left",
    ):
        play(state, turn("g2-g3 g3-g4 d4>e"))


# -- the move-first rule --------------------------------------------------------------------------


def test_a_move_may_come_first_or_second() -> None:
    assert is_legal(OPEN, turn("d4-d5 b2>e"))
    assert is_legal(OPEN, turn("b2>e d4-d5"))
    assert is_legal(position("b2n d4n", "a7s h7s", prisoners={S: 1}), turn("+g2n d4-d5"))


def test_two_acts_without_a_move_break_the_turn() -> None:
    with pytest.raises(IllegalTurn, match="first or second act"):
        play(OPEN, turn("b2>e g2>w d4-d5"))


def test_a_turn_without_a_move_breaks_the_rule() -> None:
    with pytest.raises(IllegalTurn, match="first or second act"):
        play(OPEN, turn("b2>e"))


def test_legal_acts_after_a_turn_only_offer_moves() -> None:
    after_turning = legal_acts(OPEN, acts("b2>e"))
    assert after_turning and all(isinstance(a, Move) for a in after_turning)


def test_legal_acts_offer_a_capture_only_after_a_move() -> None:
    state = position("c4n e4n a2n", "d5s h7s")
    assert Capture(cell("d5")) not in legal_acts(state)
    assert Capture(cell("d5")) in legal_acts(state, acts("a2-a3"))


def test_legal_acts_stay_within_the_foulards_left() -> None:
    spent_three = acts("d4-d5 d5-d6 b2-b3")
    assert Reorient(cell("g2"), Direction.E) in legal_acts(OPEN, spent_three)
    assert not legal_acts(OPEN, (*spent_three, *acts("g2-g3")))


# -- the bonus turn -------------------------------------------------------------------------------

CAPTURE = position("c4n e4n a2n", "d5s h7s g7s")


def test_a_turn_that_captured_may_be_followed_by_a_bonus_turn() -> None:
    played = play(CAPTURE, turn("a2-a3 xd5 | a3-a4 a4-a5"))
    assert played.bonus_foulards == 2
    assert played.after.scout_at(cell("a5")) is not None
    assert played.after.to_move is N


def test_the_bonus_turn_is_optional_and_said_to_be_allowed() -> None:
    played = play(CAPTURE, turn("a2-a3 xd5"))
    assert played.bonus_allowed
    assert played.after.to_move is N


def test_no_bonus_turn_without_a_capture() -> None:
    with pytest.raises(IllegalTurn, match="only a turn that captured"):
        play(OPEN, turn("d4-d5 | b2-b3"))


def test_the_bonus_turn_has_its_own_budget_fixed_at_the_start() -> None:
    small = position("c4n e4n a2n", "d5s h7s g7s", bonus_foulards=2)
    assert play(small, turn("a2-a3 xd5 | a3-a4 a4-a5")).bonus_foulards == 2
    with pytest.raises(IllegalTurn, match="none is left"):
        play(small, turn("a2-a3 xd5 | a3-a4 a4-a5 a5-a6"))


def test_the_bonus_turn_starts_afresh_with_a_move_first() -> None:
    with pytest.raises(IllegalTurn, match="first or second act"):
        play(CAPTURE, turn("a2-a3 xd5 | c4>e e4>w a3-a4"))
    with pytest.raises(IllegalTurn, match="needs a move earlier"):
        play(
            position("c4n e4n a2n f4n h4n", "d5s g5s h7s"),
            turn("a2-a3 xd5 | xg5 a3-a4"),
        )


def test_a_capture_in_the_bonus_turn_earns_no_second_bonus() -> None:
    state = position("c4n e4n a2n f4n h4n", "d5s g5s h7s a7s")
    after = play(state, turn("a2-a3 xd5 | a3-a4 xg5")).after
    assert after.to_move is N and after.prisoners_of(N) == 2


# -- blocked patrols ------------------------------------------------------------------------------

# a2 and b2 face their own first row; turning either costs 3 (two enemies next to it) and moving
# after that would cost 2 more.
CORNERED = position("a2s b2s", "a3s b3s c3s c2n h7s")


def test_a_patrol_that_cannot_move_in_its_first_or_second_act_is_blocked() -> None:
    assert is_blocked(CORNERED)


def test_freeing_a_scout_that_then_moves_unblocks_a_patrol() -> None:
    held = position("a2s b2s", "a3s b3s c3s c2n h7s", prisoners={S: 1})
    assert not is_blocked(held)
    assert is_legal(held, turn("+g2n g2-g3"))


def test_turning_then_moving_unblocks_a_patrol_when_it_fits_in_four_foulards() -> None:
    one_enemy = position("a2s b2s", "a3s h7s")  # b2 turns for 2 and moves for 2
    assert not is_blocked(one_enemy)
