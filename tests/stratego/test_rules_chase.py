"""The chase rule: a player may not chase a fleeing piece for ever, repeating positions."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego import Move, Rules, position_key, successor
from tests.stratego.helpers import game_from, play

# Red's lieutenant chases blue's sergeant right round the lake c5-d6, starting on a7 and c7.
ROUND_THE_LAKE = [
    "a7-b7",  # the threat: the lieutenant now stands next to the sergeant
    *(
        pair
        for chaser, runner in (
            ("b7-c7", "c7-d7"),
            ("c7-d7", "d7-e7"),
            ("d7-e7", "e7-e6"),
            ("e7-e6", "e6-e5"),
            ("e6-e5", "e5-e4"),
            ("e5-e4", "e4-d4"),
            ("e4-d4", "d4-c4"),
            ("d4-c4", "c4-b4"),
            ("c4-b4", "b4-b5"),
            ("b4-b5", "b5-b6"),
            ("b5-b6", "b6-b7"),
            ("b6-b7", "b7-c7"),
        )
        for pair in (runner, chaser)
    ),
][:-1]
"""Red's threat, then blue flees and red follows, until the sergeant is back on c7 and red is to
play b6-b7, which would bring back the position right after the threat."""


def test_the_chasing_player_may_not_bring_back_a_position_seen_during_the_chase() -> None:
    game = play(game_from("a7=L c7=t"), *ROUND_THE_LAKE)
    with pytest.raises(IllegalTurn, match=r"already seen during this chase.*\(chase rule\)"):
        game.play(Move.parse("b6-b7"))
    assert Move.parse("b6-b7") not in game.legal_moves()


def test_breaking_off_the_chase_stays_allowed() -> None:
    game = play(game_from("a7=L c7=t"), *ROUND_THE_LAKE)
    assert Move.parse("b6-a6") in game.legal_moves()


def test_the_chase_rule_is_on_by_default_and_can_be_switched_off() -> None:
    assert Rules().chase
    game = play(game_from("a7=L c7=t", Rules(chase=False)), *ROUND_THE_LAKE)
    assert Move.parse("b6-b7") in game.legal_moves()


def test_the_chasing_piece_may_step_straight_back_to_the_cell_it_just_left() -> None:
    # The sergeant flees between f8 and g8, the lieutenant follows between f7 and g7.
    game = play(game_from("e7=L f8=t"), "e7-f7", "f8-g8", "f7-g7", "g8-f8")
    back = Move.parse("g7-f7")  # back to the position right after the threat...
    assert game.chase is not None
    assert position_key(successor(game.state, back)) in game.chase.seen
    game = game.play(back)  # ... is allowed: the lieutenant steps back to the cell it just left
    game = play(game, "f8-g8", "f7-g7")
    # This dance is the two-square rule's business: the sergeant may not flee a 4th time.
    with pytest.raises(IllegalTurn, match="two-square rule"):
        game.play(Move.parse("g8-f8"))


def test_the_position_right_after_a_capture_that_threatens_starts_the_chase() -> None:
    # The lieutenant takes a blue scout on b7 and lands next to the sergeant on c7.
    game = game_from("a7=L b7=o c7=t")
    game = play(game, "a7xb7", *ROUND_THE_LAKE[1:])
    with pytest.raises(IllegalTurn, match="chase rule"):
        game.play(Move.parse("b6-b7"))


def test_a_chase_that_starts_only_after_the_threat_lets_the_loop_close_once() -> None:
    # The same loop when the sergeant itself stepped next to the lieutenant (red answering with
    # a scout far away): red's first threat is b7-c7, so coming back to b7 repeats nothing yet,
    # but going on to c7 would.
    game = play(game_from("b7=L c8=t j2=O"), "j2-j3", "c8-c7", "j3-j2")
    game = play(game, *ROUND_THE_LAKE[1:], "b6-b7", "c7-d7")
    with pytest.raises(IllegalTurn, match="chase rule"):
        game.play(Move.parse("b7-c7"))


def test_an_attack_ends_the_chase() -> None:
    # Fleeing, the sergeant takes a red scout on e6: that attack ends the chase.
    game = play(game_from("a7=L c7=t e6=O"), *ROUND_THE_LAKE[:5])
    assert game.chase is not None and game.chase.chaser.value == "r"
    game = play(game, "e7xe6")
    assert game.chase is None or game.chase.chaser.value == "b"
    game = play(game, "d7-e7")  # red threatens again: a new chase starts here
    assert game.chase is not None and len(game.chase.seen) == 1


def test_the_fleeing_player_is_never_held_by_the_chase_rule() -> None:
    # Blue's sergeant may bring back any position while it runs: the rule binds the chaser only.
    game = play(game_from("e7=L f8=t"), "e7-f7", "f8-g8", "f7-g7", "g8-f8", "g7-f7")
    flee = Move.parse("f8-g8")  # brings back the position after blue's first flight
    assert game.chase is not None
    assert position_key(successor(game.state, flee)) in game.chase.seen
    assert flee in game.legal_moves()


def test_only_a_piece_next_to_another_threatens_it_not_a_scout_in_line_from_afar() -> None:
    game = play(game_from("a7=O e7=t"), "a7-b7")  # the scout lines up with the sergeant
    assert game.chase is None
    assert play(game_from("a7=O c7=t"), "a7-b7").chase is not None


def test_a_chase_ends_when_the_threatened_player_does_something_else_than_flee() -> None:
    game = play(game_from("a7=L c7=t j7=t"), "a7-b7", "j7-j8")  # blue moves another piece
    assert game.chase is None
