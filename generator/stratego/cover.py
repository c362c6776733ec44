"""Stratego's cover: what the kit holds, how to make a piece (its strip at full size, named panel
by panel), where the secrets are, and the game in brief."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import CoverStyles, draw_cover_title, draw_generator_line, fill_cover_column
from generator.page import BOLD, INK, MARGIN_MM, SOFT_INK, Sheet, text_width
from generator.stratego.lines import fitted_lines
from patrolkit.i18n import _, pgettext
from patrolkit.numbers import decimal
from patrolkit.sizes.stratego import Stratego

NOTE_MM: Final = 36.0
"""The width of the folding note beside the strip."""
COVER: Final = CoverStyles.of("st-cover", size=8.8, leading=11.6, after=3.4, head_before=4)


def panel_words() -> dict[str, str]:
    """Each panel of a piece's strip as the cover names it."""
    return {
        "rank": pgettext("stratego piece", "rank face"),
        "top": pgettext("stratego panel", "top: code"),
        "back": pgettext("stratego panel", "back"),
        "base": pgettext("stratego panel", "base"),
        "tongue": pgettext("stratego panel", "tongue"),
    }


def brief() -> tuple[tuple[str, str], ...]:
    """The game in brief: each head and its text."""
    return (
        (_("Goal"), _("take the enemy flag, or leave your opponent without a move.")),
        (
            _("A turn"),
            _(
                "move one piece a cell (a scout: any distance in a line), or attack a neighbouring"
                " enemy piece. Bombs and the flag never move."
            ),
        ),
        (
            _("Attack"),
            _(
                "both ranks are shown; the higher wins, equal ranks both leave. The spy beats the"
                " marshal when she attacks; only a miner survives a bomb."
            ),
        ),
        (
            _("Limits"),
            _("at most three moves in a row between the same two cells; no endless chase."),
        ),
    )


def draw_cover(
    sheet: Sheet, kit: str, contents: Sequence[str], cell_mm: float, *, paper: str = ""
) -> None:
    """The cover; ``paper``: which sheets print on which paper, for a kit on two (paragraph
    markup, see :func:`generator.frame.paper_note`)."""
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    top = draw_cover_title(
        sheet,
        "Stratego",
        (_("2 players"), _("about an hour"), _("age 8 and up")),
        pieces=_("the pieces"),
    )
    net_top = top + 2
    sheet.text(left, net_top + 3, _("A piece, at full size"), size=11, font=BOLD)
    _net(sheet, left, net_top + 8)
    net_bottom = net_top + 8 + Stratego.PIECE_WIDTH_MM + 10
    flow = COVER.contents(contents)
    flow += [
        Paragraph(_("Making the kit"), COVER.head),
        Paragraph(
            _(
                "Print every sheet at actual size on thin card (160 to 220 g/m²). Assemble the"
                " board as its sheets say: 10 × 10 cells of {cell} mm."
            ).format(cell=decimal(cell_mm, 2)),
            COVER.body,
        ),
        *([Paragraph(paper, COVER.body)] if paper else []),
        COVER.bullet(
            _(
                "<b>Each piece</b> is one strip: cut it out on its outline, crease the four grey"
                " lines with the printed side out, fold the rank face down, the back down, the"
                " base under, and tuck the tongue up inside the rank face. No glue. The box stands"
                " with its rank towards you and its code on top."
            )
        ),
        COVER.bullet(
            _(
                "All pieces stand the same height, so no piece hides another's code from a phone"
                " held above the board, even tilted."
            )
        ),
        Paragraph(_("The secrets"), COVER.head),
        Paragraph(
            _(
                "This kit is <b>{kit}</b>. The codes on top of the pieces were drawn at random for"
                " it; which code goes with which rank is each army's secret, in the files"
                " <b>red.secret</b> and <b>blue.secret</b> beside the kit and on the two private"
                " slips. <b>kit.json</b> holds no rank. Print another kit and every code changes."
            ).format(kit=kit),
            COVER.body,
        ),
    ]
    brief_top = brief_box(
        sheet, left, height - MARGIN_MM - 6, right - left, brief(), title=_("The game in brief")
    )
    fill_cover_column(sheet, flow, (left, net_bottom, right - left, brief_top - 4 - net_bottom))
    draw_generator_line(sheet)


def _net(sheet: Sheet, x: float, y: float) -> None:
    """The strip's outline and panels at full size, each named."""
    w = Stratego.PIECE_WIDTH_MM
    length = Stratego.strip_length()
    sheet.rect(x, y, length, w, stroke=INK, line=0.3)
    words = panel_words()
    for name, start, size in Stratego.panels():
        if start:
            sheet.line(x + start, y, x + start, y + w, stroke=SOFT_INK, width=0.2)
        label = words[name]
        fit = min(6.2, 6.2 * (size - 1.0) / text_width(label, 6.2))
        sheet.text(x + start + size / 2, y + w / 2 + 1, label, size=fit, align="centre")
        sheet.text(x + start + size / 2, y + w + 4, f"{decimal(size, 2)} mm", size=6.0,
                   fill=SOFT_INK, align="centre")  # fmt: skip
    note = _(
        "Fold every grey line printed side out; the tongue tucks inside the rank face. {width} mm"
        " wide."
    ).format(width=decimal(w, 2))
    room = min(NOTE_MM, sheet.paper.width - MARGIN_MM - (x + length + 4))
    lines = fitted_lines(note, 7.4, room, 5, "the strip's folding note")
    for i, line in enumerate(lines):
        sheet.text(x + length + 4, y + 6 + 4 * i, line, size=7.4)
