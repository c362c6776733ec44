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


def phone_camera(width: int, height: int) -> np.ndarray:
    """The camera matrix of a phone's main camera for a ``width`` x ``height`` photo: focal
    length :data:`FOCAL_OVER_WIDTH` of its longer side, the photo's centre on its axis."""
    focal = FOCAL_OVER_WIDTH * max(width, height)
    return np.array([[focal, 0.0, (width - 1) / 2], [0.0, focal, (height - 1) / 2], [0, 0, 1.0]])


def seen_flat(plane: np.ndarray, photo: np.ndarray, size: tuple[int, int]) -> list[np.ndarray]:
    """The homographies from a plane (mm) to the photo (px) through which the four points
    ``plane`` are seen at ``photo`` by a phone's camera (:func:`phone_camera`, ``size`` the
    photo's width and height): the plane's two poses that fit, the closer fit first (a small
    square seen from near its normal looks alike tilted either way); none if no pose fits.

    The corners of one code fix a free homography exactly (eight unknowns for eight numbers),
    so the small errors of their places grow with the distance from the code: on a sheet ten
    codes wide, its far corners land where a second code is not looked for. Seen through a
    known camera, the plane has only six unknowns (its turn and its place), and the same four
    corners place the whole sheet (the planar pose ``IPPE``)."""
    camera = phone_camera(*size)
    points = np.column_stack([plane, np.zeros(len(plane))]).astype(np.float64)
    found, turns, places, _errors = cv2.solvePnPGeneric(
        points, np.asarray(photo, np.float64), camera, None, flags=cv2.SOLVEPNP_IPPE
    )
    poses = []
    for turn, place in zip(turns, places, strict=True) if found else ():
        rotation, _ = cv2.Rodrigues(turn)
        transform = camera @ np.column_stack([rotation[:, 0], rotation[:, 1], place.ravel()])
        if np.isfinite(transform).all() and abs(np.linalg.det(transform)) > 1e-9:
            poses.append(np.asarray(transform / transform[2, 2]))
    return poses


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
