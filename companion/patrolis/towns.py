"""Whether a road cell where no code reads shows a bare town: its three houses drawn where the
map's drawing puts them (:mod:`patrolkit.games.patrolis.towns`).

The reader knows a map by its code, which gives every cell's terrain class but not which road
cells are towns; it does know where a town's houses would stand on any cell, as the drawing's
randomness is seeded by the code and the cell. A town's houses are a picture no other test
shows bare: their dark roofs and outlined walls look like a code's modules.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from companion.patrolis.bare import VIEW_PX_PER_MM, cell_pictures, holder, normalised, seen_closely
from companion.patrolis.sheets import SheetReading
from patrolkit.games.patrolis import Map, Terrain
from patrolkit.games.patrolis.towns import houses

LIKE_TOWN: Final = 0.5
"""A road cell without a code whose picture, evened by the paper's closing
(:func:`~companion.patrolis.bare.cell_pictures`), correlates at least this well with a town's
houses drawn where they would stand on it (:func:`town_picture`) is a bare town. Measured on
development photos (fresh seeds 71000-71039, ``shadow`` and ``low-light``, and the
``low-light`` benchmark's 40): 222 of 229 bare towns correlated at 0.56 or more (the other
seven, down to -0.17, stay unread), 7 680 tiles and objectives, each with the houses of its
own cell, at 0.34 at most, 2 092 bare road cells that are not towns at 0.25 at most."""
GROUND: Final = 224.0
ROOF: Final = 79.0
WALLS: Final = 248.0
OUTLINE: Final = 74.0
"""The grey levels of a town's drawing: the road cell's yellow, the roofs' red, the walls'
white and their dark outline (the printed colours' luminance)."""
SUBPIXEL: Final = 4
"""Bits of sub-pixel precision the houses are drawn with."""


def town_picture(code: str, cell: int, side_mm: float) -> np.ndarray:
    """The houses a town on ``cell`` of the map with this ``code`` is drawn with, on bare road
    ground, seen as :func:`~companion.patrolis.bare.cell_pictures` sees a cell of ``side_mm``:
    its side less a tenth all round, at :data:`VIEW_PX_PER_MM`, slightly blurred, normalised."""
    inset = 0.1 * side_mm
    size = round((side_mm - 2 * inset) * VIEW_PX_PER_MM)
    picture = np.full((size, size), GROUND, np.float32)
    scale = VIEW_PX_PER_MM * (1 << SUBPIXEL)

    def drawn(points: list[tuple[float, float]]) -> np.ndarray:
        return np.array(
            [
                [round((u * side_mm - inset) * scale), round((v * side_mm - inset) * scale)]
                for u, v in points
            ],
            np.int32,
        )

    for house in houses(code, cell):
        x, y, w, h = house.walls()
        walls = drawn([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        cv2.fillPoly(picture, [walls], WALLS, cv2.LINE_AA, SUBPIXEL)
        cv2.polylines(picture, [walls], True, OUTLINE, 1, cv2.LINE_AA, SUBPIXEL)
        cv2.fillPoly(picture, [drawn(list(house.roof()))], ROOF, cv2.LINE_AA, SUBPIXEL)
    return normalised(cv2.GaussianBlur(picture, (0, 0), 1.5))


def drawn_as_towns(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cells: list[int]
) -> set[int]:
    """The road ``cells`` (no code read there) whose picture is a bare town's (:data:`LIKE_TOWN`);
    never a cell the photo shows coarser than :data:`~companion.patrolis.bare.MIN_PX_PER_MM`."""
    towns = set()
    for cell in cells:
        if game_map.class_of(cell) is not Terrain.ROAD or not seen_closely(sheets, game_map, cell):
            continue
        _, (_, _, side, _) = holder(sheets, game_map, cell)
        picture = cell_pictures(gray, sheets, game_map, cell)[0]
        if float((picture * town_picture(game_map.code, cell, side)).mean()) >= LIKE_TOWN:
            towns.add(cell)
    return towns
