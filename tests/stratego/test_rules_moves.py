"""Stratego moves and attacks, as the rules of a position decide them."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego import (
    LAKES,
    Army,
    DecidedBy,
    Move,
    Outcome,
    Rank,
    apply,
    fight,
    legal_moves,
    parse_square,
    result,
)
from tests.stratego.helpers import game_from, position


def moves_from(pieces: str, square: str, *, to_move: Army = Army.RED) -> set[str]:
    state = position(pieces, to_move=to_move)
    return {m.notation for m in legal_moves(state) if m.start == parse_square(square)}


def test_the_lakes_are_the_two_blocks_in_the_middle_rows() -> None:
    names = ("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6")
    assert sorted(LAKES) == sorted(parse_square(name) for name in names)


def test_a_piece_steps_one_cell_along_a_row_or_column() -> None:
    assert moves_from("e2=T", "e2") == {"e2-e3", "e2-e1", "e2-d2", "e2-f2"}


def test_a_piece_never_enters_a_lake_nor_a_cell_held_by_its_own_army() -> None:
    assert moves_from("d4=T c4=N e4=B", "d4") == {"d4-d3"}


def test_bombs_and_the_flag_never_move() -> None:
    assert moves_from("e2=B", "e2") == set() and moves_from("", "a1") == set()
    with pytest.raises(IllegalTurn, match="The bomb on e2 moved: bombs and the flag never move"):
        apply(position("e2=B"), Move.parse("e2-e3"))


def test_a_scout_runs_over_empty_cells_and_may_attack_at_the_end_of_its_run() -> None:
    assert moves_from("a4=O a8=t", "a4") == {
        "a4-a3",
        "a4-a2",
        "a4-a5",
        "a4-a6",
        "a4-a7",
        "a4xa8",
    } | {f"a4-{c}4" for c in "bcdefghij"}


def test_a_scout_stops_at_a_lake_and_never_jumps_over_a_piece() -> None:
    assert moves_from("b5=O a5=T e5=t", "b5") == {
        "b5-b4",
        "b5-b3",
        "b5-b2",
        "b5-b1",
        "b5-b6",
        "b5-b7",
        "b5-b8",
        "b5-b9",
        "b5-b10",
    }
    with pytest.raises(IllegalTurn, match="cross the lake at c5"):
        apply(position("b5=O"), Move.parse("b5-e5"))
    with pytest.raises(IllegalTurn, match="jump over the piece on a5"):
        apply(position("a4=O a5=T"), Move.parse("a4-a6"))


def test_only_scouts_move_more_than_one_cell_and_nobody_moves_diagonally() -> None:
    with pytest.raises(IllegalTurn, match="only scouts move more than one cell"):
        apply(position("a4=T"), Move.parse("a4-a6"))
    with pytest.raises(IllegalTurn, match="never move diagonally"):
        apply(position("a4=O"), Move.parse("a4-b5"))


def test_a_player_moves_only_their_own_pieces_and_marks_attacks_with_x() -> None:
    with pytest.raises(IllegalTurn, match="It is red's turn, but the piece on e7 is blue"):
        apply(position("e7=t"), Move.parse("e7-e6"))
    with pytest.raises(IllegalTurn, match="written e4xe5"):
        apply(position("e4=T e5=t"), Move.parse("e4-e5"))
    with pytest.raises(IllegalTurn, match="e5 is empty, so e4-e5 is a move, not an attack"):
        apply(position("e4=T"), Move.parse("e4xe5"))


@pytest.mark.parametrize(
    ("attacker", "defender", "outcome"),
    [
        (Rank.CAPTAIN, Rank.LIEUTENANT, Outcome.ATTACKER_WINS),  # the higher rank wins
        (Rank.LIEUTENANT, Rank.CAPTAIN, Outcome.DEFENDER_WINS),
        (Rank.SERGEANT, Rank.SERGEANT, Outcome.BOTH_LEAVE),  # equal ranks both leave
        (Rank.SPY, Rank.MARSHAL, Outcome.ATTACKER_WINS),  # the spy beats the marshal...
        (Rank.MARSHAL, Rank.SPY, Outcome.ATTACKER_WINS),  # ... only when she attacks
        (Rank.SPY, Rank.GENERAL, Outcome.DEFENDER_WINS),
        (Rank.SCOUT, Rank.SPY, Outcome.ATTACKER_WINS),
        (Rank.MINER, Rank.BOMB, Outcome.ATTACKER_WINS),  # a miner defuses a bomb
        (Rank.MARSHAL, Rank.BOMB, Outcome.DEFENDER_WINS),  # anyone else is blown up
        (Rank.SCOUT, Rank.FLAG, Outcome.FLAG_TAKEN),
        (Rank.SPY, Rank.SPY, Outcome.BOTH_LEAVE),
    ],
)
def test_attacks_end_as_the_ranks_say(attacker: Rank, defender: Rank, outcome: Outcome) -> None:
    assert fight(attacker, defender) is outcome


def test_a_winning_attacker_takes_the_cell_and_a_winning_defender_stays() -> None:
    assert apply(position("e4=K e5=l"), Move.parse("e4xe5")).pieces_text == "a1=F e5=K j10=f"
    assert apply(position("e4=L e5=k"), Move.parse("e4xe5")).pieces_text == "a1=F e5=k j10=f"
    assert apply(position("e4=L e5=l"), Move.parse("e4xe5")).pieces_text == "a1=F j10=f"


def test_a_miner_takes_the_bomb_cell_and_a_bomb_stays_after_blowing_up_anyone_else() -> None:
    assert apply(position("e4=N e5=b"), Move.parse("e4xe5")).pieces_text == "a1=F e5=N j10=f"
    assert apply(position("e4=M e5=b"), Move.parse("e4xe5")).pieces_text == "a1=F e5=b j10=f"


def test_taking_the_flag_wins_the_game() -> None:
    game = game_from("j9=O")
    game = game.play(Move.parse("j9xj10"))
    assert game.result is not None and game.result.winner is Army.RED
    assert game.result.decided_by is DecidedBy.FLAG
    assert game.result.description == "Red wins: blue's flag is taken."
    with pytest.raises(IllegalTurn, match="The game is over"):
        game.play(Move.parse("j10-j9"))


def test_a_player_who_cannot_move_loses() -> None:
    stuck = position("b1=B a2=B e7=t", to_move=Army.RED)  # red has only its flag and bombs
    over = result(stuck)
    assert over is not None and over.winner is Army.BLUE and over.decided_by is DecidedBy.NO_MOVE
    assert result(position("e2=T e7=t")) is None
    assert result(stuck.hidden()) is None  # without red's ranks, nobody can tell


def test_a_player_held_by_the_two_square_rule_alone_cannot_move_and_loses() -> None:
    # Red's only movable piece is a sergeant walled in by its own bombs, with a2 and a3 to use.
    game = game_from("b2=B b3=B a4=B a2=T j7=t")
    for red, blue in (("a2-a3", "j7-j8"), ("a3-a2", "j8-i8"), ("a2-a3", "i8-i7")):
        game = game.play(Move.parse(red)).play(Move.parse(blue))
    assert game.state.to_move is Army.RED
    assert game.result is not None and game.result.decided_by is DecidedBy.NO_MOVE
