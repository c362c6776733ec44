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
from patrolkit.sizes import PatrolisSheet

FULL_NAME: Final = {
    "NW": "north-west",
    "NE": "north-east",
    "SW": "south-west",
    "SE": "south-east",
    "whole": "whole map",
}
EDGE_WORD: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}
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
    where = "the whole map" if plan.per_side == 1 else f"the {FULL_NAME[plan.name]} sheet"
    title = f"Patrolis — map {number}, {where}"
    sheet.text(x, y + 6, title, size=12, font=BOLD)
    sheet.text(
        x,
        y + 11,
        f"Map {game_map.digest}, seed {game_map.seed}, {game_map.size} × {game_map.size} cells of "
        f"{plan.cell_mm:g} mm; this sheet holds {cells}. Page {sheet.page}; "
        f"{total} sheet{'s' * (total != 1)} for this map.",
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
            "Nothing to assemble",
            "Lay the sheet flat. Keep its corner codes and the codes along its edge uncovered "
            "and unmarked: they tell a photo which map this is and where its cells are.",
        ]
    lines = ["How to assemble this sheet"]
    cuts = [EDGE_WORD[e] for e in sorted(plan.lapping, key="NESW".index)]
    strips = [EDGE_WORD[e] for e in sorted(plan.glued, key="NESW".index)]
    if cuts:
        edges = "edges" if len(cuts) > 1 else "edge"
        these = "These edges lap" if len(cuts) > 1 else "This edge laps"
        lines.append(
            f"<b>Cut exactly on the grid's {' and '.join(cuts)} {edges}</b> (solid line), "
            f"straight through the margin. {these} over the neighbour's grey glue strip."
        )
    if strips:
        lines.append(
            f"Cut along the dashed lines, keeping the grey glue strip on the "
            f"{' and '.join(strips)} edge{'s' * (len(strips) > 1)}."
        )
    for edge in sorted(plan.lapping, key="NESW".index):
        other = NEIGHBOUR[(plan.name, edge)]
        lines.append(
            f"Glue the {FULL_NAME[other]} sheet's strip under this sheet's {EDGE_WORD[edge]} "
            "edge: the cut edge on the strip's dark line, every grid line on a tick, rivers and "
            "roads running on."
        )
    lines.append(
        "Order: north-west first, then north-east and south-west, then south-east. Keep the "
        "codes in the outer margins uncovered: a photo reads the board from them."
    )
    return lines


def _assembly_plan(sheet: Sheet, x: float, y: float, plan: PatrolisSheet) -> None:
    """Four squares in their places, this sheet dark, the glue strips grey."""
    side = 15.0
    sheet.text(x, y + 2.5, "The board", size=7.5, font=BOLD)
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
            sx + side / 2, sy + side / 2, name, size=7, fill=WHITE if mine else INK
        )
    sheet.text(x, top + 2 * side + 5.5, "grey: glue strips", size=6.2, fill=SOFT_INK)
