"""The photo referee on two photos — was the turn between them legal? — and on photos that are
no Rôdeurs table: one clear sentence saying why not."""

from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.picture import annotate
from companion.rodeurs.annotate import render
from companion.rodeurs.reader import read_photo
from companion.rodeurs.reading import CellStatus
from companion.rodeurs.verdict import check_verdict, format_verdict
from generator.rodeurs.layouts import random_layout
from patrolkit.errors import PhotoError
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import State
from tests.rodeurs.reader_photos import (
    LAYOUT_SEED,
    Shoot,
    play,
    qr_image,
    shooter,
)


@pytest.fixture(scope="module")
def shoot(tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    return shooter(random_layout(LAYOUT_SEED), tmp_path_factory)


# -- two photos: was the turn legal? -----------------------------------------------------------


@pytest.fixture(scope="module")
def before() -> State:
    return play(random_layout(LAYOUT_SEED), 4, seed=5)


def _check(shoot: Shoot, first: State, second: State) -> dict[str, object]:
    return check_verdict(
        read_photo(shoot(first.text, "top", 30)), read_photo(shoot(second.text, "top", 31))
    )


@pytest.mark.slow
def test_a_legal_turn_is_recognised_from_two_photos(
    before: State, shoot: Shoot, tmp_path: Path
) -> None:
    turn = random.Random(7).choice(rodeurs.legal_turns(before))
    after = rodeurs.apply(before, turn)
    verdict = _check(shoot, before, after)
    assert verdict["legal"] is True, verdict["reason"]
    assert verdict["turn"] == turn.notation and verdict["turn_kind"] == turn.kind
    assert format_verdict(verdict).startswith("Legal turn")
    second = read_photo(shoot(after.text, "top", 31))
    assert annotate(
        render, shoot(after.text, "top", 31), second, verdict, tmp_path / "c.png"
    ).exists()


@pytest.mark.slow
def test_a_photo_never_says_whose_turn_it_is_unless_told(before: State, shoot: Shoot) -> None:
    after = rodeurs.apply(before, rodeurs.legal_turns(before)[0])
    first = read_photo(shoot(before.text, "top", 30))
    second = read_photo(shoot(after.text, "top", 31))
    unknown = check_verdict(first, second)
    assert unknown["legal"] is True
    assert unknown["state"].split()[1] == "?" and unknown["before"]["state"].split()[1] == "?"
    assert State.from_text(unknown["state"]).to_move is None
    assert before.to_move is not None
    told = check_verdict(first, second, mover=before.to_move.name.lower())
    assert told["before"]["state"] == before.text
    assert told["state"] == after.text


def _slid(state: State) -> State:
    """A pawn pushed one cell onto an empty neighbour: not a jump."""
    pawns = list(state.pawns)
    for sq, pawn in enumerate(pawns):
        c, r = rodeurs.column_of(sq), rodeurs.row_of(sq)
        if pawn is not None and r + 1 < rodeurs.ROWS and pawns[rodeurs.square(c, r + 1)] is None:
            pawns[sq], pawns[rodeurs.square(c, r + 1)] = None, pawn
            return State(state.board, tuple(pawns), state.to_move.opponent, False)
    raise AssertionError("no pawn can slide")


def _vanished(state: State) -> State:
    """A pawn taken off the board without any jump."""
    pawns = list(state.pawns)
    pawns[next(sq for sq, p in enumerate(pawns) if p is not None)] = None
    return State(state.board, tuple(pawns), state.to_move.opponent, False)


def _two_turns(state: State) -> State:
    rng = random.Random(3)
    once = rodeurs.apply(state, rng.choice(rodeurs.legal_turns(state)))
    return rodeurs.apply(once, rng.choice(rodeurs.legal_turns(once)))


@pytest.mark.slow
@pytest.mark.parametrize("change", [_slid, _vanished, _two_turns])
def test_an_illegal_change_is_refused_with_the_rule_it_breaks(
    before: State, shoot: Shoot, change: Callable[[State], State]
) -> None:
    verdict = _check(shoot, before, change(before))
    assert verdict["legal"] is False and verdict["turn"] is None
    reason = str(verdict["reason"])
    assert reason.endswith(".") and "\n" not in reason
    assert format_verdict(verdict).startswith("Illegal: ")


# -- the codebook ----------------------------------------------------------------------------------


def test_the_codebook_holds_every_pawn_code_exactly_as_the_kit_prints_it() -> None:
    from companion.rodeurs.codebook import pawn_codebook
    from generator.qr import symbol

    texts, book = pawn_codebook()
    assert len(texts) == len(book) == 300 * 8
    for text in ("PK1:RD:P:R01", "PK1:RD:P:Y36", "PK1:RD:P:G56", "PK1:RD:P:G99"):
        printed = np.array(symbol(text, version=1, error_correction="M").modules).ravel()
        rows = [k for k, t in enumerate(texts) if t == text]
        assert sum(bool((book[k] > 0).tolist() == printed.tolist()) for k in rows) == 1


# -- photos that are no Rôdeurs table ------------------------------------------------------------


def test_a_photo_with_no_board_says_so() -> None:
    rng = np.random.default_rng(4)
    table = cv2.GaussianBlur(rng.integers(60, 200, (1500, 2000, 3), dtype=np.uint8), (0, 0), 6)
    with pytest.raises(PhotoError, match="No Rôdeurs board was found in this photo"):
        read_photo(cv2.imencode(".jpg", table)[1].tobytes())


def _sheet_with(codes: list[str]) -> bytes:
    """A PNG of a sheet of paper with ``codes`` printed along its diagonal."""
    sheet = np.full((1400, 1100, 3), 245, np.uint8)
    for k, text in enumerate(codes):
        code = qr_image(text, box=6)
        x, y = 60 + k * 420, 60 + k * 500
        sheet[y : y + code.shape[0], x : x + code.shape[1]] = code
    return cv2.imencode(".png", sheet)[1].tobytes()


def test_a_photo_of_another_games_board_names_that_game() -> None:
    corners = ["PK1:PT:F:NW:3HFQ9C:11:20", "PK1:PT:F:SE:3HFQ9C:11:20"]
    with pytest.raises(PhotoError, match="This is a Patrolis board, not a Rôdeurs board"):
        read_photo(_sheet_with(corners))


def test_a_photo_of_another_games_pieces_names_that_game() -> None:
    with pytest.raises(PhotoError, match="shows 12 Patrols pieces but no Rôdeurs board"):
        read_photo(_sheet_with(["PK1:TP:D:B2:4", "PK1:TP:Q:Y1"]))


@pytest.mark.slow
def test_a_truncated_photo_is_refused(shoot: Shoot) -> None:
    jpeg = shoot(play(random_layout(LAYOUT_SEED), 6, seed=1).text, "phone", 1)
    with pytest.raises(PhotoError, match="damaged or cut short"):
        read_photo(jpeg[: len(jpeg) * 2 // 3])


def test_a_text_file_named_jpg_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.jpg"
    path.write_text("not a photo\n")
    with pytest.raises(PhotoError, match="not a photo"):
        read_photo(path)


def test_a_gigantic_image_is_refused_at_once() -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    png = io.BytesIO()
    png.write(b"\x89PNG\r\n\x1a\n")
    png.write(chunk(b"IHDR", struct.pack(">IIBBBBB", 20_000, 20_000, 8, 2, 0, 0, 0)))
    png.write(chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
    with pytest.raises(PhotoError, match="MP"):
        read_photo(png.getvalue())


@pytest.mark.slow
def test_the_pyzbar_decoder_reads_the_same_table(before: State, shoot: Shoot) -> None:
    pytest.importorskip("pyzbar.pyzbar", exc_type=ImportError)
    state = before
    reading = read_photo(shoot(state.text, "top", 30), decoder="pyzbar")
    assert reading.decoder == "pyzbar"
    for cell in reading.cells:
        if cell.status is not CellStatus.UNREADABLE:
            pawn = state.pawns[cell.square]
            assert cell.letter == ("." if pawn is None else pawn.value)
