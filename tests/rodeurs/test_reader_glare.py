"""Never a guess on a Rôdeurs board: a pawn whose code glare hides — on a white cell as much as
on a black one — or a stroke damages is reported unreadable at its cell, never read as empty; one
a haze flattens is read by matching its faint code; a product label's QR code on the board is
reported."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.camera.photo import Photo
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from companion.rodeurs.qrmatch import CODE_SEEN, code_alignment
from companion.rodeurs.reader import read_photo
from companion.rodeurs.reading import MATCH_STAGE, CellStatus
from companion.rodeurs.verdict import score_verdict
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.games.rodeurs import SQUARES, CellColour, Layout, PawnColour, parse_square
from tests.photo_damage import glare_over, label_on, stroke_over
from tests.rodeurs.reader_photos import play

PHOTO_SEED = 703


@pytest.fixture(scope="module")
def photo(layout: Layout, tmp_path_factory: pytest.TempPathFactory) -> Photo:
    kit = tmp_path_factory.mktemp("rodeurs-kit")
    write_kit(layout, kit)
    return photograph(kit, play(layout, 6, seed=PHOTO_SEED), preset="phone", seed=PHOTO_SEED)


def jpeg(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def image_of(photo: Photo) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)


def pawns_on(layout: Layout, photo: Photo, colour: CellColour) -> list[dict[str, object]]:
    return [
        t
        for t in photo.truth["tokens"]
        if layout.board.colour(parse_square(str(t["square"]))) is colour
    ]


@pytest.mark.slow
@pytest.mark.parametrize("colour", [CellColour.WHITE, CellColour.BLACK])
def test_a_pawn_under_glare_is_unreadable_never_empty(
    layout: Layout, photo: Photo, colour: CellColour
) -> None:
    hidden = pawns_on(layout, photo, colour)[:2]
    image = image_of(photo)
    for pawn in hidden:
        image = glare_over(image, pawn["corners_px"])  # type: ignore[arg-type]
    reading = read_photo(jpeg(image))
    for pawn in hidden:
        cell = reading.cells[parse_square(str(pawn["square"]))]
        assert cell.status is CellStatus.UNREADABLE, (pawn["square"], cell)
    verdict = score_verdict(reading)
    assert verdict["judged"] is False
    reported = {u["cell"] for u in verdict["unreadable"]}
    assert {str(p["square"]) for p in hidden} <= reported


@pytest.mark.slow
def test_a_pawn_with_a_struck_out_code_is_matched_or_unreadable_never_empty(
    layout: Layout, photo: Photo
) -> None:
    image = image_of(photo)
    struck = pawns_on(layout, photo, CellColour.WHITE)[:3]
    for pawn in struck:
        image = stroke_over(image, pawn["corners_px"])  # type: ignore[arg-type]
    reading = read_photo(jpeg(image))
    for pawn in struck:
        cell = reading.cells[parse_square(str(pawn["square"]))]
        # the codebook may still know the pawn from the half left; otherwise it is unreadable
        assert cell.status is CellStatus.UNREADABLE or cell.token == pawn["payload"], cell


@pytest.mark.slow
def test_a_product_label_on_the_board_is_reported(photo: Photo) -> None:
    grid = np.asarray(photo.truth["board"]["grid_corners_px"], dtype=float)
    quad = np.asarray(photo.truth["tokens"][0]["corners_px"], dtype=float)
    side = float(np.linalg.norm(quad[1] - quad[0]))
    image = label_on(image_of(photo), "SHOP-4711 BEST BEFORE 2026", grid.mean(axis=0), 1.5 * side)
    reading = read_photo(jpeg(image))
    assert [f.text for f in reading.foreign] == ["SHOP-4711 BEST BEFORE 2026"]
    assert any("not part of this game" in p.text for p in reading.problems)


HAZED_SEED = 20066
"""A ``hard`` photo of a low-ink kit where a yellow pawn lies turned on black cell b4, hazed to
a code of 0.13 contrast and a frame without colour: as flat as the bare black cells around."""


@pytest.mark.slow
def test_a_pawn_hazed_flat_on_a_light_black_cell_is_read_by_its_faint_code(
    tmp_path: Path,
) -> None:
    layout = random_layout(HAZED_SEED % 4)
    write_kit(layout, tmp_path, ink="low")
    state = random_position(layout, HAZED_SEED)
    b4 = parse_square("b4")
    assert state.pawns[b4] is PawnColour.YELLOW
    assert layout.board.colour(b4) is CellColour.BLACK
    photo = photograph(tmp_path, state, preset="hard", seed=HAZED_SEED)
    (pawn,) = [t for t in photo.truth["tokens"] if t["square"] == "b4"]
    reading = read_photo(photo.jpeg)
    assert reading.cells[b4].status is CellStatus.PAWN
    assert reading.cells[b4].pawn is PawnColour.YELLOW
    assert reading.cells[b4].token == pawn["payload"]
    assert any(t.payload == pawn["payload"] and t.stage == MATCH_STAGE for t in reading.tokens)


def test_a_code_shows_its_patterns_and_a_bare_cell_none(layout: Layout, photo: Photo) -> None:
    reading = read_photo(photo.jpeg)
    gray = cv2.cvtColor(image_of(photo), cv2.COLOR_BGR2GRAY)
    pawn = parse_square(str(photo.truth["tokens"][0]["square"]))
    taken = {parse_square(str(t["square"])) for t in photo.truth["tokens"]}
    bare = [sq for sq in range(SQUARES) if sq not in taken]
    assert code_alignment(gray, reading.pose, pawn) >= CODE_SEEN
    assert max(code_alignment(gray, reading.pose, sq) for sq in bare) < CODE_SEEN
