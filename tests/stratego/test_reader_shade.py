"""A shadow darkens paper, not a code: a bare cell in shade, or crossed by a shadow's hard edge,
is bare once its light is evened out; a piece's code stays half black under any light, so a
piece in shade is never taken for an empty cell. Cells drawn as the reader sees them, on the
plane of the pieces' tops at :data:`~companion.stratego.reader.LIT_PX_PER_MM`."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.stratego.reader import LIT_BARE, LIT_PX_PER_MM, lit_share
from patrolkit.sizes.stratego import Stratego

PX = LIT_PX_PER_MM
CELL_PX = round(Stratego.CELL_MM * PX)
PAPER = 225.0
INK = 30.0


def _square(image: np.ndarray, side_mm: float, level: float) -> None:
    side = round(side_mm * PX)
    top = (image.shape[0] - side) // 2
    image[top : top + side, top : top + side] = level


def bare_cell() -> np.ndarray:
    """A bare cell: paper, its grid lines along two sides."""
    cell = np.full((CELL_PX, CELL_PX), PAPER, np.float32)
    cell[0, :] = cell[:, 0] = INK
    return cell


def piece_cell(army_grey: float, seed: int) -> np.ndarray:
    """A piece's top: the army's band, the white round and a code's modules (random, about half
    black, 0.7 mm each) drawn at 10 px/mm and seen at the reader's resolution."""
    fine = 10
    cell = np.full((round(Stratego.CELL_MM * fine),) * 2, PAPER, np.float32)
    side = round(Stratego.PIECE_WIDTH_MM * fine)
    top = (cell.shape[0] - side) // 2
    cell[top : top + side, top : top + side] = army_grey
    round_side = round((Stratego.PIECE_WIDTH_MM - 2 * Stratego.PIECE_FRAME_MM) * fine)
    top = (cell.shape[0] - round_side) // 2
    cell[top : top + round_side, top : top + round_side] = PAPER
    modules = 17 + 4 * Stratego.PIECE_QR_VERSION
    dark = np.random.default_rng(seed).random((modules, modules)) < 0.5
    code = np.where(dark, INK, PAPER).astype(np.float32)
    code_side = round(Stratego.PIECE_CODE_MM * fine)
    top = (cell.shape[0] - code_side) // 2
    cell[top : top + code_side, top : top + code_side] = cv2.resize(
        code, (code_side, code_side), interpolation=cv2.INTER_NEAREST
    )
    return cv2.resize(cell, (CELL_PX, CELL_PX), interpolation=cv2.INTER_AREA)


def shaded(cell: np.ndarray, angle: float, offset_mm: float, depth: float) -> np.ndarray:
    """``cell`` with a hard shadow (``depth`` of the light left) on one side of a straight edge
    at ``angle`` degrees, ``offset_mm`` from the cell's centre."""
    mm = (np.arange(CELL_PX) + 0.5) / PX - Stratego.CELL_MM / 2
    x, y = np.meshgrid(mm, mm)
    a = np.radians(angle)
    light = np.where(x * np.cos(a) + y * np.sin(a) > offset_mm, 1.0, depth)
    return (cell * light).astype(np.float32)


def photographed(cell: np.ndarray, blur_mm: float, noise: float, seed: int) -> np.ndarray:
    """``cell`` blurred and noisy as a phone sees it, in 8 bits."""
    if blur_mm:
        cell = cv2.GaussianBlur(cell, (0, 0), blur_mm * PX)
    cell = cell + np.random.default_rng(seed).normal(0, noise, cell.shape)
    return np.clip(cell, 0, 255).astype(np.uint8)


SHADOWS = [
    (angle, offset, depth)
    for angle in (0.0, 30.0, 135.0)
    for offset in (-7.0, -2.0, 0.0, 7.35)
    for depth in (0.3,)
] + [(0.0, -40.0, 0.3)]
"""Hard shadows' edges at several angles, through the code's area, along its side, or the whole
cell in shade (the last)."""


@pytest.mark.parametrize(("angle", "offset", "depth"), SHADOWS)
def test_bare_paper_in_shade_is_bare_once_lit(angle: float, offset: float, depth: float) -> None:
    for blur_mm, noise in ((0.0, 2.0), (0.5, 6.0)):
        cell = photographed(shaded(bare_cell(), angle, offset, depth), blur_mm, noise, 1)
        assert lit_share(cell) > LIT_BARE


@pytest.mark.parametrize(("angle", "offset", "depth"), SHADOWS)
@pytest.mark.parametrize("army_grey", [80.0, 160.0])
def test_a_code_in_shade_is_never_bare_paper(
    angle: float, offset: float, depth: float, army_grey: float
) -> None:
    # Sharp, or a little blurred, and noisy as a dim photo: the code's area stays darker than
    # paper once its light is evened out.
    for seed, (blur_mm, noise) in enumerate(((0.0, 2.0), (0.5, 6.0), (0.5, 12.0))):
        cell = shaded(piece_cell(army_grey, seed), angle, offset, depth)
        assert lit_share(photographed(cell, blur_mm, noise, seed)) < LIT_BARE


@pytest.mark.parametrize("army_grey", [80.0, 160.0])
def test_a_code_out_of_focus_is_never_bare_paper(army_grey: float) -> None:
    # Its modules melted into grey by a 1 mm blur (more than on any missed-focus photo whose
    # board's corner codes still read), the code's area is still a grey, not paper.
    for seed in range(4):
        cell = photographed(piece_cell(army_grey, seed), 1.0, 6.0, seed)
        assert lit_share(cell) < LIT_BARE
