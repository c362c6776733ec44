"""Rôdeurs jumps and turns as written: which jumps fit on the board, and their notation.

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

A *jump* moves a pawn two cells in a straight line over an occupied cell onto an empty cell, and
removes the pawn jumped over. A :class:`Turn` is its jumps in the order played, written like
``c3xc5``, ``c3xc5xe5`` (one pawn jumping on) or ``c3xc5 d1xd3`` (two pawns). Whether a turn is
legal in a position is :mod:`~patrolkit.games.rodeurs.turns`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.rodeurs.board import (
    COLUMNS,
    ROWS,
    SQUARES,
    column_of,
    parse_square,
    row_of,
    square_name,
)
from patrolkit.i18n import N_, _

OPENING_JUMP = N_("opening jump")
TWO_JUMPS = N_("two jumps")
MULTI_JUMP = N_("multi-jump")
"""The kinds of turn, as the verdict JSON writes them (the same in every language); say one to
a player with ``_(kind)``."""

Line = tuple[int, int]
"""The cell jumped over and the landing cell of a jump, seen from its start."""
RawJump = tuple[int, int, int]
"""``(start, over, land)``: the engine's working form of a :class:`Jump`."""

_STRAIGHT_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Column and row steps of the orthogonal jumps: towards row 9, column g, row 1, column a."""
_SLANTED_STEPS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _lines(steps: Iterable[tuple[int, int]]) -> tuple[tuple[Line, ...], ...]:
    """For each square, the jumps that fit on the board in the directions ``steps``."""
    table = []
    for sq in range(SQUARES):
        column, row = column_of(sq), row_of(sq)
        lines = []
        for dc, dr in steps:
            if 0 <= column + 2 * dc < COLUMNS and 0 <= row + 2 * dr < ROWS:
                lines.append(
                    ((row + dr) * COLUMNS + column + dc, (row + 2 * dr) * COLUMNS + column + 2 * dc)
                )
        table.append(tuple(lines))
    return tuple(table)


STRAIGHT_LINES = _lines(_STRAIGHT_STEPS)
"""Per square, its orthogonal jumps ``(over, land)``."""
SLANTED_LINES = _lines(_SLANTED_STEPS)
"""Per square, its diagonal jumps ``(over, land)``."""
_ALL_LINES = tuple(a + b for a, b in zip(STRAIGHT_LINES, SLANTED_LINES, strict=True))
_OVER = {(start, land): over for start in range(SQUARES) for over, land in _ALL_LINES[start]}
"""The cell between ``start`` and ``land`` for every pair a jump can join (diagonals included)."""


def lines_for(diagonal: bool) -> tuple[tuple[Line, ...], ...]:
    """The jump table of a board: orthogonal jumps, and diagonal ones if ``diagonal``."""
    return _ALL_LINES if diagonal else STRAIGHT_LINES


# -- jumps and turns --------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Jump:
    """One jump: the pawn on ``start`` jumps over ``over`` and lands on ``land`` (squares)."""

    start: int
    over: int
    land: int

    def __post_init__(self) -> None:
        if _OVER.get((self.start, self.land)) != self.over:
            raise IllegalTurn(
                _(
                    "{start} to {land} over {over} is not a jump: a pawn jumps exactly two cells"
                    " in a straight line, over the middle one."
                ).format(start=_name(self.start), land=_name(self.land), over=_name(self.over))
            )

    @classmethod
    def between(cls, start: int, land: int) -> Jump:
        """The jump from ``start`` to ``land``; raises :class:`IllegalTurn` if none joins them."""
        over = _OVER.get((start, land))
        if over is None:
            raise IllegalTurn(_not_a_jump(_name(start), _name(land)))
        return cls(start, over, land)

    @property
    def diagonal(self) -> bool:
        """Whether this jump goes along a diagonal."""
        return column_of(self.start) != column_of(self.land) and row_of(self.start) != row_of(
            self.land
        )

    @property
    def raw(self) -> RawJump:
        return (self.start, self.over, self.land)

    @property
    def notation(self) -> str:
        """``c3xc5``: the start and the landing cell."""
        return f"{square_name(self.start)}x{square_name(self.land)}"

    def __str__(self) -> str:
        return self.notation


def _name(sq: int) -> str:
    return square_name(sq) if 0 <= sq < SQUARES else _("square {number}").format(number=sq)


def _not_a_jump(start: str, land: str) -> str:
    return _(
        "{start} to {land} is not a jump: a pawn jumps exactly two cells in a straight line."
    ).format(start=start, land=land)


@dataclass(frozen=True)
class Turn:
    """A turn: its jumps in the order played.

    ``opening`` records that the turn is the game's opening jump; it only changes :attr:`kind`
    and takes no part in comparing turns.
    """

    jumps: tuple[Jump, ...]
    opening: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "jumps", tuple(self.jumps))
        if not self.jumps:
            raise IllegalTurn(_("A turn has at least one jump."))

    @property
    def chained(self) -> bool:
        """Whether every jump is made by the pawn that made the one before (one pawn moves)."""
        return all(b.start == a.land for a, b in pairwise(self.jumps))

    @property
    def kind(self) -> str:
        """``'opening jump'``, ``'two jumps'`` (more than one pawn jumps) or ``'multi-jump'``.

        Two jumps made by the same pawn are a multi-jump of two; a single later jump is a
        multi-jump of one. (Three or more jumps by several pawns also read ``'two jumps'``:
        :func:`apply` refuses them.)
        """
        if self.opening:
            return OPENING_JUMP
        return MULTI_JUMP if self.chained else TWO_JUMPS

    @property
    def notation(self) -> str:
        """``c3xc5`` (one jump), ``c3xc5xe5`` (one pawn jumping on), ``c3xc5 d1xd3`` (two pawns).

        A pawn's run of jumps is written as the cells it visits joined by ``x``; a new group,
        after a space, starts whenever another pawn jumps.
        """
        groups: list[list[str]] = []
        previous: Jump | None = None
        for jump in self.jumps:
            if previous is not None and jump.start == previous.land:
                groups[-1].append(square_name(jump.land))
            else:
                groups.append([square_name(jump.start), square_name(jump.land)])
            previous = jump
        return " ".join("x".join(group) for group in groups)

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str, *, opening: bool = False) -> Turn:
        """The turn written ``text`` (see :attr:`notation`); raises :class:`NotationError`."""
        groups = text.lower().split()
        if not groups:
            raise NotationError(
                _("A turn is written as its jumps, like c3xc5, c3xc5xe5 or c3xc5 d1xd3.")
            )
        found: list[Jump] = []
        for group in groups:
            cells = group.split("x")
            if len(cells) < 2:
                raise NotationError(
                    _(
                        "'{group}' is not a jump: write the start and the landing cell, like c3xc5."
                    ).format(group=group)
                )
            squares = [parse_square(cell) for cell in cells]
            for start, land in pairwise(squares):
                over = _OVER.get((start, land))
                if over is None:
                    raise NotationError(_not_a_jump(square_name(start), square_name(land)))
                found.append(Jump(start, over, land))
        return cls(tuple(found), opening)
