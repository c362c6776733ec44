"""Seeded random Rôdeurs layouts: a board colouring and a start position that keep every rule.

Pure standard library: the same seed gives the same layout on every machine.
"""

from __future__ import annotations

import random

from generator.seeds import check_seed
from patrolkit.errors import LayoutError
from patrolkit.games.rodeurs import (
    COLUMNS,
    MIDDLE_ROW,
    SQUARES,
    Board,
    CellColour,
    Layout,
    PawnColour,
    mirror,
)

DEFAULT_MIX = (16, 20, 20)
"""Red, yellow and green pawns in the default start position."""
PAWNS = SQUARES - COLUMNS
"""Pawns in a start position: one on every black and white cell."""
_HALF = MIDDLE_ROW * COLUMNS


def random_layout(
    seed: int, *, mix: tuple[int, int, int] = DEFAULT_MIX, diagonal: bool = False
) -> Layout:
    """A random board and start position, the same for the same ``seed``.

    Rows 1 to 4 get random black and white cells and the ``mix`` (red, yellow, green) halved and
    shuffled; rows 6 to 9 mirror them, colours swapped on the cells and kept on the pawns. Raises
    :class:`LayoutError` for a negative seed or a mix that cannot fill the board.
    """
    check_seed(seed, "layout")
    check_mix(mix)
    rng = random.Random(seed)
    lower = [rng.choice((CellColour.BLACK, CellColour.WHITE)) for _ in range(_HALF)]
    board = Board.from_lower_half(lower, diagonal=diagonal)
    red, yellow, green = mix
    half = (
        [PawnColour.RED] * (red // 2)
        + [PawnColour.YELLOW] * (yellow // 2)
        + [PawnColour.GREEN] * (green // 2)
    )
    rng.shuffle(half)
    pawns: list[PawnColour | None] = [None] * SQUARES
    for sq, pawn in enumerate(half):
        pawns[sq] = pawns[mirror(sq)] = pawn
    return Layout(board, tuple(pawns), name="random", seed=seed)


def check_mix(mix: tuple[int, int, int]) -> None:
    """Raise :class:`LayoutError` unless ``mix`` (red, yellow, green) can fill a start position."""
    names = ("red", "yellow", "green")
    if (
        not isinstance(mix, tuple | list)
        or len(mix) != 3
        or any(isinstance(n, bool) or not isinstance(n, int) for n in mix)
    ):
        raise LayoutError(f"A colour mix is three whole numbers (red, yellow, green), not {mix!r}.")
    for count, name in zip(mix, names, strict=True):
        if count < 0:
            raise LayoutError(f"A colour mix cannot hold {count} {name} pawns.")
    for count, name in zip(mix, names, strict=True):
        if count % 2:
            raise LayoutError(
                f"{count} {name} pawns cannot be placed: the start position mirrors across the"
                " middle row, so each colour count must be even."
            )
    if sum(mix) != PAWNS:
        raise LayoutError(
            f"The colour mix adds up to {sum(mix)} pawns, but the start position needs"
            f" {PAWNS}, one on every black and white cell."
        )
