"""What goes with the board and the armies: the setup screen, a rank card for each player and each
army's private slip carrying its secret."""

from __future__ import annotations

from typing import Final

from generator import qr
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Ink, Sheet
from generator.stratego.pieces import draw_heading_line
from generator.stratego.symbols import army_band, army_emblem, army_ink, draw_symbol, rank_mark
from patrolkit.games.stratego import CLASSIC_ARMY, HOME_ROWS, TRAINING_ARMY, Army, Rank
from patrolkit.games.stratego.secret import Secret
from patrolkit.manifest import Box, Item
from patrolkit.payload import StrategoSecret, encode
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.stratego import Stratego

TOP: Final = MIN_MARGIN_MM + 7.0
SCREEN_PANEL_MM: Final = 62.0
"""Each face of the screen: a tent of two such faces stands about 58 mm tall on the middle rows."""
CARD_MM: Final = (95.0, 118.0)
SLIP_MM: Final = (95.0, 72.0)
GAP_MM: Final = 6.0
DASH: Final = (2.2 * 2.835, 1.4 * 2.835)

NOTES: Final = {
    Rank.MARSHAL: ("the spy takes it", "if she attacks it"),
    Rank.MINER: ("defuses a bomb", "and takes its cell"),
    Rank.SCOUT: ("runs any distance,", "may attack at the end"),
    Rank.SPY: ("takes the marshal when", "attacking; else loses"),
    Rank.BOMB: ("never moves; beats", "any attacker but a miner"),
    Rank.FLAG: ("never moves;", "take it to win"),
}


def _dashed_rect(sheet: Sheet, x: float, y: float, w: float, h: float) -> None:
    canvas = sheet.canvas
    canvas.saveState()
    canvas.setDash(*DASH)
    sheet.rect(x, y, w, h, stroke=INK, line=0.3)
    canvas.restoreState()


def _fold(sheet: Sheet, x1: float, y1: float, x2: float, y2: float) -> None:
    canvas = sheet.canvas
    canvas.saveState()
    canvas.setDash(0.8 * 2.835, 0.8 * 2.835)
    sheet.line(x1, y1, x2, y2, stroke=SOFT_INK, width=0.2)
    canvas.restoreState()


# -- the setup screen ---------------------------------------------------------------------------


def draw_screen_page(sheet: Sheet, cell_mm: float) -> list[Item]:
    """The two halves of the setup screen, each as long as five cells: cut, fold in the middle
    and stand as a tent across rows 5 and 6, one face towards each player."""
    length = 5 * cell_mm
    height = 2 * SCREEN_PANEL_MM
    draw_heading_line(
        sheet,
        "Stratego — the setup screen: cut out both halves, fold each on its grey line, stand"
        " them end to end across rows 5 and 6.",
    )
    x = (sheet.paper.width - length) / 2
    items = []
    for half in (1, 2):
        y = TOP + (half - 1) * (height + GAP_MM)
        _screen_half(sheet, x, y, length, half)
        items.append(
            Item(
                id=f"screen-{half}",
                role="screen",
                sheet=sheet.page,
                cut=Box(round(x, 4), round(y, 4), length, height),
                attrs={"half": half, "faces": ["red", "blue"]},
            )
        )
    if TOP + 2 * height + GAP_MM > sheet.paper.height - MIN_MARGIN_MM:
        raise ValueError("the screen does not fit the page")
    return items


def _screen_half(sheet: Sheet, x: float, y: float, length: float, half: int) -> None:
    p = SCREEN_PANEL_MM
    # The red face is the lower panel as printed; the blue face is the upper one, upside down,
    # so both read upright once the tent stands.
    _screen_face(sheet, Army.RED, x, y + p, length, half)
    with sheet.frame(x + length, y + p, rotate=180):
        _screen_face(sheet, Army.BLUE, 0, 0, length, half)
    _fold(sheet, x, y + p, x + length, y + p)
    _dashed_rect(sheet, x, y, length, 2 * p)


def _screen_face(sheet: Sheet, army: Army, x: float, y: float, length: float, half: int) -> None:
    """One face, drawn with the fold at its top edge ``y``."""
    p = SCREEN_PANEL_MM
    army_band(sheet, army, x, y + p - 9, length, 9, light=sheet.ink is Ink.LOW)
    rows = HOME_ROWS[army]
    sheet.centred_glyphs(x + length / 2, y + 16, "SETUP SCREEN", size=20, fill=INK)
    sheet.text(
        x + length / 2,
        y + 30,
        f"{army.title.capitalize()}: set up your army on rows {rows[0] + 1} to {rows[-1] + 1},",
        size=9,
        align="centre",
    )
    sheet.text(x + length / 2, y + 35, "every rank face towards you.", size=9, align="centre")
    sheet.text(
        x + length / 2,
        y + 44,
        f"Half {half} of 2 — remove the screen when both armies stand.",
        size=7,
        fill=SOFT_INK,
        align="centre",
    )
    for cx in (x + 12, x + length - 12):
        sheet.circle(cx, y + 16, 5.2, fill=WHITE, stroke=army_ink(army), line=0.4)
        army_emblem(sheet, army, cx, y + 16, 6.0, army_ink(army))


# -- rank cards and private slips ---------------------------------------------------------------


def draw_cards_page(sheet: Sheet, secrets: tuple[Secret, Secret]) -> list[Item]:
    """A rank card for each player and each army's private slip; the slips' items carry no
    payload (a secret never goes into ``kit.json``), only where they are."""
    draw_heading_line(
        sheet,
        "Stratego — rank cards and private slips: each player keeps their own slip, folded shut.",
    )
    (cw, ch), (sw, sh) = CARD_MM, SLIP_MM
    left = (sheet.paper.width - 2 * cw - GAP_MM) / 2
    items = []
    for i, army in enumerate(Army):
        x = left + i * (cw + GAP_MM)
        _rank_card(sheet, army, x, TOP)
        items.append(
            Item(
                id=f"rank-card-{army.title}",
                role="rank-card",
                sheet=sheet.page,
                cut=Box(round(x, 4), TOP, cw, ch),
                attrs={"army": army.title},
            )
        )
    y = TOP + ch + GAP_MM
    for i, secret in enumerate(secrets):
        x = left + i * (sw + GAP_MM)
        _slip(sheet, secret, x, y)
        items.append(
            Item(
                id=f"slip-{secret.army.title}",
                role="secret-slip",
                sheet=sheet.page,
                cut=Box(round(x, 4), round(y, 4), sw, sh),
                attrs={"army": secret.army.title, "secret_file": f"{secret.army.title}.secret"},
            )
        )
    if y + sh > sheet.paper.height - MIN_MARGIN_MM:
        raise ValueError("the rank cards and slips do not fit the page")
    return items


def _rank_card(sheet: Sheet, army: Army, x: float, y: float) -> None:
    w, h = CARD_MM
    _dashed_rect(sheet, x, y, w, h)
    army_band(sheet, army, x, y, w, 4, light=sheet.ink is Ink.LOW)
    sheet.text(x + 4, y + 10.5, f"The ranks — {army.title}", size=10.5, font=BOLD)
    head = y + 16.5
    for label, at in (("rank", 4), ("classic", 38), ("training", 50)):
        sheet.text(x + at, head, label, size=5.6, fill=SOFT_INK)
    sheet.text(x + 64, head, "remember", size=5.6, fill=SOFT_INK)
    row_h = 7.2
    for i, rank in enumerate(Rank):
        ry = head + 2.5 + i * row_h
        if i % 2 == 0:
            sheet.rect(x + 1.5, ry, w - 3, row_h, fill="#F1F1F1")
        mid = ry + row_h / 2
        draw_symbol(sheet, rank, x + 6.5, mid, 2.7)
        sheet.centred_glyphs(x + 14.5, mid, rank_mark(rank), size=9.5)
        sheet.text(x + 19.5, mid + 1.1, rank.title, size=7.2)
        sheet.text(x + 42, mid + 1.1, str(CLASSIC_ARMY.get(rank, 0)), size=7.2, align="right")
        sheet.text(x + 55, mid + 1.1, str(TRAINING_ARMY.get(rank, 0)), size=7.2, align="right")
        note = NOTES.get(rank)
        if note:
            sheet.text(x + 64, mid - 0.6, note[0], size=5.4)
            sheet.text(x + 64, mid + 1.9, note[1], size=5.4)
    foot = head + 2.5 + len(Rank) * row_h + 4.5
    for i, line in enumerate(
        (
            "Higher rank wins an attack; equal ranks both leave.",
            "A winning attacker takes the cell; a winning defender stays.",
        )
    ):
        sheet.text(x + 4, foot + 3.6 * i, line, size=6.6)


def _slip(sheet: Sheet, secret: Secret, x: float, y: float) -> None:
    """Folded on its middle line, printed sides together, the army's pattern covers the code
    and its QR code, so nothing of them shows (nor shows through) on the folded slip."""
    w, h = SLIP_MM
    army = secret.army
    _dashed_rect(sheet, x, y, w, h)
    half = h / 2
    army_band(sheet, army, x, y, w, half, light=sheet.ink is Ink.LOW)
    sheet.round_rect(x + 12, y + 6, w - 24, half - 12, 2.0, fill=WHITE)
    sheet.text(x + w / 2, y + 14, f"{army.title.upper()} — PRIVATE", size=12, font=BOLD,
               align="centre")  # fmt: skip
    sheet.text(x + w / 2, y + 19.5, f"{army.title.capitalize()}'s secret, kit {secret.kit}.",
               size=7, align="centre")  # fmt: skip
    sheet.text(x + w / 2, y + 23.5, "Fold on the dotted line, printed sides", size=6.4,
               align="centre")  # fmt: skip
    sheet.text(x + w / 2, y + 26.5, "together: this half hides the code.", size=6.4,
               align="centre")  # fmt: skip
    _fold(sheet, x, y + half, x + w, y + half)
    symbol = qr.symbol(
        encode(StrategoSecret(secret.code)),
        version=Stratego.SECRET_QR_VERSION,
        error_correction=QR_ERROR_CORRECTION,
    )
    side = symbol.size * Stratego.SECRET_MODULE_MM
    qy = y + half + (half - side) / 2
    qr.draw(sheet, symbol, x + 5, qy, Stratego.SECRET_MODULE_MM, quiet_modules=4.0)
    tx = x + 5 + side + 5
    head, rest = secret.code[:18], secret.code[19:]
    sheet.text(tx, y + half + 9, f"{army.title.capitalize()}'s secret code", size=7, font=BOLD)
    sheet.text(tx, y + half + 16, head, size=9.5, font=BOLD)
    sheet.text(tx, y + half + 21.5, rest, size=9.5, font=BOLD)
    sheet.text(tx, y + half + 28, "The referee asks for it", size=6.2, fill=SOFT_INK)
    sheet.text(tx, y + half + 31, f"(or the file {army.title}.secret).", size=6.2, fill=SOFT_INK)
