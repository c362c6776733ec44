"""Where the Rôdeurs board lies in the photo, from the codes the whole-photo pass read: the
corner codes, looked for again where the others put them, and — when only one is seen — the pawns
standing on their cells (:mod:`companion.rodeurs.lattice`)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.decode import Decoder, Detection
from companion.pose import BoardPose, apply
from companion.rodeurs.codes import FoundCodes, ours
from companion.rodeurs.lattice import SNAP_MIN_TOKENS, search_from_tokens, snap_pose
from companion.rodeurs.pose import board_pose, fiducial_corners, refine
from companion.rodeurs.second_look import read_cells, search_fiducials
from patrolkit.errors import PhotoError
from patrolkit.games.rodeurs import SQUARES
from patrolkit.i18n import _
from patrolkit.payload import Corner, RodeursFiducial, RodeursPawn
from patrolkit.sizes import Rodeurs


def locate_board(found: FoundCodes, gray: np.ndarray, reader: Decoder) -> BoardPose:
    """The board's pose, after looking again for corner codes the first pass missed."""
    if not found.fiducials and not found.other_games:
        for detection in search_from_tokens(gray, found.pawns, reader):
            if isinstance(ours(detection.text), RodeursFiducial):
                found.add(detection)
    corners = {f.corner for f, _ in found.fiducials}
    if not corners:
        boards = [game for game, board in found.other_games if board]
        if boards:
            raise PhotoError(
                _("This is a {game} board, not a Rôdeurs board.").format(game=_(boards[0].title))
            )
        if found.other_games:
            name = _(found.other_games[0][0].title)
            raise PhotoError(
                _("This photo shows {game} pieces but no Rôdeurs board.").format(game=name)
            )
        raise PhotoError(
            _("No Rôdeurs board was found in this photo: none of its corner codes could be read.")
        )
    if len(corners) == 1:
        rough = _one_fiducial_pose(found.fiducials[0], found.pawns)
        _add_searched(found, gray, reader, rough, margin=12.0 if found.pawns else 40.0)
        if len({f.corner for f, _ in found.fiducials}) < 2:
            snapped = snapped_pose(
                found.fiducials[0], _pawn_centres(found, gray, reader, rough), rough
            )
            _add_searched(found, gray, reader, snapped, margin=8.0)
            if len({f.corner for f, _ in found.fiducials}) < 2:
                return snapped
    pose = board_pose(found.fiducials)
    if pose.missing:
        before = len(found.fiducials)
        _add_searched(found, gray, reader, pose, margin=8.0)
        if len(found.fiducials) > before:
            pose = board_pose(found.fiducials)
    if pose.missing and found.pawns:
        # Fiducials on fewer than four corners leave the far side loosely held: the tokens'
        # codes steady it (see companion.rodeurs.pose.refine).
        pose = board_pose(found.fiducials, found.pawns)
    return pose


def _add_searched(
    found: FoundCodes, gray: np.ndarray, reader: Decoder, pose: BoardPose, *, margin: float
) -> None:
    have = {f.corner for f, _ in found.fiducials}
    missing = [c for c in Corner if c not in have]
    known = {d.text for d in found.pawns} | {f.text for f in found.foreign}
    for detection in search_fiducials(gray, pose, reader, missing, margin=margin):
        if detection.text in known:
            continue
        item = ours(detection.text)
        if isinstance(item, RodeursFiducial) and item.corner in missing:
            found.add(detection)


def _one_fiducial_pose(
    fiducial: tuple[RodeursFiducial, Detection], tokens: list[Detection]
) -> BoardPose:
    """A rough pose from one corner code, only good enough to look for the others: an affine
    map from its three finder-pattern corners, refined by the tokens read (see
    :func:`companion.rodeurs.pose.refine`)."""
    item, detection = fiducial
    board = fiducial_corners(item.corner)
    affine = cv2.getAffineTransform(
        board[[0, 1, 3]].astype(np.float32), detection.corners[[0, 1, 3]].astype(np.float32)
    )
    transform = np.vstack([affine, [0.0, 0.0, 1.0]])
    if tokens:
        transform = refine(transform, board, detection.corners, tokens)
    return BoardPose(item.board, transform, np.linalg.inv(transform), (item.corner,), (), 0.0)


def _pawn_centres(
    found: FoundCodes, gray: np.ndarray, reader: Decoder, rough: BoardPose
) -> np.ndarray:
    """The centres (photo px) of the pawn codes read, and of those the cascade reads in every
    cell where the rough pose puts them when the first pass read too few to place the board."""
    centres = [d.centre for d in found.pawns]
    if len(centres) < SNAP_MIN_TOKENS:
        known = {d.text for d in found.pawns}
        for detection, _ in read_cells(gray, rough, reader, range(SQUARES)).found:
            if isinstance(ours(detection.text), RodeursPawn) and detection.text not in known:
                known.add(detection.text)
                centres.append(detection.centre)
    return np.array(centres, dtype=float).reshape(-1, 2)


def snapped_pose(
    fiducial: tuple[RodeursFiducial, Detection], centres: np.ndarray, rough: BoardPose
) -> BoardPose:
    """The pose from one corner code and the pawns standing on their cells (see
    :func:`companion.rodeurs.lattice.snap_pose`); :class:`PhotoError` when they do not settle it."""
    item, detection = fiducial
    board = fiducial_corners(item.corner)
    transform = snap_pose(rough.to_photo, board, detection.corners, centres)
    if transform is None:
        raise PhotoError(
            _(
                "No Rôdeurs board was found in this photo: only its {corner} corner code could be"
                " read, and at least two of the four are needed (or more pawns in view)."
            ).format(corner=item.corner.value)
        )
    scale = np.linalg.norm(np.roll(detection.corners, -1, axis=0) - detection.corners, axis=1)
    residual = np.linalg.norm(apply(transform, board) - detection.corners, axis=1)
    error_mm = float(np.sqrt(np.mean(residual**2)) / (scale.mean() / Rodeurs.FIDUCIAL_MM))
    return BoardPose(item.board, transform, np.linalg.inv(transform), (item.corner,), (), error_mm)
