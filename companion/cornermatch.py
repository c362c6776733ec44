"""A corner code too small for the decoder, found by matching: the last look at a sheet's
corner code once its kit is known.

A messaging app's copy of a table photo shrinks a corner code's 0.7 mm modules to 1.4–1.7
pixels, and the decoder, which takes a hard decision on every module, reads few of them. Yet
once one code of the kit is read, the text of every corner code of the board is known (the
corner, the kit and the sheet are all it holds), and so is its every module: the ``qrcode``
library the kit was printed with builds the same matrix, mask included. Where a first pose puts
the code, the grey levels at the modules' centres are sampled softly and compared with that
matrix (:func:`match_corner`): the code is taken only where it agrees well
(:data:`MIN_SCORE`), and clearly better than the code of any other corner of the board would
(:data:`MIN_MARGIN`) — so a scout's code, another corner's, or bare paper are never taken
for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import cv2
import numpy as np
import qrcode
import qrcode.constants

from companion.cascade import rectify
from companion.decode import Detection
from companion.pose import BoardPose
from patrolkit.sizes.lapped import Box
from patrolkit.sizes.qr import QR_ERROR_CORRECTION

SEARCH_MM: Final = 8.0
"""How far from where the first pose puts a code's centre it is looked for: a pose from the
sheets found beside, each laid ±2 mm and ±1° off its place, put the corner codes of grand jeu
``messaging`` photos 2.3 to 6.5 mm off (dev seeds 71000-71019)."""
TURNS_DEG: Final = (-1.5, 0.0, 1.5)
"""The turns first tried (degrees), a module's step apart at the code's edge, then refined: two
sheets laid ±1° off their place turn up to 2° one from the other."""
REFINE: Final = ((1 / 3, 1.5), (1 / 6, 0.5), (1 / 10, 0.2))
"""The steps of the fine search round the coarse one's best: of place (modules, 3 each way)
and of turn (degrees, 1 each way)."""
COARSE_PX_PER_MM: Final = 5.0
"""The resolution of the first, coarse search: 3.5 px a module, finer than any photo shows a
corner code."""
MIN_SCORE: Final = 0.5
"""The expected code's data modules must correlate this well with the samples.

Measured on grand jeu ``messaging`` photos (dev seeds 71000-71019): see :data:`MIN_MARGIN`."""
MIN_MARGIN: Final = 0.25
"""The expected code must beat the code of every other corner of the board, at the same place,
by this much correlation of their data modules.

Measured on grand jeu ``messaging`` photos (dev seeds 71000-71019): see the module's tests."""
_LEVELS: Final = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}
_SUB: Final = np.array([(dx, dy) for dy in (-0.2, 0.0, 0.2) for dx in (-0.2, 0.0, 0.2)])
"""Where round each module's centre (in modules) its grey level is sampled."""


@dataclass(frozen=True)
class CornerMatch:
    """A corner code found by matching: how well its data modules agree with the samples, by
    how much they beat the best other corner's, and the code as if decoded (photo px)."""

    score: float
    margin: float
    detection: Detection


@lru_cache(maxsize=256)
def modules(text: str, version: int) -> np.ndarray:
    """The module matrix of ``text`` as printed (``True`` = dark), read-only."""
    code = qrcode.QRCode(
        version=version, error_correction=_LEVELS[QR_ERROR_CORRECTION], box_size=1, border=0
    )
    code.add_data(text, optimize=0)
    code.make(fit=False)
    matrix = np.array(code.get_matrix(), dtype=bool)
    matrix.flags.writeable = False
    return matrix


@lru_cache(maxsize=8)
def _data_modules(size: int) -> np.ndarray:
    """Which modules of a code of ``size`` a side are not fixed patterns (finders with their
    separators and the format information, timing, the alignment square of version 2 up)."""
    fixed = np.zeros((size, size), bool)
    fixed[:9, :9] = fixed[:9, size - 8 :] = fixed[size - 8 :, :9] = True
    fixed[6, :] = fixed[:, 6] = True
    if size > 21:
        fixed[size - 9 : size - 4, size - 9 : size - 4] = True
    return ~fixed


def match_corner(
    gray: np.ndarray,
    pose: BoardPose,
    box: Box,
    text: str,
    others: tuple[str, ...],
    version: int,
) -> CornerMatch | None:
    """The corner code ``text`` printed upright in ``box`` (sheet mm, its module area) found
    round where ``pose`` puts it, or ``None`` unless it agrees well and better than every code
    of ``others`` (the board's other corner codes) would there."""
    x, y, w, _h = box
    size = 17 + 4 * version
    found = match_code(
        gray,
        pose,
        np.array([x + w / 2, y + w / 2]),
        (text,),
        others,
        version,
        w / size,
        SEARCH_MM,
        TURNS_DEG,
    )
    if found is None or found.score < MIN_SCORE or found.margin < MIN_MARGIN:
        return None
    return found


def match_code(
    gray: np.ndarray,
    pose: BoardPose,
    centre: np.ndarray,
    texts: tuple[str, ...],
    rivals: tuple[str, ...],
    version: int,
    module_mm: float,
    search_mm: float,
    turns_deg: tuple[float, ...],
) -> CornerMatch | None:
    """Which of the codes ``texts`` lies within ``search_mm`` of ``centre`` (board mm, through
    ``pose``), turned by about one of ``turns_deg``: the place and turn where the modules the
    ``texts`` share (all of them for one text) agree best with the photo, then the text whose
    data modules agree best there, how well, and by how much better than any other of
    ``texts`` and ``rivals``; ``None`` when there is nothing to compare."""
    matrices = [modules(text, version) for text in texts]
    size = len(matrices[0])
    shared = np.mean([np.where(m, 1.0, -1.0) for m in matrices], axis=0)
    outer = range(-1, size + 1)
    ring = np.array(
        [(r, c) for r in outer for c in outer if r in (-1, size) or c in (-1, size)], dtype=float
    )
    grid = np.array([(r, c) for r in range(size) for c in range(size)], dtype=float)
    points = np.vstack([grid, ring])
    shade = np.concatenate([shared.ravel(), -np.ones(len(ring))])
    weights = ((shade - shade.mean()) / shade.std() / len(shade)).astype(np.float32)
    local = np.c_[points[:, 1] - (size - 1) / 2, points[:, 0] - (size - 1) / 2] * module_mm
    best = _coarse(gray, pose, centre, shared, module_mm, search_mm, turns_deg)
    for modules_step, degrees_step in REFINE:
        step, turn_step = modules_step * module_mm, np.radians(degrees_step)
        (bx, by, bt), _score = best
        offsets = np.arange(-3, 4) * step
        best = _best(
            gray,
            pose,
            centre,
            local,
            weights,
            bx + offsets,
            by + offsets,
            bt + np.arange(-1, 2) * turn_step,
        )
    (dx, dy, turn), _score = best
    at = centre + np.array([dx, dy])
    sub = np.vstack([_placed(at, turn, local[: size * size] + d * module_mm) for d in _SUB])
    xy = pose.photo_points(sub).astype(np.float32)
    samples = cv2.remap(gray, xy[None, :, 0].copy(), xy[None, :, 1].copy(), cv2.INTER_LINEAR)
    values = np.asarray(samples, dtype=float).reshape(len(_SUB), -1).mean(axis=0)
    values = -(values - values.mean()) / max(float(values.std()), 1e-6)
    data = _data_modules(size).ravel()
    scores = [_agreement(values, m, data) for m in matrices]
    k = int(np.argmax(scores))
    others = [s for j, s in enumerate(scores) if texts[j] != texts[k]]
    others += [_agreement(values, modules(r, version), data) for r in rivals if r != texts[k]]
    if not others:
        return None
    half = size / 2 * module_mm
    corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    corners_px = pose.photo_points(_placed(at, turn, corners)).astype(float)
    return CornerMatch(scores[k], scores[k] - max(others), Detection(texts[k], corners_px))


def _coarse(
    gray: np.ndarray,
    pose: BoardPose,
    centre: np.ndarray,
    shared: np.ndarray,
    module_mm: float,
    search_mm: float,
    turns_deg: tuple[float, ...],
) -> tuple[tuple[float, float, float], float]:
    """The code's shift from ``centre`` and turn, to the nearest :data:`COARSE_PX_PER_MM` pixel
    and of ``turns_deg``: the ``shared`` shades (+1 dark, -1 light, between where the codes
    differ), with a light module round them, drawn at each turn and matched over the square
    ``search_mm`` round ``centre``, seen square-on."""
    size = len(shared)
    half = size / 2 * module_mm * 1.5 + search_mm + module_mm
    patch, _to_photo = rectify(
        gray, pose, (centre[0] - half, centre[1] - half, 2 * half, 2 * half), COARSE_PX_PER_MM
    )
    light = np.pad((1.0 - shared) / 2 * 255, 1, constant_values=255).astype(np.float32)
    side = round((size + 2) * module_mm * COARSE_PX_PER_MM)
    template = cv2.resize(light, (side, side), interpolation=cv2.INTER_AREA)
    canvas = round(side * 1.5) | 1
    pad = (canvas - side) // 2
    template = cv2.copyMakeBorder(template, pad, canvas - side - pad, pad, canvas - side - pad,
                                  cv2.BORDER_CONSTANT, value=255.0)  # fmt: skip
    image = patch.astype(np.float32)
    best: tuple[tuple[float, float, float], float] = ((0.0, 0.0, 0.0), -2.0)
    middle = (patch.shape[1] - 1) / 2
    reach = round(search_mm * COARSE_PX_PER_MM)
    for degrees in turns_deg:
        turn = cv2.getRotationMatrix2D(((canvas - 1) / 2, (canvas - 1) / 2), -degrees, 1.0)
        turned = cv2.warpAffine(
            template, turn, (canvas, canvas), flags=cv2.INTER_LINEAR, borderValue=255.0
        )
        scores = cv2.matchTemplate(image, turned, cv2.TM_CCOEFF_NORMED)
        scores = np.nan_to_num(scores, nan=-2.0, posinf=-2.0, neginf=-2.0)
        mid = (scores.shape[0] - 1) // 2
        first = max(mid - reach, 0)
        window = scores[first : mid + reach + 1, first : mid + reach + 1]
        _low, score, _where, (left, top) = cv2.minMaxLoc(window)
        if score > best[1]:
            left, top = left + first, top + first
            shift_px = np.array([left, top]) + (canvas - 1) / 2 - middle
            dx, dy = shift_px / COARSE_PX_PER_MM
            best = ((float(dx), float(dy), float(np.radians(degrees))), float(score))
    return best


def _agreement(values: np.ndarray, matrix: np.ndarray, data: np.ndarray) -> float:
    """The correlation of the normalised samples ``values`` (dark positive) with ``matrix``
    over its data modules."""
    shade = np.where(matrix.ravel(), 1.0, -1.0)[data]
    seen = values[data]
    shade = (shade - shade.mean()) / shade.std()
    seen = (seen - seen.mean()) / max(float(seen.std()), 1e-6)
    return float(np.mean(shade * seen))


def _placed(centre: np.ndarray, turn: float, local: np.ndarray) -> np.ndarray:
    """Sheet mm of the points ``local`` (mm, x east, y south, round the code's centre) of a
    code centred at ``centre`` turned by ``turn`` radians."""
    cos, sin = np.cos(turn), np.sin(turn)
    return np.c_[
        centre[0] + cos * local[:, 0] - sin * local[:, 1],
        centre[1] + sin * local[:, 0] + cos * local[:, 1],
    ]


def _best(
    gray: np.ndarray,
    pose: BoardPose,
    centre: np.ndarray,
    local: np.ndarray,
    weights: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    turns: np.ndarray,
) -> tuple[tuple[float, float, float], float]:
    """Of the placements (shifts ``xs`` by ``ys`` from ``centre``, turns ``turns``), the one
    whose samples correlate best with the expected shades ``weights``, as its shift and turn,
    and that correlation."""
    dx, dy, turn = np.meshgrid(xs, ys, turns, indexing="ij")
    (x, y, t), score = best_placement(
        gray, pose, centre[0] + dx, centre[1] + dy, turn, local, weights
    )
    return (x - float(centre[0]), y - float(centre[1]), t), score


def best_placement(
    gray: np.ndarray,
    pose: BoardPose,
    cx: np.ndarray,
    cy: np.ndarray,
    turn: np.ndarray,
    local: np.ndarray,
    weights: np.ndarray,
) -> tuple[tuple[float, float, float], float]:
    """Of the placements of a code (centres ``cx``, ``cy`` in board mm and turns ``turn`` in
    radians, arrays of one shape), the one where the grey levels sampled at the code's points
    ``local`` (mm from its centre, before turning) correlate best with the expected shades
    ``weights`` (dark positive), and that correlation."""
    cx, cy, turn = cx.ravel()[:, None], cy.ravel()[:, None], turn.ravel()[:, None]
    cos, sin = np.cos(turn), np.sin(turn)
    u, v = local[None, :, 0], local[None, :, 1]
    board = np.stack([cx + cos * u - sin * v, cy + sin * u + cos * v], axis=2)
    xy = pose.photo_points(board.reshape(-1, 2)).astype(np.float32).reshape(len(cx), -1, 2)
    sampled = cv2.remap(gray, xy[..., 0].copy(), xy[..., 1].copy(), cv2.INTER_LINEAR)
    values = np.asarray(sampled, dtype=np.float32)
    centred = values - values.mean(axis=1, keepdims=True)
    scores = -(centred @ weights) / np.maximum(centred.std(axis=1), 1e-6)
    k = int(np.argmax(scores))
    return (float(cx[k, 0]), float(cy[k, 0]), float(turn[k, 0])), float(scores[k])
