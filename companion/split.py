"""A shadow's edge across a patch of paper: the straight line that splits the patch's light into
two flat parts, the lit one and the shaded one.

A hard shadow (an arm, the phone) that ends inside a cell splits its paper along a nearly
straight line; readers use :func:`best_split` to tell that step from the pattern of a piece's
code, which no single line explains.
"""

from __future__ import annotations

from typing import Final

import numpy as np

ANGLES: Final = np.radians(np.arange(0.0, 180.0, 7.5))
"""The directions a shadow's edge is tried along."""
LEAST_SIDE: Final = 0.12
"""Each part of a split holds at least this share of the patch."""


def best_split(
    light: np.ndarray, u: np.ndarray, v: np.ndarray, *, least_side: float = LEAST_SIDE
) -> tuple[float, float] | None:
    """The straight line (its normal's angle and offset, in the units of ``u`` and ``v``) that
    splits ``light`` (one value per point at ``u``, ``v``) into two parts of least squared error
    about their means, each part at least ``least_side`` of the points; ``None`` when there
    are too few points to split."""
    n = len(light)
    low, high = max(int(least_side * n), 1), int((1 - least_side) * n)
    if high <= low:
        return None
    best: tuple[float, float, float] | None = None
    for angle in ANGLES:
        along = u * np.cos(angle) + v * np.sin(angle)
        order = np.argsort(along, kind="stable")
        sorted_light = light[order]
        first = np.cumsum(sorted_light)
        first_sq = np.cumsum(sorted_light**2)
        k = np.arange(low, high)
        left = first_sq[k - 1] - first[k - 1] ** 2 / k
        right_sum = first[-1] - first[k - 1]
        right = (first_sq[-1] - first_sq[k - 1]) - right_sum**2 / (n - k)
        error = left + right
        at = int(np.argmin(error))
        if best is None or float(error[at]) < best[0]:
            cut = k[at]
            offset = float(along[order[cut - 1]] + along[order[cut]]) / 2
            best = (float(error[at]), float(angle), offset)
    return None if best is None else (best[1], best[2])


def step_residual(light: np.ndarray, u: np.ndarray, v: np.ndarray) -> float | None:
    """How far ``light`` strays from two flat parts split by :func:`best_split`: the 90th
    percentile of its distance to its part's mean (``None`` if it cannot be split). Bare paper
    across a shadow's edge leaves grain only; a code, even blurred, its modules."""
    split = best_split(light, u, v)
    if split is None:
        return None
    angle, offset = split
    below = u * np.cos(angle) + v * np.sin(angle) < offset
    residual = light.astype(np.float64).copy()
    residual[below] -= residual[below].mean()
    residual[~below] -= residual[~below].mean()
    return float(np.percentile(np.abs(residual), 90))
