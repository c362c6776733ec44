"""Stratego's board: squares, their names, the two lakes, neighbours and straight runs.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

The board has 10 columns (``a``..``j``) and 10 rows (``1``..``10``); red sets up on rows ``1`` to
``4`` and blue on rows ``7`` to ``10``. A *square* is an index ``row * 10 + column`` with row 0 =
row ``1``. The lakes are the two 2 x 2 blocks on rows ``5``-``6``, columns ``c``-``d`` and
``g``-``h``: no piece ever stands on or crosses them.
"""

from __future__ import annotations

from itertools import pairwise

from patrolkit.errors import NotationError
from patrolkit.i18n import _

COLUMNS = 10
ROWS = 10
SQUARES = COLUMNS * ROWS
COLUMN_NAMES = "abcdefghij"

DIRECTIONS = ((0, 1), (0, -1), (-1, 0), (1, 0))
"""The four straight directions as (column step, row step): up, down, left, right."""


def square(column: int, row: int) -> int:
    """The square at ``column`` and ``row`` (both from 0)."""
    return row * COLUMNS + column


def column_of(sq: int) -> int:
    return sq % COLUMNS


def row_of(sq: int) -> int:
    return sq // COLUMNS


def square_name(sq: int) -> str:
    """``a1`` for square 0, ``j10`` for square 99.

    >>> square_name(0), square_name(99), square_name(square(4, 3))
    ('a1', 'j10', 'e4')
    """
    return f"{COLUMN_NAMES[column_of(sq)]}{row_of(sq) + 1}"


def parse_square(name: str) -> int:
    """The square called ``name`` (``a1``..``j10``); raises :class:`NotationError` otherwise.

    >>> parse_square("e4"), parse_square("j10")
    (34, 99)
    """
    if len(name) in (2, 3) and name[0] in COLUMN_NAMES and name[1:].isdigit():
        row = int(name[1:])
        if 1 <= row <= ROWS and name[1] != "0":
            return square(COLUMN_NAMES.index(name[0]), row - 1)
    raise NotationError(
        _("'{name}' is not a square: columns run a to j and rows 1 to 10.").format(name=name)
    )


LAKES = frozenset(square(c, r) for r in (4, 5) for c in (2, 3, 6, 7))
"""The eight lake squares: c5, d5, c6, d6 and g5, h5, g6, h6."""


def is_lake(sq: int) -> bool:
    return sq in LAKES


def _ray(sq: int, dc: int, dr: int) -> tuple[int, ...]:
    cells = []
    c, r = column_of(sq) + dc, row_of(sq) + dr
    while 0 <= c < COLUMNS and 0 <= r < ROWS and square(c, r) not in LAKES:
        cells.append(square(c, r))
        c, r = c + dc, r + dr
    return tuple(cells)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in (_ray(sq, dc, dr) for dc, dr in DIRECTIONS) if ray)
    for sq in range(SQUARES)
)
"""For each square, the squares in each direction up to the edge or a lake, nearest first."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[sq]) for sq in range(SQUARES)
)
"""For each square, the squares next to it along a row or column, lakes left out."""


def are_neighbours(first: int, second: int) -> bool:
    return second in NEIGHBOURS[first]


def between(start: int, end: int) -> tuple[int, ...] | None:
    """The squares strictly between ``start`` and ``end`` on one row or column, or ``None`` when
    they share neither a row nor a column."""
    if start == end:
        return None
    if row_of(start) == row_of(end):
        step = 1 if end > start else -1
    elif column_of(start) == column_of(end):
        step = COLUMNS if end > start else -COLUMNS
    else:
        return None
    return tuple(range(start + step, end, step))


def boundaries(start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The cell boundaries a straight run from ``start`` to ``end`` crosses, each as the pair of
    squares on either side (smaller first)."""
    path = between(start, end)
    if path is None:
        return ()
    cells = (start, *path, end)
    return tuple((min(a, b), max(a, b)) for a, b in pairwise(cells))
