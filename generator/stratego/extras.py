"""What goes with the board and the armies: the setup screen, a rank card for each player and each
army's private slip carrying its secret."""

from __future__ import annotations

from typing import Final

from generator import qr
from generator.page import (
    BOLD,
    FONT,
    INK,
    MIN_MARGIN_MM,
    SOFT_INK,
    WHITE,
    Ink,
    Sheet,
    text_width,
)
from generator.stratego.lines import fitted_lines
from generator.stratego.pieces import draw_heading_line
from generator.stratego.symbols import army_band, army_emblem, army_ink, draw_symbol, rank_mark
from patrolkit.games.stratego import CLASSIC_ARMY, HOME_ROWS, TRAINING_ARMY, Army, Rank
from patrolkit.games.stratego.secret import Secret
from patrolkit.games.stratego.words import capitalized, player, rank_name
from patrolkit.i18n import _, pgettext
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


def notes() -> dict[Rank, str]:
    """What a rank card reminds of a rank, for the ranks that break the plain order."""
    return {
        Rank.MARSHAL: _("the spy takes it if she attacks it"),
        Rank.MINER: _("defuses a bomb and takes its cell"),
        Rank.SCOUT: _("runs any distance, may attack at the end"),
        Rank.SPY: _("takes the marshal when attacking; else loses"),
        Rank.BOMB: _("never moves; beats any attacker but a miner"),
        Rank.FLAG: _("never moves; take it to win"),
    }


def _check_width(text: str, size: float, width: float, font: str = FONT) -> None:
    if text_width(text, size, font) > width:
        raise ValueError(f"'{text}' is wider than its {width:g} mm")


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
        _(
            "Stratego — the setup screen: cut out both halves, fold each on its grey line, stand"
            " them end to end across rows 5 and 6."
        ),
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
    title = _("SETUP SCREEN")
    _check_width(title, 20, length - 2 * 18, BOLD)
    sheet.centred_glyphs(x + length / 2, y + 16, title, size=20, fill=INK)
    said = _(
        "{army}: set up your army on rows {first} to {last}, every rank face towards you."
    ).format(army=capitalized(player(army)), first=rows[0] + 1, last=rows[-1] + 1)
    for i, line in enumerate(
        fitted_lines(said, 9, length - 8, 2, "the screen's words", balanced=True)
    ):
        sheet.text(x + length / 2, y + 30 + 5 * i, line, size=9, align="centre")
    foot = _("Half {half} of 2 — remove the screen when both armies stand.").format(half=half)
    _check_width(foot, 7, length - 8)
    sheet.text(x + length / 2, y + 44, foot, size=7, fill=SOFT_INK, align="centre")
    for cx in (x + 12, x + length - 12):
        sheet.circle(cx, y + 16, 5.2, fill=WHITE, stroke=army_ink(army), line=0.4)
        army_emblem(sheet, army, cx, y + 16, 6.0, army_ink(army))


# -- rank cards and private slips ---------------------------------------------------------------


def draw_cards_page(sheet: Sheet, secrets: tuple[Secret, Secret]) -> list[Item]:
    """A rank card for each player and each army's private slip; the slips' items carry no
    payload (a secret never goes into ``kit.json``), only where they are."""
    draw_heading_line(
        sheet,
        _(
            "Stratego — rank cards and private slips: each player keeps their own slip, folded"
            " shut."
        ),
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
    title = _("The ranks — red") if army is Army.RED else _("The ranks — blue")
    _check_width(title, 10.5, w - 8, BOLD)
    sheet.text(x + 4, y + 10.5, title, size=10.5, font=BOLD)
    head = y + 16.5
    columns = (
        (pgettext("stratego card", "rank"), 4, 30),
        (pgettext("stratego card", "classic"), 38, 11),
        (pgettext("stratego card", "training"), 50, 13),
        (pgettext("stratego card", "remember"), 64, w - 66),
    )
    for label, at, room in columns:
        _check_width(label, 5.6, room)
        sheet.text(x + at, head, label, size=5.6, fill=SOFT_INK)
    reminders = notes()
    row_h = 7.2
    for i, rank in enumerate(Rank):
        ry = head + 2.5 + i * row_h
        if i % 2 == 0:
            sheet.rect(x + 1.5, ry, w - 3, row_h, fill="#F1F1F1")
        mid = ry + row_h / 2
        draw_symbol(sheet, rank, x + 6.5, mid, 2.7)
        sheet.centred_glyphs(x + 14.5, mid, rank_mark(rank), size=9.5)
        sheet.text(x + 19.5, mid + 1.1, rank_name(rank), size=7.2)
        sheet.text(x + 42, mid + 1.1, str(CLASSIC_ARMY.get(rank, 0)), size=7.2, align="right")
        sheet.text(x + 55, mid + 1.1, str(TRAINING_ARMY.get(rank, 0)), size=7.2, align="right")
        note = reminders.get(rank)
        if note:
            lines = fitted_lines(note, 5.4, w - 66, 2, "the rank card's note", balanced=True)
            for k, line in enumerate(lines):
                sheet.text(x + 64, mid - 0.6 + 2.5 * k + (1.25 if len(lines) == 1 else 0), line,
                           size=5.4)  # fmt: skip
    foot = head + 2.5 + len(Rank) * row_h + 4.5
    for i, line in enumerate(
        (
            _("Higher rank wins an attack; equal ranks both leave."),
            _("A winning attacker takes the cell; a winning defender stays."),
        )
    ):
        _check_width(line, 6.6, w - 8)
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
    inner = w - 24 - 4
    title = _("RED — PRIVATE") if army is Army.RED else _("BLUE — PRIVATE")
    _check_width(title, 12, inner, BOLD)
    sheet.text(x + w / 2, y + 14, title, size=12, font=BOLD, align="centre")
    whose = _("{army}'s secret, kit {kit}.").format(army=capitalized(player(army)), kit=secret.kit)
    _check_width(whose, 7, inner)
    sheet.text(x + w / 2, y + 19.5, whose, size=7, align="centre")
    fold = _("Fold on the dotted line, printed sides together: this half hides the code.")
    for i, line in enumerate(
        fitted_lines(fold, 6.4, inner, 2, "the slip's folding words", balanced=True)
    ):
        sheet.text(x + w / 2, y + 23.5 + 3 * i, line, size=6.4, align="centre")
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
    room = x + w - 3 - tx
    code_title = _("{army}'s secret code").format(army=capitalized(player(army)))
    _check_width(code_title, 7, room, BOLD)
    sheet.text(tx, y + half + 9, code_title, size=7, font=BOLD)
    sheet.text(tx, y + half + 16, head, size=9.5, font=BOLD)
    sheet.text(tx, y + half + 21.5, rest, size=9.5, font=BOLD)
    asks = _("The referee asks for it (or the file {file}).").format(file=f"{army.title}.secret")
    for i, line in enumerate(fitted_lines(asks, 6.2, room, 2, "the slip's note", balanced=True)):
        sheet.text(tx, y + half + 28 + 3 * i, line, size=6.2, fill=SOFT_INK)
