"""Towns and roads on a seeded Patrolis map: a few towns on countryside, joined to each other and
to a few points of the border, each road taking the cheapest way (countryside is cheap, mountains
dear, existing roads are joined rather than doubled). A road crosses a river only where the river
runs straight, at right angles, over one cell: that cell is a bridge."""

from __future__ import annotations

import heapq
import itertools
import math
import random

from patrolkit.games.patrolis.grid import (
    EDGES,
    Edge,
    Kind,
    Point,
    Polyline,
    centre_point,
    edge_point,
)

_BRIDGE_COST = 3.0
_ROAD_COST = {Kind.COUNTRYSIDE: 1.0, Kind.TOWN: 0.6, Kind.MOUNTAIN: 3.2}


class TownsAndRoads:
    """The last step of a map attempt, and the cell geometry the rivers share with the roads; a
    base of the attempt, which holds the cells."""

    rng: random.Random
    size: int
    cells: int
    around: tuple[tuple[int, int, int, int], ...]
    kinds: list[Kind]
    roads: list[Polyline]
    river_edges: dict[int, set[str]]
    """For each river cell, the edges its river line touches ('C' for its centre)."""
    sources: set[int]
    """The mountain cells rivers spring from (kept mountain: no river or road crosses them)."""

    def _inner(self, cell: int) -> bool:
        return min(self.around[cell]) >= 0

    def _shared_point(self, a: int, b: int) -> Point:
        """The midpoint of the edge between neighbouring cells ``a`` and ``b``."""
        edge = next(e for e, o in zip(EDGES, self.around[a], strict=True) if o == b)
        return edge_point(self.size, a, edge)

    def _roads(self) -> bool:
        """Place towns and roads; ``False`` if the attempt cannot join them all."""
        rng, size, kinds = self.rng, self.size, self.kinds
        spacing = max(3, size // 4)
        towns: list[int] = []
        ground = [c for c in range(self.cells) if kinds[c] is Kind.COUNTRYSIDE and self._inner(c)]
        rng.shuffle(ground)
        for cell in ground:
            if len(towns) >= 1 + size // 8:
                break
            if all(_manhattan(size, cell, t) >= spacing for t in towns):
                towns.append(cell)
        if len(towns) < 2:
            return False
        last = size - 1
        sides = {
            Edge.S: [c for c in range(1, last)],
            Edge.N: [last * size + c for c in range(1, last)],
            Edge.W: [r * size for r in range(1, last)],
            Edge.E: [r * size + last for r in range(1, last)],
        }
        entries: list[tuple[int, Edge]] = []
        order = list(EDGES)
        rng.shuffle(order)
        for side in order:
            if len(entries) >= 2 + (size >= 14):
                break
            choices = [
                c
                for c in sides[side]
                if (kinds[c] is Kind.COUNTRYSIDE or kinds[c] is Kind.MOUNTAIN)
                and c not in self.sources
            ]
            if choices:
                entries.append((rng.choice(choices), side))
        if len(entries) < 2:
            return False
        for town in towns:
            kinds[town] = Kind.TOWN
        cost = [math.inf] * self.cells
        for cell, kind in enumerate(kinds):
            if cell not in self.sources and kind in _ROAD_COST:
                cost[cell] = _ROAD_COST[kind] + rng.uniform(0.0, 0.5)
        network = {towns[0]}
        starts: list[tuple[int, Point]] = [(t, centre_point(size, t)) for t in towns[1:]]
        starts += [(c, edge_point(size, c, side)) for c, side in entries]
        for cell, start in starts:
            if cell in network:
                continue
            path = self._cheapest(cell, network, cost)
            if path is None:
                return False
            points = [start]
            points += [self._shared_point(a, b) for a, b in itertools.pairwise(path)]
            points.append(centre_point(size, path[-1]))
            self.roads.append(tuple(points))
            for step in path:
                if kinds[step] is Kind.RIVER:
                    kinds[step] = Kind.BRIDGE
                else:
                    if kinds[step] is not Kind.TOWN:
                        kinds[step] = Kind.ROAD
                    network.add(step)
                    cost[step] = 0.3
        return True

    def _cheapest(self, source: int, network: set[int], cost: list[float]) -> list[int] | None:
        """The cheapest road from ``source`` to a cell of ``network``, or ``None``.

        ``cost`` is what entering each land cell costs (infinite where no road may go); a river
        cell is crossed only on a bridge, straight over it to land beyond.
        """
        kinds, around = self.kinds, self.around
        best = {source: 0.0}
        came: dict[int, tuple[int, int]] = {}
        heap = [(0.0, source)]
        while heap:
            spent, cell = heapq.heappop(heap)
            if spent > best[cell]:
                continue
            if cell in network:
                path = [cell]
                while path[-1] != source:
                    previous, bridge = came[path[-1]]
                    if bridge >= 0:
                        path.append(bridge)
                    path.append(previous)
                path.reverse()
                return path
            for index, other in enumerate(around[cell]):
                if other < 0:
                    continue
                bridge = -1
                step = cost[other]
                if kinds[other] is Kind.RIVER:
                    beyond = around[other][index]
                    if beyond < 0 or not self._bridgeable(other, EDGES[index]):
                        continue
                    bridge, other = other, beyond
                    step = _BRIDGE_COST + cost[other]
                if step == math.inf:
                    continue
                total = spent + step
                if total < best.get(other, math.inf):
                    best[other] = total
                    came[other] = (cell, bridge)
                    heapq.heappush(heap, (total, other))
        return None

    def _bridgeable(self, cell: int, edge: Edge) -> bool:
        """Whether a road going ``edge``-wards may cross river cell ``cell`` on a bridge."""
        across = {Edge.N: {"E", "W"}, Edge.S: {"E", "W"}, Edge.E: {"N", "S"}, Edge.W: {"N", "S"}}
        return self.river_edges.get(cell) == across[edge]


def _manhattan(size: int, a: int, b: int) -> int:
    return abs(a % size - b % size) + abs(a // size - b // size)
