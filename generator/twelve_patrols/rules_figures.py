"""The figures of the 12 Patrols rules: which patrols a requirement counts, a row of three cards
with its verdicts, and the key of the icons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, Table

from generator.flow import (
    Figure,
)
from generator.page import BOLD, FONT, INK, MM, SOFT_INK, WHITE, Sheet
from generator.twelve_patrols.icons import draw_requirement
from generator.twelve_patrols.items import draw_glyph
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Card,
    Item,
    ItemColour,
    ItemKind,
    Requirement,
    RequirementKind,
    Side,
    Slot,
    judge,
    scope,
)
from patrolkit.i18n import N_, _, ngettext

HIGHLIGHT: Final = "#F2A93B"
CARD_FILL: Final = "#E8F0E0"
IGNORED_INK: Final = "#8A8A8A"
FADE: Final = Color(1, 1, 1, alpha=0.65)
"""White, two thirds opaque: laid over an icon that is ignored."""

_KEY = ParagraphStyle(
    "tp-key", fontName=FONT, bulletFontName=FONT, fontSize=8, leading=9.8, textColor=INK
)
"""The icon key's text: the rules' body text, set smaller and with no space after."""

N, A, B, C, S = (
    RequirementKind.COUNT,
    RequirementKind.ONE_COLOUR,
    RequirementKind.TWO_COLOURS,
    RequirementKind.THREE_COLOURS,
    RequirementKind.DICE_SUM,
)


# -- Figure 2: a row of three cards with its two patrols ------------------------------------------

EXAMPLE_ROW: Final = (
    Card(N_("Ashen Moor"), east=(Requirement(N, 4),), west=(Requirement(S, 5),)),
    Card(N_("Brook Vale"), east=(Requirement(S, 4),), west=(Requirement(A),)),
    Card(N_("Cliff Road"), east=(Requirement(N, 1),), west=(Requirement(C),)),
)
"""The worked example: the top row of a kingdom, left to right (its made-up region names are
translated where they are drawn)."""
EXAMPLE_PATROLS: Final = (
    (Item(ItemKind.CUBE, ItemColour.WHITE, 2), Item(ItemKind.DIE, ItemColour.WHITE, 1, 5)),
    (Item(ItemKind.CUBE, ItemColour.YELLOW, 1), Item(ItemKind.DIE, ItemColour.BLUE, 3, 4)),
)
"""The two patrols between them: white cube and white die 5; yellow cube and blue die 4."""
_ROW_SLOTS: Final = (Slot((0, 0), (0, 1)), Slot((0, 1), (0, 2)))


def example_verdicts() -> list[tuple[int, Side, Requirement, bool | None]]:
    """Every requirement on the example row's east and west edges: its card (0..2), side, and
    whether it holds (``None`` where it faces out of the kingdom and is ignored)."""
    patrols = dict(zip(_ROW_SLOTS, EXAMPLE_PATROLS, strict=True))
    found = []
    for column, card in enumerate(EXAMPLE_ROW):
        for side in (Side.WEST, Side.EAST):
            slots = scope((0, column), side)
            for requirement in card.edge(side):
                verdict = judge(requirement, [patrols[s] for s in slots]) if slots else None
                found.append((column, side, requirement, verdict))
    return found


def example_row(sheet: Sheet, width: float) -> Figure:
    """Figure 2: three cards side by side, their patrols between them, the ignored icons pale."""
    card_w, gap = 23.0, (width - 3 * 23.0) / 2
    card_h = card_w * 88 / 63
    icon = 5.6
    verdicts = example_verdicts()
    if any(v is False for *_unused, v in verdicts):
        raise AssertionError("the example row breaks its own requirements")

    def paint(s: Sheet) -> None:
        for column, card in enumerate(EXAMPLE_ROW):
            x = column * (card_w + gap)
            s.round_rect(x, 0.5, card_w, card_h, 1.5, fill=CARD_FILL, stroke=INK, line=0.3)
            s.text(x + card_w / 2, 5.0, _(card.name), size=6.2, font=BOLD, align="centre")
            for side in (Side.WEST, Side.EAST):
                for requirement in card.edge(side):
                    ix = x + 0.8 if side is Side.WEST else x + card_w - icon - 0.8
                    iy = 0.5 + card_h / 2 - icon / 2
                    draw_requirement(s, requirement, ix, iy, icon)
                    if not scope((0, column), side):
                        _strike(s, ix, iy, icon)
        for index, patrol in enumerate(EXAMPLE_PATROLS):
            x = (index + 1) * card_w + index * gap + gap / 2
            glyph = 5.2
            top = 0.5 + card_h / 2 - (len(patrol) * glyph + (len(patrol) - 1) * 1.2) / 2
            for k, item in enumerate(patrol):
                draw_glyph(s, item, x - glyph / 2, top + k * (glyph + 1.2), glyph)

    return Figure(sheet, width, card_h + 1.5, paint)


def _strike(sheet: Sheet, x: float, y: float, size: float) -> None:
    """Fade an icon facing out of the kingdom, and cross it out."""
    canvas = sheet.canvas
    canvas.saveState()
    sheet.rect(x - 0.2, y - 0.2, size + 0.4, size + 0.4, fill=FADE)
    canvas.restoreState()
    sheet.line(x, y + size, x + size, y, stroke=IGNORED_INK, width=0.45)
    sheet.line(x, y, x + size, y + size, stroke=IGNORED_INK, width=0.45)


def example_caption() -> str:
    """Figure 2's caption, each requirement's verdict in words."""
    words = {
        (0, Side.WEST): _("faces out of the kingdom: ignored"),
        (0, Side.EAST): _("both patrols to its right hold 2 + 2 = 4 items"),
        (1, Side.WEST): _("the one patrol to its left is all white"),
        (1, Side.EAST): _("the one patrol to its right has one die, a 4"),
        (2, Side.WEST): _("the patrols to its left hold white, yellow and blue"),
        (2, Side.EAST): _("faces out of the kingdom: ignored"),
    }
    parts = []
    for column, side, requirement, _unused in example_verdicts():
        card = EXAMPLE_ROW[column]
        text = (
            _("<b>{card}</b>, left edge, {asks}: {verdict}.")
            if side is Side.WEST
            else _("<b>{card}</b>, right edge, {asks}: {verdict}.")
        )
        parts.append(
            text.format(card=_(card.name), asks=requirement.wording, verdict=words[(column, side)])
        )
    return _("<b>Figure 2. A row that works.</b>") + " " + " ".join(parts)


# -- Figure 1: which patrols a requirement counts -------------------------------------------------


def scope_figure(sheet: Sheet, width: float) -> Figure:
    """Figure 1: two small kingdoms, each with one requirement and the patrols it counts."""
    cases = (((0, 0), Side.EAST), ((1, 1), Side.SOUTH))
    card_w = 9.0
    card_h = card_w * 88 / 63
    gap = 5.0
    kingdom_w = 3 * card_w + 2 * gap
    kingdom_h = 3 * card_h + 2 * gap
    space = (width - 2 * kingdom_w) / 3

    def paint(s: Sheet) -> None:
        for index, (position, side) in enumerate(cases):
            ox = space + index * (kingdom_w + space)
            counted = set(scope(position, side))
            for row in range(3):
                for column in range(3):
                    x, y = ox + column * (card_w + gap), 0.5 + row * (card_h + gap)
                    lit = (row, column) == position
                    s.round_rect(
                        x,
                        y,
                        card_w,
                        card_h,
                        1.0,
                        fill=HIGHLIGHT if lit else CARD_FILL,
                        stroke=INK,
                        line=0.3 if not lit else 0.5,
                    )
            for slot in SLOTS:
                cx, cy = _slot_centre(slot, ox, card_w, card_h, gap)
                if slot in counted:
                    s.round_rect(
                        cx - 2.2, cy - 2.2, 4.4, 4.4, 0.8, fill=HIGHLIGHT, stroke=INK, line=0.5
                    )
                else:
                    s.round_rect(
                        cx - 1.6, cy - 1.6, 3.2, 3.2, 0.6, fill=WHITE, stroke=SOFT_INK, line=0.25
                    )
            row, column = position
            x, y = ox + column * (card_w + gap), 0.5 + row * (card_h + gap)
            mx, my = {
                Side.EAST: (x + card_w - 1.6, y + card_h / 2),
                Side.SOUTH: (x + card_w / 2, y + card_h - 1.6),
            }[side]
            s.circle(mx, my, 1.1, fill=INK)
            label = ngettext(
                "{count} patrol counted", "{count} patrols counted", len(counted)
            ).format(count=len(counted))
            s.text(ox + kingdom_w / 2, kingdom_h + 4.4, label, size=7.2, align="centre")

    return Figure(sheet, width, kingdom_h + 6.0, paint)


def _slot_centre(
    slot: Slot, ox: float, card_w: float, card_h: float, gap: float
) -> tuple[float, float]:
    (r1, c1), (r2, c2) = slot.a, slot.b
    x = ox + (c1 + c2) / 2 * (card_w + gap) + card_w / 2
    y = 0.5 + (r1 + r2) / 2 * (card_h + gap) + card_h / 2
    return x, y


# -- the icon key ---------------------------------------------------------------------------------

KEY: Final = (
    (
        Requirement(N, 3),
        N_("<b>Count:</b> exactly that many items in all (here 3), cubes and dice."),
    ),
    (Requirement(A), N_("<b>One colour:</b> every item is the same colour.")),
    (Requirement(B), N_("<b>Two colours:</b> the items show exactly two colours.")),
    (Requirement(C), N_("<b>Three colours:</b> white, yellow and blue are all there.")),
    (
        Requirement(S, 9),
        N_("<b>Dice sum:</b> the dice add up to exactly that number (here 9); cubes add nothing."),
    ),
)


def icon_key(sheet: Sheet, width: float, *, size: float = 7.0) -> list[Table]:
    """The five requirement icons, each beside what it asks for: one small table per icon, so
    that the key may run on from the foot of one column to the next."""
    rows = [
        [
            Figure(sheet, size + 1.0, size + 1.0, _icon_painter(requirement, size)),
            Paragraph(_(text), _KEY),
        ]
        for requirement, text in KEY
    ]
    return [
        Table(
            [row],
            colWidths=[(size + 3.0) * MM, (width - size - 3.0) * MM],
            style=[
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0.8),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
            ],
            spaceAfter=4 if index == len(rows) - 1 else 0,
        )
        for index, row in enumerate(rows)
    ]


def _icon_painter(requirement: Requirement, size: float) -> Callable[[Sheet], None]:
    def paint(s: Sheet) -> None:
        draw_requirement(s, requirement, 0.5, 0.5, size)

    return paint
