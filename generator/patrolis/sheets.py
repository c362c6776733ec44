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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator import qr
from generator.flow import fill_columns
from generator.page import BOLD, FONT, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Paper, Sheet
from generator.patrolis.map_drawing import (
    MapView,
    draw_legend,
    draw_letters,
    draw_map,
    draw_numbers,
    legend_width,
)
from patrolkit.games.patrolis import LETTERS, Map
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import Corner, PatrolisFiducial, PatrolisMapPart, encode
from patrolkit.sizes import QR_ERROR_CORRECTION, Patrolis, PatrolisSheet

GLUE_FILL: Final = "#E4E4E4"
TICK_MM: Final = 0.3
CUT_INK: Final = INK
CUT_MM: Final = 0.3
LABEL_SIZE: Final = 8.5
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


# -- where a sheet goes on its page -------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A board sheet on its page: the cell frame's origin (page mm), the extent of what is
    printed round the cells (cell frame), and the free paper left for notes (page mm)."""

    plan: PatrolisSheet
    origin: tuple[float, float]
    extent: tuple[float, float, float, float]
    free: tuple[float, float, float, float]


def extent(plan: PatrolisSheet) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of everything printed for ``plan``, cell frame."""
    quiet = Patrolis.QUIET_MM
    boxes = [box for _, box in plan.fiducials] + list(plan.map_code_boxes)
    left = min([0.0] + [x - quiet for x, _, _, _ in boxes])
    top = min([0.0] + [y - quiet for _, y, _, _ in boxes])
    right = max([plan.width] + [x + w + quiet for x, _, w, _ in boxes])
    bottom = max([plan.height] + [y + h + quiet for _, y, _, h in boxes])
    if "W" in plan.outer:
        left = min(left, -Patrolis.CODE_GAP_MM)
    if "S" in plan.outer:
        bottom = max(bottom, plan.height + Patrolis.CODE_GAP_MM)
    if "W" in plan.lapping:
        left = -Patrolis.BLEED_MM
    if "N" in plan.lapping:
        top = -Patrolis.BLEED_MM
    if "E" in plan.glued:
        right = plan.width + Patrolis.GLUE_MM
    if "S" in plan.glued:
        bottom = plan.height + Patrolis.GLUE_MM
    return (left, top, right, bottom)


def place(paper: Paper, plan: PatrolisSheet) -> Placement:
    """Where ``plan`` goes on ``paper``: its printed extent against the printable margin on its
    outer sides; the free paper on the side that is cut off (below the cells on a single sheet).
    Raises :class:`ValueError` if it does not fit."""
    left, top, right, bottom = extent(plan)
    m = MIN_MARGIN_MM
    spare_x = paper.width - 2 * m - (right - left)
    spare_y = paper.height - 2 * m - (bottom - top)
    if spare_x < 0 or spare_y < 0:
        raise ValueError(f"sheet {plan.name} does not fit {paper.name} paper")
    if "W" in plan.outer and "E" in plan.outer:
        x = m - left + spare_x / 2
    elif "W" in plan.outer:
        x = m - left
    else:
        x = paper.width - m - right
    if "S" in plan.outer and "N" not in plan.outer:
        y = paper.height - m - bottom
        free = (m, m, paper.width - 2 * m, y + top - 5 - m)
    else:
        y = m - top
        free_top = y + bottom + 5
        free = (m, free_top, paper.width - 2 * m, paper.height - m - free_top)
    return Placement(plan, (round(x, 3), round(y, 3)), (left, top, right, bottom), free)


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
        for corner, (x, y, _, _) in plan.fiducials:
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
        for part, ((x, y, _, _), payload) in enumerate(
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
        _cut_lines(sheet, placement, sheet.paper)
    _notes(sheet, game_map, number, placement, total, legend=not in_band)
    return _items(sheet, game_map, number, placement, codes)


def _glue_strip(sheet: Sheet, plan: PatrolisSheet, edge: str) -> None:
    """The grey strip along ``edge`` (``E`` or ``S``): a tick in line with each grid line, the
    word GLUE between ticks, and the grid's own edge drawn firm as the line to lay the
    neighbour's cut edge on."""
    glue, c = Patrolis.GLUE_MM, plan.cell_mm
    if edge == "E":
        x0 = plan.width
        sheet.rect(x0, 0, glue, plan.height, fill=GLUE_FILL)
        for k in range(plan.cells[3] + 1):
            sheet.line(x0, k * c, x0 + glue, k * c, width=TICK_MM)
        for k in range(plan.cells[3]):
            with sheet.frame(x0 + glue / 2, (k + 0.5) * c, rotate=90):
                sheet.centred_glyphs(0, 0, "GLUE", size=6.0, fill=SOFT_INK)
        sheet.line(x0, 0, x0, plan.height, width=0.45)
    else:
        y0 = plan.height
        sheet.rect(0, y0, plan.width, glue, fill=GLUE_FILL)
        for k in range(plan.cells[1] + 1):
            sheet.line(k * c, y0, k * c, y0 + glue, width=TICK_MM)
        for k in range(plan.cells[1]):
            sheet.centred_glyphs((k + 0.5) * c, y0 + glue / 2, "GLUE", size=6.0, fill=SOFT_INK)
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
    sheet.text(x + 0.5, y + 2.0, f"Map {number} · {game_map.digest}", size=size + 0.6, font=BOLD)
    draw_legend(sheet, x + 0.5, y + 3.0, size=size, compact=True)
    return True


# -- cut lines ----------------------------------------------------------------------------------


def piece_rects(plan: PatrolisSheet, far: float) -> list[tuple[float, float, float, float]]:
    """The sheet's piece as rectangles ``(x0, y0, x1, y1)``, cell frame: the cells, a band along
    each outer edge and a square at each outer corner (reaching ``far`` mm out, past the page),
    and the glue strips."""
    w, h = plan.width, plan.height
    rects = [(0.0, 0.0, w, h)]
    spans = {"N": (0.0, -far, w, 0.0), "S": (0.0, h, w, h + far)}
    spans |= {"W": (-far, 0.0, 0.0, h), "E": (w, 0.0, w + far, h)}
    rects += [spans[edge] for edge in sorted(plan.outer)]
    for ns, y0, y1 in (("N", -far, 0.0), ("S", h, h + far)):
        for we, x0, x1 in (("W", -far, 0.0), ("E", w, w + far)):
            if ns in plan.outer and we in plan.outer:
                rects.append((x0, y0, x1, y1))
    if "E" in plan.glued:
        rects.append((w, 0.0, w + Patrolis.GLUE_MM, h))
    if "S" in plan.glued:
        rects.append((0.0, h, w, h + Patrolis.GLUE_MM))
    return rects


def cut_segments(
    rects: Sequence[tuple[float, float, float, float]],
    within: tuple[float, float, float, float],
) -> list[tuple[float, float, float, float]]:
    """The outline of the union of ``rects`` as straight segments ``(x1, y1, x2, y2)``, keeping
    only the parts inside ``within`` (x0, y0, x1, y1) — the rest lies off the paper."""
    xs = sorted({v for r in rects for v in (r[0], r[2])})
    ys = sorted({v for r in rects for v in (r[1], r[3])})

    def inside(i: int, j: int) -> bool:
        if not (0 <= i < len(xs) - 1 and 0 <= j < len(ys) - 1):
            return False
        cx, cy = (xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2
        return any(r[0] < cx < r[2] and r[1] < cy < r[3] for r in rects)

    segments = []
    for i in range(len(xs)):
        for j in range(len(ys) - 1):
            if inside(i - 1, j) != inside(i, j):
                segments.append((xs[i], ys[j], xs[i], ys[j + 1]))
    for j in range(len(ys)):
        for i in range(len(xs) - 1):
            if inside(i, j - 1) != inside(i, j):
                segments.append((xs[i], ys[j], xs[i + 1], ys[j]))
    clipped = []
    left, top, right, bottom = within
    for x1, y1, x2, y2 in _merge(segments):
        if x1 == x2:
            if not left < x1 < right:
                continue
            y1, y2 = max(y1, top), min(y2, bottom)
            if y2 > y1:
                clipped.append((x1, y1, x2, y2))
        else:
            if not top < y1 < bottom:
                continue
            x1, x2 = max(x1, left), min(x2, right)
            if x2 > x1:
                clipped.append((x1, y1, x2, y2))
    return clipped


def _merge(
    segments: list[tuple[float, float, float, float]],
) -> list[tuple[float, float, float, float]]:
    """Join segments that continue each other on one line."""
    merged: list[tuple[float, float, float, float]] = []
    for seg in sorted(segments):
        if merged:
            x1, y1, x2, y2 = merged[-1]
            a1, b1, a2, b2 = seg
            if x1 == x2 == a1 == a2 and y2 == b1:
                merged[-1] = (x1, y1, x2, b2)
                continue
            if y1 == y2 == b1 == b2 and x2 == a1:
                merged[-1] = (x1, y1, a2, y2)
                continue
        merged.append(seg)
    return merged


def _cut_lines(sheet: Sheet, placement: Placement, paper: Paper) -> None:
    """The piece's outline where it must be cut, in the cell frame; the grid edges that lap
    over a neighbour are cut exactly and say so."""
    plan = placement.plan
    ox, oy = placement.origin
    m = MIN_MARGIN_MM
    within = (m - ox, m - oy, paper.width - m - ox, paper.height - m - oy)
    segments = cut_segments(piece_rects(plan, far=1000.0), within)
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
    text = "CUT EXACTLY ON THE GRID'S EDGE — this side laps over its neighbour"
    if edge == "W":
        with sheet.frame(-3.2, plan.height / 2, rotate=-90):
            sheet.text(0, 0, text, size=5.6, font=BOLD, fill=SOFT_INK, align="centre")
    else:
        sheet.text(plan.width / 2, -2.6, text, size=5.6, font=BOLD, fill=SOFT_INK, align="centre")


# -- notes on the free paper --------------------------------------------------------------------


def _notes(
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
