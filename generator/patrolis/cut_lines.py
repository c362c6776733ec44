"""The cut lines of a Patrolis board sheet: solid where the sheet is cut exactly on its grid's
edge, dashed through the free paper, with a note by the scissors."""

from __future__ import annotations

from typing import Final

from generator.outline import cut_segments, lapped_piece
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, Paper, Sheet
from generator.patrolis.placement import Placement
from patrolkit.i18n import _
from patrolkit.sizes import Patrolis, PatrolisSheet

CUT_INK: Final = INK
CUT_MM: Final = 0.3


# -- cut lines ----------------------------------------------------------------------------------


def draw_cut_lines(sheet: Sheet, placement: Placement, paper: Paper) -> None:
    """The piece's outline where it must be cut, in the cell frame; the grid edges that lap
    over a neighbour are cut exactly and say so."""
    plan = placement.plan
    ox, oy = placement.origin
    m = MIN_MARGIN_MM
    within = (m - ox, m - oy, paper.width - m - ox, paper.height - m - oy)
    segments = cut_segments(lapped_piece(plan, 1000.0, Patrolis.GLUE_MM), within)
    for x1, y1, x2, y2 in segments:
        on_grid_edge = (x1 == x2 == 0.0 and "W" in plan.lapping) or (
            y1 == y2 == 0.0 and "N" in plan.lapping
        )
        if on_grid_edge:
            # Only outside the cells: inside, the cells' own edge is the line.
            _outside_cells(sheet, plan, x1, y1, x2, y2)
        else:
            _dashed(sheet, x1, y1, x2, y2)
    for edge in sorted(plan.lapping):
        _scissors_note(sheet, plan, edge)


def _outside_cells(
    sheet: Sheet, plan: PatrolisSheet, x1: float, y1: float, x2: float, y2: float
) -> None:
    if x1 == x2:
        for a, b in ((y1, min(y2, 0.0)), (max(y1, plan.height), y2)):
            if b > a:
                sheet.line(x1, a, x2, b, stroke=CUT_INK, width=CUT_MM)
    else:
        for a, b in ((x1, min(x2, 0.0)), (max(x1, plan.width), x2)):
            if b > a:
                sheet.line(a, y1, b, y2, stroke=CUT_INK, width=CUT_MM)


def _dashed(sheet: Sheet, x1: float, y1: float, x2: float, y2: float) -> None:
    canvas = sheet.canvas
    canvas.saveState()
    canvas.setDash(2.2 * 2.835, 1.4 * 2.835)
    sheet.line(x1, y1, x2, y2, stroke=CUT_INK, width=CUT_MM)
    canvas.restoreState()


def _scissors_note(sheet: Sheet, plan: PatrolisSheet, edge: str) -> None:
    """A note in the free paper beyond a lapping edge: cut exactly on the grid's edge."""
    text = _("CUT EXACTLY ON THE GRID'S EDGE — this side laps over its neighbour")
    if edge == "W":
        with sheet.frame(-3.2, plan.height / 2, rotate=-90):
            sheet.text(0, 0, text, size=5.6, font=BOLD, fill=SOFT_INK, align="centre")
    else:
        sheet.text(plan.width / 2, -2.6, text, size=5.6, font=BOLD, fill=SOFT_INK, align="centre")
