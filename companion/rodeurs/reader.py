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

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from companion.clock import Clock
from companion.deblur import first_pass
from companion.decode import Decoder, Detection, decoder_named
from companion.load import Picture, load_picture
from companion.pose import BoardPose
from companion.rodeurs.cells import across_text, frame_colours, place
from companion.rodeurs.codes import FoundCodes, ours
from companion.rodeurs.grid import fit_to_grid
from companion.rodeurs.locate import locate_board, snapped_pose
from companion.rodeurs.occupancy import FAINT_SPREAD, BoardView, CellLook, Look, occupancy
from companion.rodeurs.qrmatch import CODE_SEEN, code_alignment, match_cell
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
from patrolkit.i18n import N_, _, ngettext
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
    scanned = first_pass(picture.gray, reader, picture.rgb)
    picture = replace(picture, gray=scanned.gray)
    found = FoundCodes.of(scanned.codes)
    clock.lap("decode")
    pose = locate_board(found, picture.gray, reader)
    board = _board(pose.board_code)
    clock.lap("pose")

    frames: dict[tuple[str, bytes], str | None] = {}
    first = [(d, "photo") for d in found.pawns]
    one_corner = len(pose.seen) == 1
    read = _read_board(picture, pose, board, reader, first, frames, fit=not one_corner)
    if one_corner:
        # One corner code and the pawns of the first pass placed the board; the pawns read
        # since then place it better: read the cells again from that pose.
        centres = np.array([t.photo_px for t in read.tokens])
        try:
            snapped = snapped_pose(found.fiducials[0], centres, pose)
        except PhotoError:
            pass  # the first pose stands
        else:
            read = _read_board(picture, snapped, board, reader, first, frames, fit=True)
    clock.lap("cells")
    cells, problems = _cells(board, read.tokens, read.looks)
    if not read.fitted and any(cell.status is CellStatus.UNREADABLE for cell in cells):
        # Still something unclear: the pose may be bent all the same (a code that cannot be
        # read through the homography, a token that seems to lie across cells).
        bent = fit_to_grid(picture.gray, read.pose, board)
        if bent.bend is not None:
            again = _read_board(picture, bent, board, reader, read.codes, frames, fit=False)
            read = replace(again, second=_merged(read.second, again.second))
            cells, problems = _cells(board, read.tokens, read.looks)
        clock.lap("bent")
    pose, tokens, second, matched = read.pose, read.tokens, read.second, read.matched
    problems += _token_problems(tokens) + [
        Problem(
            _("A QR code that is not part of this game is on the table ({why}).").format(why=f.why),
            None,
            f.photo_px,
        )
        for f in found.foreign
    ]
    if pose.set_aside:
        names = ", ".join(c.value for c in pose.set_aside)
        problems.append(
            Problem(
                ngettext(
                    "The {corners} corner code does not line up with the board; it was left out.",
                    "The {corners} corner codes do not line up with the board; they were left out.",
                    len(pose.set_aside),
                ).format(corners=names)
            )
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


@dataclass(frozen=True)
class _BoardRead:
    """What :func:`_read_board` saw: the pose it read through, the tokens, the pawn codes read
    (with the stage that read each; the matcher's left out, it reads through the pose), what
    every cell without a token looks like, the cascade's figures, how many codes the matcher
    read, and whether the pose was fitted to the printed grid."""

    pose: BoardPose
    tokens: list[TokenReading]
    codes: list[tuple[Detection, str]]
    looks: dict[int, CellLook]
    second: CascadeResult
    matched: int
    fitted: bool


def _read_board(
    picture: Picture,
    pose: BoardPose,
    board: Board,
    reader: Decoder,
    codes: list[tuple[Detection, str]],
    frames: dict[tuple[str, bytes], str | None],
    *,
    fit: bool,
) -> _BoardRead:
    """The board read through ``pose``: the pawn ``codes`` already read placed on their cells,
    the occupancy check of the others, then the cascade and the matcher on those not bare.

    With ``fit``, a cell that looks neither bare nor taken — what a board a millimetre or more
    from where the homography puts it shows (a bowed lens, lifted paper: grid lines and a
    neighbour's frame reaching in) — has the pose fitted to the printed grid
    (:func:`fit_to_grid`) first, and, when that bends it, the board looked at through the bent
    pose. A clear board never pays for the grid. ``frames`` keeps each code's frame colour (see
    :func:`_key`), so a code placed again is not looked at again."""
    _look_at_frames([detection for detection, _ in codes], picture.rgb, frames)
    tokens = [_token(detection, pose, picture.rgb, stage, frames) for detection, stage in codes]
    view = BoardView.of(picture.rgb, pose)
    looks = _faint_codes(picture.gray, pose, occupancy(view, board, _without_token(tokens)))
    fitted = fit and any(look.look is Look.UNCLEAR for look in looks.values())
    if fitted:
        bent = fit_to_grid(picture.gray, pose, board)
        if bent.bend is not None:
            pose = bent
            tokens = [_token(d, pose, picture.rgb, stage, frames) for d, stage in codes]
            view = BoardView.of(picture.rgb, pose, view.noisy)  # the same photo's noise
            looks = _faint_codes(picture.gray, pose, occupancy(view, board, _without_token(tokens)))
    found, second, matched = _second_look(picture, pose, reader, looks, tokens, frames)
    return _BoardRead(pose, tokens, codes + found, looks, second, matched, fitted)


def _faint_codes(
    gray: np.ndarray, pose: BoardPose, looks: dict[int, CellLook]
) -> dict[int, CellLook]:
    """``looks`` with every cell that looks bare only faintly (see :data:`FAINT_SPREAD`) made
    unclear where a code's shared patterns show in it: it is read on, never taken for empty."""
    faint = {
        sq: replace(look, look=Look.UNCLEAR, reason=N_("a faint code is there but cannot be read"))
        for sq, look in looks.items()
        if look.look is Look.EMPTY
        and look.spread >= FAINT_SPREAD
        and code_alignment(gray, pose, sq) >= CODE_SEEN
    }
    return {**looks, **faint}


def _second_look(
    picture: Picture,
    pose: BoardPose,
    reader: Decoder,
    looks: dict[int, CellLook],
    tokens: list[TokenReading],
    frames: dict[tuple[str, bytes], str | None],
) -> tuple[list[tuple[Detection, str]], CascadeResult, int]:
    """Read the cells that hold something but no code yet: the decoding cascade, then the
    codebook matcher. New tokens are added to ``tokens``; returns the codes the cascade read
    (with their stage), its figures and how many codes the matcher read."""
    wanted = [sq for sq in _without_token(tokens) if looks[sq].look is not Look.EMPTY]
    second = read_cells(picture.gray, pose, reader, wanted)
    known = {t.payload for t in tokens}
    found = []
    for detection, stage in second.found:
        if isinstance(ours(detection.text), RodeursPawn) and detection.text not in known:
            known.add(detection.text)
            found.append((detection, stage))
            tokens.append(_token(detection, pose, picture.rgb, stage, frames))
    matched = 0
    for sq in _without_token(tokens):
        if sq not in wanted:
            continue
        match = match_cell(picture.gray, pose, sq)
        if match is not None and match.text not in known:
            known.add(match.text)
            tokens.append(_token(match.detection, pose, picture.rgb, MATCH_STAGE, frames))
            matched += 1
    return found, second, matched


def _merged(first: CascadeResult, then: CascadeResult) -> CascadeResult:
    """The cascade's figures over both readings of the board (a cell tried in both counts
    twice); what is left is what the last left."""
    return CascadeResult(
        found=first.found + then.found,
        tried={
            k: first.tried.get(k, 0) + then.tried.get(k, 0) for k in {**first.tried, **then.tried}
        },
        read={k: first.read.get(k, 0) + then.read.get(k, 0) for k in {**first.read, **then.read}},
        left=then.left,
    )


def _board(code: str) -> Board:
    try:
        return Board.from_code(code)
    except NotationError:
        raise PhotoError(
            _("The board's corner codes carry '{code}', which is not a Rôdeurs board code.").format(
                code=code
            )
        ) from None


def _token(
    detection: Detection,
    pose: BoardPose,
    rgb: np.ndarray,
    stage: str,
    frames: dict[tuple[str, bytes], str | None],
) -> TokenReading:
    """The pawn token of ``detection``: where it lies and what colour its frame shows (looked at
    once per code and place, kept in ``frames``)."""
    item = ours(detection.text)
    assert isinstance(item, RodeursPawn)
    _look_at_frames([detection], rgb, frames)
    centre = detection.centre
    return TokenReading(
        payload=detection.text,
        letter=item.colour,
        placement=place(detection, pose),
        frame=frames[_key(detection)],
        photo_px=(float(centre[0]), float(centre[1])),
        stage=stage,
    )


def _key(detection: Detection) -> tuple[str, bytes]:
    """What a token's frame colour depends on: its code and where its corners are."""
    return detection.text, np.asarray(detection.corners, dtype=float).tobytes()


def _look_at_frames(
    detections: list[Detection], rgb: np.ndarray, frames: dict[tuple[str, bytes], str | None]
) -> None:
    """The frame colour of each of ``detections`` not yet in ``frames``, added to it (all in one
    pass)."""
    new = [d for d in detections if _key(d) not in frames]
    for detection, frame in zip(new, frame_colours(rgb, new), strict=True):
        frames[_key(detection)] = frame.letter


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
            names = _(" and ").join(t.name for t in here)
            unreadable(
                sq,
                N_("two pawns"),
                _("Cell {cell} holds two pawns ({pawns}).").format(cell=name, pawns=names),
            )
        elif here:
            token = here[0]
            if token.frame is not None and token.frame != token.letter:
                said, seen = _(COLOUR_NAMES[token.letter]), _(COLOUR_NAMES[token.frame])
                unreadable(
                    sq,
                    N_("colour mismatch"),
                    _(
                        "On {cell}, pawn {pawn}'s code says {said} but its frame looks {seen}."
                    ).format(cell=name, pawn=token.name, said=said, seen=seen),
                )
            else:
                pawn = PawnColour(token.letter.lower())
                cells.append(CellReading(sq, CellStatus.PAWN, pawn=pawn, token=token.payload))
        elif sq in across:
            token = across[sq]
            unreadable(
                sq,
                N_("pawn across cells"),
                _("Pawn {pawn} lies across {cells}; push it into one cell.").format(
                    pawn=token.name, cells=across_text(token.placement)
                ),
                token.letter,
            )
        else:
            look = looks[sq]
            if look.look is Look.EMPTY:
                cells.append(CellReading(sq, CellStatus.EMPTY))
            else:
                sentence = _("Cell {cell}: {reason}.").format(cell=name, reason=_(look.reason))
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
            problems.append(
                Problem(
                    _("Pawn {pawn} appears twice; are two kits mixed?").format(pawn=same[0].name)
                )
            )
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
