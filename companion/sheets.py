"""Where a board printed on lapped sheets lies in a photo: every code read, the codes sorted,
one pose per sheet from its corner codes, and each code's centre to a cell of the sheet on top.

Stratego, Le grand jeu des patrouilles and Patrolis print their boards across lapped sheets
(:class:`~patrolkit.sizes.lapped.LappedSheet`) with corner codes in the margins. The sheets are
laid by hand, each a little off its place, so each is located on its own: a homography from
its corner codes (RANSAC over their corners), with the corner codes the photo pass missed
looked for where a first pose puts them (from a single code, the pose a phone's camera gives
its four corners: :func:`companion.pose.seen_flat`), kept only when two codes or more agree on
it (or, beside a sheet already found, when its one code fits that sheet's pose moved in the
table's plane). The board is found only when every sheet is; otherwise a one-line
:class:`~patrolkit.errors.PhotoError` names the sheets missing.

What a game's codes are, and what the photo must show before the windows need not be read, is
the game's own (:mod:`companion.stratego.board`, :mod:`companion.grand_jeu.board`,
:mod:`companion.patrolis.sheets`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.cornermatch import match_corner
from companion.decode import Decoder, Detection
from companion.outline import paper_outlines, seen_as
from companion.pose import BoardPose, apply, rounded_px, seen_flat
from patrolkit.errors import PayloadError, PhotoError
from patrolkit.i18n import N_, _, ngettext
from patrolkit.payload import Corner, Game, Item, decode, encode
from patrolkit.sizes.lapped import Box, Extent, LappedSheet

AGREEMENT_MM: Final = 1.0
"""Corner codes whose corners land further than this from a sheet's pose are set aside."""
SHEET_WORDS: Final = {
    "NW": N_("north-west"),
    "NE": N_("north-east"),
    "SW": N_("south-west"),
    "SE": N_("south-east"),
    "whole": N_("the whole board"),
}
"""What each sheet's name means, in English: say it with ``_(SHEET_WORDS[name])``."""
LOOK_MM: Final = 8.0
"""How far round where a first pose puts a corner code the second look looks."""
REPEAT_PX: Final = 20
"""Two reads of one code whose centres are closer than this (photo px) are one code."""
SMALL_LOOK: Final = (
    CascadeStep("corner-16-smooth-sharp", 16.0, cubic=True, denoise=1.0, sharpen=2.0),
    CascadeStep("corner-8-sharp", 8.0, cubic=True, sharpen=2.0),
    CascadeStep("corner-12-sharp", 12.0, cubic=True, sharpen=2.0),
)
"""The last looks at a corner code, after a game's own: for a code seen with under two photo
pixels a module (a messaging app's copy of a photo shrinks a 0.7 mm module to 1.4-1.7 px), a
finer, sharpened patch. Measured on 18 grand jeu ``messaging`` photos (dev seeds 71000-71005,
72 corner codes, each looked for through the photo's true sheet poses): the three steps of
:data:`companion.grand_jeu.board.LOOK` read 45 codes together, these three 47, 46 and 46 on
their own, every step together 49; none read a wrong code (the decoder's error correction)."""
OUTLINE_CORNERS: Final = 3
"""The corner codes a sheet must show to be located round where its paper's outline puts it:
two codes on one edge of a sheet leave the far edge's place to a long lever (a piece 7 mm off
on a development photo), and the outline itself is a few millimetres off."""
RELOOKS: Final = 2
"""How many times a sheet's missing corner codes are looked for: again through the pose the
codes found by the first look give, which is better held than the first pose (one code, or a
neighbour's pose moved beside it)."""


@dataclass(frozen=True)
class KnownCorners:
    """The text of every corner code of a board whose kit is known, by sheet (column, row) and
    corner, and their QR version: a corner code the decoder cannot read is then matched
    (:mod:`companion.cornermatch`)."""

    texts: Mapping[tuple[int, int, Corner], str]
    version: int

    @classmethod
    def printed(
        cls, plans: Iterable[S], payload: Callable[[S, Corner], Item], version: int
    ) -> KnownCorners:
        """The corner codes of the sheets ``plans``, each sheet's ``corner`` printing
        ``payload(sheet, corner)`` in a QR code of ``version``."""
        return cls(
            {
                (plan.column, plan.row, corner): encode(payload(plan, corner))
                for plan in plans
                for corner, _box in plan.fiducials
            },
            version,
        )

    def match(
        self, gray: np.ndarray, pose: BoardPose, sheet: LappedSheet, corner: Corner, box: Box
    ) -> Detection | None:
        """The code of ``sheet``'s ``corner`` found by matching in ``box`` round where
        ``pose`` puts it, or ``None``."""
        text = self.texts.get((sheet.column, sheet.row, corner))
        if text is None:
            return None
        others = tuple(t for t in self.texts.values() if t != text)
        found = match_corner(gray, pose, box, text, others, self.version)
        return None if found is None else found.detection


S = TypeVar("S", bound=LappedSheet)
P = TypeVar("P", bound="PlacedSheet")
T = TypeVar("T", bound="SheetReading[Any]")
K = TypeVar("K")


class Cornered(Protocol):
    """A corner code's payload, as far as placing it on its sheet goes."""

    @property
    def corner(self) -> Corner: ...


class CornerCode(Cornered, Protocol):
    """A corner code that names its kit and its sheet's column and row."""

    @property
    def kit(self) -> str: ...

    @property
    def column(self) -> int: ...

    @property
    def row(self) -> int: ...


class PlacedSheet(Protocol):
    """A sheet that knows where its cell frame starts in the assembled board's frame."""

    @property
    def name(self) -> str: ...

    @property
    def column(self) -> int: ...

    @property
    def row(self) -> int: ...

    @property
    def board_origin(self) -> tuple[float, float]: ...

    @property
    def outer(self) -> frozenset[str]: ...

    def printed_extent(self, quiet_mm: float, label_mm: float) -> Extent: ...


@dataclass(frozen=True, eq=False)
class SheetReading(Generic[S]):
    """One board sheet in the photo: its place, its pose (sheet cell frame mm → photo px), the
    corner codes that agree on it and those set aside."""

    sheet: S
    pose: BoardPose
    corners_seen: tuple[Corner, ...]
    set_aside: tuple[Corner, ...]

    @property
    def name(self) -> str:
        return self.sheet.name

    def holds(self, column: int, row: int) -> bool:
        """Whether the board's cell at ``column``, ``row`` is one of this sheet's."""
        first_column, columns, first_row, rows = self.sheet.cells
        return first_column <= column < first_column + columns and (
            first_row <= row < first_row + rows
        )


# -- the codes -------------------------------------------------------------------------------


@dataclass
class Codes:
    """What every game's sorted codes hold besides its own: the codes of no game, each named
    with where it is (photo px), and the games whose pieces were read."""

    foreign: list[tuple[str, tuple[float, float]]] = field(default_factory=list)
    other_games: list[Game] = field(default_factory=list)


def sort_into(
    found: Codes,
    detections: Iterable[Detection],
    take: Callable[[Item, Detection], bool],
    *,
    own: tuple[Game, str] | None = None,
) -> None:
    """Sort ``detections`` into ``found``: ``take`` keeps the game's own codes; a code of no
    game and another game's piece are named among the foreign codes, and ``own`` (the game,
    and what its other codes are called) names the game's codes ``take`` leaves."""
    for detection in detections:
        where = rounded_px(detection.centre)
        try:
            item = decode(detection.text)
        except PayloadError:
            found.foreign.append((f"'{detection.text[:30]}'", where))
            continue
        if take(item, detection):
            continue
        if own is not None and item.GAME is own[0]:
            found.foreign.append((own[1], where))
        else:
            found.foreign.append((f"a {item.GAME.title} piece", where))
            found.other_games.append(item.GAME)


def read_codes(
    gray: np.ndarray,
    reader: Decoder,
    enough: Callable[[list[Detection]], bool] | None = None,
    *,
    first: list[Detection] | None = None,
) -> list[Detection]:
    """Every code in the photo: the whole photo (or what it read already, ``first``), then,
    unless what that read is ``enough``, overlapping windows of it (a decoder looking at many
    codes at once can miss a few, and small codes read better in a window); repeats merged."""
    detections = list(reader.read(gray) if first is None else first)
    if enough is not None and enough(detections):
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


def unique_codes(detections: list[Detection]) -> list[Detection]:
    """The detections without repeats of one code (same text, same place)."""
    kept: list[Detection] = []
    for detection in detections:
        if not any(
            d.text == detection.text and np.hypot(*(d.centre - detection.centre)) < REPEAT_PX
            for d in kept
        ):
            kept.append(detection)
    return kept


def no_board(board: str, other_games: Sequence[Game], pieces: str) -> PhotoError:
    """Why a photo in which none of a ``board`` board's corner codes read is refused: it shows
    another game's pieces, or only this game's ``pieces`` (``"Stratego pieces"``), or nothing
    of the game.

    ``board`` is the game's name as it follows "a … board" (``Stratego``, ``grand jeu``) and
    ``pieces`` what the photo shows; both are said in the language in force if they are marked
    with ``N_`` (French: "un plateau de {board}", "Cette photo montre {pieces}", so ``pieces``
    says "des pièces de Stratego")."""
    board = _(board)
    if other_games:
        return PhotoError(
            _("This photo shows {game} pieces but no {board} board.").format(
                game=other_games[0].title, board=board
            )
        )
    if pieces:
        return PhotoError(
            _(
                "This photo shows {pieces} but none of the board's corner codes, so the cells"
                " cannot be located."
            ).format(pieces=_(pieces))
        )
    return PhotoError(
        _(
            "No {board} board was found in this photo: none of its corner codes could be read."
        ).format(board=board)
    )


def one_kit(codes: Sequence[tuple[CornerCode, Detection]]) -> str:
    """The kit the corner codes ``codes`` name; :class:`PhotoError` when they name several."""
    kits = sorted({f.kit for f, _ in codes})
    if len(kits) > 1:
        raise PhotoError(
            _(
                "This photo shows the corner codes of {count} kits ({kits}); photograph one board"
                " at a time."
            ).format(count=len(kits), kits=", ".join(kits))
        )
    return kits[0]


# -- one pose per sheet ----------------------------------------------------------------------


def locate_sheets(
    kit: str, plans: Sequence[P], pose_of: Callable[[P, np.ndarray | None], T | None]
) -> list[T]:
    """Every sheet of ``plans`` located by ``pose_of`` (from its own corner codes, then, for
    those missing, again where the nearest sheet found puts them, as long as that finds more
    sheets: a sheet found so can place the next one), the sheets that lap over
    others (laid later) last, so that they are looked up first; :class:`PhotoError` naming the
    sheets still missing."""
    found: list[tuple[P, T]] = []
    missing: list[P] = []
    for plan in plans:
        reading = pose_of(plan, None)
        if reading is None:
            missing.append(plan)
        else:
            found.append((plan, reading))
    missing = found_beside(found, missing, pose_of)
    if missing:
        raise PhotoError(
            _(
                "The board of kit {kit} is not whole in this photo: {missing} (fewer than two of"
                " its corner codes could be read)."
            ).format(kit=kit, missing=not_in_it(missing))
        )
    found.sort(key=lambda pair: (-pair[0].row, pair[0].column))
    return [reading for _, reading in found]


def found_beside(
    found: list[tuple[P, T]], missing: list[P], pose_of: Callable[[P, np.ndarray | None], T | None]
) -> list[P]:
    """The sheets of ``missing`` still missing once each is looked for again where the sheets
    ``found`` put it, for as long as that finds more (a sheet found so can place the next one);
    those found are added to ``found``."""
    while missing and found:
        still = []
        for plan in missing:
            reading = pose_of(plan, placed_beside(found, plan))
            if reading is None:
                still.append(plan)
            else:
                found.append((plan, reading))
        if len(still) == len(missing):
            break
        missing = still
    return missing


def board_rim(plans: Sequence[PlacedSheet], quiet_mm: float, label_mm: float) -> np.ndarray:
    """The corners of the assembled board's paper (board frame mm, ``(4, 2)``: north-west,
    north-east, south-east, south-west): each outer sheet's print reaches past its cells by
    its labels and its corner codes' light zones, and all else it prints in its margins
    (:meth:`LappedSheet.printed_extent`), and is cut there."""
    edges: dict[str, list[float]] = {"W": [], "N": [], "E": [], "S": []}
    for plan in plans:
        left, top, right, bottom = plan.printed_extent(quiet_mm, label_mm)
        x, y = plan.board_origin
        for edge, at in (("W", x + left), ("N", y + top), ("E", x + right), ("S", y + bottom)):
            if edge in plan.outer:
                edges[edge].append(at)
    west, north, east, south = min(edges["W"]), min(edges["N"]), max(edges["E"]), max(edges["S"])
    return np.array([[west, north], [east, north], [east, south], [west, south]])


def locate_by_outline(
    image: np.ndarray,
    gray: np.ndarray,
    plans: Sequence[P],
    rim: np.ndarray,
    pose_of: Callable[[P, np.ndarray | None], T | None],
) -> list[T] | None:
    """Every sheet of ``plans`` located round where the board's paper outline puts it, for a
    photo (``image``, colour; ``gray``, as the codes are read in it) in which too few corner
    codes could be read; ``None`` unless exactly one quarter turn of the board finds every sheet:
    at least one with :data:`OUTLINE_CORNERS` corner codes or more round where the outline puts
    it (a sheet's corner codes, matched among the board's own, are found only where the turn
    puts them right), the others with those again or where the sheets found put them
    (:func:`found_beside`, a far sheet's small codes need the closer pose). The outlines
    tried are the light quadrilaterals of the photo (:func:`companion.outline.paper_outlines`)
    that can be the board's paper (``rim``: its corners, board frame mm) seen through a phone's
    camera (:func:`companion.outline.seen_as`), the largest first."""
    size = (gray.shape[1], gray.shape[0])
    located = []
    for outline in (o for o in paper_outlines(image) if seen_as(rim, o, size)):
        for turn in range(4):
            seen = np.roll(outline, -turn, axis=0).astype(np.float32)
            board = cv2.getPerspectiveTransform(rim.astype(np.float32), seen).astype(np.float64)
            found: list[tuple[P, T]] = []
            missing: list[P] = []
            for plan in plans:
                x, y = plan.board_origin
                moved = board @ np.array([[1.0, 0.0, x], [0.0, 1.0, y], [0.0, 0.0, 1.0]])
                reading = pose_of(plan, moved)
                if reading is None or len(reading.corners_seen) < OUTLINE_CORNERS:
                    missing.append(plan)
                else:
                    found.append((plan, reading))
            if not found_beside(found, missing, pose_of):
                located.append(found)
        if located:
            break
    if len(located) != 1:
        return None
    return [reading for _, reading in sorted(located[0], key=lambda p: (-p[0].row, p[0].column))]


def not_in_it(missing: Sequence[PlacedSheet | LappedSheet]) -> str:
    """``sheet NW (north-west) and sheet SE (south-east) are not in it``: the sheets missing."""
    names = [
        _("sheet {name} ({where})").format(name=p.name, where=_(SHEET_WORDS[p.name]))
        for p in missing
    ]
    if len(names) == 1:
        return _("{sheet} is not in it").format(sheet=names[0])
    return _("{sheets} and {last} are not in it").format(
        sheets=", ".join(names[:-1]), last=names[-1]
    )


def placed_beside(found: Sequence[tuple[P, SheetReading[Any]]], plan: PlacedSheet) -> np.ndarray:
    """Where ``plan``'s cell frame would be in the photo if it lay exactly beside the sheets
    ``found`` (plans and readings): one homography through the corner codes every one of them
    saw, each where its own pose puts it, in the board's frame. A sheet found from the codes
    along one of its edges holds its far side loosely; the codes of all the sheets found span
    more of the board (with one sheet found, this is :func:`beside`)."""
    if len(found) == 1:
        return beside(found[0], plan)
    board, photo = [], []
    for other, reading in found:
        boxes = dict(reading.sheet.fiducials)
        for corner in reading.corners_seen:
            sheet_mm = box_corners(boxes[corner])
            board.append(sheet_mm + np.array(other.board_origin))
            photo.append(apply(reading.pose.to_photo, sheet_mm))
    transform, _ = cv2.findHomography(np.vstack(board), np.vstack(photo), 0)
    if transform is None:
        return beside(found[0], plan)
    px, py = plan.board_origin
    return np.asarray(transform @ np.array([[1.0, 0.0, px], [0.0, 1.0, py], [0.0, 0.0, 1.0]]))


def beside(first: tuple[PlacedSheet, SheetReading[Any]], plan: PlacedSheet) -> np.ndarray:
    """Where ``plan``'s cell frame would be in the photo if it lay exactly beside the sheet
    found ``first`` (its plan and its reading)."""
    other, reading = first
    (ox, oy), (px, py) = other.board_origin, plan.board_origin
    shift = np.array([[1.0, 0.0, px - ox], [0.0, 1.0, py - oy], [0.0, 0.0, 1.0]])
    return np.asarray(reading.pose.to_photo @ shift)


def box_corners(box: Box, shrink: float = 0.0) -> np.ndarray:
    """The corners of ``box`` (x, y, width, height), clockwise from its top-left, moved in by
    ``shrink`` of its width from each side."""
    x, y, w, h = box
    d = shrink * w
    return np.array(
        [[x + d, y + d], [x + w - d, y + d], [x + w - d, y + h - d], [x + d, y + h - d]],
        dtype=float,
    )


def by_corner(
    codes: Sequence[tuple[Cornered, Detection]], boxes: dict[Corner, Box]
) -> dict[Corner, Detection]:
    """The first code read at each corner of ``boxes``."""
    usable: dict[Corner, Detection] = {}
    for fiducial, detection in codes:
        if fiducial.corner in boxes and fiducial.corner not in usable:
            usable[fiducial.corner] = detection
    return usable


def sheet_pose(
    plan: LappedSheet,
    codes: Sequence[tuple[CornerCode, Detection]],
    fiducial: type[CornerCode],
    kit: str,
    gray: np.ndarray,
    reader: Decoder,
    guess: np.ndarray | None,
    looks: Sequence[CascadeStep],
    known: KnownCorners | None = None,
) -> BoardPose | None:
    """The sheet's pose from its corner codes (payloads of type ``fiducial``), those missed
    looked for through ``looks`` where a first pose (from the codes read, or ``guess``) puts
    them, and, with the texts of the board's corner codes ``known``, matched there; ``None``
    unless two codes agree, or, with a ``guess``, one code fits it moved in the table's
    plane. From one code read and no ``guess``, each first pose of :func:`first_poses` is
    tried in turn."""
    boxes = dict(plan.fiducials)
    read = by_corner(codes, boxes)
    size = (gray.shape[1], gray.shape[0])
    firsts = [guess] if guess is not None else first_poses(read, boxes, size)

    matched: set[Corner] = set()

    def looked_for(corner: Corner, rough: BoardPose, grow: float) -> Detection | None:
        def wanted(item: Item) -> bool:
            return (
                isinstance(item, fiducial)
                and item.corner is corner
                and item.kit == kit
                and (item.column, item.row) == (plan.column, plan.row)
            )

        box = boxes[corner]
        detection = look_again(gray, reader, rough, box, grow, (*looks, *SMALL_LOOK), wanted)
        if detection is None and known is not None:
            detection = known.match(gray, rough, plan, corner, box)
            if detection is not None:
                matched.add(corner)
        return detection

    for transform in firsts:
        usable = dict(read)
        matched.clear()
        grow = LOOK_MM if guess is None else 2 * LOOK_MM
        for _round in range(RELOOKS):
            before = len(usable)
            rough = BoardPose(kit, transform, np.linalg.inv(transform), (), (), 0.0)
            for corner in boxes:
                detection = None if corner in usable else looked_for(corner, rough, grow)
                if detection is not None:
                    usable[corner] = detection
            if len(usable) == len(boxes) or len(usable) == before:
                break
            better = pose_from(usable, boxes, guess)
            if better is None:
                break
            transform, grow = better, LOOK_MM
        pose = _agreed(kit, usable, boxes, guess)
        if pose is None:
            continue
        if guess is None and len(read) == 1 and (pose.set_aside or matched):
            # Codes matched round the rough pose of one code sit a little off (or too far to
            # agree); round the pose the codes agree on they are matched again, and kept if
            # more of them then agree, or as many more closely.
            redo = set(pose.set_aside) | matched
            again = {c: d for c, d in usable.items() if c not in redo}
            for corner in redo:
                detection = looked_for(corner, pose, LOOK_MM)
                if detection is not None:
                    again[corner] = detection
            redone = _agreed(kit, again, boxes, guess)
            if redone is not None and _closer(redone, pose):
                pose = redone
        return pose
    return None


def _closer(pose: BoardPose, other: BoardPose) -> bool:
    """Whether more corner codes agree on ``pose`` than on ``other``, or as many more closely."""
    return (len(pose.seen), -pose.error_mm) > (len(other.seen), -other.error_mm)


def _agreed(
    kit: str,
    usable: dict[Corner, Detection],
    boxes: dict[Corner, Box],
    guess: np.ndarray | None,
) -> BoardPose | None:
    """The sheet's pose from the corner codes ``usable``; ``None`` unless two of them agree
    (or one fits the ``guess``)."""
    if not usable or (len(usable) < 2 and guess is None):
        return None
    transform = pose_from(usable, boxes, guess)
    if transform is None:
        return None
    inverse = np.linalg.inv(transform)
    seen, aside, errors = agreement(inverse, usable, boxes)
    if len(seen) < min(2, len(usable)):
        return None
    return BoardPose(kit, transform, inverse, tuple(seen), tuple(aside), rms(errors))


def first_poses(
    read: dict[Corner, Detection], boxes: dict[Corner, Box], size: tuple[int, int]
) -> list[np.ndarray]:
    """The poses to look for a sheet's other corner codes round, from those ``read`` in a photo
    of ``size`` (width, height): from one code, both of its poses through a phone's camera
    (:func:`companion.pose.seen_flat`), the likelier first, then the free homography of its
    corners (a photo the camera's model does not fit: a sheet curled or seen through a lens
    that bends it); from more, their fit."""
    if len(read) == 1:
        (corner,) = read
        plane, photo = box_corners(boxes[corner]), read[corner].corners
        free = cv2.getPerspectiveTransform(plane.astype(np.float32), photo.astype(np.float32))
        return [*seen_flat(plane, photo, size), np.asarray(free, np.float64)]
    fitted = pose_from(read, boxes, None)
    return [] if fitted is None else [fitted]


def pose_from(
    usable: dict[Corner, Detection], boxes: dict[Corner, Box], guess: np.ndarray | None
) -> np.ndarray | None:
    """The sheet's homography from the corner codes ``usable``; from one code only with a
    ``guess`` (one code alone gives first poses only: :func:`first_poses`); ``None`` when none
    can be fitted."""
    if not usable:
        return None
    src = np.vstack([box_corners(boxes[c]) for c in usable])
    dst = np.vstack([usable[c].corners for c in usable])
    if len(usable) > 1:
        return fit(src, dst)
    if guess is None:
        return None
    # One corner code only (noise, glare or a standing piece hides the others): the sheets
    # found beside it lie on the same table, so their pose, moved and turned in the table's
    # plane to fit the one code, is this sheet's.
    seen_at = apply(np.linalg.inv(guess), dst)
    rigid, _ = cv2.estimateAffinePartial2D(src, seen_at, method=cv2.LMEDS)
    if rigid is None:
        return None
    return np.asarray(guess @ np.vstack([rigid, [0.0, 0.0, 1.0]]))


def look_again(
    gray: np.ndarray,
    reader: Decoder,
    pose: BoardPose,
    box: Box,
    grow: float,
    looks: Sequence[CascadeStep],
    wanted: Callable[[Item], bool],
) -> Detection | None:
    """The code ``wanted`` read round ``box`` (sheet mm, grown by ``grow`` on each side),
    rectified through ``pose`` by each of ``looks`` in turn until one reads it, in photo px;
    ``None`` when none does."""
    x, y, w, h = box
    for step in looks:
        patch, to_photo = step.patch(gray, pose, (x - grow, y - grow, w + 2 * grow, h + 2 * grow))
        found = None
        for detection in reader.read(patch):
            try:
                item = decode(detection.text)
            except PayloadError:
                continue
            if wanted(item):
                found = detection
        if found is not None:
            return found.moved(to_photo)
    return None


def misfit(inverse: np.ndarray, detection: Detection, box: Box) -> np.ndarray:
    """How far (mm) each corner of ``detection`` lands, through the photo-to-sheet homography
    ``inverse``, from the corner of ``box`` it stands for."""
    return np.hypot(*(apply(inverse, detection.corners) - box_corners(box)).T)


def agreement(
    inverse: np.ndarray, usable: dict[K, Detection], boxes: Mapping[K, Box]
) -> tuple[list[K], list[K], list[float]]:
    """The codes of ``usable`` (by corner, or by part) that agree with the pose, within
    :data:`AGREEMENT_MM` of their ``boxes``, those set aside, and the agreeing codes' corner
    errors (mm)."""
    seen: list[K] = []
    aside: list[K] = []
    errors: list[float] = []
    for key, detection in usable.items():
        off = misfit(inverse, detection, boxes[key])
        if float(off.max()) > AGREEMENT_MM:
            aside.append(key)
        else:
            seen.append(key)
            errors += off.tolist()
    return seen, aside, errors


def rms(errors: list[float]) -> float:
    """The root mean square of ``errors``."""
    return float(np.sqrt(np.mean(np.square(errors))))


def fit(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The homography from sheet mm to photo px through the corners of two codes or more
    (RANSAC; one code's pose is :func:`companion.pose.seen_flat`)."""
    transform, _ = cv2.findHomography(src, dst, cv2.RANSAC, 4.0)
    return None if transform is None else np.asarray(transform, dtype=float)


# -- codes to cells --------------------------------------------------------------------------


def sheet_holding(sheets: Iterable[T], column: int, row: int) -> T:
    """The sheet holding the board's cell at ``column``, ``row``."""
    for reading in sheets:
        if reading.holds(column, row):
            return reading
    raise ValueError(f"no sheet holds the cell at column {column}, row {row}")


def sheet_under(
    sheets: Sequence[T],
    point: np.ndarray,
    to_sheet: Callable[[T], np.ndarray] = lambda reading: reading.pose.to_board,
) -> tuple[T, np.ndarray] | None:
    """The sheet on top under the photo point ``point`` (the sheets that lap over others come
    last), and the point in its frame through ``to_sheet`` (by default its pose's)."""
    for reading in reversed(sheets):
        local = apply(to_sheet(reading), point[None, :])[0]
        if 0 <= local[0] < reading.sheet.width and 0 <= local[1] < reading.sheet.height:
            return reading, local
    return None


def cell_at(
    reading: SheetReading[Any], local: np.ndarray, cell_mm: float
) -> tuple[int, int, float, float]:
    """The board's column and row under the point ``local`` of ``reading``'s frame, and how
    far (mm, x east and y south) the point is from that cell's centre."""
    first_column, _, first_row, rows = reading.sheet.cells
    fx, fy = local / cell_mm
    column = first_column + int(fx)
    row = first_row + rows - 1 - int(fy)
    return column, row, (fx % 1 - 0.5) * cell_mm, (fy % 1 - 0.5) * cell_mm


def across(
    column: int, row: int, off_x: float, off_y: float, limit: float
) -> tuple[int, int] | None:
    """The other cell a code ``off_x``, ``off_y`` mm from the centre of the cell at ``column``,
    ``row`` overlaps when it is further than ``limit`` from it along x or y, else ``None``."""
    if abs(off_x) <= limit and abs(off_y) <= limit:
        return None
    other_column = column + (0 if abs(off_x) <= limit else (1 if off_x > 0 else -1))
    other_row = row - (0 if abs(off_y) <= limit else (1 if off_y > 0 else -1))
    return other_column, other_row


def cell_centre_px(transform: np.ndarray, box: Box) -> tuple[float, float]:
    """The centre of the cell ``box`` through ``transform`` (sheet mm → photo px), rounded."""
    x, y, w, h = box
    return rounded_px(apply(transform, np.array([[x + w / 2, y + h / 2]]))[0])


def outline_px(reading: SheetReading[Any]) -> np.ndarray:
    """The corners of ``reading``'s grid in photo px."""
    w, h = reading.sheet.width, reading.sheet.height
    return apply(reading.pose.to_photo, np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=float))


def photo_problems(
    foreign: Iterable[tuple[str, tuple[float, float]]], sheets: Iterable[SheetReading[Any]]
) -> list[str]:
    """One sentence for each code on the table that is not the game's, and one for each sheet
    with a corner code that does not line up with it."""
    sentences = [
        _("A QR code that is not part of this game is on the table ({why}).").format(why=why)
        for why, _at in foreign
    ]
    for sheet in sheets:
        if sheet.set_aside:
            names = ", ".join(c.value for c in sheet.set_aside)
            sentences.append(
                ngettext(
                    "Sheet {sheet}'s {corners} corner code does not line up with the sheet; it"
                    " was left out.",
                    "Sheet {sheet}'s {corners} corner codes do not line up with the sheet; they"
                    " were left out.",
                    len(sheet.set_aside),
                ).format(sheet=sheet.name, corners=names)
            )
    return sentences
