"""Glare that blows out the table may hide an item; glare on what is already read hides
nothing more."""

from __future__ import annotations

import numpy as np
import pytest

from companion.twelve_patrols.slots import blown_spots

TO_PHOTO = np.diag([2.0, 2.0, 1.0])
"""The table seen square-on at 2 px/mm."""
TABLE = np.array([[0.0, 0.0], [180.0, 0.0], [180.0, 180.0], [0.0, 180.0]])
CARD = np.array([[20.0, 20.0], [80.0, 20.0], [80.0, 80.0], [20.0, 80.0]])
"""A card read: what lies on it is explained."""


def _photo(*blown_mm: tuple[float, float, float, float]) -> np.ndarray:
    gray = np.full((400, 400), 120, np.uint8)
    for x0, y0, x1, y1 in blown_mm:
        gray[round(2 * y0) : round(2 * y1), round(2 * x0) : round(2 * x1)] = 255
    return gray


def test_glare_on_a_card_read_hides_nothing_beside_it() -> None:
    gray = _photo((25.0, 25.0, 75.0, 75.0))
    assert blown_spots(gray, TO_PHOTO, TABLE, [CARD]) == []
    # the same glare where nothing is read may hide an item
    assert len(blown_spots(gray, TO_PHOTO, TABLE, [])) == 1


def test_glare_on_the_table_beside_a_card_is_found_where_it_is() -> None:
    gray = _photo((25.0, 25.0, 75.0, 75.0), (120.0, 120.0, 160.0, 160.0))
    (spot,) = blown_spots(gray, TO_PHOTO, TABLE, [CARD])
    assert spot == pytest.approx((140.0, 140.0), abs=2.0)


def test_glare_just_over_a_cards_edge_is_still_found() -> None:
    # blown out over the card and 12 mm of table beside it: an item's size of table
    gray = _photo((25.0, 25.0, 92.0, 75.0))
    (spot,) = blown_spots(gray, TO_PHOTO, TABLE, [CARD])
    assert 80.0 < spot[0] < 92.0 and 25.0 < spot[1] < 75.0
