"""Where a grand jeu board lies in a photo: its codes sorted, and one pose per board sheet from
its corner codes.

The sheets of a board are laid by hand, each a little off its place, so each is located on its
own: a homography from its corner codes, with the corner codes the photo pass missed looked for
where a first pose puts them, kept only when two codes or more agree on it (or, beside a sheet
already found, when its one code fits that sheet's pose moved in the table's plane). The board
is found only when every sheet is; otherwise a one-line :class:`~patrolkit.errors.PhotoError`
names the sheets missing. The scouts are flat card, so they lie on the sheets' own plane.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.grand_jeu.reading import SheetReading
from companion.pose import BoardPose, apply
from patrolkit.errors import PayloadError, PhotoError
from patrolkit.payload import Corner, Game, GrandJeuFiducial, GrandJeuScout, decode
from patrolkit.sizes.grand_jeu import GrandJeu, GrandJeuSheet

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
    CascadeStep("corner-12-smooth", 12.0, cubic=True, denoise=1.5),
)
"""The second look at a corner code that the photo pass missed."""
LOOK_MM: Final = 8.0
"""How far round where a first pose puts a corner code the second look looks."""
PREFIX: Final = "PK1:GJ:F:"


@dataclass
class Found:
    """The codes of one photo, sorted."""

    fiducials: list[tuple[GrandJeuFiducial, Detection]] = field(default_factory=list)
    scouts: list[tuple[GrandJeuScout, Detection]] = field(default_factory=list)
    foreign: list[tuple[str, tuple[float, float]]] = field(default_factory=list)
    other_games: list[Game] = field(default_factory=list)


def sort_codes(detections: list[Detection], found: Found | None = None) -> Found:
    """``detections`` sorted into corner codes, scouts, and codes of no game or another game."""
    found = found if found is not None else Found()
    for detection in detections:
        centre = detection.centre
        where = (round(float(centre[0]), 1), round(float(centre[1]), 1))
        try:
            item = decode(detection.text)
        except PayloadError:
            found.foreign.append((f"'{detection.text[:30]}'", where))
            continue
        if isinstance(item, GrandJeuFiducial):
            found.fiducials.append((item, detection))
        elif isinstance(item, GrandJeuScout):
            found.scouts.append((item, detection))
        else:
            found.foreign.append((f"a {item.GAME.title} piece", where))
            found.other_games.append(item.GAME)
    return found


def read_codes(gray: np.ndarray, reader: Decoder) -> list[Detection]:
    """Every code in the photo: the whole photo, then overlapping windows of it (the scouts'
    codes are small); repeats merged."""
    detections = list(reader.read(gray))
    height, width = gray.shape[:2]
    win_w, win_h = int(width * 0.45), int(height * 0.45)
    for top in np.linspace(0, height - win_h, 3).astype(int):
        for left in np.linspace(0, width - win_w, 3).astype(int):
            shift = np.array([left, top], dtype=float)
            window = np.ascontiguousarray(gray[top : top + win_h, left : left + win_w])
            for d in reader.read(window):
                detections.append(Detection(d.text, d.corners + shift))
    return unique_codes(detections)


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
) -> tuple[str, int, float, list[SheetReading]]:
    """The kit code, the board's side, the cell size and every sheet's pose;
    :class:`PhotoError` for a photo with no grand jeu board, codes of two kits, or a sheet that
    is not in it."""
    if not found.fiducials:
        if found.other_games:
            raise PhotoError(
                f"This photo shows {found.other_games[0].title} pieces but no grand jeu board."
            )
        if found.scouts:
            raise PhotoError(
                "This photo shows grand jeu scouts but none of the board's corner codes, so the"
                " cells cannot be located."
            )
        raise PhotoError(
            "No grand jeu board was found in this photo: none of its corner codes could be read."
        )
    kits = sorted({f.kit for f, _ in found.fiducials})
    if len(kits) > 1:
        raise PhotoError(
            f"This photo shows the corner codes of {len(kits)} kits ({', '.join(kits)});"
            " photograph one board at a time."
        )
    kit = kits[0]
    first = found.fiducials[0][0]
    size, cell_mm = first.size, float(first.cell_mm)
    if cell_mm != GrandJeu.CELL_MM or size not in (8, 10):
        raise PhotoError(f"Kit {kit}'s corner codes give a board this reader does not know.")
    per_side = 1 if all((f.column, f.row) == (1, 1) for f, _ in found.fiducials) else 2
    players = 2 if size == 8 else 4
    plans = [
        GrandJeuSheet(cell_mm, column, row, size, per_side, players)
        for row in range(per_side, 0, -1)
        for column in range(1, per_side + 1)
    ]
    codes = {
        plan.name: [
            (f, d) for f, d in found.fiducials if (f.column, f.row) == (plan.column, plan.row)
        ]
        for plan in plans
    }
    readings: list[SheetReading] = []
    missing: list[GrandJeuSheet] = []
    for plan in plans:
        reading = _sheet_pose(plan, codes[plan.name], kit, gray, reader, None)
        if reading is None:
            missing.append(plan)
        else:
            readings.append(reading)
    if missing and readings:  # look again where the sheets found put the sheets missing
        still = []
        for plan in missing:
            guess = _guess(readings, plan)
            reading = _sheet_pose(plan, codes[plan.name], kit, gray, reader, guess)
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
    return kit, size, cell_mm, readings


def _guess(readings: list[SheetReading], plan: GrandJeuSheet) -> np.ndarray:
    """Where ``plan``'s cell frame would be in the photo if it lay exactly beside the first sheet
    found."""
    other = readings[0]
    (ox, oy), (px, py) = other.sheet.board_origin, plan.board_origin
    shift = np.array([[1.0, 0.0, px - ox], [0.0, 1.0, py - oy], [0.0, 0.0, 1.0]])
    return np.asarray(other.pose.to_photo @ shift)


def box_corners(box: tuple[float, float, float, float]) -> np.ndarray:
    x, y, w, h = box
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=float)


def _sheet_pose(
    plan: GrandJeuSheet,
    codes: list[tuple[GrandJeuFiducial, Detection]],
    kit: str,
    gray: np.ndarray,
    reader: Decoder,
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
            np.vstack([box_corners(boxes[c]) for c in usable]),
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
                    isinstance(item, GrandJeuFiducial)
                    and item.corner is corner
                    and item.kit == kit
                    and (item.column, item.row) == (plan.column, plan.row)
                ):
                    usable[corner] = detection.moved(to_photo)
            if corner in usable:
                break
    if not usable or (len(usable) < 2 and guess is None):
        return None
    src = np.vstack([box_corners(boxes[c]) for c in usable])
    dst = np.vstack([usable[c].corners for c in usable])
    if len(usable) == 1 and guess is not None:
        # One corner code only (noise or glare hides the others): the sheets found beside it
        # lie on the same table, so their pose, moved and turned in the table's plane to fit
        # the one code, is this sheet's.
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
        misfit = np.hypot(*(apply(inverse, detection.corners) - box_corners(boxes[corner])).T)
        if float(misfit.max()) > AGREEMENT_MM:
            aside.append(corner)
        else:
            seen.append(corner)
            errors += misfit.tolist()
    if len(seen) < min(2, len(usable)):
        return None
    error = float(np.sqrt(np.mean(np.square(errors))))
    pose = BoardPose(kit, transform, inverse, tuple(seen), tuple(aside), error)
    return SheetReading(plan, pose, tuple(seen), tuple(aside))


def _fit(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The homography from sheet mm to photo px: exact for one code, RANSAC for more."""
    if len(src) == 4:
        return cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    transform, _ = cv2.findHomography(src, dst, cv2.RANSAC, 4.0)
    return None if transform is None else np.asarray(transform, dtype=float)
