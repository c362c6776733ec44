"""The 12 Patrols rules sheet: the whole game on one page, in two columns, with its pictures.

Figure 1 shows which patrols a requirement counts (shaded by the rules engine's own ``scope``);
Figure 2 is a worked row whose every requirement is checked with the engine's ``judge`` before it
is drawn, so the picture and the rules cannot disagree.
"""

from __future__ import annotations

from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from generator.flow import (
    Group,
    draw_rules_flow,
    rules_column_width,
    rules_styles,
)
from generator.page import Sheet
from generator.twelve_patrols.rules_figures import (
    example_caption,
    example_row,
    icon_key,
    scope_figure,
)
from patrolkit.i18n import _
from patrolkit.numbers import decimal
from patrolkit.sizes import TwelvePatrols

_BODY, _HEAD, _TITLE, _LEAD, _ITEM, _CAPTION = rules_styles(
    "tp-",
    body=(8.3, 10.8, 3.2),
    head=(10, 12.5, 4, 2),
    title=(19, 23, 2),
    lead=(9, 11.8, 4),
    item_after=2.2,
    caption=(7.5, 9.4, 5),
)


# -- the text -------------------------------------------------------------------------------------

GAP_CM: Final = (3.5, 4.0, 8.0)
"""The gap to leave between neighbouring cards: at least, about, and at most (cm). The least is a
die's edge with room to set it down; the photo reader takes cards up to 8 cm apart as
neighbours."""


def _cm(mm: float) -> str:
    return decimal(mm / 10)


def spacing_text() -> str:
    """How far apart to lay the cards, from the printed sizes of the cards, dice and cubes."""
    die, cube = TwelvePatrols.DIE_FACE_MM, TwelvePatrols.CUBE_FACE_MM
    long, short = TwelvePatrols.CARD_HEIGHT_MM, TwelvePatrols.CARD_WIDTH_MM
    least, about, most = GAP_CM
    along_long, along_short = int(long // die), int(short // cube)
    return _(
        "<b>Spacing.</b> Lay neighbouring cards about {about} cm apart (at least {least}, "
        "at most {most}): a die is {die} cm across and a cube {cube} cm, so one "
        "item fits across the gap. Beside a card's long edge ({long} cm) a patrol of "
        "{along_long} items fits in a line; beside a short edge ({short} cm) only "
        "{along_short} do, so lay a third item beside them and widen that gap."
    ).format(
        about=decimal(about),
        least=decimal(least),
        most=decimal(most),
        die=_cm(die),
        cube=_cm(cube),
        long=_cm(long),
        short=_cm(short),
        along_long=along_long,
        along_short=along_short,
    )


def story(sheet: Sheet, column: float, deck_line: str, solution: bool) -> list[Flowable]:
    """Every paragraph and picture of the rules sheet, in reading order."""

    def p(text: str, style: ParagraphStyle = _BODY) -> Paragraph:
        return Paragraph(text, style)

    def bullet(text: str, mark: str = "•") -> Paragraph:
        return Paragraph(text, _ITEM, bulletText=mark)

    def head(text: str) -> Paragraph:
        return Paragraph(text, _HEAD)

    flow: list[Flowable] = [
        p(_("12 Patrols — the rules"), _TITLE),
        p(
            _(
                "1 player · about 20 minutes · age 10 and up. You keep the peace in a small "
                "kingdom "
                "of nine regions. Lay the region cards in a square of three by three and post a "
                "patrol of soldiers (cubes) and knights (dice) between every two neighbouring "
                "regions. Each region says, on its edges, what the patrols beside it must be. Post "
                "all twelve patrols so that every region is content, and you win."
            ),
            _LEAD,
        ),
        head(_("In the box")),
        p(
            _(
                "Nine region cards; nine dice, three each of white, yellow and blue; nine cubes in "
                "the same colours. Every die and cube is numbered 1 to 3 within its colour."
            )
            + " "
            + deck_line
        ),
        head(_("Setting up")),
        bullet(_("Roll the nine dice and put them beside the cubes: together, your supply.")),
        bullet(_("Shuffle the cards face down into a pile and turn the top three face up.")),
        bullet(spacing_text()),
        head(_("Playing")),
        p(_("Repeat these steps until every card is down:")),
        bullet(
            _(
                "<b>Lay a region.</b> Take one of the face-up cards and lay it in the kingdom, "
                "upright "
                "(cards are never turned). The first card goes anywhere; every later card must "
                "touch "
                "one already down along a whole edge, never only at a corner. The kingdom never "
                "grows past three cards by three."
            ),
            "1.",
        ),
        bullet(
            _(
                "<b>Post patrols, if you wish.</b> A <i>slot</i> is the gap between two "
                "neighbouring "
                "cards; the 3 × 3 kingdom has twelve. Put one or more items from your supply in "
                "any "
                "empty slot: that is its patrol. A slot holds one patrol, placed all at once."
            ),
            "2.",
        ),
        bullet(
            _(
                "<b>Close the line.</b> If the card you laid finished a row or a column of three, "
                "every slot of that row or column still empty must get its patrol now."
            ),
            "3.",
        ),
        bullet(
            _("<b>Refill.</b> Turn up cards from the pile until three lie face up again."), "4."
        ),
        p(
            _(
                "Nothing moves once it is down: neither cards nor items. Every patrol has at least "
                "one item; you need not use every item."
            )
        ),
        head(_("Changing a die")),
        p(
            _(
                "At any time, you may turn a die from your supply to any face you like by putting "
                "one other item from your supply out of the game for good."
            )
        ),
        head(_("What the regions ask")),
        p(
            _(
                "Each edge of a card may carry icons. Every icon on an edge must hold for the "
                "patrols on that side of the card:"
            )
        ),
        *icon_key(sheet, column),
        head(_("Which patrols count")),
        p(
            _(
                "An icon looks along the card's row (left and right edges) or column (top and "
                "bottom edges), away from the card, and counts <b>every patrol on that side</b> "
                "up to the kingdom's edge: two patrols from a card at the end of a line, one from "
                "a "
                "card in the middle. Items from all of them are taken together. An icon on an edge "
                "facing out of the kingdom counts nothing and is ignored."
            )
        ),
        Group(
            [
                scope_figure(sheet, column),
                p(
                    _(
                        "<b>Figure 1.</b> Left: the right edge of the top left card counts both "
                        "patrols of the top row. Right: the bottom edge of the centre card counts "
                        "only "
                        "the patrol below it."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        Group([example_row(sheet, column), p(example_caption(), _CAPTION)]),
        head(_("Winning and losing")),
        p(
            _(
                "You win when all nine cards are down, all twelve slots hold a patrol, and every "
                "icon facing into the kingdom holds. You lose as soon as a card cannot be laid or "
                "an icon can no longer be met: shuffle, roll again and try another kingdom."
            )
        ),
        head(_("Checking with a photo")),
        p(
            _(
                "Every card, every die face and every cube face carries a QR code. Photograph the "
                "kingdom from above with every card and item in view: the patrolkit companion "
                "reads "
                "the cards and the items and says which icons hold."
            )
        ),
    ]
    if solution:
        flow += [
            head(_("Stuck?")),
            p(
                _(
                    "The last sheet of this kit shows one way to win with this deck, printed "
                    "upside "
                    "down so that nobody reads it by accident. It wins with the dice as rolled "
                    "there, "
                    "which may not be your roll: to play it through, you may set your dice to that "
                    "roll first."
                )
            ),
        ]
    return flow


def draw_rules(sheet: Sheet, deck_line: str, solution: bool) -> int:
    """The rules from the current page on, in two columns; returns the pages used (one)."""
    flow = story(sheet, rules_column_width(sheet), deck_line, solution)
    return draw_rules_flow(
        sheet, flow, head=_HEAD, title=_("12 Patrols — rules"), max_pages=1, footer_room=4.0
    )
