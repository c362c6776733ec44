"""Le grand jeu des patrouilles referee speed: :func:`explain` on random turns whose turn is known.

Run from the project root: ``python -m bench.grand_jeu_explain``. Writes
``bench/results/grand_jeu_explain.json``.

Half the turns come from random games played from the start position, half from random crowded
positions (:func:`random_position`, where captures and bonus turns are frequent); two, three and
four patrols, with and without the "culs de pat'" variant, with bonus-turn budgets of 2 to 4. Every
turn is drawn at random among legal acts (captures preferred when there are some, each part ending
at random once it has moved, a bonus turn taken at random after a capture). For each of
:data:`TURNS` turns, :func:`explain` is timed on the position before and the position after; it
*found* the turn when it returns a turn that, replayed, gives the same position. Then, for
:data:`CHANGED` positions after a random crowded turn, one scout of the patrol that moved is turned
as a player might misplace it: :func:`explain` either finds another turn or refuses in a sentence,
and is timed too. Targets: median at most 50 ms, maximum at most 1 s (both sets), found 100 %.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from bench.common import save, summary
from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu import (
    Options,
    State,
    Turn,
    apply,
    explain,
    is_blocked,
    outcome,
    random_position,
    random_turn,
)

TURNS = 1_000
CHANGED = 200
SEED = 2026
GAME_LENGTH = 40


def _options(rng: random.Random) -> Options:
    return Options(
        rng.choice((2, 2, 3, 4)),
        far_row_to_win=rng.choice((3, 4)),
        bonus_foulards=rng.choice((2, 3, 4)),
        culs_de_pat=rng.random() < 0.3,
    )


def crowded_turns(count: int, seed: int) -> list[tuple[State, Turn]]:
    """``count`` random crowded positions, each with a random turn played from it."""
    rng = random.Random(seed)
    found: list[tuple[State, Turn]] = []
    while len(found) < count:
        state = random_position(_options(rng), rng)
        if outcome(state) is None and not is_blocked(state):
            found.append((state, random_turn(state, rng, stop=rng.uniform(0.05, 0.5))))
    return found


def random_turns(count: int, seed: int) -> list[tuple[State, Turn]]:
    """``count`` positions of random games, each with the random turn played from it."""
    rng = random.Random(seed)
    found: list[tuple[State, Turn]] = []
    while len(found) < count:
        state = State.start(_options(rng))
        for _ in range(GAME_LENGTH):
            if outcome(state) is not None or is_blocked(state):
                break
            turn = random_turn(state, rng, stop=rng.uniform(0.1, 0.5))
            found.append((state, turn))
            state = apply(state, turn)
            if len(found) == count:
                break
    return found


def changed_positions(count: int, seed: int) -> list[tuple[State, State]]:
    """``count`` pairs (before, after) where one scout of the mover is turned after its turn."""
    rng = random.Random(seed)
    found: list[tuple[State, State]] = []
    while len(found) < count:
        before = random_position(_options(rng), rng)
        mover = before.to_move
        if mover is None or outcome(before) is not None or is_blocked(before):
            continue
        after = apply(before, random_turn(before, rng, stop=0.05))
        mine = [s for s in after.scouts_of(mover) if not after.is_frozen(s)]
        if not mine:
            continue
        changed = replace(mine[0], direction=mine[0].direction.turned(rng.randrange(1, 8)))
        scouts = tuple(changed if s == mine[0] else s for s in after.scouts)
        found.append((before, replace(after, scouts=scouts)))
    return found


def judge_changed(pairs: list[tuple[State, State]]) -> dict[str, Any]:
    """Time :func:`explain` on positions no random turn was aimed at; count its refusals."""
    seconds: list[float] = []
    refused = 0
    for before, after in pairs:
        start = time.perf_counter()
        try:
            explain(before, after)
        except IllegalTurn:
            refused += 1
        seconds.append(time.perf_counter() - start)
    times = summary(seconds)
    return {
        "positions": len(pairs),
        "refused": refused,
        "median_ms": round(1000 * times["median_s"], 2),
        "max_ms": round(1000 * times["max_s"], 2),
        "max_s": times["max_s"],
    }


def main() -> None:
    turns = random_turns(TURNS // 2, SEED) + crowded_turns(TURNS - TURNS // 2, SEED)
    seconds: list[float] = []
    missed: list[dict[str, str]] = []
    bonus = captures = 0
    by_players: dict[int, list[float]] = {2: [], 3: [], 4: []}
    for before, played in turns:
        after = apply(before, played)
        bonus += played.bonus is not None
        captures += played.captures > 0
        start = time.perf_counter()
        try:
            found = explain(before, after)
            ok = apply(before, found.turn).same_position(after)
            why = "" if ok else f"explain gave {found.turn}, which leads elsewhere"
        except IllegalTurn as exc:
            ok, why = False, str(exc)
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        by_players[before.options.players].append(elapsed)
        if not ok:
            missed.append({"before": before.text, "turn": str(played), "why": why})
    times = summary(seconds)
    changed = judge_changed(changed_positions(CHANGED, SEED))
    changed_max_s = changed.pop("max_s")
    figures: dict[str, Any] = {
        "turns": len(turns),
        "turns_with_a_capture": captures,
        "turns_with_a_bonus_turn": bonus,
        "found": len(turns) - len(missed),
        "found_rate": round((len(turns) - len(missed)) / len(turns), 4),
        "median_ms": round(1000 * times["median_s"], 2),
        "p95_ms": round(1000 * times["p95_s"], 2),
        "max_ms": round(1000 * times["max_s"], 2),
        "median_ms_by_patrols": {
            str(players): round(1000 * summary(values)["median_s"], 2)
            for players, values in by_players.items()
            if values
        },
        "changed": changed,
        "targets": {"median_ms": 50, "max_ms": 1000, "found_rate": 1.0},
        "met": times["median_s"] <= 0.05
        and max(times["max_s"], changed_max_s) <= 1.0
        and not missed,
        "missed": missed[:10],
    }
    save("grand_jeu_explain", figures)


if __name__ == "__main__":
    main()
