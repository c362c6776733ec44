"""The standing pieces: one strip of card each, folded into a closed box that stands on the
table with its rank towards its owner and its id code on top.

A strip, along its length (see :meth:`patrolkit.sizes.stratego.Stratego.panels`):

* the **rank face** — the number (``B``/``F`` for a bomb and the flag), the rank's symbol and
  name, and the army's band at its foot; it hangs from the top towards its owner;
* the **top** — the army's band round a light square holding the id code, upright with its top
  towards the opponent, so the code also says which way the piece faces;
* the **back** — the army's band and emblem only, the same on every piece of the army: all the
  opponent ever sees;
* the **base**, under the box, and the **tongue**, tucked up inside the rank face. No glue.

The pieces of an army are printed in the order of their ids, which are random: nothing in
``kit.json`` (ids, sheets, places) tells a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from generator import qr
from generator.page import BOLD, MIN_MARGIN_MM, SOFT_INK, WHITE, Ink, Sheet, text_width
from generator.stratego.symbols import (
    ARMY_LETTER,
    army_band,
    army_emblem,
    army_ink,
    draw_symbol,
    rank_mark,
)
from patrolkit.games.stratego import Army, Rank
from patrolkit.games.stratego.words import rank_name
from patrolkit.i18n import _, pgettext
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import StrategoPiece, encode
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.stratego import Stratego

OUTLINE_INK: Final = "#6E6E6E"
FOLD_INK: Final = "#9A9A9A"
HEADING_Y: Final = MIN_MARGIN_MM + 3.5
GRID_TOP: Final = MIN_MARGIN_MM + 7.0
FOOT_BAND_MM: Final = 1.8
SYMBOL_X_MM: Final = 17.4
"""The rank symbol's centre across the rank face: its widest symbols (the bomb's fuse, the
colonel's star) end 2.2 mm inside the side's cut."""
SAFE_MM: Final = 2.0
"""Every mark (number, symbol, word) stands at least this far inside the strip's cut; only the
army's bands run to it."""


@dataclass(frozen=True)
class Soldier:
    """One printed piece: its army, its id and its rank (printed on the rank face only)."""

    army: Army
    id: str
    rank: Rank

    @property
    def payload(self) -> str:
        return encode(StrategoPiece(ARMY_LETTER[self.army], self.id))


def per_page(paper_width: float, paper_height: float) -> tuple[int, int]:
    """How many strips a page holds: ``(columns, rows)``."""
    length, width, gap = Stratego.strip_length(), Stratego.PIECE_WIDTH_MM, Stratego.PIECE_GAP_MM
    columns = int((paper_width - 2 * MIN_MARGIN_MM + gap) // (length + gap))
    rows = int((paper_height - MIN_MARGIN_MM - GRID_TOP + gap) // (width + gap))
    return columns, rows


def army_pages(sheet: Sheet, count: int) -> int:
    columns, rows = per_page(*sheet.paper.size)
    return -(-count // (columns * rows))


def draw_army_pages(sheet: Sheet, army: Army, soldiers: Sequence[Soldier]) -> list[Item]:
    """Every piece of ``army`` (in id order), from the current page on; their manifest items."""
    ordered = sorted(soldiers, key=lambda s: s.id)
    columns, rows = per_page(*sheet.paper.size)
    length, width, gap = Stratego.strip_length(), Stratego.PIECE_WIDTH_MM, Stratego.PIECE_GAP_MM
    left = (sheet.paper.width - (columns * (length + gap) - gap)) / 2
    chunk = columns * rows
    pages = [ordered[i : i + chunk] for i in range(0, len(ordered), chunk)]
    items: list[Item] = []
    for number, page in enumerate(pages, start=1):
        if number > 1:
            sheet.next_page()
        title = (
            _(
                "Stratego — the red army, sheet {number} of {count}: cut out each strip, fold the"
                " grey lines printed side out, tuck the tongue in."
            )
            if army is Army.RED
            else _(
                "Stratego — the blue army, sheet {number} of {count}: cut out each strip, fold"
                " the grey lines printed side out, tuck the tongue in."
            )
        ).format(number=number, count=len(pages))
        draw_heading_line(sheet, title)
        for index, soldier in enumerate(page):
            row, column = divmod(index, columns)
            x = left + column * (length + gap)
            y = GRID_TOP + row * (width + gap)
            items.append(draw_strip(sheet, soldier, x, y))
    return items


def draw_heading_line(sheet: Sheet, text: str) -> None:
    """A one-line heading in the page's top margin, so the pieces get the rest of the page."""
    if text_width(text, 7.6, BOLD) > sheet.paper.width - 2 * MIN_MARGIN_MM:
        raise ValueError(f"the heading '{text}' is wider than the page")
    sheet.text(MIN_MARGIN_MM, HEADING_Y, text, size=7.6, font=BOLD)


def draw_strip(sheet: Sheet, soldier: Soldier, x: float, y: float) -> Item:
    """One piece's strip with its top-left corner at page ``(x, y)``; its manifest item."""
    h, d, w = Stratego.PIECE_HEIGHT_MM, Stratego.PIECE_DEPTH_MM, Stratego.PIECE_WIDTH_MM
    panels = {name: (start, size) for name, start, size in Stratego.panels()}
    with sheet.frame(x + h, y, rotate=90):
        _rank_face(sheet, soldier)
    with sheet.frame(x + h + d, y, rotate=90):
        record = _top(sheet, soldier)
    back_x, back_len = panels["back"]
    light = sheet.ink is Ink.LOW
    army_band(sheet, soldier.army, x + back_x, y, back_len, w, light=light)
    cx, cy = x + back_x + back_len / 2, y + w / 2
    sheet.circle(cx, cy, 4.2, fill=WHITE)
    army_emblem(sheet, soldier.army, cx, cy, 6.0, army_ink(soldier.army))
    base_x, base_len = panels["base"]
    tongue_x, tongue_len = panels["tongue"]
    room = w - 2 * SAFE_MM - 0.4
    with sheet.frame(x + base_x + base_len / 2, y + w / 2, rotate=90):
        base = _("BASE — under the piece")
        sheet.centred_glyphs(0, 0, base, size=fitted(base, 4.6, BOLD, room), fill=SOFT_INK)
    with sheet.frame(x + tongue_x + tongue_len / 2, y + w / 2, rotate=90):
        tuck, face = _("TUCK INSIDE"), pgettext("stratego tongue", "the rank face")
        sheet.centred_glyphs(0, -1.2, tuck, size=fitted(tuck, 4.4, BOLD, room), fill=SOFT_INK)
        sheet.centred_glyphs(0, 1.6, face, size=fitted(face, 4.4, BOLD, room), fill=SOFT_INK)
    canvas = sheet.canvas
    canvas.saveState()
    canvas.setDash(0.8 * 2.835, 0.8 * 2.835)
    for name in ("top", "back", "base", "tongue"):
        fold = x + panels[name][0]
        sheet.line(fold, y, fold, y + w, stroke=FOLD_INK, width=0.15)
    canvas.restoreState()
    length = Stratego.strip_length()
    sheet.rect(x, y, length, w, stroke=OUTLINE_INK, line=0.15)
    # The code was drawn turned 90° clockwise: its box on the page, from the top's frame.
    a, b, side = record.box.x, record.box.y, record.box.width
    ox, oy = x + h + d, y
    page_box = Box(round(ox - b - side, 4), round(oy + a, 4), side, side)
    code = QrCode(
        payload=record.payload,
        box=page_box,
        modules=record.modules,
        module_mm=record.module_mm,
        error_correction=record.error_correction,
        quiet_modules=record.quiet_modules,
        rotation=90,
    )
    return Item(
        id=f"{soldier.army.title}-{soldier.id}",
        role="piece",
        sheet=sheet.page,
        cut=Box(round(x, 4), round(y, 4), length, w),
        qr=code,
        attrs={
            "army": soldier.army.title,
            "id": soldier.id,
            "panels": {name: [start, size] for name, (start, size) in panels.items()},
        },
    )


def _rank_face(sheet: Sheet, soldier: Soldier) -> None:
    """The rank face in its own frame: width across, height from the fold (top) down."""
    w, h = Stratego.PIECE_WIDTH_MM, Stratego.PIECE_HEIGHT_MM
    light = sheet.ink is Ink.LOW
    army_band(sheet, soldier.army, 0, h - FOOT_BAND_MM, w, FOOT_BAND_MM, light=light)
    mark = rank_mark(soldier.rank)
    size = 21.0 if len(mark) == 1 else 19.0
    sheet.text(7.0, 9.6, mark, size=size, font=BOLD, align="centre")
    draw_symbol(sheet, soldier.rank, SYMBOL_X_MM, 5.6, 3.8)
    # The rank's name under its symbol, moved left as far as a long name needs to keep clear of
    # the side's cut.
    title = rank_name(soldier.rank)
    half = text_width(title, 4.6, BOLD) / 2
    centre = min(SYMBOL_X_MM, w - SAFE_MM - 0.2 - half)
    sheet.text(centre, 12.2, title, size=4.6, font=BOLD, align="centre")


def fitted(text: str, size: float, font: str, room: float) -> float:
    """``size``, or smaller so that ``text`` is at most ``room`` mm wide."""
    return min(size, size * room / text_width(text, size, font))


def _top(sheet: Sheet, soldier: Soldier) -> QrCode:
    """The top in its own frame (upright = towards the opponent): band, light square, code."""
    w, d = Stratego.PIECE_WIDTH_MM, Stratego.PIECE_DEPTH_MM
    frame = Stratego.PIECE_FRAME_MM
    army_band(sheet, soldier.army, 0, 0, w, d)
    side = Stratego.PIECE_CODE_MM
    quiet = (w - 2 * frame - side) / 2 / Stratego.PIECE_MODULE_MM
    symbol = qr.symbol(
        soldier.payload, version=Stratego.PIECE_QR_VERSION, error_correction=QR_ERROR_CORRECTION
    )
    return qr.draw(
        sheet,
        symbol,
        (w - side) / 2,
        (d - side) / 2,
        Stratego.PIECE_MODULE_MM,
        quiet_modules=round(quiet, 4),
    )
