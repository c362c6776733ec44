"""Patrolis maps and refereeing speed: map generation, terrain shares, and validate().

Run from the project root: ``python -m bench.patrolis_maps``. Writes
``bench/results/patrolis_maps.json``.

* *Generation*: :func:`generate_map` for seeds ``0..N-1`` at 16 x 16 and 24 x 24; the time of
  each map in milliseconds (summary: median, 95th percentile, maximum), retries and the
  playability check included.
* *Shares*: the share of each terrain class (and of sea) over the 16 x 16 maps: mean, lowest
  and highest.
* *Validate*: random games (two to six players, random legal turns) on generated maps; every
  turn is refereed from the two positions, and :func:`validate` is timed in milliseconds
  (summary), as is :func:`play`.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench.common import save, stopwatch, summary
from generator.patrolis.terrain import generate_map
from patrolkit.games.patrolis import (
    Kind,
    Terrain,
    is_over,
    new_game,
    play,
    random_turn,
    validate,
)

MAPS = {16: 500, 24: 150}
"""Seeds timed at each size."""
GAMES = 12


def generation(size: int, count: int) -> tuple[dict[str, Any], list[Any]]:
    """Time ``count`` maps of ``size``; the figures and the maps."""
    seconds: list[float] = []
    maps = []
    for seed in range(count):
        with stopwatch(seconds):
            maps.append(generate_map(seed, size=size))
    figures = {
        "maps": count,
        **{key: round(value * 1000, 3) for key, value in summary(seconds).items()},
    }
    return {_ms(key): value for key, value in figures.items()}, maps


def _ms(key: str) -> str:
    return key.replace("_s", "_ms") if key.endswith("_s") else key


def shares(maps: list[Any]) -> dict[str, dict[str, float]]:
    """Mean, lowest and highest share of each class and of sea over ``maps``."""
    columns: dict[str, list[float]] = {t.label: [] for t in Terrain}
    columns["sea"] = []
    for game_map in maps:
        for terrain, share in game_map.shares().items():
            columns[terrain.label].append(share)
        columns["sea"].append(sum(k is Kind.SEA for k in game_map.kinds) / len(game_map.kinds))
    return {
        name: {
            "mean": round(statistics.fmean(values), 3),
            "min": round(min(values), 3),
            "max": round(max(values), 3),
        }
        for name, values in columns.items()
    }


def refereeing(games: int) -> dict[str, Any]:
    """Play random games and time :func:`play` and :func:`validate` on every turn."""
    validating: list[float] = []
    playing: list[float] = []
    turns = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(generate_map(seed), 2 + seed % 5, seed=seed)
        while not is_over(state):
            turn = random_turn(state, rng)
            with stopwatch(playing):
                played = play(state, turn)
            with stopwatch(validating):
                validate(state, played.after)
            state = played.after
            turns += 1
    return {
        "games": games,
        "turns": turns,
        "validate": {_ms(k): round(v * 1000, 3) for k, v in summary(validating).items()},
        "play": {_ms(k): round(v * 1000, 3) for k, v in summary(playing).items()},
    }


def main() -> None:
    started = time.perf_counter()
    figures: dict[str, Any] = {"generation": {}}
    maps16: list[Any] = []
    for size, count in MAPS.items():
        figures["generation"][f"{size}x{size}"], maps = generation(size, count)
        if size == 16:
            maps16 = maps
    figures["shares_16x16"] = shares(maps16)
    figures["refereeing"] = refereeing(GAMES)
    figures["total_s"] = round(time.perf_counter() - started, 1)
    save("patrolis_maps", figures)


if __name__ == "__main__":
    main()
