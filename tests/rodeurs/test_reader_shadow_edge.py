"""A bare cell across a shadow's edge is relit and read empty; a pawn's edge never is: a shadow
dims every colour alike, a pawn's frame does not."""

from __future__ import annotations

import numpy as np
import pytest

from companion.rodeurs.occupancy import _CENTRE, _INTERIOR, CELL
from companion.rodeurs.shadow import relight

WHITE = 200.0
"""The local paper white, grey levels."""


def cell(dimmed: tuple[float, float, float], *, angle_deg: float = 30.0, at_mm: float = 2.0):
    """A bare white cell (white-balanced RGB at half resolution, grey at full resolution) whose
    part beyond a straight line is ``dimmed`` per channel."""

    def grid(n: int) -> tuple[np.ndarray, np.ndarray]:
        mm = (np.arange(n) + 0.5) * CELL / n - CELL / 2
        return np.meshgrid(mm, mm)

    a = np.radians(angle_deg)
    n = _CENTRE.shape[0]
    u, v = grid(n // 2)
    beyond = u * np.cos(a) + v * np.sin(a) >= at_mm
    smooth = np.ones((n // 2, n // 2, 3), np.float32)
    smooth[beyond] *= np.array(dimmed, np.float32)
    fu, fv = grid(n)
    gray = np.full((n, n), WHITE, np.float32)
    gray[fu * np.cos(a) + fv * np.sin(a) >= at_mm] *= float(np.mean(dimmed))
    return smooth, gray


@pytest.mark.parametrize("angle_deg", [0.0, 30.0, 95.0, 150.0])
def test_a_white_cell_half_in_shadow_is_relit_flat_and_bright(angle_deg: float) -> None:
    smooth, gray = cell((0.5, 0.5, 0.52), angle_deg=angle_deg)
    relit = relight(smooth, _INTERIOR, gray, _CENTRE, WHITE)
    assert relit is not None
    assert relit.spread < 0.02
    assert relit.contrast < 0.05
    assert all(0.95 < b < 1.05 for b in relit.brightness)


def test_a_yellow_frame_beside_white_paper_is_no_shadow() -> None:
    # yellow dims blue much more than red: no shadow does that
    smooth, gray = cell((0.95, 0.85, 0.3))
    assert relight(smooth, _INTERIOR, gray, _CENTRE, WHITE) is None


def test_a_white_centre_against_a_black_cell_is_no_shadow() -> None:
    # paper a tenth as bright as its neighbour: darker than any shadow leaves it
    smooth, gray = cell((0.1, 0.1, 0.1))
    assert relight(smooth, _INTERIOR, gray, _CENTRE, WHITE) is None


def test_a_step_too_faint_for_a_shadow_is_left_to_the_check() -> None:
    smooth, gray = cell((0.97, 0.97, 0.97))
    assert relight(smooth, _INTERIOR, gray, _CENTRE, WHITE) is None


def test_a_shadow_clipping_a_corner_of_the_cell_is_relit_too() -> None:
    # the shadow's edge cuts off a corner of about a twentieth of the cell's interior: a split
    # held to an eighth of it each side would leave the step inside the larger part
    smooth, gray = cell((0.6, 0.6, 0.61), angle_deg=45.0, at_mm=9.4)
    shaded = (smooth[_INTERIOR] < 0.9).any(axis=1).mean()
    assert 0.03 < shaded < 0.08
    relit = relight(smooth, _INTERIOR, gray, _CENTRE, WHITE)
    assert relit is not None
    assert relit.spread < 0.02
