"""The Stratego board on paper: one sheet on A3, two by two lapped sheets on A4 and Letter.

The sheets go together as a Patrolis board's do: a sheet with a neighbour to the east or the
south carries a grey glue strip there, ticked in line with the grid; a sheet with a neighbour to
the west or the north is cut exactly on its grid's edge there and laid over the neighbour's strip.
The corner codes sit only in the outer margins, which nothing covers; each names the kit, the
sheet and the cell size, so a photo alone places every cell (see
:class:`patrolkit.sizes.stratego.StrategoSheet`).

In the manifest a sheet is an item of role ``board-sheet`` (its cells, its cell frame's origin on
the page and its fiducials' boxes in its cell frame among its attrs), and each fiducial an item of
role ``board-fiducial`` with its code in the page frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from generator import qr
from generator.outline import cut_segments, lapped_piece
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Paper, Sheet
from patrolkit.games.stratego import COLUMN_NAMES, LAKES, square
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import Corner, StrategoFiducial, encode
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.stratego import Stratego, StrategoSheet

GLUE_FILL: Final = "#E4E4E4"
GRID_MM: Final = 0.35
LABEL_SIZE: Final = 9.0
FULL_NAME: Final = {
    "NW": "north-west",
    "NE": "north-east",
    "SW": "south-west",
    "SE": "south-east",
}
HOME: Final = {"R": range(0, 4), "B": range(6, 10)}


@dataclass(frozen=True)
class Placement:
    """A board sheet on its page: its cell frame's origin (page mm) and the extent printed round
    its cells (cell frame: left, top, right, bottom)."""

    plan: StrategoSheet
    origin: tuple[float, float]
    extent: tuple[float, float, float, float]


def extent(plan: StrategoSheet) -> tuple[float, float, float, float]:
    quiet = Stratego.QUIET_MM
    boxes = [box for _, box in plan.fiducials]
    left = min([-Stratego.CODE_GAP_MM] + [x - quiet for x, _, _, _ in boxes])
    top = min([0.0] + [y - quiet for _, y, _, _ in boxes])
    right = max([plan.width] + [x + w + quiet for x, _, w, _ in boxes])
    bottom = max([plan.height + Stratego.CODE_GAP_MM] + [y + h + quiet for _, y, _, h in boxes])
    if "W" in plan.lapping:
        left = -Stratego.BLEED_MM
    if "N" in plan.lapping:
        top = -Stratego.BLEED_MM
    if "E" in plan.glued:
        right = plan.width + Stratego.GLUE_MM
    if "S" in plan.glued:
        bottom = plan.height + Stratego.GLUE_MM
    return (left, top, right, bottom)


def place(paper: Paper, plan: StrategoSheet) -> Placement:
    """``plan`` against the printable margin on its outer sides (centred across on a single
    sheet), so the free paper is on the side that is cut off."""
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
    y = paper.height - m - bottom if "N" not in plan.outer else m - top
    return Placement(plan, (round(x, 3), round(y, 3)), (left, top, right, bottom))


def fiducial_payload(corner: Corner, kit: str, plan: StrategoSheet) -> str:
    return encode(StrategoFiducial(corner, kit, plan.column, plan.row, round(plan.cell_mm)))


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
        for corner, (x, y, _, _) in plan.fiducials:
            symbol = qr.symbol(
                fiducial_payload(corner, kit, plan),
                version=Stratego.FIDUCIAL_QR_VERSION,
                error_correction=QR_ERROR_CORRECTION,
            )
            record = qr.draw(
                sheet, symbol, x, y, Stratego.FIDUCIAL_MODULE_MM,
                quiet_modules=Stratego.QUIET_MODULES,
            )  # fmt: skip
            codes.append((corner, record))
        _cut_lines(sheet, placement)
    _notes(sheet, placement)
    return _items(sheet, kit, placement, codes)


def _cells(sheet: Sheet, plan: StrategoSheet) -> None:
    first_column, columns, first_row, rows = plan.cells
    c = plan.cell_mm
    bleed = {edge: Stratego.BLEED_MM for edge in plan.lapping}
    x0, y0 = -bleed.get("W", 0.0), -bleed.get("N", 0.0)
    sheet.rect(x0, y0, plan.width - x0, plan.height - y0, fill=WHITE)
    for column in range(first_column, first_column + columns):
        for row in range(first_row, first_row + rows):
            x, y, _, _ = plan.cell_box(column, row)
            # Cells on a cut edge run past it, so a cut a hair outside still shows the cell.
            dx = bleed.get("W", 0.0) if column == first_column else 0.0
            dy = bleed.get("N", 0.0) if row == first_row + rows - 1 else 0.0
            if square(column, row) in LAKES:
                _lake(sheet, x - dx, y - dy, c + dx, c + dy)
                continue
            for army, home in HOME.items():
                if row in home:
                    sheet.rect(x - dx, y - dy, c + dx, c + dy, fill=Stratego.ARMY_TINT[army])
    for k in range(columns + 1):
        sheet.line(k * c, y0, k * c, plan.height, width=GRID_MM)
    for k in range(rows + 1):
        sheet.line(x0, k * c, plan.width, k * c, width=GRID_MM)


def _lake(sheet: Sheet, x: float, y: float, w: float, h: float) -> None:
    """Water: a blue tint with wave lines, which tell it apart in grey too."""
    sheet.rect(x, y, w, h, fill=Stratego.LAKE_INK)
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


def _glue_strip(sheet: Sheet, plan: StrategoSheet, edge: str) -> None:
    glue, c = Stratego.GLUE_MM, plan.cell_mm
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


def _labels(sheet: Sheet, plan: StrategoSheet) -> None:
    """Row numbers in the west margin, column letters in the south margin (red's side)."""
    first_column, columns, first_row, rows = plan.cells
    if "W" in plan.outer:
        for row in range(first_row, first_row + rows):
            _, y, _, h = plan.cell_box(first_column, row)
            sheet.text(-1.6, y + h / 2 + 1.6, str(row + 1), size=LABEL_SIZE, font=BOLD,
                       align="right")  # fmt: skip
    if "S" in plan.outer:
        for column in range(first_column, first_column + columns):
            x, _, w, _ = plan.cell_box(column, first_row)
            sheet.text(x + w / 2, plan.height + 4.6, COLUMN_NAMES[column], size=LABEL_SIZE,
                       font=BOLD, align="centre")  # fmt: skip


def _cut_lines(sheet: Sheet, placement: Placement) -> None:
    """Solid where the sheet is cut exactly on its grid's edge, dashed elsewhere."""
    plan = placement.plan
    ox, oy = placement.origin
    m, paper = MIN_MARGIN_MM, sheet.paper
    within = (m - ox, m - oy, paper.width - m - ox, paper.height - m - oy)
    for x1, y1, x2, y2 in cut_segments(lapped_piece(plan, 1000.0, Stratego.GLUE_MM), within):
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
    """The sheet's title and what to do with it, on the paper that is cut off (or below)."""
    plan = placement.plan
    _, oy = placement.origin
    _, top, _, bottom = placement.extent
    paper = sheet.paper
    first_column, columns, first_row, rows = plan.cells
    cells = (
        f"{COLUMN_NAMES[first_column]}{first_row + 1}–"
        f"{COLUMN_NAMES[first_column + columns - 1]}{first_row + rows}"
    )
    y = oy + bottom + 8 if "N" in plan.outer else oy + top - 22
    x = MIN_MARGIN_MM + 2
    where = "" if plan.per_side == 1 else f", {FULL_NAME[plan.name]} sheet"
    sheet.text(x, y, f"Stratego — the board{where} (cells {cells})", size=11, font=BOLD)
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
            " codes uncovered: a photo finds the board by them."
        )
    for i, line in enumerate(lines):
        sheet.text(x, y + 5 + 4 * i, line, size=7.6, fill=INK)
    if y < MIN_MARGIN_MM + 4 or y + 5 + 4 * len(lines) > paper.height - MIN_MARGIN_MM:
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
            "cell_mm": plan.cell_mm,
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
        },
    )
    items = [board]
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
