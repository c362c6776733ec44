"""What a Stratego reader reads from one photo: the board's sheets, each piece's army and id on
its cell, and what could not be read. No rank: the photo shows none."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.pose import BoardPose, apply
from patrolkit.games.stratego import Army, Piece, State
from patrolkit.payload import Corner
from patrolkit.sizes.stratego import Stratego, StrategoSheet


@dataclass(frozen=True, eq=False)
class SheetReading:
    """One board sheet in the photo: its place, its pose (sheet cell frame mm → photo px, on the
    board), the same pose on the plane of the pieces' tops (``tops``), the corner codes that
    agree on it and those set aside."""

    sheet: StrategoSheet
    pose: BoardPose
    tops: np.ndarray
    corners_seen: tuple[Corner, ...]
    set_aside: tuple[Corner, ...]

    @property
    def name(self) -> str:
        return self.sheet.name


@dataclass(frozen=True, eq=False)
class PieceReading:
    """A piece read: its code's payload, army and id, its cell, the code's corners (photo px)
    and which pass read it."""

    payload: str
    army: Army
    id: str
    sq: int
    corners_px: np.ndarray
    stage: str


@dataclass(frozen=True)
class Unreadable:
    """Something that could not be read: the cell concerned (``None`` off the board), why, in
    one sentence, and the photo point concerned."""

    sq: int | None
    reason: str
    at_px: tuple[float, float] | None = None


@dataclass(frozen=True, eq=False)
class StrategoReading:
    """What one photo shows of a Stratego table."""

    kit: str
    cell_mm: float
    sheets: tuple[SheetReading, ...]
    pieces: dict[int, PieceReading]
    unreadable: tuple[Unreadable, ...]
    foreign: tuple[tuple[str, tuple[float, float]], ...]
    problems: tuple[str, ...]
    photo_size: tuple[int, int]
    decoder: str
    passes: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def state(self) -> State | None:
        """The position as the rules see it, ranks hidden and the mover unknown, or ``None``
        while anything on the board is unreadable."""
        if any(u.sq is not None for u in self.unreadable):
            return None
        cells: list[Piece | None] = [None] * (Stratego.COLUMNS * Stratego.ROWS)
        for sq, piece in self.pieces.items():
            cells[sq] = Piece(piece.army, None, piece.id)
        return State(tuple(cells), None)

    def sheet_of(self, sq: int) -> SheetReading:
        """The sheet holding cell ``sq``."""
        column, row = sq % Stratego.COLUMNS, sq // Stratego.COLUMNS
        for reading in self.sheets:
            first_column, columns, first_row, rows = reading.sheet.cells
            if first_column <= column < first_column + columns and (
                first_row <= row < first_row + rows
            ):
                return reading
        raise ValueError(f"no sheet holds cell {sq}")

    def cell_quad(self, sq: int, shrink: float = 0.0, *, top: bool = False) -> np.ndarray:
        """The corners of cell ``sq`` in photo pixels, on the board (or on the plane of the
        pieces' tops)."""
        reading = self.sheet_of(sq)
        x, y, w, h = reading.sheet.cell_box(sq % Stratego.COLUMNS, sq // Stratego.COLUMNS)
        d = shrink * w
        corners = np.array(
            [[x + d, y + d], [x + w - d, y + d], [x + w - d, y + h - d], [x + d, y + h - d]]
        )
        return apply(reading.tops if top else reading.pose.to_photo, corners)
