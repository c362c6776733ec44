"""A hard shadow's edge across a step tile never makes the Patrolis reader call its cell bare:
neither by its own looks nor by looking like a bare cell of its terrain under the same edge."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import qrcode

from companion.patrolis.bare import VIEW_PX_PER_MM, bare_middle
from tests.patrolis.reader_checks import (
    assert_never_guessed,
    assert_read_exactly,
    read_table,
    square_on,
)

MIDDLE_MM = 12.0
"""The middle of a 20 mm cell the bare tests look at (a fifth of the cell trimmed each side)."""


def _code_middle(light: float, dark: float) -> np.ndarray:
    """A tile's code as the reader rectifies it, a little blurred, lit at ``light`` (paper
    grey level) with a shadow's straight edge across it leaving all but one corner at ``dark``."""
    code = qrcode.QRCode(border=1, box_size=1)
    code.add_data("PK1:PA:S:2:C1:0007")
    modules = np.array(code.get_matrix(), dtype=np.float32)
    side = round(MIDDLE_MM * VIEW_PX_PER_MM)
    ink = cv2.resize(1.0 - modules, (side, side), interpolation=cv2.INTER_NEAREST)
    reflect = 1.0 - 0.85 * ink
    u, v = np.meshgrid(np.arange(side), np.arange(side))
    shade = np.where(u + 0.6 * v < 0.4 * side, light, dark)
    picture = cv2.GaussianBlur((reflect * shade).astype(np.float32), (0, 0), 1.0)
    return np.clip(picture, 0, 255).astype(np.uint8)


def test_a_code_under_even_light_is_not_bare() -> None:
    middle = _code_middle(230.0, 230.0)
    assert not bare_middle(middle, square_on(7.0), (0.0, 0.0, 20.0, 20.0))


def test_a_code_half_in_a_hard_shadow_is_not_bare() -> None:
    middle = _code_middle(240.0, 60.0)
    assert not bare_middle(middle, square_on(7.0), (0.0, 0.0, 20.0, 20.0))


def test_a_bare_cell_crossed_by_a_shadow_edge_still_looks_bare() -> None:
    side = round(MIDDLE_MM * VIEW_PX_PER_MM)
    u, v = np.meshgrid(np.arange(side), np.arange(side))
    paper = np.where(u + 0.6 * v < 0.4 * side, 240.0, 60.0).astype(np.float32)
    middle = cv2.GaussianBlur(paper, (0, 0), 1.0).astype(np.uint8)
    assert bare_middle(middle, square_on(7.0), (0.0, 0.0, 20.0, 20.0))


@pytest.mark.slow
def test_a_tile_half_in_a_hard_shadow_is_never_taken_for_bare_ground_like_its_neighbours() -> None:
    # The shadow's edge crossed E2's tile and a bare cell of its terrain alike: compared as they
    # were, the two pictures matched and the tile was called bare. Evened by the paper's white
    # first, the tile's modules stand out and it is reported.
    state, reading = read_table(9302, 3, 70015, "shadow")
    assert_never_guessed(state, reading)


@pytest.mark.slow
def test_bare_cells_a_shadows_edge_crosses_are_shown_bare() -> None:
    # The shadow's edge crosses B7, a bare water cell with its waves. Evened by the brightest
    # paper within reach, the edge's light spilled half a reach into the shadow and left a dark
    # band along it, and B7 was reported unreadable; evened by the paper's light as a closing
    # takes it, the edge stays where it lies and the cell is bare.
    state, reading = read_table(9302, 3, 71017, "shadow")
    assert_read_exactly(state, reading)
