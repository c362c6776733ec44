"""Rôdeurs turns on packed positions, fast enough for a search.

The same turns as :func:`~patrolkit.games.rodeurs.turns.turn_table` — one per distinct position
reached, the first jump sequence found as its witness, in the same order — but on packed cells
(see :mod:`~patrolkit.games.rodeurs.evaluate`) and with the change each turn makes to the
outcome, so a search can order turns and score positions without recounting a board.
:func:`best_gain` answers "how much can the player to move gain in one turn" without building
any position.
"""

from __future__ import annotations

from functools import lru_cache

from patrolkit.games.rodeurs.board import SQUARES
from patrolkit.games.rodeurs.evaluate import PAWN_VALUE
from patrolkit.games.rodeurs.jump import Line, RawJump

Child = tuple[int, bytes, tuple[RawJump, ...]]
"""A turn from a packed position: its change to the outcome (White's side), the packed position
it leads to, and its jumps."""

_Reverse = tuple[tuple[tuple[int, int], ...], ...]


def _jumps(cells: bytearray, lines: tuple[tuple[Line, ...], ...]) -> list[RawJump]:
    return [
        (start, over, land)
        for start in range(SQUARES)
        if cells[start]
        for over, land in lines[start]
        if cells[over] and not cells[land]
    ]


def any_jump(cells: bytes, lines: tuple[tuple[Line, ...], ...]) -> bool:
    """Whether a jump is left on the board (the game goes on)."""
    return any(
        cells[over] and not cells[land]
        for start in range(SQUARES)
        if cells[start]
        for over, land in lines[start]
    )


def children(
    cells: bytes,
    lines: tuple[tuple[Line, ...], ...],
    weights: tuple[int, ...],
    opening: bool,
) -> list[Child]:
    """Every turn from ``cells``, one per distinct position reached, in the rules' order.

    Empty when no jump is left. The change to the outcome is seen from White's side.
    """
    board = bytearray(cells)
    found: dict[bytes, Child] = {}
    sequence: list[RawJump] = []

    def record(change: int) -> None:
        key = bytes(board)
        if key not in found:
            found[key] = (change, key, tuple(sequence))

    def run_on(at: int, change: int) -> None:
        pawn = board[at]
        for over, land in lines[at]:
            jumped = board[over]
            if jumped and not board[land]:
                board[at] = board[over] = 0
                board[land] = pawn
                step = (weights[land] - weights[at]) * PAWN_VALUE[pawn] - weights[
                    over
                ] * PAWN_VALUE[jumped]
                sequence.append((at, over, land))
                record(change + step)
                run_on(land, change + step)
                sequence.pop()
                board[land] = 0
                board[at], board[over] = pawn, jumped

    for first in _jumps(board, lines):
        start, over, land = first
        pawn, jumped = board[start], board[over]
        board[start] = board[over] = 0
        board[land] = pawn
        change = (weights[land] - weights[start]) * PAWN_VALUE[pawn] - weights[over] * PAWN_VALUE[
            jumped
        ]
        sequence.append(first)
        record(change)
        if not opening:
            for second in _jumps(board, lines):
                start2, over2, land2 = second
                pawn2, jumped2 = board[start2], board[over2]
                board[start2] = board[over2] = 0
                board[land2] = pawn2
                change2 = (
                    change
                    + (weights[land2] - weights[start2]) * PAWN_VALUE[pawn2]
                    - weights[over2] * PAWN_VALUE[jumped2]
                )
                sequence.append(second)
                record(change2)
                if start2 == land:
                    run_on(land2, change2)
                sequence.pop()
                board[land2] = 0
                board[start2], board[over2] = pawn2, jumped2
        sequence.pop()
        board[land] = 0
        board[start], board[over] = pawn, jumped
    return list(found.values())


@lru_cache(maxsize=2)
def _reverse(lines: tuple[tuple[Line, ...], ...]) -> tuple[_Reverse, _Reverse]:
    """Per square, the jumps over it ``(start, land)`` and the jumps onto it ``(start, over)``."""
    over_it: list[list[tuple[int, int]]] = [[] for _ in range(SQUARES)]
    onto_it: list[list[tuple[int, int]]] = [[] for _ in range(SQUARES)]
    for start in range(SQUARES):
        for over, land in lines[start]:
            over_it[over].append((start, land))
            onto_it[land].append((start, over))
    return tuple(map(tuple, over_it)), tuple(map(tuple, onto_it))


def best_gain(
    cells: bytes,
    lines: tuple[tuple[Line, ...], ...],
    weights: tuple[int, ...],
    opening: bool,
    sign: int,
) -> int | None:
    """The most the player to move (``sign``: +1 White, -1 Black) can change the outcome in
    their favour in one turn, or ``None`` when no jump is left."""
    found = greedy_turn(cells, lines, weights, opening, sign)
    return None if found is None else found[0]


def greedy_turn(
    cells: bytes,
    lines: tuple[tuple[Line, ...], ...],
    weights: tuple[int, ...],
    opening: bool,
    sign: int,
) -> tuple[int, tuple[RawJump, ...]] | None:
    """The turn that changes the outcome most in favour of the player to move (``sign``: +1
    White, -1 Black), as its gain and jumps, or ``None`` when no jump is left.

    Every turn is weighed, but no position is built: a second jump by another pawn is either
    one of the first jumps the first one left alone (taken best first) or one the first jump
    opened, found through the cells it changed. Among equal gains the first found is kept.
    """
    board = bytearray(cells)
    firsts = sorted(
        (
            (
                sign
                * (
                    (weights[land] - weights[start]) * PAWN_VALUE[board[start]]
                    - weights[over] * PAWN_VALUE[board[over]]
                ),
                start,
                over,
                land,
            )
            for start, over, land in _jumps(board, lines)
        ),
        key=lambda first: -first[0],
    )
    if not firsts:
        return None
    if opening:
        return firsts[0][0], (firsts[0][1:],)
    over_it, onto_it = _reverse(lines)
    best = -(1 << 62)
    best_jumps: tuple[RawJump, ...] = ()

    def step(start: int, over: int, land: int) -> int:
        return sign * (
            (weights[land] - weights[start]) * PAWN_VALUE[board[start]]
            - weights[over] * PAWN_VALUE[board[over]]
        )

    def chain(at: int) -> tuple[int, tuple[RawJump, ...]]:
        """The best the pawn on ``at`` adds by jumping on (0: it stops), and its jumps."""
        pawn = board[at]
        most = 0
        path: tuple[RawJump, ...] = ()
        for over, land in lines[at]:
            jumped = board[over]
            if jumped and not board[land]:
                gain = step(at, over, land)
                board[at] = board[over] = 0
                board[land] = pawn
                more, rest = chain(land)
                board[land] = 0
                board[at], board[over] = pawn, jumped
                if gain + more > most:
                    most, path = gain + more, ((at, over, land), *rest)
        return most, path

    for gain, start, over, land in firsts:
        pawn, jumped = board[start], board[over]
        board[start] = board[over] = 0
        board[land] = pawn
        more, then = chain(land)
        for gain2, start2, over2, land2 in firsts:
            if start2 not in (start, over) and over2 not in (start, over) and land2 != land:
                if gain2 > more:
                    more, then = gain2, ((start2, over2, land2),)
                break
        for start2, land2 in over_it[land]:
            if board[start2] and not board[land2] and (gain2 := step(start2, land, land2)) > more:
                more, then = gain2, ((start2, land, land2),)
        for emptied in (start, over):
            for start2, over2 in onto_it[emptied]:
                if (
                    board[start2]
                    and board[over2]
                    and (gain2 := step(start2, over2, emptied)) > more
                ):
                    more, then = gain2, ((start2, over2, emptied),)
        board[land] = 0
        board[start], board[over] = pawn, jumped
        if gain + more > best:
            best, best_jumps = gain + more, ((start, over, land), *then)
    return best, best_jumps


def play(cells: bytes, jumps: tuple[RawJump, ...]) -> bytes:
    """The packed position after ``jumps`` (taken to be legal) from ``cells``."""
    board = bytearray(cells)
    for start, over, land in jumps:
        board[land] = board[start]
        board[start] = board[over] = 0
    return bytes(board)
