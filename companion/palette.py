"""The colours every game's annotated picture is drawn in, and the inks of the printed pieces."""

from __future__ import annotations

from typing import Final

RGB = tuple[int, int, int]
RED: Final[RGB] = (230, 40, 40)
GREEN: Final[RGB] = (40, 200, 90)
ORANGE: Final[RGB] = (255, 150, 20)
CYAN: Final[RGB] = (60, 200, 255)
WHITE: Final[RGB] = (255, 255, 255)
INK: Final[RGB] = (25, 25, 25)
PANEL_BACK: Final[RGB] = (32, 34, 40)
SOFT: Final[RGB] = (185, 190, 200)


def rgb_of(colour: str) -> RGB:
    """The RGB triple of a printed ink written ``#rrggbb``."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
