"""The four acts of Le grand jeu des patrouilles and what each costs (docs/rules/grand-jeu.md)."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu import Direction, Part, State, play
from tests.grand_jeu.helpers import N, S, W, acts, cell, position, turn


def spent(state: State, text: str) -> int:
    """The foulards the one-part turn ``text`` spends from ``state``."""
    return play(state, turn(text)).foulards


# -- moving ---------------------------------------------------------------------------------------


def test_a_move_steps_one_cell_along_the_blue_arrow_for_one_foulard() -> None:
    state = position("d4ne b2n", "a7s h7s")
    after = play(state, turn("d4-e5")).after
    assert after.scout_at(cell("e5")).direction is Direction.NE
    assert after.scout_at(cell("d4")) is None
    assert spent(state, "d4-e5") == 1


def test_a_move_costs_two_when_an_enemy_stands_next_to_the_starting_cell() -> None:
    assert spent(position("d4n b2n", "e5s h7s"), "d4-d5") == 2  # e5 touches d4 by a corner
    assert spent(position("d4n b2n", "d6s h7s"), "d4-d5") == 1  # d6 only touches d5


def test_a_scout_moves_only_where_its_blue_arrow_points() -> None:
    with pytest.raises(IllegalTurn, match="faces n, so it moves to d5, not e4"):
        play(position("d4n b2n", "a7s h7s"), turn("d4-e4"))


def test_a_cell_holds_one_scout() -> None:
    for blocker in ("", "d5s"):
        south = "d4n b2n" + ("" if blocker else " d5n")
        with pytest.raises(IllegalTurn, match="a cell holds one scout"):
            play(position(south, "a7s h7s " + blocker), turn("d4-d5"))


def test_a_scout_never_steps_onto_its_own_first_row() -> None:
    with pytest.raises(IllegalTurn, match="on its own first row"):
        play(position("d2s b2n", "a7s h7s"), turn("d2-d1"))


def test_a_scout_facing_the_edge_cannot_move() -> None:
    with pytest.raises(IllegalTurn, match="faces the edge"):
        play(position("a4w b2n", "a7s h7s"), turn("a4-b4"))


def test_a_scout_reaching_the_far_row_is_frozen_and_neither_moves_nor_turns() -> None:
    state = position("d7n b2n", "a6s h6s")
    after = play(state, turn("d7-d8")).after
    assert after.is_frozen(after.scout_at(cell("d8")))
    with pytest.raises(IllegalTurn, match="frozen on its far row: it can no longer turn"):
        play(state, turn("d7-d8 d8>s"))
    with pytest.raises(IllegalTurn, match="frozen"):
        play(position("d8ne b2n", "a6s h6s"), turn("d8-e8"))


def test_a_scout_may_walk_onto_the_enemy_first_row() -> None:
    after = play(position("d7n b2n", "a6s h6s"), turn("d7-d8")).after
    assert after.scout_at(cell("d8")) is not None


# -- turning --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("north", "price"),
    [("a7s h7s", 1), ("e5s h7s", 2), ("e5s c3n", 3), ("e5s c3n d5s e3n", 3)],
)
def test_turning_costs_one_two_next_to_one_enemy_three_next_to_two_or_more(
    north: str, price: int
) -> None:
    assert spent(position("d4n h2n", north), "d4>sw h2-h3") == price + 1


def test_a_scout_turns_to_any_of_the_eight_directions_in_one_act() -> None:
    state = position("d4n b2n", "a7s h7s")
    for direction in Direction:
        if direction is not Direction.N:
            after = play(state, turn(f"d4>{direction.value} b2-b3")).after
            assert after.scout_at(cell("d4")).direction is direction


def test_turning_to_the_direction_it_already_faces_is_not_an_act() -> None:
    with pytest.raises(IllegalTurn, match="already faces n"):
        play(position("d4n b2n", "a7s h7s"), turn("d4>n b2-b3"))


def test_turning_and_moving_are_two_acts_each_paid() -> None:
    assert spent(position("d4n b2n", "a7s h7s"), "d4>e d4-e4") == 2


# -- capturing ------------------------------------------------------------------------------------

# c4 points its ahead-right arrow at d5, e4 its ahead-left arrow: d5 is caught between them.
CAPTURE = position("c4n e4n a2n", "d5s h7s")


def test_two_scouts_pointing_red_arrows_capture_for_free() -> None:
    played = play(CAPTURE, turn("a2-a3 xd5"))
    assert played.foulards == 1
    assert played.after.scout_at(cell("d5")) is None
    assert played.after.prisoners_of(N) == 1
    # the capturers stay on their cells
    assert played.after.scout_at(cell("c4")) is not None
    assert played.after.scout_at(cell("e4")) is not None


def test_a_capture_is_possible_with_no_foulard_left() -> None:
    state = position("c4n e4n a2n", "d5s h7s")
    assert play(state, turn("a2-a3 a3-a4 a4-a5 a5-a6 xd5")).foulards == 4


@pytest.mark.parametrize("facing", list(Direction))
def test_the_victims_own_direction_does_not_matter(facing: Direction) -> None:
    state = position("c4n e4n a2n", f"d5{facing.value} h7s")
    assert play(state, turn("a2-a3 xd5")).after.scout_at(cell("d5")) is None


def test_one_pointing_scout_is_not_enough() -> None:
    state = position("c4n e4s a2n", "d5s h7s")
    with pytest.raises(IllegalTurn, match="only the one on c4 does"):
        play(state, turn("a2-a3 xd5"))


def test_the_red_arrow_set_printed_on_the_pawns_decides_what_points() -> None:
    straight_only = position("c4n e4n a2n", "d5s h7s", arrows=(0,))
    with pytest.raises(IllegalTurn, match="and none does"):
        play(straight_only, turn("a2-a3 xd5"))
    facing = position("d4n e5w a2n", "d5s h7s", arrows=(0,))
    assert play(facing, turn("a2-a3 xd5")).after.prisoners_of(N) == 1


def test_a_capture_needs_a_move_earlier_in_the_same_turn() -> None:
    with pytest.raises(IllegalTurn, match="needs a move earlier"):
        play(CAPTURE, turn("xd5 a2-a3"))
    with pytest.raises(IllegalTurn, match="needs a move earlier"):
        play(CAPTURE, turn("a2>e xd5 a2-b2"))


def test_the_scout_that_moved_need_not_take_part_in_the_capture() -> None:
    assert play(CAPTURE, turn("a2-a3 xd5")).after.prisoners_of(N) == 1


def test_a_scout_that_walked_into_two_pointing_arrows_is_captured_next_turn() -> None:
    state = position("c4n e4n a2n", "d6s h7s", to_move=N)
    walked = play(state, turn("d6-d5")).after
    assert play(walked, turn("a2-a3 xd5")).after.prisoners_of(N) == 1


def test_a_frozen_scout_cannot_be_captured() -> None:
    state = position("c2ne e2nw a3n", "d1s h7s")  # d1 is North's far row
    with pytest.raises(IllegalTurn, match="frozen on its far row and cannot be captured"):
        play(state, turn("a3-a4 xd1"))


def test_a_frozen_scout_still_captures() -> None:
    state = position("d8se f8sw a3n", "e7n h6s")
    assert play(state, turn("a3-a4 xe7")).after.prisoners_of(N) == 1


def test_a_patrol_cannot_capture_its_own_scouts() -> None:
    with pytest.raises(IllegalTurn, match="no enemy scout on d5"):
        play(position("c4n e4n d5s a2n", "h7s a7s"), turn("a2-a3 xd5"))


def test_the_captured_starred_scout_goes_to_prison_with_its_star() -> None:
    state = position("c4n e4n a2n", "d5s* h7s", culs_de_pat=True)
    after = play(state, turn("a2-a3 xd5")).after
    assert N in after.starred_prisoners


# -- freeing --------------------------------------------------------------------------------------

HELD = {S: 1}


def test_freeing_costs_three_and_the_scout_comes_back_on_the_second_row() -> None:
    state = position("d4n h4n", "a7s h7s", prisoners=HELD)
    played = play(state, turn("+c2ne d4-d5"))
    assert played.foulards == 4
    assert played.after.scout_at(cell("c2")).direction is Direction.NE
    assert played.after.prisoners_of(S) == 0


def test_a_freed_scout_may_act_at_once() -> None:
    after = play(position("d4n h4n", "a7s h7s", prisoners=HELD), turn("+c2ne c2-d3")).after
    assert after.scout_at(cell("d3")) is not None


@pytest.mark.parametrize(
    ("text", "north", "reason"),
    [
        ("+c3n d4-d5", "a7s h7s", "comes back on its own second row, and c3 is not"),
        ("+c1n d4-d5", "a7s h7s", "comes back on its own second row, and c1 is not"),
        ("+c2n d4-d5", "d3s h7s", "cannot come back on c2, next to an enemy"),
        ("+b2n d4-d5", "a7s h7s", "needs a free cell, and b2 is taken"),
    ],
)
def test_a_freed_scout_needs_a_free_cell_of_its_second_row_with_no_enemy_next_to_it(
    text: str, north: str, reason: str
) -> None:
    state = position("d4n b2n", north, prisoners=HELD)
    with pytest.raises(IllegalTurn, match=reason):
        play(state, turn(text))


def test_freeing_needs_a_prisoner() -> None:
    with pytest.raises(IllegalTurn, match="South has no prisoner to free"):
        play(position("d4n h4n", "a7s h7s"), turn("d4-d5 +c2n"))


def test_the_starred_prisoner_is_freed_by_name() -> None:
    state = position("d4n h4n", "a7s h7s", prisoners=HELD, starred_prisoners=(S,), culs_de_pat=True)
    with pytest.raises(IllegalTurn, match="no other prisoner than its starred scout"):
        play(state, turn("+c2n d4-d5"))
    after = play(state, turn("+c2n* d4-d5")).after
    assert after.scout_at(cell("c2")).starred and S not in after.starred_prisoners


def test_west_frees_onto_its_own_second_column() -> None:
    state = position("d2n e2n", "d9s e9s", west="c5e d5e", to_move=W, players=3, prisoners={W: 1})
    after = play(state, turn("+b7e b7-c7")).after
    assert after.scout_at(cell("c7")).patrol is W


# -- what comes next in a turn --------------------------------------------------------------------


def test_after_a_first_act_that_is_not_a_move_only_moves_may_follow() -> None:
    part = Part.start(position("d4n b2n", "a7s h7s")).play(acts("d4>e")[0])
    assert part.legal_acts()
    assert all(type(a).__name__ == "Move" for a in part.legal_acts())
