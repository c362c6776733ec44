"""Rôdeurs values for the computer player: how good a position is, as one number.

Import these names from :mod:`patrolkit.games.rodeurs.engine` or use them here.

The result of a game (:func:`~patrolkit.games.rodeurs.score.result`) compares, in order, the
points in the two districts, then the red pawns in them, then the yellow ones. The *outcome* of a
position folds the three into one integer, seen from White's side:

    outcome = 10000 x (Black's points - White's points)
            +   100 x (Black's red pawns - White's red pawns)
            +         (Black's yellow pawns - White's yellow pawns)

Each difference is smaller than the step above it, so the outcome orders positions exactly as the
result does: positive when White would win, negative when Black would, zero for a draw. Seen from
a player, it is this number with the sign of that player (``+1`` White, ``-1`` Black).

The search works on *packed* positions: ``bytes`` of 63 cells, each the points of the pawn on it
(green 1, yellow 2, red 3) or 0 when empty. A jump changes the outcome by a sum of three table
look-ups, so the search never recounts a board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from patrolkit.games.rodeurs.board import SQUARES, Board, CellColour
from patrolkit.games.rodeurs.model import PawnColour, Player, State

POINTS_STEP = 10000
RED_STEP = 100
PAWN_VALUE = (0, POINTS_STEP, 2 * POINTS_STEP + 1, 3 * POINTS_STEP + RED_STEP)
"""A pawn's weight in the outcome by its packed value (empty, green, yellow, red)."""
_PACKED = {None: 0, PawnColour.GREEN: 1, PawnColour.YELLOW: 2, PawnColour.RED: 3}
_UNPACKED = (None, PawnColour.GREEN, PawnColour.YELLOW, PawnColour.RED)


def pack(state: State) -> bytes:
    """The pawns of ``state`` as 63 bytes: each cell's pawn points, 0 when empty."""
    return bytes(_PACKED[pawn] for pawn in state.pawns)


def unpack(cells: bytes) -> tuple[PawnColour | None, ...]:
    """The inverse of :func:`pack`: the pawns on the 63 cells."""
    return tuple(_UNPACKED[value] for value in cells)


def side(player: Player | None) -> int:
    """``+1`` for White, ``-1`` for Black: the sign that turns an outcome to a player's view.

    A position whose mover is unknown is seen from White's side.
    """
    return -1 if player is Player.BLACK else 1


@dataclass(frozen=True)
class Weights:
    """Per cell, what a pawn there adds to the outcome: ``+1`` on black cells (Black pays),
    ``-1`` on white cells (White pays), ``0`` on the grey row."""

    cells: tuple[int, ...]

    def outcome(self, cells: bytes) -> int:
        """The outcome of the packed ``cells``, seen from White's side."""
        weights = self.cells
        return sum(weights[sq] * PAWN_VALUE[value] for sq, value in enumerate(cells) if value)


@lru_cache(maxsize=256)
def weights(board: Board) -> Weights:
    """The outcome weights of ``board``'s cells."""
    sign = {CellColour.BLACK: 1, CellColour.WHITE: -1, CellColour.GREY: 0}
    return Weights(tuple(sign[board.colour(sq)] for sq in range(SQUARES)))


def outcome(state: State, player: Player = Player.WHITE) -> int:
    """The outcome of ``state`` if the game ended there, seen from ``player``'s side.

    Positive means ``player`` would win, zero a draw; see the module's docstring.

    >>> from patrolkit.games.rodeurs import classic_layout
    >>> outcome(classic_layout().state)
    0
    """
    return side(player) * weights(state.board).outcome(pack(state))


def margin(value: int) -> int:
    """The points margin an outcome holds (positive: the player it is seen from has fewer)."""
    return round(value / POINTS_STEP)


def verdict(value: int) -> int:
    """``1`` for a win, ``0`` a draw, ``-1`` a loss: the sign of an outcome."""
    return (value > 0) - (value < 0)
