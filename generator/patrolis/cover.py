"""Patrolis' cover: what the kit holds, how to make it, both maps small with their seeded
objective deals, and the game in brief."""

from __future__ import annotations

from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator.flow import brief_box
from generator.frame import (
    CoverStyles,
    draw_cover_title,
    draw_generator_line,
    fill_cover_column,
    sheets_text,
)
from generator.page import BOLD, MARGIN_MM, MM, WHITE, Sheet
from generator.patrolis.deals import KitMap
from generator.patrolis.map_legend import draw_overview
from generator.patrolis.tiles import LETTER_INK, draw_shape
from patrolkit.games.patrolis import STEPS_DEALT, Shape, step_mix
from patrolkit.i18n import N_, _
from patrolkit.numbers import decimal
from patrolkit.sizes import Patrolis

OVERVIEW_SHARE: Final = 0.272
"""The small maps on the cover are at most this share of the page's width (cells of 3.3 mm on
A4, the cover of an A3 kit too), less if the page's height or the map's size needs it."""

COVER: Final = CoverStyles.of("pt-cover", size=8.8, leading=11.6, after=3.4, head_before=4)

BRIEF: Final = (
    (
        N_("Goal"),
        N_(
            "collect objectives by running your track through their cells: blue 5 points, red 3,"
            " green 2, yellow 1."
        ),
    ),
    (
        N_("A turn"),
        N_(
            "lay steps that continue your track (a new track starts at the board's edge), all on"
            " cells of one terrain: at most 1 on water, 2 on mountain, 3 on countryside, 5 on"
            " road. Road cells fit in a turn of any terrain."
        ),
    ),
    (
        N_("Incidents"),
        N_(
            "pointing at a step that does not meet you: bump, start again from the edge. Meeting"
            ' a loose end: join, both start again. A straight across your way: cross it with a "+";'
            " the crossed track loses all its steps before, or all after, the crossing."
        ),
    ),
    (
        N_("End"),
        N_(
            "when every objective is taken or nobody can lay a step. A round is one game per"
            " player."
        ),
    ),
)
"""The game in brief, in English: said with ``_()`` on each head and text (:func:`brief`)."""


def brief() -> tuple[tuple[str, str], ...]:
    """The game in brief in the language in force."""
    return tuple((_(head), _(text)) for head, text in BRIEF)


_ASSEMBLY: Final = N_(
    "Each map is four sheets that lap onto one another: cut each along its lines, keeping"
    " the grey glue strips, and lay the north-east and south-west sheets over the north-west"
    " one's strips, then the south-east sheet over theirs: each cut edge on the strip's line,"
    " each grid line on a tick. Each sheet says what to do with it."
)
_ASSEMBLY_SINGLE: Final = N_("Each map is one sheet: nothing to assemble, keep it flat.")


def cover_contents(
    rules: int,
    board_sheets: int,
    pieces: int,
    players: int,
    size: int,
    cell: float,
    maps: int = 2,
) -> list[str]:
    """The cover's list of sheets (paragraph markup), for a kit of ``maps`` maps."""
    first_board = 2 + rules
    steps = STEPS_DEALT[players]
    mix = step_mix(steps)
    lines = [
        _("<b>{sheets}</b> — this cover: print check, the objective deals, making the kit.").format(
            sheets=sheets_text(1, 1)
        ),
        _("<b>{sheets}</b> — the rules, with pictures.").format(sheets=sheets_text(2, rules)),
    ]
    for number in range(1, maps + 1):
        start = first_board + (number - 1) * board_sheets
        if maps > 1 and board_sheets == 1:
            text = _(
                "<b>{sheets}</b> — map {number}: {size} × {size} cells of {cell} mm, one sheet."
            )
        elif maps > 1:
            text = _(
                "<b>{sheets}</b> — map {number}: {size} × {size} cells of {cell} mm, {count} sheets"
                " to assemble."
            )
        elif board_sheets == 1:
            text = _("<b>{sheets}</b> — the map: {size} × {size} cells of {cell} mm, one sheet.")
        else:
            text = _(
                "<b>{sheets}</b> — the map: {size} × {size} cells of {cell} mm, {count} sheets to"
                " assemble."
            )
        lines.append(
            text.format(
                sheets=sheets_text(start, board_sheets),
                number=number,
                size=size,
                cell=decimal(cell, 3),
                count=board_sheets,
            )
        )
    lines.append(
        _(
            "<b>{sheets}</b> — {players} × {steps} step tiles ({straights} straights, {curves}"
            " curves, {crossings} crossings each) and 8 objectives."
        ).format(
            sheets=sheets_text(first_board + maps * board_sheets, pieces),
            players=players,
            steps=steps,
            straights=mix[Shape.STRAIGHT],
            curves=mix[Shape.CURVE],
            crossings=mix[Shape.CROSS],
        )
    )
    return lines


def draw_cover(
    sheet: Sheet,
    maps: tuple[KitMap, ...],
    contents: list[str],
    players: int,
    *,
    single: bool,
    paper: str = "",
) -> None:
    """The cover; ``paper``: which sheets print on which paper, for a kit on two (paragraph
    markup, see :func:`generator.frame.paper_note`)."""
    width, height = sheet.paper.size
    left, right = MARGIN_MM, width - MARGIN_MM
    facts = (
        _("{count} players (2 to 6)").format(count=players),
        _("about 30 minutes"),
        _("age 8 and up"),
    )
    top = draw_cover_title(
        sheet, "Patrolis", facts, pieces=_("the board, the tiles and the objectives")
    )

    brief_top = _brief_top(sheet, left, height - MARGIN_MM - 6, right - left)
    note = Paragraph(
        _(
            "Or deal by hand: one player points at a letter, the next at a number, and an"
            " objective drawn at random goes on that cell."
        ),
        ParagraphStyle("pt-deal-note", parent=COVER.body, fontSize=7.6, leading=9.6),
    )
    size = maps[0].game_map.size
    largest = OVERVIEW_SHARE * (right - left) / 16
    deal_width = 16 * largest + 6 + 34
    note_height = note.wrap(deal_width * MM, 200 * MM)[1] / MM
    room = (brief_top - 3 - (top + 8) - note_height) / 2 - _DEAL_EXTRA_MM - 6
    # The same size for one map as for two: the cover reads the same either way.
    cell = min(largest, room / size)
    deal_left = right - deal_width
    y = top
    sheet.text(deal_left, y + 4, _("The objectives, dealt"), size=11, font=BOLD)
    y += 8
    for kit_map in maps:
        y = _deal(sheet, kit_map, deal_left, y, cell) + 6
    note.drawOn(sheet.canvas, *sheet.point(deal_left, y + note_height))
    deal_bottom = y + note_height

    flow = COVER.contents(contents)
    flow += [
        Paragraph(_("Making the kit"), COVER.head),
        Paragraph(
            _(
                "Print every sheet at actual size (check the ruler above). Print the tiles and"
                " objectives on card, or glue their sheet to card before cutting, so they lie"
                " flat. Cut them along the marks at the block's edges: every cut runs straight"
                " across the sheet."
            ),
            COVER.body,
        ),
        *([Paragraph(paper, COVER.body)] if paper else []),
        Paragraph(_(_ASSEMBLY_SINGLE if single else _ASSEMBLY), COVER.body),
        Paragraph(
            _(
                "Keep the codes in the board's margins uncovered and unmarked: they tell a photo"
                " which map it shows and where every cell is."
            ),
            COVER.body,
        ),
    ]
    column_right = deal_left - 8
    fill_cover_column(sheet, flow, (left, top, column_right - left, brief_top - 4 - top))
    if deal_bottom > brief_top - 3:
        raise RuntimeError("the objective deals run into the brief")
    brief_box(sheet, left, height - MARGIN_MM - 6, right - left, brief())
    draw_generator_line(sheet)


def _brief_top(sheet: Sheet, x: float, bottom: float, width: float) -> float:
    """Where the brief box will start (it is laid out on scratch paper)."""
    return brief_box(Sheet.scratch(sheet.paper), x, bottom, width, brief())


_DEAL_EXTRA_MM: Final = 6 + 5
"""A deal's height beyond its map's cells: its title above, the letters below."""


def _deal(sheet: Sheet, kit_map: KitMap, x: float, y: float, cell: float) -> float:
    """Map ``kit_map`` small (``cell`` mm cells) with its objectives on it, and their cells
    listed beside; returns the bottom."""
    game_map = kit_map.game_map
    title = _("Map {number} · {digest} · seed {seed}").format(
        number=kit_map.number, digest=game_map.digest, seed=game_map.seed
    )
    sheet.text(x, y + 3, title, size=8.6, font=BOLD)
    mx, my = x + 5, y + 6
    w, h = draw_overview(sheet, game_map, mx, my, cell)
    for objective in kit_map.deal:
        column, row = game_map.column(objective.cell), game_map.row(objective.cell)
        cx = mx + (column + 0.5) * cell
        cy = my + (game_map.size - 1 - row + 0.5) * cell
        ink = Patrolis.OBJECTIVE_INK[objective.colour.value]
        sheet.rect(
            cx - 0.46 * cell,
            cy - 0.46 * cell,
            0.92 * cell,
            0.92 * cell,
            fill=ink,
            stroke=WHITE,
            line=0.25,
        )
        draw_shape(sheet, objective.colour, cx, cy, 0.2 * cell, LETTER_INK[objective.colour])
    tx = mx + w + 4
    ty = my + 2.5
    sheet.text(tx, ty, _("Objective"), size=6.8, font=BOLD)
    sheet.text(tx + 26, ty, _("Cell"), size=6.8, font=BOLD, align="right")
    for k, objective in enumerate(kit_map.deal):
        row_y = ty + 4.2 * (k + 1)
        ink = Patrolis.OBJECTIVE_INK[objective.colour.value]
        sheet.rect(tx, row_y - 2.8, 3.4, 3.4, fill=ink)
        draw_shape(
            sheet, objective.colour, tx + 1.7, row_y - 1.1, 0.8, LETTER_INK[objective.colour]
        )
        sheet.text(
            tx + 4.6,
            row_y,
            f"{objective.colour.said} {objective.colour.points}",
            size=7.2,
        )
        sheet.text(
            tx + 26, row_y, game_map.name(objective.cell), size=7.6, font=BOLD, align="right"
        )
    return my + h + 5
