"""The cover: what the kit holds, a scout at full size with its marks named, how to make the kit
and set it on the table, and the game in brief."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import CoverStyles, draw_cover_title, draw_generator_line, fill_cover_column
from generator.grand_jeu.tokens import (
    Scout,
    arrow_word,
    draw_emblem,
    draw_scout_face,
    patrol_name,
)
from generator.page import BOLD, INK, MARGIN_MM, Sheet, text_width
from patrolkit.i18n import N_, _, pgettext
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu

COVER: Final = CoverStyles.of("gj-cover", size=8.8, leading=11.6, after=3.4, head_before=4)


def brief() -> tuple[tuple[str, str], ...]:
    """The game in brief, at the foot of the cover, in the language in force."""
    return (
        (
            pgettext("grand jeu", "Goal"),
            _(
                "bring K of your scouts to the far side of the board, or leave the enemy with"
                " fewer than K' scouts, or leave it unable to move."
            ),
        ),
        (
            pgettext("grand jeu", "A turn"),
            _(
                "spend up to 4 foulards: step a scout one cell where its blue arrow points (1, or"
                " 2 next to an enemy), turn it (1, 2 or 3 next to enemies), free a prisoner (3)."
                " Move in your first or second act."
            ),
        ),
        (
            pgettext("grand jeu", "Capture"),
            _(
                "free, once you have moved this turn: two of your scouts next to an enemy, each"
                " with a red arrow on it. It goes to its prison."
            ),
        ),
    )


MARKS: Final = (
    (N_("Blue arrow"), N_("where the scout faces and moves")),
    (N_("Red arrows"), N_("what it threatens for a capture")),
    (N_("Code"), N_("its patrol, number and facing")),
    (N_("S1, disc"), N_("South's scout 1 (letter, emblem)")),
    (N_("Star"), N_("culs de pat' (scout 1 only)")),
)
"""The marks of the scout drawn on the cover, each with what it means."""
MARK_SIZE: Final = 7.6


def draw_cover(
    sheet: Sheet,
    kit: str,
    contents: Sequence[str],
    players: int,
    arrows: Sequence[int],
    *,
    paper: str = "",
) -> None:
    """The cover; ``paper``: which sheets print on which paper, for a kit on two (paragraph
    markup, see :func:`generator.frame.paper_note`)."""
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    # The title takes the whole width, so the facts go on the line under it.
    top = draw_cover_title(
        sheet, "Le grand jeu des patrouilles", (), pieces=_("the board and the scouts")
    )
    facts = _("{count} patrols · about 45 minutes · age 10 and up").format(count=players)
    sheet.text(right, MARGIN_MM + 22.5, facts, size=10, align="right")
    sheet.text(left, top + 5, _("A scout, at full size"), size=11, font=BOLD)
    _scout_named(sheet, left, top + 9, kit, arrows)
    _patrols(sheet, left + 118, top + 9, players)
    figure_bottom = top + 9 + GrandJeu.SCOUT_FLATS_MM + 8
    count = GrandJeu.patrol_size(players)
    flow = COVER.contents(contents)
    flow += [
        Paragraph(pgettext("grand jeu", "Making the kit"), COVER.head),
        Paragraph(
            _(
                "Print every sheet at actual size, the board and the scouts on thin card (160 to"
                " 220 g/m²). Nothing needs glue but the board."
            ),
            COVER.body,
        ),
        *([Paragraph(paper, COVER.body)] if paper else []),
        COVER.bullet(
            _(
                "<b>The board</b>: cut and lay its sheets as each one says, every grid line on a"
                " tick, and glue the grey strips. Keep the corner codes and the prisons"
                " uncovered."
            )
        ),
        COVER.bullet(
            _(
                "<b>The scouts</b>: cut each octagon on its grey outline with eight straight"
                " cuts. The code's top is where the scout faces; in every one of its 8"
                " directions the octagon sits square in its cell."
            )
        ),
        COVER.bullet(
            _(
                "<b>Setting up</b>: each patrol puts its {count} scouts on its own second row"
                " (the tinted row nearest its edge but one), one a cell, each facing any of the"
                " 8 ways. A patrol's far row is the row along the opposite edge, marked with its"
                " colour. Captured scouts go into their own patrol's prison."
            ).format(count=count)
        ),
        Paragraph(pgettext("grand jeu", "This kit"), COVER.head),
        Paragraph(
            _(
                "Kit <b>{kit}</b>: every scout and every corner code carries it, so a photo never"
                " mixes two kits. The red arrows are printed {arrows}. Scout 1 of each patrol"
                " carries the star used by the \u201cculs de pat'\u201d variant; without the"
                " variant it is a scout like the others."
            ).format(kit=kit, arrows=arrow_words(arrows)),
            COVER.body,
        ),
    ]
    brief_top = brief_box(sheet, left, height - MARGIN_MM - 6, right - left, brief())
    fill_cover_column(
        sheet, flow, (left, figure_bottom, right - left, brief_top - 4 - figure_bottom)
    )
    draw_generator_line(sheet)


def arrow_words(arrows: Sequence[int]) -> str:
    """The red arrows in words: ``ahead, ahead-right and ahead-left``."""
    words = [arrow_word(a) for a in arrows]
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _scout_named(sheet: Sheet, x: float, y: float, kit: str, arrows: Sequence[int]) -> None:
    """A scout at full size with what each mark means beside it."""
    a = GrandJeu.SCOUT_APOTHEM_MM
    cx, cy = x + a, y + a
    with sheet.frame(cx, cy):
        draw_scout_face(sheet, Scout(kit, "S", 1, True), arrows, code=False)
    tx = x + 2 * a + 5
    lines = [(_(head), _(text)) for head, text in MARKS]
    # The meanings start 19 mm in, or past the widest mark's name with a 2 mm gap.
    indent = max(19.0, *(text_width(head, MARK_SIZE, BOLD) + 2 for head, _text in lines))
    for i, (head, text) in enumerate(lines):
        sheet.text(tx, y + 4 + 5.6 * i, head, size=MARK_SIZE, font=BOLD)
        sheet.text(tx + indent, y + 4 + 5.6 * i, text, size=MARK_SIZE, fill=INK)


def _patrols(sheet: Sheet, x: float, y: float, players: int) -> None:
    """Each patrol's colour, emblem and name, as the board and the scouts show them, in the
    order of play."""
    sheet.text(x, y + 1, _("The patrols, in the order of play"), size=8.4, font=BOLD)
    for i, patrol in enumerate(SEATS[players]):
        row = y + 6 + 5.6 * i
        sheet.rect(x, row - 2.6, 8, 3.6, fill=GrandJeu.PATROL_INK[patrol], stroke=INK, line=0.15)
        draw_emblem(sheet, patrol, x + 11.5, row - 0.8, 3.0)
        sheet.text(x + 15, row, f"{patrol_name(patrol)} ({patrol})", size=7.6)
