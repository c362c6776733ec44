"""Where a version-1 code lies near a point of a board, and its modules sampled softly: what
reading a code by matching needs before any codebook.

A decoder takes a hard decision on every module; at about two camera pixels per module, with
blur or noise, too many of those decisions are wrong. Here the code is first placed from the
patterns every version-1 code shares (three finder squares with their separators, the timing
rows, the dark module and the light quiet zone round it): its turn modulo a quarter from the
direction of the edges round the point (:func:`code_turn`), then its centre and which side is
up, searched coarse to fine (:func:`place_code`). The grey level at each module's centre is
then sampled through the board's pose (:func:`module_samples`), ready to be compared with the
codes a game can print (:mod:`companion.rodeurs.qrmatch`, :mod:`companion.patrolis.tilematch`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import cv2
import numpy as np

from companion.cascade import rectify
from companion.cornermatch import best_placement
from companion.decode import Detection
from companion.pose import BoardPose
from companion.qrbook import SIZE, fixed_pattern, function_modules

DATA: Final = ~function_modules().ravel()
"""The modules, row by row, that codes do not share (data and format)."""
_ALL: Final = np.array([(r, c) for r in range(SIZE) for c in range(SIZE)], dtype=float)
_SUB: Final = np.array([(dy, dx) for dy in (-0.2, 0.0, 0.2) for dx in (-0.2, 0.0, 0.2)])
"""Where round each module's centre (row, column, in modules) its grey level is sampled."""
TURN_PX_PER_MM: Final = 8.0
"""The resolution at which the edges round the point are rectified to find the code's turn."""


def _known_modules() -> tuple[np.ndarray, np.ndarray]:
    """Module positions (row, column) whose shade every code shares, and that shade (+1 dark,
    -1 light): finders, separators, timing, dark module, and the quiet zone's first ring."""
    dark, known = fixed_pattern()
    rows, cols = np.nonzero(known)
    shade = np.where(dark[rows, cols], 1.0, -1.0)
    ring = [
        (r, c)
        for r in range(-1, SIZE + 1)
        for c in range(-1, SIZE + 1)
        if r in (-1, SIZE) or c in (-1, SIZE)
    ]
    positions = np.vstack([np.c_[rows, cols], np.array(ring)]).astype(float)
    return positions, np.concatenate([shade, -np.ones(len(ring))])


_KNOWN, _KNOWN_SHADE = _known_modules()
_KNOWN_CENTRED: Final = np.c_[_KNOWN[:, 1] - (SIZE - 1) / 2, _KNOWN[:, 0] - (SIZE - 1) / 2]
_KNOWN_WEIGHTS: Final = (
    (_KNOWN_SHADE - _KNOWN_SHADE.mean()) / _KNOWN_SHADE.std() / len(_KNOWN_SHADE)
).astype(np.float32)


@dataclass(frozen=True)
class Match:
    """A code read by matching: its text, how well its data modules agree with the samples
    (correlation), by how much it beats the best other text, how well the shared patterns
    placed it, and the code as if decoded (its corners in the photo, in code order)."""

    text: str
    score: float
    margin: float
    alignment: float
    detection: Detection


@dataclass(frozen=True)
class Placed:
    """A code placed near a point: the pose flattened there, the code's centre (board mm) and
    turn (radians, code rows along the turned x), its module (mm), and how well the patterns
    every code shares correlate with the photo there (``alignment``)."""

    pose: BoardPose
    centre: tuple[float, float]
    turn: float
    module_mm: float
    alignment: float

    def board_points(self, modules: np.ndarray) -> np.ndarray:
        """Board mm of module positions (row, column; centres at integers)."""
        u = (modules[:, 1] - (SIZE - 1) / 2) * self.module_mm
        v = (modules[:, 0] - (SIZE - 1) / 2) * self.module_mm
        cos, sin = np.cos(self.turn), np.sin(self.turn)
        cx, cy = self.centre
        return np.c_[cx + cos * u - sin * v, cy + sin * u + cos * v]

    def detection(self, text: str) -> Detection:
        """The code as if a decoder had read ``text`` there: its corners in the photo, in code
        order (top left, top right, bottom right, bottom left)."""
        corners = np.array([[0, 0], [0, SIZE], [SIZE, SIZE], [SIZE, 0]], dtype=float) - 0.5
        return Detection(text, self.pose.photo_points(self.board_points(corners)))


def place_code(
    gray: np.ndarray,
    pose: BoardPose,
    centre: tuple[float, float],
    turn: float,
    module_mm: float,
    search_mm: float,
) -> Placed:
    """The code of ``module_mm`` modules best placed within ``search_mm`` of ``centre`` (board
    mm), turned by ``turn`` (:func:`code_turn`) or a multiple of a quarter more."""
    local = _KNOWN_CENTRED * module_mm
    shifts = np.linspace(-search_mm, search_mm, 13)
    dx, dy, quarter = np.meshgrid(shifts, shifts, np.arange(4), indexing="ij")
    best = best_placement(
        gray,
        pose,
        centre[0] + dx,
        centre[1] + dy,
        turn + quarter * np.pi / 2,
        local,
        _KNOWN_WEIGHTS,
    )
    for step, turns in ((0.2, (-0.012, 0.0, 0.012)), (0.06, (-0.004, 0.0, 0.004))):
        (cx, cy, t), _ = best
        offsets = np.arange(-3, 4) * step
        dx, dy, dt = np.meshgrid(offsets, offsets, np.array(turns), indexing="ij")
        best = best_placement(gray, pose, cx + dx, cy + dy, t + dt, local, _KNOWN_WEIGHTS)
    (cx, cy, t), alignment = best
    return Placed(pose, (cx, cy), t, module_mm, alignment)


def module_samples(gray: np.ndarray, placed: Placed) -> np.ndarray:
    """Every module's grey level (the mean of nine points round its centre), row by row, dark
    positive and light negative with unit spread."""
    points = (_ALL[:, None, :] + _SUB[None, :, :]).reshape(-1, 2)
    xy = placed.pose.photo_points(placed.board_points(points)).astype(np.float32)
    values = cv2.remap(gray, xy[None, :, 0].copy(), xy[None, :, 1].copy(), cv2.INTER_LINEAR)
    means = np.asarray(values.reshape(len(_ALL), len(_SUB)).mean(axis=1), dtype=float)
    return np.asarray(-(means - means.mean()) / max(float(means.std()), 1e-6))


def flat_over(pose: BoardPose, box_mm: tuple[float, float, float, float]) -> BoardPose:
    """``pose`` as the one homography that stands for it over ``box_mm``: a bent board is smooth
    over a cell, and placing a code maps many thousand points."""
    if pose.bend is None:
        return pose
    transform = pose.local(box_mm)
    return replace(pose, to_photo=transform, to_board=np.linalg.inv(transform), bend=None)


def code_turn(
    gray: np.ndarray, pose: BoardPose, centre: tuple[float, float], reach_mm: float
) -> float | None:
    """A code's turn modulo a quarter (radians), from the direction of the edges within
    ``reach_mm`` of ``centre`` (board mm); ``None`` where there are no edges."""
    box = (centre[0] - reach_mm, centre[1] - reach_mm, 2 * reach_mm, 2 * reach_mm)
    patch, _ = rectify(gray, pose, box, TURN_PX_PER_MM, cubic=True)
    patch = cv2.GaussianBlur(patch.astype(np.float32), (0, 0), 0.8)
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1)
    weight = gx * gx + gy * gy
    if float(weight.sum()) <= 0:
        return None
    folded = (weight * np.exp(4j * np.arctan2(gy, gx))).sum()
    return float(np.angle(folded) / 4)
