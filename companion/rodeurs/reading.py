"""What a Rôdeurs reader reads from one photo: each cell, each token, and what went wrong.

A cell is a pawn of a colour (its code read, its frame colour agreeing), empty (it looks like its
bare printed colour), or *unreadable* with the reason and where (:class:`CellReading`);
:class:`RodeursReading` holds them all with the board's pose and the codes that are not the
game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from companion.decode import ForeignCode
from companion.pose import BoardPose
from companion.rodeurs.cells import Placement
from patrolkit.games.rodeurs import (
    COLUMNS,
    ROWS,
    Board,
    PawnColour,
    Player,
    State,
    square,
    square_name,
)
from patrolkit.i18n import N_
from patrolkit.payload import SEPARATOR, Corner

__all__ = [
    "COLOUR_NAMES",
    "MATCH_STAGE",
    "UNREADABLE",
    "CellReading",
    "CellStatus",
    "ForeignCode",
    "Problem",
    "RodeursReading",
    "TokenReading",
]


COLOUR_NAMES: Final = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green")}
"""A pawn colour's letter and its name (say it to a player with ``_()``)."""
MATCH_STAGE: Final = "codebook"
"""The stage name of tokens read by matching (:mod:`companion.rodeurs.qrmatch`)."""
UNREADABLE: Final = "?"
"""The letter of an unreadable cell in :attr:`RodeursReading.state_text`."""


class CellStatus(Enum):
    """What a cell was read as."""

    PAWN = "pawn"
    EMPTY = "empty"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class CellReading:
    """One cell: its ``status``, the ``pawn`` colour when read, the ``token`` (QR text) read on
    it, and for an unreadable cell the ``reason`` (a phrase) and a colour ``hint`` — the colour a
    token's frame seems to have, never used as a reading."""

    square: int
    status: CellStatus
    pawn: PawnColour | None = None
    token: str | None = None
    reason: str | None = None
    hint: PawnColour | None = None

    @property
    def name(self) -> str:
        return square_name(self.square)

    @property
    def letter(self) -> str:
        """The cell's letter in the text form: ``r``/``y``/``g``, ``.`` or ``?``."""
        if self.status is CellStatus.PAWN and self.pawn is not None:
            return self.pawn.value
        return "." if self.status is CellStatus.EMPTY else UNREADABLE


@dataclass(frozen=True)
class TokenReading:
    """A pawn token whose code was read: its QR ``payload`` and colour ``letter``, where it is
    (``square``, or ``None`` off the grid or across cells, see ``placement``), its rotation in the
    board frame, the colour its frame was seen as (``None`` if unsure), and the ``stage`` that read
    it (``photo``, or the name of the cascade step, see
    :data:`companion.rodeurs.second_look.STEPS`)."""

    payload: str
    letter: str
    placement: Placement
    frame: str | None
    photo_px: tuple[float, float]
    stage: str

    @property
    def square(self) -> int | None:
        return self.placement.square

    @property
    def rotation(self) -> float:
        return self.placement.rotation

    @property
    def name(self) -> str:
        """``R03``: the colour letter and serial printed in the code."""
        return self.payload.rsplit(SEPARATOR, 1)[-1]


@dataclass(frozen=True)
class Problem:
    """Something the players should know about the photo: one sentence, and where (a cell, or a
    point in the photo) when it has a place."""

    text: str
    square: int | None = None
    photo_px: tuple[float, float] | None = None


@dataclass(frozen=True, eq=False)
class RodeursReading:
    """Everything read from one photo of a Rôdeurs table."""

    board: Board
    pose: BoardPose
    photo_size: tuple[int, int]
    cells: tuple[CellReading, ...]
    tokens: tuple[TokenReading, ...]
    foreign: tuple[ForeignCode, ...]
    problems: tuple[Problem, ...]
    to_move: Player | None
    opening: bool
    decoder: str
    passes: Mapping[str, Mapping[str, int]]
    timings: Mapping[str, float] = field(default_factory=dict)

    @property
    def fiducials_seen(self) -> tuple[Corner, ...]:
        return self.pose.seen

    @property
    def fiducials_missing(self) -> tuple[Corner, ...]:
        return self.pose.missing

    @property
    def unreadable(self) -> tuple[CellReading, ...]:
        return tuple(c for c in self.cells if c.status is CellStatus.UNREADABLE)

    @property
    def pawn_count(self) -> int:
        return sum(c.status is CellStatus.PAWN for c in self.cells)

    @property
    def state_text(self) -> str:
        """The position's text form (see :attr:`patrolkit.games.rodeurs.State.text`) with ``?``
        for every unreadable cell, and ``?`` as the player to move when nobody said who it is."""
        rows = "/".join(
            "".join(self.cells[square(c, r)].letter for c in range(COLUMNS))
            for r in reversed(range(ROWS))
        )
        phase = "o" if self.opening else "-"
        mover = self.to_move.value if self.to_move is not None else "?"
        return f"{rows} {mover} {phase} {self.board.code}"

    @property
    def state(self) -> State | None:
        """The position read, or ``None`` while any cell is unreadable."""
        if self.unreadable:
            return None
        return State.from_text(self.state_text)
