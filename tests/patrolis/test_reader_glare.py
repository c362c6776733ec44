"""Never a guess on a Patrolis table: a piece whose code glare hides or a stroke damages is
reported unreadable at its cell — never an empty cell, never an objective taken — and a product
label's QR code lying on the board is reported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph
from companion.camera.photo import write_photo
from companion.patrolis.reader import read_photo
from patrolkit.cli import main
from patrolkit.games.patrolis import Colour
from tests.patrolis.reader_checks import shared_kit
from tests.photo_damage import glare_over, label_on, save, sticker_over, stroke_over

KIT_SEED = 5
PHOTO_SEED = 503


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[np.ndarray, dict[str, Any]]:
    """A mid-game ``phone`` photo of a kit's table (BGR) and its truth."""
    kit = shared_kit(KIT_SEED, 2)
    state = mid_game(patrolis_kit_raster(kit), PHOTO_SEED, steps=40)
    folder = tmp_path_factory.mktemp("patrolis-glare")
    path, truth = write_photo(
        photograph(kit, state, preset="phone", seed=PHOTO_SEED), folder / "clean.jpg"
    )
    return cv2.imread(str(path)), json.loads(truth.read_text())


def score(capsys: pytest.CaptureFixture[str], photo: Path) -> tuple[int, dict[str, Any]]:
    code = main(["score", "patrolis", str(photo), "--json"])
    return code, json.loads(capsys.readouterr().out)


def unreadable_at(verdict: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {u["cell"]: u for u in verdict["unreadable"] if u["cell"] is not None}


def middle(quad: list[list[float]]) -> np.ndarray:
    return np.asarray(quad, dtype=float).mean(axis=0)


def test_steps_under_glare_are_unreadable_at_their_cells_never_empty(
    table: tuple[np.ndarray, dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    image, truth = table
    hidden = [truth["steps"][k] for k in (0, len(truth["steps"]) // 2, -1)]
    for step in hidden:
        image = glare_over(image, step["corners_px"])
    code, verdict = score(capsys, save(image, tmp_path / "glare.jpg"))
    assert code == 3 and verdict["judged"] is False
    reported = unreadable_at(verdict)
    read = {s["cell"] for s in verdict["steps"]}
    for step in hidden:
        assert step["cell"] not in read
        assert step["cell"] in reported, (step["cell"], sorted(reported))
        assert "Glare hides" in reported[step["cell"]]["reason"]
        at = np.asarray(reported[step["cell"]]["at_px"])
        side = np.linalg.norm(np.subtract(step["corners_px"][1], step["corners_px"][0]))
        assert np.linalg.norm(at - middle(step["corners_px"])) < 1.5 * side


def test_an_objective_under_glare_is_unreadable_and_one_half_struck_out_read_by_its_code(
    table: tuple[np.ndarray, dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    image, truth = table
    glared, struck = truth["objectives"][:2]
    image = stroke_over(glare_over(image, glared["corners_px"]), struck["corners_px"])
    photo = save(image, tmp_path / "objectives.jpg")
    code, verdict = score(capsys, photo)
    assert code == 3 and verdict["judged"] is False
    assert verdict["objectives"] is None  # nothing counted taken while a cell is unreadable
    reported = unreadable_at(verdict)
    assert glared["cell"] in reported, sorted(reported)
    # The upper half of its code struck out, finders and all, the other objective no decoder
    # reads is still matched to its own code among every code a kit can print.
    assert struck["cell"] not in reported
    reading = read_photo(photo)
    read = {reading.game_map.name(c): p for c, p in reading.objectives.items()}
    assert read[struck["cell"]].payload == struck["payload"]
    assert read[struck["cell"]].stage == "matched"


def test_pieces_covered_whole_by_a_sticker_or_a_blot_are_unreadable_never_empty(
    table: tuple[np.ndarray, dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An even cover over a whole code leaves its cell's middle as flat as bare ground: it was
    # taken for bare. Its colour is not its terrain class's.
    image, truth = table
    steps = [truth["steps"][k] for k in (1, len(truth["steps"]) // 3)]
    blotted = truth["objectives"][2]
    for step in steps:
        image = sticker_over(image, step["corners_px"])
    image = stroke_over(image, blotted["corners_px"], share=1.0)
    code, verdict = score(capsys, save(image, tmp_path / "covered.jpg"))
    assert code == 3 and verdict["objectives"] is None
    reported = unreadable_at(verdict)
    read = {s["cell"] for s in verdict["steps"]}
    for covered in [*steps, blotted]:
        assert covered["cell"] not in read
        assert "Something lies" in reported[covered["cell"]]["reason"], sorted(reported)


def test_the_clean_table_is_judged_with_every_objective_on_the_map(
    table: tuple[np.ndarray, dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    image, truth = table
    code, verdict = score(capsys, save(image, tmp_path / "clean.jpg"))
    assert code == 0 and verdict["judged"] and not verdict["unreadable"]
    on_map = {o["cell"] for o in verdict["objectives"]["on_map"]}
    assert on_map == {o["cell"] for o in truth["objectives"]}


def test_a_product_label_lying_on_the_board_is_reported(
    table: tuple[np.ndarray, dict[str, Any]], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    image, truth = table
    corners = np.asarray(truth["sheets"][0]["grid_corners_px"], dtype=float)
    side = np.linalg.norm(np.subtract(*truth["steps"][0]["corners_px"][:2]))
    at = corners.mean(axis=0)
    image = label_on(image, "SHOP-4711 BEST BEFORE 2026", at, 1.6 * side, angle=20.0)
    code, verdict = score(capsys, save(image, tmp_path / "label.jpg"))
    assert code in (0, 3)
    texts = [f["text"] for f in verdict["foreign_codes"]]
    assert texts == ["'SHOP-4711 BEST BEFORE 2026'"]
    assert np.linalg.norm(np.asarray(verdict["foreign_codes"][0]["at_px"]) - at) < side
    assert any("not part of this game" in p for p in verdict["problems"])


def test_a_player_says_what_lies_under_the_glare_an_objective_included_and_the_table_is_judged(
    table: tuple[np.ndarray, dict[str, Any]], tmp_path: Path
) -> None:
    from companion.patrolis.commands import EMPTY, correct, judge_photos, unreadable_choices
    from companion.patrolis.reader import read_photo

    image, truth = table
    clean = read_photo(save(image, tmp_path / "clean.jpg"))
    name = clean.game_map.name
    held = {
        name(cell): f"{Colour(piece.objective).word} objective"
        for cell, piece in clean.objectives.items()
    }
    held |= {name(cell): piece.tile.notation for cell, piece in clean.tiles.items() if piece.tile}
    hidden = truth["objectives"][0]
    reading = read_photo(save(glare_over(image, hidden["corners_px"]), tmp_path / "glare.jpg"))
    choices = unreadable_choices(reading)
    assert hidden["cell"] in choices and held[hidden["cell"]].endswith(" objective")
    for cell, offered in choices.items():
        said = held.get(cell, EMPTY)
        assert said in offered
        reading = correct(reading, cell, said)
    verdict = judge_photos(reading)
    assert verdict["judged"] is True
    assert verdict["objectives"] == judge_photos(clean)["objectives"]


def test_a_messaging_apps_small_copy_is_refused_not_read_as_bare_ground(
    table: tuple[np.ndarray, dict[str, Any]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Shrunk to a messaging app's 1,600 px, the codes still read (at twice the size), but a tile
    # whose code does not is as smooth as bare ground: the photo is refused, never half-read.
    image, _ = table
    scale = 1600 / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    photo = save(small, tmp_path / "shared.jpg")
    code = main(["score", "patrolis", str(photo), "--json"])
    err = capsys.readouterr().err
    assert code == 2
    assert "too small to read its bare cells" in err
    assert "messaging app" in err
