"""The notes on a Patrolis board sheet's free paper: its title, a plan of the assembly, and what
to do with this sheet."""

from __future__ import annotations

from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator.flow import fill_columns
from generator.page import BOLD, FONT, INK, SOFT_INK, WHITE, Sheet
from generator.patrolis.map_legend import draw_legend, legend_width
from generator.patrolis.placement import Placement
from patrolkit.games.patrolis import LETTERS, Map
from patrolkit.i18n import N_, _, ngettext
from patrolkit.numbers import decimal
from patrolkit.sizes import PatrolisSheet

SHEET_OF: Final = {
    "NW": N_("the north-west sheet"),
    "NE": N_("the north-east sheet"),
    "SW": N_("the south-west sheet"),
    "SE": N_("the south-east sheet"),
}
"""Each quarter sheet named in English: said with ``_(SHEET_OF[name])``."""
CORNER_LABEL: Final = {"NW": N_("NW"), "NE": N_("NE"), "SW": N_("SW"), "SE": N_("SE")}
"""Each quarter's short label on the assembly plan, in English: said with ``_()``."""
EDGE_WORD: Final = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
"""Each edge in English: said with ``_(EDGE_WORD[edge])``."""
GLUE_UNDER: Final = {
    "NW": N_(
        "Glue the north-west sheet's strip under this sheet's {edge} edge: the cut edge on"
        " the strip's dark line, every grid line on a tick, rivers and roads running on."
    ),
    "NE": N_(
        "Glue the north-east sheet's strip under this sheet's {edge} edge: the cut edge on"
        " the strip's dark line, every grid line on a tick, rivers and roads running on."
    ),
    "SW": N_(
        "Glue the south-west sheet's strip under this sheet's {edge} edge: the cut edge on"
        " the strip's dark line, every grid line on a tick, rivers and roads running on."
    ),
    "SE": N_(
        "Glue the south-east sheet's strip under this sheet's {edge} edge: the cut edge on"
        " the strip's dark line, every grid line on a tick, rivers and roads running on."
    ),
}
"""What to glue under a lapping edge, by the neighbour whose strip it is."""
NEIGHBOUR: Final = {
    ("NW", "E"): "NE",
    ("NW", "S"): "SW",
    ("NE", "S"): "SE",
    ("NE", "W"): "NW",
    ("SW", "E"): "SE",
    ("SW", "N"): "NW",
    ("SE", "W"): "SW",
    ("SE", "N"): "NE",
}
_NOTE = ParagraphStyle(
    "pt-sheet-note", fontName=FONT, fontSize=8.2, leading=10.6, spaceAfter=2.4, textColor=INK
)
_NOTE_HEAD = ParagraphStyle("pt-sheet-note-head", parent=_NOTE, fontName=BOLD, fontSize=9.4)


# -- notes on the free paper --------------------------------------------------------------------


def draw_notes(
    sheet: Sheet, game_map: Map, number: int, placement: Placement, total: int, *, legend: bool
) -> None:
    """The sheet's title, a plan of the assembly, and what to do with this sheet."""
    plan = placement.plan
    x, y, width, height = placement.free
    if height < 13:
        raise ValueError(f"no room for the title of sheet {plan.name}")
    first_column, columns, first_row, rows = plan.cells
    cells = (
        f"{LETTERS[first_column]}{first_row + 1}–"
        f"{LETTERS[first_column + columns - 1]}{first_row + rows}"
    )
    where = _("the whole map") if plan.per_side == 1 else _(SHEET_OF[plan.name])
    title = _("Patrolis — map {number}, {where}").format(number=number, where=where)
    sheet.text(x, y + 6, title, size=12, font=BOLD)
    sheet.text(
        x,
        y + 11,
        ngettext(
            "Map {digest}, seed {seed}, {size} × {size} cells of {cell} mm; this sheet holds"
            " {cells}. Page {page}; {total} sheet for this map.",
            "Map {digest}, seed {seed}, {size} × {size} cells of {cell} mm; this sheet holds"
            " {cells}. Page {page}; {total} sheets for this map.",
            total,
        ).format(
            digest=game_map.digest,
            seed=game_map.seed,
            size=game_map.size,
            cell=decimal(plan.cell_mm, 3),
            cells=cells,
            page=sheet.page,
            total=total,
        ),
        size=7.6,
    )
    top = y + 16
    if height < 30 and plan.per_side == 1 and not legend:
        return  # a single sheet needs no assembly notes
    text_left = x
    if plan.per_side > 1:
        _assembly_plan(sheet, x, top, plan)
        text_left = x + 42
    text_right = x + width
    if legend:
        text_right -= legend_width() + 6
        draw_legend(sheet, text_right + 6, top)
    flow = [Paragraph(line, _NOTE_HEAD if i == 0 else _NOTE) for i, line in enumerate(_steps(plan))]
    fill_columns(sheet, flow, [(text_left, top, text_right - text_left, height - 18)])
    if flow:
        raise RuntimeError(f"the notes of sheet {plan.name} do not fit")


def _steps(plan: PatrolisSheet) -> list[str]:
    """What to do with this sheet, as paragraphs."""
    if plan.per_side == 1:
        return [
            _("Nothing to assemble"),
            _(
                "Lay the sheet flat. Keep its corner codes and the codes along its edge uncovered"
                " and unmarked: they tell a photo which map this is and where its cells are."
            ),
        ]
    lines = [_("How to assemble this sheet")]
    cuts = [_(EDGE_WORD[e]) for e in sorted(plan.lapping, key="NESW".index)]
    strips = [_(EDGE_WORD[e]) for e in sorted(plan.glued, key="NESW".index)]
    if len(cuts) == 1:
        lines.append(
            _(
                "<b>Cut exactly on the grid's {edge} edge</b> (solid line), straight through the"
                " margin. This edge laps over the neighbour's grey glue strip."
            ).format(edge=cuts[0])
        )
    elif cuts:
        lines.append(
            _(
                "<b>Cut exactly on the grid's {edge} and {other} edges</b> (solid line), straight"
                " through the margin. These edges lap over the neighbour's grey glue strip."
            ).format(edge=cuts[0], other=cuts[-1])
        )
    if len(strips) == 1:
        lines.append(
            _("Cut along the dashed lines, keeping the grey glue strip on the {edge} edge.").format(
                edge=strips[0]
            )
        )
    elif strips:
        lines.append(
            _(
                "Cut along the dashed lines, keeping the grey glue strip on the {edge} and"
                " {other} edges."
            ).format(edge=strips[0], other=strips[-1])
        )
    for edge in sorted(plan.lapping, key="NESW".index):
        other = NEIGHBOUR[(plan.name, edge)]
        lines.append(_(GLUE_UNDER[other]).format(edge=_(EDGE_WORD[edge])))
    lines.append(
        _(
            "Order: north-west first, then north-east and south-west, then south-east. Keep the"
            " codes in the outer margins uncovered: a photo reads the board from them."
        )
    )
    return lines


def _assembly_plan(sheet: Sheet, x: float, y: float, plan: PatrolisSheet) -> None:
    """Four squares in their places, this sheet dark, the glue strips grey."""
    side = 15.0
    sheet.text(x, y + 2.5, _("The board"), size=7.5, font=BOLD)
    top = y + 5
    for name, (col, row) in {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}.items():
        sx, sy = x + col * (side + 1.5), top + row * (side + 1.5)
        mine = name == plan.name
        sheet.rect(sx, sy, side, side, fill=INK if mine else WHITE, stroke=INK, line=0.3)
        if name in ("NW", "SW"):
            sheet.rect(sx + side, sy + 1, 1.5, side - 2, fill="#9A9A9A")
        if name in ("NW", "NE"):
            sheet.rect(sx + 1, sy + side, side - 2, 1.5, fill="#9A9A9A")
        sheet.centred_glyphs(
            sx + side / 2, sy + side / 2, _(CORNER_LABEL[name]), size=7, fill=WHITE if mine else INK
        )
    sheet.text(x, top + 2 * side + 5.5, _("grey: glue strips"), size=6.2, fill=SOFT_INK)
