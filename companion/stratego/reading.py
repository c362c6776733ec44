"""What a Stratego reader reads from one photo: the board's sheets, each piece's army and id on
its cell, and what could not be read. No rank: the photo shows none."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.pose import apply
from companion.sheets import SheetReading as BoardSheetReading
from companion.sheets import box_corners, sheet_holding
from patrolkit.games.stratego import Army, Piece, State
from patrolkit.sizes.stratego import Stratego, StrategoSheet


@dataclass(frozen=True, eq=False)
class SheetReading(BoardSheetReading[StrategoSheet]):
    """One board sheet in the photo: its place, its pose (sheet cell frame mm → photo px, on the
    board), the corner codes that agree on it and those set aside, and the same pose on the
    plane of the pieces' tops (``tops``)."""

    tops: np.ndarray


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
    one sentence, and the photo point concerned; for a piece standing across two cells, the
    second cell (``other``), which is no more read than the first."""

    sq: int | None
    reason: str
    at_px: tuple[float, float] | None = None
    other: int | None = None

    @property
    def cells(self) -> set[int]:
        """The cells this leaves unread (none for something off the board)."""
        return {sq for sq in (self.sq, self.other) if sq is not None}


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
        return sheet_holding(self.sheets, sq % Stratego.COLUMNS, sq // Stratego.COLUMNS)

    def cell_quad(self, sq: int, shrink: float = 0.0, *, top: bool = False) -> np.ndarray:
        """The corners of cell ``sq`` in photo pixels, on the board (or on the plane of the
        pieces' tops)."""
        reading = self.sheet_of(sq)
        box = reading.sheet.cell_box(sq % Stratego.COLUMNS, sq // Stratego.COLUMNS)
        return apply(reading.tops if top else reading.pose.to_photo, box_corners(box, shrink))
