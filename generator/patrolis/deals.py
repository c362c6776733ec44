"""The Patrolis kit's two maps: a seed's map and the next seed's that differs from it, each with
the objective deal that seed makes."""

from __future__ import annotations

from dataclasses import dataclass

from generator.patrolis.terrain import generate_map
from patrolkit.games.patrolis import Map, Objective, deal_objectives


@dataclass(frozen=True)
class KitMap:
    """One of the kit's two maps, the seed that made it and its objective deal."""

    number: int
    game_map: Map
    deal: tuple[Objective, ...]


def kit_maps(seed: int, size: int) -> tuple[KitMap, KitMap]:
    """The two maps: ``seed``'s, and the next seed's that is a different map; each with the
    objective deal seeded by ``seed``."""
    first = generate_map(seed, size=size)
    other = seed + 1
    second = generate_map(other, size=size)
    while second.digest == first.digest:
        other += 1
        second = generate_map(other, size=size)
    return (
        KitMap(1, first, deal_objectives(first, seed)),
        KitMap(2, second, deal_objectives(second, seed)),
    )
