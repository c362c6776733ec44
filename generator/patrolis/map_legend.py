"""What goes round a Patrolis map: its column letters and row numbers, the legend of its terrain
classes with the steps a turn allows on each, and the whole map small with its labels."""

from __future__ import annotations

import random
from typing import Final

from generator.page import BOLD, MM, SOFT_INK, Sheet, text_width
from generator.patrolis.map_drawing import (
    GRID_INK,
    ROAD_CASING,
    ROAD_FILL,
    SWATCH_KIND,
    MapView,
    draw_cell,
    draw_map,
    stroke_path,
)
from patrolkit.games.patrolis import LETTERS, Map, Terrain
from patrolkit.games.patrolis.lines import ROAD_CASING_WIDTH, ROAD_FILL_WIDTH
from patrolkit.i18n import N_, _, ngettext

CLASS_NAME: Final = {
    Terrain.WATER: N_("Water"),
    Terrain.MOUNTAIN: N_("Mountain"),
    Terrain.COUNTRYSIDE: N_("Countryside"),
    Terrain.ROAD: N_("Road"),
}
"""Each class's name in English: said with ``_(CLASS_NAME[terrain])``."""
CLASS_SHOWS: Final = {
    Terrain.WATER: N_("sea, lake, river"),
    Terrain.MOUNTAIN: N_("peaks"),
    Terrain.COUNTRYSIDE: N_("fields"),
    Terrain.ROAD: N_("road, bridge, town"),
}
"""What shows each class on the map, in English: said with ``_(CLASS_SHOWS[terrain])``."""
LEGEND_ORDER: Final = (Terrain.WATER, Terrain.MOUNTAIN, Terrain.COUNTRYSIDE, Terrain.ROAD)


# -- labels and legend -----------------------------------------------------------------------------


def draw_letters(sheet: Sheet, view: MapView, y: float, *, size: float = 9.0) -> None:
    """The column letters, centred on their columns, with their baselines at ``y``."""
    for k in range(view.columns):
        x = (k + 0.5) * view.cell_mm
        letter = LETTERS[view.first_column + k]
        sheet.text(x, y, letter, size=size, font=BOLD, fill=SOFT_INK, align="centre")


def draw_numbers(sheet: Sheet, view: MapView, x: float, *, size: float = 9.0) -> None:
    """The row numbers, centred on their rows, right-aligned at ``x``."""
    for k in range(view.rows):
        row = view.first_row + k
        _left, top = view.cell_corner(view.first_column, row)
        baseline = top + view.cell_mm / 2 + 0.729 * size / MM / 2
        sheet.text(x, baseline, str(row + 1), size=size, font=BOLD, fill=SOFT_INK, align="right")


def draw_swatch(sheet: Sheet, x: float, y: float, side: float, terrain: Terrain) -> None:
    """A cell of ``terrain`` drawn ``side`` mm wide, as the map shows it (a road runs across)."""
    kind = SWATCH_KIND[terrain]
    with sheet.clip(x, y, side, side):
        draw_cell(sheet, x, y, side, kind, random.Random(f"swatch:{terrain.value}"))
        if terrain is Terrain.ROAD:
            pieces = [((x, y + side / 2), (x + side, y + side / 2))]
            stroke_path(sheet, pieces, ROAD_CASING, ROAD_CASING_WIDTH * side)
            stroke_path(sheet, pieces, ROAD_FILL, ROAD_FILL_WIDTH * side)
    sheet.rect(x, y, side, side, stroke=GRID_INK, line=0.18)


LEGEND_ROW_MM: Final = 4.6
LEGEND_HEIGHT_MM: Final = 3.2 + 4 * LEGEND_ROW_MM


def legend_width(size: float = 6.6, *, compact: bool = False) -> float:
    """The width :func:`draw_legend` takes at ``size`` points."""
    longest = max(
        text_width(_name_text(t, compact), size, BOLD) + text_width(_limit_text(t, compact), size)
        for t in LEGEND_ORDER
    )
    return max(5.4 + longest, text_width(_(LEGEND_TITLE), size, BOLD))


LEGEND_TITLE: Final = N_("Steps a turn, by terrain")


def _name_text(terrain: Terrain, compact: bool) -> str:
    name = _(CLASS_NAME[terrain])
    return (_("{terrain}:").format(terrain=name) if compact else name) + " "


def _limit_text(terrain: Terrain, compact: bool) -> str:
    steps = ngettext("{count} step", "{count} steps", terrain.limit).format(count=terrain.limit)
    if compact:
        return steps
    return _("({shows}): {steps}").format(shows=_(CLASS_SHOWS[terrain]), steps=steps)


def draw_legend(
    sheet: Sheet, x: float, y: float, *, size: float = 6.6, compact: bool = False
) -> None:
    """The terrain legend, :data:`LEGEND_HEIGHT_MM` tall from ``(x, y)``: each class's swatch,
    its name, what shows it (unless ``compact``) and the steps a turn may lay on it."""
    sheet.text(x, y + 2.4, _(LEGEND_TITLE), size=size, font=BOLD)
    for k, terrain in enumerate(LEGEND_ORDER):
        top = y + 3.6 + k * LEGEND_ROW_MM
        draw_swatch(sheet, x, top, 3.8, terrain)
        name = _name_text(terrain, compact)
        baseline = top + 2.75
        sheet.text(x + 5.4, baseline, name, size=size, font=BOLD)
        sheet.text(
            x + 5.4 + text_width(name, size, BOLD),
            baseline,
            _limit_text(terrain, compact),
            size=size,
        )


def draw_overview(
    sheet: Sheet, game_map: Map, x: float, y: float, cell_mm: float, *, labels: bool = True
) -> tuple[float, float]:
    """The whole map small, its top-left cell corner at page ``(x, y)``, with its letters below
    and numbers left if ``labels``. Returns its width and height (cells only)."""
    view = MapView.whole(game_map, cell_mm)
    with sheet.frame(x, y):
        draw_map(sheet, view)
        if labels:
            label = min(7.0, max(4.2, cell_mm * 1.15))
            draw_letters(sheet, view, view.height + 1.0 + label * 0.36, size=label)
            draw_numbers(sheet, view, -0.9, size=label)
    return view.width, view.height
