"""The photo referee, end to end on the virtual camera's photos of a real kit: what a player gets
back from a photo — the position, the score, whether a turn was legal — or one clear sentence
saying why not."""

from __future__ import annotations

import io
import json
import random
import struct
import zlib
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
import qrcode
from PIL import Image

from companion.annotate import annotate_check, annotate_score
from companion.camera.simulate import photograph
from companion.rodeurs.reader import CellStatus, RodeursReading, read_photo
from companion.verdict import check_verdict, format_verdict, score_verdict
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.errors import PhotoError
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Layout, State
from patrolkit.payload import Corner
from patrolkit.sizes import Rodeurs

LAYOUT_SEED = 11
Shoot = Callable[[str, str, int], bytes]


@pytest.fixture(scope="module")
def layout() -> Layout:
    return random_layout(LAYOUT_SEED)


@pytest.fixture(scope="module")
def shoot(layout: Layout, tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    """JPEG bytes of the kit photographed with a position (its text form), made once each."""
    kit = tmp_path_factory.mktemp("kit")
    write_kit(layout, kit)

    @cache
    def take(state_text: str, preset: str, seed: int) -> bytes:
        return photograph(kit, State.from_text(state_text), preset=preset, seed=seed).jpeg

    return take


def _play(layout: Layout, turns: int | None, seed: int) -> State:
    """The position after ``turns`` random legal turns (to the end of the game if ``None``)."""
    rng = random.Random(seed)
    state = layout.state
    while (turns is None or turns > 0) and not rodeurs.is_over(state):
        state = rodeurs.apply(state, rng.choice(rodeurs.legal_turns(state)))
        turns = None if turns is None else turns - 1
    return state


def _rows(text: str) -> str:
    return text.split()[0]


# -- one photo ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_photo_reads_back_to_exactly_the_position_on_the_table(
    layout: Layout, shoot: Shoot
) -> None:
    state = _play(layout, 6, seed=1)
    reading = read_photo(shoot(state.text, "phone", 1))
    assert _rows(reading.state_text) == _rows(state.text)
    assert reading.board == state.board
    assert reading.unreadable == ()
    assert reading.state is not None and reading.state.pawns == state.pawns
    verdict = score_verdict(reading)
    assert verdict["schema"] == 1 and verdict["judged"] is True
    assert verdict["pawns_read"] == state.pawn_count
    assert verdict["over"] is False and verdict["jumps_left"] == len(rodeurs.jumps(state))
    assert json.loads(json.dumps(verdict)) == verdict


@pytest.mark.slow
def test_the_opening_photo_is_taken_for_the_opening(layout: Layout, shoot: Shoot) -> None:
    reading = read_photo(shoot(layout.state.text, "phone", 2), to_move=rodeurs.Player.BLACK)
    assert reading.state_text == layout.state.text
    assert reading.opening and reading.to_move is rodeurs.Player.WHITE


@pytest.mark.slow
def test_a_finished_game_is_scored_from_its_photo(layout: Layout, shoot: Shoot) -> None:
    state = _play(layout, None, seed=3)
    verdict = score_verdict(read_photo(shoot(state.text, "phone", 3)))
    outcome = rodeurs.result(state)
    assert verdict["over"] is True and verdict["jumps_left"] == 0
    assert verdict["score"]["white"]["points"] == outcome.white.points
    assert verdict["score"]["black"]["points"] == outcome.black.points
    assert verdict["winner"] == (outcome.winner.name.lower() if outcome.winner else None)
    assert verdict["decided_by"] == outcome.decided_by.value
    text = format_verdict(verdict)
    assert "Game over" in text and outcome.description in text


@pytest.mark.slow
def test_the_annotated_picture_is_written(layout: Layout, shoot: Shoot, tmp_path: Path) -> None:
    data = shoot(_play(layout, None, seed=3).text, "phone", 3)
    reading = read_photo(data)
    out = annotate_score(data, reading, score_verdict(reading), tmp_path / "annotated.png")
    with Image.open(out) as picture:
        assert picture.width > 1800 and picture.height >= 900


# -- what a photo cannot be trusted for --------------------------------------------------------


def _paste(jpeg: bytes, patch: np.ndarray, at: tuple[int, int]) -> bytes:
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    x, y = at
    image[y : y + patch.shape[0], x : x + patch.shape[1]] = patch
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def _qr(text: str, box: int = 9) -> np.ndarray:
    code = qrcode.QRCode(box_size=box, border=4)
    code.add_data(text)
    gray = np.asarray(code.make_image().convert("L"), dtype=np.uint8)
    return np.dstack([gray] * 3)


@pytest.mark.slow
def test_a_foreign_qr_code_on_the_table_is_reported_and_ignored(
    layout: Layout, shoot: Shoot
) -> None:
    state = _play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    label = _qr("https://shop.example/42")
    reading = read_photo(_paste(jpeg, label, _free_corner(read_photo(jpeg), label.shape[0])))
    assert [f.text for f in reading.foreign] == ["https://shop.example/42"]
    assert _rows(reading.state_text) == _rows(state.text)
    verdict = score_verdict(reading)
    assert verdict["foreign_codes"][0]["text"] == "https://shop.example/42"
    assert "Ignored a QR code" in format_verdict(verdict)


def _free_corner(reading: RodeursReading, side: int) -> tuple[int, int]:
    """A corner of the photo where a ``side``-pixel square lies clear of the board sheet."""
    sheet = reading.pose.photo_points(
        np.array([[-20.0, -40.0], [195.0, -40.0], [195.0, 265.0], [-20.0, 265.0]])
    )
    width, height = reading.photo_size
    corners = [
        (10, 10),
        (width - side - 10, 10),
        (10, height - side - 10),
        (width - side - 10, height - side - 10),
    ]
    polygon = sheet.astype(np.float32).reshape(-1, 1, 2)

    def distance(corner: tuple[int, int]) -> float:
        centre = (corner[0] + side / 2, corner[1] + side / 2)
        return -cv2.pointPolygonTest(polygon, centre, True)

    return max(corners, key=distance)


@pytest.mark.slow
def test_a_hidden_corner_code_is_not_needed(layout: Layout, shoot: Shoot) -> None:
    state = _play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    clean = read_photo(jpeg)
    quad = clean.pose.photo_points(
        np.array([[-3.0, -24.0], [17.0, -24.0], [17.0, -4.0], [-3.0, -4.0]])
    )
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    cv2.fillConvexPoly(image, quad.astype(np.int32), (40, 60, 90))  # a cup over the NW code
    reading = read_photo(cv2.imencode(".jpg", image)[1].tobytes())
    assert [c.value for c in reading.fiducials_missing] == ["NW"]
    assert _rows(reading.state_text) == _rows(state.text)


def _cover_corner_codes(jpeg: bytes, pose_of: RodeursReading, corners: list[Corner]) -> bytes:
    """The photo with a cup over each of ``corners``' codes."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    for corner in corners:
        x, y = Rodeurs.fiducial_origin(corner)
        side = Rodeurs.FIDUCIAL_MM
        square = np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])
        grown = square.mean(axis=0) + (square - square.mean(axis=0)) * 1.4
        quad = pose_of.pose.photo_points(grown)
        cv2.fillConvexPoly(image, quad.astype(np.int32), (40, 60, 90))
    return bytes(cv2.imencode(".jpg", image)[1].tobytes())


@pytest.mark.slow
def test_one_corner_code_and_the_pawns_on_their_cells_place_the_board(
    layout: Layout, shoot: Shoot
) -> None:
    state = _play(layout, 3, seed=2)
    jpeg = shoot(state.text, "phone", 2)
    covered = _cover_corner_codes(jpeg, read_photo(jpeg), [Corner.NW, Corner.NE, Corner.SE])
    reading = read_photo(covered)
    assert [c.value for c in reading.fiducials_missing] == ["NW", "NE", "SE"]
    assert _rows(reading.state_text) == _rows(state.text)


@pytest.mark.slow
def test_one_corner_code_and_too_few_pawns_is_no_board(layout: Layout, shoot: Shoot) -> None:
    finished = _play(layout, None, seed=2)
    kept = [sq for sq, pawn in enumerate(finished.pawns) if pawn is not None][:5]
    pawns = tuple(p if sq in kept else None for sq, p in enumerate(finished.pawns))
    state = replace(finished, pawns=pawns)
    jpeg = shoot(state.text, "phone", 2)
    covered = _cover_corner_codes(jpeg, read_photo(jpeg), [Corner.NW, Corner.NE, Corner.SE])
    with pytest.raises(PhotoError, match="only its SW corner code could be read"):
        read_photo(covered)


@pytest.mark.slow
def test_a_covered_pawn_is_unreadable_never_guessed(layout: Layout, shoot: Shoot) -> None:
    state = _play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    clean = read_photo(jpeg)
    sq = next(sq for sq, pawn in enumerate(state.pawns) if pawn is not None)
    box = _cell_quad(clean, sq, inset=3.0)
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    centre = box.mean(axis=0)
    smudge = (centre + (box - centre) * 0.55).astype(np.int32)
    cv2.fillConvexPoly(image, smudge, (128, 128, 128))  # a grey sticker over the code
    reading = read_photo(cv2.imencode(".jpg", image)[1].tobytes())
    cell = reading.cells[sq]
    assert cell.status is CellStatus.UNREADABLE
    assert reading.state is None and "?" in reading.state_text
    verdict = score_verdict(reading)
    assert verdict["judged"] is False
    assert [u["cell"] for u in verdict["unreadable"]] == [rodeurs.square_name(sq)]
    assert rodeurs.square_name(sq) in format_verdict(verdict)


def _cell_quad(reading: RodeursReading, sq: int, inset: float) -> np.ndarray:
    x, y, w, h = Rodeurs.cell_box(rodeurs.column_of(sq), rodeurs.row_of(sq))
    corners = np.array(
        [
            [x + inset, y + inset],
            [x + w - inset, y + inset],
            [x + w - inset, y + h - inset],
            [x + inset, y + h - inset],
        ]
    )
    return reading.pose.photo_points(corners)


# -- two photos: was the turn legal? -----------------------------------------------------------


@pytest.fixture(scope="module")
def before(layout: Layout) -> State:
    return _play(layout, 4, seed=5)


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
    assert annotate_check(
        shoot(after.text, "top", 31), second, verdict, tmp_path / "c.png"
    ).exists()


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
    from companion.qrbook import pawn_codebook
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
        code = _qr(text, box=6)
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
def test_a_truncated_photo_is_refused(layout: Layout, shoot: Shoot) -> None:
    jpeg = shoot(_play(layout, 6, seed=1).text, "phone", 1)
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
