"""Rôdeurs data model: squares, boards, positions and layouts (no rules of play).

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

Vocabulary
----------
* The board has 7 columns (``a``..``g``) and 9 rows (``1``..``9``). A *square* is an index
  ``row * 7 + column`` with row 0 = row ``1``, printed at the bottom of the board sheet.
* The middle row (row ``5``) is grey; every other cell is black or white, and the cell mirrored
  across the middle row has the opposite colour. A :class:`Board` is one such colouring plus the
  jump option (orthogonal only, or diagonal too).
* Pawns are red, yellow or green and belong to nobody. The player who moves first owns the white
  cells (the white *district*) and is called :attr:`Player.WHITE`; the other owns the black cells.
* A :class:`State` is a board, the pawns on it, the player to move and whether the game's opening
  turn (a single jump) is still to be played.
* A :class:`Layout` is a board and its start position.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from patrolkit.errors import LayoutError, NotationError

COLUMNS = 7
ROWS = 9
SQUARES = COLUMNS * ROWS
MIDDLE_ROW = ROWS // 2
"""Index of the grey row (row ``5``)."""
COLUMN_NAMES = "abcdefg"
CODE_LENGTH = 6
"""Characters in a board code: 28 colour bits and the diagonal bit, in base 36."""
_BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_HALF = MIDDLE_ROW * COLUMNS  # cells in rows 1-4


class CellColour(Enum):
    """The colour of a board cell; its value is its letter in a layout drawing."""

    BLACK = "b"
    WHITE = "w"
    GREY = "-"


class PawnColour(Enum):
    """A pawn's colour; its value is its letter in the text form of a state."""

    RED = "r"
    YELLOW = "y"
    GREEN = "g"

    @property
    def points(self) -> int:
        """What a pawn of this colour costs the owner of the district it ends in."""
        return {"r": 3, "y": 2, "g": 1}[self.value]


class Player(Enum):
    """A player, named after their district. White moves first."""

    WHITE = "w"
    BLACK = "b"

    @property
    def district(self) -> CellColour:
        return CellColour.WHITE if self is Player.WHITE else CellColour.BLACK

    @property
    def opponent(self) -> Player:
        return Player.BLACK if self is Player.WHITE else Player.WHITE


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
        raise NotationError(f"'{name}' is not a square of the board (a1 to g9).")
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
        for _ in range(CODE_LENGTH):
            value, digit = divmod(value, 36)
            digits.append(_BASE36[digit])
        return "".join(reversed(digits))

    @classmethod
    def from_code(cls, code: str) -> Board:
        """The board whose :attr:`code` is ``code``."""
        if len(code) != CODE_LENGTH or any(ch not in _BASE36 for ch in code.upper()):
            raise NotationError(f"'{code}' is not a board code (six letters or digits).")
        value = 0
        for ch in code.upper():
            value = value * 36 + _BASE36.index(ch)
        if value >> (_HALF + 1):
            raise NotationError(f"'{code}' is not a board code (out of range).")
        lower = [CellColour.WHITE if value >> i & 1 else CellColour.BLACK for i in range(_HALF)]
        return cls.from_lower_half(lower, diagonal=bool(value >> _HALF & 1))

    @classmethod
    def from_lower_half(cls, lower: list[CellColour], *, diagonal: bool = False) -> Board:
        """The board whose rows 1-4 are ``lower`` (28 cells); the rest follows by the rules."""
        if len(lower) != _HALF:
            raise LayoutError(f"The lower half of a board has {_HALF} cells, not {len(lower)}.")
        colours = list(lower) + [CellColour.GREY] * COLUMNS + [CellColour.GREY] * _HALF
        for sq in range(_HALF):
            colours[mirror(sq)] = _opposite(lower[sq])
        return cls(tuple(colours), diagonal)

    @classmethod
    def from_drawing(cls, drawing: str, *, diagonal: bool = False) -> Board:
        """A board from 9 lines of 7 letters ``b``/``w``/``-``, row ``9`` first (as printed)."""
        rows = drawing.split()
        if len(rows) != ROWS or any(len(r) != COLUMNS for r in rows):
            raise LayoutError(f"A board drawing has {ROWS} lines of {COLUMNS} cells.")
        try:
            colours = [CellColour(ch) for r in reversed(rows) for ch in r]
        except ValueError:
            raise LayoutError("A board drawing uses only the letters b, w and -.") from None
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
    raise LayoutError("Only the middle row of a board is grey.")


def check_board(colours: tuple[CellColour, ...]) -> None:
    """Raise :class:`LayoutError` naming the first board rule ``colours`` breaks."""
    if len(colours) != SQUARES:
        raise LayoutError(f"A board has {SQUARES} cells (7 x 9), not {len(colours)}.")
    for sq, colour in enumerate(colours):
        row = row_of(sq)
        if row == MIDDLE_ROW and colour is not CellColour.GREY:
            raise LayoutError(f"Cell {square_name(sq)} is in the middle row, which must be grey.")
        if row != MIDDLE_ROW and colour is CellColour.GREY:
            raise LayoutError(f"Cell {square_name(sq)} is grey, but only the middle row may be.")
        if row < MIDDLE_ROW and colours[mirror(sq)] is colour:
            raise LayoutError(
                f"Cells {square_name(sq)} and {square_name(mirror(sq))} mirror each other across"
                " the middle row, so one must be black and the other white."
            )


Pawns = tuple[PawnColour | None, ...]


def check_start(board: Board, pawns: Pawns) -> None:
    """Raise :class:`LayoutError` naming the first start-position rule ``pawns`` breaks.

    Every black and white cell holds a pawn, the grey row is empty, and the pawns are
    mirror-symmetric across the middle row (same colour at a cell and its mirror).
    """
    if len(pawns) != SQUARES:
        raise LayoutError(f"A start position has {SQUARES} cells, not {len(pawns)}.")
    for sq, pawn in enumerate(pawns):
        if board.colour(sq) is CellColour.GREY and pawn is not None:
            raise LayoutError(f"Cell {square_name(sq)} is grey and must start empty.")
        if board.colour(sq) is not CellColour.GREY and pawn is None:
            raise LayoutError(f"Cell {square_name(sq)} is black or white and must hold a pawn.")
        if row_of(sq) < MIDDLE_ROW and pawns[mirror(sq)] is not pawn:
            raise LayoutError(
                f"Pawns on {square_name(sq)} and {square_name(mirror(sq))} mirror each other"
                " across the middle row, so they must be the same colour."
            )


@dataclass(frozen=True)
class State:
    """A position: the board, the pawn (or ``None``) on each square, who moves, and whether the
    game's opening turn — one single jump — is still to be played."""

    board: Board
    pawns: Pawns
    to_move: Player = Player.WHITE
    opening: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "pawns", tuple(self.pawns))
        if len(self.pawns) != SQUARES:
            raise NotationError(f"A position has {SQUARES} cells, not {len(self.pawns)}.")

    @classmethod
    def start(cls, board: Board, pawns: Pawns) -> State:
        """The position before the first turn; raises :class:`LayoutError` if it breaks a rule."""
        check_start(board, pawns)
        return cls(board, pawns, Player.WHITE, True)

    def pawn(self, sq: int) -> PawnColour | None:
        return self.pawns[sq]

    @property
    def pawn_count(self) -> int:
        return sum(p is not None for p in self.pawns)

    # -- text form ---------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """A compact one-line form, like FEN: ``rows to_move phase board_code``.

        ``rows`` are the 9 rows from row ``9`` down to row ``1`` separated by ``/``, one letter a
        cell: ``r``, ``y``, ``g`` or ``.`` for empty. ``to_move`` is ``w`` or ``b``; ``phase`` is
        ``o`` while the opening single jump is still to be played, else ``-``.
        """
        return " ".join(
            (
                pawn_rows(self.pawns),
                self.to_move.value,
                "o" if self.opening else "-",
                self.board.code,
            )
        )

    @classmethod
    def from_text(cls, text: str) -> State:
        """The inverse of :attr:`text`; raises :class:`NotationError` saying what is wrong."""
        fields = text.split()
        if len(fields) != 4:
            raise NotationError(
                "A position is written as four fields: rows, player to move, phase, board code."
            )
        rows, mover, phase, code = fields
        if mover not in ("w", "b"):
            raise NotationError(f"The player to move is 'w' or 'b', not '{mover}'.")
        if phase not in ("o", "-"):
            raise NotationError(f"The phase is 'o' (opening) or '-', not '{phase}'.")
        return cls(Board.from_code(code), parse_pawn_rows(rows), Player(mover), phase == "o")

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` gives back an equal state."""
        return {
            "game": "rodeurs",
            "board": self.board.code,
            "diagonal": self.board.diagonal,
            "cells": self.board.drawing().split("\n"),
            "pawns": pawn_rows(self.pawns).split("/"),
            "to_move": self.to_move.value,
            "opening": self.opening,
            "text": self.text,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The inverse of :meth:`to_json`; raises :class:`NotationError` saying what is wrong."""
        try:
            board = Board.from_code(str(data["board"]))
            pawns = parse_pawn_rows("/".join(data["pawns"]))
            opening = data["opening"]
            if not isinstance(opening, bool):
                raise ValueError("'opening' is true or false")
            state = cls(board, pawns, Player(data["to_move"]), opening)
        except (KeyError, TypeError, ValueError) as exc:
            raise NotationError(f"This JSON is not a Rôdeurs position ({exc}).") from None
        return state


def pawn_rows(pawns: Pawns) -> str:
    """The ``rows`` field of the text form."""
    return "/".join(
        "".join(_pawn_letter(pawns[square(c, r)]) for c in range(COLUMNS))
        for r in reversed(range(ROWS))
    )


def _pawn_letter(pawn: PawnColour | None) -> str:
    return "." if pawn is None else pawn.value


def parse_pawn_rows(rows: str) -> Pawns:
    """The inverse of :func:`pawn_rows`."""
    lines = rows.split("/")
    if len(lines) != ROWS or any(len(line) != COLUMNS for line in lines):
        raise NotationError(f"The pawns are written as {ROWS} rows of {COLUMNS} cells.")
    cells: list[PawnColour | None] = [None] * SQUARES
    for r, line in zip(reversed(range(ROWS)), lines, strict=True):
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            try:
                cells[square(c, r)] = PawnColour(ch)
            except ValueError:
                raise NotationError(
                    f"'{ch}' is not a pawn (r, y, g) or an empty cell (.)."
                ) from None
    return tuple(cells)


@dataclass(frozen=True)
class Layout:
    """A board and its start position, as printed in a kit.

    ``name`` says where it comes from (``classic`` or ``random``); ``seed`` is the random
    generator's seed, if any. Construction checks every rule of boards and start positions.
    """

    board: Board
    start: Pawns
    name: str = "custom"
    seed: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", tuple(self.start))
        check_start(self.board, self.start)

    @property
    def state(self) -> State:
        """The position before the first turn."""
        return State.start(self.board, self.start)

    @property
    def mix(self) -> dict[PawnColour, int]:
        """How many pawns of each colour the start position holds."""
        return {colour: sum(p is colour for p in self.start) for colour in PawnColour}
