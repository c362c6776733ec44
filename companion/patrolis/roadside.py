"""Whether a Patrolis road cell where no code reads looks bare once the printed road is set
aside: the sharp edges of its middle counted away from where the road's edges may be drawn.

The reader rebuilds the map from its code, which holds the terrain classes only, not the roads.
But a road is drawn only across road cells and off the board's edge, so the pieces a road may
take through a cell follow from its neighbours' classes
(:func:`patrolkit.games.patrolis.lines.possible_road_pieces`, the same geometry the printed map
is drawn with). A band round the edges of every one of those pieces is set aside (the casing's
outer edges and the white fill's, wide enough for the pose's error and the photo's blur); a
bare road cell, curved or at a junction, shows next to no sharp edge outside it, while a tile's
code covers the middle with modules that show edges everywhere."""

from __future__ import annotations

import cv2
import numpy as np

from patrolkit.games.patrolis import Map, Terrain
from patrolkit.games.patrolis.lines import (
    ROAD_CASING_WIDTH,
    ROAD_FILL_WIDTH,
    flattened,
    possible_road_pieces,
)


def road_band(
    game_map: Map,
    cell: int,
    box: tuple[float, float, float, float],
    middle_box: tuple[float, float, float, float],
    px_per_mm: float,
    reach_mm: float,
) -> np.ndarray | None:
    """For road ``cell`` (``box`` on its sheet, mm), the pixels of its middle (``middle_box``,
    rectified at ``px_per_mm``) within ``reach_mm`` of a road edge drawn along any piece a road
    may take there; ``None`` for a cell that is not a road."""
    if game_map.class_of(cell) is not Terrain.ROAD:
        return None
    mx, my, mw, mh = middle_box
    shape = (round(mh * px_per_mm), round(mw * px_per_mm))
    band = np.zeros(shape, np.uint8)
    cell_mm = box[2]
    outer = ROAD_CASING_WIDTH / 2 * cell_mm + reach_mm
    inner = max(ROAD_FILL_WIDTH / 2 * cell_mm - reach_mm, 0.0)
    scale = 16  # cv2's fixed-point drawing: four fractional bits
    for piece in possible_road_pieces(game_map, cell, box):
        path = (
            np.array(
                [
                    [(x - mx) * px_per_mm * scale, (y - my) * px_per_mm * scale]
                    for x, y in flattened(piece)
                ]
            )
            .round()
            .astype(np.int32)
        )
        wide = np.zeros(shape, np.uint8)
        cv2.polylines(wide, [path], False, 1, round(2 * outer * px_per_mm), cv2.LINE_8, 4)
        if inner > 0:
            cv2.polylines(wide, [path], False, 0, round(2 * inner * px_per_mm), cv2.LINE_8, 4)
        band |= wide
    return band.astype(bool)
