"""What a Patrolis reader reads from one photo: the map, each tile on its cell, and what
could not be read."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.patrolis.sheets import (
    SheetReading,
)
from companion.pose import apply
from companion.sheets import box_corners, sheet_holding
from patrolkit.games.patrolis import (
    Map,
    Tile,
    View,
)


@dataclass(frozen=True)
class TileReading:
    """A step tile or objective read: its payload, cell, what it shows, and which pass read it."""

    payload: str
    cell: int
    tile: Tile | None
    """``None`` for an objective."""
    objective: str | None
    """The objective's colour letter, or ``None`` for a step tile."""
    corners_px: np.ndarray
    stage: str


@dataclass(frozen=True)
class Unreadable:
    """A cell that could not be read: why, in one sentence, and the photo point concerned."""

    cell: int | None
    reason: str
    at_px: tuple[float, float] | None = None


@dataclass(frozen=True)
class PatrolisReading:
    """What one photo shows of a Patrolis table."""

    game_map: Map
    cell_mm: float
    sheets: tuple[SheetReading, ...]
    tiles: dict[int, TileReading]
    objectives: dict[int, TileReading]
    unreadable: tuple[Unreadable, ...]
    foreign: tuple[tuple[str, tuple[float, float]], ...]
    problems: tuple[str, ...]
    photo_size: tuple[int, int]
    decoder: str
    passes: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def view(self) -> View | None:
        """The table as the rules see it, or ``None`` while anything is unreadable."""
        if self.unreadable:
            return None
        tiles = tuple(self.tiles[c].tile if c in self.tiles else None for c in self.game_map.cells)
        return View(tiles, frozenset(self.objectives))

    def sheet_of(self, cell: int) -> SheetReading:
        """The sheet holding ``cell``."""
        size = self.game_map.size
        return sheet_holding(self.sheets, cell % size, cell // size)

    def cell_quad(self, cell: int, shrink: float = 0.0) -> np.ndarray:
        """The corners of ``cell`` in photo pixels (through its sheet's pose)."""
        reading = self.sheet_of(cell)
        box = reading.sheet.cell_box(cell % self.game_map.size, cell // self.game_map.size)
        return apply(reading.pose.to_photo, box_corners(box, shrink))
