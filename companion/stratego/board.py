"""Where a Stratego board lies in a photo: its codes sorted, one pose per board sheet from its
corner codes, and the plane of the pieces' tops.

The sheets of a board are laid by hand, each a little off its place, so each is located on its
own: a homography from its corner codes (RANSAC over their corners), with the corner codes the
photo pass missed looked for where a first pose puts them, kept only when two codes or more
agree on it. The board is found only when every sheet is; otherwise a one-line
:class:`~patrolkit.errors.PhotoError` names the sheets missing.

The pieces stand: their codes lie on a plane 15 mm over the board
(:attr:`~patrolkit.sizes.stratego.Stratego.PIECE_HEIGHT_MM`).
:func:`lifted` gives a sheet's pose on that plane from its pose on the board and
a phone camera's focal length (:data:`companion.pose.FOCAL_OVER_WIDTH`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.pose import FOCAL_OVER_WIDTH, BoardPose, apply
from companion.stratego.reading import SheetReading
from patrolkit.errors import PayloadError, PhotoError
from patrolkit.payload import Corner, Game, StrategoFiducial, StrategoPiece, decode
from patrolkit.sizes.stratego import Stratego, StrategoSheet

AGREEMENT_MM: Final = 1.0
"""Corner codes whose corners land further than this from a sheet's pose are set aside."""
SHEET_WORDS: Final = {
    "NW": "north-west",
    "NE": "north-east",
    "SW": "south-west",
    "SE": "south-east",
    "whole": "the whole board",
}
LOOK: Final = (
    CascadeStep("corner-10", 10.0),
    CascadeStep("corner-16", 16.0, cubic=True, sharpen=1.0),
)
"""The second look at a corner code that the photo pass missed."""
LOOK_MM: Final = 8.0
"""How far round where a first pose puts a corner code the second look looks."""


@dataclass
class Found:
    """The codes of one photo, sorted."""

    fiducials: list[tuple[StrategoFiducial, Detection]] = field(default_factory=list)
    pieces: list[tuple[StrategoPiece, Detection]] = field(default_factory=list)
    foreign: list[tuple[str, tuple[float, float]]] = field(default_factory=list)
    other_games: list[Game] = field(default_factory=list)


def sort_codes(detections: list[Detection], found: Found | None = None) -> Found:
    """``detections`` sorted into corner codes, pieces, and codes of no game or another game."""
    found = found if found is not None else Found()
    for detection in detections:
        centre = detection.centre
        where = (round(float(centre[0]), 1), round(float(centre[1]), 1))
        try:
            item = decode(detection.text)
        except PayloadError:
            found.foreign.append((f"'{detection.text[:30]}'", where))
            continue
        if isinstance(item, StrategoFiducial):
            found.fiducials.append((item, detection))
        elif isinstance(item, StrategoPiece):
            found.pieces.append((item, detection))
        elif item.GAME is Game.STRATEGO:
            found.foreign.append(("a Stratego secret code", where))
        else:
            found.foreign.append((f"a {item.GAME.title} piece", where))
            found.other_games.append(item.GAME)
    return found


def read_codes(gray: np.ndarray, reader: Decoder) -> list[Detection]:
    """Every code in the photo: the whole photo, then, unless that read every corner code of a
    board, overlapping windows of it; repeats merged."""
    detections = list(reader.read(gray))
    corners = sum(1 for d in detections if d.text.startswith("PK1:ST:F:"))
    if corners >= 12 or (corners >= 4 and _one_sheet(detections)):
        return unique_codes(detections)
    height, width = gray.shape[:2]
    win_w, win_h = int(width * 0.45), int(height * 0.45)
    for top in np.linspace(0, height - win_h, 3).astype(int):
        for left in np.linspace(0, width - win_w, 3).astype(int):
            shift = np.array([left, top], dtype=float)
            window = np.ascontiguousarray(gray[top : top + win_h, left : left + win_w])
            for d in reader.read(window):
                detections.append(Detection(d.text, d.corners + shift))
    return unique_codes(detections)


def _one_sheet(detections: list[Detection]) -> bool:
    return any(d.text.startswith("PK1:ST:F:") and d.text.endswith(":11:27") for d in detections)


def unique_codes(detections: list[Detection]) -> list[Detection]:
    """The detections without repeats of one code (same text, same place)."""
    kept: list[Detection] = []
    for detection in detections:
        if not any(
            d.text == detection.text and np.hypot(*(d.centre - detection.centre)) < 20 for d in kept
        ):
            kept.append(detection)
    return kept


def locate_board(
    found: Found, gray: np.ndarray, reader: Decoder
) -> tuple[str, float, list[SheetReading]]:
    """The kit code, the cell size and every sheet's pose; :class:`PhotoError` for a photo with
    no Stratego board, codes of two kits, or a sheet that is not in it."""
    if not found.fiducials:
        if found.other_games:
            raise PhotoError(
                f"This photo shows {found.other_games[0].title} pieces but no Stratego board."
            )
        if found.pieces:
            raise PhotoError(
                "This photo shows Stratego pieces but none of the board's corner codes, so the"
                " cells cannot be located."
            )
        raise PhotoError(
            "No Stratego board was found in this photo: none of its corner codes could be read."
        )
    kits = sorted({f.kit for f, _ in found.fiducials})
    if len(kits) > 1:
        raise PhotoError(
            f"This photo shows the corner codes of {len(kits)} kits ({', '.join(kits)});"
            " photograph one board at a time."
        )
    kit = kits[0]
    cell_mm = float(found.fiducials[0][0].cell_mm)
    if cell_mm not in (Stratego.CELL_MM, Stratego.A3_CELL_MM):
        raise PhotoError(f"Kit {kit}'s corner codes give a cell size of {cell_mm:g} mm, not ours.")
    readings: list[SheetReading] = []
    missing: list[StrategoSheet] = []
    size = (gray.shape[1], gray.shape[0])
    plans = Stratego.sheets(cell_mm)
    codes = {
        plan.name: [
            (f, d) for f, d in found.fiducials if (f.column, f.row) == (plan.column, plan.row)
        ]
        for plan in plans
    }
    for plan in plans:
        reading = _sheet_pose(plan, codes[plan.name], kit, gray, reader, size, None)
        if reading is None:
            missing.append(plan)
        else:
            readings.append(reading)
    if missing and readings:  # look again where the sheets found put the sheets missing
        still = []
        for plan in missing:
            guess = _guess(readings, plan)
            reading = _sheet_pose(plan, codes[plan.name], kit, gray, reader, size, guess)
            if reading is None:
                still.append(plan)
            else:
                readings.append(reading)
        missing = still
    if missing:
        names = " and ".join(f"sheet {p.name} ({SHEET_WORDS[p.name]})" for p in missing)
        verb = "is" if len(missing) == 1 else "are"
        raise PhotoError(
            f"The board of kit {kit} is not whole in this photo: {names} {verb} not in it (fewer"
            " than two of its corner codes could be read)."
        )
    # Sheets that lap over others (laid later) come last, so they are looked up first.
    readings.sort(key=lambda r: (-r.sheet.row, r.sheet.column))
    return kit, cell_mm, readings


def _guess(readings: list[SheetReading], plan: StrategoSheet) -> np.ndarray:
    """Where ``plan``'s cell frame would be in the photo if it lay exactly beside the first sheet
    found."""
    other = readings[0]
    (ox, oy), (px, py) = other.sheet.board_origin, plan.board_origin
    shift = np.array([[1.0, 0.0, px - ox], [0.0, 1.0, py - oy], [0.0, 0.0, 1.0]])
    return np.asarray(other.pose.to_photo @ shift)


def _box_corners(box: tuple[float, float, float, float]) -> np.ndarray:
    x, y, w, h = box
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=float)


def _sheet_pose(
    plan: StrategoSheet,
    codes: list[tuple[StrategoFiducial, Detection]],
    kit: str,
    gray: np.ndarray,
    reader: Decoder,
    size: tuple[int, int],
    guess: np.ndarray | None,
) -> SheetReading | None:
    """The sheet's pose from its corner codes, those missed looked for where a first pose (from
    the codes read, or ``guess``) puts them; ``None`` unless two codes agree."""
    boxes = dict(plan.fiducials)
    usable: dict[Corner, Detection] = {}
    for fiducial, detection in codes:
        if fiducial.corner in boxes and fiducial.corner not in usable:
            usable[fiducial.corner] = detection
    transform = guess
    if usable and guess is None:
        transform = _fit(
            np.vstack([_box_corners(boxes[c]) for c in usable]),
            np.vstack([usable[c].corners for c in usable]),
        )
    if transform is None:
        return None
    rough = BoardPose(kit, transform, np.linalg.inv(transform), (), (), 0.0)
    for corner, box in boxes.items():
        if corner in usable:
            continue
        x, y, w, h = box
        grow = LOOK_MM if guess is None else 2 * LOOK_MM
        for step in LOOK:
            patch, to_photo = step.patch(
                gray, rough, (x - grow, y - grow, w + 2 * grow, h + 2 * grow)
            )
            for detection in reader.read(patch):
                try:
                    item = decode(detection.text)
                except PayloadError:
                    continue
                if (
                    isinstance(item, StrategoFiducial)
                    and item.corner is corner
                    and item.kit == kit
                    and (item.column, item.row) == (plan.column, plan.row)
                ):
                    usable[corner] = detection.moved(to_photo)
            if corner in usable:
                break
    if not usable or (len(usable) < 2 and guess is None):
        return None
    src = np.vstack([_box_corners(boxes[c]) for c in usable])
    dst = np.vstack([usable[c].corners for c in usable])
    if len(usable) == 1 and guess is not None:
        # One corner code only (a piece of the back row hides the others from a low camera):
        # the sheets found beside it lie on the same table, so their pose, moved and turned in
        # the table's plane to fit the one code, is this sheet's.
        seen_at = apply(np.linalg.inv(guess), dst)
        rigid, _ = cv2.estimateAffinePartial2D(src, seen_at, method=cv2.LMEDS)
        if rigid is None:
            return None
        transform = guess @ np.vstack([rigid, [0.0, 0.0, 1.0]])
    else:
        transform = _fit(src, dst)
    if transform is None:
        return None
    inverse = np.linalg.inv(transform)
    seen, aside, errors = [], [], []
    for corner, detection in usable.items():
        misfit = np.hypot(*(apply(inverse, detection.corners) - _box_corners(boxes[corner])).T)
        if float(misfit.max()) > AGREEMENT_MM:
            aside.append(corner)
        else:
            seen.append(corner)
            errors += misfit.tolist()
    if len(seen) < min(2, len(usable)):
        return None
    error = float(np.sqrt(np.mean(np.square(errors))))
    pose = BoardPose(kit, transform, inverse, tuple(seen), tuple(aside), error)
    tops = lifted(transform, size, Stratego.PIECE_HEIGHT_MM)
    return SheetReading(plan, pose, tops, tuple(seen), tuple(aside))


def _fit(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The homography from sheet mm to photo px: exact for one code, RANSAC for more."""
    if len(src) == 4:
        return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    transform, _ = cv2.findHomography(src, dst, cv2.RANSAC, 4.0)
    return None if transform is None else np.asarray(transform, dtype=float)


def lifted(to_photo: np.ndarray, size: tuple[int, int], height_mm: float) -> np.ndarray:
    """The homography from a plane ``height_mm`` over the board (same x and y) to photo px,
    from the board's ``to_photo`` in a photo of ``size`` (width, height) pixels: the pose is
    split into the camera's rotation and position, with a phone's focal length
    (:data:`~companion.pose.FOCAL_OVER_WIDTH`) and the principal point at the photo's centre,
    the plane moved up, and the camera put back."""
    width, height = size
    focal = FOCAL_OVER_WIDTH * max(width, height)
    camera = np.array(
        [[focal, 0.0, (width - 1) / 2], [0.0, focal, (height - 1) / 2], [0.0, 0.0, 1.0]]
    )
    m = np.linalg.solve(camera, to_photo)
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    if m[2, 2] * scale < 0:
        scale = -scale
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    r3 = np.cross(r1, r2)
    r3 /= np.linalg.norm(r3)
    moved = camera @ np.column_stack((r1, r2, t - height_mm * r3))
    return np.asarray(moved / moved[2, 2])
