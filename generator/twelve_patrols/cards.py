"""The sheets that carry 12 Patrols' region cards: where each card's front and back go, and the
sheets drawn with their headings, crop marks and registration targets.

On the sheets the cards lie on their side, so two fit across a page: the card's top edge faces the
page's right edge (turned 90° clockwise); :mod:`generator.twelve_patrols.card_faces` draws each
card. Backs are all alike and look the same either way up. With ``duplex`` backs, each card sheet
is followed by a sheet of backs laid out as its mirror image (the printer flips the paper on its
long edge), moved by the player's measured offset. With ``gutter`` backs, each sheet carries the
fronts on its left half and their backs on the right half, mirrored about the fold line between
them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from generator.page import BOLD, INK, MARGIN_MM, SOFT_INK, Sheet
from generator.pieces import PieceGrid, crop_marks, draw_heading
from generator.twelve_patrols.card_faces import BLEED, HEIGHT, WIDTH, draw_back, draw_front
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import Deck
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item

GAP_MM: Final = 2 * BLEED
"""Between two cards' trims on a sheet: their bleeds meet, so every cut stays clear of the next
card's picture."""
MARK_CLEAR_MM: Final = 1.5
MARK_LENGTH_MM: Final = 3.2
ROWS: Final = 3
"""Cards down a sheet (on their side, 63 mm tall each)."""
HEADER_MM: Final = 30.0
"""Nothing but the sheet's heading above this line; the cards' trims start lower still."""
MAX_OFFSET_MM: Final = 4.0
"""The largest duplex offset accepted on either axis: more would push the backs into the
margin a printer cannot reach (on A4 the backs' bleed is 11 mm from the paper's edges)."""
BACKS: Final = ("duplex", "gutter")
TARGET_MM: Final = 17.0
"""The registration targets' centres are this far from the top and the outer side of the page:
moved by the largest offset they still keep clear of the margins."""


# -- where the cards go ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CardPlace:
    """Where card ``number`` (1..9) is printed: its front's and its back's trim boxes (page mm)
    and their sheets, counted from the first card sheet (0)."""

    number: int
    front_sheet: int
    front: Box
    back_sheet: int
    back: Box


def check_options(backs: str, offset: tuple[float, float]) -> None:
    """Raise :class:`KitError` unless ``backs`` and the duplex ``offset`` can be printed."""
    if backs not in BACKS:
        raise KitError(
            _("There is no '{backs}' way to print card backs; choose duplex or gutter.").format(
                backs=backs
            )
        )
    if (
        not isinstance(offset, tuple | list)
        or len(offset) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in offset)
        or not all(math.isfinite(v) for v in offset)
    ):
        raise KitError(
            _("A duplex offset is two numbers of millimetres (x, y), not {offset!r}.").format(
                offset=offset
            )
        )
    if any(abs(v) > MAX_OFFSET_MM for v in offset):
        raise KitError(
            _(
                "A duplex offset of {x:g}, {y:g} mm is more than a printer's misalignment; each"
                " must be within ±{most:g} mm."
            ).format(x=offset[0], y=offset[1], most=MAX_OFFSET_MM)
        )
    if backs == "gutter" and tuple(offset) != (0.0, 0.0):
        raise KitError(_("A duplex offset applies to duplex backs only, not to gutter-fold cards."))


def card_grids(
    width: float, height: float, backs: str, count: int, *, lift_last: bool = False
) -> list[PieceGrid]:
    """The grids of card fronts (on their side), one per card sheet, on a ``width`` x ``height``
    page: two columns for duplex backs, one (left of the fold) for gutter-fold backs. With
    ``lift_last`` a last sheet that is not full starts right under its heading, to leave the
    foot of the sheet free for other pieces."""
    columns = 2 if backs == "duplex" else 1
    per_sheet = columns * ROWS
    block = columns * HEIGHT + (columns - 1) * GAP_MM
    left = (width - block) / 2 if backs == "duplex" else width / 2 - BLEED - HEIGHT
    centred = max(HEADER_MM, (height - ROWS * WIDTH - (ROWS - 1) * GAP_MM) / 2)
    grids = []
    for start in range(0, count, per_sheet):
        held = min(per_sheet, count - start)
        rows = -(-held // columns)
        top = HEADER_MM if lift_last and held < per_sheet else centred
        grids.append(
            PieceGrid(
                round(left, 3), round(top, 3), columns, rows, held, HEIGHT, WIDTH, GAP_MM, BLEED
            )
        )
    return grids


def spare_top(width: float, height: float, backs: str) -> float | None:
    """Where the free foot of the last card-front sheet starts (below its cards' crop marks,
    the cards lifted under the heading), if that sheet is not full and its back is a sheet of
    card backs alone (duplex): other pieces may go there, with nothing printed behind them."""
    foot = free_foot(width, height, backs)
    return None if foot is None else foot.below_marks


@dataclass(frozen=True)
class Foot:
    """The free foot of the last card-front sheet (duplex backs, its cards lifted under the
    heading), for pieces that have nothing printed behind them: ``top``, the highest a piece may
    reach (:data:`BEHIND_CLEAR_MM` below the cards' block); ``below_marks``, where the crop marks
    below the block end; ``marks``, every crop mark's box ``(left, top, right, bottom)``."""

    top: float
    below_marks: float
    marks: tuple[tuple[float, float, float, float], ...]


BEHIND_CLEAR_MM: Final = MAX_OFFSET_MM + 1.0
"""A piece in the foot of the last card sheet starts this far below the cards' block (bleed
included): the backs behind the block, moved by the largest duplex offset, stay clear of it with
1 mm to spare for what the printer misses after the offset."""
_MARK_WIDTH_MM: Final = 0.2


def free_foot(width: float, height: float, backs: str) -> Foot | None:
    """The free foot of the last card-front sheet on a ``width`` x ``height`` page (see
    :class:`Foot`); ``None`` with gutter backs (every sheet holds backs beside its fronts) or if
    the last sheet is full."""
    if backs != "duplex":
        return None
    last = card_grids(width, height, backs, 9, lift_last=True)[-1]
    if last.count == last.columns * ROWS:
        return None
    left, top, block_width, block = last.area()
    right, bottom = left + block_width, top + block
    xs, ys = last.cuts()
    half = _MARK_WIDTH_MM / 2
    near, far = MARK_CLEAR_MM, MARK_CLEAR_MM + MARK_LENGTH_MM
    marks = [
        *((x - half, top - far, x + half, top - near) for x in xs),
        *((x - half, bottom + near, x + half, bottom + far) for x in xs),
        *((left - far, y - half, left - near, y + half) for y in ys),
        *((right + near, y - half, right + far, y + half) for y in ys),
    ]
    return Foot(bottom + BEHIND_CLEAR_MM, bottom + far, tuple(marks))


def mirrored(box: Box, axis: float, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """``box`` mirrored about the vertical line ``x = axis``, then moved by ``offset``."""
    return Box(2 * axis - box.x - box.width + offset[0], box.y + offset[1], box.width, box.height)


def card_places(
    width: float,
    height: float,
    backs: str,
    offset: tuple[float, float] = (0.0, 0.0),
    *,
    lift_last: bool = False,
) -> list[CardPlace]:
    """Where the nine cards' fronts and backs go on a ``width`` x ``height`` page.

    Duplex: card sheets alternate with back sheets (front sheet ``2k``, back sheet ``2k + 1``), and
    a back is its front mirrored about the page's middle, as the printer flips the paper, then
    moved by ``offset``. Gutter: fronts and backs share a sheet, mirrored about the fold line.
    """
    places = []
    number = 1
    for index, grid in enumerate(card_grids(width, height, backs, 9, lift_last=lift_last)):
        for slot in range(grid.count):
            front = Box(*grid.trim(slot), HEIGHT, WIDTH)
            if backs == "duplex":
                back_sheet, back = 2 * index + 1, mirrored(front, width / 2, offset)
                front_sheet = 2 * index
            else:
                front_sheet = back_sheet = index
                back = mirrored(front, width / 2)
            places.append(CardPlace(number, front_sheet, front, back_sheet, back))
            number += 1
    return places


def card_sheets(backs: str) -> int:
    """How many sheets the cards take (they are the same on A4 and Letter)."""
    return 4 if backs == "duplex" else 3


# -- drawing the sheets ---------------------------------------------------------------------------


def draw_card_sheets(
    sheet: Sheet,
    deck: Deck,
    backs: str,
    offset: tuple[float, float],
    first_sheet: int,
    spare: Callable[[Sheet], list[Item]] | None = None,
) -> list[Item]:
    """Every card sheet from the current page on (which must be sheet ``first_sheet``). Returns the
    manifest items, fronts then backs sheet by sheet. ``spare`` draws other pieces in the free
    foot of the last front sheet (see :func:`free_foot`; the cards are lifted for it). Ends no
    page after its last one."""
    width, height = sheet.paper.size
    lift = spare is not None
    places = card_places(width, height, backs, offset, lift_last=lift)
    grids = card_grids(width, height, backs, 9, lift_last=lift)
    count = card_sheets(backs)
    items: list[Item] = []
    for index in range(count):
        if index:
            sheet.next_page()
        on_front = [p for p in places if p.front_sheet == index]
        on_back = [p for p in places if p.back_sheet == index]
        if on_front:
            grid = grids[index if backs == "gutter" else index // 2]
            _front_heading(sheet, backs, index, count, first_sheet)
            for place in on_front:
                items.append(draw_front(sheet, deck, place.number, place.front))
            if backs == "duplex":
                grid.crop_marks(sheet, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
                _target(sheet, width - TARGET_MM, TARGET_MM)
                if spare is not None and index == 2 * (len(grids) - 1):
                    items += spare(sheet)
            else:
                _gutter_marks(sheet, grid, [p.back for p in on_back])
        if backs == "duplex" and on_back:
            _back_heading(sheet, index, first_sheet)
            _target(sheet, TARGET_MM + offset[0], TARGET_MM + offset[1])
        for place in on_back:
            items.append(draw_back(sheet, deck, place.number, place.back))
    return items


def _front_heading(sheet: Sheet, backs: str, index: int, count: int, first: int) -> None:
    fronts = count // 2 if backs == "duplex" else count
    number = index // 2 + 1 if backs == "duplex" else index + 1
    if backs == "duplex":
        note = _(
            "Print this sheet and sheet {sheet} double-sided, flipping on the long edge. Cut"
            " along the marks."
        ).format(sheet=first + index + 1)
    else:
        note = _(
            "Fold along the middle line, backs behind fronts, and glue; then cut along the marks."
        )
    draw_heading(
        sheet,
        _("12 Patrols — region cards ({number} of {count})").format(number=number, count=fronts),
        note,
    )


def _back_heading(sheet: Sheet, index: int, first: int) -> None:
    title = _("12 Patrols — card backs, the reverse of sheet {sheet}").format(
        sheet=first + index - 1
    )
    sheet.text(
        sheet.paper.width - MARGIN_MM - 14.0,
        MARGIN_MM + 6.0,
        title,
        size=9.0,
        font=BOLD,
        align="right",
    )
    sheet.text(
        sheet.paper.width - MARGIN_MM - 14.0,
        MARGIN_MM + 11.0,
        _(
            "Held against the light, the two target marks cover each other when front and back"
            " meet."
        ),
        size=7.0,
        fill=SOFT_INK,
        align="right",
    )


def _target(sheet: Sheet, x: float, y: float) -> None:
    """A registration target: a ring and a cross. The fronts' and backs' targets are mirror images
    of each other's place, so they coincide when the sheet is held against the light."""
    sheet.circle(x, y, 2.6, stroke=INK, line=0.25)
    sheet.line(x - 4.2, y, x + 4.2, y, width=0.25)
    sheet.line(x, y - 4.2, x, y + 4.2, width=0.25)


def _gutter_marks(sheet: Sheet, grid: PieceGrid, backs: Sequence[Box]) -> None:
    """Cut marks for the fronts and the backs of a gutter-fold sheet, and the fold line's marks."""
    xs, ys = grid.cuts()
    xs = sorted({*xs, *(b.x for b in backs), *(b.x + b.width for b in backs)})
    left, top, _unused, height = grid.area()
    area = (left, top, xs[-1] + BLEED - left, height)
    crop_marks(sheet, xs, ys, area, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    fold = sheet.paper.width / 2
    for y0 in (top - MARK_CLEAR_MM - MARK_LENGTH_MM - 4.0, top + height + MARK_CLEAR_MM):
        for k in range(3):
            sheet.line(fold, y0 + k * 1.6, fold, y0 + k * 1.6 + 0.9, width=0.25)
    sheet.text(
        fold,
        top - MARK_CLEAR_MM - MARK_LENGTH_MM - 5.0,
        _("fold"),
        size=6.5,
        fill=SOFT_INK,
        align="centre",
    )
