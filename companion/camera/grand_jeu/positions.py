"""Seeded grand jeu positions for the virtual camera: random play from the start, every rule
applied (:func:`patrolkit.games.grand_jeu.random_game`)."""

from __future__ import annotations

import random

from patrolkit.games.grand_jeu import Options, State, apply, random_game

TURNS_RANGE = (4, 40)
"""How many turns a mid-game position is from the start."""


def kit_options(players: int, arrows: str) -> Options:
    """The options of a kit for ``players`` patrols printed with the red arrows ``arrows``
    (``"017"``); the rest at their defaults."""
    return Options(players=players, arrows=tuple(int(a) for a in arrows))


def mid_game(options: Options, seed: int, *, turns: int | None = None) -> State:
    """``turns`` random turns (drawn from :data:`TURNS_RANGE` when not given) from the start,
    fewer if the game ends first; the patrol to move is the next one."""
    rng = random.Random(f"grand-jeu-mid-game:{seed}")
    target = turns if turns is not None else rng.randint(*TURNS_RANGE)
    first = rng.choice(options.patrols)
    state = State.start(options, first=first)
    played = random_game(state, rng, turns=target)
    if played:
        last, turn = played[-1]
        state = apply(last, turn)
    return state
