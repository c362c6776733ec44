"""The virtual camera: seeded, truthful and realistic but readable photos of a real kit."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
import zxingcpp

from companion.camera.lens import aim, project
from companion.camera.photo import Photo, write_photo
from companion.camera.presets import BASE
from companion.camera.rodeurs.position import TO_THE_END, random_position
from companion.camera.rodeurs.scene import photograph
from companion.camera.shot import draw_shot
from generator.rodeurs.layouts import random_layout
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import Layout, PawnColour, State, is_over
from tests.camera.conftest import LAYOUT_SEED, Shoot


def decoded(photo: Photo) -> dict[str, np.ndarray]:
    """Every QR code zxing-cpp reads in the photo: text -> corners (TL, TR, BR, BL of the code)."""
    found = {}
    qr_only = zxingcpp.BarcodeFormats([zxingcpp.BarcodeFormat.QRCode])
    for result in zxingcpp.read_barcodes(photo.image, formats=qr_only):
        p = result.position
        corners = (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        found[result.text] = np.array([[c.x, c.y] for c in corners], np.float64)
    return found


def truth_codes(photo: Photo) -> dict[str, np.ndarray]:
    truth = photo.truth
    codes = [(t["payload"], t["corners_px"]) for t in truth["tokens"]]
    codes += [(f["payload"], f["corners_px"]) for f in truth["fiducials"]]
    codes += [(f["text"], f["corners_px"]) for f in truth["foreign"]]
    return {text: np.array(corners, np.float64) for text, corners in codes}


# -- the draw of each preset (no photos) -----------------------------------------------------


@pytest.mark.parametrize("preset", BASE)
def test_preset_figures_stay_in_their_ranges(preset: str) -> None:
    tilt_max = {"top": 3, "phone": 35, "hard": 50}[preset]
    blur = {"top": (0.25, 0.6), "phone": (0.0, 1.2), "hard": (0.4, 1.5)}[preset]
    quality = {"top": (90, 95), "phone": (75, 90), "hard": (70, 85)}[preset]
    size = (3264, 2448) if preset == "hard" else (4000, 3000)
    shots = [draw_shot(preset, seed) for seed in range(300)]
    for shot in shots:
        assert 0 <= shot.tilt_deg <= tilt_max
        assert blur[0] <= shot.sensor.blur_sigma <= blur[1]
        assert quality[0] <= shot.sensor.jpeg_quality <= quality[1]
        assert (shot.width, shot.height) == size
        assert 0.7 <= shot.fill <= 0.9
        assert (shot.light.glare > 0) == (preset == "hard")
        assert (shot.occluder is not None) == shot.foreign == (preset == "hard")
        if preset == "top":
            off_square = (shot.yaw_deg + 45) % 90 - 45
            assert abs(off_square) <= 4 and shot.light.shadow == 0
        else:
            assert shot.light.shadow > 0
    # The draws spread over their ranges rather than sticking to one value.
    assert max(s.tilt_deg for s in shots) > 0.9 * tilt_max
    assert len({s.sensor.jpeg_quality for s in shots}) >= 5
    assert len({s.table for s in shots}) >= 4
    if preset != "top":
        assert max(s.yaw_deg for s in shots) - min(s.yaw_deg for s in shots) > 300


def test_a_preset_or_seed_that_does_not_exist_is_refused() -> None:
    with pytest.raises(KitError, match="preset"):
        draw_shot("fisheye", 1)
    with pytest.raises(KitError, match="seed"):
        draw_shot("top", -1)


@pytest.mark.parametrize("tilt", [0.0, 20.0, 50.0])
def test_the_camera_frames_the_region_with_the_fill_and_tilt_asked(tilt: float) -> None:
    region = np.array([[0, 0], [175, 0], [175, 266], [0, 266]], np.float64)
    view = aim(
        region,
        width=4000,
        height=3000,
        focal_px=3080,
        tilt_deg=tilt,
        roll_deg=5,
        yaw_deg=30,
        fill=0.8,
        shift=(0.5, -0.5),
    )
    seen = project(view.homography, region)
    size = seen.max(axis=0) - seen.min(axis=0)
    assert max(size[0] / 4000, size[1] / 3000) == pytest.approx(0.8, abs=1e-3)
    assert (seen.min(axis=0) >= 0).all() and (seen.max(axis=0) <= (3999, 2999)).all()
    axis = view.rotation.T @ np.array([0.0, 0.0, 1.0])
    assert math.degrees(math.acos(axis[2])) == pytest.approx(tilt, abs=1e-6)
    assert view.centre[2] < 0  # above the table


# -- photos ----------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_same_seed_gives_the_same_photo_and_another_seed_another(
    shoot: Shoot, kit: Path, layout: Layout
) -> None:
    first = shoot("phone", 11, 4)
    again = photograph(kit, random_position(layout, 11, turns=4), preset="phone", seed=11)
    assert again.jpeg == first.jpeg
    assert np.array_equal(again.image, first.image)
    assert again.truth == first.truth
    other = shoot("phone", 12, 4)
    assert other.jpeg != first.jpeg
    assert other.truth["tokens"] != first.truth["tokens"]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "seed"), [("phone", 11), ("hard", 5)])
def test_the_truth_says_where_every_code_is(shoot: Shoot, preset: str, seed: int) -> None:
    photo = shoot(preset, seed, 4)
    truth = truth_codes(photo)
    found = decoded(photo)
    foreign = {f["text"] for f in photo.truth["foreign"]}
    assert set(found) <= set(truth)
    assert len(found) >= 0.6 * len(truth)
    assert not (set(found) & foreign) or preset == "hard"
    for text, corners in found.items():
        error = np.linalg.norm(corners - truth[text], axis=1)
        # zxing-cpp finds three corners from the finder patterns and estimates the fourth.
        assert error[[0, 1, 3]].max() < 4.0, text
        assert error[2] < 9.0, text
    state = State.from_text(photo.truth["state"])
    assert len(photo.truth["tokens"]) == state.pawn_count
    assert json.loads(json.dumps(photo.truth)) == photo.truth


@pytest.mark.slow
def test_a_top_photo_of_the_full_board_is_realistic_but_readable(shoot: Shoot) -> None:
    photo = shoot("top", 2, 0)
    tokens = {t["payload"] for t in photo.truth["tokens"]}
    assert len(tokens) == 56
    read = tokens & set(decoded(photo))
    assert len(read) >= 0.95 * len(tokens)
    assert photo.image.shape == (3000, 4000, 3)
    assert 8 <= photo.truth["camera"]["px_per_mm_min"] <= photo.truth["camera"]["px_per_mm_max"]
    for token in photo.truth["tokens"]:
        assert -8 <= token["rotation_deg"] <= 8


@pytest.mark.slow
def test_a_hard_photo_hides_half_a_fiducial_and_shows_a_foreign_code(shoot: Shoot) -> None:
    photo = shoot("hard", 5, 4)
    truth = photo.truth
    assert photo.image.shape == (2448, 3264, 3)
    hidden = [f for f in truth["fiducials"] if f["occluded"]]
    assert len(hidden) == 1 and 0.4 <= hidden[0]["covered"] <= 0.6
    assert len(truth["foreign"]) == 1
    assert not truth["foreign"][0]["text"].startswith("PK")
    assert hidden[0]["payload"] not in decoded(photo)
    # Every code is inside the frame.
    for corners in truth_codes(photo).values():
        assert (corners >= 0).all() and (corners < (3264, 2448)).all()


@pytest.mark.slow
def test_write_photo_writes_the_jpeg_and_its_truth_and_refuses_to_overwrite(
    shoot: Shoot, tmp_path: Path
) -> None:
    photo = shoot("phone", 11, 4)
    image, truth = write_photo(photo, tmp_path / "table.jpg")
    assert truth == tmp_path / "table.json"
    assert image.read_bytes() == photo.jpeg
    assert json.loads(truth.read_text()) == photo.truth
    with pytest.raises(KitError, match="exists"):
        write_photo(photo, tmp_path / "table.jpg")
    _, truth = write_photo(photo, tmp_path / "table.jpg", force=True, quality=60)
    assert json.loads(truth.read_text())["jpeg_quality"] == 60
    png, _ = write_photo(photo, tmp_path / "lossless.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(KitError):
        write_photo(photo, tmp_path / "table.gif")


def test_a_position_on_another_board_or_with_too_many_pawns_is_refused(
    kit: Path, layout: Layout
) -> None:
    other = random_layout(LAYOUT_SEED + 1)
    with pytest.raises(KitError, match="board"):
        photograph(kit, other.state, preset="top", seed=1)
    all_red = State(layout.board, tuple(PawnColour.RED for _ in layout.state.pawns))
    with pytest.raises(KitError, match="pawns"):
        photograph(kit, all_red, preset="top", seed=1)


# -- positions -------------------------------------------------------------------------------


def test_random_positions_are_seeded_and_reached_by_legal_turns(layout: Layout) -> None:
    assert random_position(layout, 4, turns=0) == layout.state
    assert random_position(layout, 4, turns=6) == random_position(layout, 4, turns=6)
    six = random_position(layout, 4, turns=6)
    assert six.pawn_count <= layout.state.pawn_count - 6
    assert not six.opening
    ends = [is_over(random_position(layout, seed)) for seed in range(16)]
    assert 0 < sum(ends) < len(ends)
    assert abs(sum(ends) / len(ends) - TO_THE_END) < 0.25
