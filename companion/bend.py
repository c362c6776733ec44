"""A board that does not lie exactly as its homography says: a smooth bend of its frame.

A homography is exact only for flat paper seen through a perfect lens. A phone's wide-angle lens
bows straight lines (barrel distortion) and a sheet that does not lie flat rises towards an edge;
either moves the middle of the board a few millimetres from where its corner codes put it. A
:class:`Bend` is that error, measured in the board frame: a cubic polynomial shift of every board
point, so that the photo shows board point ``b`` where the homography shows ``b + shift(b)``
(see :class:`companion.pose.BoardPose`). How a game measures the bend from what it prints is its
own (:mod:`companion.rodeurs.grid` for Rôdeurs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

DEGREE: Final = 3
"""Cubic: smooth enough for a lens or a lifted sheet, stiff enough to bridge covered places."""


def terms(points: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The polynomial's terms (N x 10) at board points ``points`` (N x 2, mm), the coordinates
    scaled to -1..1 over ``box`` (x, y, width, height)."""
    x, y, width, height = box
    u = (np.asarray(points, dtype=float)[:, 0] - x) / width * 2 - 1
    v = (np.asarray(points, dtype=float)[:, 1] - y) / height * 2 - 1
    return np.stack([u**i * v**j for i, j in _POWERS], axis=1)


_POWERS: Final = tuple((i, total - i) for total in range(DEGREE + 1) for i in range(total, -1, -1))


@dataclass(frozen=True, eq=False)
class Bend:
    """A shift of the board frame: ``coefficients`` (2 x 10, x then y shift, mm) of the cubic
    over ``box`` (see :func:`terms`)."""

    coefficients: np.ndarray
    box: tuple[float, float, float, float]

    def shift(self, board_mm: np.ndarray) -> np.ndarray:
        """The shift (N x 2, mm) at board points ``board_mm`` (N x 2)."""
        return np.asarray(terms(board_mm, self.box) @ self.coefficients.T)

    def bent(self, board_mm: np.ndarray) -> np.ndarray:
        """Board points moved to where the homography shows them."""
        points = np.asarray(board_mm, dtype=float).reshape(-1, 2)
        return points + self.shift(points)

    def straightened(self, bent_mm: np.ndarray) -> np.ndarray:
        """The board points that :meth:`bent` moves to ``bent_mm`` (a few fixed-point steps: the
        shift is small and smooth)."""
        bent = np.asarray(bent_mm, dtype=float).reshape(-1, 2)
        points = bent.copy()
        for _ in range(6):
            points = bent - self.shift(points)
        return points

    def then(self, other: Bend) -> Bend:
        """This bend corrected by ``other``, measured through it: ``b + other(b)`` is bent by
        this one. Refitted as one cubic over this bend's box."""
        x, y, width, height = self.box
        grid = np.stack(
            np.meshgrid(np.linspace(x, x + width, 12), np.linspace(y, y + height, 12)), axis=2
        ).reshape(-1, 2)
        total = self.bent(grid + other.shift(grid)) - grid
        solution, *_ = np.linalg.lstsq(terms(grid, self.box), total, rcond=None)
        return Bend(np.asarray(solution.T), self.box)
