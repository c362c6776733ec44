"""The 12 Patrols requirement icons: one square badge per requirement, readable in black and white.

Each kind has its own outline, so the icons differ without colour:

* **count** ``N``: a hexagon (a cube seen from a corner) holding the number of items;
* **dice sum** ``S``: a black die holding the total in white;
* **colours** ``A`` / ``B`` / ``C``: a round badge holding one, two or three swatches. The swatches
  differ in shape *and* shade (a black disc, a grey triangle, a white square): "all one colour" is
  three alike, "exactly two colours" two kinds, "all three colours" three kinds, even for a
  colour-blind player or on a mono printer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from generator.page import BOLD, CAP_HEIGHT, INK, MM, WHITE, Sheet, text_width
from patrolkit.games.twelve_patrols import Requirement, RequirementKind

ICON_MM: Final = 9.0
"""The side of an icon's square on a card."""
OUTLINE: Final = 0.4
"""Outline width of a badge at :data:`ICON_MM`, in mm; scaled with the icon."""
SWATCH_GREY: Final = "#9C9C9C"
BADGE_FILL: Final = WHITE


def draw_requirement(
    sheet: Sheet, requirement: Requirement, x: float, y: float, size: float
) -> None:
    """The icon of ``requirement`` in the ``size`` mm square whose top-left corner is ``(x, y)``."""
    cx, cy = x + size / 2, y + size / 2
    line = OUTLINE * size / ICON_MM
    kind = requirement.kind
    if kind is RequirementKind.COUNT:
        _hexagon(sheet, cx, cy, size, line)
        _number(sheet, cx, cy, str(requirement.n), size, INK)
    elif kind is RequirementKind.DICE_SUM:
        _die(sheet, cx, cy, size)
        _number(sheet, cx, cy, str(requirement.n), size * 0.86, WHITE)
    else:
        sheet.circle(cx, cy, size * 0.47, fill=BADGE_FILL, stroke=INK, line=line)
        count = {
            RequirementKind.ONE_COLOUR: 1,
            RequirementKind.TWO_COLOURS: 2,
            RequirementKind.THREE_COLOURS: 3,
        }[kind]
        draw_swatches(sheet, cx, cy, size, count)


def draw_swatches(sheet: Sheet, cx: float, cy: float, size: float, colours: int) -> None:
    """Three swatches centred on ``(cx, cy)`` in a badge of ``size`` mm, of ``colours`` (1..3)
    different kinds: three black discs; two discs and a grey triangle; a disc, a triangle and a
    white square."""
    line = OUTLINE * size / ICON_MM * 0.85
    side = 0.27 * size
    places = (
        (cx - 0.17 * size, cy - 0.1 * size),
        (cx + 0.17 * size, cy - 0.1 * size),
        (cx, cy + 0.2 * size),
    )
    shapes = {
        1: (_disc, _disc, _disc),
        2: (_disc, _disc, _triangle),
        3: (_disc, _triangle, _square),
    }
    for (px, py), shape in zip(places, shapes[colours], strict=True):
        shape(sheet, px, py, side, line)


def _disc(sheet: Sheet, x: float, y: float, side: float, line: float) -> None:
    sheet.circle(x, y, side * 0.44, fill=INK)


def _triangle(sheet: Sheet, x: float, y: float, side: float, line: float) -> None:
    height = side * math.sqrt(3) / 2 * 0.95
    half = side * 0.5
    points = [
        (x, y - height * 2 / 3 + side * 0.06),
        (x + half, y + height / 3 + side * 0.06),
        (x - half, y + height / 3 + side * 0.06),
    ]
    sheet.polygons([points], fill=SWATCH_GREY, stroke=INK, line=line)


def _square(sheet: Sheet, x: float, y: float, side: float, line: float) -> None:
    half = side * 0.37
    sheet.rect(x - half, y - half, 2 * half, 2 * half, fill=WHITE, stroke=INK, line=line)


def _hexagon(sheet: Sheet, cx: float, cy: float, size: float, line: float) -> None:
    """A hexagon with a corner at the top: the outline of a cube seen from one of its corners."""
    radius = size * 0.5 - line / 2
    points = [
        (cx + radius * math.sin(math.radians(a)), cy - radius * math.cos(math.radians(a)))
        for a in range(0, 360, 60)
    ]
    sheet.polygons([points], fill=BADGE_FILL, stroke=INK, line=line)


def _die(sheet: Sheet, cx: float, cy: float, size: float) -> None:
    """A black die with a white pip in two opposite corners."""
    side = size * 0.9
    sheet.round_rect(cx - side / 2, cy - side / 2, side, side, size * 0.16, fill=INK)
    pip = size * 0.055
    for dx, dy in ((-1, -1), (1, 1)):
        sheet.circle(cx + dx * side * 0.36, cy + dy * side * 0.36, pip, fill=WHITE)


def _number(sheet: Sheet, cx: float, cy: float, text: str, size: float, fill: str) -> None:
    """``text`` in bold, centred on ``(cx, cy)``, as large as fits the badge."""
    points = 0.46 * size / CAP_HEIGHT * MM
    widest = 0.6 * size
    width = text_width(text, points, BOLD)
    if width > widest:
        points *= widest / width
    sheet.centred_glyphs(cx, cy, text, size=points, font=BOLD, fill=fill)


def row_length(count: int, size: float, gap: float) -> float:
    """The length of ``count`` icons of ``size`` mm in a row, ``gap`` mm apart."""
    return count * size + max(0, count - 1) * gap


def draw_row(
    sheet: Sheet,
    requirements: Sequence[Requirement],
    cx: float,
    cy: float,
    size: float,
    gap: float,
    *,
    vertical: bool = False,
) -> None:
    """``requirements`` as icons in a row (or a column) centred on ``(cx, cy)``."""
    length = row_length(len(requirements), size, gap)
    for index, requirement in enumerate(requirements):
        offset = -length / 2 + index * (size + gap)
        if vertical:
            draw_requirement(sheet, requirement, cx - size / 2, cy + offset, size)
        else:
            draw_requirement(sheet, requirement, cx + offset, cy - size / 2, size)
