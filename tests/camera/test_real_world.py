"""Photos with a real-world effect: each does to the photo what it says, the truth follows it, and
the same seed gives the same bytes."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
import zxingcpp
from PIL import Image, JpegImagePlugin

from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph as photograph_patrolis
from companion.camera.photo import Photo
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph as photograph_patrols
from generator.patrolis.kit import write_kit as write_patrolis_kit
from generator.twelve_patrols.kit import write_kit as write_patrols_kit
from patrolkit.games.rodeurs import Layout
from patrolkit.games.twelve_patrols import shipped_decks
from tests.camera.conftest import Shoot

pytestmark = pytest.mark.slow

SEED = 7


def codes_of_truth(truth: dict[str, Any]) -> dict[str, np.ndarray]:
    """Every code the truth places: its text -> its four corners (photo px)."""
    found: dict[str, list[np.ndarray]] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            text = value.get("payload") or value.get("text")
            if isinstance(text, str) and "corners_px" in value:
                found.setdefault(text, []).append(np.array(value["corners_px"], np.float64))
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(truth)
    return {text: places[0] for text, places in found.items() if len(places) == 1}


def codes_seen(image: np.ndarray) -> dict[str, np.ndarray]:
    """Every QR code zxing-cpp reads: its text -> its corners (TL, TR, BR, BL)."""
    qr = zxingcpp.BarcodeFormats([zxingcpp.BarcodeFormat.QRCode])
    seen = {}
    for result in zxingcpp.read_barcodes(image, formats=qr):
        p = result.position
        corners = (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        seen[result.text] = np.array([[c.x, c.y] for c in corners], np.float64)
    return seen


def centre_errors(photo: Photo, truth: dict[str, Any]) -> list[float]:
    """How far each code read in ``photo`` is from where ``truth`` puts it (centres, px)."""
    placed = codes_of_truth(truth)
    seen = codes_seen(photo.image)
    common = [t for t in seen if t in placed]
    # Enough codes to tell where the truth puts them. How many one plain whole-photo decode
    # reads of a small messaging photo is the readers' business (their benchmarks), not this.
    assert len(common) >= min(10, 0.6 * len(placed))
    return [float(np.linalg.norm(seen[t].mean(0) - placed[t].mean(0))) for t in common]


def board_mask(photo: Photo) -> np.ndarray:
    mask = np.zeros(photo.image.shape[:2], np.uint8)
    grid = np.array(photo.truth["board"]["grid_corners_px"], np.float64)
    cv2.fillConvexPoly(mask, np.round(grid).astype(np.int32), 1)
    return mask.astype(bool)


def sharpness(photo: Photo) -> float:
    """The variance of the Laplacian over the board's grid."""
    grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
    return float(cv2.Laplacian(grey, cv2.CV_64F)[board_mask(photo)].var())


def quantization_at(quality: int) -> dict[int, list[int]]:
    data = cv2.imencode(
        ".jpg", np.zeros((16, 16, 3), np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    return {k: list(v) for k, v in Image.open(io.BytesIO(data[1].tobytes())).quantization.items()}


# -- each effect --------------------------------------------------------------------------------


def test_a_messaging_photo_is_resized_to_1600_2048_px_and_saved_at_its_quality(
    shoot: Shoot,
) -> None:
    photo = shoot("messaging", SEED)
    truth = photo.truth
    height, width = photo.image.shape[:2]
    assert 1600 <= max(width, height) <= 2048
    assert (truth["width"], truth["height"]) == (width, height)
    assert truth["effect"]["sizes"][-1] == [width, height]
    assert 60 <= truth["jpeg_quality"] <= 75
    saved = Image.open(io.BytesIO(photo.jpeg))
    assert saved.size == (width, height)
    assert {k: list(v) for k, v in saved.quantization.items()} == quantization_at(
        truth["jpeg_quality"]
    )
    assert JpegImagePlugin.get_sampling(saved) == 2  # 4:2:0
    # The codes are where the truth says, in the smaller photo.
    assert max(centre_errors(photo, truth)) < 1.5


@pytest.mark.parametrize("preset", ["motion", "defocus"])
def test_blur_lowers_the_sharpness_of_the_board(shoot: Shoot, preset: str) -> None:
    sharp, blurred = shoot("phone", SEED), shoot(preset, SEED)
    assert blurred.truth["board"] == sharp.truth["board"]  # the same shot
    assert sharpness(blurred) < 0.5 * sharpness(sharp)


@pytest.mark.parametrize("preset", ["barrel", "curl"])
def test_a_warp_moves_the_truth_s_points_with_the_image(shoot: Shoot, preset: str) -> None:
    flat, warped = shoot("phone", SEED), shoot(preset, SEED)
    errors = centre_errors(warped, warped.truth)
    assert max(errors) < 2.0
    # Against the flat photo's truth the same codes are visibly off.
    assert max(centre_errors(warped, flat.truth)) > 5.0
    assert warped.truth["board"]["grid_corners_px"] != flat.truth["board"]["grid_corners_px"]


def test_a_hard_shadow_darkens_its_part_of_the_board_only(shoot: Shoot) -> None:
    lit, shaded = shoot("phone", SEED), shoot("shadow", SEED)
    effect = shaded.truth["effect"]
    assert 0.15 <= effect["covered"] <= 0.4
    inside = np.zeros(lit.image.shape[:2], np.uint8)
    outline = np.round(np.array(effect["outline_px"])).astype(np.int32)
    cv2.fillPoly(inside, [outline], 1)
    core = cv2.erode(inside, np.ones((25, 25), np.uint8)).astype(bool) & board_mask(lit)
    clear = cv2.dilate(inside, np.ones((25, 25), np.uint8)) == 0
    grey_lit = cv2.cvtColor(lit.image, cv2.COLOR_BGR2GRAY).astype(np.float64)
    grey_shaded = cv2.cvtColor(shaded.image, cv2.COLOR_BGR2GRAY).astype(np.float64)
    ratio = grey_shaded[core].mean() / grey_lit[core].mean()
    assert ratio == pytest.approx(1 - effect["darkness"], abs=0.06)
    assert abs(grey_shaded[clear].mean() - grey_lit[clear].mean()) < 1.5


def test_low_light_is_noisy_and_saved_at_a_lower_quality(shoot: Shoot) -> None:
    lit, dim = shoot("phone", SEED), shoot("low-light", SEED)
    assert dim.truth["jpeg_quality"] == dim.truth["effect"]["quality"] <= 70

    # Where the lit photo is flat (no printed edge nearby), the grain is the sensor's noise.
    grey_lit = cv2.cvtColor(lit.image, cv2.COLOR_BGR2GRAY)
    edges = cv2.dilate(cv2.Canny(grey_lit, 20, 60), np.ones((9, 9), np.uint8))
    flat = (edges == 0) & board_mask(lit)
    assert flat.sum() > 10_000

    def grain(photo: Photo) -> float:
        grey = cv2.cvtColor(photo.image, cv2.COLOR_BGR2GRAY)
        residue = np.abs(grey.astype(np.float64) - cv2.medianBlur(grey, 5))
        return float(residue[flat].mean())

    assert grain(dim) > 2 * grain(lit)


def test_a_glare_spot_is_saturated_white_at_its_centre(shoot: Shoot) -> None:
    plain, glared = shoot("phone", SEED), shoot("glare", SEED)
    x, y = np.round(glared.truth["effect"]["centre_px"]).astype(int)
    assert glared.image[y - 2 : y + 3, x - 2 : x + 3].min() >= 245
    assert plain.image[y - 2 : y + 3, x - 2 : x + 3].mean() < glared.image[y, x].mean() - 20


# -- seeds ---------------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_bytes_and_another_seed_others(
    shoot: Shoot, kit: Path, layout: Layout
) -> None:
    first = shoot("real-world", SEED)
    again = photograph(kit, random_position(layout, SEED, turns=6), preset="real-world", seed=SEED)
    assert again.jpeg == first.jpeg
    assert again.truth == first.truth
    assert first.truth["preset"] == "real-world"
    other = shoot("curl", SEED + 1)
    assert other.jpeg != shoot("curl", SEED).jpeg


# -- the other games --------------------------------------------------------------------------


def patrolis_curl(root: Path) -> Photo:
    write_patrolis_kit(9201, root, players=2)
    state = mid_game(patrolis_kit_raster(root), SEED)
    return photograph_patrolis(root, state, preset="curl", seed=SEED)


def twelve_patrols_curl(root: Path) -> Photo:
    deck = shipped_decks()["easy"].deck
    write_patrols_kit(deck, root)
    return photograph_patrols(root, random_setup(deck, SEED), preset="curl", seed=SEED)


def test_the_patrolis_map_curls_as_one_sheet_and_its_truth_follows(tmp_path: Path) -> None:
    photo = patrolis_curl(tmp_path / "kit")
    bends = photo.truth["effect"]["sheets"]
    assert len(bends) == 1  # the map's four sheets, taped together
    assert 2 <= bends[0]["lift_mm"] <= 6
    assert max(centre_errors(photo, photo.truth)) < 2.0


def test_each_12_patrols_card_curls_on_its_own_and_its_truth_follows(tmp_path: Path) -> None:
    photo = twelve_patrols_curl(tmp_path / "kit")
    bends = photo.truth["effect"]["sheets"]
    assert len(bends) == len(photo.truth["cards"])
    assert all(2 <= b["lift_mm"] <= 6 for b in bends)
    assert max(centre_errors(photo, {"cards": photo.truth["cards"]})) < 2.5
