"""The grand jeu board on paper: the 8 x 8 board on one A3 sheet or two by two lapped sheets, the
10 x 10 board always on two by two lapped sheets, each patrol's prison beside it.

The sheets go together as every lapped board's do (see :mod:`generator.grid_sheets`): a sheet
with a neighbour to the east or the south carries a grey glue strip there, ticked in line with
the grid; a sheet with a neighbour to the west or the north is cut exactly on its grid's edge
there and laid over the neighbour's strip.
The corner codes sit only in the outer margins; each names the kit, the sheet, the board's side
and the cell size, so a photo alone places every cell and every prison (see
:class:`patrolkit.sizes.grand_jeu.GrandJeuSheet`).

Each patrol's second row (where it sets up and where freed scouts come back) is tinted in its
colour, and each cell of its far row carries a band of its colour along the board's edge. A
prison is a block of slots, one per scout of the patrol, in its colour and with its name.

In the manifest a sheet is an item of role ``board-sheet`` (its cells, its cell frame's origin on
the page, its fiducials' and prisons' boxes in its cell frame), each fiducial an item of role
``board-fiducial`` with its code in the page frame, and each prison an item of role ``prison``.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from generator import grid_sheets
from generator.grand_jeu.tokens import draw_emblem, patrol_name
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, Ink, Paper, Sheet, text_width, tint
from patrolkit.games.grand_jeu.board import COLUMN_LETTERS
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item
from patrolkit.payload import Corner, GrandJeuFiducial, encode
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu, GrandJeuSheet, Prison
from patrolkit.sizes.lapped import Box as CellBox

SIZES: Final = grid_sheets.LappedSizes.of(GrandJeu)
LOW_INK_BAND: Final = 0.4
"""A low-ink board's far-row bands: their patrol's colour at this share, framed as ever."""
LOW_INK_ROW: Final = 0.5
"""A low-ink board's second rows: their patrol's tint at this share."""

Placement = grid_sheets.Placement[GrandJeuSheet]


def extent(plan: GrandJeuSheet) -> grid_sheets.Extent:
    """``(left, top, right, bottom)`` of everything printed for ``plan``, cell frame: the corner
    codes' extent, run past each prison and the line naming it
    (:meth:`~patrolkit.sizes.grand_jeu.GrandJeuSheet.printed_extent`)."""
    printed = plan.printed_extent(SIZES.quiet_mm, SIZES.code_gap_mm)
    return grid_sheets.lapped_extent(plan, printed, SIZES)


def place(paper: Paper, plan: GrandJeuSheet) -> Placement:
    """``plan`` against the printable margin on its outer sides (centred across on a single
    sheet, at the top so its notes go below), so the free paper is on the side that is cut
    off."""
    return grid_sheets.place(paper, plan, extent(plan))


def fiducial_payload(corner: Corner, kit: str, plan: GrandJeuSheet) -> str:
    return encode(
        GrandJeuFiducial(corner, kit, plan.column, plan.row, plan.size, round(plan.cell_mm))
    )


def draw_board_sheet(sheet: Sheet, kit: str, placement: Placement) -> list[Item]:
    """Draw one board sheet on the current page; its manifest items."""
    plan = placement.plan
    with sheet.frame(*placement.origin):
        grid_sheets.draw_cells(sheet, plan, SIZES, partial(_cell, sheet, plan))
        grid_sheets.draw_glue_strips(sheet, plan, SIZES)
        grid_sheets.draw_labels(sheet, plan, COLUMN_LETTERS)
        for prison in plan.prisons:
            _prison(sheet, prison)
        codes = grid_sheets.draw_corner_codes(
            sheet, plan, SIZES, lambda corner: fiducial_payload(corner, kit, plan)
        )
        grid_sheets.draw_cut_lines(sheet, placement, SIZES)
    _notes(sheet, placement)
    return _items(sheet, kit, placement, codes)


def second_row_owners(plan: GrandJeuSheet, column: int, row: int) -> list[str]:
    """The patrols (letters) whose second row holds the cell."""
    last = plan.size - 1
    depth = {"S": row, "N": last - row, "W": column, "E": last - column}
    return [p for p in SEATS[plan.players] if depth[p] == 1]


def far_row_owners(plan: GrandJeuSheet, column: int, row: int) -> list[tuple[str, str]]:
    """``(patrol, edge)`` for each patrol whose far row holds the cell, with the board edge the
    far row runs along."""
    last = plan.size - 1
    found = []
    for patrol, edge, on in (
        ("S", "N", row == last),
        ("N", "S", row == 0),
        ("W", "E", column == last),
        ("E", "W", column == 0),
    ):
        if on and patrol in SEATS[plan.players]:
            found.append((patrol, edge))
    return found


def _cell(
    sheet: Sheet, plan: GrandJeuSheet, column: int, row: int, box: CellBox, bled: CellBox
) -> None:
    """A second row's tint (split along the diagonal where two meet), and a band of the patrol's
    colour along the board's edge on each cell of its far row."""
    x, y, c, _h = box
    owners = second_row_owners(plan, column, row)
    if len(owners) == 1:
        sheet.rect(*bled, fill=_row_tint(sheet, owners[0]))
    elif len(owners) == 2:
        # A corner cell of two second rows: each patrol's tint on the half towards it.
        _split_cell(sheet, plan, column, row, owners, x, y)
    band = GrandJeu.FAR_ROW_BAND_MM
    for patrol, edge in far_row_owners(plan, column, row):
        ink = GrandJeu.PATROL_INK[patrol]
        if sheet.ink is Ink.LOW:
            ink = tint(ink, LOW_INK_BAND)
        band_box = {
            "N": (x, y, c, band),
            "S": (x, y + c - band, c, band),
            "W": (x, y, band, c),
            "E": (x + c - band, y, band, c),
        }[edge]
        sheet.rect(*band_box, fill=ink, stroke=INK, line=0.15)


def _split_cell(
    sheet: Sheet,
    plan: GrandJeuSheet,
    column: int,
    row: int,
    owners: list[str],
    x: float,
    y: float,
) -> None:
    c = plan.cell_mm
    corners = {"NW": (x, y), "NE": (x + c, y), "SE": (x + c, y + c), "SW": (x, y + c)}
    # The diagonal runs from the corner nearest the board's corner to the opposite one.
    west = column < plan.size / 2
    south = row < plan.size / 2
    a = corners[("S" if south else "N") + ("W" if west else "E")]
    b = corners[("N" if south else "S") + ("E" if west else "W")]
    for patrol in owners:
        # South and North own the half along their edge; West and East the other.
        if patrol in ("S", "N"):
            third = corners[("S" if patrol == "S" else "N") + ("E" if west else "W")]
        else:
            third = corners[("N" if south else "S") + ("W" if patrol == "W" else "E")]
        sheet.polygons([[a, third, b]], fill=_row_tint(sheet, patrol))


def _row_tint(sheet: Sheet, patrol: str) -> str:
    """``patrol``'s second-row tint as ``sheet``'s ink prints it."""
    row = GrandJeu.PATROL_TINT[patrol]
    return row if sheet.ink is Ink.NORMAL else tint(row, LOW_INK_ROW)


def _prison(sheet: Sheet, prison: Prison) -> None:
    """The prison's slots in the patrol's tint, framed in its colour, named on the outer side."""
    ink = GrandJeu.PATROL_INK[prison.patrol]
    tint = GrandJeu.PATROL_TINT[prison.patrol]
    x, y, w, h = prison.box
    for sx, sy, sw, sh in prison.slots:
        sheet.rect(sx, sy, sw, sh, fill=tint, stroke=SOFT_INK, line=0.25)
    sheet.rect(x, y, w, h, stroke=ink, line=1.2)
    sheet.rect(x - 0.6, y - 0.6, w + 1.2, h + 1.2, stroke=INK, line=0.2)
    above = y < 0
    base = y - 2.0 if above else y + h + 4.4
    name = _("{patrol}'s prison — captured {patrol} scouts").format(
        patrol=patrol_name(prison.patrol)
    )
    draw_emblem(sheet, prison.patrol, x + 2.2, base - 1.3, 2.6)
    sheet.text(x + 4.6, base, name, size=7.6, font=BOLD)


NOTE_SIZE: Final = 7.2
NOTE_LEADING_MM: Final = 3.6
NOTE_LINES: Final = 3
"""The assembly notes under a sheet's title: their size, the step from line to line, and how
many lines the space above a board (on a sheet whose outer side is south) holds before the notes
start higher."""


def _notes(sheet: Sheet, placement: Placement) -> None:
    """The sheet's title and what to do with it, on the paper that is cut off (or beside); a
    note wider than the page runs on over the next line."""
    plan = placement.plan
    _ox, oy = placement.origin
    _left, top, _right, bottom = placement.extent
    x = MIN_MARGIN_MM + 2
    width = sheet.paper.width - MIN_MARGIN_MM - 2 - x
    notes = grid_sheets.assembly_notes(plan, _("the corner codes and the prisons"))
    lines = [line for note in notes for line in _wrapped(note, width)]
    room = sheet.paper.height - MIN_MARGIN_MM - 1.6 - NOTE_LEADING_MM * len(lines)
    if "N" in plan.outer and "S" not in plan.outer:
        # 6 mm under the board, or up to 5 mm when a note ran on over another line
        y = max(oy + bottom + 5, min(oy + bottom + 6, room))
    elif "S" in plan.outer and "N" not in plan.outer:
        y = oy + top - 17 - NOTE_LEADING_MM * max(0, len(lines) - NOTE_LINES)
    else:
        y = oy + bottom + 5
    title = grid_sheets.sheet_title("Le grand jeu des patrouilles", plan, COLUMN_LETTERS)
    sheet.text(x, y, title, size=11, font=BOLD)
    for i, line in enumerate(lines):
        sheet.text(x, y + 4.2 + NOTE_LEADING_MM * i, line, size=NOTE_SIZE, fill=INK)
    if y < MIN_MARGIN_MM + 4 or y > room:
        raise ValueError(f"no room for the notes of board sheet {plan.name}")


def _wrapped(text: str, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` mm at the notes' size, broken between words."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", NOTE_SIZE) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _items(sheet: Sheet, kit: str, placement: Placement, codes: grid_sheets.Codes) -> list[Item]:
    plan = placement.plan
    ox, oy = placement.origin
    attrs = {
        **grid_sheets.placed_attrs(kit, placement),
        "board_origin": list(plan.board_origin),
        "cell_mm": plan.cell_mm,
        "size": plan.size,
        **grid_sheets.grid_attrs(plan, codes),
        "prisons": [p.patrol for p in plan.prisons],
    }
    board = grid_sheets.board_sheet_item(sheet, placement, attrs)
    base = board.id
    items = [board]
    for prison in plan.prisons:
        x, y, w, h = prison.box
        items.append(
            Item(
                id=f"prison-{prison.patrol}",
                role="prison",
                sheet=sheet.page,
                cut=Box(round(x + ox, 4), round(y + oy, 4), w, h),
                attrs={
                    "patrol": prison.patrol,
                    "board_sheet": base,
                    "box": grid_sheets.box_attrs(Box(*prison.box)),
                    "rows": prison.rows,
                    "columns": prison.columns,
                    "slots": [grid_sheets.box_attrs(Box(*slot)) for slot in prison.slots],
                },
            )
        )
    return items + grid_sheets.fiducial_items(sheet, base, placement.origin, codes)
