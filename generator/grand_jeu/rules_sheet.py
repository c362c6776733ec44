"""The rules sheet: the whole game in plain words, in two columns, with a diagram of a capture
and one of what a move and a turn cost next to enemies. The red arrows named are the kit's own."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from reportlab.platypus import Flowable, Paragraph

from generator.flow import Figure, draw_rules_flow, rules_column_width, rules_styles
from generator.grand_jeu.cover import arrow_words
from generator.grand_jeu.tokens import arrowhead
from generator.page import BOLD, INK, SOFT_INK, WHITE, Paper, Sheet
from patrolkit.i18n import _, language, pgettext
from patrolkit.sizes.grand_jeu import GrandJeu

_STYLES = rules_styles(
    "gj",
    body=(8.4, 10.9, 3.4),
    head=(10.5, 13, 5, 2.5),
    title=(18, 22, 3),
    lead=(9.2, 12.0, 4.5),
    item_after=2.2,
    caption=(7.4, 9.4, 5),
)
MINI_CELL_MM: Final = 9.5
HIGHLIGHT: Final = "#FFF2B3"


def mini_scout(
    sheet: Sheet,
    cx: float,
    cy: float,
    patrol: str,
    facing: int,
    arrows: Sequence[int],
    *,
    scale: float = 0.29,
) -> None:
    """A scout drawn small at ``(cx, cy)``: its octagon in its patrol's colour, the blue arrow
    and the red arrowheads, turned ``facing`` eighths clockwise from up (north)."""
    a = GrandJeu.SCOUT_APOTHEM_MM * scale
    octagon = [
        (
            cx + a / math.cos(math.pi / 8) * math.cos(math.pi / 8 * (2 * k + 1) - math.pi / 2),
            cy + a / math.cos(math.pi / 8) * math.sin(math.pi / 8 * (2 * k + 1) - math.pi / 2),
        )
        for k in range(8)
    ]
    sheet.polygons([octagon], fill=GrandJeu.PATROL_INK[patrol], stroke=INK, line=0.15)
    inner = [(cx + (x - cx) * 0.78, cy + (y - cy) * 0.78) for x, y in octagon]
    sheet.polygons([inner], fill=WHITE)

    def shifted(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(cx + x, cy + y) for x, y in points]

    tip = a * 0.74
    sheet.polygons(
        [shifted(arrowhead(facing, a * 0.05, tip - a * 0.2, a * 0.75))],
        fill=GrandJeu.BLUE_ARROW_INK,
    )
    for eighths in arrows:
        sheet.polygons(
            [shifted(arrowhead(facing + eighths, tip - a * 0.2, tip + a * 0.02, a * 0.3))],
            fill=GrandJeu.RED_ARROW_INK,
        )


def _grid(sheet: Sheet, columns: int, rows: int, highlight: Sequence[tuple[int, int]]) -> None:
    c = MINI_CELL_MM
    for column, row in highlight:
        sheet.rect(column * c, row * c, c, c, fill=HIGHLIGHT)
    for k in range(columns + 1):
        sheet.line(k * c, 0, k * c, rows * c, stroke=SOFT_INK, width=0.25)
    for k in range(rows + 1):
        sheet.line(0, k * c, columns * c, k * c, stroke=SOFT_INK, width=0.25)


def _centre(column: int, row: int) -> tuple[float, float]:
    return ((column + 0.5) * MINI_CELL_MM, (row + 0.5) * MINI_CELL_MM)


def _pointer(sheet: Sheet, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A thin red line from one cell's centre towards another's: an arrow's aim."""
    (x1, y1), (x2, y2) = _centre(*start), _centre(*end)
    sheet.line(x1 + (x2 - x1) * 0.35, y1 + (y2 - y1) * 0.35, x1 + (x2 - x1) * 0.75,
               y1 + (y2 - y1) * 0.75, stroke=GrandJeu.RED_ARROW_INK, width=0.35)  # fmt: skip


CAPTION_SIZE: Final = 7.2
CAPTION_LEADING_MM: Final = 4.0
CAPTION_GAP_MM: Final = 1.0
"""The capture figure's words: their size, the step from line to line, and the extra step
where a line is left empty (between two sentences)."""


def capture_words() -> list[str]:
    """The lines of words beside the capture figure (an empty one between two sentences)."""
    return _(
        "South has moved a scout this turn.\n"
        "\n"
        "Two South scouts stand next to the\n"
        "North scout, each with a red arrow\n"
        "on it: South captures it, for free.\n"
        "\n"
        "It goes to North's prison; the\n"
        "capturers stay where they are."
    ).split("\n")


def capture_figure(sheet: Sheet, width: float, arrows: Sequence[int]) -> Figure:
    """South captures: two South scouts aim a red arrow each at the North scout between them."""
    lines = capture_words()
    # the first line's baseline 5 mm down, a step to each next one, 2 mm under the last
    steps = sum(CAPTION_GAP_MM if not line else CAPTION_LEADING_MM for line in lines[1:])
    words_height = 5 + steps + 2
    height = max(3 * MINI_CELL_MM + 2, words_height)
    aim = min(arrows, key=lambda a: min(a, 8 - a))
    # The capturers face so that their arrow ``aim`` points at the victim in the middle.
    first, second = (0, 2), (2, 1)
    victim = (1, 1)

    def facing_at(frm: tuple[int, int], to: tuple[int, int]) -> int:
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        bearing = round(math.degrees(math.atan2(dx, -dy)) / 45) % 8
        return (bearing - aim) % 8

    def paint(s: Sheet) -> None:
        _grid(s, 3, 3, [victim])
        for frm in (first, second):
            mini_scout(s, *_centre(*frm), "S", facing_at(frm, victim), arrows)
            _pointer(s, frm, victim)
        mini_scout(s, *_centre(*victim), "N", 4, arrows)
        x = 3 * MINI_CELL_MM + 4
        y = 5.0
        for line in lines:
            if not line:
                y += CAPTION_GAP_MM
                continue
            s.text(x, y, line, size=CAPTION_SIZE)
            y += CAPTION_LEADING_MM

    return Figure(sheet, width, height, paint)


def costs_figure(sheet: Sheet, width: float, arrows: Sequence[int]) -> Figure:
    """Three South scouts: alone, next to one enemy, next to two; each with its prices."""
    height = 3 * MINI_CELL_MM + 13

    def paint(s: Sheet) -> None:
        panels: tuple[tuple[tuple[int, int], list[tuple[int, int]], str, str], ...] = (
            ((1, 1), [], _("alone"), _("move 1, turn 1")),
            ((1, 1), [(2, 0)], _("one enemy next to it"), _("move 2, turn 2")),
            ((1, 1), [(0, 0), (2, 2)], _("two enemies next to it"), _("move 2, turn 3")),
        )
        step = width / 3
        for i, (scout, enemies, what, price) in enumerate(panels):
            with s.frame(i * step + (step - 3 * MINI_CELL_MM) / 2, 0):
                _grid(s, 3, 3, [scout])
                mini_scout(s, *_centre(*scout), "S", 0, arrows)
                for enemy in enemies:
                    mini_scout(s, *_centre(*enemy), "N", 4, arrows)
            centre = i * step + step / 2
            s.text(centre, 3 * MINI_CELL_MM + 4.5, what, size=6.8, align="centre")
            s.text(centre, 3 * MINI_CELL_MM + 9.5, price, size=7.4, font=BOLD, align="centre")

    return Figure(sheet, width, height, paint)


def story(sheet: Sheet, column: float, arrows: Sequence[int]) -> list[Flowable]:
    p, bullet, head = _STYLES.paragraph, _STYLES.bullet, _STYLES.heading
    return [
        Paragraph("Le grand jeu des patrouilles", _STYLES.title),
        Paragraph(
            _(
                "Patrols of scouts cross the board on a wide game. No dice, no cards: only where"
                " your scouts face and how you spend your foulards."
            ),
            _STYLES.lead,
        ),
        head(pgettext("grand jeu", "What you need")),
        p(
            _(
                "Two patrols play on the 8 × 8 board with 8 scouts each; three or four play on"
                " the 10 × 10 board with 6 scouts each. A patrol is named after the edge it"
                " starts from: South, West, North, East. Beside the board each patrol has its"
                " prison. The 4 foulards are the budget of a turn."
            )
        ),
        p(
            _(
                "Every scout faces one of 8 ways: towards a side or a corner of its cell. Its big"
                " <b>blue arrow</b> shows the way; its <b>red arrows</b>, on this kit {arrows},"
                " show the cells it threatens."
            ).format(arrows=arrow_words(arrows))
        ),
        head(pgettext("grand jeu", "Words")),
        bullet(_("Two cells are <b>next to</b> each other when they touch by a side or a corner.")),
        bullet(
            _(
                "Your <b>first row</b> runs along your edge, your <b>second row</b> is the next"
                " one in (tinted in your colour), your <b>far row</b> runs along the opposite"
                " edge (a band of your colour in each of its cells)."
            )
        ),
        bullet(_("An <b>enemy</b> is a scout of any other patrol.")),
        head(pgettext("grand jeu", "Setting up")),
        p(
            _(
                "Fix K (how many scouts on the far row win: 2, 3 or 4), K' (a patrol with fewer"
                " scouts than this on the board has lost: 2, 3 or 4) and the foulards of a bonus"
                " turn (2, 3 or 4). Each patrol places its scouts on its second row, one a cell,"
                " each facing any way. Draw lots for the first player, who takes the foulards."
                " Play goes round South, West, North, East."
            )
        ),
        head(pgettext("grand jeu", "Your turn")),
        p(
            _(
                "Spend up to 4 foulards on the acts below, in any order, as often as you like,"
                " with any of your scouts. A spent foulard is gone for this turn; unspent ones"
                " are simply not used. Then hand the foulards on."
            )
        ),
        bullet(
            _(
                "<b>Move</b> — 1 foulard, or 2 if an enemy is next to the cell the scout leaves:"
                " one cell straight where its blue arrow points, corners included, onto an empty"
                " cell. Never onto your own first row."
            )
        ),
        bullet(
            _(
                "<b>Turn</b> — 1 foulard, 2 with one enemy next to the scout, 3 with two or more:"
                " the scout turns on its cell to any of the 8 ways. Turning is not moving."
            )
        ),
        bullet(_("<b>Capture</b> — free: see below. Captures go on even with no foulard left.")),
        bullet(
            _(
                "<b>Free a prisoner</b> — 3 foulards: one of your captured scouts comes back on"
                " an empty cell of your second row with no enemy next to it, facing any way, and"
                " may act at once."
            )
        ),
        p(
            _(
                "<b>Move first.</b> Your first or your second act must be a move. If you cannot"
                " manage that, you have lost (with three or four patrols, you are out). Once you"
                " have moved you may stop whenever you like."
            )
        ),
        costs_figure(sheet, column, arrows),
        Paragraph(
            _(
                "What a scout's acts cost depends on the enemies next to it: only when it turns"
                " does the second enemy count."
            ),
            _STYLES.caption,
        ),
        head(pgettext("grand jeu", "Capturing")),
        p(
            _(
                "Once you have moved a scout this turn (any scout), you may capture an enemy"
                " scout that has two of your scouts next to it, each pointing a red arrow at it."
                " The way the victim faces does not matter. It leaves the board for its own"
                " patrol's prison; your scouts stay on their cells."
            )
        ),
        capture_figure(sheet, column, arrows),
        p(
            _(
                "<b>Bonus turn.</b> A turn that captured may be followed by a bonus turn, if you"
                " want one: its budget is the one fixed at the start, and it is a turn like any"
                " other (move first; a capture needs a move in it). It never earns another bonus."
            )
        ),
        head(pgettext("grand jeu", "The far row")),
        p(
            _(
                "A scout that reaches its far row is <b>frozen</b>: it can no longer move or"
                " turn, and it cannot be captured. It still helps to capture and counts for"
                " everything else."
            )
        ),
        head(pgettext("grand jeu", "Winning")),
        bullet(_("K of your scouts stand on your far row;")),
        bullet(_("or the other patrol has fewer than K' scouts on the board;")),
        bullet(_("or the other patrol cannot move in its first or second act.")),
        p(
            _(
                "<b>Stopping early.</b> The patrol with more scouts on its far row wins; if"
                " level, the one with more scouts in the half of the board away from its edge;"
                " then the one with more scouts on the board; otherwise it is a draw."
            )
        ),
        head(pgettext("grand jeu", "Three or four patrols")),
        p(
            _(
                "Your far row is the edge opposite yours, and every other patrol is an enemy"
                " (alliances are only words). A patrol left with fewer than K' scouts, or unable"
                " to move in its first or second act, is out: its scouts leave the board and the"
                " others play on. The first to K scouts on its far row wins, and so does the last"
                " patrol left."
            )
        ),
        head(_("Variant: \u201cculs de pat'\u201d")),
        p(
            _(
                "Scout 1 of each patrol carries a star. If your starred scout is captured, free"
                " it during your next turn or your patrol has lost (with more patrols, it is"
                " out)."
            )
        ),
        head(pgettext("grand jeu", "The photo referee")),
        p(
            _(
                "Photograph the board from above with its four corner codes and the prisons in"
                " view. Each scout's code says whose scout it is, and the way the code is turned"
                " says where the scout faces, so place every scout square in its cell, prisoners"
                " in their slots."
            )
        ),
    ]


def rules_pages(paper: Paper, arrows: tuple[int, ...]) -> int:
    """How many pages :func:`draw_rules` takes on ``paper`` in the language in force."""
    return _rules_pages(paper, arrows, language())


@lru_cache(maxsize=16)
def _rules_pages(paper: Paper, arrows: tuple[int, ...], spoken: str) -> int:
    return draw_rules(Sheet.scratch(paper), arrows)


def draw_rules(sheet: Sheet, arrows: Sequence[int]) -> int:
    """Draw the rules from the current page on, in two columns; returns the pages used."""
    flow = story(sheet, rules_column_width(sheet), arrows)
    return draw_rules_flow(
        sheet,
        flow,
        head=_STYLES.head,
        title=_("Le grand jeu des patrouilles — rules"),
        max_pages=2,
    )
