"""A square-grid board printed across lapped sheets, with corner codes (the Stratego board, the
grand jeu board; the Patrolis map shares where its sheets go).

A sheet with a neighbour to the east or the south carries a grey glue strip there, ticked in line
with the grid; a sheet with a neighbour to the west or the north is cut exactly on its grid's edge
there and laid over the neighbour's strip. The corner codes sit only in the outer margins, which
nothing covers. A game's board module draws its own cells, notes and manifest attributes with the
pieces here, all in the sheet's cell frame (see :class:`patrolkit.sizes.lapped.LappedSheet`)
unless a docstring says page mm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from generator import qr
from generator.outline import cut_segments, lapped_piece
from generator.page import BOLD, INK, MIN_MARGIN_MM, SOFT_INK, WHITE, Paper, Sheet
from patrolkit.i18n import N_, _
from patrolkit.manifest import Box, Item, QrCode
from patrolkit.payload import Corner
from patrolkit.sizes import QR_ERROR_CORRECTION
from patrolkit.sizes.lapped import Box as CellBox
from patrolkit.sizes.lapped import Extent, LappedSheet

GLUE_FILL: Final = "#E4E4E4"
GRID_MM: Final = 0.35
LABEL_SIZE: Final = 9.0
FULL_NAME: Final = {
    "NW": N_("north-west"),
    "NE": N_("north-east"),
    "SW": N_("south-west"),
    "SE": N_("south-east"),
}
"""Each sheet's corner of the board, in English: said with ``_(FULL_NAME[name])``."""
_CUT: Final = {
    ("W",): N_(
        "Cut exactly on the grid's west edge (solid line); it laps over the neighbour's grey"
        " strip, every grid line on a tick."
    ),
    ("N",): N_(
        "Cut exactly on the grid's north edge (solid line); it laps over the neighbour's grey"
        " strip, every grid line on a tick."
    ),
    ("N", "W"): N_(
        "Cut exactly on the grid's north and west edges (solid lines); they lap over the"
        " neighbours' grey strips, every grid line on a tick."
    ),
}
"""What to cut exactly on the grid, for the edges a sheet laps over its neighbours with."""
_KEEP: Final = {
    ("E",): N_("Keep the grey glue strip on the east edge; cut on the dashed lines."),
    ("S",): N_("Keep the grey glue strip on the south edge; cut on the dashed lines."),
    ("E", "S"): N_(
        "Keep the grey glue strips on the east and south edges; cut on the dashed lines."
    ),
}
"""Which glue strips to keep, for the edges a sheet's neighbours lap over."""

Codes = list[tuple[Corner, QrCode]]
"""A sheet's corner codes as drawn: each corner and its code's record, cell frame."""
CellPainter = Callable[[int, int, CellBox, CellBox], None]
"""Paints the board's cell at ``(column, row)`` given its box and its box run past the sheet's
cut edges (see :func:`draw_cells`)."""

PlanT = TypeVar("PlanT", bound=LappedSheet)


class LappedBoard(Protocol):
    """A game's sizes class (:class:`patrolkit.sizes.stratego.Stratego`…) as far as its lapped
    board's sheets go."""

    @property
    def FIDUCIAL_QR_VERSION(self) -> int: ...
    @property
    def FIDUCIAL_MODULE_MM(self) -> float: ...
    @property
    def QUIET_MODULES(self) -> float: ...
    @property
    def CODE_GAP_MM(self) -> float: ...
    @property
    def GLUE_MM(self) -> float: ...
    @property
    def BLEED_MM(self) -> float: ...


@dataclass(frozen=True)
class LappedSizes:
    """How a game prints its lapped board's sheets (mm): its corner codes (QR version, module,
    light zone in modules), their gap from the grid, the glue strip and the bleed past a cut
    edge."""

    fiducial_qr_version: int
    fiducial_module_mm: float
    quiet_modules: float
    code_gap_mm: float
    glue_mm: float
    bleed_mm: float

    @classmethod
    def of(cls, board: LappedBoard) -> LappedSizes:
        """The sizes ``board`` (a game's sizes class) gives its sheets."""
        return cls(
            fiducial_qr_version=board.FIDUCIAL_QR_VERSION,
            fiducial_module_mm=board.FIDUCIAL_MODULE_MM,
            quiet_modules=board.QUIET_MODULES,
            code_gap_mm=board.CODE_GAP_MM,
            glue_mm=board.GLUE_MM,
            bleed_mm=board.BLEED_MM,
        )

    @property
    def quiet_mm(self) -> float:
        """A corner code's light zone."""
        return self.quiet_modules * self.fiducial_module_mm


@dataclass(frozen=True)
class Placement(Generic[PlanT]):
    """A board sheet on its page: its cell frame's origin (page mm) and the extent printed round
    its cells (cell frame: left, top, right, bottom)."""

    plan: PlanT
    origin: tuple[float, float]
    extent: Extent


# -- where a sheet goes on its page -------------------------------------------------------------


def codes_extent(plan: LappedSheet, sizes: LappedSizes) -> Extent:
    """The cells, the labels' margins (west and south) and the corner codes with their light
    zones (:meth:`LappedSheet.codes_extent`)."""
    return plan.codes_extent(sizes.quiet_mm, sizes.code_gap_mm)


def lapped_extent(plan: LappedSheet, extent: Extent, sizes: LappedSizes) -> Extent:
    """``extent`` cut to the bleed on the edges laid over a neighbour, and run to the glue
    strip's end on the edges a neighbour covers."""
    left, top, right, bottom = extent
    if "W" in plan.lapping:
        left = -sizes.bleed_mm
    if "N" in plan.lapping:
        top = -sizes.bleed_mm
    if "E" in plan.glued:
        right = plan.width + sizes.glue_mm
    if "S" in plan.glued:
        bottom = plan.height + sizes.glue_mm
    return (left, top, right, bottom)


def across(paper: Paper, plan: LappedSheet, extent: Extent) -> float:
    """The page x of ``plan``'s cell frame: its extent against the printable margin on its
    outer side, centred across when both sides are outer. Raises :class:`ValueError` if the
    extent does not fit the printable area."""
    left, top, right, bottom = extent
    m = MIN_MARGIN_MM
    spare_x = paper.width - 2 * m - (right - left)
    spare_y = paper.height - 2 * m - (bottom - top)
    if spare_x < 0 or spare_y < 0:
        raise ValueError(f"board sheet {plan.name} does not fit {paper.name} paper")
    if "W" in plan.outer and "E" in plan.outer:
        return m - left + spare_x / 2
    if "W" in plan.outer:
        return m - left
    return paper.width - m - right


def place(paper: Paper, plan: PlanT, extent: Extent) -> Placement[PlanT]:
    """``plan`` printed over ``extent`` against the printable margin on its outer sides (centred
    across on a single sheet, at the top so its notes go below), so the free paper is on the
    side that is cut off. Raises :class:`ValueError` if it does not fit."""
    left, top, right, bottom = extent
    x = across(paper, plan, extent)
    m = MIN_MARGIN_MM
    y = m - top if "N" in plan.outer else paper.height - m - bottom
    return Placement(plan, (round(x, 3), round(y, 3)), (left, top, right, bottom))


# -- what is printed on a sheet -----------------------------------------------------------------


def draw_cells(sheet: Sheet, plan: LappedSheet, sizes: LappedSizes, paint: CellPainter) -> None:
    """The white ground (run past the cut edges by the bleed), every cell through ``paint``,
    then the grid. A cell on a cut edge runs past it, so a cut a hair outside still shows the
    cell: ``paint`` gets its box and that longer box."""
    first_column, columns, first_row, rows = plan.cells
    c = plan.cell_mm
    bleed = {edge: sizes.bleed_mm for edge in plan.lapping}
    x0, y0 = -bleed.get("W", 0.0), -bleed.get("N", 0.0)
    sheet.rect(x0, y0, plan.width - x0, plan.height - y0, fill=WHITE)
    for column in range(first_column, first_column + columns):
        for row in range(first_row, first_row + rows):
            x, y, _w, _h = plan.cell_box(column, row)
            dx = bleed.get("W", 0.0) if column == first_column else 0.0
            dy = bleed.get("N", 0.0) if row == first_row + rows - 1 else 0.0
            paint(column, row, (x, y, c, c), (x - dx, y - dy, c + dx, c + dy))
    for k in range(columns + 1):
        sheet.line(k * c, y0, k * c, plan.height, width=GRID_MM)
    for k in range(rows + 1):
        sheet.line(x0, k * c, plan.width, k * c, width=GRID_MM)


def draw_glue_strips(sheet: Sheet, plan: LappedSheet, sizes: LappedSizes) -> None:
    """The grey strip along each edge a neighbour covers, ticked in line with the grid."""
    glue, c = sizes.glue_mm, plan.cell_mm
    # Translators: the word printed along the strip a neighbouring sheet is glued over.
    word = _("GLUE")
    for edge in sorted(plan.glued):
        if edge == "E":
            sheet.rect(plan.width, 0, glue, plan.height, fill=GLUE_FILL)
            for k in range(plan.cells[3] + 1):
                sheet.line(plan.width, k * c, plan.width + glue, k * c, width=0.3)
            for k in range(plan.cells[3]):
                with sheet.frame(plan.width + glue / 2, (k + 0.5) * c, rotate=90):
                    sheet.centred_glyphs(0, 0, word, size=6.0, fill=SOFT_INK)
            sheet.line(plan.width, 0, plan.width, plan.height, width=0.45)
        else:
            sheet.rect(0, plan.height, plan.width, glue, fill=GLUE_FILL)
            for k in range(plan.cells[1] + 1):
                sheet.line(k * c, plan.height, k * c, plan.height + glue, width=0.3)
            for k in range(plan.cells[1]):
                sheet.centred_glyphs((k + 0.5) * c, plan.height + glue / 2, word, size=6.0,
                                     fill=SOFT_INK)  # fmt: skip
            sheet.line(0, plan.height, plan.width, plan.height, width=0.45)


def draw_labels(sheet: Sheet, plan: LappedSheet, column_names: Sequence[str]) -> None:
    """Row numbers in the west margin, column names in the south margin."""
    first_column, columns, first_row, rows = plan.cells
    if "W" in plan.outer:
        for row in range(first_row, first_row + rows):
            _x, y, _w, h = plan.cell_box(first_column, row)
            sheet.text(-1.6, y + h / 2 + 1.6, str(row + 1), size=LABEL_SIZE, font=BOLD,
                       align="right")  # fmt: skip
    if "S" in plan.outer:
        for column in range(first_column, first_column + columns):
            x, _y, w, _h = plan.cell_box(column, first_row)
            sheet.text(x + w / 2, plan.height + 4.6, column_names[column], size=LABEL_SIZE,
                       font=BOLD, align="centre")  # fmt: skip


def draw_corner_codes(
    sheet: Sheet, plan: LappedSheet, sizes: LappedSizes, payload: Callable[[Corner], str]
) -> Codes:
    """Every corner code of the sheet, each saying ``payload(corner)``; their records."""
    codes: Codes = []
    for corner, (x, y, _w, _h) in plan.fiducials:
        symbol = qr.symbol(
            payload(corner),
            version=sizes.fiducial_qr_version,
            error_correction=QR_ERROR_CORRECTION,
        )
        record = qr.draw(
            sheet, symbol, x, y, sizes.fiducial_module_mm, quiet_modules=sizes.quiet_modules
        )
        codes.append((corner, record))
    return codes


def draw_cut_lines(sheet: Sheet, placement: Placement[PlanT], sizes: LappedSizes) -> None:
    """Solid where the sheet is cut exactly on its grid's edge, dashed elsewhere."""
    plan = placement.plan
    ox, oy = placement.origin
    m, paper = MIN_MARGIN_MM, sheet.paper
    within = (m - ox, m - oy, paper.width - m - ox, paper.height - m - oy)
    for x1, y1, x2, y2 in cut_segments(lapped_piece(plan, 1000.0, sizes.glue_mm), within):
        exact = (x1 == x2 == 0.0 and "W" in plan.lapping) or (
            y1 == y2 == 0.0 and "N" in plan.lapping
        )
        canvas = sheet.canvas
        canvas.saveState()
        if not exact:
            canvas.setDash(2.2 * 2.835, 1.4 * 2.835)
        sheet.line(x1, y1, x2, y2, stroke=INK, width=0.3)
        canvas.restoreState()


# -- the sheet's notes --------------------------------------------------------------------------


def sheet_title(game: str, plan: LappedSheet, column_names: Sequence[str]) -> str:
    """The notes' title: the game, which sheet of the board, and the cells it holds."""
    first_column, columns, first_row, rows = plan.cells
    cells = (
        f"{column_names[first_column]}{first_row + 1}–"
        f"{column_names[first_column + columns - 1]}{first_row + rows}"
    )
    if plan.per_side == 1:
        return _("{game} — the board (cells {cells})").format(game=game, cells=cells)
    return _("{game} — the board, {where} sheet (cells {cells})").format(
        game=game, where=_(FULL_NAME[plan.name]), cells=cells
    )


def assembly_notes(plan: LappedSheet, uncovered: str | None = None) -> list[str]:
    """What to do with the sheet: where to cut, which strip to keep, the order to assemble, and
    that ``uncovered`` ("the corner codes" when not given; marked with ``N_``, it is said in the
    language in force) must stay in view."""
    if plan.per_side == 1:
        return [_("Nothing to assemble: keep the four corner codes uncovered and unmarked.")]
    lines = []
    cuts = tuple(sorted(plan.lapping))
    strips = tuple(sorted(plan.glued))
    if cuts:
        lines.append(_(_CUT[cuts]))
    if strips:
        lines.append(_(_KEEP[strips]))
    lines.append(
        _(
            "Order: north-west, then north-east and south-west, then south-east. Keep"
            " {uncovered} uncovered: a photo finds the board by them."
        ).format(uncovered=_("the corner codes") if uncovered is None else _(uncovered))
    )
    return lines


# -- the sheet in the manifest ------------------------------------------------------------------


def board_sheet_item(sheet: Sheet, placement: Placement[PlanT], attrs: dict[str, Any]) -> Item:
    """The sheet's manifest item: role ``board-sheet``, id ``board-`` and the sheet's name, cut
    to its printed extent on the page (clipped to the printable area), with ``attrs``."""
    ox, oy = placement.origin
    left, top, right, bottom = placement.extent
    page = sheet.paper
    x0, y0 = max(MIN_MARGIN_MM, ox + left), max(MIN_MARGIN_MM, oy + top)
    x1 = min(page.width - MIN_MARGIN_MM, ox + right)
    y1 = min(page.height - MIN_MARGIN_MM, oy + bottom)
    return Item(
        id=f"board-{placement.plan.name}",
        role="board-sheet",
        sheet=sheet.page,
        cut=Box(round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3)),
        attrs=attrs,
    )


def placed_attrs(kit: str, placement: Placement[PlanT]) -> dict[str, Any]:
    """Which sheet of which kit this is and where its cell frame starts on the page (the first
    of a board sheet's manifest attributes)."""
    plan = placement.plan
    return {
        "kit": kit,
        "name": plan.name,
        "column": plan.column,
        "row": plan.row,
        "origin": list(placement.origin),
    }


def grid_attrs(plan: LappedSheet, codes: Codes) -> dict[str, Any]:
    """The block of the board's cells the sheet holds, its edges (outer, glued, lapping) and its
    corner codes (corner, payload, box in the cell frame), as the manifest gives them."""
    first_column, columns, first_row, rows = plan.cells
    return {
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
            {"corner": corner.value, "payload": record.payload, "box": box_attrs(record.box)}
            for corner, record in codes
        ],
    }


def fiducial_items(
    sheet: Sheet, sheet_id: str, origin: tuple[float, float], codes: Codes
) -> list[Item]:
    """One manifest item of role ``board-fiducial`` per corner code, its code in the page frame."""
    items = []
    for corner, record in codes:
        on_page = qr.moved(record, *origin)
        items.append(
            Item(
                id=f"{sheet_id}-fiducial-{corner.value}",
                role="board-fiducial",
                sheet=sheet.page,
                cut=on_page.box,
                qr=on_page,
                attrs={"board_sheet": sheet_id, "corner": corner.value},
            )
        )
    return items


def box_attrs(box: Box) -> dict[str, float]:
    """A box as the manifest's attributes give it, its corner rounded to 0.1 µm."""
    return {"x": round(box.x, 4), "y": round(box.y, 4), "width": box.width, "height": box.height}
