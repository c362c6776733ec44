"""What a grand jeu reader reads from one photo: the board's sheets, each scout's cell, patrol
and direction, the prisoners in each prison, and what could not be read."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.pose import BoardPose, apply
from patrolkit.games.grand_jeu import (
    Direction,
    Options,
    Patrol,
    Scout,
    State,
    column_of,
    row_of,
)
from patrolkit.payload import Corner
from patrolkit.sizes.grand_jeu import GrandJeuSheet


@dataclass(frozen=True, eq=False)
class SheetReading:
    """One board sheet in the photo: its place, its pose (sheet cell frame mm → photo px), the
    corner codes that agree on it and those set aside."""

    sheet: GrandJeuSheet
    pose: BoardPose
    corners_seen: tuple[Corner, ...]
    set_aside: tuple[Corner, ...]

    @property
    def name(self) -> str:
        return self.sheet.name


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
        column, row = column_of(cell), row_of(cell)
        for reading in self.sheets:
            first_column, columns, first_row, rows = reading.sheet.cells
            if first_column <= column < first_column + columns and (
                first_row <= row < first_row + rows
            ):
                return reading
        raise ValueError(f"no sheet holds cell {cell}")

    def cell_quad(self, cell: int, shrink: float = 0.0) -> np.ndarray:
        """The corners of ``cell`` in photo pixels."""
        reading = self.sheet_of(cell)
        x, y, w, h = reading.sheet.cell_box(column_of(cell), row_of(cell))
        d = shrink * w
        corners = np.array(
            [[x + d, y + d], [x + w - d, y + d], [x + w - d, y + h - d], [x + d, y + h - d]]
        )
        return apply(reading.pose.to_photo, corners)
