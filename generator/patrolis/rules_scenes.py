"""The pictures of the Patrolis rules: small scenes of cells, tracks and arrows that show a turn,
a bump, a join and the two ways of crossing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from reportlab.platypus import Flowable

from generator.flow import (
    Figure,
)
from generator.page import BOLD, MM, WHITE, Sheet
from generator.patrolis.map_drawing import TERRAIN_FILL
from generator.patrolis.map_legend import draw_swatch
from generator.patrolis.tiles import draw_tile_line
from patrolkit.games.patrolis import Shape, Terrain
from patrolkit.sizes import Patrolis

FIGURE_CELL_MM: Final = 6.2
GHOST_INK: Final = "#7A7A7A"
ARROW_INK: Final = "#1A1A1A"
S, C, X = Shape.STRAIGHT, Shape.CURVE, Shape.CROSS
BLUE, RED = 0, 1
"""The players of the pictures: Player 1 and Player 2."""

_CLASS = {"w": Terrain.WATER, "m": Terrain.MOUNTAIN, "c": Terrain.COUNTRYSIDE, "r": Terrain.ROAD}


# -- pictures -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    """A piece of map: ``terrain`` rows (top first) of ``w``, ``m``, ``c``, ``r``; ``tiles`` as
    ``(column, row, shape, rotation, player)`` (row 0 at the top); the board's ``edges`` drawn
    thick (``N``, ``E``, ``S``, ``W``); ``ghosts``, cells whose step was just taken away;
    ``arrows``, ``(column, row, edge)`` where a free end points out of a cell."""

    terrain: tuple[str, ...]
    tiles: tuple[tuple[int, int, Shape, int, int], ...] = ()
    edges: str = ""
    ghosts: tuple[tuple[int, int], ...] = ()
    arrows: tuple[tuple[int, int, str], ...] = field(default_factory=tuple)

    @property
    def columns(self) -> int:
        return len(self.terrain[0])

    @property
    def rows(self) -> int:
        return len(self.terrain)


def draw_scene(sheet: Sheet, scene: Scene, x: float, y: float, cell: float) -> None:
    """``scene`` with its top-left corner at ``(x, y)`` (current frame)."""
    for r, row in enumerate(scene.terrain):
        for c, letter in enumerate(row):
            terrain = _CLASS[letter]
            if terrain is Terrain.ROAD:
                sheet.rect(x + c * cell, y + r * cell, cell, cell, fill=TERRAIN_FILL[terrain])
            else:
                draw_swatch(sheet, x + c * cell, y + r * cell, cell, terrain)
    for c in range(scene.columns + 1):
        sheet.line(x + c * cell, y, x + c * cell, y + scene.rows * cell, width=0.15)
    for r in range(scene.rows + 1):
        sheet.line(x, y + r * cell, x + scene.columns * cell, y + r * cell, width=0.15)
    inset = 0.35
    for c, r, shape, rotation, player in scene.tiles:
        tx, ty = x + c * cell + inset, y + r * cell + inset
        side = cell - 2 * inset
        sheet.rect(tx, ty, side, side, fill=WHITE, stroke="#9A9A9A", line=0.15)
        draw_tile_line(sheet, shape, tx, ty, side, Patrolis.PLAYER_INK[player], rotation=rotation)
    for c, r in scene.ghosts:
        canvas = sheet.canvas
        canvas.saveState()
        canvas.setDash(1.2 * MM, 0.8 * MM)
        sheet.rect(
            x + c * cell + 0.8,
            y + r * cell + 0.8,
            cell - 1.6,
            cell - 1.6,
            stroke=GHOST_INK,
            line=0.3,
        )
        canvas.restoreState()
    w, h = scene.columns * cell, scene.rows * cell
    ends = {"N": (0, 0, w, 0), "S": (0, h, w, h), "W": (0, 0, 0, h), "E": (w, 0, w, h)}
    for edge in scene.edges:
        x1, y1, x2, y2 = ends[edge]
        sheet.line(x + x1, y + y1, x + x2, y + y2, width=0.9, cap=2)
    for c, r, edge in scene.arrows:
        _arrow(sheet, x + (c + 0.5) * cell, y + (r + 0.5) * cell, edge, cell)


def _arrow(sheet: Sheet, cx: float, cy: float, edge: str, cell: float) -> None:
    """A small arrowhead on ``edge`` of the cell centred on ``(cx, cy)``, pointing out."""
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[edge]
    tip = (cx + dx * 0.62 * cell, cy + dy * 0.62 * cell)
    base = (cx + dx * 0.38 * cell, cy + dy * 0.38 * cell)
    half = 0.16 * cell
    sheet.polygons(
        [
            [
                tip,
                (base[0] - dy * half, base[1] + dx * half),
                (base[0] + dy * half, base[1] - dx * half),
            ]
        ],
        fill=ARROW_INK,
    )


TURN: Final = Scene(
    ("ccmmc", "cccmc", "wcccc"),
    ((0, 1, S, 1, BLUE), (1, 1, C, 3, BLUE), (1, 0, C, 1, BLUE)),
    edges="W",
    arrows=((1, 0, "E"),),
)
BUMP: Final = Scene(
    ("ccccc", "ccccc", "ccccc"),
    (
        (0, 1, S, 1, BLUE),
        (1, 1, S, 1, BLUE),
        (2, 0, S, 0, RED),
        (2, 1, C, 0, RED),
        (3, 1, S, 1, RED),
    ),
    edges="WN",
    arrows=((1, 1, "E"), (3, 1, "E")),
)
JOIN: Final = Scene(
    ("ccccc", "ccccc", "ccccc"),
    ((0, 1, S, 1, BLUE), (1, 1, S, 1, BLUE), (2, 0, S, 0, RED), (2, 1, C, 3, RED)),
    edges="WN",
    arrows=((1, 1, "E"), (2, 1, "W")),
)
CROSS_BEFORE: Final = Scene(
    ("cccc", "cccc", "cccc"),
    (
        (0, 1, S, 1, BLUE),
        (1, 1, S, 1, BLUE),
        (2, 0, S, 0, RED),
        (2, 1, S, 0, RED),
        (2, 2, S, 0, RED),
    ),
    edges="WN",
    arrows=((1, 1, "E"), (2, 2, "S")),
)
CROSS_AFTER: Final = Scene(
    ("cccc", "cccc", "cccc"),
    (
        (0, 1, S, 1, BLUE),
        (1, 1, S, 1, BLUE),
        (2, 0, S, 0, RED),
        (2, 1, X, 0, BLUE),
        (3, 1, S, 1, BLUE),
    ),
    edges="WN",
    ghosts=((2, 2),),
    arrows=((3, 1, "E"), (2, 1, "S")),
)


def scene_figure(sheet: Sheet, scenes: Sequence[tuple[Scene, str]], width: float) -> Flowable:
    """``scenes`` side by side, each with its label above, centred in ``width`` mm."""
    cell = FIGURE_CELL_MM
    gap = 7.0
    total = sum(s.columns * cell for s, _ in scenes) + gap * (len(scenes) - 1)
    height = max(s.rows for s, _ in scenes) * cell + 5.5

    def paint(s: Sheet) -> None:
        x = (width - total) / 2
        for scene, label in scenes:
            if label:
                s.text(x, 3.2, label, size=7.2, font=BOLD)
            draw_scene(s, scene, x, 5.0, cell)
            x += scene.columns * cell + gap

    return Figure(sheet, width, height, paint)
