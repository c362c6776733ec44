"""Read a photo of a Rôdeurs table: which pawn is on which cell, and what could not be read.

:func:`read_photo` runs the whole pipeline — load, decode every QR code, board pose from the
corner codes, second look at the cells still missing, tokens to cells with their colour checked —
and returns a :class:`RodeursReading`. Nothing is guessed: a cell is a pawn of a colour (its code
read, its frame colour agreeing), empty (it looks like its bare printed colour), or *unreadable*
with the reason and where.

What a photo cannot tell
------------------------
* **Whose turn it is.** The caller says (``to_move``, white by default).
* **Whether the opening jump is still to come.** The reading assumes the opening when the table
  looks like a start position: every black and white cell holds a pawn (or is unreadable) and the
  grey row holds none. White plays the opening, so ``to_move`` is then white whatever was asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from companion import cascade
from companion.clock import Clock
from companion.decode import Decoder, Detection, decoder_named
from companion.load import Picture, load_picture
from companion.pose import BoardPose, apply, board_pose, fiducial_corners, refine
from companion.rodeurs.cells import Placement, across_text, frame_colours, place
from companion.rodeurs.lattice import SNAP_MIN_TOKENS, search_from_tokens, snap_pose
from companion.rodeurs.qrmatch import match_cell
from patrolkit.errors import NotationError, PayloadError, PhotoError
from patrolkit.games.rodeurs import (
    COLUMNS,
    MIDDLE_ROW,
    ROWS,
    SQUARES,
    Board,
    CellColour,
    PawnColour,
    Player,
    State,
    row_of,
    square,
    square_name,
)
from patrolkit.payload import (
    MARK,
    SEPARATOR,
    Corner,
    Game,
    Item,
    RodeursFiducial,
    RodeursPawn,
    decode,
)
from patrolkit.sizes import Rodeurs

COLOUR_NAMES: Final = {"R": "red", "Y": "yellow", "G": "green"}
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
    it (``photo``, or the name of the cascade step, see :data:`companion.cascade.STEPS`)."""

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
class ForeignCode:
    """A QR code on the table that is not one of this board's: its text and where it is."""

    text: str
    photo_px: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    why: str


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
    to_move: Player
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
        for every unreadable cell."""
        rows = "/".join(
            "".join(self.cells[square(c, r)].letter for c in range(COLUMNS))
            for r in reversed(range(ROWS))
        )
        phase = "o" if self.opening else "-"
        return f"{rows} {self.to_move.value} {phase} {self.board.code}"

    @property
    def state(self) -> State | None:
        """The position read, or ``None`` while any cell is unreadable."""
        if self.unreadable:
            return None
        return State.from_text(self.state_text)


def read_photo(
    source: Path | str | bytes, *, decoder: str = "zxing", to_move: Player = Player.WHITE
) -> RodeursReading:
    """Read the Rôdeurs table in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` when the file is not a readable photo or shows no Rôdeurs board.
    """
    clock = Clock()
    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    found = _Sorted.of(reader.read(picture.gray))
    clock.lap("decode")
    pose = _pose(found, picture.gray, reader)
    board = _board(pose.board_code)
    clock.lap("pose")

    tokens, looks, second, matched = _read_board(picture, pose, board, reader, found.pawns)
    if len(pose.seen) == 1:
        # One corner code and the pawns of the first pass placed the board; the pawns read
        # since then place it better: read the cells again from that pose.
        try:
            pose = _snapped_pose(found.fiducials[0], np.array([t.photo_px for t in tokens]), pose)
        except PhotoError:
            pass  # the first pose stands
        else:
            tokens, looks, second, matched = _read_board(picture, pose, board, reader, found.pawns)
    clock.lap("cells")
    cells, problems = _cells(board, tokens, looks)
    problems += _token_problems(tokens) + [
        Problem(
            f"A QR code that is not part of this game is on the table ({f.why}).", None, f.photo_px
        )
        for f in found.foreign
    ]
    if pose.set_aside:
        names = ", ".join(c.value for c in pose.set_aside)
        problems.append(
            Problem(f"The {names} corner code does not line up with the board; it was left out.")
        )
    opening = _looks_like_start(board, cells)
    passes = {
        "photo": {"codes": len(found.pawns) + len(found.fiducials) + len(found.foreign)},
        **{name: {"tried": second.tried[name], "read": second.read[name]} for name in second.tried},
        MATCH_STAGE: {"tried": second.left, "read": matched},
    }
    clock.lap("verdict")
    return RodeursReading(
        board=board,
        pose=pose,
        photo_size=(picture.width, picture.height),
        cells=tuple(cells),
        tokens=tuple(sorted(tokens, key=lambda t: t.payload)),
        foreign=tuple(found.foreign),
        problems=tuple(problems),
        to_move=Player.WHITE if opening else to_move,
        opening=opening,
        decoder=reader.name,
        passes=passes,
        timings=clock.timings(),
    )


def _read_board(
    picture: Picture, pose: BoardPose, board: Board, reader: Decoder, pawns: list[Detection]
) -> tuple[list[TokenReading], dict[int, cascade.CellLook], cascade.CascadeResult, int]:
    """The tokens on the board (those of the first pass, then the cascade's), what every cell
    without a token looks like, and the cascade's figures."""
    tokens = _tokens(pawns, pose, picture.rgb, "photo")
    view = cascade.BoardView.of(picture.rgb, pose)
    looks = cascade.occupancy(view, board, _without_token(tokens))
    second, matched = _second_look(picture, pose, reader, looks, tokens)
    return tokens, looks, second, matched


def _second_look(
    picture: Picture,
    pose: BoardPose,
    reader: Decoder,
    looks: dict[int, cascade.CellLook],
    tokens: list[TokenReading],
) -> tuple[cascade.CascadeResult, int]:
    """Read the cells that hold something but no code yet: the decoding cascade, then the
    codebook matcher. New tokens are added to ``tokens``; returns the cascade's figures and how
    many codes the matcher read."""
    wanted = [sq for sq in _without_token(tokens) if looks[sq].look is not cascade.Look.EMPTY]
    second = cascade.read_cells(picture.gray, pose, reader, wanted)
    known = {t.payload for t in tokens}
    for detection, stage in second.found:
        if isinstance(_ours(detection.text), RodeursPawn) and detection.text not in known:
            known.add(detection.text)
            tokens += _tokens([detection], pose, picture.rgb, stage)
    matched = 0
    for sq in _without_token(tokens):
        if sq not in wanted:
            continue
        match = match_cell(picture.gray, pose, sq)
        if match is not None and match.text not in known:
            known.add(match.text)
            tokens += _tokens([match.detection], pose, picture.rgb, MATCH_STAGE)
            matched += 1
    return second, matched


def _ours(text: str) -> Item | None:
    try:
        return decode(text)
    except PayloadError:
        return None


@dataclass
class _Sorted:
    """The codes of the whole-photo pass, sorted by what they are."""

    pawns: list[Detection] = field(default_factory=list)
    fiducials: list[tuple[RodeursFiducial, Detection]] = field(default_factory=list)
    other_games: list[tuple[Game, bool]] = field(default_factory=list)
    """Codes of other games' kits: the game, and whether the code is a board's corner code."""
    foreign: list[ForeignCode] = field(default_factory=list)

    @classmethod
    def of(cls, detections: list[Detection]) -> _Sorted:
        found = cls()
        for detection in detections:
            found.add(detection)
        return found

    def add(self, detection: Detection) -> None:
        item = _ours(detection.text)
        if isinstance(item, RodeursPawn):
            self.pawns.append(detection)
        elif isinstance(item, RodeursFiducial):
            if all(d.text != detection.text for _, d in self.fiducials):
                self.fiducials.append((item, detection))
        else:
            other = _other_game(detection.text)
            if other is not None:
                self.other_games.append(other)
            if other is None:
                why = _foreign_why(detection.text)
            else:
                what = "board's corner code" if other[1] else "piece"
                why = f"a {other[0].title} {what}"
            centre = detection.centre
            self.foreign.append(
                ForeignCode(
                    detection.text,
                    (float(centre[0]), float(centre[1])),
                    tuple((float(x), float(y)) for x, y in detection.corners),
                    why,
                )
            )


def _other_game(text: str) -> tuple[Game, bool] | None:
    """For a code printed by patrolkit for another game: that game, and whether the code is a
    board's corner code (kind ``F``). ``None`` for anything else."""
    parts = text.split(SEPARATOR)
    if len(parts) < 3 or not parts[0].startswith(MARK):
        return None
    try:
        game = Game(parts[1])
    except ValueError:
        return None
    return None if game is Game.RODEURS else (game, parts[2] == RodeursFiducial.KIND)


def _foreign_why(text: str) -> str:
    try:
        decode(text)
    except PayloadError as exc:
        message = str(exc).rstrip(".")
        return message[0].lower() + message[1:]
    return "not a Rôdeurs piece"


def _pose(found: _Sorted, gray: np.ndarray, reader: Decoder) -> BoardPose:
    """The board's pose, after looking again for corner codes the first pass missed."""
    if not found.fiducials and not found.other_games:
        for detection in search_from_tokens(gray, found.pawns, reader):
            if isinstance(_ours(detection.text), RodeursFiducial):
                found.add(detection)
    corners = {f.corner for f, _ in found.fiducials}
    if not corners:
        boards = [game for game, board in found.other_games if board]
        if boards:
            raise PhotoError(f"This is a {boards[0].title} board, not a Rôdeurs board.")
        if found.other_games:
            name = found.other_games[0][0].title
            raise PhotoError(f"This photo shows {name} pieces but no Rôdeurs board.")
        raise PhotoError(
            "No Rôdeurs board was found in this photo: none of its corner codes could be read."
        )
    if len(corners) == 1:
        rough = _one_fiducial_pose(found.fiducials[0], found.pawns)
        _add_searched(found, gray, reader, rough, margin=12.0 if found.pawns else 40.0)
        if len({f.corner for f, _ in found.fiducials}) < 2:
            snapped = _snapped_pose(
                found.fiducials[0], _pawn_centres(found, gray, reader, rough), rough
            )
            _add_searched(found, gray, reader, snapped, margin=8.0)
            if len({f.corner for f, _ in found.fiducials}) < 2:
                return snapped
    pose = board_pose(found.fiducials)
    if pose.missing:
        before = len(found.fiducials)
        _add_searched(found, gray, reader, pose, margin=8.0)
        if len(found.fiducials) > before:
            pose = board_pose(found.fiducials)
    if pose.missing and found.pawns:
        # Fiducials on fewer than four corners leave the far side loosely held: the tokens'
        # codes steady it (see companion.pose.refine).
        pose = board_pose(found.fiducials, found.pawns)
    return pose


def _add_searched(
    found: _Sorted, gray: np.ndarray, reader: Decoder, pose: BoardPose, *, margin: float
) -> None:
    have = {f.corner for f, _ in found.fiducials}
    missing = [c for c in Corner if c not in have]
    known = {d.text for d in found.pawns} | {f.text for f in found.foreign}
    for detection in cascade.search_fiducials(gray, pose, reader, missing, margin=margin):
        if detection.text in known:
            continue
        item = _ours(detection.text)
        if isinstance(item, RodeursFiducial) and item.corner in missing:
            found.add(detection)


def _one_fiducial_pose(
    fiducial: tuple[RodeursFiducial, Detection], tokens: list[Detection]
) -> BoardPose:
    """A rough pose from one corner code, only good enough to look for the others: an affine
    map from its three finder-pattern corners, refined by the tokens read (see
    :func:`companion.pose.refine`)."""
    item, detection = fiducial
    board = fiducial_corners(item.corner)
    affine = cv2.getAffineTransform(
        board[[0, 1, 3]].astype(np.float32), detection.corners[[0, 1, 3]].astype(np.float32)
    )
    transform = np.vstack([affine, [0.0, 0.0, 1.0]])
    if tokens:
        transform = refine(transform, board, detection.corners, tokens)
    return BoardPose(item.board, transform, np.linalg.inv(transform), (item.corner,), (), 0.0)


def _pawn_centres(
    found: _Sorted, gray: np.ndarray, reader: Decoder, rough: BoardPose
) -> np.ndarray:
    """The centres (photo px) of the pawn codes read, and of those the cascade reads in every
    cell where the rough pose puts them when the first pass read too few to place the board."""
    centres = [d.centre for d in found.pawns]
    if len(centres) < SNAP_MIN_TOKENS:
        known = {d.text for d in found.pawns}
        for detection, _ in cascade.read_cells(gray, rough, reader, range(SQUARES)).found:
            if isinstance(_ours(detection.text), RodeursPawn) and detection.text not in known:
                known.add(detection.text)
                centres.append(detection.centre)
    return np.array(centres, dtype=float).reshape(-1, 2)


def _snapped_pose(
    fiducial: tuple[RodeursFiducial, Detection], centres: np.ndarray, rough: BoardPose
) -> BoardPose:
    """The pose from one corner code and the pawns standing on their cells (see
    :func:`companion.rodeurs.lattice.snap_pose`); :class:`PhotoError` when they do not settle it."""
    item, detection = fiducial
    board = fiducial_corners(item.corner)
    transform = snap_pose(rough.to_photo, board, detection.corners, centres)
    if transform is None:
        raise PhotoError(
            f"No Rôdeurs board was found in this photo: only its {item.corner.value} corner "
            "code could be read, and at least two of the four are needed (or more pawns in view)."
        )
    scale = np.linalg.norm(np.roll(detection.corners, -1, axis=0) - detection.corners, axis=1)
    residual = np.linalg.norm(apply(transform, board) - detection.corners, axis=1)
    error_mm = float(np.sqrt(np.mean(residual**2)) / (scale.mean() / Rodeurs.FIDUCIAL_MM))
    return BoardPose(item.board, transform, np.linalg.inv(transform), (item.corner,), (), error_mm)


def _board(code: str) -> Board:
    try:
        return Board.from_code(code)
    except NotationError:
        raise PhotoError(
            f"The board's corner codes carry '{code}', which is not a Rôdeurs board code."
        ) from None


def _tokens(
    detections: list[Detection], pose: BoardPose, rgb: np.ndarray, stage: str
) -> list[TokenReading]:
    """The pawn tokens of ``detections``: where each lies and what colour its frame shows."""
    readings = []
    for detection, frame in zip(detections, frame_colours(rgb, detections), strict=True):
        item = _ours(detection.text)
        assert isinstance(item, RodeursPawn)
        centre = detection.centre
        readings.append(
            TokenReading(
                payload=detection.text,
                letter=item.colour,
                placement=place(detection, pose),
                frame=frame.letter,
                photo_px=(float(centre[0]), float(centre[1])),
                stage=stage,
            )
        )
    return readings


def _without_token(tokens: list[TokenReading]) -> list[int]:
    """Cells with no token read on them."""
    taken = {t.square for t in tokens if t.square is not None}
    return [sq for sq in range(SQUARES) if sq not in taken]


def _cells(
    board: Board, tokens: list[TokenReading], looks: dict[int, cascade.CellLook]
) -> tuple[list[CellReading], list[Problem]]:
    """Each cell's reading from the tokens placed on it and, for the others, the occupancy
    check; with a problem for every cell that cannot be read."""
    on: dict[int, list[TokenReading]] = {}
    across: dict[int, TokenReading] = {}
    for token in tokens:
        if token.square is not None:
            on.setdefault(token.square, []).append(token)
        for sq in token.placement.across:
            across.setdefault(sq, token)
    cells: list[CellReading] = []
    problems: list[Problem] = []

    def unreadable(sq: int, reason: str, sentence: str, hint: str | None = None) -> None:
        colour = PawnColour(hint.lower()) if hint else None
        cells.append(CellReading(sq, CellStatus.UNREADABLE, reason=reason, hint=colour))
        problems.append(Problem(sentence, sq))

    for sq in range(SQUARES):
        name = square_name(sq)
        here = on.get(sq, [])
        if len(here) > 1:
            names = " and ".join(t.name for t in here)
            unreadable(sq, "two pawns", f"Cell {name} holds two pawns ({names}).")
        elif here:
            token = here[0]
            if token.frame is not None and token.frame != token.letter:
                said, seen = COLOUR_NAMES[token.letter], COLOUR_NAMES[token.frame]
                unreadable(
                    sq,
                    "colour mismatch",
                    f"On {name}, pawn {token.name}'s code says {said} but its frame looks {seen}.",
                )
            else:
                pawn = PawnColour(token.letter.lower())
                cells.append(CellReading(sq, CellStatus.PAWN, pawn=pawn, token=token.payload))
        elif sq in across:
            token = across[sq]
            unreadable(
                sq,
                "pawn across cells",
                f"Pawn {token.name} lies across {across_text(token.placement)}; "
                "push it into one cell.",
                token.letter,
            )
        else:
            look = looks[sq]
            if look.look is cascade.Look.EMPTY:
                cells.append(CellReading(sq, CellStatus.EMPTY))
            else:
                sentence = f"Cell {name}: {look.reason}."
                unreadable(sq, look.reason, sentence, look.hint)
    return cells, problems


def _token_problems(tokens: list[TokenReading]) -> list[Problem]:
    """Tokens read twice in different places (two kits mixed)."""
    problems = []
    by_payload: dict[str, list[TokenReading]] = {}
    for token in tokens:
        by_payload.setdefault(token.payload, []).append(token)
    for same in by_payload.values():
        if len(same) > 1:
            problems.append(Problem(f"Pawn {same[0].name} appears twice; are two kits mixed?"))
    return problems


def _looks_like_start(board: Board, cells: list[CellReading]) -> bool:
    """Every black and white cell holds a pawn (or is unreadable) and the grey row holds none."""
    for cell in cells:
        grey = board.colour(cell.square) is CellColour.GREY
        assert grey == (row_of(cell.square) == MIDDLE_ROW)
        if grey and cell.status is CellStatus.PAWN:
            return False
        if not grey and cell.status is CellStatus.EMPTY:
            return False
    return True
