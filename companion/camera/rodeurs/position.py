"""Seeded Rôdeurs positions to photograph: reached from a layout's start by random legal turns."""

from __future__ import annotations

import random

from patrolkit.games.rodeurs import Layout, State, apply, is_over, legal_turns

MID_GAME_TURNS = (1, 20)
"""How many turns a random mid-game position plays (fewer if the game ends first)."""
TO_THE_END = 0.25
"""The share of seeds whose random position, when no number of turns is given, is the end of
a game."""


def random_position(layout: Layout, seed: int, *, turns: int | None = None) -> State:
    """A position reached from ``layout``'s start by seeded random legal turns.

    With ``turns``, that many turns are played (fewer if the game ends first; 0 is the start).
    Without, the seed decides: one seed in four (:data:`TO_THE_END`) plays to the end of the
    game, the others stop after 1 to 20 turns (:data:`MID_GAME_TURNS`), in mid-game.
    """
    rng = random.Random(seed)
    if turns is None and rng.random() >= TO_THE_END:
        turns = rng.randint(*MID_GAME_TURNS)
    state = layout.state
    played = 0
    while (turns is None or played < turns) and not is_over(state):
        state = apply(state, rng.choice(legal_turns(state)))
        played += 1
    return state
