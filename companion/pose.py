"""Where a board lies in a photo: its pose, a homography from board-frame millimetres to photo
pixels, and what every reader assumes of a phone's camera.

How a game finds its board's pose from the codes it prints is the game's own
(:mod:`companion.rodeurs.pose` for Rôdeurs); every reader shares :class:`BoardPose` and
:func:`apply`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import cv2
import numpy as np

from companion.bend import Bend
from patrolkit.payload import Corner

FOCAL_OVER_WIDTH: Final = 0.77
"""A phone's main camera (about 26 mm full-frame equivalent) on a 4:3 sensor: focal length in
pixels over the photo's width."""


@dataclass(frozen=True, eq=False)
class BoardPose:
    """The board's pose in one photo.

    ``to_photo`` maps board-frame millimetres (origin at the grid's top-left corner, x right,
    y down) to photo pixels; ``to_board`` is its inverse. ``seen`` are the fiducials that agree
    on the pose, ``set_aside`` those found but not agreeing. ``error_mm`` is the root mean square
    distance, in millimetres on the board, between the agreeing fiducial corners and the pose.
    ``bend``, when the paper or the lens bends the board away from the homography, is where it
    does (see :mod:`companion.bend`): board point ``b`` is then at ``to_photo(b + shift(b))``.
    """

    board_code: str
    to_photo: np.ndarray
    to_board: np.ndarray
    seen: tuple[Corner, ...]
    set_aside: tuple[Corner, ...]
    error_mm: float
    bend: Bend | None = None

    @property
    def missing(self) -> tuple[Corner, ...]:
        """The fiducials not (usably) seen in the photo."""
        return tuple(c for c in Corner if c not in self.seen)

    def photo_points(self, board_mm: np.ndarray) -> np.ndarray:
        """Board-frame points (N x 2, mm) in photo pixels."""
        if self.bend is not None:
            board_mm = self.bend.bent(board_mm)
        return apply(self.to_photo, board_mm)

    def board_points(self, photo_px: np.ndarray) -> np.ndarray:
        """Photo points (N x 2, pixels) in the board frame, millimetres."""
        flat = apply(self.to_board, photo_px)
        return flat if self.bend is None else self.bend.straightened(flat)

    def bent(self, bend: Bend) -> BoardPose:
        """The same pose with the board bent by ``bend``."""
        return replace(self, bend=bend)

    def local(self, box_mm: tuple[float, float, float, float]) -> np.ndarray:
        """The homography that best stands for the pose over the board-frame box ``box_mm``
        (x, y, width, height): the pose's own when the board is not bent."""
        if self.bend is None:
            return self.to_photo
        x, y, width, height = box_mm
        grid = np.stack(
            np.meshgrid(np.linspace(x, x + width, 5), np.linspace(y, y + height, 5)), axis=2
        ).reshape(-1, 2)
        transform, _ = cv2.findHomography(grid, self.photo_points(grid), 0)
        return self.to_photo if transform is None else np.asarray(transform)

    def pixels_per_mm(self, board_mm: tuple[float, float]) -> float:
        """The photo's resolution on the board around ``board_mm`` (geometric mean of the axes)."""
        x, y = board_mm
        square = np.array([[x, y], [x + 1.0, y], [x, y + 1.0]])
        a, b, c = self.photo_points(square)
        return float(np.sqrt(abs(np.cross(b - a, c - a))))


def apply(transform: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (N x 2) through the 3 x 3 homography ``transform``."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    x, y = points[:, 0], points[:, 1]
    (a, b, c), (d, e, f), (g, h, i) = transform
    w = g * x + h * y + i
    return np.stack([(a * x + b * y + c) / w, (d * x + e * y + f) / w], axis=1)


def rounded_px(point: np.ndarray) -> tuple[float, float]:
    """The photo point ``point`` (x, y) to a tenth of a pixel, as a verdict gives it."""
    return (round(float(point[0]), 1), round(float(point[1]), 1))
