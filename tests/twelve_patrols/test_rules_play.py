"""The rules of 12 Patrols, turn by turn: laying cards, placing patrols, re-rolling dice."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn, LayoutError
from patrolkit.games.twelve_patrols import (
    Slot,
    failures,
    new_game,
    place_card,
    place_patrol,
    reroll,
)
from tests.twelve_patrols.helpers import (
    GREEN_VALLEY,
    LEFT,
    LOST_CANYON,
    RIGHT,
    ROW,
    WILD_PLAINS,
    B,
    W,
    Y,
    cube,
    die,
    play,
)

# -- playing: cards --------------------------------------------------------------------------------


def test_the_first_card_may_go_anywhere_and_the_next_ones_touch_a_placed_card() -> None:
    state = place_card(play(), WILD_PLAINS, (2, 2))
    state = place_card(state, GREEN_VALLEY, (2, 1))
    with pytest.raises(IllegalTurn, match="top left position touches no placed card"):
        place_card(state, LOST_CANYON, (0, 0))
    with pytest.raises(IllegalTurn, match="touches no placed card"):
        place_card(state, LOST_CANYON, (1, 0))  # diagonal neighbours do not count


def test_no_card_goes_off_the_kingdom_or_on_another_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    with pytest.raises(IllegalTurn, match="the kingdom is 3 cards by 3"):
        place_card(state, GREEN_VALLEY, (0, 3))
    with pytest.raises(IllegalTurn, match="the kingdom is 3 cards by 3"):
        place_card(state, GREEN_VALLEY, (-1, 0))
    with pytest.raises(IllegalTurn, match="A card already lies at the top left position"):
        place_card(state, GREEN_VALLEY, (0, 0))
    with pytest.raises(IllegalTurn, match="already in the kingdom; placed cards never move"):
        place_card(state, WILD_PLAINS, (0, 1))


def test_only_a_face_up_card_may_be_placed() -> None:
    state = play()
    assert state.offer == ROW.cards[:3]
    with pytest.raises(IllegalTurn, match="is not face up: the cards to choose from are"):
        place_card(state, ROW.cards[5], (0, 0))
    state = place_card(state, GREEN_VALLEY, (1, 1))
    assert state.offer == (WILD_PLAINS, LOST_CANYON, ROW.cards[3])


def test_the_pile_is_drawn_in_the_order_given() -> None:
    state = new_game(ROW, (1,) * 9, order=[9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert state.offer == (ROW.cards[8], ROW.cards[7], ROW.cards[6])
    with pytest.raises(LayoutError, match="names each card number 1 to 9 once"):
        new_game(ROW, (1,) * 9, order=[1, 1, 2, 3, 4, 5, 6, 7, 8])


# -- playing: patrols and forced filling -----------------------------------------------------------


def test_a_patrol_may_stand_on_any_open_slot_at_any_time() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 1, 1)])
    assert state.kingdom.patrol(LEFT) == (die(B, 1, 1),)
    assert die(B, 1, 1) not in state.supply
    with pytest.raises(IllegalTurn, match="needs a card on both sides first"):
        place_patrol(state, RIGHT, [cube(W, 1)])


def test_a_patrol_is_placed_whole_and_never_changes() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="already holds a patrol; placed items never move"):
        place_patrol(state, LEFT, [cube(W, 2)])
    with pytest.raises(IllegalTurn, match="A patrol holds at least one item"):
        place_patrol(place_card(state, LOST_CANYON, (0, 2)), RIGHT, [])


def test_a_placed_item_cannot_be_placed_again() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_card(state, LOST_CANYON, (0, 2))
    state = place_patrol(state, LEFT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="white cube 1 already stands in a patrol"):
        place_patrol(state, RIGHT, [cube(W, 1)])


def test_a_die_is_placed_showing_what_it_shows() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    with pytest.raises(IllegalTurn, match="The white die 1 shows 1, not 6"):
        place_patrol(state, LEFT, [die(W, 1, 6)])


def test_a_patrol_that_breaks_a_requirement_is_placed_and_loses() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [cube(W, 1), cube(W, 2)])
    assert [f.requirement.code for f in failures(state.kingdom)] == ["N1"]


def test_a_complete_row_must_be_patrolled_before_the_next_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 3, 3)])
    state = place_card(state, LOST_CANYON, (0, 2))
    with pytest.raises(
        IllegalTurn,
        match="the top row is complete, so the patrol between top centre and top right must be"
        " placed first",
    ):
        place_card(state, ROW.cards[3], (1, 0))
    state = place_patrol(state, RIGHT, [die(B, 2, 2), cube(Y, 1)])
    assert place_card(state, ROW.cards[3], (1, 0)).kingdom.card_at((1, 0)) == ROW.cards[3]


def test_a_complete_column_must_be_patrolled_before_the_next_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 1))
    state = place_card(state, GREEN_VALLEY, (1, 1))
    state = place_card(state, LOST_CANYON, (2, 1))
    state = place_patrol(state, Slot((0, 1), (1, 1)), [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="the centre column is complete"):
        place_card(state, ROW.cards[3], (1, 0))


# -- re-rolls --------------------------------------------------------------------------------------


def test_an_unused_die_may_change_value_by_discarding_another_unused_item() -> None:
    state = reroll(play(), die(W, 1, 1), 6, cube(B, 3))
    assert die(W, 1, 6) in state.supply and die(W, 1, 1) not in state.supply
    assert state.discarded == (cube(B, 3),)
    assert cube(B, 3) not in state.supply


def test_a_reroll_must_change_the_value() -> None:
    with pytest.raises(IllegalTurn, match="already shows 1: a re-roll must change its value"):
        reroll(play(), die(W, 1, 1), 1, cube(B, 3))


def test_a_die_cannot_pay_for_its_own_reroll() -> None:
    with pytest.raises(IllegalTurn, match="cannot pay for its own re-roll"):
        reroll(play(), die(W, 1, 1), 5, die(W, 1, 1))


def test_the_discarded_item_may_be_a_die_even_one_already_rerolled() -> None:
    state = reroll(play(), die(W, 1, 1), 6, cube(B, 3))
    state = reroll(state, die(W, 2, 2), 6, die(W, 1, 6))
    assert state.discarded == (cube(B, 3), die(W, 1, 6))
    state = reroll(state, die(W, 2, 6), 4, cube(B, 2))  # the same die, again: another item
    assert die(W, 2, 4) in state.supply


def test_a_placed_or_discarded_item_cannot_be_rerolled_or_discarded() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 1, 1)])
    with pytest.raises(IllegalTurn, match="blue die 1 already stands in a patrol"):
        reroll(state, die(B, 1, 1), 4, cube(W, 1))
    with pytest.raises(IllegalTurn, match="blue die 1 already stands in a patrol"):
        reroll(state, die(W, 1, 1), 4, die(B, 1, 1))
    state = reroll(state, die(W, 1, 1), 4, cube(W, 1))
    with pytest.raises(IllegalTurn, match="white cube 1 was discarded"):
        place_patrol(place_card(state, LOST_CANYON, (0, 2)), RIGHT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="is a cube: only a die can be re-rolled"):
        reroll(state, cube(W, 2), 4, cube(W, 3))
