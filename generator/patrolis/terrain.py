"""Seeded Patrolis maps: sea along some coasts, mountain ranges, lakes, rivers, towns and roads.

Pure standard library, and seeded: the same seed and size always give the same map.

How a map is made (one *attempt*; see :func:`generate_map` for retries):

1. **Sea.** One to three sides of the board are coasts; along each, the sea reaches inland by a
   depth that wanders smoothly along the coast.
2. **Height.** A smooth random height field rises inland from the sea, with one to three ridges
   (mountain ranges; three only from 20 cells a side) added on top. The highest land cells, 12
   to 20 % of the land, are mountain.
3. **Lakes.** Zero to two small lakes fill low hollows inland.
4. **Rivers.** Water runs downhill: every land cell drains to a neighbour along the lowest way
   out to the sea, a lake or the border (a *priority flood* over the height field, which fills
   hollows). A river springs at the foot of a range — where a mountain cell drains into lowland —
   and follows the drainage until it reaches the sea, a lake, the outer ring of cells (where it
   leaves the board) or another river, which it joins.
5. **Towns and roads.** A few towns stand on countryside; roads join them to each other and to a
   few points of the border, each road taking the cheapest way (countryside is cheap, mountains
   dear, existing roads are joined rather than doubled). A road crosses a river only where the
   river runs straight, at right angles, over one cell: that cell is a bridge.
6. Every other land cell is countryside.

The result must pass :func:`check_playable`; an attempt that fails (or cannot place its roads)
is thrown away and the next attempt, seeded from the same seed and size plus its number, is made.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections import deque

from generator.patrolis.roads import TownsAndRoads
from generator.seeds import check_seed as check_seed_of
from patrolkit.errors import LayoutError
from patrolkit.games.patrolis.grid import (
    DEFAULT_SIZE,
    EDGES,
    Edge,
    Kind,
    Point,
    Polyline,
    centre_point,
    check_size,
    edge_point,
    neighbour_table,
)
from patrolkit.games.patrolis.playable import check_playable
from patrolkit.games.patrolis.terrain import Map
from patrolkit.i18n import _

__all__ = ["MAX_ATTEMPTS", "check_playable", "check_seed", "generate_map"]

MAX_ATTEMPTS = 200
"""Attempts made for one seed before giving up. Most seeds need one; of seeds 0 to 999 at 16 x 16
none needs more than two, and of seeds 0 to 199 at 24 x 24 none more than three."""

_OFF = -2
"""Drainage target of a border cell whose water leaves the board."""
_BORDER_PENALTY = 0.2
"""How much higher than its own height a border cell's way off the board counts (so rivers
prefer the sea to the border)."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a map seed (a whole number from 0 up); otherwise raise LayoutError."""
    return check_seed_of(seed, "map")


def generate_map(seed: int, *, size: int = DEFAULT_SIZE) -> Map:
    """The playable map of ``size`` x ``size`` cells (8 to 24) for ``seed``.

    The same seed and size always give the same map. Raises :class:`LayoutError` for a negative
    seed or an impossible size.
    """
    check_seed(seed)
    check_size(size)
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"patrolis:{size}:{seed}:{attempt}")
        built = _Attempt(rng, size).build(seed)
        if built is None:
            continue
        try:
            check_playable(built)
        except LayoutError:
            continue
        return built
    raise LayoutError(
        _("No playable {size} x {size} map was found for seed {seed}.").format(size=size, seed=seed)
    )


def _smooth(t: float) -> float:
    return t * t * (3 - 2 * t)


class _Attempt(TownsAndRoads):
    """One try at a map; :meth:`build` returns it, or ``None`` when a step cannot be done."""

    def __init__(self, rng: random.Random, size: int) -> None:
        self.rng = rng
        self.size = size
        self.cells = size * size
        self.around = neighbour_table(size)
        self.kinds: list[Kind] = [Kind.COUNTRYSIDE] * self.cells
        self.height: list[float] = [0.0] * self.cells
        self.sea_distance: list[int] = []
        """For each cell, how many steps away the nearest sea cell is."""
        self.rivers: list[Polyline] = []
        self.roads: list[Polyline] = []
        self.river_edges: dict[int, set[str]] = {}
        """For each river cell, the edges its river line touches ('C' for its centre)."""
        self.sources: set[int] = set()
        """The mountain cells rivers spring from (kept mountain: no river or road crosses them)."""

    def build(self, seed: int) -> Map | None:
        self._sea()
        self._heights()
        self._mountains()
        self._lakes()
        self._rivers()
        if not self._roads():
            return None
        terrain = tuple(kind.terrain for kind in self.kinds)
        return Map(
            self.size, terrain, tuple(self.kinds), tuple(self.rivers), tuple(self.roads), seed
        )

    # -- noise ---------------------------------------------------------------------------------

    def _noise(self, step: float) -> list[float]:
        """Smooth value noise in 0..1, with random values on a lattice every ``step`` cells."""
        rng, size = self.rng, self.size
        points = int(size / step) + 2
        lattice = [[rng.random() for _col in range(points)] for _row in range(points)]
        out = []
        for row in range(size):
            fy = row / step
            iy = int(fy)
            ty = _smooth(fy - iy)
            low, high = lattice[iy], lattice[iy + 1]
            for column in range(size):
                fx = column / step
                ix = int(fx)
                tx = _smooth(fx - ix)
                a = low[ix] + (low[ix + 1] - low[ix]) * tx
                b = high[ix] + (high[ix + 1] - high[ix]) * tx
                out.append(a + (b - a) * ty)
        return out

    def _wander(self, step: float) -> list[float]:
        """Smooth 1-D noise in -1..1 along a side of the board."""
        rng = self.rng
        points = int(self.size / step) + 2
        lattice = [rng.uniform(-1, 1) for _point in range(points)]
        out = []
        for position in range(self.size):
            f = position / step
            i = int(f)
            out.append(lattice[i] + (lattice[i + 1] - lattice[i]) * _smooth(f - i))
        return out

    # -- sea, height, mountains, lakes -------------------------------------------------------

    def _sea(self) -> None:
        rng, size = self.rng, self.size
        coasts = rng.choice((1, 1, 2, 2, 2, 3))
        sides = rng.sample(EDGES, coasts)
        share = rng.uniform(0.07, 0.2)
        depth = share * size / coasts * (1.15 if coasts > 1 else 1.0)
        for side in sides:
            wander = self._wander(rng.uniform(2.5, 5.0))
            amplitude = rng.uniform(0.6, 1.6)
            for cell in range(self.cells):
                column, row = cell % size, cell // size
                if side is Edge.S:
                    inward, along = row, column
                elif side is Edge.N:
                    inward, along = size - 1 - row, column
                elif side is Edge.W:
                    inward, along = column, row
                else:
                    inward, along = size - 1 - column, row
                if inward + 0.5 < depth + amplitude * wander[along]:
                    self.kinds[cell] = Kind.SEA

    def _distance_to_sea(self) -> list[int]:
        far = 2 * self.size
        distance = [far] * self.cells
        queue = deque(c for c in range(self.cells) if self.kinds[c] is Kind.SEA)
        for cell in queue:
            distance[cell] = 0
        while queue:
            cell = queue.popleft()
            for other in self.around[cell]:
                if other >= 0 and distance[other] > distance[cell] + 1:
                    distance[other] = distance[cell] + 1
                    queue.append(other)
        return distance

    def _heights(self) -> None:
        rng, size = self.rng, self.size
        broad = self._noise(max(3.0, size / 3.2))
        fine = self._noise(max(2.0, size / 6.5))
        self.sea_distance = distance = self._distance_to_sea()
        inland = [min(1.0, d / (0.5 * size)) for d in distance]
        height = [0.5 * b + 0.2 * f + 0.4 * i for b, f, i in zip(broad, fine, inland, strict=True)]
        for _river in range(rng.choice((1, 2, 2)) + (size >= 20)):
            inner = [c for c in range(self.cells) if distance[c] >= 3] or list(range(self.cells))
            start = rng.choice(inner)
            angle = rng.uniform(0, math.pi)
            length = size * rng.uniform(0.3, 0.6)
            x0, y0 = start % size, start // size
            x1, y1 = x0 + length * math.cos(angle), y0 + length * math.sin(angle)
            width = rng.uniform(1.2, 2.2)
            lift = rng.uniform(0.35, 0.55)
            dx, dy = x1 - x0, y1 - y0
            span = dx * dx + dy * dy
            columns = range(
                max(0, int(min(x0, x1) - width)), min(size, int(max(x0, x1) + width) + 2)
            )
            rows = range(max(0, int(min(y0, y1) - width)), min(size, int(max(y0, y1) + width) + 2))
            for cell in (r * size + c for r in rows for c in columns):
                px, py = cell % size - x0, cell // size - y0
                t = max(0.0, min(1.0, (px * dx + py * dy) / span))
                d = math.hypot(px - t * dx, py - t * dy)
                if d < width:
                    height[cell] += lift * (1 - d / width)
        self.height = height

    def _mountains(self) -> None:
        land = [c for c in range(self.cells) if self.kinds[c] is not Kind.SEA]
        if not land:
            return
        land.sort(key=lambda c: self.height[c], reverse=True)
        share = self.rng.uniform(0.12, 0.2)
        for cell in land[: max(1, round(share * len(land)))]:
            self.kinds[cell] = Kind.MOUNTAIN

    def _lakes(self) -> None:
        rng, kinds = self.rng, self.kinds
        count = rng.choice((0, 1, 1, 2) if self.size >= 12 else (0, 1))

        def lake_ground(cell: int) -> bool:
            return (
                kinds[cell] is Kind.COUNTRYSIDE
                and self._inner(cell)
                and self.sea_distance[cell] >= 3
                and all(o < 0 or kinds[o] is not Kind.SEA for o in self.around[cell])
            )

        for _town in range(count):
            ground = sorted(
                (c for c in range(self.cells) if lake_ground(c)), key=self.height.__getitem__
            )
            if not ground:
                return
            cell = rng.choice(ground[: max(1, len(ground) // 4)])
            lake = [cell]
            kinds[cell] = Kind.LAKE
            for _try in range(rng.randint(1, 4)):
                edge = [o for c in lake for o in self.around[c] if o >= 0 and lake_ground(o)]
                if not edge:
                    break
                cell = min(edge, key=self.height.__getitem__)
                kinds[cell] = Kind.LAKE
                lake.append(cell)

    # -- rivers --------------------------------------------------------------------------------

    def _drainage(self) -> list[int]:
        """Where each cell's water goes: a neighbour, ``_OFF`` (off the board) or -1 (sea/lake).

        A priority flood: outlets (sea and lake cells, and border cells draining off the board)
        are queued first; the lowest queued cell is taken, and each neighbour not yet queued
        drains into it, queued at its own height or the taker's level if that is higher (water
        filling a hollow until it spills).
        """
        kinds, height, around = self.kinds, self.height, self.around
        down = [-1] * self.cells
        queued = [False] * self.cells
        heap: list[tuple[float, int, int]] = []
        order = 0
        for cell in range(self.cells):
            if kinds[cell] is Kind.SEA or kinds[cell] is Kind.LAKE:
                heap.append((-1.0, order, cell))
            elif not self._inner(cell):
                heap.append((height[cell] + _BORDER_PENALTY, order, cell))
                down[cell] = _OFF
            else:
                continue
            queued[cell] = True
            order += 1
        heapq.heapify(heap)
        while heap:
            level, _order, cell = heapq.heappop(heap)
            for other in around[cell]:
                if other >= 0 and not queued[other]:
                    queued[other] = True
                    down[other] = cell
                    order += 1
                    heapq.heappush(heap, (max(height[other], level), order, other))
        return down

    def _rivers(self) -> None:
        rng, kinds, size = self.rng, self.kinds, self.size
        down = self._drainage()
        wanted = 1 + size // 8
        shortest = max(3, size // 4)
        springs = [
            c
            for c in range(self.cells)
            if kinds[c] is Kind.MOUNTAIN and down[c] >= 0 and kinds[down[c]] is Kind.COUNTRYSIDE
        ]
        rng.shuffle(springs)
        for mountain in springs:
            if len(self.rivers) >= wanted:
                break
            first = down[mountain]
            if kinds[first] is not Kind.COUNTRYSIDE or mountain in self.sources:
                continue
            path = self._river_path(first, down)
            if path is None or len(path[0]) < shortest:
                continue
            cells, end = path
            points = [self._shared_point(mountain, first)]
            points += [self._shared_point(a, b) for a, b in itertools.pairwise(cells)]
            points.append(end)
            for cell in cells:
                kinds[cell] = Kind.RIVER
            self.sources.add(mountain)
            self.rivers.append(tuple(points))
            for index, cell in enumerate(cells):
                touched = self.river_edges.setdefault(cell, set())
                touched.update(self._edges_of(cell, points[index], points[index + 1]))

    def _river_path(self, first: int, down: list[int]) -> tuple[list[int], Point] | None:
        """The cells a river springing in ``first`` runs through, and its last point; ``None``
        if it would run through another river's spring."""
        kinds, size = self.kinds, self.size
        path = [first]
        cell = first
        while True:
            if not self._inner(cell):
                return path, edge_point(size, cell, self._border_edge(cell))
            target = down[cell]
            if kinds[target] in (Kind.SEA, Kind.LAKE):
                return path, self._shared_point(cell, target)
            if target in self.sources:
                return None
            path.append(target)
            if kinds[target] is Kind.RIVER:
                return path, centre_point(size, target)
            cell = target

    def _border_edge(self, cell: int) -> Edge:
        return next(e for e, o in zip(EDGES, self.around[cell], strict=True) if o < 0)

    def _edges_of(self, cell: int, *points: Point) -> set[str]:
        found = set()
        for point in points:
            if point == centre_point(self.size, cell):
                found.add("C")
            else:
                found.update(e.value for e in EDGES if edge_point(self.size, cell, e) == point)
        return found
