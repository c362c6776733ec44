"""Step 4 of the companion pipeline: each pawn token to its cell, its rotation and its colour.

* **Cell.** The centre of the token's QR code (where its diagonals cross) is mapped into the board
  frame; the cell under it holds the token. A centre closer than :data:`EDGE_MM` to a cell edge
  lies across two cells (or four): that is reported, never settled by a guess. A centre beyond the
  grid is a pawn set aside off the board.
* **Rotation.** The code's top edge (its first two corners) in the board frame, in degrees
  clockwise as seen from above (the board frame's y axis points down), from -180 up to 180, 0
  when the token is upright.
* **Colour check.** The token's coloured frame is sampled through the token's own geometry (the QR
  corners give the token's pose in the photo) and classified red, yellow or green against the
  token's white centre as the white reference, so the light's colour and brightness cancel out.
  It must agree with the colour the code names; a frame of another colour is reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.decode import Detection
from companion.pose import BoardPose
from patrolkit.games.rodeurs import COLUMNS, ROWS, square, square_name
from patrolkit.i18n import _
from patrolkit.sizes import PAWN_INK, Rodeurs

EDGE_MM: Final = 2.0
"""A token centre closer than this to a cell edge lies across two cells."""

_HALF_QR: Final = 21 * Rodeurs.TOKEN_MODULE_MM / 2
_HALF_TOKEN: Final = Rodeurs.TOKEN_MM / 2
_FRAME_IN: Final = _HALF_TOKEN - Rodeurs.TOKEN_FRAME_MM
"""Half side of the token's white centre; the frame runs from here to the token's edge."""


@dataclass(frozen=True)
class Placement:
    """Where a token lies on the board.

    ``board_mm`` is its centre in the board frame. ``square`` is the cell it is on, or ``None``
    when it lies across cells or across the grid's edge (``across`` then names the cells it may
    be on) or off the grid (``off_board``). ``rotation`` is in degrees, clockwise as seen, 0 when
    upright.
    """

    board_mm: tuple[float, float]
    square: int | None
    across: tuple[int, ...]
    off_board: bool
    rotation: float

    @property
    def on_edge(self) -> bool:
        """Whether the token lies across the grid's outer edge."""
        x, y = self.board_mm
        cell = Rodeurs.CELL_MM
        return not self.off_board and not (
            EDGE_MM <= x <= COLUMNS * cell - EDGE_MM and EDGE_MM <= y <= ROWS * cell - EDGE_MM
        )


def place(detection: Detection, pose: BoardPose) -> Placement:
    """The :class:`Placement` of a decoded token."""
    points = pose.board_points(np.vstack([detection.corners, detection.centre[None, :]]))
    corners = points[:4]
    x, y = (float(v) for v in points[4])
    dx, dy = corners[1] - corners[0]
    rotation = round((math.degrees(math.atan2(dy, dx)) + 180.0) % 360.0 - 180.0, 1)
    columns, rows_from_top = _candidates(x, COLUMNS), _candidates(y, ROWS)
    cells = tuple(sorted(square(c, ROWS - 1 - r) for c in columns for r in rows_from_top))
    if not cells:
        return Placement((x, y), None, (), True, rotation)
    placement = Placement((x, y), cells[0], (), False, rotation)
    if len(cells) > 1 or placement.on_edge:
        return Placement((x, y), None, cells, False, rotation)
    return placement


def _candidates(value: float, count: int) -> list[int]:
    """The cell indices along one axis that a centre at ``value`` mm may belong to."""
    cell = Rodeurs.CELL_MM
    found = {math.floor((value + d) / cell) for d in (-EDGE_MM, 0.0, EDGE_MM)}
    return sorted(i for i in found if 0 <= i < count)


def across_text(placement: Placement) -> str:
    """Where a token lying across cells is: ``c4 and c5``, ``a1 and the board's edge``."""
    names = [square_name(sq) for sq in placement.across]
    if placement.on_edge:
        names.append(_("the board's edge"))
    if len(names) == 1:
        return names[0]
    return _("{cells} and {last}").format(cells=", ".join(names[:-1]), last=names[-1])


# -- frame colour -------------------------------------------------------------------------------


def _prototype(hex_colour: str) -> np.ndarray:
    rgb = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float) / 255.0
    return _opponent(rgb[None, :])[0]


def _opponent(normalised: np.ndarray) -> np.ndarray:
    """White-balanced RGB (N x 3, white = 1) to two colour axes: red-green, yellow-blue."""
    r, g, b = normalised[:, 0], normalised[:, 1], normalised[:, 2]
    return np.stack([r - g, (r + g) / 2 - b], axis=1)


PROTOTYPES: Final = {letter: _prototype(ink) for letter, ink in PAWN_INK.items()}
"""Each pawn colour on the two colour axes, for printed ink on white paper."""
MIN_CHROMA: Final = 0.12
"""Below this distance from grey a frame sample has no usable colour (glare, deep shadow)."""
MARGIN: Final = 0.6
"""The nearest hue must be this much closer than the second (ratio of angles) to count. Hues, not
points, are compared: glare and haze add white, which shrinks a colour towards grey but keeps
its hue (about 37° red, 80° yellow, 191° green on these axes)."""


@dataclass(frozen=True)
class FrameColour:
    """What a token's frame looks like: ``letter`` (``R``, ``Y``, ``G``) or ``None`` if unsure,
    and the measured point on the two colour axes."""

    letter: str | None
    point: tuple[float, float]


def classify(samples: np.ndarray, white: np.ndarray) -> FrameColour:
    """The pawn colour of frame pixels ``samples`` (N x 3 RGB) against ``white`` (3,)."""
    white = np.maximum(np.asarray(white, dtype=float), 8.0)
    point = np.median(_opponent(np.clip(samples / white, 0.0, 1.5)), axis=0)
    rounded = (round(float(point[0]), 3), round(float(point[1]), 3))
    if float(np.hypot(*point)) < MIN_CHROMA:
        return FrameColour(None, rounded)
    hue = np.arctan2(point[1], point[0])
    distances = sorted(
        (abs(float(np.angle(np.exp(1j * (hue - np.arctan2(p[1], p[0])))))), k)
        for k, p in PROTOTYPES.items()
    )
    (best, letter), (second, _letter) = distances[0], distances[1]
    return FrameColour(letter if best < MARGIN * second else None, rounded)


def _token_points() -> tuple[np.ndarray, np.ndarray]:
    """Sample points in the token's frame (mm from its centre): the coloured frame, away from
    its edges and from the colour letters in the middle of each side; and the white centre's
    quiet zone around the QR code."""
    steps = np.arange(-_HALF_TOKEN, _HALF_TOKEN + 1e-9, 0.5)
    grid = np.meshgrid(steps, steps)
    u, v = np.asarray(grid[0]).ravel(), np.asarray(grid[1]).ravel()
    ring = np.maximum(np.abs(u), np.abs(v))
    along = np.where(np.abs(u) >= np.abs(v), np.abs(v), np.abs(u))
    frame = (ring >= _FRAME_IN + 0.35) & (ring <= _HALF_TOKEN - 0.45) & (along >= 2.2)
    quiet = (ring >= _HALF_QR + 0.45) & (ring <= _FRAME_IN - 0.35)
    return np.c_[u[frame], v[frame]], np.c_[u[quiet], v[quiet]]


_FRAME_POINTS, _WHITE_POINTS = _token_points()
_QR_SQUARE: Final = _HALF_QR * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=np.float32)


def frame_colours(rgb: np.ndarray, detections: list[Detection]) -> list[FrameColour]:
    """Classify the frame of each token whose QR code is in ``detections``, in the photo ``rgb``
    (the code's corners give the token's pose; all tokens are sampled in one pass)."""
    if not detections:
        return []
    points = np.vstack([_FRAME_POINTS, _WHITE_POINTS])
    homogeneous = np.c_[points, np.ones(len(points))]
    transforms = np.stack(
        [cv2.getPerspectiveTransform(_QR_SQUARE, d.corners.astype(np.float32)) for d in detections]
    )
    mapped = np.einsum("pk,tjk->tpj", homogeneous, transforms)
    xy = (mapped[:, :, :2] / mapped[:, :, 2:3]).astype(np.float32)
    height, width = rgb.shape[:2]
    x, y = xy[..., 0], xy[..., 1]
    inside = (x >= 0) & (x <= width - 1) & (y >= 0) & (y <= height - 1)
    values = cv2.remap(rgb, x.copy(), y.copy(), cv2.INTER_LINEAR).astype(float)
    colours = []
    n_frame = len(_FRAME_POINTS)
    for token, seen in zip(values, inside, strict=True):
        frame = token[:n_frame][seen[:n_frame]]
        white = token[n_frame:][seen[n_frame:]]
        if len(frame) < 20 or len(white) < 10:
            colours.append(FrameColour(None, (0.0, 0.0)))
            continue
        lightness = white.sum(axis=1)
        bright = white[lightness >= np.median(lightness)]
        colours.append(classify(frame, np.median(bright, axis=0)))
    return colours
