"""The cascade's last step: a pawn code too small or blurred for the decoder, read by matching.

A decoder takes a hard decision on every module, and at about two camera pixels per module, with
blur, too many of those decisions are wrong. Here the modules are sampled softly instead (the
grey level at each module's centre, through the board's pose) and compared with every pawn code
that can be printed (:func:`companion.rodeurs.codebook.pawn_codebook`): the code that agrees best
is read, but only when it agrees clearly better than any code with another text
(:data:`MIN_MARGIN`) — otherwise the cell stays unreadable.

Where the code lies in its cell is found first: its turn (modulo a quarter) from the direction of
the edges in the cell, then its place and which side is up from the patterns every QR code
shares (three finder squares, the timing rows, the light quiet zone around), searched coarse to
fine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

import cv2
import numpy as np

from companion.cascade import rectify
from companion.cornermatch import best_placement
from companion.decode import Detection
from companion.pose import BoardPose
from companion.qrbook import SIZE, fixed_pattern, function_modules
from companion.rodeurs.codebook import pawn_codebook
from companion.rodeurs.pose import TOKEN_QR_MM
from patrolkit.games.rodeurs import column_of, row_of
from patrolkit.sizes import Rodeurs

MODULE_MM: Final = TOKEN_QR_MM / SIZE
SEARCH_MM: Final = 4.0
"""How far from the cell's centre a code's centre is looked for."""
MIN_ALIGNMENT: Final = 0.55
"""The shared patterns must correlate this well with the samples for the code to be placed."""
MIN_SCORE: Final = 0.45
"""The best text must correlate this well with the samples.

Measured on 132 ``hard`` photos (seeds 21000-21065, normal and low-ink kits), every cell matched
as it is and every pawn's cell again with its contrast lowered to 8, 5 and 3.5 % or blurred by
3 px: a wrong text never beat the runner-up by :data:`MIN_MARGIN` (0.099 at most); those
scoring 0.45 or more with :data:`MIN_ALIGNMENT` beat it by 0.039 at most, those beating it by
0.08 or more scored 0.402 and aligned 0.483 at most. Right codes passing the other two scored
down to 0.38, 148 of them between 0.45 and 0.5 (a hazed pawn among them: 0.49)."""
MIN_MARGIN: Final = 0.1
"""The best text must beat every other text by this much correlation.

Measured on 60 ``hard`` photos, matching every cell: codes read right scored 0.62 or more,
beat the runner-up by 0.128 or more and aligned at 0.685 or more; cells without a token never
scored above 0.35 nor aligned above 0.46. All three thresholds must hold."""


@dataclass(frozen=True)
class Match:
    """A code read by matching: its text, how well it agrees (correlation) and by how much it
    beats the best other text, and the code's corners in the photo, in code order."""

    text: str
    score: float
    margin: float
    alignment: float
    detection: Detection


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
_KNOWN_LOCAL: Final = (
    np.c_[_KNOWN[:, 1] - (SIZE - 1) / 2, _KNOWN[:, 0] - (SIZE - 1) / 2] * MODULE_MM
)
_KNOWN_WEIGHTS: Final = (
    (_KNOWN_SHADE - _KNOWN_SHADE.mean()) / _KNOWN_SHADE.std() / len(_KNOWN_SHADE)
).astype(np.float32)
_ALL: Final = np.array([(r, c) for r in range(SIZE) for c in range(SIZE)], dtype=float)
_DATA: Final = ~function_modules().ravel()
_SUB: Final = np.array([(dy, dx) for dy in (-0.2, 0.0, 0.2) for dx in (-0.2, 0.0, 0.2)])


CODE_SEEN: Final = 0.47
"""A cell whose samples align with the shared patterns this well shows a code, if only faintly.

Cells without a token never aligned above 0.46 (see :data:`MIN_MARGIN`), and the bare cells
that look faint (see :data:`companion.rodeurs.occupancy.FAINT_SPREAD`), the only ones this is
asked of, never above 0.29 on 200 low-ink ``hard`` photos; a yellow pawn hazed there to a 0.13
centre contrast aligned at 0.70, and one on a black cell of development photo 71127 (low ink,
``hard``) at 0.500 with a 0.072 spread. The limit lies just above every bare cell (it was 0.5,
which that pawn passed by 0.0002)."""


def code_alignment(gray: np.ndarray, pose: BoardPose, sq: int) -> float:
    """How well the samples of cell ``sq`` align with the patterns every pawn code shares at
    their best place and turn (0 when the cell shows no edges to turn a code by)."""
    found = _placed(gray, pose, sq)
    return 0.0 if found is None else found[2]


def match_cell(gray: np.ndarray, pose: BoardPose, sq: int) -> Match | None:
    """Read the pawn code in cell ``sq`` by matching, or ``None`` when no text wins clearly."""
    found = _placed(gray, pose, sq)
    if found is None:
        return None
    pose, placement, alignment = found
    if alignment < MIN_ALIGNMENT:
        return None
    values = _normalised(_sample(gray, pose, placement, _ALL))
    texts, book = _data_codebook()
    scores = (book @ values[_DATA]) / float(_DATA.sum())
    order = np.argsort(-scores)
    text = texts[order[0]]
    runner_up = next(float(scores[k]) for k in order if texts[k] != text)
    score = float(scores[order[0]])
    if score < MIN_SCORE or score - runner_up < MIN_MARGIN:
        return None
    corners_mm = _module_to_board(
        placement, np.array([[0, 0], [0, SIZE], [SIZE, SIZE], [SIZE, 0]], dtype=float) - 0.5
    )
    corners = pose.photo_points(corners_mm)
    return Match(text, score, score - runner_up, alignment, Detection(text, corners))


def _placed(
    gray: np.ndarray, pose: BoardPose, sq: int
) -> tuple[BoardPose, tuple[float, float, float], float] | None:
    """The pose flattened over cell ``sq``, the best placement of a code in it and how well the
    shared patterns agree there; ``None`` when the cell shows no edges to turn a code by."""
    x, y, w, h = Rodeurs.cell_box(column_of(sq), row_of(sq))
    centre = np.array([x + w / 2, y + h / 2])
    pose = _flat_over(pose, (x - SEARCH_MM, y - SEARCH_MM, w + 2 * SEARCH_MM, h + 2 * SEARCH_MM))
    turn = _turn(gray, pose, centre)
    if turn is None:
        return None
    placement, alignment = _place(gray, pose, centre, turn)
    return pose, placement, alignment


def _flat_over(pose: BoardPose, box_mm: tuple[float, float, float, float]) -> BoardPose:
    """``pose`` as the one homography that stands for it over ``box_mm``: a bent board is
    smooth over a cell, and the search below maps many thousand points."""
    if pose.bend is None:
        return pose
    transform = pose.local(box_mm)
    return replace(pose, to_photo=transform, to_board=np.linalg.inv(transform), bend=None)


@lru_cache(maxsize=1)
def _data_codebook() -> tuple[tuple[str, ...], np.ndarray]:
    """The codebook restricted to the modules codes do not share (data and format)."""
    texts, book = pawn_codebook()
    return texts, np.ascontiguousarray(book[:, _DATA])


def _turn(gray: np.ndarray, pose: BoardPose, centre: np.ndarray) -> float | None:
    """The code's turn modulo a quarter (radians), from the edges around the cell's centre."""
    half = 11.0
    scale = 8.0
    patch, _ = rectify(
        gray, pose, (centre[0] - half, centre[1] - half, 2 * half, 2 * half), scale, cubic=True
    )
    patch = cv2.GaussianBlur(patch.astype(np.float32), (0, 0), 0.8)
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1)
    weight = gx * gx + gy * gy
    total = float(weight.sum())
    if total <= 0:
        return None
    folded = (weight * np.exp(4j * np.arctan2(gy, gx))).sum()
    return float(np.angle(folded) / 4)


def _module_to_board(placement: tuple[float, float, float], modules: np.ndarray) -> np.ndarray:
    """Board-frame mm of module positions (row, column; centres at integers) for a code centred
    at ``placement[:2]`` turned by ``placement[2]`` radians (code rows along the turned x)."""
    cx, cy, turn = placement
    u = (modules[:, 1] - (SIZE - 1) / 2) * MODULE_MM
    v = (modules[:, 0] - (SIZE - 1) / 2) * MODULE_MM
    cos, sin = np.cos(turn), np.sin(turn)
    return np.c_[cx + cos * u - sin * v, cy + sin * u + cos * v]


def _sample(
    gray: np.ndarray, pose: BoardPose, placement: tuple[float, float, float], modules: np.ndarray
) -> np.ndarray:
    """The mean grey level over the centre of each module (nine points each)."""
    points = (modules[:, None, :] + _SUB[None, :, :]).reshape(-1, 2)
    xy = pose.photo_points(_module_to_board(placement, points)).astype(np.float32)
    values = cv2.remap(gray, xy[None, :, 0].copy(), xy[None, :, 1].copy(), cv2.INTER_LINEAR)
    return np.asarray(values.reshape(len(modules), len(_SUB)).mean(axis=1), dtype=float)


def _normalised(values: np.ndarray) -> np.ndarray:
    """Dark positive, light negative, unit spread."""
    spread = float(values.std())
    return np.asarray(-(values - values.mean()) / max(spread, 1e-6))


def _place(
    gray: np.ndarray, pose: BoardPose, centre: np.ndarray, turn: float
) -> tuple[tuple[float, float, float], float]:
    """The code's centre and turn that make the shared patterns agree best, coarse to fine: a
    two-thirds-of-a-millimetre grid over the search square for each way up, then finer steps
    of place and turn around the best."""
    shifts = np.linspace(-SEARCH_MM, SEARCH_MM, 13)
    dx, dy, quarter = np.meshgrid(shifts, shifts, np.arange(4), indexing="ij")
    best = _best(gray, pose, centre[0] + dx, centre[1] + dy, turn + quarter * np.pi / 2)
    for step, turns in ((0.2, (-0.012, 0.0, 0.012)), (0.06, (-0.004, 0.0, 0.004))):
        (cx, cy, t), _ = best
        offsets = np.arange(-3, 4) * step
        dx, dy, dt = np.meshgrid(offsets, offsets, np.array(turns), indexing="ij")
        best = _best(gray, pose, cx + dx, cy + dy, t + dt)
    return best


def _best(
    gray: np.ndarray, pose: BoardPose, cx: np.ndarray, cy: np.ndarray, turn: np.ndarray
) -> tuple[tuple[float, float, float], float]:
    """Of the placements (centres ``cx``, ``cy``, turns ``turn``, arrays of one shape), the one
    where the samples correlate best with the shared patterns, and that correlation."""
    return best_placement(gray, pose, cx, cy, turn, _KNOWN_LOCAL, _KNOWN_WEIGHTS)
