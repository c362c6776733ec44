"""A 12 Patrols card in its own frame, and the QR text its front carries.

A card is drawn in the *card frame* of :class:`patrolkit.sizes.TwelvePatrols` (mm from its trim's
top-left corner, upright). A front is, from the top down:

* the north edge's requirements on a tab that runs off the card's top edge (the same at the other
  three edges: each edge's requirements sit on a tab against that edge);
* the region's name on a banner;
* a landscape of our own, drawn from the name (plains, canyon, lake…), running into the bleed;
* the QR code, always at :meth:`TwelvePatrols.card_qr_box`, on a white plate;
* the card's number in its deck (bottom left) and the deck's id (bottom right).

The back is the same for every card, and the same either way up."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Final

from generator import qr
from generator.page import BOLD, INK, WHITE, Ink, Sheet, text_width
from generator.twelve_patrols.icons import ICON_MM, draw_row, row_length
from generator.twelve_patrols.landscapes import draw_landscape
from patrolkit.games.twelve_patrols import Card, Deck, Side
from patrolkit.games.twelve_patrols import card_payload as card_code
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import encode
from patrolkit.sizes import QR_ERROR_CORRECTION, TwelvePatrols

WIDTH: Final = TwelvePatrols.CARD_WIDTH_MM
HEIGHT: Final = TwelvePatrols.CARD_HEIGHT_MM
BLEED: Final = TwelvePatrols.CARD_BLEED_MM
FRONT_TURN: Final = 90
"""How the fronts are turned on their sheets, in degrees clockwise: the card's top faces right."""
BACK_TURN: Final = 270
"""The backs are turned the other way, so each back's top lies behind its front's top."""

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
    x, y, side, _unused = QR_BOX
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
    """The common back in the card frame, the same when turned upside down; a plain back with
    a thin outline, the rose in outline and the title on a low-ink sheet."""
    if sheet.ink is Ink.LOW:
        _plain_back(sheet)
        return
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
        star = _star(cx, cy, radius, inner, turn)
        sheet.polygons([star], fill=BACK_GOLD, stroke=BACK_FIELD, line=0.3)
    sheet.circle(cx, cy, 5.6, fill=BACK_FIELD, stroke=BACK_GOLD, line=0.5)
    sheet.centred_glyphs(cx, cy, "12", size=10.5, font=BOLD, fill=BACK_GOLD)
    _back_title(sheet, cx, cy, BACK_GOLD)


def _plain_back(sheet: Sheet) -> None:
    """The low-ink back: paper with a thin navy outline inside the trim, the rose's outline and
    the title, the same when turned upside down."""
    sheet.round_rect(3.5, 3.5, WIDTH - 7.0, HEIGHT - 7.0, 3.0, stroke=BACK_FIELD, line=0.4)
    cx, cy = WIDTH / 2, HEIGHT / 2
    sheet.circle(cx, cy, 16.8, stroke=BACK_FIELD, line=0.3)
    sheet.polygons([_star(cx, cy, 15.0, 3.0, 0.0)], fill=None, stroke=BACK_FIELD, line=0.3)
    sheet.circle(cx, cy, 5.6, fill=WHITE, stroke=BACK_FIELD, line=0.3)
    sheet.centred_glyphs(cx, cy, "12", size=10.5, font=BOLD, fill=BACK_FIELD)
    _back_title(sheet, cx, cy, BACK_FIELD)


def _back_title(sheet: Sheet, cx: float, cy: float, fill: str) -> None:
    """The game's title above and below the rose (the same either way up), set smaller if it
    is wider than the card's inner frame."""
    title = _("12 PATROLS")
    size, room = 11.0, WIDTH - 14.0
    if text_width(title, size, BOLD) > room:
        size *= room / text_width(title, size, BOLD)
    for turn in (0, 180):
        with sheet.frame(cx, cy, rotate=turn):
            sheet.centred_glyphs(0, -31.5, title, size=size, font=BOLD, fill=fill)


def _star(
    cx: float, cy: float, radius: float, inner: float, turn: float
) -> list[tuple[float, float]]:
    """A four-point star centred on ``cx``, ``cy``: points ``radius`` out, the notches between
    them ``inner`` out, the first point ``turn`` degrees clockwise from up."""
    points = []
    for k in range(8):
        angle = math.radians(turn + k * 45.0)
        r = radius if k % 2 == 0 else inner
        points.append((cx + r * math.sin(angle), cy - r * math.cos(angle)))
    return points
