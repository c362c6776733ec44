"""Read a photo of a Stratego table: the board, and each standing piece's army and id on its
cell; never a rank (the photo shows none), never a guess.

:func:`read_photo` runs the pipeline:

1. load the photo and decode every QR code in it (:mod:`companion.decode`): the whole photo, then
   — unless that read every corner code — overlapping windows of it;
2. one homography per board sheet from its corner codes (:mod:`companion.stratego.board`), and
   the same pose lifted to the plane of the pieces' tops, 15 mm over the board;
3. each piece's code to its cell through the lifted pose of the sheet under it. A code whose
   centre is more than :data:`ACROSS_MM` from its cell's centre stands across two cells; two
   codes on one cell, a code off the board, or a code whose army's band looks like the other
   army's are reported with where, and not placed;
4. every other cell but the lakes is looked at on the plane of the tops: where it shows the
   dense edges of a code's modules, both ways (:func:`_shows_code`), a second look rectifies it
   (:mod:`companion.cascade`) and decodes it again; so is a cell whose middle is as dark as a
   code's (:func:`_as_dark_as_a_code`: a blurred or shadowed code shows no sharp edges but stays
   half black all over) — unless, its light evened out, its middle is as light as bare paper
   (:func:`lit_share`: paper in a shadow, not a code) — or which glare blows out
   (:data:`GLARE_SHARE`). The cells looked at again are read with the light evened out and,
   in a dim photo, smoothed against the sensor's noise. What still does not
   read is reported: "something stands on e4, but its code could not be read", "glare hides
   e4"; only a cell that shows none of these is empty. A lake holds no piece by the rules: one
   is reported only when its code reads.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from companion.cascade import EVENED_WHITE, evened
from companion.cascade import Step as CascadeStep
from companion.clock import Clock
from companion.deblur import first_pass
from companion.decode import Decoder, Detection, decoder_named, diagonal_crossing
from companion.load import load_picture
from companion.pose import BoardPose, apply, rounded_px
from companion.sheets import (
    across,
    cell_at,
    cell_centre_px,
    photo_problems,
    sheet_holding,
    sheet_under,
)
from companion.split import step_residual
from companion.stratego.board import Found, locate_board, read_codes, sort_codes
from companion.stratego.piecematch import PrintedKit, match_piece
from companion.stratego.reading import PieceReading, SheetReading, StrategoReading, Unreadable
from patrolkit.games.stratego import COLUMNS, LAKES, SQUARES, Army, square_name
from patrolkit.games.stratego.words import a_piece_of, capitalized
from patrolkit.i18n import _, pgettext
from patrolkit.payload import StrategoPiece
from patrolkit.sizes.stratego import Stratego

ACROSS_MM: Final = 7.5
"""A code centre further than this from its cell's centre (along x or y), a quarter of a cell,
stands across two cells."""
NEAR_MM: Final = 70.0
"""The pieces read within this of a code (on its sheet) show how far the sheet's pose is off
there: a pose fitted to a sheet's corner codes bends with the lens where the photo does not
(a wide-angle lens's barrel distortion put the pieces of one sheet's edge 3 to 8 mm east of
their cells' centres on a development photo)."""
NEAR_PIECES: Final = 3
"""How many pieces read near a code it takes to measure the pose's error there; fewer leave the
code's place as the pose gives it."""
DETAIL: Final = 0.08
"""A cell whose top-plane patch has more than this share of pixels on a sharp edge shows a code.
Measured on phone photos: pieces' codes 0.11 at the least (0.25 for 99 % of them), a neighbour's
wall seen over an empty cell 0.15 at most (0.07 for 95 %), bare cells 0.11 at most."""
EDGE: Final = 0.75
"""A sharp edge: a Sobel gradient over this share of the codes' contrast in the photo (on phone
photos, about 120 for a contrast of 160 grey levels: a step of a fifth of it)."""
EDGE_DEFAULT: Final = 120.0
"""The sharp edge's gradient when no code was read to measure the photo's contrast on."""
BOTH_WAYS: Final = 0.02
"""A code's modules have edges both ways (0.028 of the patch at the least, each way, on phone
photos); a grid line or the seam between two sheets, seen over an empty cell, one way only."""
SPREAD_OUT: Final = 0.3
"""A code's edges run through most of the patch's columns and rows (the share holding two edge
pixels or more: 0.42 at the least for 201 unread codes on shadow, phone, motion and defocus
photos); two grid lines crossing there, or a neighbour's code at its side, through a few (0.19
at the most of 10 such bare cells)."""
INSET_MM: Final = 1.5
"""The patch looked at is the code's area less this on each side, away from the band."""
SECOND_LOOK: Final = (
    CascadeStep("cells-10", 10.0),
    CascadeStep("cells-16", 16.0, cubic=True, sharpen=1.0),
    CascadeStep("cells-10-evened", 10.0, even_mm=4.0),
    CascadeStep("cells-16-denoised", 16.0, cubic=True, denoise=2.0),
    CascadeStep("cells-20-denoised", 20.0, cubic=True, denoise=3.0),
)
"""How a cell that shows a code is read again: square-on at 10 px/mm, then enlarged and
sharpened, then with its light evened out (a hard shadow's edge across the code), then enlarged
and smoothed against a dim photo's sensor noise, more and more. Of the 46 pieces the first
three left unread on 40 low-light photos, 16 px/mm smoothed by 2 px read 13, 20 px/mm smoothed
by 3 px 17."""
DARK: Final = 0.70
"""A cell's middle (a code's area) darker than this share of the white round it holds something:
a code, whose modules are about half black, seen too small, too blurred or too shadowed for
its edges. Codes left unread on phone, hard, missed-focus and shadow photos: 0.66 at the most
(0.55 to 0.63 out of focus); bare cells: 0.94, 0.88 for their 5 % darkest on ``phone``
photos, down to 0.41 under a hard shadow's edge (see :data:`LIGHT_QUARTER`)."""
LIGHT_QUARTER: Final = 0.82
"""A code's darkness fills its whole area: a quarter of it lighter than this share of the white
is bare paper, so a middle dark on one side only (a neighbour's shadow or wall) is not a code.
Every quarter of the unread codes measured on missed-focus, motion, shadow and low-light photos
was 0.77 or darker; the bare cells dark on one side showed 0.81 to 0.94 there. Next to glare
(:data:`WASHED_SHARE`) a code's washed-out quarters look bare, and this does not apply."""
LIT_MM: Final = 18.0
"""A cell's light is its morphological closing over this (:func:`companion.cascade.evened`):
wider than a piece's code (14.7 mm), so the code is filled with the light of the white round
about it and stays as dark as its modules, while a shadow's straight edge, wider than any,
stays where it is and is divided out."""
LIT_PX_PER_MM: Final = 2.0
"""The cell is evened at this resolution: enough for a shadow's edge, and fast."""
LIT_BARE: Final = 0.72
"""A dark round whose code area, its light evened out (:func:`lit_share`), averages more than
this share of the light is bare paper in shade, not a code. Measured on 40 shadow and 40
low-light photos (the same in low ink): the 5,889 pieces' code areas 0.67 at the most (0.65
for 99 %), the bare cells the dark test held, in shade or across a shadow's edge, 0.75 to
0.94; every bare cell 0.72 at the least."""
STEP_FLAT: Final = 0.08
"""A dark round whose code area strays less than this (of the round's white) from two flat
parts split by a straight line is bare paper across a shadow's edge, not a code. Measured on
80 shadow, missed-focus, motion, low-light and phone photos: codes left unread 0.17 at the
least (13), bare cells across a shadow's edge 0.03 to 0.07 (3 of 7 dark rounds; the others,
a neighbour's wall or a lake's edge, stay reported)."""
WASHED: Final = 250
WASHED_SHARE: Final = 0.01
"""A round with more than this share of its pixels at :data:`WASHED` or brighter is washed by
glare round a blown-out spot."""
BLOWN_LEVEL: Final = 254
"""A grey level at or above this is blown out: the light, not the piece, sets it."""
GLARE_SHARE: Final = 0.05
"""A cell whose 20 mm round (on the plane of the tops) has more than this share blown out is
hidden by glare: a code under a glare spot is as white as bare paper, so the cell is reported,
never called empty. Pieces left unread under a glare spot: 0.37 to 0.81; bare cells of
``phone``, shadow and low-light photos: 0.001 at the most. It is judged on the photo as taken:
a photo sharpened by its blur divided out overshoots a piece's white top to 255 (on two
out-of-focus photos, eight pieces were once reported as under glare, and so never matched)."""
BAND_MM: Final = Stratego.PIECE_WIDTH_MM / 2 - Stratego.PIECE_FRAME_MM / 2
"""Half the side of the square along the middle of the army's band round a piece's top."""
BAND_SURE: Final = 25.0
"""How far (in red minus blue, 0–255) the band's mean colour must lean to one army to say it
is that army's."""


def read_photo(
    source: Path | str | bytes,
    *,
    decoder: str = "zxing",
    printed: PrintedKit | None = None,
) -> StrategoReading:
    """Read the Stratego table in the photo ``source`` (a path or the file's bytes); with what
    the kit prints (``printed``, from both armies' secrets), a piece's code the decoder cannot
    read is matched among the kit's pieces (:mod:`companion.stratego.piecematch`), and a board
    none of whose corner codes can be read is looked for by its outline
    (:func:`companion.stratego.board.locate_board`).

    Raises :class:`PhotoError` when the file is not a readable photo, shows no Stratego board,
    or a sheet of the board is not in it.
    """
    clock = Clock()
    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    as_taken = picture.gray  # glare is judged on the photo as taken: sharpening overshoots white
    scanned = first_pass(picture.gray, reader, picture.rgb)
    picture = replace(picture, gray=scanned.gray)
    found = sort_codes(read_codes(picture.gray, reader, first=scanned.codes))
    clock.lap("decode")
    kit, cell_mm, sheets = locate_board(
        found, picture.gray, reader, None if printed is None else printed.kit, picture.rgb
    )
    clock.lap("pose")
    pieces, unreadable, covered = _place(found.pieces, sheets, cell_mm, picture.rgb, "photo")
    anchors = [
        under
        for _item, detection in found.pieces
        if (under := sheet_under(sheets, detection.centre, _from_tops)) is not None
    ]
    clock.lap("cells")
    taken = set(pieces) | covered
    edge = edge_level(picture.gray, sheets, sorted(pieces)[:: max(1, len(pieces) // 12)])
    glared: set[int] = set()
    looked: list[int] = []
    for sq in (sq for sq in range(SQUARES) if sq not in taken and sq not in LAKES):
        round_patch = _round(picture.gray, sheets, sq)
        if _glared(round_patch if as_taken is picture.gray else _round(as_taken, sheets, sq)):
            glared.add(sq)
        if sq in glared or _shows_code(picture.gray, sheets, sq, edge, round_patch):
            looked.append(sq)
    extra = _second_look(picture.gray, reader, sheets, looked, found)
    more, more_problems, _covered = _place(
        extra, sheets, cell_mm, picture.rgb, "second look", anchors
    )
    for sq, piece in more.items():
        if sq not in pieces:
            pieces[sq] = piece
    unreadable += [u for u in more_problems if u.sq not in pieces]
    noted = {u.sq for u in unreadable}
    unread = [sq for sq in looked if sq not in pieces and sq not in noted and sq not in glared]
    matched = _matched(
        picture.gray,
        picture.rgb,
        sheets,
        unread,
        pieces,
        () if printed is None else printed.pieces,
        cell_mm,
    )
    pieces.update(matched)
    for sq in looked:
        if sq not in pieces and sq not in noted:
            why = (
                _("Glare hides {cell}: shade the table or move the phone, and photograph it again.")
                if sq in glared
                else _("Something stands on {cell}, but its code could not be read.")
            ).format(cell=square_name(sq))
            unreadable.append(Unreadable(sq, why, _centre_px(sheets, sq)))
    clock.lap("second look")
    sentences = [u.reason for u in unreadable] + photo_problems(found.foreign, sheets)
    return StrategoReading(
        kit=kit,
        cell_mm=cell_mm,
        sheets=tuple(sheets),
        pieces=pieces,
        unreadable=tuple(sorted(unreadable, key=lambda u: (u.sq is None, u.sq or 0))),
        foreign=tuple(found.foreign),
        problems=tuple(sentences),
        photo_size=(picture.width, picture.height),
        decoder=reader.name,
        passes={
            "photo": len(found.pieces),
            "tried": len(looked),
            "second look": len(more),
            "matched": len(matched),
        },
        timings=clock.timings(),
    )


# -- codes to cells --------------------------------------------------------------------------


def _place(
    codes: list[tuple[StrategoPiece, Detection]],
    sheets: list[SheetReading],
    cell_mm: float,
    rgb: np.ndarray,
    stage: str,
    anchors: Sequence[tuple[SheetReading, np.ndarray]] = (),
) -> tuple[dict[int, PieceReading], list[Unreadable], set[int]]:
    """Each piece's code to its cell, its place corrected by the pose's error there as the
    codes read round it show it (:func:`_corrected`; with the places of codes read before,
    ``anchors``); what stands across cells, off the board, twice on a cell or with a band of
    the other army's colour is reported instead. Also the cells those reports cover."""
    placed: dict[int, PieceReading] = {}
    problems: list[Unreadable] = []
    covered: set[int] = set()
    doubled: set[int] = set()
    unders = [sheet_under(sheets, detection.centre, _from_tops) for _item, detection in codes]
    seen = [u for u in unders if u is not None] + list(anchors)
    for (item, detection), under in zip(codes, unders, strict=True):
        army = Army.RED if item.army == "R" else Army.BLUE
        what = {"piece": capitalized(a_piece_of(army)), "id": item.id}
        at = rounded_px(detection.centre)
        if under is None:
            problems.append(
                Unreadable(
                    None,
                    _("{piece} (id {id}) stands off the board; it was left out.").format(**what),
                    at,
                )
            )
            continue
        reading = under[0]
        column, row, off_x, off_y = cell_at(reading, _corrected(seen, under, cell_mm), cell_mm)
        sq = row * COLUMNS + column
        other = across(column, row, off_x, off_y, ACROSS_MM)
        if other is not None:
            other_column, other_row = other
            cells = square_name(sq)
            covered.add(sq)
            second = None
            if 0 <= other_column < COLUMNS and 0 <= other_row < Stratego.ROWS:
                second = other_row * COLUMNS + other_column
                cells = pgettext("stratego", "{first} and {second}").format(
                    first=cells, second=square_name(second)
                )
                covered.add(second)
            problems.append(
                Unreadable(
                    sq,
                    _("{piece} (id {id}) stands across {cells}: push it onto one cell.").format(
                        cells=cells, **what
                    ),
                    at,
                    second,
                )
            )
            continue
        band = _band_army(rgb, reading, detection)
        if band is not None and band is not army:
            covered.add(sq)
            problems.append(
                Unreadable(
                    sq,
                    (
                        _(
                            "The code on {cell} is a red piece's, but the piece looks blue: check"
                            " it."
                        )
                        if army is Army.RED
                        else _(
                            "The code on {cell} is a blue piece's, but the piece looks red: check"
                            " it."
                        )
                    ).format(cell=square_name(sq)),
                    at,
                )
            )
            continue
        if sq in placed or sq in doubled:
            doubled.add(sq)
            placed.pop(sq, None)
            problems.append(
                Unreadable(
                    sq,
                    _("Two pieces stand on {cell}; a cell holds one.").format(cell=square_name(sq)),
                    at,
                )
            )
            continue
        placed[sq] = PieceReading(detection.text, army, item.id, sq, detection.corners, stage)
    return placed, problems, covered | doubled


def _corrected(
    seen: list[tuple[SheetReading, np.ndarray]],
    code: tuple[SheetReading, np.ndarray],
    cell_mm: float,
) -> np.ndarray:
    """The place of ``code`` on its sheet (mm), less how far the pose puts the pieces round it
    off their cells' centres: the median of the codes ``seen`` on its sheet within
    :data:`NEAR_MM`, itself left out. As the pose gives it with fewer than :data:`NEAR_PIECES`
    of them, or where the correction would take it off its sheet. A piece stands within 1.5 mm
    of its cell's centre, so the median is the pose's error there, and a piece standing across
    two cells among pieces on their cells is still across."""
    reading, local = code
    error = _pose_error(seen, reading, local, cell_mm)
    if error is None:
        return local
    moved = local - error
    inside = 0 <= moved[0] < reading.sheet.width and 0 <= moved[1] < reading.sheet.height
    return np.asarray(moved if inside else local, dtype=float)


def _pose_error(
    seen: Sequence[tuple[SheetReading, np.ndarray]],
    reading: SheetReading,
    at: np.ndarray,
    cell_mm: float,
) -> np.ndarray | None:
    """How far (mm, ``reading``'s frame) its pose puts the pieces round ``at`` off their cells'
    centres: the median over the codes ``seen`` on that sheet within :data:`NEAR_MM`, one at
    ``at`` itself left out; ``None`` with fewer than :data:`NEAR_PIECES` of them."""
    offsets = [
        cell_at(other, place, cell_mm)[2:]
        for other, place in seen
        if other is reading and 0.0 < float(np.linalg.norm(place - at)) <= NEAR_MM
    ]
    if len(offsets) < NEAR_PIECES:
        return None
    return np.asarray(np.median(np.array(offsets), axis=0), dtype=float)


def _band_army(rgb: np.ndarray, reading: SheetReading, detection: Detection) -> Army | None:
    """The army whose colour the band round the code's piece shows (red: solid red; blue:
    blue stripes on white), or ``None`` when it does not lean clearly to one."""
    to_sheet = np.linalg.inv(reading.tops)
    corners = apply(to_sheet, detection.corners)
    centre = corners.mean(axis=0)
    right = (corners[1] - corners[0] + corners[2] - corners[3]) / 2
    down = (corners[3] - corners[0] + corners[2] - corners[1]) / 2
    right /= np.linalg.norm(right)
    down /= np.linalg.norm(down)
    steps = np.linspace(-BAND_MM, BAND_MM, 25)
    points = [centre + s * right + e * BAND_MM * down for s in steps for e in (-1, 1)]
    points += [centre + e * BAND_MM * right + s * down for s in steps for e in (-1, 1)]
    px = np.round(apply(reading.tops, np.array(points))).astype(int)
    height, width = rgb.shape[:2]
    inside = (px[:, 0] >= 0) & (px[:, 0] < width) & (px[:, 1] >= 0) & (px[:, 1] < height)
    if inside.sum() < 20:
        return None
    colours = rgb[px[inside, 1], px[inside, 0]].astype(float)
    lean = float(np.mean(colours[:, 0] - colours[:, 2]))
    if lean > BAND_SURE:
        return Army.RED
    if lean < -BAND_SURE / 2:
        return Army.BLUE
    return None


# -- cells without a code ----------------------------------------------------------------------


def _cell_box(reading: SheetReading, sq: int, grow: float) -> tuple[float, float, float, float]:
    x, y, w, h = reading.sheet.cell_box(sq % COLUMNS, sq // COLUMNS)
    return (x - grow, y - grow, w + 2 * grow, h + 2 * grow)


def _sheet_holding(sheets: list[SheetReading], sq: int) -> SheetReading:
    return sheet_holding(sheets, sq % COLUMNS, sq // COLUMNS)


def _from_tops(reading: SheetReading) -> np.ndarray:
    """The homography from photo px to ``reading``'s frame on the plane of the pieces' tops."""
    return np.asarray(np.linalg.inv(reading.tops))


def _tops_pose(reading: SheetReading) -> BoardPose:
    pose = reading.pose
    return BoardPose(pose.board_code, reading.tops, np.linalg.inv(reading.tops), (), (), 0.0)


def _middle(gray: np.ndarray, sheets: list[SheetReading], sq: int) -> np.ndarray:
    """The middle of cell ``sq`` (a code's area less :data:`INSET_MM` a side) seen on the plane
    of the pieces' tops at 10 px/mm, smoothed by 0.8 px."""
    reading = _sheet_holding(sheets, sq)
    side = Stratego.PIECE_CODE_MM - 2 * INSET_MM
    x, y, w, _height = reading.sheet.cell_box(sq % COLUMNS, sq // COLUMNS)
    box = (x + (w - side) / 2, y + (w - side) / 2, side, side)
    patch, _to_photo = SECOND_LOOK[0].patch(gray, _tops_pose(reading), box)
    return cv2.GaussianBlur(patch, (0, 0), 0.8).astype(np.float32)


def edge_level(gray: np.ndarray, sheets: list[SheetReading], read: list[int]) -> float:
    """What a sharp edge is in this photo: :data:`EDGE` of the contrast (5th to 95th percentile)
    the codes read show, the median over them (:data:`EDGE_DEFAULT` when none was read)."""
    if not read:
        return EDGE_DEFAULT
    spans = [float(np.ptp(np.percentile(_middle(gray, sheets, sq), [5, 95]))) for sq in read]
    return EDGE * float(np.median(spans))


def _shows_code(
    gray: np.ndarray, sheets: list[SheetReading], sq: int, edge: float, round_patch: np.ndarray
) -> bool:
    """Whether the middle of cell ``sq``, seen on the plane of the pieces' tops, shows the dense
    edges of a code's modules, both ways and spread over it (a neighbour's wall seen there has
    few edges, a grid line or a seam edges one way only, two crossing lines edges in a few rows
    and columns, bare paper, a lake or a soft shadow none), or its round
    (``round_patch``, :func:`_round`) is as dark as a code (:data:`DARK`)."""
    smooth = _middle(gray, sheets, sq)
    across, down = cv2.Sobel(smooth, cv2.CV_32F, 1, 0), cv2.Sobel(smooth, cv2.CV_32F, 0, 1)
    dense = float((np.hypot(across, down) > edge).mean()) > DETAIL
    both_ways = min(float((abs(across) > edge).mean()), float((abs(down) > edge).mean()))
    columns = float(((abs(across) > edge).sum(axis=0) >= 2).mean())
    rows = float(((abs(down) > edge).sum(axis=1) >= 2).mean())
    if dense and both_ways > BOTH_WAYS and min(columns, rows) >= SPREAD_OUT:
        return True
    return _as_dark_as_a_code(round_patch) and not _bare_once_lit(gray, sheets, sq)


ROUND_MM: Final = Stratego.PIECE_WIDTH_MM - 2 * Stratego.PIECE_FRAME_MM
"""The side of the white round a piece's code, inside its army's band."""


def _round(gray: np.ndarray, sheets: list[SheetReading], sq: int) -> np.ndarray:
    """The :data:`ROUND_MM` square in the middle of cell ``sq``, on the plane of the tops."""
    reading = _sheet_holding(sheets, sq)
    x, y, w, _height = reading.sheet.cell_box(sq % COLUMNS, sq // COLUMNS)
    box = (x + (w - ROUND_MM) / 2, y + (w - ROUND_MM) / 2, ROUND_MM, ROUND_MM)
    patch, _to_photo = SECOND_LOOK[0].patch(gray, _tops_pose(reading), box)
    return patch


def _as_dark_as_a_code(patch: np.ndarray) -> bool:
    """Whether a cell's round ``patch`` (:func:`_round`) is as dark as a code where a code would
    be: its mean there under :data:`DARK` of the round's white (its 98th percentile), and each
    quarter of it under :data:`LIGHT_QUARTER` unless glare washes the round."""
    m = round((ROUND_MM - Stratego.PIECE_CODE_MM) / 2 * SECOND_LOOK[0].pixels_per_mm)
    white = max(float(np.percentile(patch, 98)), 1.0)
    code = patch[m:-m, m:-m].astype(np.float32) / white
    if float(code.mean()) >= DARK:
        return False
    if float((patch >= WASHED).mean()) > WASHED_SHARE:
        return True
    h, w = code.shape[0] // 2, code.shape[1] // 2
    quarters = (code[:h, :w], code[:h, w:], code[h:, :w], code[h:, w:])
    if max(float(q.mean()) for q in quarters) >= LIGHT_QUARTER:
        return False
    return not _one_step(code)


def _bare_once_lit(gray: np.ndarray, sheets: list[SheetReading], sq: int) -> bool:
    """Whether cell ``sq``, seen on the plane of the tops, is as light as bare paper where a
    code would be once its light is evened out (:func:`lit_share`, :data:`LIT_BARE`): a
    shadow darkens paper, but a code stays half black under any light."""
    reading = _sheet_holding(sheets, sq)
    look = CascadeStep("cells-lit", LIT_PX_PER_MM)
    cell, _to_photo = look.patch(gray, _tops_pose(reading), _cell_box(reading, sq, 0.0))
    return lit_share(cell) > LIT_BARE


def lit_share(cell: np.ndarray) -> float:
    """The mean of a code's area in the middle of ``cell`` (a cell seen at
    :data:`LIT_PX_PER_MM`), its light evened out over :data:`LIT_MM`, as a share of that light:
    about 1 for bare paper in any light, a half for a code's modules."""
    lit = evened(cell, round(LIT_MM * LIT_PX_PER_MM)).astype(np.float32) / EVENED_WHITE
    side = Stratego.PIECE_CODE_MM * LIT_PX_PER_MM
    top, bottom = round((lit.shape[0] - side) / 2), round((lit.shape[0] + side) / 2)
    left, right = round((lit.shape[1] - side) / 2), round((lit.shape[1] + side) / 2)
    return float(lit[top:bottom, left:right].mean())


def _one_step(code: np.ndarray) -> bool:
    """Whether a dark round's code area is bare paper across a shadow's edge: two flat parts
    split by a straight line (:data:`STEP_FLAT`)."""
    half = cv2.resize(code, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    mm = (np.arange(half.shape[0]) + 0.5) / half.shape[0] * Stratego.PIECE_CODE_MM
    u, v = np.meshgrid(mm, mm)
    stray = step_residual(half.ravel(), u.ravel(), v.ravel())
    return stray is not None and stray < STEP_FLAT


def _glared(round_patch: np.ndarray) -> bool:
    """Whether glare blows out a cell's round (:func:`_round`, :data:`GLARE_SHARE`)."""
    return float((round_patch >= BLOWN_LEVEL).mean()) > GLARE_SHARE


def _second_look(
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    cells: list[int],
    found: Found,
) -> list[tuple[StrategoPiece, Detection]]:
    """The piece codes read on ``cells``, each rectified on the plane of the tops; codes of no
    game read there are added to ``found``'s."""
    read: list[tuple[StrategoPiece, Detection]] = []
    for sq in cells:
        reading = _sheet_holding(sheets, sq)
        for step in SECOND_LOOK:
            patch, to_photo = step.patch(gray, _tops_pose(reading), _cell_box(reading, sq, 4.0))
            detections = [d.moved(to_photo) for d in reader.read(patch)]
            more = sort_codes(detections)
            known = {why for why, _at in found.foreign}
            found.foreign += [f for f in more.foreign if f[0] not in known]
            if more.pieces:
                read += more.pieces
                break
    return read


def _matched(
    gray: np.ndarray,
    rgb: np.ndarray,
    sheets: list[SheetReading],
    cells: list[int],
    pieces: dict[int, PieceReading],
    printed: Collection[StrategoPiece],
    cell_mm: float,
) -> dict[int, PieceReading]:
    """The pieces of ``printed`` matched on ``cells`` (:func:`match_piece`), each where its
    band does not show the other army, and no piece on two cells (both stay unread).

    A code is looked for round its cell's centre moved by the pose's error there, as the
    pieces read round it show it (:func:`_pose_error`): a sheet placed from its corner codes
    alone may put its far cells 3 mm off, as far as a piece is looked for. The cells left
    unmatched are tried again with the pieces matched as well, while that matches more; a
    piece matched is then a rival of the others, never matched again."""
    read = {StrategoPiece("R" if p.army is Army.RED else "B", p.id) for p in pieces.values()}
    unread = {piece for piece in printed if piece not in read}
    seen = [place for p in pieces.values() if (place := _placed(sheets, p)) is not None]
    found: dict[int, PieceReading] = {}
    twice: set[StrategoPiece] = set()
    tried: dict[int, np.ndarray] = {}
    while True:
        matched: dict[int, tuple[StrategoPiece, PieceReading]] = {}
        for sq in (sq for sq in cells if sq not in found):
            reading = _sheet_holding(sheets, sq)
            x, y, w, h = reading.sheet.cell_box(sq % COLUMNS, sq // COLUMNS)
            centre = np.array([x + w / 2, y + h / 2])
            error = _pose_error(seen, reading, centre, cell_mm)
            if error is not None:
                centre = centre + error
            if sq in tried and float(np.linalg.norm(tried[sq] - centre)) < 0.5:
                continue
            tried[sq] = centre
            match = match_piece(gray, _tops_pose(reading), tuple(centre), unread, read)
            if match is None:
                continue
            piece, code = match
            army = Army.RED if piece.army == "R" else Army.BLUE
            band = _band_army(rgb, reading, code.detection)
            if band is not None and band is not army:
                continue
            if any(p.id == piece.id for p, _reading in matched.values()):
                twice.add(piece)
            reading_of = PieceReading(
                code.detection.text, army, piece.id, sq, code.detection.corners, "matched"
            )
            matched[sq] = (piece, reading_of)
        if not matched:
            break
        for sq, (piece, reading_of) in matched.items():
            unread.discard(piece)
            read.add(piece)
            if piece in twice:
                continue
            found[sq] = reading_of
            if (place := _placed(sheets, reading_of)) is not None:
                seen.append(place)
    return found


def _placed(
    sheets: list[SheetReading], piece: PieceReading
) -> tuple[SheetReading, np.ndarray] | None:
    """The sheet under ``piece``'s code and its place there, on the plane of the tops."""
    return sheet_under(sheets, diagonal_crossing(piece.corners_px), _from_tops)


def _centre_px(sheets: list[SheetReading], sq: int) -> tuple[float, float]:
    reading = _sheet_holding(sheets, sq)
    return cell_centre_px(reading.tops, reading.sheet.cell_box(sq % COLUMNS, sq // COLUMNS))
