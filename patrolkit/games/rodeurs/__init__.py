"""Rôdeurs: shared pawns, capture by jumping, scored by the colour of the cells they end on.

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
* A :class:`Layout` is a board and its start position: :func:`classic_layout`, a hand-made file
  read by :func:`layout_from_toml`, or a random one (``generator.rodeurs.layouts.random_layout``).

Playing
-------
:func:`jumps`, :func:`legal_turns`, :func:`apply`, :func:`is_over`, :func:`score` and
:func:`result` play the game; :func:`validate` says which turn explains a change between two
positions, or why none does. None of them needs to know who is to move except :func:`validate`
checking the mover: a position read from a photo may leave it unknown (``to_move=None``, written
``?``; :meth:`State.with_mover` sets or clears it).

Notation
--------
A turn is written as the cells each pawn visits, joined by ``x``, one group per pawn:
``c3xc5``, ``c3xc5xe5``, ``c3xc5 d1xd3``. :func:`parse_turn` reads one as a turn of a position
(whether it is the opening jump comes from the position), :func:`format_turn` writes one, and
:func:`is_legal` says whether the rules allow it. :meth:`State.from_pawns` builds a position holding
only the pawns written out, like ``State.from_pawns("c3=r d4=y e5=g", board=board)``;
:attr:`State.text` writes a whole position in one line.

This module is the one to import. Squares and boards live in :mod:`~patrolkit.games.rodeurs.board`,
positions and layouts in :mod:`~patrolkit.games.rodeurs.model`, jumps and their notation in
:mod:`~patrolkit.games.rodeurs.jump`, legal turns and playing them in
:mod:`~patrolkit.games.rodeurs.turns`, scores in :mod:`~patrolkit.games.rodeurs.score`, refereeing
in :mod:`~patrolkit.games.rodeurs.validate`; all their public names are re-exported here.
Everything is pure: no I/O besides reading the classic template through :mod:`patrolkit.templates`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from patrolkit import templates
from patrolkit.errors import LayoutError
from patrolkit.games.rodeurs.board import (
    CODE_LENGTH,
    COLUMN_NAMES,
    COLUMNS,
    MIDDLE_ROW,
    ROWS,
    SQUARES,
    Board,
    CellColour,
    check_board,
    column_of,
    mirror,
    parse_square,
    row_of,
    square,
    square_name,
)
from patrolkit.games.rodeurs.jump import MULTI_JUMP, OPENING_JUMP, TWO_JUMPS, Jump, Turn
from patrolkit.games.rodeurs.model import (
    UNKNOWN_MOVER,
    Layout,
    PawnColour,
    Pawns,
    Player,
    State,
    check_start,
    parse_pawn_rows,
    pawn_rows,
    player_name,
)
from patrolkit.games.rodeurs.score import DecidedBy, Result, Tally, result, score
from patrolkit.games.rodeurs.turns import (
    apply,
    format_turn,
    is_legal,
    is_over,
    jumps,
    legal_turns,
    parse_turn,
    successors,
)
from patrolkit.games.rodeurs.validate import validate
from patrolkit.i18n import _, ngettext
from patrolkit.inputs import NAME_LIMIT, printable_name

__all__ = [
    "CODE_LENGTH",
    "COLUMNS",
    "COLUMN_NAMES",
    "LAYOUT_KEYS",
    "MIDDLE_ROW",
    "MULTI_JUMP",
    "OPENING_JUMP",
    "ROWS",
    "SQUARES",
    "TWO_JUMPS",
    "UNKNOWN_MOVER",
    "Board",
    "CellColour",
    "DecidedBy",
    "Jump",
    "Layout",
    "PawnColour",
    "Pawns",
    "Player",
    "Result",
    "State",
    "Tally",
    "Turn",
    "apply",
    "check_board",
    "check_start",
    "classic_layout",
    "column_of",
    "format_turn",
    "is_legal",
    "is_over",
    "jumps",
    "layout_from_toml",
    "legal_turns",
    "mirror",
    "parse_pawn_rows",
    "parse_square",
    "parse_turn",
    "pawn_rows",
    "player_name",
    "result",
    "row_of",
    "score",
    "square",
    "square_name",
    "successors",
    "validate",
]


# -- layouts from TOML ----------------------------------------------------------------------

LAYOUT_KEYS = ("name", "diagonal", "cells", "pawns")
"""The entries of a layout file (``templates/rodeurs.toml`` or one a player writes)."""


@lru_cache(maxsize=1)
def classic_layout() -> Layout:
    """Our classic board and start position (``templates/rodeurs.toml``)."""
    return layout_from_toml(templates.load("rodeurs"), "classic")


def layout_from_toml(data: Mapping[str, Any], name: str) -> Layout:
    """The layout a parsed TOML file describes; ``name`` is used if the file names none.

    The file holds ``name`` (optional), ``diagonal`` (optional, ``false`` unless given), ``cells``
    and ``pawns``: each 9 lines of 7 letters, row ``9`` first, as a list of strings or one
    multi-line string. Cells are ``b``, ``w`` or ``-``; pawns are ``r``, ``y``, ``g`` or ``.``.
    Raises :class:`LayoutError` naming, in one sentence, the first rule the layout breaks.
    """
    if not isinstance(data, Mapping):
        raise LayoutError(_("A layout file is a TOML table with 'cells' and 'pawns' drawings."))
    for key in data:
        if key not in LAYOUT_KEYS:
            raise LayoutError(
                _("The layout has an unknown entry '{key}'; a layout has only {keys}.").format(
                    key=key, keys=", ".join(LAYOUT_KEYS)
                )
            )
    for key in ("cells", "pawns"):
        if key not in data:
            raise LayoutError(
                _("The layout has no '{key}' drawing of {rows} lines of {columns}.").format(
                    key=key, rows=ROWS, columns=COLUMNS
                )
            )
    layout_name = printable_name(data.get("name", name[:NAME_LIMIT]), _("layout's 'name'"))
    diagonal = data.get("diagonal", False)
    if not isinstance(diagonal, bool):
        raise LayoutError(_("The layout's 'diagonal' must be true or false."))
    cell_lines = _drawing_lines(data["cells"], "cells")
    pawn_lines = _drawing_lines(data["pawns"], "pawns")
    colours: list[CellColour] = [CellColour.GREY] * SQUARES
    pawns: list[PawnColour | None] = [None] * SQUARES
    for index, (cell_line, pawn_line) in enumerate(zip(cell_lines, pawn_lines, strict=True)):
        row = ROWS - 1 - index
        for column, (cell, pawn) in enumerate(zip(cell_line, pawn_line, strict=True)):
            sq = square(column, row)
            try:
                colours[sq] = CellColour(cell)
            except ValueError:
                raise LayoutError(
                    _(
                        "Cell {cell} is drawn '{letter}', which is not a cell colour"
                        " (b for black, w for white, - for grey)."
                    ).format(cell=square_name(sq), letter=cell)
                ) from None
            if pawn != ".":
                try:
                    pawns[sq] = PawnColour(pawn)
                except ValueError:
                    raise LayoutError(
                        _(
                            "The pawn on {cell} is drawn '{letter}', which is not a pawn"
                            " (r, y or g) or an empty cell (.)."
                        ).format(cell=square_name(sq), letter=pawn)
                    ) from None
    board = Board(tuple(colours), diagonal)
    return Layout(board, tuple(pawns), name=layout_name)


def _drawing_lines(value: object, what: str) -> list[str]:
    """The 9 lines of 7 letters of a ``cells`` or ``pawns`` drawing, row ``9`` first."""
    if isinstance(value, str):
        lines = [line.strip() for line in value.splitlines() if line.strip()]
    elif isinstance(value, list) and all(isinstance(line, str) for line in value):
        lines = [line.strip() for line in value]
    else:
        raise LayoutError(
            _("The '{what}' drawing is a list of {rows} strings of {columns} letters.").format(
                what=what, rows=ROWS, columns=COLUMNS
            )
        )
    if len(lines) != ROWS:
        raise LayoutError(
            ngettext(
                "The '{what}' drawing has {count} line, but a board has {rows} rows.",
                "The '{what}' drawing has {count} lines, but a board has {rows} rows.",
                len(lines),
            ).format(what=what, count=len(lines), rows=ROWS)
        )
    for index, line in enumerate(lines):
        if len(line) != COLUMNS:
            raise LayoutError(
                ngettext(
                    "Line {line} of the '{what}' drawing (row {row}) has {count} letter,"
                    " but a board has {columns} columns.",
                    "Line {line} of the '{what}' drawing (row {row}) has {count} letters,"
                    " but a board has {columns} columns.",
                    len(line),
                ).format(
                    line=index + 1, what=what, row=ROWS - index, count=len(line), columns=COLUMNS
                )
            )
    return lines
