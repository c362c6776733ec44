"""Base-36 codes shared by the rules and the printed sizes.

The Patrolis map code is printed split over several QR codes, so the sheets need its length; the
length depends only on the map's size, and lives here so that the printed sizes need no game.
"""

from __future__ import annotations

import math

BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The digits of every base-36 code, ``0`` to ``Z``."""


def map_code_length(size: int) -> int:
    """Characters in the code of a ``size`` Patrolis map: the size character and enough base-36
    digits for two bits a cell.

    >>> map_code_length(16)
    101
    """
    return 1 + math.ceil(2 * size * size / math.log2(36))
