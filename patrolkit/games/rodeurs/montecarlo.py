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

from patrolkit.games.rodeurs.board import SQUARES
from patrolkit.games.rodeurs.evaluate import PAWN_VALUE, pack, side, verdict, weights
from patrolkit.games.rodeurs.expand import children
from patrolkit.games.rodeurs.jump import Line, RawJump, lines_for
from patrolkit.games.rodeurs.model import State

EXPLORATION = 1.4
"""UCB1's weight on trying the turns tried least."""


def playout(cells: bytearray, lines: tuple[tuple[Line, ...], ...], rng: random.Random) -> None:
    """Play random turns on ``cells`` (changed in place) until no jump is left."""
    while True:
        jumps = [
            (start, over, land)
            for start in range(SQUARES)
            if cells[start]
            for over, land in lines[start]
            if cells[over] and not cells[land]
        ]
        if not jumps:
            return
        for count in range(2):
            if count and (not jumps or rng.random() < 0.5):
                break
            start, over, land = rng.choice(jumps)
            cells[land], cells[start], cells[over] = cells[start], 0, 0
            jumps = [(s, o, la) for s, o, la in jumps if cells[s] and cells[o] and not cells[la]]


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
    for played in range(max(playouts, len(turns))):
        if played < len(turns):
            pick = played
        else:
            log = math.log(played)
            pick = max(
                range(len(turns)),
                key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log / visits[i]),
            )
        cells = bytearray(turns[pick][1])
        playout(cells, lines, rng)
        final = sum(table[sq] * PAWN_VALUE[value] for sq, value in enumerate(cells) if value)
        visits[pick] += 1
        totals[pick] += verdict(sign * final)
    best = max(range(len(turns)), key=lambda i: (visits[i], totals[i]))
    return turns[best][2], totals[best] / visits[best]
