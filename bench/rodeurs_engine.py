"""How strong the Rôdeurs computer player is, level by level, and how long it thinks.

Run from the project root: ``python -m bench.rodeurs_engine [--games N] [--levels L…]
[--against random|below…] [--mcts N]``.
Each match is added to ``bench/results/rodeurs_engine.json`` as soon as it ends (the matches
already there and not played again are kept), so matches may run in several processes at once and
a long run that is stopped keeps the matches it finished.

* Each level plays ``--games`` games from the classic start against a player drawing its turns at
  random among the legal ones, and as many against the level below; the seats swap every game.
  For each match: the level's wins, draws and losses, its win rate and score (a draw counts one
  half) with 95 % Wilson intervals, and the median and maximum seconds per turn of each side.
* ``--mcts N``: the default level (alpha-beta over whole turns) against flat Monte Carlo (UCB1
  over the root turns, random playouts to the end) given the same time per turn as the default
  level's median against the random player; ``N`` games.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from bench.common import RESULTS, save
from patrolkit.games.rodeurs import (
    Jump,
    Player,
    State,
    Turn,
    apply,
    classic_layout,
    is_over,
    legal_turns,
    result,
)
from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL, LEVELS, choose_turn
from patrolkit.games.rodeurs.evaluate import PAWN_VALUE, pack, side, weights
from patrolkit.games.rodeurs.expand import children
from patrolkit.games.rodeurs.fairness import wilson
from patrolkit.games.rodeurs.jump import lines_for
from patrolkit.games.rodeurs.montecarlo import playout

Chooser = Callable[[State, int], Turn]
"""A player: the turn it plays in a position, given a seed."""


def level_player(level: int) -> Chooser:
    return lambda state, seed: choose_turn(state, level=level, seed=seed).turn


def random_player(state: State, seed: int) -> Turn:
    return random.Random(seed).choice(legal_turns(state))


def mcts_player(seconds: float) -> Chooser:
    """Flat Monte Carlo: UCB1 over the root turns, random playouts, ``seconds`` per turn."""

    def choose(state: State, seed: int) -> Turn:
        rng = random.Random(seed)
        lines = lines_for(state.board.diagonal)
        table = weights(state.board).cells
        sign = side(state.to_move)
        root = children(pack(state), lines, table, state.opening)
        visits = [0] * len(root)
        totals = [0.0] * len(root)
        deadline = time.perf_counter() + seconds
        played = 0
        while played < len(root) or time.perf_counter() < deadline:
            if played < len(root):
                pick = played
            else:
                log = math.log(played)
                pick = max(
                    range(len(root)),
                    key=lambda i: totals[i] / visits[i] + 1.4 * math.sqrt(log / visits[i]),
                )
            final = bytearray(root[pick][1])
            playout(final, lines, rng)
            value = sign * sum(table[sq] * PAWN_VALUE[p] for sq, p in enumerate(final) if p)
            visits[pick] += 1
            totals[pick] += (value > 0) - (value < 0)
            played += 1
        best = max(range(len(root)), key=lambda i: visits[i])
        return Turn(tuple(Jump(*raw) for raw in root[best][2]), state.opening)

    return choose


def match(tested: Chooser, other: Chooser, games: int, seed: int) -> dict[str, Any]:
    """``games`` games, ``tested`` moving first in the even ones; its record and its timing."""
    wins = draws = 0
    seconds: dict[str, list[float]] = {"tested": [], "other": []}
    match_started = time.perf_counter()
    for game in range(games):
        state = classic_layout().state
        tested_side = Player.WHITE if game % 2 == 0 else Player.BLACK
        turn_number = 0
        while not is_over(state):
            who = "tested" if state.to_move is tested_side else "other"
            player = tested if who == "tested" else other
            started = time.perf_counter()
            turn = player(state, (seed * 10_007 + game) * 1000 + turn_number)
            seconds[who].append(time.perf_counter() - started)
            state = apply(state, turn)
            turn_number += 1
        winner = result(state).winner
        wins += winner is tested_side
        draws += winner is None
    interval = wilson(wins, games)
    score = wilson(wins + draws / 2, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "win_rate": round(wins / games, 3),
        "win_interval": [round(interval.low, 3), round(interval.high, 3)],
        "score": round((wins + draws / 2) / games, 3),
        "score_interval": [round(score.low, 3), round(score.high, 3)],
        "seconds": round(time.perf_counter() - match_started, 1),
        "seconds_per_turn": {
            who: {"median": round(statistics.median(t), 4), "max": round(max(t), 3)}
            for who, t in seconds.items()
            if t
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per match (default 6)")
    parser.add_argument("--mcts", type=int, default=0, help="games against Monte Carlo")
    parser.add_argument("--levels", type=int, nargs="*", default=sorted(LEVELS))
    parser.add_argument(
        "--against",
        nargs="+",
        choices=("random", "below"),
        default=["random", "below"],
        help="each level's opponents: the random player, the level below (default both)",
    )
    args = parser.parse_args()
    for level in args.levels:
        if "random" in args.against:
            name = f"level {level} vs random"
            _record(name, match(level_player(level), random_player, args.games, level))
        if "below" in args.against and level - 1 in LEVELS:
            _record(
                f"level {level} vs level {level - 1}",
                match(level_player(level), level_player(level - 1), args.games, 100 + level),
            )
    if args.mcts:
        default = _matches().get(f"level {DEFAULT_LEVEL} vs random")
        per_turn = default["seconds_per_turn"]["tested"]["median"] if default else 0.25
        name = f"level {DEFAULT_LEVEL} (alpha-beta) vs flat Monte Carlo at {per_turn:.2f} s/turn"
        _record(name, match(level_player(DEFAULT_LEVEL), mcts_player(per_turn), args.mcts, 999))


NAME = "rodeurs_engine"


def _matches() -> dict[str, Any]:
    path = RESULTS / f"{NAME}.json"
    return json.loads(path.read_text())["figures"]["matches"] if path.exists() else {}


def _record(name: str, figures: dict[str, Any]) -> None:
    """Add one finished match to the results file, under a lock (matches may run at once)."""
    print(name, figures, flush=True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    with open(RESULTS / f"{NAME}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        matches = _matches()
        matches[name] = figures
        levels = {k: asdict(v) for k, v in LEVELS.items()}
        save(NAME, {"levels": levels, "default_level": DEFAULT_LEVEL, "matches": matches})


if __name__ == "__main__":
    main()
