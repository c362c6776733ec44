"""The board's pose made to fit what is printed on it: the corners where its cells meet.

A pose from the corner codes is a homography: exact for flat paper through a perfect lens, a few
millimetres off in the middle of the board when the lens bows lines (a phone's wide angle) or the
paper rises towards an edge. The cells show where the board really is. Around each grid crossing
the board as printed — black, white and grey cells, the grid lines and the frame, a token-sized
hole in each cell where a pawn may stand — is drawn and looked for in the photo rectified through
the pose (normalised cross-correlation, a few millimetres each way). Each crossing found clearly
says how far the board is shifted there, along each axis it pins (a crossing between two white
cells on one side pins only one axis); a smooth bend (:class:`companion.bend.Bend`) is fitted to
those shifts, the crossings that disagree left out, and the corner codes read held where they
are. The bend is kept only when enough crossings over the whole board agree on it; otherwise the
pose stays as it was, and the cells it leaves unclear are reported, never guessed.

The reader measures the grid only when the board read through the plain pose leaves something
unclear (:func:`companion.rodeurs.reader.read_photo`): a clear board does not pay for it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import cv2
import numpy as np

from companion.bend import Bend, terms
from companion.cascade import rectify
from companion.pose import BoardPose
from companion.rodeurs.pose import fiducial_corners
from patrolkit.games.rodeurs import COLUMNS, ROWS, Board, CellColour, square
from patrolkit.sizes import Rodeurs

CELL: Final = Rodeurs.CELL_MM
WIDTH: Final = Rodeurs.GRID_WIDTH_MM
HEIGHT: Final = Rodeurs.GRID_HEIGHT_MM
PX_PER_MM: Final = 2.0
"""Resolution of the rectified board the crossings are looked for in."""
WINDOW_MM: Final = 7.0
"""Half the side of the drawn surroundings of a crossing."""
SEARCH_MM: Final = 5.0
"""How far from where the pose puts it a crossing is looked for."""
MIN_SCORE: Final = 0.5
"""A crossing counts only where the drawing correlates this well with the photo."""
MIN_DROP: Final = 0.08
"""... and where moving it 1.5 mm along an axis loses this much correlation (else that axis is not
pinned there)."""
MAX_RESIDUAL_MM: Final = 0.8
"""A crossing farther than this from the fitted bend is left out."""
MIN_PINS: Final = 12
"""Crossings pinning each axis, at least, for a bend to be fitted."""
FLAT_MM: Final = 0.3
"""A bend that moves no crossing by this much is not kept."""
MARGIN_MM: Final = 25.0
BOX: Final = (-MARGIN_MM, -MARGIN_MM, WIDTH + 2 * MARGIN_MM, HEIGHT + 2 * MARGIN_MM)
"""The board-frame box the bend is fitted over (the grid and a margin)."""

_INK: Final = {CellColour.BLACK: 43 / 255, CellColour.WHITE: 1.0, CellColour.GREY: 0.75}
"""Bare cells' printed lightness (the grey row's hatching averaged in)."""
_HOLE_MM: Final = 8.6
"""Half the side of the hole left in each cell: a pawn's token may stand there."""


def drawing(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """The printed grid (lightness 0..1) over :data:`BOX` at :data:`PX_PER_MM`, and where it may
    be trusted (see :func:`_drawing`; drawn once per board layout)."""
    return _drawing(board.code)


@lru_cache(maxsize=8)
def _drawing(code: str) -> tuple[np.ndarray, np.ndarray]:
    """The printed grid (lightness 0..1) over :data:`BOX` at :data:`PX_PER_MM`, and where it may
    be trusted (0 in each cell's middle, where a token may stand, and on the start disc)."""
    board = Board.from_code(code)
    scale = PX_PER_MM
    width, height = round(BOX[2] * scale), round(BOX[3] * scale)
    image = np.ones((height, width), np.float32)
    trust = np.ones((height, width), np.float32)

    def px(x: float, y: float) -> tuple[int, int]:
        return round((x - BOX[0]) * scale), round((y - BOX[1]) * scale)

    for column in range(COLUMNS):
        for row in range(ROWS):
            x, y, w, h = Rodeurs.cell_box(column, row)
            colour = board.colour(square(column, row))
            cv2.rectangle(image, px(x, y), px(x + w, y + h), _INK[colour], -1)
            if colour is CellColour.BLACK:
                inset = 1.1
                line = max(1, round(0.45 * scale))
                cv2.rectangle(
                    image, px(x + inset, y + inset), px(x + w - inset, y + h - inset), 0.95, line
                )
            cx, cy = x + w / 2, y + h / 2
            cv2.rectangle(
                trust, px(cx - _HOLE_MM, cy - _HOLE_MM), px(cx + _HOLE_MM, cy + _HOLE_MM), 0.0, -1
            )
            cv2.rectangle(trust, px(x, y + h - 6.5), px(x + 6.5, y + h), 0.0, -1)
    for column in range(1, COLUMNS):
        cv2.line(image, px(column * CELL, 0), px(column * CELL, HEIGHT), 0.35, 1)
    for row in range(1, ROWS):
        cv2.line(image, px(0, row * CELL), px(WIDTH, row * CELL), 0.35, 1)
    cv2.rectangle(image, px(0, 0), px(WIDTH, HEIGHT), 0.1, max(1, round(0.6 * scale)))
    blurred = np.asarray(cv2.GaussianBlur(image, (0, 0), 0.5 * scale))
    blurred.flags.writeable = trust.flags.writeable = False  # kept for the next photo
    return blurred, trust


def crossings() -> np.ndarray:
    """The grid's crossings (board mm): every corner where cells meet, the frame's included."""
    xs, ys = np.arange(COLUMNS + 1) * CELL, np.arange(ROWS + 1) * CELL
    return np.stack(np.meshgrid(xs, ys), axis=2).reshape(-1, 2)


def measure(gray: np.ndarray, pose: BoardPose, board: Board) -> tuple[np.ndarray, np.ndarray]:
    """For each crossing, how far the photo shows it from where ``pose`` puts it (mm, board
    frame) and, per axis, whether that is pinned (weights 0 or 1)."""
    scale = PX_PER_MM
    view, _ = rectify(gray, pose, BOX, scale)
    view = cv2.GaussianBlur(view.astype(np.float32), (0, 0), 0.5 * scale)
    drawn, trust = drawing(board)
    w, s = round(WINDOW_MM * scale), round(SEARCH_MM * scale)
    step = round(1.5 * scale)
    points = crossings()
    shifts = np.zeros_like(points)
    pinned = np.zeros_like(points)
    for k, (x, y) in enumerate(points):
        cx, cy = round((x - BOX[0]) * scale), round((y - BOX[1]) * scale)
        template = drawn[cy - w : cy + w + 1, cx - w : cx + w + 1]
        mask = trust[cy - w : cy + w + 1, cx - w : cx + w + 1]
        region = view[cy - w - s : cy + w + s + 1, cx - w - s : cx + w + s + 1]
        if region.shape != (2 * (w + s) + 1,) * 2 or template.std() < 0.05:
            continue
        scores = _correlation(region, template, mask)
        iy, ix = np.unravel_index(int(np.argmax(scores)), scores.shape)
        best = float(scores[iy, ix])
        if best < MIN_SCORE or not (
            step <= ix < 2 * s + 1 - step and step <= iy < 2 * s + 1 - step
        ):
            continue
        drop_x = best - max(scores[iy, ix - step], scores[iy, ix + step])
        drop_y = best - max(scores[iy - step, ix], scores[iy + step, ix])
        shifts[k] = (
            _peak(scores[iy, ix - 1 : ix + 2]) + ix - s,
            _peak(scores[iy - 1 : iy + 2, ix]) + iy - s,
        )
        pinned[k] = (drop_x >= MIN_DROP, drop_y >= MIN_DROP)
    return shifts / scale, pinned


def _correlation(region: np.ndarray, template: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The normalised cross-correlation of ``template`` (only where ``mask``, 0 or 1) with every
    window of ``region``: three plain correlations (the template, the mask, the mask on the
    squared image)."""
    count = float(mask.sum())
    drawn = (template - float((template * mask).sum()) / count) * mask
    drawn /= max(float(np.sqrt((drawn * drawn).sum())), 1e-6)
    numerator = cv2.matchTemplate(region, drawn, cv2.TM_CCORR)
    total = cv2.matchTemplate(region, mask, cv2.TM_CCORR)
    squares = cv2.matchTemplate(region * region, mask, cv2.TM_CCORR)
    variance = np.maximum(squares - total * total / count, 1e-6)
    return np.asarray(numerator / np.sqrt(variance))


def _peak(three: np.ndarray) -> float:
    """Sub-pixel offset of a peak from three samples around it."""
    a, b, c = (float(v) for v in three)
    denominator = a - 2 * b + c
    return 0.0 if denominator >= 0 else float(np.clip(0.5 * (a - c) / denominator, -0.5, 0.5))


def fit_bend(
    points: np.ndarray, shifts: np.ndarray, pinned: np.ndarray, held: np.ndarray
) -> Bend | None:
    """The bend through the crossings' ``shifts`` (where ``pinned``), holding the board points
    ``held`` (the corner codes read) where they are; ``None`` unless enough crossings agree."""
    design = terms(points, BOX)
    fixed = terms(held, BOX) if len(held) else np.zeros((0, design.shape[1]))
    coefficients = []
    for axis in range(2):
        use = pinned[:, axis] > 0
        for _ in range(3):
            if use.sum() < MIN_PINS or np.ptp(points[use], axis=0).min() < 3 * CELL:
                return None
            a = np.vstack([design[use], fixed * 2.0])
            b = np.concatenate([shifts[use, axis], np.zeros(len(fixed))])
            solution, *_ = np.linalg.lstsq(a, b, rcond=None)
            residual = np.abs(design @ solution - shifts[:, axis])
            keep = (pinned[:, axis] > 0) & (residual <= MAX_RESIDUAL_MM)
            if np.array_equal(keep, use):
                break
            use = keep
        coefficients.append(solution)
    return Bend(np.array(coefficients), BOX)


def fit_to_grid(gray: np.ndarray, pose: BoardPose, board: Board) -> BoardPose:
    """``pose`` bent to the printed grid, twice (the second time to what the first left), or as
    it was when the grid does not clearly show a bend."""
    held = (
        np.concatenate([fiducial_corners(c) for c in pose.seen]) if pose.seen else np.zeros((0, 2))
    )
    fitted = pose
    for _ in range(2):
        shifts, pinned = measure(gray, fitted, board)
        bend = fit_bend(crossings(), shifts, pinned, held)
        if bend is None:
            return fitted
        if fitted.bend is None and float(np.abs(bend.shift(crossings())).max()) < FLAT_MM:
            return fitted  # flat enough: the homography stands, and reading stays quick
        fitted = fitted.bent(bend if fitted.bend is None else fitted.bend.then(bend))
    return fitted
