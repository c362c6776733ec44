"""The cover: what the kit holds, a scout at full size with its marks named, how to make the kit
and set it on the table, and the game in brief."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import CoverStyles, draw_cover_title, draw_generator_line, fill_cover_column
from generator.grand_jeu.tokens import ARROW_WORDS, PATROL_NAME, Scout, draw_emblem, draw_scout_face
from generator.page import BOLD, INK, MARGIN_MM, Sheet
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu

COVER: Final = CoverStyles.of("gj-cover", size=8.8, leading=11.6, after=3.4, head_before=4)
BRIEF: Final = (
    (
        "Goal",
        "bring K of your scouts to the far side of the board, or leave the enemy with fewer than "
        "K' scouts, or leave it unable to move.",
    ),
    (
        "A turn",
        "spend up to 4 foulards: step a scout one cell where its blue arrow points (1, or 2 "
        "next to an enemy), turn it (1, 2 or 3 next to enemies), free a prisoner (3). Move in "
        "your first or second act.",
    ),
    (
        "Capture",
        "free, once you have moved this turn: two of your scouts next to an enemy, each with a "
        "red arrow on it. It goes to its prison.",
    ),
)


def draw_cover(
    sheet: Sheet, kit: str, contents: Sequence[str], players: int, arrows: Sequence[int]
) -> None:
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    # The title takes the whole width, so the facts go on the line under it.
    top = draw_cover_title(
        sheet, "Le grand jeu des patrouilles", (), pieces="the board and the scouts"
    )
    facts = f"{players} patrols · about 45 minutes · age 10 and up"
    sheet.text(right, MARGIN_MM + 22.5, facts, size=10, align="right")
    sheet.text(left, top + 5, "A scout, at full size", size=11, font=BOLD)
    _scout_named(sheet, left, top + 9, kit, arrows)
    _patrols(sheet, left + 118, top + 9, players)
    figure_bottom = top + 9 + GrandJeu.SCOUT_FLATS_MM + 8
    count = GrandJeu.patrol_size(players)
    flow = COVER.contents(contents)
    flow += [
        Paragraph("Making the kit", COVER.head),
        Paragraph(
            "Print every sheet at actual size, the board and the scouts on thin card (160 to "
            "220 g/m²). Nothing needs glue but the board.",
            COVER.body,
        ),
        COVER.bullet(
            "<b>The board</b>: cut and lay its sheets as each one says, every grid line on a "
            "tick, and glue the grey strips. Keep the corner codes and the prisons uncovered."
        ),
        COVER.bullet(
            "<b>The scouts</b>: cut each octagon on its grey outline with eight straight cuts. "
            "The code's top is where the scout faces; in every one of its 8 directions the "
            "octagon sits square in its cell."
        ),
        COVER.bullet(
            f"<b>Setting up</b>: each patrol puts its {count} scouts on its own second row (the "
            "tinted row nearest its edge but one), one a cell, each facing any of the 8 ways. "
            "A patrol's far row is the row along the opposite edge, marked with its colour. "
            "Captured scouts go into their own patrol's prison."
        ),
        Paragraph("This kit", COVER.head),
        Paragraph(
            f"Kit <b>{kit}</b>: every scout and every corner code carries it, so a photo never "
            "mixes two kits. The red arrows are printed "
            + arrow_words(arrows)
            + ". Scout 1 of each patrol carries the star used by the \u201cculs de pat'\u201d "
            "variant; without the variant it is a scout like the others.",
            COVER.body,
        ),
    ]
    brief_top = brief_box(sheet, left, height - MARGIN_MM - 6, right - left, BRIEF)
    fill_cover_column(
        sheet, flow, (left, figure_bottom, right - left, brief_top - 4 - figure_bottom)
    )
    draw_generator_line(sheet)


def arrow_words(arrows: Sequence[int]) -> str:
    """The red arrows in words: ``ahead, ahead-right and ahead-left``."""
    words = [ARROW_WORDS[a] for a in arrows]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _scout_named(sheet: Sheet, x: float, y: float, kit: str, arrows: Sequence[int]) -> None:
    """A scout at full size with what each mark means beside it."""
    a = GrandJeu.SCOUT_APOTHEM_MM
    cx, cy = x + a, y + a
    with sheet.frame(cx, cy):
        draw_scout_face(sheet, Scout(kit, "S", 1, True), arrows, code=False)
    tx = x + 2 * a + 5
    lines = (
        ("Blue arrow", "where the scout faces and moves"),
        ("Red arrows", "what it threatens for a capture"),
        ("Code", "its patrol, number and facing"),
        ("S1, disc", "South's scout 1 (letter, emblem)"),
        ("Star", "culs de pat' (scout 1 only)"),
    )
    for i, (head, text) in enumerate(lines):
        sheet.text(tx, y + 4 + 5.6 * i, head, size=7.6, font=BOLD)
        sheet.text(tx + 19, y + 4 + 5.6 * i, text, size=7.6, fill=INK)


def _patrols(sheet: Sheet, x: float, y: float, players: int) -> None:
    """Each patrol's colour, emblem and name, as the board and the scouts show them, in the
    order of play."""
    sheet.text(x, y + 1, "The patrols, in the order of play", size=8.4, font=BOLD)
    for i, patrol in enumerate(SEATS[players]):
        row = y + 6 + 5.6 * i
        sheet.rect(x, row - 2.6, 8, 3.6, fill=GrandJeu.PATROL_INK[patrol], stroke=INK, line=0.15)
        draw_emblem(sheet, patrol, x + 11.5, row - 0.8, 3.0)
        sheet.text(x + 15, row, f"{PATROL_NAME[patrol]} ({patrol})", size=7.6)
