"""Stratego's two-square rule: no piece shuttles back and forth between the same cells for ever.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

A piece may make at most ``limit`` (3, or 5 as an option) consecutive moves between the same two
cells; the next one is refused. Attacks count as moves. The count restarts when the same player
moves another piece, when the piece moves along the other axis, or when it leaves the board. A
scout's run is refused when a cell boundary it crosses was crossed by each of that scout's last
``limit`` consecutive moves.

Both readings come to one test, applied to every piece: a move is refused when some cell boundary
it crosses was crossed by each of the piece's last ``limit`` moves in a row (a step between two
cells crosses exactly the boundary between them).
"""

from __future__ import annotations

from dataclasses import dataclass

from patrolkit.games.stratego.board import boundaries, square_name
from patrolkit.games.stratego.model import Army, State
from patrolkit.games.stratego.moves import Move
from patrolkit.i18n import _

KEEP = 5
"""How many of a streak's moves are kept: enough for the larger limit."""


@dataclass(frozen=True)
class Streak:
    """An army's latest moves in a row with one piece: where that piece stands now, and its moves
    (the most recent last, at most :data:`KEEP`)."""

    square: int
    moves: tuple[Move, ...]


Streaks = tuple[Streak | None, Streak | None]
"""Red's streak and blue's streak (``None``: no move since the count restarted)."""

NO_STREAKS: Streaks = (None, None)


def _index(army: Army) -> int:
    return 0 if army is Army.RED else 1


def two_square_problem(streaks: Streaks, army: Army, move: Move, limit: int) -> str:
    """Why the two-square rule refuses ``army``'s ``move``, in one sentence; ``""`` if it allows it.

    >>> up, down = Move.parse("a4-a5"), Move.parse("a5-a4")
    >>> streak = Streak(40, (up, down, up))  # the piece now stands on a5 (square 40)
    >>> problem = two_square_problem((streak, None), Army.RED, down, 3)
    >>> print(problem)  # doctest: +NORMALIZE_WHITESPACE
    The piece on a5 has already crossed between a4 and a5 in each of its last 3 moves: a 4th is
    refused (two-square rule).
    """
    streak = streaks[_index(army)]
    if streak is None or streak.square != move.start or len(streak.moves) < limit:
        return ""
    crossed = set(boundaries(move.start, move.end))
    for earlier in streak.moves[-limit:]:
        crossed &= set(boundaries(earlier.start, earlier.end))
    if not crossed:
        return ""
    first, second = min(crossed)
    return _(
        "The piece on {square} has already crossed between {first} and {second} in each of its"
        " last {limit} moves: a {next}th is refused (two-square rule)."
    ).format(
        square=square_name(move.start),
        first=square_name(first),
        second=square_name(second),
        limit=limit,
        next=limit + 1,
    )


def next_streaks(streaks: Streaks, before: State, move: Move, after: State) -> Streaks:
    """The streaks after ``move`` took ``before`` to ``after``.

    The mover's streak grows when the same piece moves again, starts afresh with another piece,
    and is cleared when the moving piece left the board; the other army's streak is cleared when
    its piece was taken.
    """
    mover = before.cells[move.start]
    assert mover is not None
    army = mover.army
    own, other = streaks[_index(army)], streaks[_index(army.opponent)]
    if after.cells[move.end] != mover:
        own = None
    elif own is not None and own.square == move.start:
        own = Streak(move.end, (*own.moves, move)[-KEEP:])
    else:
        own = Streak(move.end, (move,))
    if other is not None:
        standing = after.cells[other.square]
        if standing is None or standing.army is army:
            other = None
    return (own, other) if army is Army.RED else (other, own)
