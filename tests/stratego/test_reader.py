"""Reading Stratego photos from the virtual camera: every piece's army and id on its cell, what
stands across two cells, and what is not a Stratego board."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
import qrcode

import companion.stratego.reader as stratego_reader
from companion.camera.photo import write_photo
from companion.camera.stratego.kit import stratego_kit_raster
from companion.camera.stratego.positions import mid_game, setup_position, with_kit_ids
from companion.camera.stratego.scene import photograph
from companion.stratego.reader import read_photo
from companion.stratego.reading import SheetReading
from patrolkit.errors import PhotoError
from patrolkit.games.stratego import State, parse_square
from patrolkit.payload import PatrolisStep, encode
from tests.stratego.kits import seeded_kit

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kit_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return seeded_kit(tmp_path_factory.mktemp("stratego-kit"), 21)


def _shot(kit_dir: Path, state: State, out: Path, **options: object) -> dict[str, object]:
    photo = photograph(kit_dir, state, **options)  # type: ignore[arg-type]
    write_photo(photo, out)
    return photo.truth


def test_a_setup_photo_is_read_back_exactly(kit_dir: Path, tmp_path: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    start = setup_position(secrets, 7)
    truth = _shot(kit_dir, start, tmp_path / "setup.jpg", preset="phone", seed=7)
    reading = read_photo(tmp_path / "setup.jpg")
    assert reading.kit == truth["kit"] and not reading.unreadable
    assert reading.state is not None
    assert reading.state.text == start.hidden().with_mover(None).text
    assert reading.timings["total"] < 5.0


def test_a_mid_game_photo_is_read_back_exactly(kit_dir: Path, tmp_path: Path) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    later = mid_game(secrets, 3, moves=60)
    _shot(kit_dir, later, tmp_path / "later.jpg", preset="phone", seed=3)
    reading = read_photo(tmp_path / "later.jpg")
    assert reading.state is not None
    assert reading.state.text == later.hidden().with_mover(None).text


def test_a_piece_across_two_cells_is_reported_there_not_placed(
    kit_dir: Path, tmp_path: Path
) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    state = with_kit_ids(State.from_pieces("a1=F e4=O e7=t j10=f"), secrets)
    truth = _shot(kit_dir, state, tmp_path / "across.jpg", preset="top", seed=5, across=True)
    across = truth["across"]
    assert isinstance(across, dict)
    reading = read_photo(tmp_path / "across.jpg")
    assert reading.state is None
    cell = parse_square(str(across["cell"]))
    assert cell not in reading.pieces
    (problem,) = reading.unreadable
    both = {cell, parse_square(str(across["towards"]))}
    assert problem.sq in both
    assert problem.cells == both  # neither cell is taken for empty
    assert f"{across['cell']}" in problem.reason and f"{across['towards']}" in problem.reason
    assert "push it onto one cell" in problem.reason


def test_a_photo_of_another_games_pieces_is_refused_in_one_sentence(tmp_path: Path) -> None:
    image = np.full((1200, 1600, 3), 235, np.uint8)
    code = qrcode.QRCode(border=4, box_size=12)
    code.add_data(encode(PatrolisStep("S", 1, 3)))
    code.make(fit=True)
    symbol = np.array(code.make_image().convert("L"))
    image[300 : 300 + symbol.shape[0], 500 : 500 + symbol.shape[1]] = symbol[..., None]
    path = tmp_path / "patrolis.png"
    cv2.imwrite(str(path), image)
    with pytest.raises(PhotoError, match="shows Patrolis pieces but no Stratego board"):
        read_photo(path)


def test_a_photo_with_no_board_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "blank.png"
    cv2.imwrite(str(path), np.full((600, 800, 3), 200, np.uint8))
    with pytest.raises(PhotoError, match="No Stratego board was found"):
        read_photo(path)


def _off_by(readings: list[SheetReading], east_mm: float) -> list[SheetReading]:
    """The sheets as a pose that puts everything ``east_mm`` east of its place would see them
    (as a wide-angle lens bends a sheet's middle away from its corner codes' homography)."""
    moved = np.array([[1.0, 0.0, -east_mm], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    off = []
    for reading in readings:
        to_photo = reading.pose.to_photo @ moved
        pose = replace(reading.pose, to_photo=to_photo, to_board=np.linalg.inv(to_photo))
        off.append(replace(reading, pose=pose, tops=reading.tops @ moved))
    return off


def test_a_pose_off_by_a_third_of_a_cell_still_puts_every_piece_on_its_cell(
    kit_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secrets = stratego_kit_raster(kit_dir).secrets
    start = setup_position(secrets, 9)
    truth = _shot(kit_dir, start, tmp_path / "across.jpg", preset="top", seed=9, across=True)
    across = truth["across"]
    assert isinstance(across, dict)
    pushed = parse_square(str(across["cell"]))
    locate = stratego_reader.locate_board

    def off(*args: Any) -> Any:
        kit, cell_mm, sheets = locate(*args)
        return kit, cell_mm, _off_by(sheets, 9.0)

    monkeypatch.setattr(stratego_reader, "locate_board", off)
    reading = read_photo(tmp_path / "across.jpg")
    standing = {sq for sq, piece in enumerate(start.cells) if piece is not None} - {pushed}
    assert set(reading.pieces) == standing
    assert all(reading.pieces[sq].id == start.cells[sq].id for sq in standing)  # type: ignore[union-attr]
    (problem,) = [u for u in reading.unreadable if pushed in u.cells]
    assert problem.cells == {pushed, parse_square(str(across["towards"]))}
    assert "push it onto one cell" in problem.reason
