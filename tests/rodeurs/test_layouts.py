"""Rôdeurs boards and start positions: the classic layout, random layouts, hand-made files."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from generator.rodeurs.layouts import random_layout
from patrolkit import templates
from patrolkit.errors import LayoutError
from patrolkit.games.rodeurs import (
    Board,
    CellColour,
    Layout,
    PawnColour,
    Player,
    classic_layout,
    layout_from_toml,
    score,
)


def broken_rules(layout: Layout, mix: tuple[int, int, int]) -> list[str]:
    """Every rule of the layout broken, checked here from scratch on 9 x 7 grids of letters."""
    cells = [[layout.board.colours[r * 7 + c].value for c in range(7)] for r in range(9)]
    pawns = [[layout.start[r * 7 + c] for c in range(7)] for r in range(9)]
    problems = []
    for r in range(9):
        for c in range(7):
            cell, pawn, mirror_cell = cells[r][c], pawns[r][c], cells[8 - r][c]
            if r == 4 and cell != "-":
                problems.append(f"middle row cell {c} is {cell}")
            if r != 4 and cell not in "bw":
                problems.append(f"cell {r},{c} is {cell}")
            if r != 4 and {cell, mirror_cell} != {"b", "w"}:
                problems.append(f"cells {r},{c} and its mirror are {cell} and {mirror_cell}")
            if (cell == "-") != (pawn is None):
                problems.append(f"cell {r},{c} is {cell} and holds {pawn}")
            if pawn is not pawns[8 - r][c]:
                problems.append(f"pawn {r},{c} differs from its mirror")
    counts = Counter(p for row in pawns for p in row if p is not None)
    wanted = dict(zip(PawnColour, mix, strict=True))
    if counts != Counter({colour: n for colour, n in wanted.items() if n}):
        problems.append(f"mix {dict(counts)} is not {mix}")
    if Board.from_code(layout.board.code) != layout.board:
        problems.append("the board code does not give back the board")
    return problems


# -- the classic layout ---------------------------------------------------------------------------


def test_the_classic_layout_keeps_every_rule_with_the_default_mix() -> None:
    layout = classic_layout()
    assert broken_rules(layout, (16, 20, 20)) == []
    assert layout.name == "classic" and layout.seed is None and not layout.board.diagonal


def test_in_the_classic_start_each_half_holds_8_red_10_yellow_10_green() -> None:
    start = classic_layout().start
    for half in (range(0, 28), range(35, 63)):
        counts = Counter(start[sq] for sq in half)
        assert counts == {PawnColour.RED: 8, PawnColour.YELLOW: 10, PawnColour.GREEN: 10}


def test_in_the_classic_start_both_districts_of_a_half_hold_the_same_pawns() -> None:
    layout = classic_layout()
    for half in (range(0, 28), range(35, 63)):
        white = Counter(
            layout.start[sq] for sq in half if layout.board.colour(sq) is CellColour.WHITE
        )
        black = Counter(
            layout.start[sq] for sq in half if layout.board.colour(sq) is CellColour.BLACK
        )
        assert white == black


# -- random layouts -------------------------------------------------------------------------------


def test_a_thousand_random_layouts_keep_every_rule() -> None:
    for seed in range(1000):
        layout = random_layout(seed)
        assert broken_rules(layout, (16, 20, 20)) == [], seed
        assert layout.seed == seed and layout.name == "random"
        tallies = score(layout.state)
        assert tallies[Player.WHITE] == tallies[Player.BLACK]


def test_seeds_7_and_8_give_different_boards() -> None:
    assert random_layout(7).board != random_layout(8).board
    assert random_layout(7).board.code != random_layout(8).board.code


def test_the_same_seed_gives_the_same_layout() -> None:
    assert random_layout(7) == random_layout(7)
    assert random_layout(123456789) == random_layout(123456789)


def test_a_random_layout_is_fixed_for_good() -> None:
    # The board code and start of seed 7 are part of printed kits: they must never change.
    layout = random_layout(7)
    assert layout.board.code == "3D5M4L"
    assert layout.state.text.split()[0] == (
        "ygyrygg/ryyrgry/ygyrggr/ggygryr/......./ggygryr/ygyrggr/ryyrgry/ygyrygg"
    )


def test_random_layouts_differ_from_seed_to_seed() -> None:
    boards = {random_layout(seed).board for seed in range(200)}
    assert len(boards) == 200


@pytest.mark.parametrize("mix", [(0, 28, 28), (56, 0, 0), (0, 0, 56), (2, 26, 28), (20, 20, 16)])
def test_unusual_colour_mixes_work(mix: tuple[int, int, int]) -> None:
    for seed in range(20):
        assert broken_rules(random_layout(seed, mix=mix), mix) == []


def test_the_diagonal_option_travels_with_the_board() -> None:
    layout = random_layout(3, diagonal=True)
    assert layout.board.diagonal and Board.from_code(layout.board.code).diagonal
    assert layout.board.colours == random_layout(3).board.colours


@pytest.mark.parametrize(
    ("mix", "reason"),
    [
        ((15, 21, 20), "15 red pawns cannot be placed"),
        ((16, 19, 21), "19 yellow pawns cannot be placed"),
        ((-2, 30, 28), "cannot hold -2 red pawns"),
        ((16, 20, 22), "adds up to 58 pawns"),
        ((16, 20), "three whole numbers"),
        ((16.0, 20, 20), "three whole numbers"),
    ],
)
def test_an_impossible_colour_mix_is_refused(mix: Any, reason: str) -> None:
    with pytest.raises(LayoutError, match=reason):
        random_layout(1, mix=mix)


@pytest.mark.parametrize("seed", [-1, -1000])
def test_a_negative_seed_is_refused(seed: int) -> None:
    with pytest.raises(LayoutError, match=f"Seed {seed} is impossible"):
        random_layout(seed)


def test_a_seed_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(LayoutError, match="whole number"):
        random_layout("7")  # type: ignore[arg-type]


# -- hand-made layout files -----------------------------------------------------------------------

CLASSIC_FILE = templates.load("rodeurs")


def edited(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(CLASSIC_FILE)
    data.update(changes)
    return data


def with_letter(drawing: str, line: int, column: int, letter: str) -> list[str]:
    """The classic ``drawing`` with one letter changed (``line`` 0 is row 9)."""
    lines = list(CLASSIC_FILE[drawing])
    lines[line] = lines[line][:column] + letter + lines[line][column + 1 :]
    return lines


def test_the_template_is_the_classic_layout() -> None:
    assert layout_from_toml(CLASSIC_FILE, "anything") == classic_layout()


def test_a_hand_made_layout_may_write_its_drawings_as_text_blocks() -> None:
    data = edited(
        cells="\n".join(CLASSIC_FILE["cells"]),
        pawns="\n".join(CLASSIC_FILE["pawns"]) + "\n",
        diagonal=True,
    )
    del data["name"]
    layout = layout_from_toml(data, "my board")
    assert layout.name == "my board" and layout.board.diagonal
    assert layout.start == classic_layout().start


def test_a_hand_made_layout_may_use_its_own_fair_board() -> None:
    cells = ["wwwwwww"] * 4 + ["-------"] + ["bbbbbbb"] * 4
    pawns = ["rrrrrrr", "yyyyyyy", "ggggggg", "yyyyyyy", "......."]
    pawns += ["yyyyyyy", "ggggggg", "yyyyyyy", "rrrrrrr"]
    layout = layout_from_toml({"cells": cells, "pawns": pawns}, "stripes")
    assert layout.mix == {PawnColour.RED: 14, PawnColour.YELLOW: 28, PawnColour.GREEN: 14}


VIOLATIONS = {
    "wrong number of lines": (edited(cells=CLASSIC_FILE["cells"][:8]), "has 8 lines"),
    "wrong line length": (edited(pawns=with_letter("pawns", 2, 6, "yy")), "has 8 letters"),
    "not a list": (edited(cells=42), "list of 9 strings"),
    "unknown cell letter": (edited(cells=with_letter("cells", 0, 0, "x")), "drawn 'x'"),
    "unknown pawn letter": (edited(pawns=with_letter("pawns", 0, 0, "b")), "drawn 'b'"),
    "grey outside the middle row": (
        edited(cells=with_letter("cells", 0, 0, "-")),
        "a9 is grey, but only the middle row",
    ),
    "middle row not grey": (
        edited(cells=with_letter("cells", 4, 3, "w")),
        "d5 is in the middle row, which must be grey",
    ),
    "mirror colours not opposite": (
        edited(cells=with_letter("cells", 8, 0, "b")),
        "a1 and a9 mirror each other .* one must be black and the other white",
    ),
    "black or white cell without a pawn": (
        edited(pawns=with_letter("pawns", 8, 2, ".")),
        "c1 is black or white and must hold a pawn",
    ),
    "pawn on grey": (edited(pawns=with_letter("pawns", 4, 6, "r")), "g5 is grey and must start"),
    "pawns not mirror-symmetric": (
        edited(pawns=with_letter("pawns", 0, 0, "r")),
        "a1 and a9 mirror each other .* same colour",
    ),
    "diagonal not a boolean": (edited(diagonal="yes"), "'diagonal' must be true or false"),
    "name not text": (edited(name=3), "'name' must be some text"),
    "missing pawns": ({"cells": CLASSIC_FILE["cells"]}, "no 'pawns' drawing"),
    "unknown entry": (edited(diagonals=True), "unknown entry 'diagonals'"),
}


@pytest.mark.parametrize("case", VIOLATIONS, ids=str)
def test_each_broken_rule_of_a_hand_made_layout_is_named(case: str) -> None:
    data, reason = VIOLATIONS[case]
    with pytest.raises(LayoutError, match=reason):
        layout_from_toml(data, "hand-made")


def test_every_broken_rule_gets_its_own_sentence() -> None:
    sentences = set()
    for data, _ in VIOLATIONS.values():
        with pytest.raises(LayoutError) as caught:
            layout_from_toml(data, "hand-made")
        sentence = str(caught.value)
        assert sentence.endswith(".") and sentence.count(". ") == 0
        sentences.add(sentence)
    assert len(sentences) == len(VIOLATIONS)
