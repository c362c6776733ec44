"""Where a Patrolis board lies in a photo: every code decoded, the map rebuilt from its code's
parts, and one pose per board sheet.

The sheets of a board are laid by hand, each a little off its place, so each is located on its
own: a homography from its corner codes (RANSAC over their corners), with the corner codes and
map-code parts the photo pass missed looked for where a first pose puts them, and kept only
when two codes or more agree on it. The board is found only when every sheet is; otherwise a
one-line :class:`~patrolkit.errors.PhotoError` names the sheets missing. Used by
:mod:`companion.patrolis.reader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, TypeAlias

import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.pose import BoardPose, apply
from companion.sheets import (
    LOOK_MM,
    Codes,
    KnownCorners,
    agreement,
    box_corners,
    by_corner,
    first_poses,
    fit,
    found_beside,
    look_again,
    not_in_it,
    pose_from,
    rms,
    sort_into,
)
from companion.sheets import SheetReading as BoardSheetReading
from companion.sheets import read_codes as read_all_codes
from patrolkit.codes import BASE36
from patrolkit.errors import NotationError, PayloadError, PhotoError
from patrolkit.games.patrolis import MAX_SIZE, MIN_SIZE, Map
from patrolkit.i18n import _
from patrolkit.payload import (
    Corner,
    Item,
    PatrolisFiducial,
    PatrolisMapPart,
    PatrolisObjective,
    PatrolisStep,
    decode,
)
from patrolkit.sizes import Patrolis, PatrolisSheet

SECOND_LOOK: Final = (
    CascadeStep("cells-10", 10.0),
    CascadeStep("cells-16", 16.0, cubic=True, sharpen=1.0),
    CascadeStep("cells-10-evened", 10.0, even_mm=3.5),
)
"""The second look's steps; each after the first also tries each patch with adaptive contrast.
The second sharpens, the third evens the light out (a hard shadow's edge across a code,
:func:`companion.cascade.evened`). Two more steps once smoothed a dim room's sensor noise away
for the decoder; the codes they read are matched now (:mod:`companion.patrolis.tilematch`), and
without them 40 ``low-light`` and 40 ``defocus`` photos read as before, ``motion`` left one
place more unread of 435, and the blurred photos' median time fell by 0.3 to 0.4 s.

A cell where the first step reads no code and that looks bare
(:func:`companion.patrolis.bare.looks_bare`) is not tried by the others. On 170 development
photos (fresh ``shadow``, ``barrel`` and ``low-light`` tables, the benchmark's ``low-light``
and ``defocus`` ones) the later steps read 700 codes, none of them in a cell that looked bare,
and 5 213 of the 10 150 cells they tried looked bare."""
MARGIN_MM: Final = 3.0


SheetReading: TypeAlias = BoardSheetReading[PatrolisSheet]
"""One sheet of a Patrolis board in the photo (see :class:`companion.sheets.SheetReading`)."""


# -- what the codes are ------------------------------------------------------------------------


@dataclass
class Found(Codes):
    """The codes of one photo, sorted."""

    fiducials: list[tuple[PatrolisFiducial, Detection]] = field(default_factory=list)
    parts: list[tuple[PatrolisMapPart, Detection]] = field(default_factory=list)
    pieces: list[Detection] = field(default_factory=list)

    def take(self, item: Item, detection: Detection) -> bool:
        """Keep ``item`` if it is a corner code, a part of the map's code, or a piece."""
        if isinstance(item, PatrolisFiducial):
            self.fiducials.append((item, detection))
        elif isinstance(item, PatrolisMapPart):
            self.parts.append((item, detection))
        elif isinstance(item, PatrolisStep | PatrolisObjective):
            self.pieces.append(detection)
        else:
            return False
        return True


def sort_codes(detections: list[Detection]) -> Found:
    """``detections`` sorted into corner codes, map-code parts, pieces, and codes of no game or
    another game."""
    found = Found()
    sort_into(found, detections, found.take)
    return found


def locate_board(found: Found, gray: np.ndarray, reader: Decoder) -> tuple[Map, list[SheetReading]]:
    """The map rebuilt from its code's parts (those the photo pass missed are looked for where
    each sheet carries them) and every sheet's pose; :class:`PhotoError` for a map that cannot
    be rebuilt or a sheet not in the photo."""
    if not found.fiducials and not found.parts:
        if found.other_games:
            raise PhotoError(
                _("This photo shows {game} pieces but no Patrolis board.").format(
                    game=found.other_games[0].title
                )
            )
        raise PhotoError(
            _("No Patrolis board was found in this photo: none of its sheets' codes could be read.")
        )
    digests = {f.digest for f, _ in found.fiducials} | {p.digest for p, _ in found.parts}
    if len(digests) > 1:
        raise PhotoError(
            _(
                "This photo shows codes of {count} different maps ({maps}); photograph one board"
                " at a time."
            ).format(count=len(digests), maps=", ".join(sorted(digests)))
        )
    digest = digests.pop()
    if not found.fiducials:
        raise PhotoError(
            _(
                "No corner code of map {digest}'s sheets could be read, so its cells cannot be"
                " located."
            ).format(digest=digest)
        )
    cell_mm = float(found.fiducials[0][0].cell_mm)
    chunks = {part.part: part.chunk for part, _ in found.parts}
    counts = {part.parts for part, _ in found.parts}
    sizes = [
        size
        for size in range(MIN_SIZE, MAX_SIZE + 1)
        if cell_mm in Patrolis.MAX_SIZE
        and size <= Patrolis.MAX_SIZE[cell_mm]
        and (not counts or Patrolis.map_code_parts(size) in counts)
        and (1 not in chunks or chunks[1][:1] == BASE36[size])
    ]
    best: tuple[int, list[SheetReading], list[PatrolisSheet], dict[int, str]] | None = None
    for size in sizes:
        readings, missing = _sheets(found, size, cell_mm, digest, gray, reader)
        if not readings:
            continue
        have = dict(chunks)
        count = Patrolis.map_code_parts(size)
        if len(have) < count:
            have.update(_look_for_parts(gray, reader, readings, digest, set(have)))
        if len(have) == count and all(k in have for k in range(1, count + 1)):
            try:
                game_map = Map.from_code("".join(have[k] for k in range(1, count + 1)))
            except NotationError:
                continue
            if game_map.digest == digest and game_map.size == size:
                if missing:
                    raise PhotoError(_missing_sheets(digest, missing))
                return game_map, readings
        if best is None or len(have) > len(best[3]):
            best = (size, readings, missing, have)
    if best is None:
        raise PhotoError(
            _("The sheets of map {digest} could not be located in this photo.").format(
                digest=digest
            )
        )
    count = Patrolis.map_code_parts(best[0])
    absent = [str(k) for k in range(1, count + 1) if k not in best[3]]
    if best[2] and absent:
        raise PhotoError(_missing_sheets(digest, best[2]))
    raise PhotoError(
        _(
            "The code of map {digest} cannot be rebuilt: part {parts} of {count} is not"
            " readable in the photo."
        ).format(digest=digest, parts=", ".join(absent) or "?", count=count)
    )


def _missing_sheets(digest: str, missing: list[PatrolisSheet]) -> str:
    return _(
        "The board of map {digest} is not whole in this photo: {missing} (fewer than two of its"
        " corner and map codes could be read)."
    ).format(digest=digest, missing=not_in_it(missing))


def _look_for_parts(
    gray: np.ndarray, reader: Decoder, readings: list[SheetReading], digest: str, have: set[int]
) -> dict[int, str]:
    """Map-code parts read where the located sheets carry them."""
    found: dict[int, str] = {}
    for step in SECOND_LOOK:
        for reading in readings:
            for number, (x, y, w, h) in enumerate(reading.sheet.map_code_boxes, start=1):
                if number in have or number in found:
                    continue
                box = (x - MARGIN_MM, y - MARGIN_MM, w + 2 * MARGIN_MM, h + 2 * MARGIN_MM)
                patch, _scale = step.patch(gray, reading.pose, box)
                for detection in reader.read(patch):
                    try:
                        item = decode(detection.text)
                    except PayloadError:
                        continue
                    if isinstance(item, PatrolisMapPart) and item.digest == digest:
                        found[item.part] = item.chunk
    return found


def _sheets(
    found: Found, size: int, cell_mm: float, digest: str, gray: np.ndarray, reader: Decoder
) -> tuple[list[SheetReading], list[PatrolisSheet]]:
    """Every sheet's pose on a ``size`` map, and the sheets not found: each from its own codes,
    then each still missing where the sheets found put it, with its corner codes matched among
    the board's own there (:class:`~companion.sheets.KnownCorners`), as long as that finds
    more sheets."""
    plans = Patrolis.sheets(size, cell_mm)
    known = KnownCorners.printed(
        plans,
        lambda plan, corner: PatrolisFiducial(
            corner, digest, plan.column, plan.row, round(plan.cell_mm)
        ),
        Patrolis.FIDUCIAL_QR_VERSION,
    )

    def pose_of(plan: PatrolisSheet, guess: np.ndarray | None) -> SheetReading | None:
        codes = [(f, d) for f, d in found.fiducials if (f.column, f.row) == (plan.column, plan.row)]
        return _sheet_pose(plan, codes, found.parts, digest, gray, reader, guess, known)

    located: list[tuple[PatrolisSheet, SheetReading]] = []
    missing: list[PatrolisSheet] = []
    for plan in plans:
        reading = pose_of(plan, None)
        if reading is None:
            missing.append(plan)
        else:
            located.append((plan, reading))
    missing = found_beside(located, missing, pose_of)
    readings = [reading for plan in plans for other, reading in located if other == plan]
    return readings, missing


def _sheet_pose(
    plan: PatrolisSheet,
    codes: list[tuple[PatrolisFiducial, Detection]],
    parts: list[tuple[PatrolisMapPart, Detection]],
    digest: str,
    gray: np.ndarray,
    reader: Decoder,
    guess: np.ndarray | None = None,
    known: KnownCorners | None = None,
) -> SheetReading | None:
    """The sheet's pose from its corner codes and the map-code parts where they put them; codes
    missing are looked for where a first pose puts them (from the codes read, or from
    ``guess``, where the sheets found beside put this one: as it is, or moved in the table's
    plane to fit the one code read, :func:`companion.sheets.pose_from`), and, with a
    ``guess``, matched among the board's ``known`` corner codes there. From one corner code
    and no ``guess``, each first pose of :func:`companion.sheets.first_poses` is tried in turn.
    ``None`` unless two codes agree."""
    boxes = dict(plan.fiducials)
    read = by_corner(codes, boxes)
    size = (gray.shape[1], gray.shape[0])
    if guess is None:
        firsts = first_poses(read, boxes, size)
    else:
        first = pose_from(read, boxes, guess) if read else guess
        firsts = [] if first is None else [first]
    for transform in firsts:
        reading = _sheet_pose_from(
            plan, dict(read), parts, digest, gray, reader, transform, guess, known
        )
        if reading is not None:
            return reading
    return None


def _sheet_pose_from(
    plan: PatrolisSheet,
    usable: dict[Corner, Detection],
    parts: list[tuple[PatrolisMapPart, Detection]],
    digest: str,
    gray: np.ndarray,
    reader: Decoder,
    transform: np.ndarray,
    guess: np.ndarray | None,
    known: KnownCorners | None,
) -> SheetReading | None:
    """:func:`_sheet_pose` from the first pose ``transform``, the corner codes read ``usable``
    (those found are added)."""
    boxes = dict(plan.fiducials)
    grow = LOOK_MM if guess is None else 2 * LOOK_MM
    rough = BoardPose(digest, transform, np.linalg.inv(transform), (), (), 0.0)
    for corner, box in boxes.items():
        if corner in usable:
            continue

        def wanted(item: Item, corner: Corner = corner) -> bool:
            return (
                isinstance(item, PatrolisFiducial)
                and item.corner is corner
                and item.digest == digest
                and (item.column, item.row) == (plan.column, plan.row)
            )

        detection = look_again(gray, reader, rough, box, grow, SECOND_LOOK[:1], wanted)
        if detection is None and guess is not None and known is not None:
            detection = known.match(gray, rough, plan, corner, box)
        if detection is not None:
            usable[corner] = detection
    # The map-code parts this sheet carries, where the pose puts them.
    used: dict[int, Detection] = {}
    part_boxes = plan.map_code_boxes
    inverse = np.linalg.inv(transform)
    for number, box in enumerate(part_boxes, start=1):
        expected = np.array([box[0] + box[2] / 2, box[1] + box[3] / 2])
        for part, detection in parts:
            centre = apply(inverse, detection.centre[None, :])[0]
            if part.part == number and np.hypot(*(centre - expected)) < 6.0:
                used[number] = detection
        if number not in used:
            for detection in _look_at(gray, reader, rough, box):
                try:
                    item = decode(detection.text)
                except PayloadError:
                    continue
                if isinstance(item, PatrolisMapPart) and item.part == number:
                    used[number] = detection
                    parts.append((item, detection))
    if len(usable) + len(used) < 2:
        return None
    src = np.vstack(
        [box_corners(boxes[c]) for c in usable] + [box_corners(part_boxes[k - 1]) for k in used]
    )
    dst = np.vstack([usable[c].corners for c in usable] + [used[k].corners for k in used])
    fitted = fit(src, dst)
    if fitted is None:
        return None
    inverse = np.linalg.inv(fitted)
    seen, aside, errors = agreement(inverse, usable, boxes)
    parts_seen, _found, parts_errors = agreement(
        inverse, used, {k: part_boxes[k - 1] for k in used}
    )
    errors += parts_errors
    agreeing = len(seen) + len(parts_seen)
    if not seen or agreeing < 2:
        return None
    pose = BoardPose(digest, fitted, inverse, tuple(seen), tuple(aside), rms(errors))
    return SheetReading(plan, pose, tuple(seen), tuple(aside))


def _look_at(
    gray: np.ndarray, reader: Decoder, pose: BoardPose, box: tuple[float, float, float, float]
) -> list[Detection]:
    """The codes read around ``box`` (sheet mm), rectified through ``pose``, in photo pixels."""
    x, y, w, h = box
    grown = (x - 8.0, y - 8.0, w + 16.0, h + 16.0)
    patch, to_photo = SECOND_LOOK[0].patch(gray, pose, grown)
    return [d.moved(to_photo) for d in reader.read(patch)]


def _enough(detections: list[Detection]) -> bool:
    """Whether the codes found locate every sheet well (two corner codes each, on four sheets
    or one) and give the whole map code, so that no window need be looked at again."""
    corners: dict[tuple[int, int], set[Corner]] = {}
    parts: dict[int, int] = {}
    for detection in detections:
        try:
            item = decode(detection.text)
        except PayloadError:
            continue
        if isinstance(item, PatrolisFiducial):
            corners.setdefault((item.column, item.row), set()).add(item.corner)
        elif isinstance(item, PatrolisMapPart):
            parts[item.part] = item.parts
    whole = bool(parts) and all(k in parts for k in range(1, max(parts.values()) + 1))
    sheets = len(corners)
    return whole and sheets in (1, 4) and all(len(c) >= 2 for c in corners.values())


def read_codes(
    gray: np.ndarray, reader: Decoder, *, first: list[Detection] | None = None
) -> list[Detection]:
    """Every code in the photo: the whole photo, then, unless that already located every sheet
    and gave the whole map code, overlapping windows of it (a decoder looking at many codes at
    once can miss a few), repeats merged."""
    return read_all_codes(gray, reader, _enough, first=first)
