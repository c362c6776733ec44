"""A Patrolis board on paper: one sheet on A3, or two by two sheets on A4 and Letter.

Every sheet is drawn in its *cell frame* (see :class:`patrolkit.sizes.Patrolis`): mm from the
top-left corner of the cells it holds. Its place on the page only decides where the free paper
goes; nothing the companion reads depends on it.

How the sheets go together (a home printer, scissors or a craft knife, a glue stick):

* Sheets lap onto their west and north neighbours. A sheet with a neighbour to the east or the
  south has a grey **glue strip** there, with a tick in line with every grid line. A sheet with a
  neighbour to the west or the north is **cut exactly on its grid's edge** there (the map runs
  1.5 mm past it, so a cut a hair outside still shows map) and laid over the neighbour's strip:
  its edge on the strip's line, each of its grid lines on a tick. Misalignment shows at once,
  and the rivers and roads must run on across the join.
* Order: the north-west sheet first, then north-east and south-west over its strips, then
  south-east over theirs.
* The fiducials and map codes sit only in the outer margins, which nothing covers. The free
  paper beyond a cut edge or a strip carries the sheet's title and how to assemble it; it is
  cut off.

In the manifest a sheet is an item of role ``board-sheet``: its cut is the bounding box of the
piece on the page, its attrs give the map, its place, the cells it holds, its cell frame's origin
on the page, and its fiducials' and map codes' boxes in its cell frame. Each of those codes is
also an item of its own (``board-fiducial``, ``map-code``) carrying the code in the page frame;
its cut is the code's box, for it is not cut out on its own. Every sheet of a map repeats the
same map-code parts.
"""

from __future__ import annotations

from typing import Final

from generator import qr
from generator.page import BOLD, MIN_MARGIN_MM, SOFT_INK, Ink, Sheet, tint
from generator.patrolis.cut_lines import draw_cut_lines
from generator.patrolis.map_drawing import MapView, draw_map
from generator.patrolis.map_legend import draw_legend, draw_letters, draw_numbers, legend_width
from generator.patrolis.placement import Placement
from generator.patrolis.sheet_notes import draw_notes
from patrolkit.games.patrolis import LETTERS, Map
from patrolkit.i18n import _
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import Corner, PatrolisFiducial, PatrolisMapPart, encode
from patrolkit.sizes import QR_ERROR_CORRECTION, Patrolis, PatrolisSheet

GLUE_FILL: Final = "#E4E4E4"
TICK_MM: Final = 0.3
LABEL_SIZE: Final = 8.5


# -- payloads -----------------------------------------------------------------------------------


def fiducial_payload(corner: Corner, game_map: Map, plan: PatrolisSheet) -> str:
    """The payload of the fiducial near ``corner`` of sheet ``plan`` of ``game_map``'s board."""
    return encode(
        PatrolisFiducial(corner, game_map.digest, plan.column, plan.row, round(plan.cell_mm))
    )


def map_code_payloads(game_map: Map) -> list[str]:
    """The map's code in :meth:`Patrolis.map_code_parts` parts of near-equal length."""
    code = game_map.code
    parts = Patrolis.map_code_parts(game_map.size)
    length = -(-len(code) // parts)
    return [
        encode(
            PatrolisMapPart(
                game_map.digest, part + 1, parts, code[part * length : (part + 1) * length]
            )
        )
        for part in range(parts)
    ]


# -- one sheet ----------------------------------------------------------------------------------


def draw_board_sheet(
    sheet: Sheet, game_map: Map, number: int, placement: Placement, total: int
) -> list[Item]:
    """Draw one sheet of map ``number`` (1 or 2) on the current page.

    Returns its manifest items: the sheet itself (role ``board-sheet``, its fiducials and map
    codes in its cell frame among its attrs), then each fiducial (``board-fiducial``) and each
    map-code part (``map-code``) with its code in the page frame.
    """
    plan = placement.plan
    first_column, columns, first_row, rows = plan.cells
    view = MapView(game_map, plan.cell_mm, first_column, columns, first_row, rows)
    ox, oy = placement.origin
    codes: list[tuple[str, QrCode]] = []
    with sheet.frame(ox, oy):
        bleed = {edge: Patrolis.BLEED_MM for edge in plan.lapping}
        draw_map(sheet, view, bleed=bleed, outer=sorted(plan.outer))
        for edge in sorted(plan.glued):
            _glue_strip(sheet, plan, edge)
        if "W" in plan.outer:
            draw_numbers(sheet, view, -1.2, size=LABEL_SIZE)
        if "S" in plan.outer:
            draw_letters(sheet, view, plan.height + 1.4 + LABEL_SIZE * 0.2572, size=LABEL_SIZE)
        for corner, (x, y, _w, _h) in plan.fiducials:
            symbol = qr.symbol(
                fiducial_payload(corner, game_map, plan),
                version=Patrolis.FIDUCIAL_QR_VERSION,
                error_correction=QR_ERROR_CORRECTION,
            )
            record = qr.draw(
                sheet,
                symbol,
                x,
                y,
                Patrolis.FIDUCIAL_MODULE_MM,
                quiet_modules=Patrolis.QUIET_MODULES,
            )
            codes.append((f"fiducial-{corner.value}", record))
        payloads = map_code_payloads(game_map)
        for part, ((x, y, _w, _h), payload) in enumerate(
            zip(plan.map_code_boxes, payloads, strict=True), start=1
        ):
            symbol = qr.symbol(
                payload, version=Patrolis.MAP_CODE_QR_VERSION, error_correction=QR_ERROR_CORRECTION
            )
            record = qr.draw(
                sheet,
                symbol,
                x,
                y,
                Patrolis.MAP_CODE_MODULE_MM,
                quiet_modules=Patrolis.QUIET_MODULES,
            )
            codes.append((f"code-{part}", record))
        in_band = _band_legend(sheet, plan, game_map, number)
        draw_cut_lines(sheet, placement, sheet.paper)
    draw_notes(sheet, game_map, number, placement, total, legend=not in_band)
    return _items(sheet, game_map, number, placement, codes)


def _glue_strip(sheet: Sheet, plan: PatrolisSheet, edge: str) -> None:
    """The grey strip along ``edge`` (``E`` or ``S``): a tick in line with each grid line, the
    word GLUE between ticks, and the grid's own edge drawn firm as the line to lay the
    neighbour's cut edge on."""
    glue, c = Patrolis.GLUE_MM, plan.cell_mm
    fill = GLUE_FILL if sheet.ink is Ink.NORMAL else tint(GLUE_FILL, 0.5)
    if edge == "E":
        x0 = plan.width
        sheet.rect(x0, 0, glue, plan.height, fill=fill)
        for k in range(plan.cells[3] + 1):
            sheet.line(x0, k * c, x0 + glue, k * c, width=TICK_MM)
        for k in range(plan.cells[3]):
            with sheet.frame(x0 + glue / 2, (k + 0.5) * c, rotate=90):
                sheet.centred_glyphs(0, 0, _("GLUE"), size=6.0, fill=SOFT_INK)
        sheet.line(x0, 0, x0, plan.height, width=0.45)
    else:
        y0 = plan.height
        sheet.rect(0, y0, plan.width, glue, fill=fill)
        for k in range(plan.cells[1] + 1):
            sheet.line(k * c, y0, k * c, y0 + glue, width=TICK_MM)
        for k in range(plan.cells[1]):
            sheet.centred_glyphs((k + 0.5) * c, y0 + glue / 2, _("GLUE"), size=6.0, fill=SOFT_INK)
        sheet.line(0, y0, plan.width, y0, width=0.45)


def _band_legend(sheet: Sheet, plan: PatrolisSheet, game_map: Map, number: int) -> bool:
    """The map's name and the terrain legend in the code band, if there is room; whether it
    was drawn there."""
    x, room = plan.band_room
    size = 6.4
    if legend_width(size, compact=True) > room - 1.0:
        return False
    m = Patrolis.MAP_CODE_MM
    gap = Patrolis.CODE_GAP_MM
    y = -gap - m - 1.0 if plan.code_band == "N" else plan.height + gap - 1.0
    label = _("Map {number} · {digest}").format(number=number, digest=game_map.digest)
    sheet.text(x + 0.5, y + 2.0, label, size=size + 0.6, font=BOLD)
    draw_legend(sheet, x + 0.5, y + 3.0, size=size, compact=True)
    return True


# -- manifest -----------------------------------------------------------------------------------


def _items(
    sheet: Sheet,
    game_map: Map,
    number: int,
    placement: Placement,
    codes: list[tuple[str, QrCode]],
) -> list[Item]:
    plan = placement.plan
    ox, oy = placement.origin
    left, top, right, bottom = placement.extent
    first_column, columns, first_row, rows = plan.cells
    base = f"map{number}-{plan.name}"

    def on_page(record: QrCode) -> QrCode:
        b = record.box
        return QrCode(
            payload=record.payload,
            box=Box(round(b.x + ox, 4), round(b.y + oy, 4), b.width, b.height),
            modules=record.modules,
            module_mm=record.module_mm,
            error_correction=record.error_correction,
            quiet_modules=record.quiet_modules,
        )

    fiducials = [
        (name.split("-")[1], record) for name, record in codes if name.startswith("fiducial")
    ]
    parts = [record for name, record in codes if name.startswith("code")]
    page = sheet.paper
    cut = Box(
        round(max(MIN_MARGIN_MM, ox + left), 3),
        round(max(MIN_MARGIN_MM, oy + top), 3),
        round(min(page.width - MIN_MARGIN_MM, ox + right) - max(MIN_MARGIN_MM, ox + left), 3),
        round(min(page.height - MIN_MARGIN_MM, oy + bottom) - max(MIN_MARGIN_MM, oy + top), 3),
    )
    board = Item(
        id=base,
        role="board-sheet",
        sheet=sheet.page,
        cut=cut,
        attrs={
            "map": number,
            "digest": game_map.digest,
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
                "range": f"{LETTERS[first_column]}{first_row + 1}:"
                f"{LETTERS[first_column + columns - 1]}{first_row + rows}",
            },
            "outer": sorted(plan.outer),
            "glued": sorted(plan.glued),
            "lapping": sorted(plan.lapping),
            "fiducials": [
                {"corner": corner, "payload": record.payload, "box": _box(record.box)}
                for corner, record in fiducials
            ],
            "map_codes": [
                {"part": k, "payload": record.payload, "box": _box(record.box)}
                for k, record in enumerate(parts, start=1)
            ],
        },
    )
    items = [board]
    for corner, record in fiducials:
        items.append(
            Item(
                id=f"{base}-fiducial-{corner}",
                role="board-fiducial",
                sheet=sheet.page,
                cut=on_page(record).box,
                qr=on_page(record),
                attrs={"map": number, "board_sheet": base, "corner": corner},
            )
        )
    for k, record in enumerate(parts, start=1):
        items.append(
            Item(
                id=f"{base}-code-{k}",
                role="map-code",
                sheet=sheet.page,
                cut=on_page(record).box,
                qr=on_page(record),
                attrs={"map": number, "board_sheet": base, "part": k, "parts": len(parts)},
            )
        )
    return items


def _box(box: Box) -> dict[str, float]:
    return {"x": round(box.x, 4), "y": round(box.y, 4), "width": box.width, "height": box.height}
