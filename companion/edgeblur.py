"""Which blur a shaken or out-of-focus photo has, read on the edges of the board's paper.

When the decoder cannot even locate a code, the blur cannot be found on the codes
(:func:`companion.deblur.find_blur`). The paper's rim is still there: a straight step from light
paper to the darker table, which the blur spreads into a ramp whose shape is the blur's own
profile across that edge — a disc of radius r spreads every edge over 2r, a streak of length L
spreads an edge across it over L and one along it not at all. The four sides of the paper's
outline (:mod:`companion.outline`) face two ways, so together they tell a disc from a streak
and the streak's direction.

Across each side, the photo is sampled at many places along its middle; each sample is lined up
on its own half-way crossing (sheets laid a little off one another put the rim a few pixels
apart), and their median is the edge's spread. Each blur of :data:`CANDIDATES`, softened by a
little Gaussian (the sensor's own softness and what the lining up leaves), predicts that spread
on each side; the blurs that predict all four best are the photo's likely ones
(:func:`blurs_from_edges`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import cv2
import numpy as np

from companion.blurs import CANDIDATES, SOFT_PX, Blur, likeliest

REACH_PX: Final = 24
"""How far either side of a side's line the photo is sampled (px): past the widest blur."""
PLACES: Final = 120
"""Places sampled along each side."""
MIDDLE: Final = (0.12, 0.88)
"""The part of each side sampled (its ends are corners, where two sides meet)."""
MIN_STEP: Final = 25.0
"""A place whose paper is not this much lighter than its table (grey levels) is left out: a
piece or a hand over the rim."""
MIN_PLACES: Final = 20
"""A side with fewer places left says nothing."""
TABLE_SIDE_PX: Final = 3
"""The spreads are compared from the paper up to this far onto the table: beyond, the paper's
own shadow and the table's grain bend the ramp."""
SHARP_SCORE: Final = 0.5
"""A blur is taken only when it predicts the spread clearly better than no blur at all: its
misfit at most this share of a sharp edge's."""


def blurs_from_edges(gray: np.ndarray, outline: np.ndarray) -> list[Blur]:
    """The blurs of ``gray`` the four sides of the paper's ``outline`` (photo px, clockwise)
    fit best, the best first (:func:`companion.blurs.likeliest`: a streak across a board seen at
    45° spreads its edges as the streak at right angles does);
    none when the edges look sharp or say too little."""
    spreads = []
    centre = outline.mean(axis=0)
    for a, b in zip(outline, np.roll(outline, -1, axis=0), strict=True):
        spread = _spread(gray, a, b, centre)
        if spread is not None:
            spreads.append(spread)
    if len(spreads) < 3:
        return []
    offsets = np.arange(-REACH_PX, REACH_PX + 1, dtype=np.float64)
    sharp = min(_misfit(spreads, offsets, None, soft) for soft in SOFT_PX)
    fits = [
        (min(_misfit(spreads, offsets, blur, soft) for soft in SOFT_PX), blur)
        for blur in CANDIDATES
    ]
    if min(misfit for misfit, _blur in fits) > SHARP_SCORE * sharp:
        return []
    return likeliest(fits)


def _spread(
    gray: np.ndarray, a: np.ndarray, b: np.ndarray, centre: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """The edge's spread across the side ``a``→``b`` (its normal, pointing out of the paper,
    and the median of the samples lined up, 0 on the table to 1 on the paper), or ``None``."""
    along = b - a
    unit = along / np.linalg.norm(along)
    normal = np.array([-unit[1], unit[0]])
    if normal @ (a - centre) < 0:
        normal = -normal
    steps = np.linspace(*MIDDLE, PLACES)
    offsets = np.arange(-REACH_PX, REACH_PX + 1, dtype=np.float64)
    points = a + steps[:, None, None] * along + offsets[None, :, None] * normal
    xs, ys = points[..., 0].astype(np.float32), points[..., 1].astype(np.float32)
    rows = cv2.remap(gray.astype(np.float32), xs, ys, cv2.INTER_LINEAR, borderValue=-1.0)
    lined = []
    for row in rows:
        if (row < 0).any():
            continue
        paper, table = float(np.median(row[:6])), float(np.median(row[-6:]))
        if paper - table < MIN_STEP:
            continue
        level = (row - table) / (paper - table)
        crossing = _crossing(level)
        if crossing is not None:
            lined.append(np.interp(offsets + crossing, offsets, level))
    if len(lined) < MIN_PLACES:
        return None
    return normal, np.median(np.array(lined), axis=0)


def _crossing(level: np.ndarray) -> float | None:
    """Where ``level`` (paper to table) first falls through one half, px from the middle."""
    below = np.flatnonzero(level < 0.5)
    if len(below) == 0 or below[0] == 0:
        return None
    i = int(below[0])
    before, after = level[i - 1], level[i]
    return i - 1 + float((before - 0.5) / (before - after)) - REACH_PX


def _misfit(
    spreads: list[tuple[np.ndarray, np.ndarray]],
    offsets: np.ndarray,
    blur: Blur | None,
    soft: float,
) -> float:
    """How far the spreads ``blur`` (``None``: none) softened by ``soft`` predicts lie from
    the ``spreads`` measured: the mean squared difference, from the paper to just past the
    half-way crossing (:data:`TABLE_SIDE_PX`), over every side."""
    total = 0.0
    for normal, measured in spreads:
        predicted = _predicted(blur, float(np.degrees(np.arctan2(normal[1], normal[0]))), soft)
        middle = (offsets >= 4 - REACH_PX) & (offsets <= TABLE_SIDE_PX)
        total += float(np.mean((measured[middle] - predicted[middle]) ** 2))
    return total / len(spreads)


@lru_cache(maxsize=8192)
def _predicted(blur: Blur | None, normal_deg: float, soft: float) -> np.ndarray:
    """The spread across an edge whose normal points along ``normal_deg`` that ``blur``
    softened by ``soft`` gives: 1 on the paper, 0 on the table, lined up on its half-way."""
    fine = 8
    grid = (np.arange(-REACH_PX * fine, REACH_PX * fine + 1) / fine).astype(np.float64)
    profile = np.exp(-0.5 * (grid / soft) ** 2)
    if blur is not None:
        profile = np.convolve(profile, _across(blur, normal_deg, grid), mode="same")
    profile /= profile.sum()
    edge = 1.0 - np.cumsum(profile)  # paper (1) inside, table (0) out
    half = float(np.interp(0.5, edge[::-1], grid[::-1]))
    return np.interp(np.arange(-REACH_PX, REACH_PX + 1) + half, grid, edge)


def _across(blur: Blur, normal_deg: float, grid: np.ndarray) -> np.ndarray:
    """``blur``'s point spread seen across an edge (its projection on the edge's normal)."""
    if blur.kind == "defocus":
        r = blur.size_px
        return np.sqrt(np.clip(r * r - grid * grid, 0.0, None))
    width = blur.size_px * abs(np.cos(np.radians(blur.angle_deg - normal_deg)))
    return (np.abs(grid) <= max(width / 2, 0.125)).astype(np.float64)
