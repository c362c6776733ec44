"""A bare cell across a shadow's edge: the second opinion of the occupancy check.

A hard shadow (an arm, the phone) that ends inside a cell splits its paper into a lit part and a
darker part along a straight line; the occupancy check sees the step as a token's edge. Here the
cell is *relit*: the straight line that best splits its interior in two flat parts is found, and
the split is taken for a shadow only when it is one —

* the dark part is the lit part dimmed evenly in every colour channel (a shadow takes light away;
  a token's coloured frame, or a white centre against a black cell, changes the colour);
* the dimming is one a shadow casts (a quarter to nine tenths of the light stays);
* both parts, brought to the same light, show the cell's bare colour, flat and without a code's
  pattern, outside a band along the line where the shadow's soft edge lies.

Only then is the cell empty; otherwise the check's first answer stands (a token, or unclear).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from companion.split import best_split
from patrolkit.sizes import Rodeurs

CELL: Final = Rodeurs.CELL_MM
DIMMED: Final = (0.25, 0.9)
"""The share of the light a shadow leaves (the darkest and the faintest shadow taken)."""
NEUTRAL: Final = 1.12
"""The most one colour channel's dimming may differ from another's (as a ratio): a shadow dims
white, black and grey paper alike; paper against a yellow, red or green frame differs by 1.5 or
more in some channel."""
LEAST_PIXELS: Final = 40
"""A part measured on its own holds at least this many pixels (half resolution: 6 mm²)."""
LEAST_PART: Final = 0.03
"""The share of the cell's interior the smaller part of a split may hold: a shadow's edge that
clips a cell's corner leaves a sliver (in the ``shadow`` photos, often under the 0.12 a split
takes by default), and a split held away from it leaves the step inside the larger part."""
EDGE_BAND_MM: Final = 2.5
"""Half the width of the band along the line left out of the measurements: the shadow's soft
edge, blurred by the check's smoothing."""


@dataclass(frozen=True)
class Relit:
    """A cell brought to one light: the measures the occupancy check compares, on the cell's
    pixels away from the shadow's edge."""

    spread: float
    contrast: float
    brightness: tuple[float, ...]
    """The centre's brightness over the local paper white, once brought to the same light: of
    its lit part and of its dark part, or of the one part the centre holds when the shadow's
    edge runs outside it."""


def _grid(n: int) -> tuple[np.ndarray, np.ndarray]:
    mm = (np.arange(n) + 0.5) * CELL / n - CELL / 2
    u, v = np.meshgrid(mm, mm)
    return u, v


def relight(
    smooth: np.ndarray,
    interior: np.ndarray,
    gray: np.ndarray,
    centre: np.ndarray,
    white: float,
) -> Relit | None:
    """The cell relit across a shadow's edge (see the module's words), or ``None`` when no
    straight split of its interior is a shadow's.

    ``smooth`` is the cell's white-balanced RGB, blurred, at half resolution, with its
    ``interior`` mask; ``gray`` its grey pixels at full resolution with the ``centre`` mask (where
    a token's code would be); ``white`` the local paper white in grey levels.
    """
    u, v = _grid(smooth.shape[0])
    pixels = smooth[interior].astype(np.float64)
    light = pixels.mean(axis=1)
    split = best_split(light, u[interior], v[interior], least_side=LEAST_PART)
    if split is None:
        return None
    angle, offset = split
    below = u[interior] * np.cos(angle) + v[interior] * np.sin(angle) < offset
    dark_below = bool(light[below].mean() < light[~below].mean())
    dim = below if dark_below else ~below
    lit = ~dim
    ratio = pixels[dim].mean(axis=0) / np.maximum(pixels[lit].mean(axis=0), 1e-6)
    if not (DIMMED[0] <= float(ratio.min()) and float(ratio.max()) <= DIMMED[1]):
        return None
    if float(ratio.max()) > NEUTRAL * float(ratio.min()):
        return None
    relit = pixels.copy()
    relit[dim] /= ratio
    away = np.abs(u[interior] * np.cos(angle) + v[interior] * np.sin(angle) - offset) > (
        EDGE_BAND_MM
    )
    # each part has its own light gradient (the shadow need not dim evenly along the cell)
    spreads = [
        _spread(relit[away & part], u[interior][away & part], v[interior][away & part])
        for part in (dim, lit)
        if (away & part).sum() >= LEAST_PIXELS
    ]
    if not spreads:
        return None
    spread = max(spreads)
    # the centre at full resolution, the dark part brought to the lit part's light
    fu, fv = _grid(gray.shape[0])
    along = fu * np.cos(angle) + fv * np.sin(angle)
    dark_here = along < offset if dark_below else along >= offset
    level = float(ratio.mean())
    full = np.where(dark_here, gray / level, gray.astype(np.float64))
    keep = centre & (np.abs(along - offset) > EDGE_BAND_MM)
    if keep.sum() < 0.2 * centre.sum():
        return None
    values = full[keep]
    k = len(values) // 10
    low, high = (float(x) for x in np.partition(values, (k, len(values) - 1 - k))[[k, -1 - k]])
    contrast = (high - low) / max(high, 24.0)
    parts = (full[keep & ~dark_here], full[keep & dark_here])
    brightness = tuple(float(np.median(p)) / white for p in parts if p.size)
    return Relit(spread, contrast, brightness)


def _spread(pixels: np.ndarray, u: np.ndarray, v: np.ndarray) -> float:
    """The occupancy check's spread of ``pixels`` (RGB): the 5th to 95th percentile of what a
    plane over the cell leaves, in the widest channel."""
    design = np.c_[np.ones(len(u)), u, v]
    fitted = design @ np.linalg.lstsq(design, pixels, rcond=None)[0]
    residual = pixels - fitted
    low, high = np.percentile(residual, [5, 95], axis=0)
    return float((high - low).max())
