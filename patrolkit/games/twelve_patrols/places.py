"""12 Patrols places: the kingdom's positions and slots, their names, and each requirement's scope.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

Positions are ``(row, column)`` with row 0 at the top. A player names them ``top left``,
``centre``, ``bottom right``…; the notation writes them in two letters, the row (``t``, ``m``,
``b``) then the column (``l``, ``c``, ``r``): ``tl``, ``mc``, ``br``. A slot is written as its
two positions joined by ``-``, the upper or left one first: ``tl-tc``, ``tc-mc``.
"""

from __future__ import annotations

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.twelve_patrols.model import (
    SIZE,
    SLOTS,
    Item,
    Position,
    Side,
    Slot,
)
from patrolkit.i18n import N_, _

POSITIONS: tuple[Position, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))
"""The nine positions, row by row from the top left."""
Patrol = tuple[Item, ...]
"""The items of one patrol, sorted; an empty tuple is an empty slot."""

PLACE_NAMES = (
    (N_("top left"), N_("top centre"), N_("top right")),
    (N_("middle left"), N_("centre"), N_("middle right")),
    (N_("bottom left"), N_("bottom centre"), N_("bottom right")),
)
"""Each position's name, row by row (translated where it is said: :func:`place_name`)."""
ROW_NAMES = (N_("top row"), N_("middle row"), N_("bottom row"))
COLUMN_NAMES = (N_("left column"), N_("centre column"), N_("right column"))


def place_name(position: Position) -> str:
    """A position as a player says it: ``top left``, ``centre``, ``bottom right``."""
    row, column = position
    return _(PLACE_NAMES[row][column])


def line_name(kind: str, index: int) -> str:
    """A full line as a player says it: ``the top row``, ``the left column``."""
    name = ROW_NAMES[index] if kind == "row" else COLUMN_NAMES[index]
    return _(name)


def check_position(position: Position) -> Position:
    """``position`` as a tuple, or :class:`IllegalTurn` if it is off the 3 x 3 kingdom."""
    try:
        row, column = position
    except (TypeError, ValueError):
        raise IllegalTurn(
            _("{position!r} is not a position (row and column, 0 to 2).").format(position=position)
        ) from None
    if not (isinstance(row, int) and isinstance(column, int)) or not (
        0 <= row < SIZE and 0 <= column < SIZE
    ):
        raise IllegalTurn(
            _(
                "There is no position at row {row}, column {column}: the kingdom is 3 cards by 3."
            ).format(row=row, column=column)
        )
    return (row, column)


def scope(position: Position, side: Side) -> tuple[Slot, ...]:
    """The slots a requirement on ``side`` of the card at ``position`` applies to.

    Every slot on that side of the card within its row (east, west) or column (north, south):
    two, one or none (the kingdom's outer edge, where requirements are ignored).
    """
    row, column = position
    if side is Side.EAST:
        return tuple(Slot((row, j), (row, j + 1)) for j in range(column, SIZE - 1))
    if side is Side.WEST:
        return tuple(Slot((row, j), (row, j + 1)) for j in range(column))
    if side is Side.SOUTH:
        return tuple(Slot((i, column), (i + 1, column)) for i in range(row, SIZE - 1))
    return tuple(Slot((i, column), (i + 1, column)) for i in range(row))


SLOT_INDEX = {slot: index for index, slot in enumerate(SLOTS)}
_SIDES = tuple(Side)
SCOPES = tuple(
    tuple((side, tuple(SLOT_INDEX[s] for s in scope(p, side))) for side in _SIDES)
    for p in POSITIONS
)
"""For each position (row by row) and side, the slot indices of the requirement's scope."""


def slot_index(slot: Slot) -> int:
    """The slot's place in :data:`SLOTS` (0 to 11)."""
    return SLOT_INDEX[slot]


_ROW_LETTERS = "tmb"
_COLUMN_LETTERS = "lcr"


def position_code(position: Position) -> str:
    """A position in two letters, row then column: ``(0, 0)`` -> ``'tl'``, ``(1, 1)`` -> ``'mc'``.

    >>> position_code((2, 1)), parse_position("BC")
    ('bc', (2, 1))
    """
    row, column = check_position(position)
    return _ROW_LETTERS[row] + _COLUMN_LETTERS[column]


def parse_position(code: str) -> Position:
    """The position written ``code`` (either case); raises :class:`NotationError` for anything
    else."""
    text = code.strip().lower()
    if len(text) != 2 or text[0] not in _ROW_LETTERS or text[1] not in _COLUMN_LETTERS:
        raise NotationError(
            _(
                "'{text}' is not a position: write its row (t, m, b) and column (l, c, r), like"
                " tl or mc."
            ).format(text=code)
        )
    return (_ROW_LETTERS.index(text[0]), _COLUMN_LETTERS.index(text[1]))


def slot_code(slot: Slot) -> str:
    """A slot as its two positions: ``tl-tc``."""
    return f"{position_code(slot.a)}-{position_code(slot.b)}"


def parse_slot(code: str) -> Slot:
    """The slot written ``code`` (``tl-tc``, either way round); raises :class:`NotationError`."""
    first, dash, second = code.strip().partition("-")
    if not dash:
        raise NotationError(
            _("'{text}' is not a slot: write its two positions joined by -, like tl-tc.").format(
                text=code
            )
        )
    a, b = sorted((parse_position(first), parse_position(second)))
    slot = Slot(a, b)
    if slot not in SLOT_INDEX:
        raise NotationError(
            _(
                "'{text}' is not a slot: its two positions are not side by side in a row or column."
            ).format(text=code)
        )
    return slot
