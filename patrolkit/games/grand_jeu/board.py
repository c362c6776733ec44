"""Le grand jeu des patrouilles: cells and the 8 directions.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

A *cell* is the integer ``row * 16 + column`` (row 0 is row ``1``, column 0 is column ``a``): the
same numbering on the 8 x 8 and the 10 x 10 board, so a cell's name (``d4``) never depends on the
board, and a step in a direction is always the same number added. A :class:`Direction` is one of
8 (4 sides, 4 corners), named like a compass with north towards the last row of the board.
"""

from __future__ import annotations

from enum import Enum

from patrolkit.errors import NotationError
from patrolkit.i18n import _

STRIDE = 16
"""Cells are numbered ``row * STRIDE + column`` on every board."""
COLUMN_LETTERS = "abcdefghij"


def cell(column: int, row: int) -> int:
    """The cell in ``column`` and ``row`` (both from 0)."""
    return row * STRIDE + column


def column_of(c: int) -> int:
    return c % STRIDE


def row_of(c: int) -> int:
    return c // STRIDE


def on_board(c: int, size: int) -> bool:
    return c >= 0 and c % STRIDE < size and c // STRIDE < size


def cell_name(c: int) -> str:
    """The name of a cell, like ``d4``.

    >>> cell_name(cell(3, 3)), cell_name(cell(9, 9))
    ('d4', 'j10')
    """
    return f"{COLUMN_LETTERS[column_of(c)]}{row_of(c) + 1}"


def parse_cell(text: str, size: int = 10) -> int:
    """The cell named ``text`` on a board of ``size`` x ``size``; the inverse of :func:`cell_name`.

    >>> parse_cell("d4") == cell(3, 3)
    True
    >>> parse_cell("i2", 8)
    Traceback (most recent call last):
    ...
    patrolkit.errors.NotationError: There is no cell 'i2' on an 8 x 8 board.
    """
    name = text.strip().lower()
    letter, digits = name[:1], name[1:]
    if letter and letter in COLUMN_LETTERS and digits.isdigit():
        c = cell(COLUMN_LETTERS.index(letter), int(digits) - 1)
        if int(digits) >= 1 and on_board(c, size):
            return c
    raise NotationError(
        _("There is no cell '{text}' on an {size} x {size} board.").format(text=text, size=size)
    )


def neighbours(c: int, size: int) -> tuple[int, ...]:
    """The up to 8 cells around ``c`` (sides and corners)."""
    return _NEIGHBOURS[size][c]


def _neighbour_table(size: int) -> dict[int, tuple[int, ...]]:
    table = {}
    for row in range(size):
        for column in range(size):
            table[cell(column, row)] = tuple(
                cell(column + dc, row + dr)
                for dc, dr in ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
                if 0 <= column + dc < size and 0 <= row + dr < size
            )
    return table


_NEIGHBOURS = {8: _neighbour_table(8), 10: _neighbour_table(10)}


class Direction(Enum):
    """One of the 8 directions of a scout's blue arrow; north points towards the last row."""

    N = "n"
    NE = "ne"
    E = "e"
    SE = "se"
    S = "s"
    SW = "sw"
    W = "w"
    NW = "nw"

    @property
    def index(self) -> int:
        """0 for north, then clockwise in eighths of a turn."""
        return _DIRECTION_INDEX[self]

    @property
    def degrees(self) -> int:
        """Clockwise from north: 0, 45, ..., 315."""
        return 45 * self.index

    @property
    def step(self) -> int:
        """What to add to a cell to reach its neighbour in this direction."""
        return _STEPS[self.index]

    def turned(self, eighths: int) -> Direction:
        """This direction turned ``eighths`` eighths of a turn clockwise (negative: anticlockwise).

        >>> Direction.N.turned(3), Direction.N.turned(-1)
        (<Direction.SE: 'se'>, <Direction.NW: 'nw'>)
        """
        return DIRECTIONS[(self.index + eighths) % 8]

    @classmethod
    def from_degrees(cls, degrees: float) -> Direction:
        """The direction nearest to ``degrees`` clockwise from north."""
        return DIRECTIONS[round(degrees / 45) % 8]

    @classmethod
    def parse(cls, text: str) -> Direction:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise NotationError(
                _("'{text}' is not a direction (n, ne, e, se, s, sw, w or nw).").format(text=text)
            ) from None


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
_STEPS = (STRIDE, STRIDE + 1, 1, 1 - STRIDE, -STRIDE, -STRIDE - 1, -1, STRIDE - 1)


def step_to(start: int, end: int) -> Direction | None:
    """The direction from ``start`` to its neighbour ``end`` (``None`` if not neighbours)."""
    dc, dr = column_of(end) - column_of(start), row_of(end) - row_of(start)
    if max(abs(dc), abs(dr)) != 1:
        return None
    return DIRECTIONS[_STEPS.index(dr * STRIDE + dc)]
