"""Where a Rôdeurs board lies in the photo: its pose from the corner codes.

Each Rôdeurs board carries four QR fiducials, one near each corner, printed upright at positions
known from :mod:`patrolkit.sizes`. Every decoded fiducial gives four point pairs (its code corners
in the board frame, in millimetres, and in the photo, in pixels); a RANSAC homography over all of
them gives the board's pose. Two fiducials are enough, so a hand or a cup over one or two corners
does not stop the reading; a fiducial that does not agree with the others (cut out and moved, or
from another copy of the board) is set aside and reported.

Refused with :class:`~patrolkit.errors.PhotoError`: fewer than two fiducials, fiducials of two
different boards, a corner's fiducial seen twice, or fiducials that do not agree on one board.
"""

from __future__ import annotations

from itertools import product
from typing import Final

import cv2
import numpy as np

from companion.decode import Detection
from companion.pose import BoardPose, apply
from patrolkit.errors import PhotoError
from patrolkit.games.rodeurs import COLUMNS, ROWS
from patrolkit.i18n import _, ngettext
from patrolkit.payload import Corner, RodeursFiducial
from patrolkit.sizes import Rodeurs

TOKEN_QR_MM: Final = 21 * Rodeurs.TOKEN_MODULE_MM
"""Side of a pawn token's QR code: every token seen is a square of this size on the table."""
AGREEMENT_MM: Final = 0.65
"""A fiducial corner agrees with the pose when it lands within one module (0.65 mm) of it."""
MIN_FIDUCIALS: Final = 2


def fiducial_corners(corner: Corner) -> np.ndarray:
    """The four code corners of ``corner``'s fiducial in the board frame, in code order."""
    x, y = Rodeurs.fiducial_origin(corner)
    side = Rodeurs.FIDUCIAL_MM
    return np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], dtype=float)


def board_pose(
    fiducials: list[tuple[RodeursFiducial, Detection]], tokens: list[Detection] | None = None
) -> BoardPose:
    """The board's pose from its decoded fiducials, made finer by the pawn tokens' codes when
    ``tokens`` are given (see :func:`refine`); :class:`PhotoError` saying why there is none."""
    codes = sorted({f.board for f, _ in fiducials})
    if len(codes) > 1:
        raise PhotoError(
            _(
                "This photo shows two different boards ({codes}); photograph one board at a time."
            ).format(codes=_(" and ").join(codes))
        )
    corners = [f.corner for f, _ in fiducials]
    twice = sorted({c.value for c in corners if corners.count(c) > 1})
    if twice:
        raise PhotoError(
            ngettext(
                "The {corners} corner code appears twice in this photo; photograph one board at"
                " a time.",
                "The {corners} corner codes appear twice in this photo; photograph one board at"
                " a time.",
                len(twice),
            ).format(corners=_(" and ").join(twice))
        )
    if len(fiducials) < MIN_FIDUCIALS:
        if corners:
            message = _(
                "Only the {corner} corner code of the board could be read; at least two of its"
                " four corner codes must be in the photo."
            ).format(corner=corners[0].value)
        else:
            message = _(
                "None of the corner codes of the board could be read; at least two of its four"
                " corner codes must be in the photo."
            )
        raise PhotoError(message)
    board = np.concatenate([fiducial_corners(f.corner) for f, _ in fiducials])
    scale = _rough_pixels_per_mm(fiducials)
    photo, agrees = _consensus(board, [d.corners for _, d in fiducials], scale)
    seen = [f.corner for (f, _), ok in zip(fiducials, agrees, strict=True) if ok]
    set_aside = [f.corner for (f, _), ok in zip(fiducials, agrees, strict=True) if not ok]
    if len(seen) < MIN_FIDUCIALS:
        raise PhotoError(
            _(
                "The board's corner codes do not agree on where the board lies (one may have"
                " been cut out and moved)."
            )
        )
    keep = np.repeat(agrees, 4)
    transform, _mask = cv2.findHomography(board[keep], photo[keep], 0)
    if transform is None or abs(np.linalg.det(transform)) < 1e-12:
        raise PhotoError(_("The board's corner codes do not agree on where the board lies."))
    if tokens:
        transform = refine(transform, board[keep], photo[keep], tokens)
    residual = np.linalg.norm(apply(transform, board[keep]) - photo[keep], axis=1) / scale
    order = list(Corner)
    return BoardPose(
        board_code=codes[0],
        to_photo=transform,
        to_board=np.linalg.inv(transform),
        seen=tuple(sorted(seen, key=order.index)),
        set_aside=tuple(sorted(set_aside, key=order.index)),
        error_mm=float(np.sqrt(np.mean(residual**2))),
    )


def _consensus(
    board: np.ndarray, corners: list[np.ndarray], scale: float
) -> tuple[np.ndarray, np.ndarray]:
    """The fiducials' photo corners (stacked) and which fiducials agree on one homography.

    A decoder may give a code's corners a quarter turn off (zbar sometimes does): when the codes
    do not all agree, each code's corners are also tried turned, and the order that lets the most
    codes agree is kept (as given, when turning helps none). A code moved on the table agrees in
    no order.
    """

    def agreeing(photo: np.ndarray) -> np.ndarray:
        transform, _mask = cv2.findHomography(
            board, photo, cv2.RANSAC, ransacReprojThreshold=AGREEMENT_MM * scale, maxIters=500
        )
        if transform is None:
            return np.zeros(len(corners), bool)
        distance_mm = np.linalg.norm(apply(transform, board) - photo, axis=1) / scale
        return np.asarray((distance_mm <= AGREEMENT_MM * 1.5).reshape(-1, 4).sum(axis=1) >= 3)

    best = np.concatenate(corners)
    agrees = agreeing(best)
    if agrees.all():
        return best, agrees
    for turns in product(range(4), repeat=len(corners)):
        photo = np.concatenate(
            [np.roll(c, -k, axis=0) for c, k in zip(corners, turns, strict=True)]
        )
        trial = agreeing(photo)
        if trial.sum() > agrees.sum():
            best, agrees = photo, trial
    return best, agrees


def _rough_pixels_per_mm(fiducials: list[tuple[RodeursFiducial, Detection]]) -> float:
    """Median side of the fiducial codes in the photo, per printed millimetre."""
    sides = [
        np.linalg.norm(np.roll(d.corners, -1, axis=0) - d.corners, axis=1).mean()
        for _, d in fiducials
    ]
    return float(np.median(sides)) / Rodeurs.FIDUCIAL_MM


def refine(
    transform: np.ndarray, board_mm: np.ndarray, photo_px: np.ndarray, tokens: list[Detection]
) -> np.ndarray:
    """The homography ``transform`` made to agree with the pawn tokens as well.

    Fiducial corners are exact point pairs (``board_mm`` to ``photo_px``), but they all sit at
    the board's ends. Each decoded token adds what a square of known size shows wherever it lies
    (the local scale and foreshortening), whatever its position and turn, which are fitted too:
    Levenberg-Marquardt over the homography, each token's position and turn solved in closed
    form at every step. One corner code and a few tokens are then enough to place the whole
    board within a few millimetres; with several corner codes, the pose gets steadier far from
    them. Tokens that do not fit (a misread corner) are left out after a first fit.
    """
    corners = np.stack([d.corners for d in tokens])
    fitted = _fit(transform, board_mm, photo_px, corners)
    misfit = _token_misfit(fitted, corners)
    good = misfit <= max(3.0 * float(np.median(misfit)), 1.0)
    if not good.all() and good.any():
        fitted = _fit(fitted, board_mm, photo_px, corners[good])
    return fitted


_SQUARE: Final = (TOKEN_QR_MM / 2) * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)
_FIDUCIAL_WEIGHT: Final = 2.0
_STEP_SCALE: Final = np.array([1e-3, 1e-3, 1e-1, 1e-3, 1e-3, 1e-1, 1e-6, 1e-6])
"""Typical sizes of the eight homography corrections (linear, shift, perspective terms)."""


def _token_squares(transform: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """For each token (corners N x 4 x 2, photo px), the board-frame square of the code's size
    that best matches its corners mapped into the board frame (centre and turn fitted)."""
    mapped = apply(np.linalg.inv(transform), corners.reshape(-1, 2)).reshape(-1, 4, 2)
    centre = mapped.mean(axis=1, keepdims=True)
    d = mapped - centre
    cross = (_SQUARE[None, :, 0] * d[:, :, 1] - _SQUARE[None, :, 1] * d[:, :, 0]).sum(axis=1)
    dot = (_SQUARE[None] * d).sum(axis=(1, 2))
    turn = np.arctan2(cross, dot)
    cos, sin = np.cos(turn)[:, None], np.sin(turn)[:, None]
    x, y = _SQUARE[None, :, 0], _SQUARE[None, :, 1]
    return centre + np.stack([cos * x - sin * y, sin * x + cos * y], axis=2)


def _token_misfit(transform: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Per token, the largest distance (px) between its corners and its fitted square's."""
    squares = _token_squares(transform, corners)
    projected = apply(transform, squares.reshape(-1, 2)).reshape(-1, 4, 2)
    return np.asarray(np.linalg.norm(projected - corners, axis=2).max(axis=1))


def _fit(
    start: np.ndarray, board_mm: np.ndarray, photo_px: np.ndarray, corners: np.ndarray
) -> np.ndarray:
    def transform_of(p: np.ndarray) -> np.ndarray:
        return np.asarray(start @ (np.eye(3) + np.append(p, 0.0).reshape(3, 3)))

    def residuals(p: np.ndarray) -> np.ndarray:
        transform = transform_of(p)
        fiducial = (apply(transform, board_mm) - photo_px).ravel() * _FIDUCIAL_WEIGHT
        squares = _token_squares(transform, corners).reshape(-1, 2)
        token = (apply(transform, squares) - corners.reshape(-1, 2)).ravel()
        return np.concatenate([fiducial, token])

    p = np.zeros(8)
    r = residuals(p)
    cost = float(r @ r)
    damping = 1e-3
    for _step in range(30):
        jacobian = np.empty((len(r), 8))
        for k in range(8):
            dp = np.zeros(8)
            dp[k] = _STEP_SCALE[k] * 1e-3
            jacobian[:, k] = (residuals(p + dp) - r) / dp[k]
        normal = jacobian.T @ jacobian
        gradient = jacobian.T @ r
        improved = False
        while damping < 1e8:
            step = -np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-12), gradient)
            trial = residuals(p + step)
            trial_cost = float(trial @ trial)
            if trial_cost < cost:
                p, r, cost = p + step, trial, trial_cost
                damping = max(damping / 3.0, 1e-9)
                improved = True
                break
            damping *= 4.0
        if not improved or np.abs(step / _STEP_SCALE).max() < 1e-4:
            break
    return transform_of(p)


def photo_outline(pose: BoardPose) -> np.ndarray:
    """The grid's four corners in photo pixels (top-left, top-right, bottom-right, bottom-left)."""
    w, h = COLUMNS * Rodeurs.CELL_MM, ROWS * Rodeurs.CELL_MM
    return apply(pose.to_photo, np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=float))
