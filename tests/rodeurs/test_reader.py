"""The photo referee, end to end on the virtual camera's photos of a real kit: what a player gets
back from a photo — the position, the score, whether a turn was legal — or one clear sentence
saying why not."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.picture import annotate
from companion.rodeurs.annotate import render
from companion.rodeurs.reader import read_photo
from companion.rodeurs.reading import CellStatus, RodeursReading
from companion.rodeurs.verdict import format_verdict, score_verdict
from patrolkit.errors import PhotoError
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Layout
from patrolkit.payload import Corner
from patrolkit.sizes import Rodeurs
from tests.rodeurs.reader_photos import (
    Shoot,
    paste_into,
    play,
    qr_image,
    rows,
)

# -- one photo ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_photo_reads_back_to_exactly_the_position_on_the_table(
    layout: Layout, shoot: Shoot
) -> None:
    state = play(layout, 6, seed=1)
    reading = read_photo(shoot(state.text, "phone", 1))
    assert rows(reading.state_text) == rows(state.text)
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
    state = play(layout, None, seed=3)
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
    data = shoot(play(layout, None, seed=3).text, "phone", 3)
    reading = read_photo(data)
    out = annotate(render, data, reading, score_verdict(reading), tmp_path / "annotated.png")
    with Image.open(out) as picture:
        assert picture.width > 1800 and picture.height >= 900


# -- what a photo cannot be trusted for --------------------------------------------------------


@pytest.mark.slow
def test_a_foreign_qr_code_on_the_table_is_reported_and_ignored(
    layout: Layout, shoot: Shoot
) -> None:
    state = play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    label = qr_image("https://shop.example/42")
    reading = read_photo(paste_into(jpeg, label, _free_corner(read_photo(jpeg), label.shape[0])))
    assert [f.text for f in reading.foreign] == ["https://shop.example/42"]
    assert rows(reading.state_text) == rows(state.text)
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
    state = play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    clean = read_photo(jpeg)
    quad = clean.pose.photo_points(
        np.array([[-3.0, -24.0], [17.0, -24.0], [17.0, -4.0], [-3.0, -4.0]])
    )
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    cv2.fillConvexPoly(image, quad.astype(np.int32), (40, 60, 90))  # a cup over the NW code
    reading = read_photo(cv2.imencode(".jpg", image)[1].tobytes())
    assert [c.value for c in reading.fiducials_missing] == ["NW"]
    assert rows(reading.state_text) == rows(state.text)


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
    state = play(layout, 3, seed=2)
    jpeg = shoot(state.text, "phone", 2)
    covered = _cover_corner_codes(jpeg, read_photo(jpeg), [Corner.NW, Corner.NE, Corner.SE])
    reading = read_photo(covered)
    assert [c.value for c in reading.fiducials_missing] == ["NW", "NE", "SE"]
    assert rows(reading.state_text) == rows(state.text)


@pytest.mark.slow
def test_one_corner_code_and_too_few_pawns_is_no_board(layout: Layout, shoot: Shoot) -> None:
    finished = play(layout, None, seed=2)
    kept = [sq for sq, pawn in enumerate(finished.pawns) if pawn is not None][:5]
    pawns = tuple(p if sq in kept else None for sq, p in enumerate(finished.pawns))
    state = replace(finished, pawns=pawns)
    jpeg = shoot(state.text, "phone", 2)
    covered = _cover_corner_codes(jpeg, read_photo(jpeg), [Corner.NW, Corner.NE, Corner.SE])
    with pytest.raises(PhotoError, match="only its SW corner code could be read"):
        read_photo(covered)


@pytest.mark.slow
def test_a_covered_pawn_is_unreadable_never_guessed(layout: Layout, shoot: Shoot) -> None:
    state = play(layout, 6, seed=1)
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
