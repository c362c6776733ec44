"""Stratego refereeing: which move or attack explains the change between two positions, or why
none does, in one sentence."""

from __future__ import annotations

import random

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego import (
    Army,
    Game,
    Move,
    State,
    Variant,
    random_start,
    successor,
    validate,
)
from tests.stratego.helpers import game_from, play, position


def photo(state: State) -> State:
    """What a photo gives: the same pieces, the player to move unknown."""
    return state.with_mover(None)


def refused(before: State | Game, after: State) -> str:
    with pytest.raises(IllegalTurn) as caught:
        validate(before, after)
    return str(caught.value)


# -- a whole game, refereed move by move ----------------------------------------------------------


def test_a_whole_random_game_is_explained_move_by_move_from_photos_and_secrets() -> None:
    rng = random.Random(2025)
    start = random_start(2025, Variant.CLASSIC)
    ids = {sq: f"k{rng.randrange(16**6):06x}" for sq, p in enumerate(start.cells) if p}
    start = start.with_ids(ids)
    secret = {p.id: p.rank for p in start.cells if p is not None and p.rank is not None}
    game = Game.new(start)
    explained = 0
    while game.result is None and len(game.moves) < 4000:
        move = rng.choice(game.legal_moves())
        after = game.play(move)
        seen = photo(after.state).hidden().with_ranks(secret)  # ids read, ranks from the secret
        played = validate(game, seen)
        assert move in (played.move, *played.others)
        assert played.army is game.state.to_move
        if move.attack:
            assert played.attack == game.attack(move)
        explained += 1
        game = after
    assert game.result is not None
    assert explained == len(game.moves) > 100


# -- what is explained -------------------------------------------------------------------------


def test_validate_names_a_move_and_who_made_it() -> None:
    before = position("e4=T e7=t")
    played = validate(before, photo(successor(before, Move.parse("e4-e5"))))
    assert played.description == "Red played e4-e5."


def test_validate_reveals_the_two_ranks_of_an_attack_and_its_outcome() -> None:
    before = position("e4=N e5=b")
    played = validate(before, successor(before, Move.parse("e4xe5")))
    assert played.description == "Red played e4xe5: the miner attacked the bomb and won."


def test_an_attacker_lost_next_to_several_enemies_leaves_every_possible_target_named() -> None:
    before = position("e4=O e5=k d4=k")
    played = validate(before, position("e5=k d4=k", to_move=Army.BLUE))
    assert {played.move, *played.others} == {Move.parse("e4xe5"), Move.parse("e4xd4")}


# -- what is refused, and why ----------------------------------------------------------------------


def test_nothing_changed() -> None:
    before = position("e4=T")
    assert refused(before, photo(before)).startswith("Nothing changed on the board")


def test_the_same_army_cannot_move_twice() -> None:
    before = position("e4=T")
    after = successor(before, Move.parse("e4-e5")).with_mover(Army.RED)
    assert (
        refused(before, after)
        == "Red was to move and still is: after a move, the other army moves."
    )


def test_a_bomb_that_moved() -> None:
    before = position("e4=B")
    after = photo(position("e5=B"))
    assert refused(before, after) == "The bomb on e4 moved: bombs and the flag never move."


def test_a_piece_other_than_a_scout_that_ran() -> None:
    assert "only scouts move more than one cell" in refused(
        position("e2=T"), photo(position("e4=T"))
    )


def test_a_diagonal_step() -> None:
    assert "pieces never move diagonally" in refused(position("e2=T"), photo(position("f3=T")))


def test_a_run_through_a_lake() -> None:
    assert "cross the lake at c5" in refused(position("b5=O"), photo(position("e5=O")))


def test_a_piece_of_the_army_not_to_move() -> None:
    after = photo(position("e6=t"))
    assert refused(position("e7=t"), after) == "It is red's turn, but the piece on e7 is blue."


def test_two_pieces_that_moved() -> None:
    after = photo(position("e5=T f5=T"))
    assert refused(position("e4=T f4=T"), after) == (
        "2 pieces moved (e4 to e5 and f4 to f5): a turn moves one piece."
    )


def test_a_piece_that_appeared() -> None:
    assert refused(position("e4=T"), photo(position("e4=T f8=t"))) == (
        "A blue sergeant appeared on f8: pieces only ever leave the board."
    )


def test_a_piece_swapped_for_another_is_caught_by_its_id() -> None:
    before = position("e4=T#aa1 f4=T#aa2")
    after = photo(position("e5=T#aa2 f4=T#aa1"))
    assert refused(before, after) == (
        "2 pieces moved (e4 to f4 and f4 to e5): a turn moves one piece."
    )
    # Without ids the same picture is one sergeant's step.
    assert validate(position("e4=T f4=T"), photo(position("e5=T f4=T"))).move == Move.parse("e4-e5")


def test_an_attacker_that_lost_but_stood_on_the_defenders_cell() -> None:
    before = position("e4=L e5=k")
    assert refused(before, photo(position("e5=L"))) == (
        "The lieutenant from e4 attacked the captain on e5 and lost: the lieutenant should have"
        " left the board and the captain stayed."
    )


def test_the_wrong_piece_removed_after_an_attack() -> None:
    # The lieutenant attacked the captain and lost, but the captain was taken off instead.
    before = position("e4=L e5=k")
    assert refused(before, photo(position("e4=L"))) == (
        "The blue captain on e5 left the board, but it beats the red lieutenant on e4, the piece"
        " that could attack it, so it should have stayed."
    )


def test_a_winner_that_did_not_take_the_cell() -> None:
    before = position("e4=K e5=l")
    assert refused(before, photo(position("e4=K"))) == (
        "The blue lieutenant on e5 left the board: if the red captain on e4 attacked and won, it"
        " should have taken that cell."
    )


def test_both_pieces_removed_on_unequal_ranks() -> None:
    before = position("e4=K e5=l")
    assert "only equal ranks both leave" in refused(before, photo(position("")))


def test_two_pieces_that_left_without_meeting() -> None:
    assert refused(position("e2=T e9=t"), photo(position(""))) == (
        "The pieces on e2 and e9 both left the board, but neither could attack the other."
    )


def test_a_piece_that_vanished_with_no_enemy_in_reach() -> None:
    assert refused(position("e2=T"), photo(position(""))) == (
        "The red sergeant on e2 left the board, but it could attack no enemy piece from there."
    )


def test_with_the_game_the_two_square_rule_applies() -> None:
    game = play(game_from("a4=L j7=t"), "a4-a5", "j7-j8", "a5-a4", "j8-i8", "a4-a5", "i8-i7")
    after = photo(successor(game.state, Move.parse("a5-a4")))
    assert validate(game.state, after).move == Move.parse("a5-a4")  # the position alone allows it
    assert "two-square rule" in refused(game, after)


def test_with_the_game_the_chase_rule_applies() -> None:
    from tests.stratego.test_rules_chase import ROUND_THE_LAKE

    game = play(game_from("a7=L c7=t"), *ROUND_THE_LAKE)
    after = photo(successor(game.state, Move.parse("b6-b7")))
    assert "chase rule" in refused(game, after)


def test_no_move_is_explained_once_the_game_is_over() -> None:
    game = play(game_from("j9=O"), "j9xj10")
    after = photo(State.from_pieces("a1=F j10=O e2=T"))
    assert refused(game, after).startswith("The game was already over: Red wins")


def test_ranks_a_photo_cannot_show_are_not_needed_for_a_move() -> None:
    before = position("e4=T e7=t")
    after = successor(before, Move.parse("e4-e5")).hidden()
    assert validate(before, photo(after)).move == Move.parse("e4-e5")
