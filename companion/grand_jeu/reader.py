"""Read a photo of a grand jeu table: the board, each scout's cell, patrol and direction, and
the prisoners in each prison; never a guess.

:func:`read_photo` runs the pipeline:

1. load the photo and decode every QR code in it (:mod:`companion.decode`): the whole photo,
   then overlapping windows of it;
2. one homography per board sheet from its corner codes (:mod:`companion.grand_jeu.board`);
3. each scout's code to its cell through the pose of the sheet on top there, or to the prison
   slot it lies in. Its direction is its code's own orientation on the board (the code's top is
   where the blue arrow points), rounded to the nearest of the 8 directions; a code turned more
   than :data:`TURN_TOLERANCE_DEG` from every one of them is "turned between two directions",
   a code whose centre is more than :data:`ACROSS_MM` from its cell's centre lies across two
   cells, and both are reported with where, not placed. Two codes on one cell, a scout of
   another kit, a scout neither on the board nor in a prison are reported too;
4. every other cell and prison slot is looked at square-on: where it shows the fine dark
   detail of a code, a second look rectifies it (:mod:`companion.cascade`) and decodes it
   again; what still does not read is reported: "something lies on e4, but its code could not
   be read"; a cell that shows no such detail is empty.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.cascade import rectify
from companion.clock import Clock
from companion.deblur import first_pass
from companion.decode import Decoder, Detection, decoder_named
from companion.grand_jeu.board import Found, locate_board, read_codes, sort_codes
from companion.grand_jeu.reading import (
    GrandJeuReading,
    PrisonerReading,
    ScoutReading,
    SheetReading,
    Unreadable,
)
from companion.grand_jeu.scoutmatch import match_scout
from companion.pose import BoardPose, apply, rounded_px
from companion.sheets import across, cell_at, cell_centre_px, photo_problems, sheet_under
from patrolkit.games.grand_jeu import DIRECTIONS, Patrol, cell, cell_name
from patrolkit.i18n import _
from patrolkit.payload import GrandJeuScout

ACROSS_MM: Final = 8.0
"""A code centre further than this from its cell's centre (along x or y), a quarter of a cell,
lies across two cells."""
TURN_TOLERANCE_DEG: Final = 15.0
"""A code turned further than this from the nearest of the 8 directions is between two."""
DETAIL: Final = 0.10
"""A cell whose middle has more than this share of pixels well darker than their surroundings
shows a code (a code is about half dark modules; bare paper shows none)."""
LOOK_MM: Final = 15.0
"""The side of the square, centred on a cell or a prison slot, looked at for a code's detail
(a scout's code, 12.6 mm, turned any way, covers most of it)."""
DETAIL_PX_PER_MM: Final = 4.0
"""The resolution at which cells are looked at for a code's detail."""
NEAR_MM: Final = 3.0
"""A pixel is well darker than its surroundings when it is under 0.8 of both their mean light
(blurred over 1.5 mm) and the paper's light there: the photo's morphological closing over this
width, which fills a code's dark modules (three at the most side by side, 1.8 mm) with the light
round them but leaves a hard shadow's edge where it is — so the dark side of that edge, darker
than the mean across it, is not taken for a code's detail. The closing is taken on the photo
smoothed by :data:`GRAIN_PX`, and a dim room's noise, never 0.8 under the mean, stays out."""
GRAIN_PX: Final = 1.0
BLOWN_LEVEL: Final = 254
"""A grey level at or above this is blown out: the light, not the paper, sets it."""
GLARE_SHARE: Final = 0.05
"""A cell or slot of which more than this share (less :data:`GLARE_INSET_MM` a side) is blown out
is hidden by glare: a scout's code under a glare spot is as white as bare paper, and the light
round the clipped spot washes out the rest of it, so such a cell is never called empty. On
glare photos the scouts left unread under or beside the spot showed 0.14 to 0.57 (one with
only 0.01 of its middle clipped); no cell of a ``phone`` photo showed 0.005, and the bright
paper far from a glare spot 0.03 at most. It is judged on the photo as taken: a photo sharpened
by its blur divided out overshoots white paper to 255."""
GLARE_INSET_MM: Final = 3.0
SECOND_LOOK: Final = (
    CascadeStep("cells-10", 10.0),
    CascadeStep("cells-16", 16.0, cubic=True, sharpen=1.0),
    CascadeStep("cells-8", 8.0, cubic=True),
    CascadeStep("cells-20", 20.0, cubic=True, sharpen=2.0),
    CascadeStep("cells-12-smooth", 12.0, cubic=True, denoise=1.0, sharpen=1.5),
    CascadeStep("cells-24-smooth", 24.0, cubic=True, denoise=2.0, sharpen=2.0),
    CascadeStep("cells-12-evened", 12.0, cubic=True, even_mm=3.0),
)
"""The second look at a cell or a prison slot that shows a code's detail, step by step until
one reads: small codes seen from afar need finer resampling, noisy ones smoothing first, and
one crossed by a hard shadow's edge its light evened out."""
DIAGONAL_LOOK: Final = (
    CascadeStep("diagonal-12", 12.0, cubic=True, sharpen=1.0),
    CascadeStep("diagonal-20", 20.0, cubic=True, sharpen=2.0),
    CascadeStep("diagonal-16-smooth", 16.0, cubic=True, denoise=1.5, sharpen=1.5),
)
"""The last looks, through a frame turned by 45°: a small code turned by 45° reads worse than
the same code upright."""
MATCH_AFTER: Final = 2
"""How many steps of :data:`SECOND_LOOK` are tried before a cell's code is matched with the kit's
scout codes (:mod:`companion.grand_jeu.scoutmatch`), the steps after it only when it finds none:
it read no scout wrong where it was measured, and on 20 ``messaging`` photos (dev seeds
71000-71019) matching as the third step rather than after all ten took the median time
per photo from 2.7 s to 1.6 s, reading the same."""
BY_DEGREES: Final = {d.degrees: d for d in DIRECTIONS}


def read_photo(source: Path | str | bytes, *, decoder: str = "zxing") -> GrandJeuReading:
    """Read the grand jeu table in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` when the file is not a readable photo, shows no grand jeu board,
    or a sheet of the board is not in it.
    """
    from companion.load import load_picture

    clock = Clock()
    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    as_taken = picture.gray  # glare is judged on the photo as taken: sharpening overshoots white
    scanned = first_pass(picture.gray, reader, picture.rgb)
    picture = replace(picture, gray=scanned.gray)
    found = sort_codes(read_codes(picture.gray, reader, first=scanned.codes))
    clock.lap("decode")
    kit, size, cell_mm, sheets = locate_board(found, picture.gray, reader, picture.rgb)
    clock.lap("pose")
    table = _Table(kit, size, cell_mm, sheets)
    table.place(found.scouts, "photo")
    first = len(table.scouts) + len(table.prisoners)
    clock.lap("scouts")
    east_looked = table.seen_patrol(Patrol.EAST)
    looked = table.spots_to_look(picture.gray, as_taken)
    extra = _second_look(picture.gray, reader, looked, found, kit)
    table.place(extra, "second look")
    if not east_looked and table.seen_patrol(Patrol.EAST):
        # The second look found the first East scout: East has a prison to look at too.
        late = table.spots_to_look(picture.gray, as_taken, only=Patrol.EAST)
        more = _second_look(picture.gray, reader, late, found, kit)
        table.place(more, "second look")
        looked, extra = looked + late, extra + more
    for spot in looked:
        if not table.holds(spot):
            if spot.cell is not None:
                why = (
                    _(
                        "Glare hides {cell}: shade the table or move the phone, and photograph it"
                        " again."
                    )
                    if spot.glare
                    else _("Something lies on {cell}, but its code could not be read.")
                ).format(cell=cell_name(spot.cell))
            else:
                why = (
                    _(
                        "Glare hides a slot of {patrol}'s prison: shade the table or move the"
                        " phone, and photograph it again."
                    )
                    if spot.glare
                    else _(
                        "Something lies on a slot of {patrol}'s prison, but its code could not be"
                        " read."
                    )
                ).format(patrol=spot.words)
            table.report(spot.cell, why, spot.centre_px())
    clock.lap("second look")
    players = 2 if size == 8 else 4 if table.seen_patrol(Patrol.EAST) else 3
    sentences = [u.reason for u in table.unreadable]
    sentences += table.problems
    sentences += photo_problems(found.foreign, sheets)
    return GrandJeuReading(
        kit=kit,
        size=size,
        cell_mm=cell_mm,
        players=players,
        sheets=tuple(sheets),
        scouts=dict(sorted(table.scouts.items())),
        prisoners=tuple(table.prisoners),
        unreadable=tuple(
            sorted(table.unreadable, key=lambda u: (u.cell is None, u.cell or 0, u.reason))
        ),
        foreign=tuple(found.foreign),
        problems=tuple(sentences),
        photo_size=(picture.width, picture.height),
        decoder=reader.name,
        passes={"photo": first, "tried": len(looked), "second look": len(extra)},
        timings=clock.timings(),
    )


class _Spot:
    """A cell or a prison slot looked at a second time: the sheet it is on, its box in that
    sheet's frame, its cell (``None`` for a prison slot, then ``words`` names the prison's
    patrol), and whether glare hides it rather than a code's detail showing there."""

    def __init__(
        self,
        sheet: SheetReading,
        box: tuple[float, float, float, float],
        cell: int | None,
        words: str,
        glare: bool = False,
    ) -> None:
        self.sheet, self.box, self.cell, self.words = sheet, box, cell, words
        self.glare = glare

    def centre_px(self) -> tuple[float, float]:
        return cell_centre_px(self.sheet.pose.to_photo, self.box)


class _Table:
    """The scouts placed so far on one photo's board and prisons, and what was reported."""

    def __init__(self, kit: str, size: int, cell_mm: float, sheets: list[SheetReading]) -> None:
        self.kit, self.size, self.cell_mm, self.sheets = kit, size, cell_mm, sheets
        self.scouts: dict[int, ScoutReading] = {}
        self.prisoners: list[PrisonerReading] = []
        self.unreadable: list[Unreadable] = []
        self.problems: list[str] = []
        self.covered: set[int] = set()
        self.doubled: set[int] = set()
        self.payloads: dict[str, tuple[float, float]] = {}

    def report(self, c: int | None, reason: str, at: tuple[float, float] | None) -> None:
        if c is not None:
            self.covered.add(c)
        self.unreadable.append(Unreadable(c, reason, at))

    def seen_patrol(self, patrol: Patrol) -> bool:
        return any(s.patrol is patrol for s in self.scouts.values()) or any(
            p.patrol is patrol for p in self.prisoners
        )

    # -- placing codes ------------------------------------------------------------------------

    def place(self, codes: list[tuple[GrandJeuScout, Detection]], stage: str) -> None:
        for item, detection in codes:
            centre = detection.centre
            at = rounded_px(centre)
            patrol = Patrol.parse(item.patrol)
            what = {"patrol": patrol.title, "number": item.number}
            if item.kit != self.kit:
                self.report(
                    self._cell_under(centre),
                    _(
                        "The {patrol} scout {number} belongs to kit {kit}, not to this board's kit"
                        " {board}."
                    ).format(**what, kit=item.kit, board=self.kit),
                    at,
                )
                continue
            text = detection.text
            if text in self.payloads:
                if math.dist(self.payloads[text], at) > 20:
                    self.problems.append(
                        _(
                            "The {patrol} scout {number}'s code is on the table twice; a kit"
                            " prints it once."
                        ).format(**what)
                    )
                continue
            self.payloads[text] = at
            if not self._on_cell(item, patrol, detection, stage, at, what):
                self._in_prison(item, patrol, detection, at, what)

    def _cell_under(self, centre: np.ndarray) -> int | None:
        under = sheet_under(self.sheets, centre)
        if under is None:
            return None
        column, row, _off_x, _off_y = cell_at(*under, self.cell_mm)
        return cell(column, row)

    def _on_cell(
        self,
        item: GrandJeuScout,
        patrol: Patrol,
        detection: Detection,
        stage: str,
        at: tuple[float, float],
        what: dict[str, object],
    ) -> bool:
        """Place a scout on the cell under its code; ``False`` when it is not over the grid."""
        under = sheet_under(self.sheets, detection.centre)
        if under is None:
            return False
        reading, local = under
        column, row, off_x, off_y = cell_at(reading, local, self.cell_mm)
        c = cell(column, row)
        neighbour = across(column, row, off_x, off_y, ACROSS_MM)
        if neighbour is not None:
            other_column, other_row = neighbour
            names = [cell_name(c)]
            if 0 <= other_column < self.size and 0 <= other_row < self.size:
                other = cell(other_column, other_row)
                names.append(cell_name(other))
                self.covered.add(other)
            message = (
                _(
                    "The {patrol} scout {number} lies across {cell} and {other}: push it onto"
                    " one cell."
                )
                if len(names) == 2
                else _("The {patrol} scout {number} lies across {cell}: push it onto one cell.")
            )
            self.report(c, message.format(**what, cell=names[0], other=names[-1]), at)
            return True
        angle = _code_angle(reading.pose.to_board, detection.corners)
        nearest = round(angle / 45.0) % 8 * 45
        off = (angle - nearest + 180.0) % 360.0 - 180.0
        if abs(off) > TURN_TOLERANCE_DEG:
            lower = int(angle // 45) % 8 * 45
            self.report(
                c,
                _(
                    "The {patrol} scout {number} on {cell} is turned between two directions"
                    " ({first} and {second}): turn it to face one of them."
                ).format(
                    **what,
                    cell=cell_name(c),
                    first=BY_DEGREES[lower].value,
                    second=BY_DEGREES[(lower + 45) % 360].value,
                ),
                at,
            )
            return True
        if c in self.scouts or c in self.doubled or c in self.covered:
            self.doubled.add(c)
            self.scouts.pop(c, None)
            self.report(
                c, _("Two scouts lie on {cell}; a cell holds one.").format(cell=cell_name(c)), at
            )
            return True
        self.scouts[c] = ScoutReading(
            detection.text, patrol, item.number, c, BY_DEGREES[nearest], off,
            detection.corners, stage,
        )  # fmt: skip
        return True

    def _in_prison(
        self,
        item: GrandJeuScout,
        patrol: Patrol,
        detection: Detection,
        at: tuple[float, float],
        what: dict[str, object],
    ) -> None:
        for reading in self.sheets:
            local = apply(reading.pose.to_board, detection.centre[None, :])[0]
            for prison in reading.sheet.prisons:
                x, y, w, h = prison.box
                if x <= local[0] < x + w and y <= local[1] < y + h:
                    owner = Patrol.parse(prison.patrol)
                    if owner is not patrol:
                        self.problems.append(
                            _(
                                "The {patrol} scout {number} lies in {owner}'s prison; it was"
                                " counted as a prisoner of {patrol}."
                            ).format(**what, owner=owner.title)
                        )
                    self.prisoners.append(
                        PrisonerReading(detection.text, patrol, item.number, owner,
                                        detection.corners)
                    )  # fmt: skip
                    return
        self.report(
            None,
            _(
                "The {patrol} scout {number} lies off the board and outside every prison: put it"
                " on its cell or in its prison."
            ).format(**what),
            at,
        )

    # -- the second look ---------------------------------------------------------------------

    def holds(self, spot: _Spot) -> bool:
        """Whether a scout was placed, or reported, on ``spot`` by now."""
        if spot.cell is not None:
            return spot.cell in self.scouts or spot.cell in self.covered
        x, y, w, h = spot.box
        known = [p.corners_px.mean(axis=0) for p in self.prisoners] + [
            np.array(u.at_px) for u in self.unreadable if u.at_px is not None and u.cell is None
        ]
        for point in known:
            px, py = apply(spot.sheet.pose.to_board, point[None, :])[0]
            if x <= px < x + w and y <= py < y + h:
                return True
        return False

    def spots_to_look(
        self, gray: np.ndarray, as_taken: np.ndarray, only: Patrol | None = None
    ) -> list[_Spot]:
        """The empty cells and prison slots whose middle shows a code's detail in ``gray`` or
        is hidden by glare in the photo ``as_taken`` (``gray`` before its blur was divided out;
        ``only``: that patrol's prison alone). East's prison is looked at only once an East
        scout was seen: with three patrols the kit prints no prison there."""
        spots = []
        for reading in self.sheets:
            detail = _Detail(gray, as_taken, reading)
            first_column, columns, first_row, rows = reading.sheet.cells
            for column in range(first_column, first_column + columns) if only is None else ():
                for row in range(first_row, first_row + rows):
                    box = reading.sheet.cell_box(column, row)
                    spot = _Spot(reading, box, cell(column, row), "", detail.glared(box))
                    if not self.holds(spot) and (spot.glare or detail.shows_code(box)):
                        spots.append(spot)
            for prison in reading.sheet.prisons:
                patrol = Patrol.parse(prison.patrol)
                if only is not None and patrol is not only:
                    continue
                if patrol is Patrol.EAST and not self.seen_patrol(patrol):
                    continue  # three patrols, or East not seen yet: see read_photo
                for box in prison.slots:
                    spot = _Spot(reading, box, None, patrol.title, detail.glared(box))
                    if not self.holds(spot) and (spot.glare or detail.shows_code(box)):
                        spots.append(spot)
        return spots


class _Detail:
    """One sheet, its cells and its prisons, seen square-on at :data:`DETAIL_PX_PER_MM`, with
    the pixels well darker than their surroundings marked, and those blown out by glare (in
    the photo as taken)."""

    def __init__(self, gray: np.ndarray, as_taken: np.ndarray, reading: SheetReading) -> None:
        sheet = reading.sheet
        boxes = [(0.0, 0.0, sheet.width, sheet.height)] + [p.box for p in sheet.prisons]
        x0 = min(b[0] for b in boxes) - LOOK_MM
        y0 = min(b[1] for b in boxes) - LOOK_MM
        x1 = max(b[0] + b[2] for b in boxes) + LOOK_MM
        y1 = max(b[1] + b[3] for b in boxes) + LOOK_MM
        self.origin = (x0, y0)
        box = (x0, y0, x1 - x0, y1 - y0)
        patch, _to_photo = rectify(gray, reading.pose, box, DETAIL_PX_PER_MM)
        side = round(NEAR_MM * DETAIL_PX_PER_MM) | 1
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        image = patch.astype(np.float32)
        around = cv2.GaussianBlur(image, (0, 0), 1.5 * DETAIL_PX_PER_MM)
        paper = cv2.morphologyEx(cv2.GaussianBlur(image, (0, 0), GRAIN_PX), cv2.MORPH_CLOSE, kernel)
        self.dark = (image < around * 0.8) & (image < paper * 0.8)
        if as_taken is not gray:
            patch, _to_photo = rectify(as_taken, reading.pose, box, DETAIL_PX_PER_MM)
        self.blown = patch >= BLOWN_LEVEL

    def shows_code(self, box: tuple[float, float, float, float]) -> bool:
        """Whether the middle of ``box`` (a cell or a slot) shows the fine dark detail of a
        code."""
        window = self._middle(self.dark, box)
        return window.size > 0 and float(window.mean()) > DETAIL

    def glared(self, box: tuple[float, float, float, float]) -> bool:
        """Whether glare blows out ``box`` (a cell or a slot, :data:`GLARE_SHARE`): what lies
        there cannot be seen."""
        x, y, w, h = box
        inset = GLARE_INSET_MM
        window = self._window(self.blown, (x + inset, y + inset, w - 2 * inset, h - 2 * inset))
        return window.size > 0 and float(window.mean()) > GLARE_SHARE

    def _middle(self, marks: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
        """The :data:`LOOK_MM` square in the middle of ``box`` of the sheet's ``marks``."""
        x, y, w, h = box
        return self._window(marks, (x + (w - LOOK_MM) / 2, y + (h - LOOK_MM) / 2, LOOK_MM, LOOK_MM))

    def _window(self, marks: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
        """The sheet's ``marks`` in ``box`` (sheet mm)."""
        x, y, w, h = box
        k = DETAIL_PX_PER_MM
        left, top = round((x - self.origin[0]) * k), round((y - self.origin[1]) * k)
        return marks[max(top, 0) : top + round(h * k), max(left, 0) : left + round(w * k)]


def _code_angle(to_board: np.ndarray, corners: np.ndarray) -> float:
    """Where the code's top points on the board, in degrees clockwise from north."""
    tl, tr, br, bl = apply(to_board, corners)
    up = (tl + tr) / 2 - (bl + br) / 2
    return math.degrees(math.atan2(float(up[0]), float(-up[1]))) % 360.0


def _second_look(
    gray: np.ndarray, reader: Decoder, spots: list[_Spot], found: Found, kit: str
) -> list[tuple[GrandJeuScout, Detection]]:
    """The scout codes read on ``spots``, each rectified square-on (then turned by 45°, so a
    scout facing a corner of its cell shows its code upright), else matched with every scout
    code of kit ``kit`` (:mod:`companion.grand_jeu.scoutmatch`); codes of no game read there
    are added to ``found``'s."""
    read: list[tuple[GrandJeuScout, Detection]] = []
    for spot in spots:
        x, y, w, h = spot.box
        grow = 2.0
        box = (x - grow, y - grow, w + 2 * grow, h + 2 * grow)
        turned = _turned(spot.sheet.pose, (x + w / 2, y + h / 2))
        looks: list[tuple[CascadeStep | None, BoardPose]] = [
            (step, spot.sheet.pose) for step in SECOND_LOOK[:MATCH_AFTER]
        ]
        looks.append((None, spot.sheet.pose))  # the codebook's turn
        looks += [(step, spot.sheet.pose) for step in SECOND_LOOK[MATCH_AFTER:]]
        looks += [(step, turned) for step in DIAGONAL_LOOK]
        for step, pose in looks:
            if step is None:
                match = match_scout(gray, pose, kit, (x + w / 2, y + h / 2))
                if match is not None:
                    read += sort_codes([match.detection]).scouts
                    break
                continue
            patch, to_photo = step.patch(gray, pose, box)
            more = sort_codes([d.moved(to_photo) for d in reader.read(patch)])
            known = {why for why, _at in found.foreign}
            found.foreign += [f for f in more.foreign if f[0] not in known]
            if more.scouts:
                read += more.scouts
                break
    return read


def _turned(pose: BoardPose, centre: tuple[float, float]) -> BoardPose:
    """``pose`` seen through a frame turned by 45° about ``centre`` (sheet mm)."""
    c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
    cx, cy = centre
    turn = np.array([[c, -s, cx - c * cx + s * cy], [s, c, cy - s * cx - c * cy], [0, 0, 1.0]])
    return BoardPose(
        pose.board_code, pose.to_photo @ turn, np.linalg.inv(turn) @ pose.to_board, (), (), 0.0
    )
