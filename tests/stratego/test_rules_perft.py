"""Stratego legal move counts: fixed in tests/data/stratego, and a second, deliberately simple
generator working on the letters of the text form."""

from __future__ import annotations

import pytest

from patrolkit.games.stratego import State, apply, legal_moves, state_from_strados
from tests.stratego.helpers import PERFT, YORKTOWN

# -- a second generator: a grid of letters, copied for every move ----------------------------

STRENGTH = {letter: value for value, letter in enumerate("SONTLKJCGM", start=1)}
"""Rank letters from the spy (1) to the marshal (10); bombs and flags are not in it."""


def simple_fight(attacker: str, defender: str) -> str:
    """What stands on the defender's cell afterwards: the attacker, the defender, or '.'."""
    a, d = attacker.upper(), defender.upper()
    if d == "F":
        return attacker
    if d == "B":
        return attacker if a == "N" else defender
    if a == "S" and d == "M":
        return attacker
    if a == d:
        return "."
    return attacker if STRENGTH[a] > STRENGTH[d] else defender


def simple_moves(text: str) -> list[tuple[str, str]]:
    """Every move of the army to move as (notation, rows after), by brute force on letters."""
    rows, mover = text.split()[:2]
    grid = [list(row) for row in reversed(rows.split("/"))]  # grid[0] is row 1
    mine = str.isupper if mover == "r" else str.islower
    found = []
    for r in range(10):
        for c in range(10):
            letter = grid[r][c]
            if letter in ".~" or not mine(letter) or letter.upper() in "BF":
                continue
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                rr, cc = r + dr, c + dc
                while 0 <= rr < 10 and 0 <= cc < 10 and grid[rr][cc] != "~":
                    target = grid[rr][cc]
                    if target != "." and mine(target):
                        break
                    after = [row[:] for row in grid]
                    after[r][c] = "."
                    after[rr][cc] = letter if target == "." else simple_fight(letter, target)
                    mark = "-" if target == "." else "x"
                    name = f"{'abcdefghij'[c]}{r + 1}{mark}{'abcdefghij'[cc]}{rr + 1}"
                    found.append((name, "/".join("".join(row) for row in reversed(after))))
                    if target != "." or letter.upper() != "O":
                        break
                    rr, cc = rr + dr, cc + dc
    return found


def simple_perft(text: str, depth: int) -> int:
    """How many move sequences of ``depth`` moves the simple generator finds."""
    if depth == 0:
        return 1
    mover = text.split()[1]
    following = "b" if mover == "r" else "r"
    return sum(simple_perft(f"{rows} {following}", depth - 1) for _, rows in simple_moves(text))


def engine_perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(engine_perft(apply(state, move), depth - 1) for move in legal_moves(state))


def test_the_yorktown_test_position_has_exactly_the_ten_moves_other_engines_find() -> None:
    state = state_from_strados(YORKTOWN)
    found = {move.notation.replace("-", "").replace("x", "") for move in legal_moves(state)}
    assert found == {
        *("a4a5", "a4a6", "a4a7", "b4b5", "e4e5"),
        *("f4f5", "i4i5", "i4i6", "i4i7", "j4j5"),
    }
    assert [move.notation for move in legal_moves(state) if move.attack] == ["a4xa7", "i4xi7"]


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_legal_move_counts_match_the_recorded_perft(entry: dict[str, object]) -> None:
    state = State.from_text(str(entry["text"]))
    counts = entry["counts"]
    assert isinstance(counts, list)
    for depth, count in enumerate(counts, start=1):
        assert engine_perft(state, depth) == count


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_a_simple_generator_finds_the_same_moves_and_positions(entry: dict[str, object]) -> None:
    state = State.from_text(str(entry["text"]))
    engine = {(move.notation, apply(state, move).text.split()[0]) for move in legal_moves(state)}
    assert set(simple_moves(state.text)) == engine
    counts = entry["counts"]
    assert isinstance(counts, list)
    assert simple_perft(state.text, len(counts)) == counts[-1]
