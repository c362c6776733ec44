"""12 Patrols solver speed: proving or refuting one deck and roll, and making rated decks.

Run from the project root: ``python -m bench.solver_twelve_patrols``. Writes
``bench/results/solver_twelve_patrols.json``.

* *Prove or refute*: candidate decks as the generator draws them (before rating, so some cannot be
  won) for each difficulty, and as many *unplanted* decks, whose every edge is drawn at random
  with the hard style (most of those cannot be won); each with a few seeded rolls. One
  :func:`solve` call per (deck, roll) pair, in order, so the first roll of a deck also pays for
  the work shared by every roll. The summary (median, 95th percentile, maximum) is given for all
  pairs, the winnable ones and the unwinnable ones, and per family of decks.
* *Deck generation*: :func:`generator.twelve_patrols.decks.random_deck` with the default rating
  sample, for a few seeds per difficulty.
"""

from __future__ import annotations

import random
from typing import Any

from bench.common import save, stopwatch, summary
from generator.twelve_patrols.decks import (
    STYLES,
    random_cards,
    random_deck,
    random_edge,
    sample_rolls,
)
from patrolkit.games.twelve_patrols import DIFFICULTIES, Card, Deck, solve

DECKS_PER_DIFFICULTY = 12
ROLLS_PER_DECK = 3
GENERATION_SEEDS = (0, 1, 2)


def _rounded(figures: dict[str, float]) -> dict[str, float]:
    return {key: round(value, 4) for key, value in figures.items()}


def unplanted(rng: random.Random) -> Deck:
    """Nine cards whose every edge is drawn at random with the hard style."""
    style = STYLES["hard"]
    return Deck(
        "unplanted",
        tuple(Card(f"Card {i}", *(random_edge(rng, style) for _ in range(4))) for i in range(9)),
    )


def _split(won: list[float], lost: list[float]) -> dict[str, Any]:
    every = won + lost
    return {
        "pairs": len(every),
        "winnable": len(won),
        "unwinnable": len(lost),
        "all": _rounded(summary(every)),
        "winnable_pairs": _rounded(summary(won)) if won else {},
        "unwinnable_pairs": _rounded(summary(lost)) if lost else {},
    }


def prove_or_refute() -> dict[str, Any]:
    """Time one solve per (deck, roll) pair."""
    families: dict[str, tuple[list[float], list[float]]] = {}
    for family in (*DIFFICULTIES, "unplanted"):
        rng = random.Random(f"bench-{family}")
        won: list[float] = []
        lost: list[float] = []
        for number in range(DECKS_PER_DIFFICULTY):
            deck = unplanted(rng) if family == "unplanted" else random_cards(rng, family)
            for roll in sample_rolls(1000 + number, ROLLS_PER_DECK):
                seconds: list[float] = []
                with stopwatch(seconds):
                    found = solve(deck, roll)
                (won if found is not None else lost).extend(seconds)
        families[family] = (won, lost)
    every_won = [t for won, _ in families.values() for t in won]
    every_lost = [t for _, lost in families.values() for t in lost]
    return {
        **_split(every_won, every_lost),
        "by_family": {family: _split(*times) for family, times in families.items()},
    }


def generation() -> dict[str, Any]:
    """Time :func:`random_deck` per difficulty."""
    figures: dict[str, Any] = {}
    for difficulty in DIFFICULTIES:
        seconds: list[float] = []
        for seed in GENERATION_SEEDS:
            with stopwatch(seconds):
                random_deck(seed, difficulty)
        figures[difficulty] = {"decks": len(seconds), **_rounded(summary(seconds))}
    return figures


def main() -> None:
    save(
        "solver_twelve_patrols",
        {"prove_or_refute": prove_or_refute(), "deck_generation": generation()},
    )


if __name__ == "__main__":
    main()
