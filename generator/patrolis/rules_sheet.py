"""The Patrolis rules sheet: the whole game in plain English, in two columns, with pictures of a
turn and of the three incidents (bump, join, cross).

Pictures are small pieces of map (a :class:`Scene`) with step tiles drawn as their lines in the
players' colours, the board's edge drawn thick.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table

from generator.flow import (
    Figure,
    Group,
    draw_rules_flow,
    rules_column_width,
    rules_styles,
)
from generator.page import BOLD, FONT, INK, Paper, Sheet
from generator.patrolis.map_legend import LEGEND_HEIGHT_MM, draw_legend, legend_width
from generator.patrolis.rules_scenes import (
    BUMP,
    CROSS_AFTER,
    CROSS_BEFORE,
    JOIN,
    TURN,
    scene_figure,
)
from patrolkit.games.patrolis import STEPS_DEALT, Shape
from patrolkit.i18n import _, language, ngettext

_BODY, _HEAD, _TITLE, _LEAD, _ITEM, _CAPTION = rules_styles(
    "pt-",
    body=(8.2, 10.5, 3.0),
    head=(10, 12, 3.5, 1.5),
    title=(20, 24, None),
    lead=(9.0, 11.6, 4),
    item_after=2.0,
    caption=(7.4, 9.2, 4.5),
)


def shape_count(shape: Shape, count: int) -> str:
    """``3 straights``, ``1 curve``…: how many tiles of ``shape``, in the language in force."""
    if shape is Shape.STRAIGHT:
        text = ngettext("{count} straight", "{count} straights", count)
    elif shape is Shape.CURVE:
        text = ngettext("{count} curve", "{count} curves", count)
    else:
        text = ngettext("{count} crossing", "{count} crossings", count)
    return text.format(count=count)


# -- the text -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the rules sheet says about its own kit: players, steps each, and their shapes."""

    players: int
    steps: int
    mix: tuple[tuple[Shape, int], ...]
    maps: int = 2
    """How many maps the kit prints."""


def story(sheet: Sheet, facts: Facts, column_width: float) -> list[Flowable]:
    """Every paragraph and picture of the rules sheet, in reading order."""

    def p(text: str, style: ParagraphStyle = _BODY) -> Paragraph:
        return Paragraph(text, style)

    def bullet(text: str) -> Paragraph:
        return Paragraph(text, _ITEM, bulletText="•")

    def head(text: str) -> Paragraph:
        return Paragraph(text, _HEAD)

    legend = Figure(
        sheet,
        legend_width() + 2,
        LEGEND_HEIGHT_MM + 1,
        lambda s: draw_legend(s, 0.0, 0.0),
    )
    dealt = Table(
        [
            [_("Players"), *[str(n) for n in STEPS_DEALT]],
            [_("Steps each"), *[str(n) for n in STEPS_DEALT.values()]],
        ],
        style=[
            ("FONTNAME", (0, 0), (-1, -1), FONT),
            ("FONTNAME", (0, 0), (0, -1), BOLD),
            ("FONTSIZE", (0, 0), (-1, -1), 8.2),
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("GRID", (0, 0), (-1, -1), 0.4, INK),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ],
        spaceAfter=5,
        hAlign="LEFT",
    )
    mix = ", ".join(shape_count(shape, n) for shape, n in facts.mix)
    if facts.maps == 2:
        need = _(
            "One of the two maps, eight <b>objectives</b> (two blue, two red, two green, two"
            " yellow) and the <b>step tiles</b>. A step is a square just smaller than a cell with"
            " one line on it: a <b>straight</b> from the middle of an edge to the middle of the"
            " opposite edge, a <b>curve</b> joining the middles of two neighbouring edges, or a"
            ' <b>crossing</b>, a "+" of two straights; each in its owner\'s colour and pattern'
            " (the tiles' sheet shows each player's). Steps are shared out by the number of"
            " players:"
        )
    else:
        need = _(
            "The map, eight <b>objectives</b> (two blue, two red, two green, two yellow) and the"
            " <b>step tiles</b>. A step is a square just smaller than a cell with one line on it: a"
            " <b>straight</b> from the middle of an edge to the middle of the opposite edge, a"
            " <b>curve</b> joining the middles of two neighbouring edges, or a <b>crossing</b>, a"
            " \"+\" of two straights; each in its owner's colour and pattern (the tiles' sheet"
            " shows each player's). Steps are shared out by the number of players:"
        )
    return [
        p(_("Patrolis — the rules"), _TITLE),
        p(
            _(
                "2 to 6 players · about 30 minutes. Lead your patrol across a map of sea, rivers, "
                "mountains, fields and roads, one square step at a time, and reach the objectives "
                "first: five steps a turn along a road, but a single one across water."
            ),
            _LEAD,
        ),
        head(_("The map")),
        p(
            _(
                "The map is a square grid. Its columns are lettered from west to east along the "
                "bottom, its rows numbered from south to north up the left side: every cell has a "
                "name such as <b>C7</b>. Each cell belongs to one <b>terrain</b>, the colour that "
                "fills most of it, and the terrain says how far a patrol goes in a turn:"
            )
        ),
        legend,
        p(
            _(
                "Rivers and roads are drawn from cell to cell. A river's cells are water. A "
                "<b>bridge</b>, where a road passes over a river, and a <b>town</b>, where roads "
                "meet, are road cells."
            )
        ),
        head(_("What you need")),
        p(need),
        dealt,
        p(
            _(
                "This kit is printed for {players} players, each with {steps} steps in their"
                " colour: {mix}. Turn a tile any way round to lay it, and plan with the shapes"
                " you have left."
            ).format(players=facts.players, steps=facts.steps, mix=mix)
        ),
        head(_("Setting up")),
        bullet(
            _(
                "Put the objectives on the cells the cover lists for your map; or deal them by "
                "hand: one player points at a letter along the edge, the next at a number, and an "
                "objective picked blind goes on that cell. Go on until all eight are placed."
            )
        ),
        bullet(
            _(
                "Each player takes their steps. Draw lots for who starts; play goes round the "
                "table, always in the same direction."
            )
        ),
        head(_("Your track")),
        p(
            _(
                "Your steps form a <b>track</b>, their lines joined into one unbroken line: each "
                "step enters its cell through one edge and leaves through another, into the next "
                "cell. The edge your last step leaves through is your track's <b>free end</b>."
            )
        ),
        p(
            _(
                "A new track starts from outside the board: its first step lies on a cell of the "
                "outer ring and enters it through the board's edge. While your track is in play "
                "you must go on with it; only an incident ends it."
            )
        ),
        head(_("Your turn")),
        p(_("Lay one or more steps, each one continuing your free end (or starting a new track):")),
        bullet(
            _(
                "every step of the turn lies on cells of <b>one terrain</b>, and no more steps"
                " than that terrain allows: 1 on water, 2 on mountain, 3 on countryside, 5 on"
                " road;"
            )
        ),
        bullet(
            _(
                "<b>road cells fit in any turn</b>: a road is crossed on the way without breaking"
                " the turn, and counts towards its limit; a turn spent only on road cells may lay"
                " 5. A river away from a bridge takes a turn of its own;"
            )
        ),
        bullet(_("a step goes only on an empty cell, or as a crossing (below).")),
        p(
            _(
                "You may stop after any step. When your track passes through a cell holding an "
                "objective, <b>take the objective</b>: it is yours for good, whatever happens to "
                "the track later."
            )
        ),
        Group(
            [
                scene_figure(sheet, [(TURN, "")], column_width),
                p(
                    _(
                        "<b>Figure 1.</b> A new track starts at the west edge (thick line): three"
                        " countryside steps, the most one turn allows there. The free end now"
                        " points at a mountain, which will take a turn of its own."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        head(_("Incidents")),
        p(_("After every step, look at where each free end points:")),
        bullet(_("<b>an empty cell</b>: nothing happens;")),
        bullet(
            _(
                "<b>a step whose line does not meet it</b>: the track <b>bumps</b> and is "
                "abandoned. Pointing off the board abandons it the same way;"
            )
        ),
        bullet(
            _(
                "<b>the loose end of another line</b> (another free end, or the start of a track "
                "that was cut): the two tracks <b>join</b>, and both are abandoned;"
            )
        ),
        bullet(
            _(
                "<b>a single straight step lying across your way</b>, of any track, your own "
                'included: you may <b>cross</b> it. Lay a "+" on top of that straight and choose '
                "what the crossed track loses: all its steps <b>upstream</b> of the crossing "
                "(towards where it began) or all its steps <b>downstream</b> (towards its free "
                "end). They go back to their owner; the crossing cell keeps both lines, and you "
                "may go on in the same turn."
            )
        ),
        Group(
            [
                scene_figure(sheet, [(BUMP, _("Bump")), (JOIN, _("Join"))], column_width),
                p(
                    _(
                        "<b>Figure 2.</b> Left: blue's free end points at red's curve, which does"
                        " not meet it: blue bumps. Right: the two free ends face each other: both"
                        " tracks join and are abandoned."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        Group(
            [
                scene_figure(
                    sheet, [(CROSS_BEFORE, _("Before")), (CROSS_AFTER, _("After"))], column_width
                ),
                p(
                    _(
                        '<b>Figure 3.</b> Blue crosses red\'s straight with a "+" and goes on. Blue'
                        " chose downstream: red's last step (dashed) goes back to red, whose track"
                        " now ends at the crossing."
                    ),
                    _CAPTION,
                ),
            ]
        ),
        p(
            _(
                "An abandoned track stays on the board as an obstacle, and its owner keeps the"
                " objectives it took. An incident that ends your track ends your turn; next turn"
                " you start a new track from the edge."
            )
        ),
        head(_("End of the game")),
        p(
            _(
                "The game ends when every objective has been taken, or when nobody can lay a step. "
                "A player who cannot (no steps left, or no free cell on the edge to start from) is "
                "passed over."
            )
        ),
        head(_("Score and the round")),
        p(
            _(
                "Each objective you took scores its colour: <b>blue 5</b>, <b>red 3</b>, <b>green"
                " 2</b>, <b>yellow 1</b>. The most points lead; equal scores share the lead."
            )
        ),
        p(
            _(
                "A <b>round</b> is as many games as there are players, each game started by the "
                "next player in turn. Points add up from game to game; the highest total wins the "
                "round."
            )
        ),
        head(_("Checking a game with a photo")),
        p(
            _(
                "Photograph the table from above, the whole board and its margins in view: the"
                " patrolkit companion reads the map, the tiles and their owners from their QR"
                " codes, and checks the turn and the score. Keep every code uncovered."
            )
        ),
    ]


def rules_pages(facts: Facts, paper: Paper) -> int:
    """How many pages :func:`draw_rules` takes on ``paper`` in the language in force (laid out
    on scratch paper)."""
    return _rules_pages(facts, paper, language())


@lru_cache(maxsize=32)
def _rules_pages(facts: Facts, paper: Paper, lang: str) -> int:
    """:func:`rules_pages` in ``lang`` (which is in force: it keys the cache)."""
    return draw_rules(Sheet.scratch(paper), facts)


def draw_rules(sheet: Sheet, facts: Facts) -> int:
    """Draw the rules from the current page on, in two columns; returns the pages used."""
    flow = story(sheet, facts, rules_column_width(sheet))
    return draw_rules_flow(sheet, flow, head=_HEAD, title=_("Patrolis — rules"), max_pages=3)
