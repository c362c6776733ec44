"""Rôdeurs rules engine speed: legal-turn generation and whole random games.

Run from the project root: ``python -m bench.rules_rodeurs``. Writes
``bench/results/rules_rodeurs.json``.

* *Legal turns*, for the classic start and the mid-game positions of
  ``tests/data/rodeurs_perft.toml``: :func:`legal_turns` is called repeatedly on the position;
  ``positions_per_s`` is how many positions are fully expanded per second, ``turns_per_s`` how many
  legal turns (distinct resulting positions) come out per second.
* *Random games*: games from the classic start, every turn drawn at random among the legal turns,
  played to the end; the time of each whole game (summary: median, 95th percentile, maximum).
"""

from __future__ import annotations

import random
import time
import tomllib
from pathlib import Path
from typing import Any

from bench.common import save, stopwatch, summary
from patrolkit.games.rodeurs import State, apply, classic_layout, is_over, legal_turns

PERFT = Path(__file__).resolve().parent.parent / "tests" / "data" / "rodeurs_perft.toml"
MIN_SECONDS = 1.0
"""Each position is expanded again and again for at least this long."""
GAMES = 60


def generation_speed(state: State) -> dict[str, Any]:
    """Positions and legal turns per second for ``state``."""
    calls = turns = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < MIN_SECONDS:
        turns += len(legal_turns(state))
        calls += 1
    return {
        "legal_turns": turns // calls,
        "calls": calls,
        "positions_per_s": round(calls / elapsed, 1),
        "turns_per_s": round(turns / elapsed),
    }


def random_games(count: int) -> dict[str, Any]:
    """Time whole random games from the classic start."""
    seconds: list[float] = []
    lengths: list[int] = []
    for seed in range(count):
        rng = random.Random(seed)
        state = classic_layout().state
        turns = 0
        with stopwatch(seconds):
            while not is_over(state):
                state = apply(state, rng.choice(legal_turns(state)))
                turns += 1
        lengths.append(turns)
    return {
        "games": count,
        "turns_per_game_mean": round(sum(lengths) / count, 1),
        **{key: round(value, 4) for key, value in summary(seconds).items()},
    }


def main() -> None:
    perft = tomllib.loads(PERFT.read_text(encoding="utf-8"))
    figures: dict[str, Any] = {"legal_turns": {}}
    for entry in perft["position"]:
        figures["legal_turns"][entry["name"]] = generation_speed(State.from_text(entry["text"]))
    figures["random_games"] = random_games(GAMES)
    save("rules_rodeurs", figures)


if __name__ == "__main__":
    main()
