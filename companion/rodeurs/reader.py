"""Read a photo of a Rôdeurs table: which pawn is on which cell, and what could not be read.

:func:`read_photo` runs the whole pipeline — load, decode every QR code, board pose from the
corner codes, second look at the cells still missing, tokens to cells with their colour checked —
and returns a :class:`RodeursReading`. Nothing is guessed: a cell is a pawn of a colour (its code
read, its frame colour agreeing), empty (it looks like its bare printed colour), or *unreadable*
with the reason and where.

What a photo cannot tell
------------------------
* **Whose turn it is.** The caller says (``to_move``); when nobody says, the position's text
  writes ``?`` as the player to move (see :attr:`patrolkit.games.rodeurs.State.text`).
* **Whether the opening jump is still to come.** The reading assumes the opening when the table
  looks like a start position: every black and white cell holds a pawn (or is unreadable) and the
  grey row holds none. White plays the opening, so ``to_move`` is then white whatever was asked.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from companion.clock import Clock
from companion.decode import Decoder, Detection, decoder_named
from companion.load import Picture, load_picture
from companion.pose import BoardPose
from companion.rodeurs.cells import across_text, frame_colours, place
from companion.rodeurs.codes import FoundCodes, ours
from companion.rodeurs.locate import locate_board, snapped_pose
from companion.rodeurs.occupancy import BoardView, CellLook, Look, occupancy
from companion.rodeurs.qrmatch import match_cell
from companion.rodeurs.reading import (
    COLOUR_NAMES,
    MATCH_STAGE,
    CellReading,
    CellStatus,
    Problem,
    RodeursReading,
    TokenReading,
)
from companion.rodeurs.second_look import CascadeResult, read_cells
from patrolkit.errors import NotationError, PhotoError
from patrolkit.games.rodeurs import (
    MIDDLE_ROW,
    SQUARES,
    Board,
    CellColour,
    PawnColour,
    Player,
    row_of,
    square_name,
)
from patrolkit.payload import RodeursPawn


def read_photo(
    source: Path | str | bytes, *, decoder: str = "zxing", to_move: Player | None = None
) -> RodeursReading:
    """Read the Rôdeurs table in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` when the file is not a readable photo or shows no Rôdeurs board.
    """
    clock = Clock()
    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    found = FoundCodes.of(reader.read(picture.gray))
    clock.lap("decode")
    pose = locate_board(found, picture.gray, reader)
    board = _board(pose.board_code)
    clock.lap("pose")

    tokens, looks, second, matched = _read_board(picture, pose, board, reader, found.pawns)
    if len(pose.seen) == 1:
        # One corner code and the pawns of the first pass placed the board; the pawns read
        # since then place it better: read the cells again from that pose.
        try:
            pose = snapped_pose(found.fiducials[0], np.array([t.photo_px for t in tokens]), pose)
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
) -> tuple[list[TokenReading], dict[int, CellLook], CascadeResult, int]:
    """The tokens on the board (those of the first pass, then the cascade's), what every cell
    without a token looks like, and the cascade's figures."""
    tokens = _tokens(pawns, pose, picture.rgb, "photo")
    view = BoardView.of(picture.rgb, pose)
    looks = occupancy(view, board, _without_token(tokens))
    second, matched = _second_look(picture, pose, reader, looks, tokens)
    return tokens, looks, second, matched


def _second_look(
    picture: Picture,
    pose: BoardPose,
    reader: Decoder,
    looks: dict[int, CellLook],
    tokens: list[TokenReading],
) -> tuple[CascadeResult, int]:
    """Read the cells that hold something but no code yet: the decoding cascade, then the
    codebook matcher. New tokens are added to ``tokens``; returns the cascade's figures and how
    many codes the matcher read."""
    wanted = [sq for sq in _without_token(tokens) if looks[sq].look is not Look.EMPTY]
    second = read_cells(picture.gray, pose, reader, wanted)
    known = {t.payload for t in tokens}
    for detection, stage in second.found:
        if isinstance(ours(detection.text), RodeursPawn) and detection.text not in known:
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
        item = ours(detection.text)
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
    board: Board, tokens: list[TokenReading], looks: dict[int, CellLook]
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
            if look.look is Look.EMPTY:
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
