"""Patrolis maps fit to play on: the checks every generated map passes.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.
"""

from __future__ import annotations

import math
from collections import deque

from patrolkit.errors import LayoutError
from patrolkit.games.patrolis.grid import Kind, Point, Terrain, neighbour_table, point_cells
from patrolkit.games.patrolis.terrain import Map

MAX_SEA_SHARE = 0.30
"""A playable map is at most this much sea."""
MAX_WATER_SHARE = 0.40
"""A playable map is at most this much water (sea, lakes and rivers)."""
MIN_CLASS_SHARE = 0.03
"""A playable map gives every terrain class at least this share of its cells."""
OBJECTIVE_COUNT = 8
"""Objectives in a game; a playable map has room to deal them."""

_RIVER_KINDS = frozenset({Kind.RIVER, Kind.BRIDGE})
_ROAD_KINDS = frozenset({Kind.ROAD, Kind.BRIDGE, Kind.TOWN})


def check_playable(game_map: Map, *, objectives: int = OBJECTIVE_COUNT) -> None:
    """Raise :class:`LayoutError` naming the first reason ``game_map`` is not playable.

    A playable map:

    1. gives every terrain class at least 3 % of its cells;
    2. is at most 40 % water, and (when it knows its kinds) at most 30 % sea;
    3. leaves no land cell cut off: every non-water cell can be reached from a cell on the
       border without crossing two water cells in a row (a river is crossed in one turn; a
       wider stretch of water is gone round);
    4. has room for the objective deal: at least ``objectives`` land cells off the border;
    5. has a road cell on the border, so a track can start on a road;
    6. when it knows its kinds, draws every river and road where they belong: each river or
       bridge cell lies on a river, each road, bridge or town cell on a road; each river starts
       on the edge of a mountain cell and ends on the border, at a sea or lake cell, or in the
       centre of a cell of another river, which it joins; each bridge carries one road straight
       across one river, at right angles.
    """
    size, terrain = game_map.size, game_map.terrain
    cells = len(terrain)
    counts = {t: sum(c is t for c in terrain) for t in Terrain}
    least = math.ceil(MIN_CLASS_SHARE * cells)
    for t in Terrain:
        if counts[t] < least:
            raise LayoutError(
                f"The map has {counts[t]} {t.label} cells; every terrain class needs at least"
                f" {least}."
            )
    if counts[Terrain.WATER] > MAX_WATER_SHARE * cells:
        raise LayoutError(
            f"Water covers {_percent(counts[Terrain.WATER], cells)} of the map, more than"
            f" {_percent(MAX_WATER_SHARE, 1)}."
        )
    if game_map.kinds:
        sea = sum(k is Kind.SEA for k in game_map.kinds)
        if sea > MAX_SEA_SHARE * cells:
            raise LayoutError(
                f"Sea covers {_percent(sea, cells)} of the map, more than"
                f" {_percent(MAX_SEA_SHARE, 1)}."
            )
    cut_off = _cut_off(game_map)
    if cut_off is not None:
        raise LayoutError(
            f"Cell {game_map.name(cut_off)} is cut off: it cannot be reached from the border"
            " without crossing two water cells in a row."
        )
    inner_land = sum(
        1
        for cell in game_map.cells
        if terrain[cell] is not Terrain.WATER and not _border(size, cell)
    )
    if inner_land < objectives:
        raise LayoutError(
            f"Only {inner_land} land cells lie off the border, too few to deal {objectives}"
            " objectives."
        )
    if not any(terrain[c] is Terrain.ROAD for c in game_map.cells if _border(size, c)):
        raise LayoutError("No road reaches the border, so no track can start on a road.")
    if game_map.kinds:
        _check_scenery(game_map)


def _percent(part: float, whole: float) -> str:
    return f"{round(100 * part / whole)} %"


def _border(size: int, cell: int) -> bool:
    column, row = cell % size, cell // size
    return column in (0, size - 1) or row in (0, size - 1)


def _cut_off(game_map: Map) -> int | None:
    """The first land cell that cannot be reached from the border without two water cells in a
    row, or ``None``."""
    size, terrain = game_map.size, game_map.terrain
    table = neighbour_table(size)
    water = [t is Terrain.WATER for t in terrain]
    seen = [[False, False] for _ in terrain]  # reached with 0 / 1 water cells just crossed
    queue: deque[tuple[int, int]] = deque()
    for cell in game_map.cells:
        if _border(size, cell):
            run = int(water[cell])
            seen[cell][run] = True
            queue.append((cell, run))
    while queue:
        cell, run = queue.popleft()
        for other in table[cell]:
            if other < 0:
                continue
            next_run = run + 1 if water[other] else 0
            if next_run > 1 or seen[other][next_run]:
                continue
            seen[other][next_run] = True
            queue.append((other, next_run))
    for cell in game_map.cells:
        if not water[cell] and not seen[cell][0]:
            return cell
    return None


def _check_scenery(game_map: Map) -> None:
    """Raise :class:`LayoutError` if a river or road is missing, or drawn where it cannot be."""
    kinds = game_map.kinds
    size = game_map.size
    name = game_map.name
    river_at: dict[int, list[tuple[Point, Point]]] = {}
    for index, (river, crossed) in enumerate(
        zip(game_map.rivers, game_map.river_cells, strict=True)
    ):
        for cell, first, second in zip(crossed, river, river[1:], strict=False):
            river_at.setdefault(cell, []).append((first, second))
        start = [c for c in point_cells(size, river[0]) if c != crossed[0]]
        if not start or kinds[start[0]] is not Kind.MOUNTAIN:
            raise LayoutError(
                f"The river through {name(crossed[0])} does not start on the edge of a mountain"
                " cell."
            )
        end = river[-1]
        beyond = [c for c in point_cells(size, end) if c != crossed[-1]]
        if end[0] % 2 == 1 and end[1] % 2 == 1:
            joined = any(
                crossed[-1] in other
                for number, other in enumerate(game_map.river_cells)
                if number != index
            )
        else:
            joined = not beyond or kinds[beyond[0]] in (Kind.SEA, Kind.LAKE)
        if not joined:
            raise LayoutError(
                f"The river through {name(crossed[-1])} ends neither on the border, nor at the"
                " sea or a lake, nor where it joins another river."
            )
    road_at: dict[int, list[tuple[Point, Point]]] = {}
    for road, crossed in zip(game_map.roads, game_map.road_cells, strict=True):
        for cell, first, second in zip(crossed, road, road[1:], strict=False):
            road_at.setdefault(cell, []).append((first, second))
    for cell, kind in enumerate(kinds):
        if kind in _RIVER_KINDS and cell not in river_at:
            raise LayoutError(f"Cell {name(cell)} is {kind.name.lower()} but no river.")
        if kind in _ROAD_KINDS and cell not in road_at:
            raise LayoutError(f"Cell {name(cell)} is {kind.name.lower()} but no road.")
        if kind is Kind.BRIDGE:
            rivers, roads = river_at[cell], road_at[cell]
            if not (
                len(rivers) == 1
                and len(roads) == 1
                and {_axis(*rivers[0]), _axis(*roads[0])} == {"x", "y"}
            ):
                raise LayoutError(
                    f"The bridge on {name(cell)} does not carry one road straight across one"
                    " river at right angles."
                )


def _axis(first: Point, second: Point) -> str:
    """``'x'`` or ``'y'`` for a straight line between opposite edge midpoints, else ``''``."""
    dx, dy = abs(first[0] - second[0]), abs(first[1] - second[1])
    return "x" if (dx, dy) == (2, 0) else "y" if (dx, dy) == (0, 2) else ""
