"""The Patrolis kit's maps: a seed's map and (for two) the next seed's that differs from it, each
with the objective deal that seed makes."""

from __future__ import annotations

from dataclasses import dataclass

from generator.patrolis.terrain import generate_map
from patrolkit.games.patrolis import Map, Objective, deal_objectives


@dataclass(frozen=True)
class KitMap:
    """One of the kit's maps, the seed that made it and its objective deal."""

    number: int
    game_map: Map
    deal: tuple[Objective, ...]


def kit_maps(seed: int, size: int, count: int = 2) -> tuple[KitMap, ...]:
    """The kit's ``count`` maps (one or two): ``seed``'s, and the next seed's that is a different
    map; each with the objective deal seeded by ``seed``."""
    first = generate_map(seed, size=size)
    maps = [KitMap(1, first, deal_objectives(first, seed))]
    if count == 1:
        return tuple(maps)
    other = seed + 1
    second = generate_map(other, size=size)
    while second.digest == first.digest:
        other += 1
        second = generate_map(other, size=size)
    maps.append(KitMap(2, second, deal_objectives(second, seed)))
    return tuple(maps)
