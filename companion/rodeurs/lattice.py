"""Finding the board's corner codes from the tokens alone, when the whole-photo pass read none.

A steep photo can leave every corner code too small or too slanted for the decoder while many
pawn tokens, nearer the camera, are read. Tokens know nothing of where they stand, but together
they say a lot: each is a square of known size (so, fitted jointly as in
:func:`companion.rodeurs.pose.refine`, they give the table's plane up to a turn and a shift), and
they stand on cells, so their centres fall on a 25 mm lattice. The lattice fixes the board's axes
and its cells up to a quarter turn and a whole number of cells; each placement of the 7 x 9 grid
that keeps every token on it predicts where the four corner codes are, and those places are
searched, the sharpest first, until a corner code is read. From there the usual path (one corner
code and the tokens) takes over.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from companion.decode import Decoder, Detection
from companion.pose import BoardPose, apply
from companion.rodeurs.pose import TOKEN_QR_MM, fiducial_corners, refine
from companion.rodeurs.second_look import search_fiducials
from patrolkit.errors import PayloadError
from patrolkit.payload import Corner, RodeursFiducial, decode
from patrolkit.sizes import Rodeurs

MIN_TOKENS: Final = 4
CELL: Final = Rodeurs.CELL_MM
ON_LATTICE_MM: Final = 6.0
"""A token centre farther than this from its lattice point does not count as standing on it."""
MAX_PLACES: Final = 120
"""Places searched at most (each a small rectified patch)."""


def search_from_tokens(
    gray: np.ndarray, tokens: list[Detection], decoder: Decoder
) -> list[Detection]:
    """Codes read where the tokens' lattice puts the board's corner codes (possibly none)."""
    if len(tokens) < MIN_TOKENS:
        return []
    to_photo = _token_plane(tokens)
    centres = apply(np.linalg.inv(to_photo), np.array([d.centre for d in tokens]))
    turn = _lattice_turn(centres)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    along = centres @ rotation  # coordinates along the lattice axes
    offset = _lattice_offset(along)
    steps = (along - offset) / CELL
    cells = np.round(steps).astype(int)
    on = np.linalg.norm((steps - cells) * CELL, axis=1) <= ON_LATTICE_MM
    if on.sum() < MIN_TOKENS:
        return []
    places = _places(cells[on], offset, rotation)
    height, width = gray.shape
    ranked = []
    for board_to_plane, corner in places:
        pose_matrix = to_photo @ board_to_plane
        centre = apply(pose_matrix, fiducial_corners(corner).mean(axis=0)[None, :])[0]
        if not (0 <= centre[0] < width and 0 <= centre[1] < height):
            continue
        pose = BoardPose("", pose_matrix, np.linalg.inv(pose_matrix), (), (), 0.0)
        ranked.append(
            (pose.pixels_per_mm(tuple(fiducial_corners(corner).mean(axis=0))), pose, corner)
        )
    ranked.sort(key=lambda item: -item[0])
    for _, pose, corner in ranked[:MAX_PLACES]:
        found = search_fiducials(gray, pose, decoder, [corner], margin=6.0, steps=1)
        if any(_is_fiducial(d.text) for d in found):
            return found
    return []


def _is_fiducial(text: str) -> bool:
    try:
        return isinstance(decode(text), RodeursFiducial)
    except PayloadError:
        return False


def _token_plane(tokens: list[Detection]) -> np.ndarray:
    """A homography from a metric frame on the table (mm, origin at the sharpest token's centre,
    axes along its code) to the photo, fitted to every token's square."""
    sides = [
        np.linalg.norm(np.roll(d.corners, -1, axis=0) - d.corners, axis=1).mean() for d in tokens
    ]
    reference = tokens[int(np.argmax(sides))]
    half = TOKEN_QR_MM / 2
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    start = cv2.getPerspectiveTransform(
        square.astype(np.float32), reference.corners.astype(np.float32)
    )
    return refine(start, square, reference.corners, tokens)


def _lattice_turn(centres: np.ndarray) -> float:
    """The turn (radians, 0 to a quarter turn) of the lattice the points fall on best."""
    turns = np.radians(np.arange(0.0, 90.0, 0.25))
    cos, sin = np.cos(turns)[:, None], np.sin(turns)[:, None]
    u = centres[None, :, 0] * cos + centres[None, :, 1] * sin
    v = -centres[None, :, 0] * sin + centres[None, :, 1] * cos
    phase = 2j * np.pi / CELL
    score = np.abs(np.exp(phase * u).sum(axis=1)) ** 2 + np.abs(np.exp(phase * v).sum(axis=1)) ** 2
    return float(turns[int(np.argmax(score))])


def _lattice_offset(along: np.ndarray) -> np.ndarray:
    """Where the lattice points sit along each axis (mm, modulo a cell)."""
    phase = np.exp(2j * np.pi * along / CELL).sum(axis=0)
    return np.asarray(np.angle(phase) * CELL / (2 * np.pi))


def _places(
    cells: np.ndarray, offset: np.ndarray, rotation: np.ndarray
) -> list[tuple[np.ndarray, Corner]]:
    """Every placement of the grid over the lattice that keeps each token's cell on the grid, as
    (board frame to token plane, corner) for each corner code."""
    columns, rows = Rodeurs.GRID_WIDTH_MM / CELL, Rodeurs.GRID_HEIGHT_MM / CELL
    places = []
    for quarter in range(4):
        turn = np.array([[0, -1], [1, 0]]) if quarter % 2 else np.eye(2, dtype=int)
        turn = turn if quarter < 2 else -turn
        turned = cells @ turn.T
        low, high = turned.min(axis=0), turned.max(axis=0)
        for first_column in range(int(high[0] - columns + 1), int(low[0]) + 1):
            for first_row in range(int(high[1] - rows + 1), int(low[1]) + 1):
                # board mm -> turned lattice cells -> lattice mm -> token plane mm
                to_cells = np.array(
                    [[1 / CELL, 0, first_column - 0.5], [0, 1 / CELL, first_row - 0.5], [0, 0, 1]]
                )
                untwist = np.eye(3)
                untwist[:2, :2] = np.linalg.inv(turn)
                to_lattice = np.diag([CELL, CELL, 1.0])
                to_lattice[:2, 2] = offset
                to_plane = np.eye(3)
                to_plane[:2, :2] = rotation
                matrix = to_plane @ to_lattice @ untwist @ to_cells
                places += [(matrix, corner) for corner in Corner]
    return places


SNAP_MIN_TOKENS: Final = 6
"""Tokens on the lattice needed before one corner code and the tokens may place the board."""
SNAP_MIN_SHARE: Final = 0.9
"""Share of the tokens read that must stand on a cell (the rest is a misfit: no pose)."""
SNAP_MEDIAN_MM: Final = 2.5
"""Median distance from a token's centre to its cell's centre, at most, after snapping."""
SNAP_SPAN: Final = (3, 4)
"""Columns and rows the tokens on the lattice must span, at least, so the fit interpolates."""


def snap_pose(
    transform: np.ndarray, board_mm: np.ndarray, photo_px: np.ndarray, centres: np.ndarray
) -> np.ndarray | None:
    """The board's pose from one corner code's corners (``board_mm`` to ``photo_px``) and the
    tokens' centres (photo px), each token standing on a cell; ``None`` unless they clearly do.

    ``transform`` is a first pose (one corner code, refined by the tokens' squares). Each token
    is put on the cell its centre falls in; the pose is fitted again to the corner code and to
    the cell centres (a token lies near, not exactly on, its cell's centre; over many tokens the
    offsets average out), and so on until no token changes cell. The pose is kept only when at
    least :data:`SNAP_MIN_TOKENS` tokens — :data:`SNAP_MIN_SHARE` of those read — stand within
    :data:`ON_LATTICE_MM` of their cell's centre, the median within :data:`SNAP_MEDIAN_MM`, no
    two on one cell, spanning :data:`SNAP_SPAN` columns and rows: a pose off by a fraction of a
    cell anywhere on the board fails that.
    """
    centres = np.asarray(centres, dtype=float).reshape(-1, 2)
    if len(centres) < SNAP_MIN_TOKENS:
        return None
    columns, rows = Rodeurs.COLUMNS, Rodeurs.ROWS
    cells: np.ndarray | None = None
    for _ in range(5):
        on_board = apply(np.linalg.inv(transform), centres)
        index = np.floor(on_board / CELL).astype(int)
        inside = (index[:, 0] >= 0) & (index[:, 0] < columns)
        inside &= (index[:, 1] >= 0) & (index[:, 1] < rows)
        middle = (index + 0.5) * CELL
        near = inside & (np.linalg.norm(on_board - middle, axis=1) <= ON_LATTICE_MM)
        if near.sum() < SNAP_MIN_TOKENS:
            return None
        if cells is not None and np.array_equal(index, cells):
            break
        cells = index
        source = np.concatenate([board_mm, middle[near]])
        target = np.concatenate([photo_px, centres[near]])
        fitted, _ = cv2.findHomography(source, target, 0)
        if fitted is None or abs(np.linalg.det(fitted)) < 1e-12:
            return None
        transform = fitted
    on_board = apply(np.linalg.inv(transform), centres)
    index = np.floor(on_board / CELL).astype(int)
    distance = np.linalg.norm(on_board - (index + 0.5) * CELL, axis=1)
    inside = (index[:, 0] >= 0) & (index[:, 0] < columns)
    inside &= (index[:, 1] >= 0) & (index[:, 1] < rows)
    near = inside & (distance <= ON_LATTICE_MM)
    placed = index[near]
    span = placed.max(axis=0) - placed.min(axis=0) + 1 if len(placed) else np.zeros(2)
    if (
        near.sum() < max(SNAP_MIN_TOKENS, SNAP_MIN_SHARE * len(centres))
        or float(np.median(distance[near])) > SNAP_MEDIAN_MM
        or len({tuple(cell) for cell in placed}) < len(placed)
        or span[0] < SNAP_SPAN[0]
        or span[1] < SNAP_SPAN[1]
    ):
        return None
    return transform
