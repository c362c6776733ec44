"""Seeded mid-game Patrolis positions that a printed kit can lay out, for the virtual camera.

:func:`mid_game` plays random legal turns (:func:`~patrolkit.games.patrolis.random_turn`) from
the kit's first map and its printed objective deal until the table holds 40 to 120 steps, never
using more tiles of a shape than the kit prints for a player (a crossing's straight beneath
counts as a tile).
"""

from __future__ import annotations

import random

from companion.camera.patrolis.kit import PatrolisKitRaster, tile_stock, tiles_needed
from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import Shape, State, apply, is_over, new_game, random_turn

STEPS_RANGE = (40, 120)
"""How many steps a mid-game table holds."""


def _fits(state: State, have: dict[tuple[int, Shape], int]) -> bool:
    return all(n <= have.get(key, 0) for key, n in tiles_needed(state).items())


def mid_game(kit: PatrolisKitRaster, seed: int, *, steps: int | None = None) -> State:
    """A seeded mid-game position on the kit's first map with its printed objective deal:
    random legal turns until the table holds ``steps`` steps (drawn from :data:`STEPS_RANGE`
    when not given), never more of a shape than the kit has tiles of; fewer if the game ends
    or no turn fits the tiles left."""
    rng = random.Random(f"patrolis-mid-game:{seed}")
    target = steps if steps is not None else rng.randint(*STEPS_RANGE)
    have = {key: len(items) for key, items in tile_stock(kit).items()}
    deal_seed = int(kit.manifest.options["seed"])
    state = new_game(kit.game_map, kit.players, seed=deal_seed, first=rng.randrange(kit.players))
    while not is_over(state) and _count(state) < target:
        for _ in range(40):
            try:
                after = apply(state, random_turn(state, rng))
            except IllegalTurn:
                return state
            if _fits(after, have):
                state = after
                break
        else:
            return state
    return state


def _count(state: State) -> int:
    return sum(len(t.lines) for t in state.tracks)
