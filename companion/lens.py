"""A wide-angle lens's barrel distortion, found from codes known to lie flat, and taken out.

A phone's wide-angle lens draws straight lines bowed outwards: a point at radius ``r_u`` from the
photo's middle (over the focal length) is seen at ``r_d = r_u (1 + k r_u²)``, ``k < 0``. Near the
photo's edges things then look smaller than the homography fitted to the middle says, by up to
a tenth, and a reader that measures sizes there (is this code a die's top face?) goes wrong.

Codes known to lie on one plane and to be of one size tell ``k``: with the right ``k`` taken out,
one homography fits them all best (:func:`lens_of`). The photo and every code read in it are then
straightened (:meth:`Lens.straighten`, :meth:`Lens.straighten_image`) and read as if taken through
a perfect lens; what the reader reports goes back to the photo's own pixels through
:meth:`Lens.bend`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.pose import FOCAL_OVER_WIDTH

STRENGTHS: Final = tuple(round(-0.02 * i, 2) for i in range(16))
"""The ``k`` tried, 0 to -0.30: a phone's wide-angle lens measured -0.05 to -0.15."""
MIN_CODES: Final = 3
"""Fewer flat codes do not tell a lens from a tilt of the plane."""
MIN_ERROR_PX: Final = 0.5
"""A fit whose corners already lie this close (root mean square) needs no lens: sharp phone
photos fit to 0.25–0.40 px."""
GAIN: Final = 0.6
"""A lens is taken only when it brings the fit's error under this share of the error without."""
_STEP: Final = 8
"""The straightening map is computed on a grid this much coarser than the photo, then enlarged."""


@dataclass(frozen=True)
class Lens:
    """Barrel distortion ``k`` about the photo's middle ``centre`` (px), radii over
    ``focal_px``."""

    k: float
    centre: tuple[float, float]
    focal_px: float

    @classmethod
    def of(cls, k: float, width: int, height: int) -> Lens:
        """A phone's lens of distortion ``k`` on a ``width`` x ``height`` photo."""
        return cls(k, ((width - 1) / 2, (height - 1) / 2), FOCAL_OVER_WIDTH * max(width, height))

    def bend(self, points: np.ndarray) -> np.ndarray:
        """Straightened points ``(n, 2)`` back to where the lens shows them in the photo."""
        offset = (np.asarray(points, np.float64).reshape(-1, 2) - self.centre) / self.focal_px
        r2 = (offset**2).sum(axis=1, keepdims=True)
        return np.asarray(self.centre + offset * (1 + self.k * r2) * self.focal_px)

    def straighten(self, points: np.ndarray) -> np.ndarray:
        """Photo points ``(n, 2)`` to where a perfect lens would show them (Newton's method on
        the radius; the photo's corners lie well inside the radius where ``r_d`` turns)."""
        offset = (np.asarray(points, np.float64).reshape(-1, 2) - self.centre) / self.focal_px
        r_d = np.hypot(offset[:, 0], offset[:, 1])
        r_u = r_d.copy()
        for _ in range(8):
            r_u -= (r_u * (1 + self.k * r_u**2) - r_d) / (1 + 3 * self.k * r_u**2)
        ratio = np.divide(r_u, r_d, out=np.ones_like(r_d), where=r_d > 1e-12)
        return np.asarray(self.centre + offset * ratio[:, None] * self.focal_px)

    def straighten_image(self, image: np.ndarray) -> np.ndarray:
        """``image`` as a perfect lens would show it, the same size: each pixel takes the photo
        at :meth:`bend` of itself (the map computed on a coarse grid, then enlarged)."""
        height, width = image.shape[:2]
        rows, cols = -(-height // _STEP), -(-width // _STEP)
        # Grid point i lies where an enlargement by STEP puts it: at pixel (i + ½) STEP - ½.
        ys, xs = (np.mgrid[0:rows, 0:cols] + 0.5) * _STEP - 0.5
        source = self.bend(np.c_[xs.ravel(), ys.ravel()]).reshape(rows, cols, 2)
        full = cv2.resize(source.astype(np.float32), (cols * _STEP, rows * _STEP))
        map_x, map_y = full[:height, :width, 0], full[:height, :width, 1]
        return np.asarray(
            cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        )


def lens_of(
    codes: Sequence[np.ndarray],
    width: int,
    height: int,
    error_of: Callable[[list[np.ndarray]], float],
) -> Lens | None:
    """The lens that photographed ``codes`` (each a code's four corners, photo px), codes that
    lie flat on one plane, ``error_of`` giving the error (px) of the best fit of that plane to
    corners; ``None`` when a perfect lens fits as well (see :data:`MIN_ERROR_PX`,
    :data:`GAIN`)."""
    if len(codes) < MIN_CODES:
        return None
    flat = error_of(list(codes))
    if flat < MIN_ERROR_PX:  # a sharp phone photo: no lens to look for
        return None
    lenses = [Lens.of(k, width, height) for k in STRENGTHS[1:]]
    errors = [error_of([lens.straighten(c) for c in codes]) for lens in lenses]
    best = int(np.argmin(errors))
    return lenses[best] if errors[best] <= GAIN * flat else None
