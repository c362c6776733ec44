"""The 12 Patrols region cards: fronts, backs, and the sheets that carry them.

A card is drawn in the *card frame* of :class:`patrolkit.sizes.TwelvePatrols` (mm from its trim's
top-left corner, upright). On the sheets the cards lie on their side, so two fit across a page: the
card's top edge faces the page's right edge (turned 90° clockwise). A front is, from the top down:

* the north edge's requirements on a tab that runs off the card's top edge (the same at the other
  three edges: each edge's requirements sit on a tab against that edge);
* the region's name on a banner;
* a landscape of our own, drawn from the name (plains, canyon, lake…), running into the bleed;
* the QR code, always at :meth:`TwelvePatrols.card_qr_box`, on a white plate;
* the card's number in its deck (bottom left) and the deck's id (bottom right).

Backs are all alike and look the same either way up. With ``duplex`` backs, each card sheet is
followed by a sheet of backs laid out as its mirror image (the printer flips the paper on its long
edge), moved by the player's measured offset. With ``gutter`` backs, each sheet carries the fronts
on its left half and their backs on the right half, mirrored about the fold line between them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Final

from generator import qr
from generator.page import (
    BOLD,
    INK,
    MARGIN_MM,
    SOFT_INK,
    WHITE,
    PieceGrid,
    Sheet,
    crop_marks,
    draw_heading,
    text_width,
)
from generator.twelve_patrols.icons import ICON_MM, draw_row, row_length
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import Card, Deck, Side
from patrolkit.games.twelve_patrols import card_payload as card_code
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import encode
from patrolkit.sizes import QR_ERROR_CORRECTION, TwelvePatrols

WIDTH: Final = TwelvePatrols.CARD_WIDTH_MM
HEIGHT: Final = TwelvePatrols.CARD_HEIGHT_MM
BLEED: Final = TwelvePatrols.CARD_BLEED_MM
GAP_MM: Final = 2 * BLEED
"""Between two cards' trims on a sheet: their bleeds meet, so every cut stays clear of the next
card's picture."""
MARK_CLEAR_MM: Final = 1.5
MARK_LENGTH_MM: Final = 3.2
ROWS: Final = 3
"""Cards down a sheet (on their side, 63 mm tall each)."""
HEADER_MM: Final = 30.0
"""Nothing but the sheet's heading above this line; the cards' trims start lower still."""
FRONT_TURN: Final = 90
"""How the fronts are turned on their sheets, in degrees clockwise: the card's top faces right."""
BACK_TURN: Final = 270
"""The backs are turned the other way, so each back's top lies behind its front's top."""
MAX_OFFSET_MM: Final = 4.0
"""The largest duplex offset accepted on either axis: more would push the backs into the
margin a printer cannot reach (on A4 the backs' bleed is 11 mm from the paper's edges)."""
BACKS: Final = ("duplex", "gutter")
TARGET_MM: Final = 17.0
"""The registration targets' centres are this far from the top and the outer side of the page:
moved by the largest offset they still keep clear of the margins."""

EDGE_INSET_MM: Final = 3.2
"""The requirement icons stay this far inside the trim: a crooked cut never touches them."""
ICON_GAP_MM: Final = 1.6
TAB_PAD_MM: Final = 1.3
TAB_DEPTH_MM: Final = EDGE_INSET_MM + ICON_MM + TAB_PAD_MM
"""How far an edge's tab reaches into the card from its trim edge."""
TAB_FILL: Final = "#FFF7E4"
BANNER: Final = (5.0, 15.4, WIDTH - 10.0, 8.2)
"""The name's banner in the card frame: x, y, width, height."""
NAME_SIZE: Final = 10.5
"""Points; a long name is set smaller to fit its banner."""
QR_BOX: Final = TwelvePatrols.card_qr_box()
QR_QUIET: Final = TwelvePatrols.CARD_QR_QUIET_MODULES * TwelvePatrols.CARD_MODULE_MM
QR_PLATE_MM: Final = 0.4
"""The code's white plate reaches this far past its quiet zone."""

_SIDE_CENTRE: Final = {
    Side.NORTH: (WIDTH / 2, EDGE_INSET_MM + ICON_MM / 2),
    Side.SOUTH: (WIDTH / 2, HEIGHT - EDGE_INSET_MM - ICON_MM / 2),
    Side.WEST: (EDGE_INSET_MM + ICON_MM / 2, HEIGHT / 2),
    Side.EAST: (WIDTH - EDGE_INSET_MM - ICON_MM / 2, HEIGHT / 2),
}
"""Where each edge's row of icons is centred, in the card frame."""

assert BANNER[1] >= TAB_DEPTH_MM + 1.0, "the name's banner runs into the north tab"
assert QR_BOX[1] + QR_BOX[3] + QR_QUIET + QR_PLATE_MM + 1.0 <= HEIGHT - TAB_DEPTH_MM, (
    "the code runs into the south tab"
)
assert QR_BOX[0] - QR_QUIET >= TAB_DEPTH_MM + 3.0, "the code runs into the west tab"


# -- payloads -------------------------------------------------------------------------------------


def card_payload(deck: Deck, number: int) -> str:
    """The QR text of card ``number`` (1..9) of ``deck``: the deck's id, the number, four edges."""
    return encode(card_code(deck, deck.card(number)))


def edge_codes(card: Card) -> dict[str, str]:
    """Each side's requirements as the payload writes them (``-`` for none), by side letter."""
    return {side.value: part for side, part in zip(Side, card.code.split(":"), strict=True)}


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
        raise KitError(f"There is no '{backs}' way to print card backs; choose duplex or gutter.")
    if (
        not isinstance(offset, tuple | list)
        or len(offset) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in offset)
        or not all(math.isfinite(v) for v in offset)
    ):
        raise KitError(f"A duplex offset is two numbers of millimetres (x, y), not {offset!r}.")
    if any(abs(v) > MAX_OFFSET_MM for v in offset):
        raise KitError(
            f"A duplex offset of {offset[0]:g}, {offset[1]:g} mm is more than a printer's"
            f" misalignment; each must be within ±{MAX_OFFSET_MM:g} mm."
        )
    if backs == "gutter" and tuple(offset) != (0.0, 0.0):
        raise KitError("A duplex offset applies to duplex backs only, not to gutter-fold cards.")


def card_grids(width: float, height: float, backs: str, count: int) -> list[PieceGrid]:
    """The grids of card fronts (on their side), one per card sheet, on a ``width`` x ``height``
    page: two columns for duplex backs, one (left of the fold) for gutter-fold backs."""
    columns = 2 if backs == "duplex" else 1
    per_sheet = columns * ROWS
    block = columns * HEIGHT + (columns - 1) * GAP_MM
    left = (width - block) / 2 if backs == "duplex" else width / 2 - BLEED - HEIGHT
    top = max(HEADER_MM, (height - ROWS * WIDTH - (ROWS - 1) * GAP_MM) / 2)
    grids = []
    for start in range(0, count, per_sheet):
        held = min(per_sheet, count - start)
        rows = -(-held // columns)
        grids.append(
            PieceGrid(
                round(left, 3), round(top, 3), columns, rows, held, HEIGHT, WIDTH, GAP_MM, BLEED
            )
        )
    return grids


def mirrored(box: Box, axis: float, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
    """``box`` mirrored about the vertical line ``x = axis``, then moved by ``offset``."""
    return Box(2 * axis - box.x - box.width + offset[0], box.y + offset[1], box.width, box.height)


def card_places(
    width: float, height: float, backs: str, offset: tuple[float, float] = (0.0, 0.0)
) -> list[CardPlace]:
    """Where the nine cards' fronts and backs go on a ``width`` x ``height`` page.

    Duplex: card sheets alternate with back sheets (front sheet ``2k``, back sheet ``2k + 1``), and
    a back is its front mirrored about the page's middle, as the printer flips the paper, then
    moved by ``offset``. Gutter: fronts and backs share a sheet, mirrored about the fold line.
    """
    places = []
    number = 1
    for index, grid in enumerate(card_grids(width, height, backs, 9)):
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
    sheet: Sheet, deck: Deck, backs: str, offset: tuple[float, float], first_sheet: int
) -> list[Item]:
    """Every card sheet from the current page on (which must be sheet ``first_sheet``). Returns the
    manifest items, fronts then backs sheet by sheet. Ends no page after its last one."""
    width, height = sheet.paper.size
    places = card_places(width, height, backs, offset)
    grids = card_grids(width, height, backs, 9)
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
        note = (
            f"Print this sheet and sheet {first + index + 1} double-sided, flipping on the long"
            " edge. Cut along the marks."
        )
    else:
        note = "Fold along the middle line, backs behind fronts, and glue; then cut along the marks"
        note += "."
    draw_heading(sheet, f"12 Patrols — region cards ({number} of {fronts})", note)


def _back_heading(sheet: Sheet, index: int, first: int) -> None:
    title = f"12 Patrols — card backs, the reverse of sheet {first + index - 1}"
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
        "Held against the light, the two target marks cover each other when front and back meet.",
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
    left, top, _, height = grid.area()
    area = (left, top, xs[-1] + BLEED - left, height)
    crop_marks(sheet, xs, ys, area, clear=MARK_CLEAR_MM, length=MARK_LENGTH_MM)
    fold = sheet.paper.width / 2
    for y0 in (top - MARK_CLEAR_MM - MARK_LENGTH_MM - 4.0, top + height + MARK_CLEAR_MM):
        for k in range(3):
            sheet.line(fold, y0 + k * 1.6, fold, y0 + k * 1.6 + 0.9, width=0.25)
    sheet.text(
        fold,
        top - MARK_CLEAR_MM - MARK_LENGTH_MM - 5.0,
        "fold",
        size=6.5,
        fill=SOFT_INK,
        align="centre",
    )


@contextmanager
def card_frame(sheet: Sheet, box: Box, turn: int) -> Iterator[None]:
    """Draw in the card frame of a card whose trim box on the page is ``box``, turned ``turn``
    degrees clockwise (0, 90, 180 or 270)."""
    origin = {
        0: (box.x, box.y),
        90: (box.x + box.width, box.y),
        180: (box.x + box.width, box.y + box.height),
        270: (box.x, box.y + box.height),
    }[turn]
    with (
        sheet.frame(*origin, rotate=turn),
        sheet.clip(-BLEED, -BLEED, WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED),
    ):
        yield


def page_box(card_box: tuple[float, float, float, float], trim: Box, turn: int) -> Box:
    """The page box of ``card_box`` (card frame) on a card whose trim box is ``trim``, turned
    ``turn``."""
    x, y, w, h = card_box
    if turn == 90:
        return Box(trim.x + trim.width - y - h, trim.y + x, h, w)
    if turn == 270:
        return Box(trim.x + y, trim.y + trim.height - x - w, h, w)
    if turn == 180:
        return Box(trim.x + trim.width - x - w, trim.y + trim.height - y - h, w, h)
    return Box(trim.x + x, trim.y + y, w, h)


def draw_front(sheet: Sheet, deck: Deck, number: int, trim: Box) -> Item:
    """Card ``number`` of ``deck``, its trim at ``trim`` on the page (turned :data:`FRONT_TURN`)."""
    card = deck.cards[number - 1]
    with card_frame(sheet, trim, FRONT_TURN):
        record = draw_face(sheet, deck, number)
    qr_card = Box(*QR_BOX)
    return Item(
        id=f"card-{number}",
        role="card",
        sheet=sheet.page,
        cut=trim,
        qr=replace(record, box=page_box(QR_BOX, trim, FRONT_TURN), rotation=FRONT_TURN),
        attrs={
            "deck": deck.id,
            "number": number,
            "name": card.name,
            "code": card.code,
            "edges": edge_codes(card),
            "turn": FRONT_TURN,
            "qr_on_card": {
                "x": qr_card.x,
                "y": qr_card.y,
                "width": qr_card.width,
                "height": qr_card.height,
            },
        },
    )


def draw_face(sheet: Sheet, deck: Deck, number: int) -> QrCode:
    """A card's front in the card frame (bleed included); returns its code's record, card frame."""
    card = deck.cards[number - 1]
    draw_landscape(sheet, card.name, number)
    # A thin light keyline just inside the trim frames the picture.
    sheet.round_rect(2.0, 2.0, WIDTH - 4.0, HEIGHT - 4.0, 2.5, stroke="#FFFFFF", line=0.35)
    _banner(sheet, card.name)
    x, y, side, _ = QR_BOX
    plate = QR_QUIET + QR_PLATE_MM
    sheet.round_rect(
        x - plate,
        y - plate,
        side + 2 * plate,
        side + 2 * plate,
        1.4,
        fill=WHITE,
        stroke=INK,
        line=0.3,
    )
    symbol = qr.symbol(
        card_payload(deck, number),
        version=TwelvePatrols.CARD_QR_VERSION,
        error_correction=QR_ERROR_CORRECTION,
    )
    record = qr.draw(
        sheet,
        symbol,
        x,
        y,
        TwelvePatrols.CARD_MODULE_MM,
        quiet_modules=TwelvePatrols.CARD_QR_QUIET_MODULES,
    )
    for side_name in Side:
        requirements = card.edge(side_name)
        if requirements:
            _tab(sheet, side_name, len(requirements))
            cx, cy = _SIDE_CENTRE[side_name]
            vertical = side_name in (Side.EAST, Side.WEST)
            draw_row(sheet, requirements, cx, cy, ICON_MM, ICON_GAP_MM, vertical=vertical)
    _corner_labels(sheet, deck, number)
    return record


def _tab(sheet: Sheet, side: Side, count: int) -> None:
    """The light tab an edge's icons sit on, running from inside the card off its edge."""
    length = row_length(count, ICON_MM, ICON_GAP_MM) + 2 * TAB_PAD_MM + 1.0
    depth = TAB_DEPTH_MM + BLEED + 3.0  # past the bleed: the clip trims it there
    cx, cy = _SIDE_CENTRE[side]
    if side is Side.NORTH:
        box = (cx - length / 2, TAB_DEPTH_MM - depth, length, depth)
    elif side is Side.SOUTH:
        box = (cx - length / 2, HEIGHT - TAB_DEPTH_MM, length, depth)
    elif side is Side.WEST:
        box = (TAB_DEPTH_MM - depth, cy - length / 2, depth, length)
    else:
        box = (WIDTH - TAB_DEPTH_MM, cy - length / 2, depth, length)
    sheet.round_rect(*box, 2.2, fill=TAB_FILL, stroke=INK, line=0.35)


def _banner(sheet: Sheet, name: str) -> None:
    x, y, w, h = BANNER
    sheet.round_rect(x, y, w, h, 1.6, fill=TAB_FILL, stroke=INK, line=0.35)
    size = NAME_SIZE
    room = w - 4.0
    width = text_width(name, size, BOLD)
    if width > room:
        size *= room / width
    sheet.centred_glyphs(x + w / 2, y + h / 2, name, size=size, font=BOLD)


def _corner_labels(sheet: Sheet, deck: Deck, number: int) -> None:
    """The card's number in its deck (bottom left) and the deck's id (bottom right)."""
    y = HEIGHT - 7.6
    sheet.circle(8.2, y, 3.0, fill=TAB_FILL, stroke=INK, line=0.3)
    sheet.centred_glyphs(8.2, y, str(number), size=8.0, font=BOLD)
    label = deck.id
    w = text_width(label, 6.0, BOLD) + 3.0
    sheet.round_rect(WIDTH - 5.0 - w, y - 2.3, w, 4.6, 1.2, fill=TAB_FILL, stroke=INK, line=0.3)
    sheet.centred_glyphs(WIDTH - 5.0 - w / 2, y, label, size=6.0, font=BOLD)


# -- backs ----------------------------------------------------------------------------------------

BACK_FIELD: Final = "#20304F"
BACK_LINE: Final = "#34507D"
BACK_GOLD: Final = "#D9B65A"


def draw_back(sheet: Sheet, deck: Deck, number: int, trim: Box) -> Item:
    """The back of card ``number``, its trim at ``trim`` on the page (turned :data:`BACK_TURN`)."""
    with card_frame(sheet, trim, BACK_TURN):
        draw_back_face(sheet)
    return Item(
        id=f"card-{number}-back",
        role="card-back",
        sheet=sheet.page,
        cut=trim,
        attrs={"deck": deck.id, "number": number, "turn": BACK_TURN},
    )


def draw_back_face(sheet: Sheet) -> None:
    """The common back in the card frame, the same when turned upside down."""
    sheet.rect(-BLEED, -BLEED, WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED, fill=BACK_FIELD)
    step = 7.0
    for k in range(-14, 16):
        x0 = k * step
        sheet.line(x0, -BLEED, x0 + HEIGHT + 2 * BLEED, HEIGHT + BLEED, stroke=BACK_LINE, width=0.3)
        sheet.line(x0 + HEIGHT + 2 * BLEED, -BLEED, x0, HEIGHT + BLEED, stroke=BACK_LINE, width=0.3)
    sheet.round_rect(3.5, 3.5, WIDTH - 7.0, HEIGHT - 7.0, 3.0, stroke=BACK_GOLD, line=0.6)
    sheet.round_rect(5.0, 5.0, WIDTH - 10.0, HEIGHT - 10.0, 2.2, stroke=BACK_GOLD, line=0.25)
    cx, cy = WIDTH / 2, HEIGHT / 2
    sheet.circle(cx, cy, 19.0, fill=BACK_FIELD, stroke=BACK_GOLD, line=0.6)
    sheet.circle(cx, cy, 16.8, stroke=BACK_GOLD, line=0.25)
    # A compass rose: a long four-point star over a short one turned 45°.
    for radius, inner, turn in ((15.0, 3.0, 0.0), (9.5, 2.2, 45.0)):
        points = []
        for k in range(8):
            angle = math.radians(turn + k * 45.0)
            r = radius if k % 2 == 0 else inner
            points.append((cx + r * math.sin(angle), cy - r * math.cos(angle)))
        sheet.polygons([points], fill=BACK_GOLD, stroke=BACK_FIELD, line=0.3)
    sheet.circle(cx, cy, 5.6, fill=BACK_FIELD, stroke=BACK_GOLD, line=0.5)
    sheet.centred_glyphs(cx, cy, "12", size=10.5, font=BOLD, fill=BACK_GOLD)
    for turn in (0, 180):
        with sheet.frame(cx, cy, rotate=turn):
            sheet.centred_glyphs(0, -31.5, "12 PATROLS", size=11.0, font=BOLD, fill=BACK_GOLD)


# -- landscapes -----------------------------------------------------------------------------------

Painter = Callable[[Sheet, random.Random], None]
_LEFT, _RIGHT, _BOTTOM = -BLEED - 1.0, WIDTH + BLEED + 1.0, HEIGHT + BLEED + 1.0


def _ridge(
    sheet: Sheet,
    rng: random.Random,
    base: float,
    amplitude: float,
    fill: str,
    *,
    waves: int = 3,
    step: float = 1.5,
    shape: Callable[[float], float] | None = None,
) -> list[tuple[float, float]]:
    """Land from a wavy line about ``base`` (card mm, y down) to below the card; returns the
    line."""
    terms = [
        (
            rng.uniform(0.4, 1.0) * amplitude / (k + 1),
            rng.uniform(0.05, 0.12) * (k + 1),
            rng.uniform(0, 2 * math.pi),
        )
        for k in range(waves)
    ]
    top = []
    x = _LEFT
    while x <= _RIGHT + step:
        y = base + sum(a * math.sin(f * x + p) for a, f, p in terms)
        if shape is not None:
            y += shape(x)
        top.append((x, y))
        x += step
    sheet.polygons([[*top, (_RIGHT + step, _BOTTOM), (_LEFT, _BOTTOM)]], fill=fill)
    return top


def _sky(sheet: Sheet, colours: Sequence[str], horizon: float) -> None:
    """Bands of sky from the top of the bleed down to ``horizon``, lightest at the horizon."""
    band = (horizon + BLEED) / len(colours)
    for index, fill in enumerate(colours):
        y = -BLEED + index * band
        sheet.rect(_LEFT, y - 0.05, _RIGHT - _LEFT, band + 0.1 + (horizon - y), fill=fill)


def _sun(sheet: Sheet, x: float, y: float, radius: float, fill: str, halo: str) -> None:
    sheet.circle(x, y, radius * 1.45, fill=halo)
    sheet.circle(x, y, radius, fill=fill)


def _pine(sheet: Sheet, x: float, y: float, height: float, fill: str) -> None:
    """A fir tree standing at ``(x, y)``: three stacked triangles on a short trunk."""
    width = height * 0.5
    sheet.rect(x - height * 0.05, y - height * 0.12, height * 0.1, height * 0.14, fill="#5A3D26")
    for k in range(3):
        base = y - height * (0.1 + 0.26 * k)
        w = width * (1.0 - 0.24 * k)
        sheet.polygons(
            [[(x - w / 2, base), (x + w / 2, base), (x, base - height * 0.42)]], fill=fill
        )


def _height_at(line: Sequence[tuple[float, float]], x: float) -> float:
    """The y of a ridge line at ``x`` (the nearest sampled point)."""
    return min(line, key=lambda p: abs(p[0] - x))[1]


SKIES: Final = (
    ("#9ED3EE", "#B5DEF2", "#CDE8F5"),
    ("#F2C6B4", "#F6D6C6", "#FAE6DA"),
    ("#B9C7E8", "#CBD6EE", "#DDE5F4"),
)
"""Day, dawn and a pale evening: the sky a region is seen under, chosen by its name."""
FIELDS: Final = (
    ("#A9CF8A", "#86BA64", "#6AA24B", "#558C3A"),
    ("#E6CF7E", "#D6B85C", "#C49F45", "#A98A3A"),
    ("#C9C27A", "#A8B067", "#8C9A52", "#6F8442"),
)
"""Green pasture, ripe wheat, late summer: four bands of land, far to near."""


def _plains(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice(SKIES), 38.0)
    _sun(sheet, rng.uniform(12, 50), 30.0, 4.2, "#FFE27A", "#FFF1B8")
    far, middle, near, front = rng.choice(FIELDS)
    _ridge(sheet, rng, 36.0, 2.0, far)
    _ridge(sheet, rng, 42.0, 2.5, middle)
    line = _ridge(sheet, rng, 52.0, 3.0, near)
    for _ in range(rng.randint(1, 3)):
        x = rng.uniform(4, WIDTH - 4)
        _tree(sheet, x, _height_at(line, x) + 1.0, rng.uniform(5.0, 7.0))
    _ridge(sheet, rng, 72.0, 3.0, front)


def _tree(sheet: Sheet, x: float, y: float, height: float) -> None:
    """A round-topped tree standing at ``(x, y)``."""
    sheet.rect(x - height * 0.06, y - height * 0.45, height * 0.12, height * 0.45, fill="#6B4A2E")
    sheet.circle(x, y - height * 0.62, height * 0.32, fill="#4E8A3E")


def _valley(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice(SKIES), 36.0)
    _ridge(sheet, rng, 34.0, 1.5, "#9CC391", shape=lambda x: -0.012 * (x - WIDTH / 2) ** 2)
    _ridge(sheet, rng, 42.0, 1.5, "#7FB06C", shape=lambda x: -0.009 * (x - WIDTH / 2) ** 2)
    _ridge(sheet, rng, 62.0, 2.0, "#5F9848", shape=lambda x: -0.02 * (x - WIDTH / 2) ** 2 + 12)
    # A river winding out of the valley towards the viewer, widening as it comes.
    phase = rng.uniform(0, 2 * math.pi)
    river = []
    for k in range(0, 41):
        t = k / 40
        y = 40.0 + t * (HEIGHT + BLEED - 40.0)
        x = WIDTH / 2 + 8.0 * math.sin(t * 4.5 + phase) * t
        river.append((x, y, 1.2 + 11.0 * t * t))
    left = [(x - w / 2, y) for x, y, w in river]
    right = [(x + w / 2, y) for x, y, w in reversed(river)]
    sheet.polygons([left + right], fill="#6DB3DB")
    for x, y, w in river[8::6]:
        sheet.line(x - w / 4, y, x + w / 5, y, stroke="#A9D5EE", width=0.4, cap=1)


def _canyon(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#F3C98E", "#F7D8A8", "#FAE6C4"), 40.0)
    _sun(sheet, rng.uniform(15, 48), 29.0, 3.6, "#FFF3D6", "#FBE3B6")
    for base, fill, height in (
        (33.0, "#D99567", 9.0),
        (40.0, "#C7774A", 11.0),
        (50.0, "#AE5D35", 12.0),
    ):
        x = _LEFT - rng.uniform(0, 8)
        while x < _RIGHT:
            width = rng.uniform(12, 24)
            top = base - rng.uniform(0.3, 1.0) * height
            slope = rng.uniform(2.0, 4.0)
            sheet.polygons(
                [[(x, _BOTTOM), (x + slope, top), (x + width - slope, top), (x + width, _BOTTOM)]],
                fill=fill,
            )
            sheet.line(
                x + slope, top + 1.6, x + width - slope, top + 1.6, stroke="#8E4A2A", width=0.3
            )
            x += width + rng.uniform(-4, 4)
    _ridge(sheet, rng, 70.0, 2.0, "#C98E55")


def _forest(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#BFE0D2", "#D1E9DE", "#E2F1EA"), 36.0)
    far = _ridge(sheet, rng, 34.0, 2.0, "#6E9E78")
    for _ in range(12):
        x = rng.uniform(_LEFT, _RIGHT)
        _pine(sheet, x, _height_at(far, x) + 1.5, rng.uniform(7, 10), "#4C7F5A")
    near = _ridge(sheet, rng, 46.0, 2.5, "#4F8A4E")
    for _ in range(9):
        x = rng.uniform(_LEFT, _RIGHT)
        _pine(sheet, x, _height_at(near, x) + 2.0, rng.uniform(11, 15), "#2E6340")
    _ridge(sheet, rng, 66.0, 2.5, "#3E7440")


def _mountains(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#B4CDE6", "#C7DAEC", "#DCE7F2"), 40.0)
    x = _LEFT - 6.0
    while x < _RIGHT:
        width = rng.uniform(22, 34)
        peak = rng.uniform(22, 30)
        px = x + width * rng.uniform(0.4, 0.6)
        sheet.polygons([[(x, 50.0), (px, peak), (x + width, 50.0)]], fill="#8793A3")
        cap = 0.3
        sheet.polygons(
            [
                [
                    (px - (px - x) * cap, peak + (50.0 - peak) * cap),
                    (px, peak),
                    (px + (x + width - px) * cap, peak + (50.0 - peak) * cap),
                    (px + 1.0, peak + (50.0 - peak) * cap - 1.5),
                    (px - 1.2, peak + (50.0 - peak) * cap - 0.8),
                ]
            ],
            fill="#F2F7FB",
        )
        x += width * rng.uniform(0.55, 0.8)
    _ridge(sheet, rng, 48.0, 2.0, "#789C6E")
    _ridge(sheet, rng, 64.0, 3.0, "#5E8A55")


def _lake(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#A9D4EE", "#C2E1F3", "#DAEDF8"), 34.0)
    _ridge(sheet, rng, 33.0, 2.5, "#86AE90")
    sheet.rect(_LEFT, 38.0, _RIGHT - _LEFT, 30.0, fill="#5FA3CF")
    for _ in range(10):
        x, y = rng.uniform(0, WIDTH), rng.uniform(40.0, 62.0)
        sheet.line(x, y, x + rng.uniform(4, 9), y, stroke="#9CCBE6", width=0.5, cap=1)
    _ridge(sheet, rng, 40.0, 0.6, "#86AE90", shape=lambda x: 0 if x < 12 or x > 51 else 30)
    _ridge(sheet, rng, 68.0, 2.0, "#7DB263")


def _marsh(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#D2DFC8", "#DEE7D5", "#E9EFE2"), 38.0)
    _ridge(sheet, rng, 37.0, 1.0, "#9AAE78")
    _ridge(sheet, rng, 44.0, 1.2, "#8A9F62")
    for _ in range(7):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(46, 80)
        w = rng.uniform(8, 16)
        sheet.polygons(
            [
                [
                    (x + w / 2 * math.cos(a), y + w / 6 * math.sin(a))
                    for a in (k * math.pi / 10 for k in range(20))
                ]
            ],
            fill="#86B4B0",
        )
    for _ in range(40):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(45, 90)
        h = rng.uniform(3, 6)
        lean = rng.uniform(-1, 1)
        sheet.line(x, y, x + lean, y - h, stroke="#55683A", width=0.35, cap=1)
        if rng.random() < 0.35:
            sheet.line(
                x + lean, y - h, x + lean * 1.1, y - h - 1.4, stroke="#7A4E2C", width=0.8, cap=1
            )


def _coast(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#A1D2F0", "#BCE0F5", "#D6ECF8"), 38.0)
    sheet.rect(_LEFT, 38.0, _RIGHT - _LEFT, _BOTTOM - 38.0, fill="#3E8DC3")
    for _ in range(14):
        x, y = rng.uniform(_LEFT, _RIGHT), rng.uniform(40.0, 85.0)
        sheet.line(x, y, x + rng.uniform(3, 7), y, stroke="#8FC3E6", width=0.45, cap=1)
    side = rng.choice((-1, 1))

    def cliff(x: float) -> float:
        t = (x - WIDTH / 2) * side
        return 60.0 if t < -4 else -0.0

    top = _ridge(sheet, rng, 30.0, 1.5, "#C9B087", shape=cliff)
    _ridge(sheet, rng, 31.5, 1.5, "#7FB463", shape=lambda x: cliff(x) + 0.0)
    for x, y in top[::4]:
        if y < 45:
            sheet.line(x, y + 5, x + 2, y + 9, stroke="#A88F66", width=0.3)
    _sun(sheet, WIDTH / 2 - side * 14, 26.0, 3.4, "#FFF6D5", "#E9F4FA")


def _castle(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, ("#D8C6E6", "#E6D7EE", "#F3E8F3"), 40.0)
    hill = _ridge(sheet, rng, 40.0, 1.0, "#89A873", shape=lambda x: 0.008 * (x - WIDTH / 2) ** 2)
    cx = WIDTH / 2 + rng.uniform(-8, 8)
    base = _height_at(hill, cx) + 1.0
    stone = "#6E6B78"
    sheet.rect(cx - 11, base - 9, 22, 9, fill=stone)
    for tx in (cx - 13, cx + 7):
        sheet.rect(tx, base - 15, 6, 15, fill=stone)
        for k in range(3):
            sheet.rect(tx + k * 2.2, base - 16.4, 1.4, 1.6, fill=stone)
    sheet.rect(cx - 3.5, base - 19, 7, 19, fill="#5F5C69")
    for k in range(3):
        sheet.rect(cx - 3.5 + k * 2.6, base - 20.4, 1.6, 1.6, fill="#5F5C69")
    sheet.line(cx, base - 20.4, cx, base - 25, stroke=INK, width=0.3)
    sheet.polygons([[(cx, base - 25), (cx + 4, base - 24), (cx, base - 23)]], fill="#C8423A")
    sheet.round_rect(cx - 1.6, base - 4.5, 3.2, 4.5, 1.4, fill="#3B2F2A")
    _ridge(sheet, rng, 60.0, 2.5, "#6E9658")


def _moor(sheet: Sheet, rng: random.Random) -> None:
    _sky(sheet, rng.choice((("#C4C9D9", "#D3D7E3", "#E3E5EC"), SKIES[1])), 38.0)
    far, near = rng.choice((("#A2889F", "#8C7089"), ("#B29A7A", "#9A7F5E"), ("#9AA48A", "#7F8C6C")))
    _ridge(sheet, rng, 36.0, 3.0, far)
    _ridge(sheet, rng, 46.0, 3.0, near)
    line = _ridge(sheet, rng, 58.0, 3.0, "#7A8C5A")
    for k in range(5):
        x = 4 + k * 13 + rng.uniform(-2, 2)
        y = _height_at(line, x)
        sheet.polygons(
            [[(x - 2.5, y + 1), (x - 1.8, y - 3.5), (x + 1.6, y - 4.0), (x + 2.6, y + 1)]],
            fill="#9A9A94",
        )
    _ridge(sheet, rng, 74.0, 2.5, "#66784A")


_MOTIFS: Final[tuple[tuple[tuple[str, ...], Painter], ...]] = (
    (("plain", "field", "meadow", "prairie", "steppe", "reach", "common", "rest", "road"), _plains),
    (("valley", "vale", "glen", "dale", "river", "ford", "ferry", "hollow"), _valley),
    (("canyon", "desert", "dune", "mesa", "gorge", "deep", "scar", "scarp"), _canyon),
    (("forest", "wood", "grove", "pine", "glade", "weald", "birche", "fir"), _forest),
    (("mount", "peak", "ridge", "crag", "summit", "pass", "tor", "leap", "fell"), _mountains),
    (("lake", "loch", "mere", "pond", "water"), _lake),
    (("marsh", "fen", "bog", "swamp", "mire"), _marsh),
    (("coast", "shore", "cliff", "bay", "sea", "cove", "isle", "head", "flat", "tide"), _coast),
    (("castle", "keep", "tower", "fort", "citadel", "gate", "abbey"), _castle),
    (("moor", "heath", "hill", "barrow", "down", "march"), _moor),
)
"""The landscapes, each with the words of a region's name that call for it."""


def motif(name: str, number: int) -> Painter:
    """The landscape for a region called ``name``: chosen by its last word that names a kind of
    land (``Blackwater Ford`` is a valley with its river), else by a word hidden in a compound
    (``Saltmarsh``), else by the card's number."""
    words = [w.strip("'").removesuffix("s") for w in name.lower().replace("'s", "").split()]
    for word in reversed(words):
        for keys, painter in _MOTIFS:
            if word in keys:
                return painter
    lowered = name.lower()
    for keys, painter in _MOTIFS:
        if any(key in lowered for key in keys):
            return painter
    return _MOTIFS[(number - 1) % len(_MOTIFS)][1]


def draw_landscape(sheet: Sheet, name: str, number: int) -> None:
    """The card's picture, over the whole card and its bleed; the same name draws the same land."""
    rng = random.Random(f"{name}/{number}")
    sheet.rect(_LEFT, -BLEED - 1.0, _RIGHT - _LEFT, _BOTTOM + BLEED + 1.0, fill="#CFE6F2")
    motif(name, number)(sheet, rng)
