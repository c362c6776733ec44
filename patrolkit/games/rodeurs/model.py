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

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.rodeurs.board import (
    COLUMNS,
    MIDDLE_ROW,
    ROWS,
    SQUARES,
    Board,
    CellColour,
    mirror,
    parse_square,
    row_of,
    square,
    square_name,
)
from patrolkit.i18n import _, pgettext


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


Pawns = tuple[PawnColour | None, ...]


def player_name(player: Player | None) -> str:
    """The player's name as a sentence says it: ``White``, ``Black`` (``Nobody`` for ``None``)."""
    if player is None:
        return pgettext("player", "Nobody")
    return pgettext("player", "White") if player is Player.WHITE else pgettext("player", "Black")


def check_start(board: Board, pawns: Pawns) -> None:
    """Raise :class:`LayoutError` naming the first start-position rule ``pawns`` breaks.

    Every black and white cell holds a pawn, the grey row is empty, and the pawns are
    mirror-symmetric across the middle row (same colour at a cell and its mirror).
    """
    if len(pawns) != SQUARES:
        raise LayoutError(
            _("A start position has {cells} cells, not {count}.").format(
                cells=SQUARES, count=len(pawns)
            )
        )
    for sq, pawn in enumerate(pawns):
        if board.colour(sq) is CellColour.GREY and pawn is not None:
            raise LayoutError(
                _("Cell {cell} is grey and must start empty.").format(cell=square_name(sq))
            )
        if board.colour(sq) is not CellColour.GREY and pawn is None:
            raise LayoutError(
                _("Cell {cell} is black or white and must hold a pawn.").format(
                    cell=square_name(sq)
                )
            )
        if row_of(sq) < MIDDLE_ROW and pawns[mirror(sq)] is not pawn:
            raise LayoutError(
                _(
                    "Pawns on {cell} and {mirror} mirror each other across the middle row, so"
                    " they must be the same colour."
                ).format(cell=square_name(sq), mirror=square_name(mirror(sq)))
            )


UNKNOWN_MOVER = "?"
"""The mover field of the text form when the player to move is unknown (a photo cannot show it)."""


@dataclass(frozen=True)
class State:
    """A position: the board, the pawn (or ``None``) on each square, who moves, and whether the
    game's opening turn — one single jump — is still to be played.

    ``to_move`` is ``None`` when the player to move is unknown, as in a position read from a
    photo. Pawns belong to nobody, so the jumps, the legal turns, playing a turn, the end of the
    game and its result are the same whoever moves: they all work with an unknown mover, and a
    turn played from such a position leaves the mover unknown. Only telling whose turn it is
    needs it, such as :func:`~patrolkit.games.rodeurs.validate` when asked to check the mover.
    """

    board: Board
    pawns: Pawns
    to_move: Player | None = Player.WHITE
    opening: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "pawns", tuple(self.pawns))
        if len(self.pawns) != SQUARES:
            raise NotationError(
                _("A position has {cells} cells, not {count}.").format(
                    cells=SQUARES, count=len(self.pawns)
                )
            )

    @classmethod
    def start(cls, board: Board, pawns: Pawns) -> State:
        """The position before the first turn; raises :class:`LayoutError` if it breaks a rule."""
        check_start(board, pawns)
        return cls(board, pawns, Player.WHITE, True)

    @classmethod
    def from_pawns(
        cls,
        text: str,
        *,
        board: Board,
        to_move: Player | None = Player.WHITE,
        opening: bool = False,
    ) -> State:
        """A position on ``board`` holding only the pawns written ``text``: each a square, ``=``
        and its colour letter, separated by spaces (``"c3=r d4=y e5=g"``; ``""``: no pawn).

        Raises :class:`NotationError` naming the first word that is not a pawn on a square, or a
        square named twice. :attr:`pawns_text` writes the pawns back.

        >>> board = Board.from_drawing("\\n".join(["bwbwbwb"] * 4 + ["-------"] + ["wbwbwbw"] * 4))
        >>> state = State.from_pawns("c3=r d4=y e5=g", board=board, to_move=Player.BLACK)
        >>> state.pawns_text, state.text.split()[1:3]
        ('c3=r d4=y e5=g', ['b', '-'])
        """
        cells: list[PawnColour | None] = [None] * SQUARES
        for word in text.split():
            name, sign, letter = word.partition("=")
            if not sign:
                raise NotationError(
                    _(
                        "'{word}' is not a pawn: write its square, = and its colour, like c3=r."
                    ).format(word=word)
                )
            sq = parse_square(name.lower())
            if cells[sq] is not None:
                raise NotationError(
                    _("Square {cell} is given two pawns.").format(cell=square_name(sq))
                )
            cells[sq] = _pawn_colour(letter.lower())
        return cls(board, tuple(cells), to_move, opening)

    def with_mover(self, to_move: Player | None) -> State:
        """This position with ``to_move`` to move (``None``: unknown, as a photo shows it)."""
        return replace(self, to_move=to_move)

    def pawn(self, sq: int) -> PawnColour | None:
        return self.pawns[sq]

    @property
    def pawn_count(self) -> int:
        return sum(p is not None for p in self.pawns)

    @property
    def pawns_text(self) -> str:
        """The pawns as :meth:`from_pawns` reads them, square by square: ``c3=r d4=y``."""
        return " ".join(
            f"{square_name(sq)}={pawn.value}" for sq, pawn in enumerate(self.pawns) if pawn
        )

    # -- text form ---------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """A compact one-line form, like FEN: ``rows to_move phase board_code``.

        ``rows`` are the 9 rows from row ``9`` down to row ``1`` separated by ``/``, one letter a
        cell: ``r``, ``y``, ``g`` or ``.`` for empty. ``to_move`` is ``w`` or ``b``, or ``?``
        when the player to move is unknown (a photo does not show it); ``phase`` is ``o`` while
        the opening single jump is still to be played, else ``-``.

        >>> board = Board.from_drawing("\\n".join(["bwbwbwb"] * 4 + ["-------"] + ["wbwbwbw"] * 4))
        >>> text = State.from_pawns("a1=g", board=board, to_move=None).text
        >>> text
        '......./......./......./......./......./......./......./......./g...... ? - 2YYRPX'
        >>> State.from_text(text).to_move is None
        True
        """
        return " ".join(
            (
                pawn_rows(self.pawns),
                _mover_letter(self.to_move),
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
                _("A position is written as four fields: rows, player to move, phase, board code.")
            )
        rows, mover, phase, code = fields
        if phase not in ("o", "-"):
            raise NotationError(
                _("The phase is 'o' (opening) or '-', not '{phase}'.").format(phase=phase)
            )
        return cls(Board.from_code(code), parse_pawn_rows(rows), _mover(mover), phase == "o")

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` gives back an equal state. ``to_move`` is written
        as in :attr:`text`: ``w``, ``b`` or ``?``."""
        return {
            "game": "rodeurs",
            "board": self.board.code,
            "diagonal": self.board.diagonal,
            "cells": self.board.drawing().split("\n"),
            "pawns": pawn_rows(self.pawns).split("/"),
            "to_move": _mover_letter(self.to_move),
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
            state = cls(board, pawns, _mover(str(data["to_move"])), opening)
        except (KeyError, TypeError, ValueError, NotationError) as exc:
            raise NotationError(
                _("This JSON is not a Rôdeurs position ({problem}).").format(problem=exc)
            ) from None
        return state


def _mover(letter: str) -> Player | None:
    """The player to move written ``letter``: ``w``, ``b``, or ``?`` for unknown."""
    if letter == UNKNOWN_MOVER:
        return None
    if letter not in ("w", "b"):
        raise NotationError(
            _(
                "The player to move is 'w' (White), 'b' (Black) or '?' (unknown), not '{letter}'."
            ).format(letter=letter)
        )
    return Player(letter)


def _mover_letter(player: Player | None) -> str:
    return UNKNOWN_MOVER if player is None else player.value


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
        raise NotationError(
            _("The pawns are written as {rows} rows of {columns} cells.").format(
                rows=ROWS, columns=COLUMNS
            )
        )
    cells: list[PawnColour | None] = [None] * SQUARES
    for r, line in zip(reversed(range(ROWS)), lines, strict=True):
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            cells[square(c, r)] = _pawn_colour(ch, empty=True)
    return tuple(cells)


def _pawn_colour(letter: str, *, empty: bool = False) -> PawnColour:
    """The pawn colour written ``letter``; :class:`NotationError` names the accepted letters."""
    try:
        return PawnColour(letter)
    except ValueError:
        if empty:
            message = _("'{letter}' is not a pawn (r, y, g) or an empty cell (.).")
        else:
            message = _("'{letter}' is not a pawn (r, y, g).")
        raise NotationError(message.format(letter=letter)) from None


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
