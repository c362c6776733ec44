"""Rôdeurs board: squares and their names, cell colours, and boards with their codes.

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

* The board has 7 columns (``a``..``g``) and 9 rows (``1``..``9``). A *square* is an index
  ``row * 7 + column`` with row 0 = row ``1``, printed at the bottom of the board sheet.
* The middle row (row ``5``) is grey; every other cell is black or white, and the cell mirrored
  across the middle row has the opposite colour. A :class:`Board` is one such colouring plus the
  jump option (orthogonal only, or diagonal too).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.codes import BASE36
from patrolkit.errors import LayoutError, NotationError
from patrolkit.i18n import _

COLUMNS = 7
ROWS = 9
SQUARES = COLUMNS * ROWS
MIDDLE_ROW = ROWS // 2
"""Index of the grey row (row ``5``)."""
COLUMN_NAMES = "abcdefg"
CODE_LENGTH = 6
"""Characters in a board code: 28 colour bits and the diagonal bit, in base 36."""
_HALF = MIDDLE_ROW * COLUMNS  # cells in rows 1-4


class CellColour(Enum):
    """The colour of a board cell; its value is its letter in a layout drawing."""

    BLACK = "b"
    WHITE = "w"
    GREY = "-"


def square(column: int, row: int) -> int:
    """The square at ``column`` (0 = ``a``) and ``row`` (0 = row ``1``)."""
    if not (0 <= column < COLUMNS and 0 <= row < ROWS):
        raise ValueError(f"no square at column {column}, row {row}")
    return row * COLUMNS + column


def column_of(sq: int) -> int:
    return sq % COLUMNS


def row_of(sq: int) -> int:
    return sq // COLUMNS


def mirror(sq: int) -> int:
    """The square mirrored across the grey middle row."""
    return square(column_of(sq), ROWS - 1 - row_of(sq))


def square_name(sq: int) -> str:
    """``0`` -> ``'a1'``, ``62`` -> ``'g9'``."""
    return f"{COLUMN_NAMES[column_of(sq)]}{row_of(sq) + 1}"


def parse_square(name: str) -> int:
    """``'a1'`` -> ``0``; raises :class:`NotationError` for anything that is not a square."""
    if len(name) != 2 or name[0] not in COLUMN_NAMES or not "1" <= name[1] <= str(ROWS):
        raise NotationError(
            _("'{name}' is not a square of the board (a1 to g9).").format(name=name)
        )
    return square(COLUMN_NAMES.index(name[0]), int(name[1]) - 1)


@dataclass(frozen=True)
class Board:
    """A board: the colour of each of the 63 cells, and whether diagonal jumps are allowed."""

    colours: tuple[CellColour, ...]
    diagonal: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", tuple(self.colours))
        check_board(self.colours)

    def colour(self, sq: int) -> CellColour:
        return self.colours[sq]

    @property
    def code(self) -> str:
        """Six base-36 characters holding the whole board (printed in its fiducials)."""
        value = sum(1 << i for i in range(_HALF) if self.colours[i] is CellColour.WHITE)
        value |= int(self.diagonal) << _HALF
        digits = []
        for _digit in range(CODE_LENGTH):
            value, digit = divmod(value, 36)
            digits.append(BASE36[digit])
        return "".join(reversed(digits))

    @classmethod
    def from_code(cls, code: str) -> Board:
        """The board whose :attr:`code` is ``code``."""
        if len(code) != CODE_LENGTH or any(ch not in BASE36 for ch in code.upper()):
            raise NotationError(
                _("'{code}' is not a board code (six letters or digits).").format(code=code)
            )
        value = 0
        for ch in code.upper():
            value = value * 36 + BASE36.index(ch)
        if value >> (_HALF + 1):
            raise NotationError(_("'{code}' is not a board code (out of range).").format(code=code))
        lower = [CellColour.WHITE if value >> i & 1 else CellColour.BLACK for i in range(_HALF)]
        return cls.from_lower_half(lower, diagonal=bool(value >> _HALF & 1))

    @classmethod
    def from_lower_half(cls, lower: list[CellColour], *, diagonal: bool = False) -> Board:
        """The board whose rows 1-4 are ``lower`` (28 cells); the rest follows by the rules."""
        if len(lower) != _HALF:
            raise LayoutError(
                _("The lower half of a board has {cells} cells, not {count}.").format(
                    cells=_HALF, count=len(lower)
                )
            )
        colours = list(lower) + [CellColour.GREY] * COLUMNS + [CellColour.GREY] * _HALF
        for sq in range(_HALF):
            colours[mirror(sq)] = _opposite(lower[sq])
        return cls(tuple(colours), diagonal)

    @classmethod
    def from_drawing(cls, drawing: str, *, diagonal: bool = False) -> Board:
        """A board from 9 lines of 7 letters ``b``/``w``/``-``, row ``9`` first (as printed)."""
        rows = drawing.split()
        if len(rows) != ROWS or any(len(r) != COLUMNS for r in rows):
            raise LayoutError(
                _("A board drawing has {rows} lines of {columns} cells.").format(
                    rows=ROWS, columns=COLUMNS
                )
            )
        try:
            colours = [CellColour(ch) for r in reversed(rows) for ch in r]
        except ValueError:
            raise LayoutError(_("A board drawing uses only the letters b, w and -.")) from None
        return cls(tuple(colours), diagonal)

    def drawing(self) -> str:
        """The inverse of :meth:`from_drawing`."""
        rows = [
            "".join(self.colours[square(c, r)].value for c in range(COLUMNS))
            for r in reversed(range(ROWS))
        ]
        return "\n".join(rows)


def _opposite(colour: CellColour) -> CellColour:
    if colour is CellColour.WHITE:
        return CellColour.BLACK
    if colour is CellColour.BLACK:
        return CellColour.WHITE
    raise LayoutError(_("Only the middle row of a board is grey."))


def check_board(colours: tuple[CellColour, ...]) -> None:
    """Raise :class:`LayoutError` naming the first board rule ``colours`` breaks."""
    if len(colours) != SQUARES:
        raise LayoutError(
            _("A board has {cells} cells (7 x 9), not {count}.").format(
                cells=SQUARES, count=len(colours)
            )
        )
    for sq, colour in enumerate(colours):
        row = row_of(sq)
        if row == MIDDLE_ROW and colour is not CellColour.GREY:
            raise LayoutError(
                _("Cell {cell} is in the middle row, which must be grey.").format(
                    cell=square_name(sq)
                )
            )
        if row != MIDDLE_ROW and colour is CellColour.GREY:
            raise LayoutError(
                _("Cell {cell} is grey, but only the middle row may be.").format(
                    cell=square_name(sq)
                )
            )
        if row < MIDDLE_ROW and colours[mirror(sq)] is colour:
            raise LayoutError(
                _(
                    "Cells {cell} and {mirror} mirror each other across the middle row, so one"
                    " must be black and the other white."
                ).format(cell=square_name(sq), mirror=square_name(mirror(sq)))
            )
