"""The blurs a phone photo may have, and how the likeliest are picked among them.

A shaken hand smears a 12 MP photo along a short streak, a missed focus over a small disc;
:mod:`companion.deblur` divides a blur out, and finds it on the codes the decoder located;
:mod:`companion.codeblur` and :mod:`companion.edgeblur` read it on the codes read and on the
paper's edges, by how well each blur of :data:`CANDIDATES` predicts what the photo shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import cv2
import numpy as np


@dataclass(frozen=True)
class Blur:
    """A blur: ``defocus`` (a disc of radius ``size_px``) or ``motion`` (a streak ``size_px``
    long at ``angle_deg``, clockwise from the photo's x axis)."""

    kind: str
    size_px: float
    angle_deg: float = 0.0

    def kernel(self) -> np.ndarray:
        """The blur's point spread (float32, sums to 1, odd sides)."""
        return _kernel(self.kind, self.size_px, self.angle_deg)


@lru_cache(maxsize=128)
def _kernel(kind: str, size_px: float, angle_deg: float) -> np.ndarray:
    """:meth:`Blur.kernel`, drawn once per blur (read-only)."""
    fine = 4  # drawn four times finer, then averaged: edges anti-aliased
    half = int(np.ceil(size_px / (2 if kind == "motion" else 1))) + 1
    side = 2 * half + 1
    if kind == "defocus":
        steps = (np.arange(side * fine) + 0.5) / fine - side / 2
        x, y = np.meshgrid(steps, steps)
        drawn = (x * x + y * y <= size_px * size_px).astype(np.float32)
    else:
        drawn = np.zeros((side * fine, side * fine), np.float32)
        centre = side * fine / 2
        turn = np.radians(angle_deg)
        dx, dy = np.cos(turn) * size_px * fine / 2, np.sin(turn) * size_px * fine / 2
        start = (round(centre - dx), round(centre - dy))
        end = (round(centre + dx), round(centre + dy))
        cv2.line(drawn, start, end, 1.0, fine)
    kernel = drawn.reshape(side, fine, side, fine).mean(axis=(1, 3))
    kernel = kernel + kernel[::-1, ::-1]  # exactly point-symmetric: a real spectrum
    kernel = (kernel / kernel.sum()).astype(np.float32)
    kernel.flags.writeable = False
    return kernel


CANDIDATES: Final = (
    *(Blur("defocus", float(r)) for r in np.arange(2.0, 8.01, 0.5)),
    *(Blur("motion", float(n), a) for n in range(5, 21) for a in range(0, 180, 10)),
)
"""The blurs a 12 MP phone photo may have: a disc of 2 to 8 px, a streak of 5 to 20 px in any
direction (:mod:`companion.deblur` refines nothing: these steps are finer than its bank's)."""
SOFT_PX: Final = (0.6, 1.0, 1.5, 2.0)
"""The Gaussian softness tried under every blur (px)."""
CLOSE: Final = 1.5
"""Blurs whose misfit is within this factor of the best's are kept too, the best first."""
KEEP: Final = 3
"""At most this many blurs are kept."""


def alike(one: Blur, other: Blur, size_px: float = 2.0, turn_deg: float = 20.0) -> bool:
    """Whether two blurs are near enough that dividing out either would do: of one kind,
    within ``size_px`` and, for streaks, ``turn_deg`` of one another."""
    if one.kind != other.kind or abs(one.size_px - other.size_px) > size_px:
        return False
    turn = abs(one.angle_deg - other.angle_deg) % 180
    return one.kind == "defocus" or min(turn, 180 - turn) <= turn_deg


def likeliest(fits: list[tuple[float, Blur]]) -> list[Blur]:
    """Of ``fits`` (a misfit and its blur), the blurs within :data:`CLOSE` of the best and unlike
    one another (:func:`alike`), at most :data:`KEEP`, the best first (the smaller of equals)."""
    ordered = sorted(fits, key=lambda fit: (fit[0], fit[1].size_px))
    chosen: list[Blur] = []
    for misfit, blur in ordered:
        if misfit > CLOSE * ordered[0][0] or len(chosen) == KEEP:
            break
        if not any(alike(blur, other) for other in chosen):
            chosen.append(blur)
    return chosen
