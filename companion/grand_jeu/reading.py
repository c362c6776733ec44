"""What a grand jeu reader reads from one photo: the board's sheets, each scout's cell, patrol
and direction, the prisoners in each prison, and what could not be read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

import numpy as np

from companion.pose import apply
from companion.sheets import SheetReading as BoardSheetReading
from companion.sheets import box_corners, sheet_holding
from patrolkit.games.grand_jeu import (
    Direction,
    Options,
    Patrol,
    Scout,
    State,
    column_of,
    row_of,
)
from patrolkit.sizes.grand_jeu import GrandJeuSheet

SheetReading: TypeAlias = BoardSheetReading[GrandJeuSheet]
"""One sheet of a grand jeu board in the photo (see :class:`companion.sheets.SheetReading`)."""


@dataclass(frozen=True, eq=False)
class ScoutReading:
    """A scout read on a cell: its code's payload, patrol and number, its cell and direction,
    how far (degrees) its code turns from that direction, its code's corners (photo px) and
    which pass read it."""

    payload: str
    patrol: Patrol
    number: int
    cell: int
    direction: Direction
    off_deg: float
    corners_px: np.ndarray
    stage: str


@dataclass(frozen=True, eq=False)
class PrisonerReading:
    """A scout read in a prison: its payload, patrol and number, the prison it lies in (a
    patrol) and its code's corners (photo px)."""

    payload: str
    patrol: Patrol
    number: int
    prison: Patrol
    corners_px: np.ndarray


@dataclass(frozen=True)
class Unreadable:
    """Something that could not be read: the cell concerned (``None`` off the board), why, in
    one sentence, and the photo point concerned."""

    cell: int | None
    reason: str
    at_px: tuple[float, float] | None = None


@dataclass(frozen=True, eq=False)
class GrandJeuReading:
    """What one photo shows of a grand jeu table."""

    kit: str
    size: int
    cell_mm: float
    players: int
    sheets: tuple[SheetReading, ...]
    scouts: dict[int, ScoutReading]
    prisoners: tuple[PrisonerReading, ...]
    unreadable: tuple[Unreadable, ...]
    foreign: tuple[tuple[str, tuple[float, float]], ...]
    problems: tuple[str, ...]
    photo_size: tuple[int, int]
    decoder: str
    passes: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def options(self) -> Options:
        """The options the photo is judged with: the number of patrols the board and the
        scouts show, every other option at its default (a photo does not show them)."""
        return Options(players=self.players)

    @property
    def state(self) -> State | None:
        """The position as the rules see it, the patrol to move unknown, or ``None`` while
        anything is unreadable."""
        return self.position(self.players)

    def position(self, players: int) -> State | None:
        """:attr:`state` judged for ``players`` patrols (a 10 x 10 photo in which no East scout
        shows could be of three patrols or of four)."""
        if self.unreadable:
            return None
        options = Options(players=players)
        counts = [sum(p.patrol is patrol for p in self.prisoners) for patrol in options.patrols]
        scouts = tuple(Scout(c, s.patrol, s.direction) for c, s in self.scouts.items())
        return State(options, scouts, tuple(counts), to_move=None)

    def sheet_of(self, cell: int) -> SheetReading:
        """The sheet holding ``cell``."""
        return sheet_holding(self.sheets, column_of(cell), row_of(cell))

    def cell_quad(self, cell: int, shrink: float = 0.0) -> np.ndarray:
        """The corners of ``cell`` in photo pixels."""
        reading = self.sheet_of(cell)
        box = reading.sheet.cell_box(column_of(cell), row_of(cell))
        return apply(reading.pose.to_photo, box_corners(box, shrink))
