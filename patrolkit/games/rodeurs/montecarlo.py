"""Rôdeurs turns weighed by random games: flat Monte Carlo over the legal turns.

Each legal turn is tried in random games played to the end (*playouts*), and the turn whose games
went best is played. Which turn gets the next playout follows UCB1: the turns that did well so far,
and the ones tried least, are tried more. A playout plays random turns: one random jump, and half
the time a second one among the jumps the first left standing.

Budgets count playouts, not seconds, and every random draw comes from the seed, so the same
position, budget and seed always give the same turn.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from patrolkit.games.rodeurs.board import SQUARES
from patrolkit.games.rodeurs.evaluate import PAWN_VALUE, pack, side, verdict, weights
from patrolkit.games.rodeurs.expand import children
from patrolkit.games.rodeurs.jump import Line, RawJump, lines_for
from patrolkit.games.rodeurs.model import State

EXPLORATION = 1.4
"""UCB1's weight on trying the turns tried least."""


def playout(cells: bytearray, lines: tuple[tuple[Line, ...], ...], rng: random.Random) -> None:
    """Play random turns on ``cells`` (changed in place) until no jump is left.

    The jumps that fit are kept up to date as pawns move: a jump empties two cells and fills
    one, and only the jumps through those three are looked at again. They are drawn from in the
    board's order (by start square, then by line), so a seed plays the same game as one that
    lists every jump afresh each turn."""
    table = _jump_table(lines)
    jumps = table.jumps
    open_jumps = {
        index
        for index, (start, over, land) in enumerate(jumps)
        if cells[start] and cells[over] and not cells[land]
    }
    while open_jumps:
        standing = sorted(open_jumps)
        for count in range(2):
            if count and (not standing or rng.random() < 0.5):
                break
            start, over, land = jumps[rng.choice(standing)]
            cells[land], cells[start], cells[over] = cells[start], 0, 0
            for emptied in (start, over):
                open_jumps.difference_update(table.starting[emptied], table.over[emptied])
                for index in table.landing[emptied]:
                    s, o, _ = jumps[index]
                    if cells[s] and cells[o]:
                        open_jumps.add(index)
            open_jumps.difference_update(table.landing[land])
            for index in table.starting[land]:
                if cells[jumps[index][1]] and not cells[jumps[index][2]]:
                    open_jumps.add(index)
            for index in table.over[land]:
                if cells[jumps[index][0]] and not cells[jumps[index][2]]:
                    open_jumps.add(index)
            standing = [index for index in standing if index in open_jumps]


@dataclass(frozen=True)
class _JumpTable:
    """Every jump of a jump table in the board's order, and for each square the indices of the
    jumps that start from it, pass over it and land on it."""

    jumps: tuple[RawJump, ...]
    starting: tuple[tuple[int, ...], ...]
    over: tuple[tuple[int, ...], ...]
    landing: tuple[tuple[int, ...], ...]


_TABLES: dict[int, tuple[tuple[tuple[Line, ...], ...], _JumpTable]] = {}


def _jump_table(lines: tuple[tuple[Line, ...], ...]) -> _JumpTable:
    """The :class:`_JumpTable` of ``lines``, made once per table (looked up by identity:
    :func:`~patrolkit.games.rodeurs.jump.lines_for` hands out the same two tables)."""
    kept = _TABLES.get(id(lines))
    if kept is not None and kept[0] is lines:
        return kept[1]
    jumps = tuple((start, over, land) for start in range(SQUARES) for over, land in lines[start])
    by_role: list[list[list[int]]] = [[[] for _ in range(SQUARES)] for _ in range(3)]
    for index, jump in enumerate(jumps):
        for role, square in enumerate(jump):
            by_role[role][square].append(index)
    starting, over, landing = (tuple(map(tuple, squares)) for squares in by_role)
    table = _JumpTable(jumps, starting, over, landing)
    _TABLES[id(lines)] = (lines, table)
    return table


def monte_carlo(state: State, *, playouts: int, seed: int) -> tuple[tuple[RawJump, ...], float]:
    """The jumps of the turn whose playouts went best for the player to move, and its mean
    result over them (1 a win, 0 a draw, -1 a loss). Every turn gets at least one playout.

    Raises ``ValueError`` when the game is over (no turn to weigh).
    """
    rng = random.Random(seed)
    lines = lines_for(state.board.diagonal)
    table = weights(state.board).cells
    sign = side(state.to_move)
    turns = children(pack(state), lines, table, state.opening)
    if not turns:
        raise ValueError("no turn to weigh: the game is over")
    visits = [0] * len(turns)
    totals = [0] * len(turns)
    means = [0.0] * len(turns)
    for played in range(max(playouts, len(turns))):
        if played < len(turns):
            pick = played
        else:
            # UCB1: the first turn with the highest mean plus exploration term. The term is
            # worked out once per visit count (most turns share a few), the same sum as a
            # turn-by-turn one, so the same turn is picked.
            log = math.log(played)
            term = {count: EXPLORATION * math.sqrt(log / count) for count in set(visits)}
            scores = [mean + term[count] for mean, count in zip(means, visits, strict=True)]
            pick = scores.index(max(scores))
        cells = bytearray(turns[pick][1])
        playout(cells, lines, rng)
        final = sum(table[sq] * PAWN_VALUE[value] for sq, value in enumerate(cells) if value)
        visits[pick] += 1
        totals[pick] += verdict(sign * final)
        means[pick] = totals[pick] / visits[pick]
    best = max(range(len(turns)), key=lambda i: (visits[i], totals[i]))
    return turns[best][2], totals[best] / visits[best]
