"""A photo's blur read on its paper's edges, where the decoder cannot even locate a code: a
missed focus spreads every edge alike, a shaken hand only the edges across its streak."""

from __future__ import annotations

import cv2
import numpy as np

from companion.blurs import Blur
from companion.edgeblur import blurs_from_edges
from tests.companion.paper import photo, seen


def _blurred(blur: Blur | None) -> tuple[np.ndarray, np.ndarray]:
    """A board's paper on a table, seen from 30° off its axis and turned 20°, blurred by
    ``blur``, as grey; and the paper's corners."""
    corners = seen(30.0, 20.0)
    grey = cv2.cvtColor(photo(corners, streak_px=0), cv2.COLOR_BGR2GRAY)
    if blur is not None:
        grey = cv2.filter2D(grey, -1, blur.kernel(), borderType=cv2.BORDER_REFLECT_101)
    return grey, corners


def test_a_missed_focus_is_read_as_a_disc_of_its_radius() -> None:
    photo, corners = _blurred(Blur("defocus", 5.0))
    found = blurs_from_edges(photo, corners)
    assert found and found[0].kind == "defocus" and abs(found[0].size_px - 5.0) <= 0.5


def test_a_shaken_hand_is_read_as_a_streak_of_its_length_and_direction() -> None:
    photo, corners = _blurred(Blur("motion", 12.0, 30.0))
    found = blurs_from_edges(photo, corners)
    assert any(
        b.kind == "motion" and abs(b.size_px - 12.0) <= 2 and abs(b.angle_deg - 30) <= 10
        for b in found
    )


def test_sharp_edges_give_no_blur() -> None:
    photo, corners = _blurred(None)
    assert blurs_from_edges(photo, corners) == []
