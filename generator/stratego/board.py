"""The Stratego board on paper: one sheet on A3, two by two lapped sheets on A4 and Letter.

The sheets go together as every lapped board's do (see :mod:`generator.grid_sheets`): a sheet with
a neighbour to the east or the south carries a grey glue strip there, ticked in line with the
grid; a sheet with a neighbour to the west or the north is cut exactly on its grid's edge there
and laid over the neighbour's strip. The corner codes sit only in the outer margins, which
nothing covers; each names the kit, the sheet and the cell size, so a photo alone places every
cell (see :class:`patrolkit.sizes.stratego.StrategoSheet`).

In the manifest a sheet is an item of role ``board-sheet`` (its cells, its cell frame's origin on
the page and its fiducials' boxes in its cell frame among its attrs), and each fiducial an item of
role ``board-fiducial`` with its code in the page frame.
"""

from __future__ import annotations

from typing import Final

from generator import grid_sheets
from generator.page import BOLD, INK, MIN_MARGIN_MM, WHITE, Ink, Paper, Sheet, tint
from patrolkit.games.stratego import COLUMN_NAMES, LAKES, square
from patrolkit.manifest import Item
from patrolkit.payload import Corner, StrategoFiducial, encode
from patrolkit.sizes.lapped import Box
from patrolkit.sizes.stratego import Stratego, StrategoSheet

HOME: Final = {"R": range(0, 4), "B": range(6, 10)}
SIZES: Final = grid_sheets.LappedSizes.of(Stratego)

Placement = grid_sheets.Placement[StrategoSheet]


def extent(plan: StrategoSheet) -> grid_sheets.Extent:
    """``(left, top, right, bottom)`` of everything printed for ``plan``, cell frame."""
    return grid_sheets.lapped_extent(plan, grid_sheets.codes_extent(plan, SIZES), SIZES)


def place(paper: Paper, plan: StrategoSheet) -> Placement:
    """``plan`` against the printable margin on its outer sides (centred across on a single
    sheet), so the free paper is on the side that is cut off."""
    return grid_sheets.place(paper, plan, extent(plan))


def fiducial_payload(corner: Corner, kit: str, plan: StrategoSheet) -> str:
    return encode(StrategoFiducial(corner, kit, plan.column, plan.row, round(plan.cell_mm)))


def draw_board_sheet(sheet: Sheet, kit: str, placement: Placement) -> list[Item]:
    """Draw one board sheet on the current page; its manifest items."""
    plan = placement.plan
    with sheet.frame(*placement.origin):
        grid_sheets.draw_cells(
            sheet, plan, SIZES, lambda column, row, _plan, bled: _cell(sheet, column, row, bled)
        )
        grid_sheets.draw_glue_strips(sheet, plan, SIZES)
        grid_sheets.draw_labels(sheet, plan, COLUMN_NAMES)
        codes = grid_sheets.draw_corner_codes(
            sheet, plan, SIZES, lambda corner: fiducial_payload(corner, kit, plan)
        )
        grid_sheets.draw_cut_lines(sheet, placement, SIZES)
    _notes(sheet, placement)
    return _items(sheet, kit, placement, codes)


def _cell(sheet: Sheet, column: int, row: int, bled: Box) -> None:
    """A lake, or a home row's tint, or nothing."""
    if square(column, row) in LAKES:
        _lake(sheet, *bled)
        return
    for army, home in HOME.items():
        if row in home:
            home_tint = Stratego.ARMY_TINT[army]
            sheet.rect(*bled, fill=home_tint if sheet.ink is Ink.NORMAL else tint(home_tint, 0.5))


def _lake(sheet: Sheet, x: float, y: float, w: float, h: float) -> None:
    """Water: a blue tint with wave lines, which tell it apart in grey too."""
    lake = Stratego.LAKE_INK
    sheet.rect(x, y, w, h, fill=lake if sheet.ink is Ink.NORMAL else tint(lake, 0.4))
    step = 4.0
    k = y + step / 2
    while k < y + h:
        for i in range(int(w // 6)):
            a = x + 1.0 + i * 6
            sheet.curve(
                [(a, k), (a + 1.5, k - 1.2), (a + 3.0, k - 1.2), (a + 4.5, k)],
                stroke=WHITE,
                width=0.4,
            )
        k += step


def _notes(sheet: Sheet, placement: Placement) -> None:
    """The sheet's title and what to do with it, on the paper that is cut off (or below)."""
    plan = placement.plan
    oy = placement.origin[1]
    top, bottom = placement.extent[1], placement.extent[3]
    y = oy + bottom + 8 if "N" in plan.outer else oy + top - 22
    x = MIN_MARGIN_MM + 2
    sheet.text(x, y, grid_sheets.sheet_title("Stratego", plan, COLUMN_NAMES), size=11, font=BOLD)
    lines = grid_sheets.assembly_notes(plan)
    for i, line in enumerate(lines):
        sheet.text(x, y + 5 + 4 * i, line, size=7.6, fill=INK)
    if y < MIN_MARGIN_MM + 4 or y + 5 + 4 * len(lines) > sheet.paper.height - MIN_MARGIN_MM:
        raise ValueError(f"no room for the notes of board sheet {plan.name}")


def _items(sheet: Sheet, kit: str, placement: Placement, codes: grid_sheets.Codes) -> list[Item]:
    attrs = {
        **grid_sheets.placed_attrs(kit, placement),
        "cell_mm": placement.plan.cell_mm,
        **grid_sheets.grid_attrs(placement.plan, codes),
    }
    board = grid_sheets.board_sheet_item(sheet, placement, attrs)
    return [board, *grid_sheets.fiducial_items(sheet, board.id, placement.origin, codes)]
