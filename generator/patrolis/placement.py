"""Where a Patrolis board sheet goes on its page: its printed extent against the printable margin
on its outer sides, and the free paper left on the side that is cut off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from generator.grid_sheets import LappedSizes, across, lapped_extent
from generator.page import MIN_MARGIN_MM, Paper
from patrolkit.sizes import Patrolis, PatrolisSheet

SIZES: Final = LappedSizes.of(Patrolis)

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
    return lapped_extent(plan, (left, top, right, bottom), SIZES)


def place(paper: Paper, plan: PatrolisSheet) -> Placement:
    """Where ``plan`` goes on ``paper``: its printed extent against the printable margin on its
    outer sides; the free paper on the side that is cut off (below the cells on a single sheet).
    Raises :class:`ValueError` if it does not fit."""
    left, top, right, bottom = extent(plan)
    x = across(paper, plan, (left, top, right, bottom))
    m = MIN_MARGIN_MM
    if "S" in plan.outer and "N" not in plan.outer:
        y = paper.height - m - bottom
        free = (m, m, paper.width - 2 * m, y + top - 5 - m)
    else:
        y = m - top
        free_top = y + bottom + 5
        free = (m, free_top, paper.width - 2 * m, paper.height - m - free_top)
    return Placement(plan, (round(x, 3), round(y, 3)), (left, top, right, bottom), free)
