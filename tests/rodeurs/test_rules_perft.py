"""Rôdeurs legal turn counts: fixed in tests/data, and a second, deliberately simple generator."""

from __future__ import annotations

import pytest

from patrolkit.games.rodeurs import (
    Board,
    State,
    apply,
    legal_turns,
    pawn_rows,
)
from tests.rodeurs.helpers import (
    PERFT,
)

# -- perft: counts fixed in tests/data, and a second, deliberately simple generator ----------


def simple_turns(text: str) -> set[str]:
    """Every pawn layout one turn can reach, by brute force on a grid of letters.

    Written independently of the engine: copy the grid for every jump, and recurse.
    """
    rows, _, phase, code = text.split()
    grid = [list(row) for row in rows.split("/")]  # grid[0] is row 9
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if Board.from_code(code).diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]

    def single_jumps(g: list[list[str]]) -> list[tuple[int, int, int, int]]:
        found = []
        for r in range(9):
            for c in range(7):
                for dr, dc in steps:
                    if not (0 <= r + 2 * dr < 9 and 0 <= c + 2 * dc < 7):
                        continue
                    over, land = g[r + dr][c + dc], g[r + 2 * dr][c + 2 * dc]
                    if g[r][c] != "." and over != "." and land == ".":
                        found.append((r, c, dr, dc))
        return found

    def jump(g: list[list[str]], r: int, c: int, dr: int, dc: int) -> list[list[str]]:
        new = [row[:] for row in g]
        new[r + 2 * dr][c + 2 * dc] = new[r][c]
        new[r][c] = new[r + dr][c + dc] = "."
        return new

    def key(g: list[list[str]]) -> str:
        return "/".join("".join(row) for row in g)

    reached: set[str] = set()

    def one_pawn_on(g: list[list[str]], r: int, c: int) -> None:
        for dr, dc in steps:
            if (r, c, dr, dc) in single_jumps(g):
                after = jump(g, r, c, dr, dc)
                reached.add(key(after))
                one_pawn_on(after, r + 2 * dr, c + 2 * dc)

    for r, c, dr, dc in single_jumps(grid):
        first = jump(grid, r, c, dr, dc)
        reached.add(key(first))
        if phase == "o":
            continue
        for second in single_jumps(first):
            reached.add(key(jump(first, *second)))
        one_pawn_on(first, r + 2 * dr, c + 2 * dc)
    return reached


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_legal_turn_counts_match_the_recorded_perft(entry: dict[str, object]) -> None:
    assert len(legal_turns(State.from_text(str(entry["text"])))) == entry["turns"]


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_a_simple_brute_force_generator_reaches_the_same_positions(
    entry: dict[str, object],
) -> None:
    state = State.from_text(str(entry["text"]))
    engine = {pawn_rows(apply(state, turn).pawns) for turn in legal_turns(state)}
    assert simple_turns(state.text) == engine
    assert len(engine) == entry["turns"]


def test_the_positions_after_two_turns_match_the_recorded_perft_and_the_simple_generator() -> None:
    start = State.from_text(PERFT["depth2"]["text"])
    engine = set()
    simple = set()
    for turn in legal_turns(start):
        middle = apply(start, turn)
        engine |= {apply(middle, reply).pawns for reply in legal_turns(middle)}
        simple |= simple_turns(middle.text)
    assert len(engine) == len(simple) == PERFT["depth2"]["positions"]
    assert {pawn_rows(pawns) for pawns in engine} == simple
