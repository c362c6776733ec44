"""The grand jeu board on paper: the 8 x 8 board on one A3 sheet or two by two lapped sheets, the
10 x 10 board always on two by two lapped sheets, each patrol's prison beside it.

The sheets go together as a Stratego board's do: a sheet with a neighbour to the east or the
south carries a grey glue strip there, ticked in line with the grid; a sheet with a neighbour to
the west or the north is cut exactly on its grid's edge there and laid over the neighbour's strip.
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

from dataclasses import dataclass
from typing import Final

from generator import qr
from generator.grand_jeu.tokens import PATROL_NAME, draw_emblem
from generator.outline import cut_segments, lapped_piece
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Paper, Sheet
from patrolkit.games.grand_jeu.board import COLUMN_LETTERS
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import Corner, GrandJeuFiducial, encode
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.grand_jeu import SEATS, GrandJeu, GrandJeuSheet, Prison

GLUE_FILL: Final = "#E4E4E4"
GRID_MM: Final = 0.35
LABEL_SIZE: Final = 9.0
PRISON_LABEL_MM: Final = 6.0
"""The line naming a prison, on its outer side."""
FULL_NAME: Final = {
    "NW": "north-west",
    "NE": "north-east",
    "SW": "south-west",
    "SE": "south-east",
}


@dataclass(frozen=True)
class Placement:
    """A board sheet on its page: its cell frame's origin (page mm) and the extent printed round
    its cells (cell frame: left, top, right, bottom)."""

    plan: GrandJeuSheet
    origin: tuple[float, float]
    extent: tuple[float, float, float, float]


def extent(plan: GrandJeuSheet) -> tuple[float, float, float, float]:
    quiet = GrandJeu.QUIET_MM
    boxes = [box for _, box in plan.fiducials]
    left = min([-GrandJeu.CODE_GAP_MM] + [x - quiet for x, _, _, _ in boxes])
    top = min([0.0] + [y - quiet for _, y, _, _ in boxes])
    right = max([plan.width] + [x + w + quiet for x, _, w, _ in boxes])
    bottom = max([plan.height + GrandJeu.CODE_GAP_MM] + [y + h + quiet for _, y, _, h in boxes])
    for prison in plan.prisons:
        _, y, _, h = prison.box
        top = min(top, y - PRISON_LABEL_MM)
        bottom = max(bottom, y + h + PRISON_LABEL_MM)
    if "W" in plan.lapping:
        left = -GrandJeu.BLEED_MM
    if "N" in plan.lapping:
        top = -GrandJeu.BLEED_MM
    if "E" in plan.glued:
        right = plan.width + GrandJeu.GLUE_MM
    if "S" in plan.glued:
        bottom = plan.height + GrandJeu.GLUE_MM
    return (left, top, right, bottom)


def place(paper: Paper, plan: GrandJeuSheet) -> Placement:
    """``plan`` against the printable margin on its outer sides (centred across on a single
    sheet, at the top so its notes go below), so the free paper is on the side that is cut
    off."""
    left, top, right, bottom = extent(plan)
    m = MIN_MARGIN_MM
    spare_x = paper.width - 2 * m - (right - left)
    spare_y = paper.height - 2 * m - (bottom - top)
    if spare_x < 0 or spare_y < 0:
        raise ValueError(f"board sheet {plan.name} does not fit {paper.name} paper")
    if "W" in plan.outer and "E" in plan.outer:
        x = m - left + spare_x / 2
    elif "W" in plan.outer:
        x = m - left
    else:
        x = paper.width - m - right
    y = m - top if "N" in plan.outer else paper.height - m - bottom
    return Placement(plan, (round(x, 3), round(y, 3)), (left, top, right, bottom))


def fiducial_payload(corner: Corner, kit: str, plan: GrandJeuSheet) -> str:
    return encode(
        GrandJeuFiducial(corner, kit, plan.column, plan.row, plan.size, round(plan.cell_mm))
    )


def draw_board_sheet(sheet: Sheet, kit: str, placement: Placement) -> list[Item]:
    """Draw one board sheet on the current page; its manifest items."""
    plan = placement.plan
    ox, oy = placement.origin
    codes: list[tuple[Corner, QrCode]] = []
    with sheet.frame(ox, oy):
        _cells(sheet, plan)
        for edge in sorted(plan.glued):
            _glue_strip(sheet, plan, edge)
        _labels(sheet, plan)
        for prison in plan.prisons:
            _prison(sheet, prison)
        for corner, (x, y, _, _) in plan.fiducials:
            symbol = qr.symbol(
                fiducial_payload(corner, kit, plan),
                version=GrandJeu.FIDUCIAL_QR_VERSION,
                error_correction=QR_ERROR_CORRECTION,
            )
            record = qr.draw(
                sheet, symbol, x, y, GrandJeu.FIDUCIAL_MODULE_MM,
                quiet_modules=GrandJeu.QUIET_MODULES,
            )  # fmt: skip
            codes.append((corner, record))
        _cut_lines(sheet, placement)
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


def _cells(sheet: Sheet, plan: GrandJeuSheet) -> None:
    first_column, columns, first_row, rows = plan.cells
    c = plan.cell_mm
    bleed = {edge: GrandJeu.BLEED_MM for edge in plan.lapping}
    x0, y0 = -bleed.get("W", 0.0), -bleed.get("N", 0.0)
    sheet.rect(x0, y0, plan.width - x0, plan.height - y0, fill=WHITE)
    band = GrandJeu.FAR_ROW_BAND_MM
    for column in range(first_column, first_column + columns):
        for row in range(first_row, first_row + rows):
            x, y, _, _ = plan.cell_box(column, row)
            dx = bleed.get("W", 0.0) if column == first_column else 0.0
            dy = bleed.get("N", 0.0) if row == first_row + rows - 1 else 0.0
            owners = second_row_owners(plan, column, row)
            if len(owners) == 1:
                tint = GrandJeu.PATROL_TINT[owners[0]]
                sheet.rect(x - dx, y - dy, c + dx, c + dy, fill=tint)
            elif len(owners) == 2:
                # A corner cell of two second rows: each patrol's tint on the half towards it.
                _split_cell(sheet, plan, column, row, owners, x, y)
            for patrol, edge in far_row_owners(plan, column, row):
                ink = GrandJeu.PATROL_INK[patrol]
                box = {
                    "N": (x, y, c, band),
                    "S": (x, y + c - band, c, band),
                    "W": (x, y, band, c),
                    "E": (x + c - band, y, band, c),
                }[edge]
                sheet.rect(*box, fill=ink, stroke=INK, line=0.15)
    for k in range(columns + 1):
        sheet.line(k * c, y0, k * c, plan.height, width=GRID_MM)
    for k in range(rows + 1):
        sheet.line(x0, k * c, plan.width, k * c, width=GRID_MM)


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
        sheet.polygons([[a, third, b]], fill=GrandJeu.PATROL_TINT[patrol])


def _glue_strip(sheet: Sheet, plan: GrandJeuSheet, edge: str) -> None:
    glue, c = GrandJeu.GLUE_MM, plan.cell_mm
    if edge == "E":
        sheet.rect(plan.width, 0, glue, plan.height, fill=GLUE_FILL)
        for k in range(plan.cells[3] + 1):
            sheet.line(plan.width, k * c, plan.width + glue, k * c, width=0.3)
        for k in range(plan.cells[3]):
            with sheet.frame(plan.width + glue / 2, (k + 0.5) * c, rotate=90):
                sheet.centred_glyphs(0, 0, "GLUE", size=6.0, fill=SOFT_INK)
        sheet.line(plan.width, 0, plan.width, plan.height, width=0.45)
    else:
        sheet.rect(0, plan.height, plan.width, glue, fill=GLUE_FILL)
        for k in range(plan.cells[1] + 1):
            sheet.line(k * c, plan.height, k * c, plan.height + glue, width=0.3)
        for k in range(plan.cells[1]):
            sheet.centred_glyphs((k + 0.5) * c, plan.height + glue / 2, "GLUE", size=6.0,
                                 fill=SOFT_INK)  # fmt: skip
        sheet.line(0, plan.height, plan.width, plan.height, width=0.45)


def _labels(sheet: Sheet, plan: GrandJeuSheet) -> None:
    """Row numbers in the west margin, column letters in the south margin."""
    first_column, columns, first_row, rows = plan.cells
    if "W" in plan.outer:
        for row in range(first_row, first_row + rows):
            _, y, _, h = plan.cell_box(first_column, row)
            sheet.text(-1.6, y + h / 2 + 1.6, str(row + 1), size=LABEL_SIZE, font=BOLD,
                       align="right")  # fmt: skip
    if "S" in plan.outer:
        for column in range(first_column, first_column + columns):
            x, _, w, _ = plan.cell_box(column, first_row)
            sheet.text(x + w / 2, plan.height + 4.6, COLUMN_LETTERS[column], size=LABEL_SIZE,
                       font=BOLD, align="centre")  # fmt: skip


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
    name = f"{PATROL_NAME[prison.patrol]}'s prison — captured {PATROL_NAME[prison.patrol]} scouts"
    draw_emblem(sheet, prison.patrol, x + 2.2, base - 1.3, 2.6)
    sheet.text(x + 4.6, base, name, size=7.6, font=BOLD)


def _cut_lines(sheet: Sheet, placement: Placement) -> None:
    """Solid where the sheet is cut exactly on its grid's edge, dashed elsewhere."""
    plan = placement.plan
    ox, oy = placement.origin
    m, paper = MIN_MARGIN_MM, sheet.paper
    within = (m - ox, m - oy, paper.width - m - ox, paper.height - m - oy)
    for x1, y1, x2, y2 in cut_segments(lapped_piece(plan, 1000.0, GrandJeu.GLUE_MM), within):
        exact = (x1 == x2 == 0.0 and "W" in plan.lapping) or (
            y1 == y2 == 0.0 and "N" in plan.lapping
        )
        canvas = sheet.canvas
        canvas.saveState()
        if not exact:
            canvas.setDash(2.2 * 2.835, 1.4 * 2.835)
        sheet.line(x1, y1, x2, y2, stroke=INK, width=0.3)
        canvas.restoreState()


def _notes(sheet: Sheet, placement: Placement) -> None:
    """The sheet's title and what to do with it, on the paper that is cut off (or beside)."""
    plan = placement.plan
    _, oy = placement.origin
    _, top, _, bottom = placement.extent
    paper = sheet.paper
    first_column, columns, first_row, rows = plan.cells
    cells = (
        f"{COLUMN_LETTERS[first_column]}{first_row + 1}–"
        f"{COLUMN_LETTERS[first_column + columns - 1]}{first_row + rows}"
    )
    if "N" in plan.outer and "S" not in plan.outer:
        y = oy + bottom + 6
    elif "S" in plan.outer and "N" not in plan.outer:
        y = oy + top - 17
    else:
        y = oy + bottom + 5
    x = MIN_MARGIN_MM + 2
    where = "" if plan.per_side == 1 else f", {FULL_NAME[plan.name]} sheet"
    title = f"Le grand jeu des patrouilles — the board{where} (cells {cells})"
    sheet.text(x, y, title, size=11, font=BOLD)
    lines = []
    if plan.per_side == 1:
        lines.append("Nothing to assemble: keep the four corner codes uncovered and unmarked.")
    else:
        cuts = " and ".join({"W": "west", "N": "north"}[e] for e in sorted(plan.lapping))
        strips = " and ".join({"E": "east", "S": "south"}[e] for e in sorted(plan.glued))
        if cuts:
            lines.append(
                f"Cut exactly on the grid's {cuts} edge (solid line); it laps over the"
                " neighbour's grey strip, every grid line on a tick."
            )
        if strips:
            lines.append(f"Keep the grey glue strip on the {strips} edge; cut on the dashed lines.")
        lines.append(
            "Order: north-west, then north-east and south-west, then south-east. Keep the corner"
            " codes and the prisons uncovered: a photo finds the board by them."
        )
    for i, line in enumerate(lines):
        sheet.text(x, y + 4.2 + 3.6 * i, line, size=7.2, fill=INK)
    if y < MIN_MARGIN_MM + 4 or y + 1.6 + 3.6 * len(lines) > paper.height - MIN_MARGIN_MM:
        raise ValueError(f"no room for the notes of board sheet {plan.name}")


def _items(
    sheet: Sheet, kit: str, placement: Placement, codes: list[tuple[Corner, QrCode]]
) -> list[Item]:
    plan = placement.plan
    ox, oy = placement.origin
    left, top, right, bottom = placement.extent
    page = sheet.paper
    base = f"board-{plan.name}"
    first_column, columns, first_row, rows = plan.cells
    x0, y0 = max(MIN_MARGIN_MM, ox + left), max(MIN_MARGIN_MM, oy + top)
    x1 = min(page.width - MIN_MARGIN_MM, ox + right)
    y1 = min(page.height - MIN_MARGIN_MM, oy + bottom)
    board = Item(
        id=base,
        role="board-sheet",
        sheet=sheet.page,
        cut=Box(round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3)),
        attrs={
            "kit": kit,
            "name": plan.name,
            "column": plan.column,
            "row": plan.row,
            "origin": [ox, oy],
            "board_origin": list(plan.board_origin),
            "cell_mm": plan.cell_mm,
            "size": plan.size,
            "cells": {
                "first_column": first_column,
                "columns": columns,
                "first_row": first_row,
                "rows": rows,
            },
            "outer": sorted(plan.outer),
            "glued": sorted(plan.glued),
            "lapping": sorted(plan.lapping),
            "fiducials": [
                {"corner": corner.value, "payload": record.payload, "box": _box(record.box)}
                for corner, record in codes
            ],
            "prisons": [p.patrol for p in plan.prisons],
        },
    )
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
                    "box": _box(Box(*prison.box)),
                    "rows": prison.rows,
                    "columns": prison.columns,
                    "slots": [_box(Box(*slot)) for slot in prison.slots],
                },
            )
        )
    for corner, record in codes:
        b = record.box
        on_page = QrCode(
            payload=record.payload,
            box=Box(round(b.x + ox, 4), round(b.y + oy, 4), b.width, b.height),
            modules=record.modules,
            module_mm=record.module_mm,
            error_correction=record.error_correction,
            quiet_modules=record.quiet_modules,
        )
        items.append(
            Item(
                id=f"{base}-fiducial-{corner.value}",
                role="board-fiducial",
                sheet=sheet.page,
                cut=on_page.box,
                qr=on_page,
                attrs={"board_sheet": base, "corner": corner.value},
            )
        )
    return items


def _box(box: Box) -> dict[str, float]:
    return {"x": round(box.x, 4), "y": round(box.y, 4), "width": box.width, "height": box.height}
