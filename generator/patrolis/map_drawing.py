"""Patrolis maps on paper: terrain, rivers, roads, towns and the grid (the labels and the legend
round a map are in :mod:`generator.patrolis.map_legend`).

A map is drawn through a :class:`MapView`: a window of its cells (all of them, or the part one
sheet of a board holds) at a given cell size, in a frame whose origin is the window's top-left
cell corner (mm, x east, y down the sheet). Row ``1`` is at the bottom, column ``A`` at the left.

Every terrain class has a colour *and* a mark of its own, so the map reads in greyscale and for
colour-blind players: water is mid blue with wave strokes, mountain dark brown with peaks,
countryside light green with dots, road pale yellow with the road itself drawn across the cell.
Luminances are far apart (about 155, 110, 200 and 225 of 255). Rivers and roads are drawn as
continuous lines through the map's own points: straight across a cell, or a quarter circle
round the corner between two neighbouring edges — the same geometry as the step tiles
(:mod:`patrolkit.games.patrolis.lines`, which the photo reader masks roads with). A bridge
carries the road over the river with parapets; a town is a cluster of houses where roads meet.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.lib.colors import Color

from generator.page import INK, MM, Ink, Sheet, colour, tint
from patrolkit.games.patrolis import Kind, Map, Point, Terrain
from patrolkit.games.patrolis.lines import ROAD_CASING_WIDTH, ROAD_FILL_WIDTH, hubs, line_segments
from patrolkit.games.patrolis.towns import House, drawing_random, houses

TERRAIN_FILL: Final = {
    Terrain.WATER: "#6EA8D8",
    Terrain.MOUNTAIN: "#8F6844",
    Terrain.COUNTRYSIDE: "#BCDC93",
    Terrain.ROAD: "#F7E48E",
}
"""Class colours: blue, brown, green and yellow, far apart in luminance too."""
LOW_INK_TERRAIN: Final = 0.25
"""A low-ink map's terrain is its class colour at this share of its strength, under the same
marks (waves, peaks, dots) in their full colours: the classes stay told apart by their marks."""
LOW_INK_RIVER: Final = 0.55
"""A low-ink map's rivers at this share of their ink: still the darkest lines of the map."""
WAVE_INK: Final = "#1F5C99"
RIVER_INK: Final = "#1F5C99"
PEAK_INK: Final = "#4A2F16"
PEAK_LIGHT: Final = "#D9B48C"
FIELD_INK: Final = "#5E8F3A"
ROAD_CASING: Final = "#5C4A1E"
ROAD_FILL: Final = "#FFFFFF"
ROOF_INK: Final = "#9E2F22"
WALL_INK: Final = "#FFF8E6"
GRID_INK: Final = "#2E2E2E"
LOW_INK_PEAK: Final = tint(PEAK_INK, 0.6)
"""A low-ink map's peaks: the same shapes, lighter, still darker than their lit faces."""
SWATCH_KIND: Final = {
    Terrain.WATER: Kind.SEA,
    Terrain.MOUNTAIN: Kind.MOUNTAIN,
    Terrain.COUNTRYSIDE: Kind.COUNTRYSIDE,
    Terrain.ROAD: Kind.ROAD,
}


@dataclass(frozen=True)
class MapView:
    """The cells of ``game_map`` from column ``first_column`` (0 = ``A``) and row ``first_row``
    (0 = row ``1``), ``columns`` x ``rows`` of them, drawn ``cell_mm`` wide."""

    game_map: Map
    cell_mm: float
    first_column: int
    columns: int
    first_row: int
    rows: int

    @classmethod
    def whole(cls, game_map: Map, cell_mm: float) -> MapView:
        return cls(game_map, cell_mm, 0, game_map.size, 0, game_map.size)

    @property
    def width(self) -> float:
        return self.columns * self.cell_mm

    @property
    def height(self) -> float:
        return self.rows * self.cell_mm

    def point(self, point: Point) -> tuple[float, float]:
        """A map point (half-cell units from the south-west corner) in the view's frame."""
        x, y = point
        c = self.cell_mm
        return ((x / 2 - self.first_column) * c, (self.first_row + self.rows - y / 2) * c)

    def cell_corner(self, column: int, row: int) -> tuple[float, float]:
        """Top-left corner of the cell at ``column``, ``row`` (map indices) in the view's frame."""
        c = self.cell_mm
        return ((column - self.first_column) * c, (self.first_row + self.rows - 1 - row) * c)

    def cells(self, bleed: dict[str, float] | None = None) -> Iterable[tuple[int, int]]:
        """``(column, row)`` of the view's cells and of the map's cells that reach into a
        ``bleed`` past its edges (mm by edge ``N``, ``E``, ``S``, ``W``)."""
        bleed = bleed or {}
        size, c = self.game_map.size, self.cell_mm
        extra = {edge: math.ceil(bleed.get(edge, 0.0) / c - 1e-9) for edge in "NESW"}
        for row in range(
            max(0, self.first_row - extra["S"]), min(size, self.first_row + self.rows + extra["N"])
        ):
            for column in range(
                max(0, self.first_column - extra["W"]),
                min(size, self.first_column + self.columns + extra["E"]),
            ):
                yield column, row


# -- the whole drawing -----------------------------------------------------------------------------


def draw_map(
    sheet: Sheet,
    view: MapView,
    *,
    bleed: dict[str, float] | None = None,
    outer: Iterable[str] = ("N", "E", "S", "W"),
) -> None:
    """Draw ``view`` in the current frame: terrain, rivers, roads, towns and the grid.

    ``bleed`` extends the drawing past the view's edges (``N``, ``E``, ``S``, ``W``) by that many
    mm, with the neighbouring cells of the map (for an edge that is cut). The board's border line
    is drawn thick along the ``outer`` edges.
    """
    bleed = bleed or {}
    c = view.cell_mm
    left, top = -bleed.get("W", 0.0), -bleed.get("N", 0.0)
    width = view.width + bleed.get("W", 0.0) + bleed.get("E", 0.0)
    height = view.height + bleed.get("N", 0.0) + bleed.get("S", 0.0)
    game_map = view.game_map
    with sheet.clip(left, top, width, height):
        for column, row in view.cells(bleed):
            x, y = view.cell_corner(column, row)
            cell = game_map.cell(column, row)
            draw_cell(sheet, x, y, c, _kind(game_map, cell), _rng(game_map, cell))
        river_hubs, road_hubs = hubs(game_map, game_map.rivers), hubs(game_map, game_map.roads)
        for line in game_map.rivers:
            river = RIVER_INK if sheet.ink is Ink.NORMAL else tint(RIVER_INK, LOW_INK_RIVER)
            _line(sheet, view, line, river, 0.30 * c, cap=0, hubs=river_hubs)
        for line in game_map.roads:
            _line(sheet, view, line, ROAD_CASING, ROAD_CASING_WIDTH * c, cap=1, hubs=road_hubs)
        for line in game_map.roads:
            _line(sheet, view, line, ROAD_FILL, ROAD_FILL_WIDTH * c, cap=1, hubs=road_hubs)
        for column, row in view.cells(bleed):
            cell = game_map.cell(column, row)
            kind = game_map.kind_of(cell)
            x, y = view.cell_corner(column, row)
            if kind is Kind.BRIDGE:
                _bridge(sheet, view, cell, x, y)
            elif kind is Kind.TOWN:
                _town(sheet, x, y, c, houses(game_map.code, cell))
        _grid(sheet, view, left, top, width, height)
    _border(sheet, view, outer)


def _kind(game_map: Map, cell: int) -> Kind:
    """The cell's kind; a map known only by its classes shows each class's plain kind."""
    kind = game_map.kind_of(cell)
    return kind if kind is not None else SWATCH_KIND[game_map.class_of(cell)]


def _rng(game_map: Map, cell: int) -> random.Random:
    return drawing_random(game_map.code, cell)


def _grid(
    sheet: Sheet, view: MapView, left: float, top: float, width: float, height: float
) -> None:
    c = view.cell_mm
    line = 0.18 if c >= 12 else 0.12
    k = 0
    while k * c <= left + width + 1e-9:
        if k * c >= left - 1e-9:
            sheet.line(k * c, top, k * c, top + height, stroke=GRID_INK, width=line)
        k += 1
    k = -1
    while k * c >= left - 1e-9:
        sheet.line(k * c, top, k * c, top + height, stroke=GRID_INK, width=line)
        k -= 1
    k = 0
    while k * c <= top + height + 1e-9:
        if k * c >= top - 1e-9:
            sheet.line(left, k * c, left + width, k * c, stroke=GRID_INK, width=line)
        k += 1
    k = -1
    while k * c >= top - 1e-9:
        sheet.line(left, k * c, left + width, k * c, stroke=GRID_INK, width=line)
        k -= 1


def _border(sheet: Sheet, view: MapView, outer: Iterable[str]) -> None:
    w, h = view.width, view.height
    ends = {"N": (0, 0, w, 0), "S": (0, h, w, h), "W": (0, 0, 0, h), "E": (w, 0, w, h)}
    for edge in outer:
        x1, y1, x2, y2 = ends[edge]
        sheet.line(x1, y1, x2, y2, stroke=INK, width=0.6, cap=2)


# -- cells -----------------------------------------------------------------------------------------


def draw_cell(sheet: Sheet, x: float, y: float, c: float, kind: Kind, rng: random.Random) -> None:
    """One cell's background and mark (no river or road: they are drawn as whole lines); the
    background in a light tint on a low-ink sheet."""
    fill = TERRAIN_FILL[kind.terrain]
    sheet.rect(x, y, c, c, fill=fill if sheet.ink is Ink.NORMAL else tint(fill, LOW_INK_TERRAIN))
    if kind in (Kind.SEA, Kind.LAKE):
        _waves(sheet, x, y, c, rng)
    elif kind is Kind.MOUNTAIN:
        _peaks(sheet, x, y, c, rng, PEAK_INK if sheet.ink is Ink.NORMAL else LOW_INK_PEAK)
    elif kind is Kind.COUNTRYSIDE:
        _fields(sheet, x, y, c, rng)


def _waves(sheet: Sheet, x: float, y: float, c: float, rng: random.Random) -> None:
    """Two short wave strokes."""
    for row, shift in ((0.33, rng.uniform(-0.08, 0.04)), (0.7, rng.uniform(-0.04, 0.08))):
        x0 = x + (0.2 + shift + (0.12 if row > 0.5 else 0.0)) * c
        yy = y + row * c
        length = 0.5 * c
        amp = 0.08 * c
        half = length / 2
        sheet.curve(
            [(x0, yy), (x0 + half / 2, yy - amp), (x0 + half / 2, yy - amp), (x0 + half, yy)],
            stroke=WAVE_INK,
            width=max(0.22, 0.018 * c),
        )
        sheet.curve(
            [
                (x0 + half, yy),
                (x0 + 1.5 * half, yy + amp),
                (x0 + 1.5 * half, yy + amp),
                (x0 + length, yy),
            ],
            stroke=WAVE_INK,
            width=max(0.22, 0.018 * c),
        )


def _peaks(sheet: Sheet, x: float, y: float, c: float, rng: random.Random, ink: str) -> None:
    """A large peak and a smaller one behind it, each with a lit face."""
    big = (x + rng.uniform(0.4, 0.52) * c, 0.5 * c)
    small = (x + rng.uniform(0.22, 0.3) * c, 0.34 * c)
    for (cx, half), base in ((small, y + 0.62 * c), (big, y + 0.8 * c)):
        top = base - 1.15 * half
        left, right = (cx - half / 2 * 1.0, base), (cx + half / 2 * 1.0, base)
        sheet.polygons([[left, (cx, top), right]], fill=ink)
        sheet.polygons([[left, (cx, top), (cx - half * 0.05, base)]], fill=PEAK_LIGHT)


def _fields(sheet: Sheet, x: float, y: float, c: float, rng: random.Random) -> None:
    """A loose grid of small dots."""
    radius = max(0.22, 0.035 * c)
    for i in range(3):
        for j in range(3):
            if (i + j) % 2:
                continue
            u = (0.2 + 0.3 * i + rng.uniform(-0.05, 0.05)) * c
            v = (0.2 + 0.3 * j + rng.uniform(-0.05, 0.05)) * c
            sheet.circle(x + u, y + v, radius, fill=FIELD_INK)


def _town(sheet: Sheet, x: float, y: float, c: float, town: Sequence[House]) -> None:
    """The ``town``'s houses round the cell's centre, where the roads end."""
    for house in town:
        hx, hy, w, h = house.walls()
        sheet.rect(
            x + hx * c, y + hy * c, w * c, h * c, fill=WALL_INK, stroke=ROAD_CASING, line=0.15
        )
        sheet.polygons([[(x + u * c, y + v * c) for u, v in house.roof()]], fill=ROOF_INK)


def _bridge(sheet: Sheet, view: MapView, cell: int, x: float, y: float) -> None:
    """Parapets along the road where it passes over the river (the road runs straight)."""
    game_map = view.game_map
    c = view.cell_mm
    for line, crossed in zip(game_map.roads, game_map.road_cells, strict=True):
        if cell not in crossed:
            continue
        index = crossed.index(cell)
        (x1, y1), (x2, _) = view.point(line[index]), view.point(line[index + 1])
        half = 0.15 * c
        if abs(x1 - x2) < 1e-9:  # the road runs north-south
            for dx in (-half, half):
                sheet.line(x1 + dx, y + 0.2 * c, x1 + dx, y + 0.8 * c, stroke=INK, width=0.35)
        else:
            for dy in (-half, half):
                sheet.line(x + 0.2 * c, y1 + dy, x + 0.8 * c, y1 + dy, stroke=INK, width=0.35)


# -- lines -----------------------------------------------------------------------------------------


def _line(
    sheet: Sheet,
    view: MapView,
    line: Sequence[Point],
    ink: str,
    width: float,
    *,
    cap: int,
    hubs: frozenset[int] = frozenset(),
) -> None:
    """A river or road as one stroked path through its points; in the ``hubs`` cells it turns
    through the cell's centre, where another line ends."""
    crossed = view.game_map.line_cells(line)
    size = view.game_map.size
    centres = [view.point((2 * (cell % size) + 1, 2 * (cell // size) + 1)) for cell in crossed]
    points = [view.point(p) for p in line]
    pieces = line_segments(points, centres, [cell in hubs for cell in crossed])
    stroke_path(sheet, pieces, ink, width, cap=cap)


def stroke_path(
    sheet: Sheet,
    pieces: Sequence[tuple[tuple[float, float], ...]],
    ink: str | Color,
    width: float,
    *,
    cap: int = 0,
) -> None:
    """Stroke consecutive ``pieces`` (frame mm; lines or Bézier curves) as one path."""
    canvas = sheet.canvas
    path = canvas.beginPath()
    path.moveTo(*sheet.point(*pieces[0][0]))
    for piece in pieces:
        if len(piece) == 2:
            path.lineTo(*sheet.point(*piece[1]))
        else:
            (x1, y1), (x2, y2), (x3, y3) = (sheet.point(*p) for p in piece[1:])
            path.curveTo(x1, y1, x2, y2, x3, y3)
    canvas.setStrokeColor(colour(ink))
    canvas.setLineWidth(width * MM)
    canvas.setLineCap(cap)
    canvas.setLineJoin(1)
    canvas.drawPath(path, stroke=1, fill=0)
