"""The rules sheet's jump pictures show turns the rules engine accepts, and each arrow's head
points into the cell its pawn lands on, not a neighbour."""

from __future__ import annotations

import itertools
import math

import pytest

from generator.rodeurs.diagrams import Picture, arrow_tip
from generator.rodeurs.rules_sheet import (
    DIAGONAL_AFTER,
    DIAGONAL_BEFORE,
    JUMP_AFTER,
    JUMP_BEFORE,
    MULTI_AFTER,
    MULTI_BEFORE,
    TWO_AFTER,
    TWO_BEFORE,
)
from patrolkit.games.rodeurs import (
    COLUMN_NAMES,
    Board,
    CellColour,
    Player,
    State,
    format_turn,
    validate,
)

FIGURES = {
    "figure 1": (JUMP_BEFORE, JUMP_AFTER, False),
    "figure 2": (MULTI_BEFORE, MULTI_AFTER, False),
    "figure 3": (TWO_BEFORE, TWO_AFTER, False),
    "figure 5": (DIAGONAL_BEFORE, DIAGONAL_AFTER, True),
}


def _cell_name(picture: Picture, cell: tuple[int, int]) -> str:
    """The board square a picture cell stands for: the picture laid in the board's bottom-left
    corner (its bottom row on row 1)."""
    column, row = cell
    return f"{COLUMN_NAMES[column]}{picture.rows - row}"


def _state(picture: Picture, diagonal: bool) -> State:
    board = Board.from_lower_half(
        [
            CellColour.BLACK if (c + r) % 2 == 0 else CellColour.WHITE
            for r in range(4)
            for c in range(7)
        ],
        diagonal=diagonal,
    )
    pawns = " ".join(
        f"{_cell_name(picture, cell)}={pawn.value.lower()}" for cell, pawn in picture.pawns.items()
    )
    return State.from_pawns(pawns, board=board, to_move=Player.WHITE)


@pytest.mark.parametrize("figure", list(FIGURES))
def test_each_figure_is_a_turn_the_rules_engine_accepts(figure: str) -> None:
    before, after, diagonal = FIGURES[figure]
    start = _state(before, diagonal)
    turn = validate(start, _state(after, diagonal), check_mover=False)
    drawn = {"x".join(_cell_name(before, cell) for cell in path) for path in before.paths}
    assert set(format_turn(start, turn).split()) == drawn
    jumped = {_cell_name(before, cell) for cell in after.ghosts}
    assert len(jumped) == sum(len(path) - 1 for path in before.paths)


@pytest.mark.parametrize("figure", list(FIGURES))
def test_every_arrow_points_into_its_landing_cell(figure: str) -> None:
    picture = FIGURES[figure][0]
    cell = 6.2
    for path in picture.paths:
        for start, end in itertools.pairwise(path):
            tip = arrow_tip(0.0, 0.0, cell, start, end)
            centres = {
                (c, r): ((c + 0.5) * cell, (r + 0.5) * cell)
                for c in range(picture.columns)
                for r in range(picture.rows)
            }
            nearest = min(centres, key=lambda k: math.dist(centres[k], tip))
            assert nearest == end, f"{figure}: the arrow to {end} points at {nearest}"
            assert math.dist(centres[end], tip) < 0.25 * cell
