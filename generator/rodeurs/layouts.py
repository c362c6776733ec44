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
from patrolkit.i18n import _

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
    if (
        not isinstance(mix, tuple | list)
        or len(mix) != 3
        or any(isinstance(n, bool) or not isinstance(n, int) for n in mix)
    ):
        raise LayoutError(
            _("A colour mix is three whole numbers (red, yellow, green), not {mix}.").format(
                mix=repr(mix)
            )
        )
    for count, colour in zip(mix, _MIX_ORDER, strict=True):
        if count < 0:
            raise LayoutError(_negative(colour).format(count=count))
    for count, colour in zip(mix, _MIX_ORDER, strict=True):
        if count % 2:
            raise LayoutError(_odd(colour).format(count=count))
    if sum(mix) != PAWNS:
        raise LayoutError(
            _(
                "The colour mix adds up to {count} pawns, but the start position needs {needed},"
                " one on every black and white cell."
            ).format(count=sum(mix), needed=PAWNS)
        )


_MIX_ORDER = (PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN)


def _negative(colour: PawnColour) -> str:
    if colour is PawnColour.RED:
        return _("A colour mix cannot hold {count} red pawns.")
    if colour is PawnColour.YELLOW:
        return _("A colour mix cannot hold {count} yellow pawns.")
    return _("A colour mix cannot hold {count} green pawns.")


def _odd(colour: PawnColour) -> str:
    if colour is PawnColour.RED:
        return _(
            "{count} red pawns cannot be placed: the start position mirrors across the middle"
            " row, so each colour count must be even."
        )
    if colour is PawnColour.YELLOW:
        return _(
            "{count} yellow pawns cannot be placed: the start position mirrors across the middle"
            " row, so each colour count must be even."
        )
    return _(
        "{count} green pawns cannot be placed: the start position mirrors across the middle"
        " row, so each colour count must be even."
    )
