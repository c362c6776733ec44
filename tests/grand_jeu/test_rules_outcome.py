"""How Le grand jeu des patrouilles ends: the three victories, the early-stop ranking, three and
four patrols, and the "culs de pat'" variant (docs/rules/grand-jeu.md)."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn, LayoutError
from patrolkit.games.grand_jeu import (
    Ending,
    Options,
    State,
    check_position,
    early_stop,
    outcome,
    standings,
)
from tests.grand_jeu.helpers import E, N, S, W, cell, play, position

# -- the three victories --------------------------------------------------------------------------


def test_k_scouts_on_the_far_row_win() -> None:
    state = position("a7n b8n c8n d2n", "h6s g6s")
    assert outcome(state) is None
    after = play(state, "a7-a8")
    result = outcome(after)
    assert result is not None and result.winner is S and result.ending is Ending.FAR_ROW


def test_k_is_fixed_before_the_game() -> None:
    two = position("b8n c8n d2n", "h6s g6s", far_row_to_win=2)
    assert outcome(two).winner is S
    assert outcome(position("b8n c8n d2n", "h6s g6s", far_row_to_win=4)) is None


def test_fewer_than_k_prime_scouts_on_the_board_lose() -> None:
    state = position("c4n e4n a2n", "d5s h7s")
    after = play(state, "a2-a3 xd5")
    result = outcome(after)
    assert result.winner is S and result.ending is Ending.TOO_FEW
    assert "fewer than 2" in result.description


def test_k_prime_is_fixed_before_the_game() -> None:
    three = position("c4n e4n a2n", "d5s h7s g7s", fewest_scouts=3)
    assert outcome(three) is None
    assert outcome(play(three, "a2-a3 xd5")).winner is S


def test_a_patrol_that_cannot_move_in_its_first_or_second_act_loses() -> None:
    cornered = position("a2s b2s", "a3s b3s c3s c2n h7s")
    result = outcome(cornered)
    assert result.winner is N and result.ending is Ending.BLOCKED


def test_no_turn_is_played_once_the_game_is_over() -> None:
    with pytest.raises(IllegalTurn, match="The game is over: South wins"):
        play(position("a8n b8n c8n d2n", "h6s g6s", to_move=N), "h6-h5")


# -- a game stopped early -------------------------------------------------------------------------


def test_an_early_stop_goes_first_to_the_most_scouts_on_the_far_row() -> None:
    state = position("a8n d2n e2n", "a2s b3s c3s d6s")
    result = early_stop(state)
    assert result.winner is S and result.ending is Ending.MORE_ON_FAR_ROW


def test_then_to_the_most_scouts_in_the_opposite_half() -> None:
    state = position("a5n b5n d2n", "a4s b6s c7s d7s")
    result = early_stop(state)
    assert result.winner is S and result.ending is Ending.MORE_IN_ENEMY_HALF


def test_then_to_the_most_scouts_on_the_board() -> None:
    state = position("a5n d2n e2n", "a4s b7s")
    result = early_stop(state)
    assert result.winner is S and result.ending is Ending.MORE_ON_BOARD


def test_level_on_every_count_is_a_draw() -> None:
    state = position("a5n d2n", "a4s b7s")
    result = early_stop(state)
    assert result.winner is None and result.ending is Ending.DRAW


def test_a_finished_game_stopped_keeps_its_result() -> None:
    assert early_stop(position("a8n b8n c8n d2n", "h6s g6s")).ending is Ending.FAR_ROW


# -- three and four patrols -----------------------------------------------------------------------


def test_three_or_four_patrols_play_on_ten_by_ten_with_six_scouts_each() -> None:
    for players in (3, 4):
        start = State.start(Options(players=players))
        assert start.size == 10
        assert all(len(start.scouts_of(p)) == 6 for p in start.options.patrols)
    assert State.start(Options(players=4)).options.patrols == (S, W, N, E)


def test_two_patrols_play_on_eight_by_eight_with_eight_scouts_each() -> None:
    start = State.start()
    assert start.size == 8 and len(start.scouts_of(S)) == 8 == len(start.scouts_of(N))


def test_each_patrol_far_row_is_the_opposite_edge() -> None:
    state = position("d2n e2n", "d9s e9s", west="i5e b6e", east="i7w c7w", players=4, to_move=W)
    after = play(state, "i5-j5")
    assert after.is_frozen(after.scout_at(cell("j5")))
    assert after.far_row_count(W) == 1 and after.far_row_count(E) == 0


def test_a_patrol_left_with_too_few_scouts_is_eliminated_and_leaves_the_board() -> None:
    state = position(
        "c4n e4n a2n",
        "d5s h9s",
        west="b7e b8e",
        east="i7w i8w",
        players=4,
    )
    after = play(state, "a2-a3 xd5")
    assert N in after.out
    assert not after.scouts_of(N)
    assert after.to_move is W
    assert outcome(after) is None


def test_the_next_patrol_after_an_elimination_plays() -> None:
    state = position("c4n e4n a2n", "d5s h9s", west="b7e b8e", players=3, to_move=S)
    after = play(state, "a2-a3 xd5")
    assert after.to_move is W
    assert play(after, "b7-c7").to_move is S  # North is skipped


def test_a_patrol_that_cannot_move_when_its_turn_comes_is_eliminated() -> None:
    # West's two scouts face its own first column with two enemies next to each.
    state = position(
        "a2n c5n c6n c7n",
        "h9s g9s",
        west="b5w b6w",
        east="i5w i6w",
        players=4,
    )
    after = play(state, "a2-a3")
    assert W in after.out and not after.scouts_of(W)
    assert after.to_move is N


def test_the_last_patrol_standing_wins() -> None:
    state = position("c4n e4n a2n", "d5s h9s", west="b7e", players=3, out=(W,))
    result = outcome(play(state, "a2-a3 xd5"))
    assert result.winner is S and result.ending is Ending.LAST_PATROL


def test_the_early_stop_ranks_every_patrol_in_play() -> None:
    state = position("d2n e2n f5n", "d9s e9s", west="b5e c6e", east="j5w i6w", players=4, out=(E,))
    ranked = standings(state)
    assert [r.patrol for r in ranked] == [S, W, N]


# -- the "culs de pat'" variant -------------------------------------------------------------------


def test_a_starred_scout_captured_and_not_freed_next_turn_loses_the_game() -> None:
    state = position("c4n e4n a2n", "d5s* h7s g7s f7s", culs_de_pat=True)
    captured = play(state, "a2-a3 xd5")
    assert outcome(captured) is None
    result = outcome(play(captured, "h7-h6"))
    assert result.winner is S and result.ending is Ending.STAR


def test_freeing_the_starred_scout_on_the_next_turn_saves_the_patrol() -> None:
    state = position("c4n e4n a2n", "d5s* h7s g7s f7s", culs_de_pat=True)
    captured = play(state, "a2-a3 xd5")
    saved = play(captured, "+a7s* h7-h6")
    assert outcome(saved) is None and N not in saved.starred_prisoners


def test_with_more_patrols_the_starless_patrol_is_eliminated() -> None:
    # North's star was captured on South's last turn: North must free it now.
    state = position(
        "c4n e4n a2n",
        "h9s g9s f9s",
        west="b7e b8e",
        players=3,
        to_move=N,
        prisoners={N: 1},
        starred_prisoners=(N,),
        culs_de_pat=True,
    )
    after = play(state, "h9-h8")
    assert N in after.out and not after.scouts_of(N)
    assert after.to_move is S


def test_a_star_only_with_the_variant() -> None:
    with pytest.raises(LayoutError, match="variant is off"):
        check_position(position("d2n* e2n", "d7s e7s"))
    check_position(position("d2n* e2n", "d7s e7s", culs_de_pat=True))
