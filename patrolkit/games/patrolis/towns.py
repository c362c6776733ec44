"""The houses a town is drawn with, in one place for the printed map and for the photo reader,
which knows a bare town by them.

Import these names from here: the rules do not use them, so :mod:`patrolkit.games.patrolis`
does not re-export them. A town is three houses round its cell's centre, each moved a little at
random; the randomness is seeded by the map's code and the cell (:func:`drawing_random`), so a
reader that knows the map's code knows where every house of a town would be drawn, though not
which road cells are towns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

HOUSE_SPOTS: Final = ((0.3, 0.36), (0.64, 0.33), (0.47, 0.7))
"""Where a town's three houses stand before they are moved: their centres, in cell sides from
the cell's top-left corner (x east, y down the sheet)."""
HOUSE_SIDE: Final = 0.26
"""A house's width, in cell sides."""
HOUSE_JITTER: Final = 0.03
"""How far each house is moved at random, along x and y, in cell sides."""

XY = tuple[float, float]


@dataclass(frozen=True)
class House:
    """One house of a town: ``x`` and ``y``, the top-left corner of the square it is drawn in
    (cell sides from the cell's top-left corner; the roof's eaves jut out of it a little)."""

    x: float
    y: float

    def walls(self) -> tuple[float, float, float, float]:
        """The walls: a rectangle ``(x, y, width, height)`` in cell sides."""
        w = HOUSE_SIDE
        return (self.x, self.y + 0.35 * w, w, 0.65 * w)

    def roof(self) -> tuple[XY, XY, XY]:
        """The roof: a triangle over the walls, its eaves past them, in cell sides."""
        w = HOUSE_SIDE
        return (
            (self.x - 0.1 * w, self.y + 0.4 * w),
            (self.x + w / 2, self.y - 0.15 * w),
            (self.x + 1.1 * w, self.y + 0.4 * w),
        )


def drawing_random(code: str, cell: int) -> random.Random:
    """The randomness a cell of the map with this ``code`` is drawn with (its marks, its
    houses)."""
    return random.Random(f"patrolis-drawing:{code}:{cell}")


def houses(code: str, cell: int) -> tuple[House, ...]:
    """The houses drawn on ``cell`` of the map with this ``code`` if it is a town."""
    rng = drawing_random(code, cell)
    placed = []
    for u, v in HOUSE_SPOTS:
        x = u + rng.uniform(-HOUSE_JITTER, HOUSE_JITTER) - HOUSE_SIDE / 2
        y = v + rng.uniform(-HOUSE_JITTER, HOUSE_JITTER) - HOUSE_SIDE / 2
        placed.append(House(x, y))
    return tuple(placed)
