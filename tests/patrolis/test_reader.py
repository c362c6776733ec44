"""The Patrolis photo referee on the virtual camera's photos: tables read, turns judged, bad
input refused in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
import qrcode

from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph
from companion.camera.photo import write_photo
from patrolkit.cli import main
from patrolkit.games.patrolis import (
    Edge,
    Line,
    Map,
    State,
    Terrain,
    Track,
    new_game,
)
from tests.patrolis.reader_checks import shared_kit

KIT_SEED = 5
Shoot = Callable[..., Path]


@pytest.fixture(scope="module")
def kit() -> Path:
    return shared_kit(KIT_SEED, 2)


@pytest.fixture(scope="module")
def shoot(kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Shoot:
    folder = tmp_path_factory.mktemp("patrolis-photos")
    taken: dict[str, Path] = {}

    def take(
        state: State, name: str, seed: int = 11, preset: str = "phone", **options: object
    ) -> Path:
        if name not in taken:
            photo = photograph(kit, state, preset=preset, seed=seed, **options)  # type: ignore[arg-type]
            taken[name], _ = write_photo(photo, folder / f"{name}.jpg", force=True)
        return taken[name]

    return take


@pytest.fixture(scope="module")
def start(kit: Path) -> State:
    raster = patrolis_kit_raster(kit)
    return new_game(raster.game_map, raster.players, seed=KIT_SEED)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_text_form_of_a_position_reads_back_to_the_same_position(kit: Path) -> None:
    state = mid_game(patrolis_kit_raster(kit), 3)
    assert state.tracks
    again = State.from_text(state.text)
    assert again.text == state.text
    assert again == State(
        state.map.plain, state.players, state.dealt, state.objectives, state.tracks, state.to_move
    )


def test_a_mid_game_table_is_read_exactly_and_scored(
    kit: Path, shoot: Shoot, capsys: pytest.CaptureFixture[str]
) -> None:
    state = mid_game(patrolis_kit_raster(kit), 21)
    steps = sum(len(t.lines) for t in state.tracks)
    assert 40 <= steps <= 120
    photo = shoot(state, "mid-game", seed=21)
    code, out, _ = run(capsys, "score", "patrolis", photo, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["judged"]
    truth = json.loads(photo.with_suffix(".json").read_text())
    read = {(s["cell"], s["tile"]) for s in verdict["steps"]}
    shown = {(state.map.name(c), t.notation) for c, t in enumerate(state.view.tiles) if t}
    assert read == shown
    assert len(truth["steps"]) == len(shown)
    assert {o["cell"] for o in verdict["objectives"]["on_map"]} == {
        state.map.name(c) for c in state.view.objectives
    }
    assert verdict["state"] is not None
    assert State.from_text(verdict["state"]).view == state.view
    # Every track starts on the border or is reported as a break.
    assert len(verdict["breaks"]) == sum(not t["from_border"] for t in verdict["tracks"])
    assert set(verdict["score"]) >= {"Player 1", "Player 2"}


def _run_from_west(game_map: Map, want: list[Terrain], avoid: set[int]) -> int | None:
    """A row whose first cells from the west edge have the classes ``want`` (and no objective)."""
    for row in range(1, game_map.size - 1):
        cells = [game_map.cell(column, row) for column in range(len(want))]
        if [game_map.class_of(c) for c in cells] == want and not avoid & set(cells):
            return row
    return None


def _laid(start: State, row: int, count: int) -> State:
    m = start.map
    lines = tuple(Line(m.cell(column, row), Edge.W, Edge.E) for column in range(count))
    return State(m, start.players, start.dealt, start.objectives, (Track(0, lines),), 1)


def test_turns_are_judged_from_photo_pairs(
    start: State, shoot: Shoot, capsys: pytest.CaptureFixture[str]
) -> None:
    m = start.map
    objectives = {o.cell for o in start.objectives}
    green = Terrain.COUNTRYSIDE
    row = _run_from_west(m, [green] * 4, objectives)
    brown = Terrain.MOUNTAIN
    mixed = next(
        (
            (r, len(classes))
            for classes in (
                [green, brown],
                [brown, green],
                [brown, brown, green],
                [green] * 2 + [brown],
            )
            if (r := _run_from_west(m, classes, objectives)) is not None
        ),
        None,
    )
    assert row is not None and mixed is not None
    before = shoot(start, "start", seed=31, preset="top")

    legal = shoot(_laid(start, row, 3), "legal", seed=32, preset="top")
    code, out, _ = run(capsys, "check", "patrolis", before, legal, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["legal"] is True, verdict["reason"]
    assert verdict["mover"] == 1
    assert verdict["turn"] == " ".join(f"{m.name(m.cell(c, row))}WE" for c in range(3))

    too_far = shoot(_laid(start, row, 4), "too-far", seed=33, preset="top")
    code, out, _ = run(capsys, "check", "patrolis", before, too_far)
    assert code == 1
    assert "Illegal: 4 steps on countryside, but the limit there is 3." in out

    two = shoot(_laid(start, *mixed), "two-classes", seed=34, preset="top")
    code, out, _ = run(capsys, "check", "patrolis", before, two)
    assert code == 1
    assert "Illegal:" in out and "one terrain class per turn" in out


def test_a_photo_without_one_sheet_names_the_missing_sheet(
    start: State, shoot: Shoot, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = shoot(start, "no-south-east", seed=41, leave_out="SE")
    code, out, err = run(capsys, "score", "patrolis", photo)
    assert code == 2 and not out
    assert err.count("\n") == 1
    assert "sheet SE (south-east)" in err and "not in it" in err


def test_a_step_across_two_cells_is_reported_not_placed(
    kit: Path, shoot: Shoot, capsys: pytest.CaptureFixture[str]
) -> None:
    state = mid_game(patrolis_kit_raster(kit), 22, steps=40)
    photo = shoot(state, "across", seed=42, across=True)
    truth = json.loads(photo.with_suffix(".json").read_text())
    pushed = truth["across"]["cell"]
    code, out, _ = run(capsys, "score", "patrolis", photo, "--json")
    verdict = json.loads(out)
    assert code == 3 and not verdict["judged"]
    assert pushed not in {s["cell"] for s in verdict["steps"]}
    sentences = [u["reason"] for u in verdict["unreadable"]]
    assert any("lies across" in s and pushed in s for s in sentences), sentences


def test_a_foreign_qr_code_is_reported_and_the_table_still_read(
    start: State, shoot: Shoot, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    photo = shoot(start, "start", seed=31, preset="top")
    image = cv2.imread(str(photo))
    code_image = np.array(qrcode.make("SHOP-4711 BEST BEFORE").convert("RGB"))[:, :, ::-1]
    code_image = cv2.resize(code_image, (260, 260), interpolation=cv2.INTER_NEAREST)
    image[40:300, 40:300] = code_image
    edited = tmp_path / "foreign.jpg"
    cv2.imwrite(str(edited), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    code, out, _ = run(capsys, "score", "patrolis", edited, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["judged"]
    assert [f["text"] for f in verdict["foreign_codes"]] == ["'SHOP-4711 BEST BEFORE'"]
    assert len(verdict["objectives"]["on_map"]) == 8


def test_a_photo_with_no_board_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = np.full((1200, 1600, 3), (60, 110, 150), np.uint8)
    cv2.circle(table, (800, 600), 300, (200, 200, 200), -1)
    path = tmp_path / "table.jpg"
    cv2.imwrite(str(path), table)
    code, out, err = run(capsys, "score", "patrolis", path)
    assert code == 2 and not out
    assert err.strip() == (
        "patrolkit: No Patrolis board was found in this photo: none of its sheets' codes could"
        " be read."
    )


def test_a_photo_of_another_games_pieces_names_that_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = qrcode.QRCode(box_size=12, border=4)
    code.add_data("PK1:TP:Q:Y1")  # a 12 Patrols cube face
    code.make(fit=True)
    path = tmp_path / "cube.png"
    code.make_image().save(path)
    status, out, err = run(capsys, "score", "patrolis", path)
    assert status == 2 and not out
    assert err.strip() == "patrolkit: This photo shows 12 Patrols pieces but no Patrolis board."


def test_a_mover_colour_makes_no_sense_for_patrolis(
    start: State, shoot: Shoot, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = shoot(start, "start", seed=31, preset="top")
    code, _, err = run(capsys, "check", "patrolis", photo, photo, "--mover", "white")
    assert code == 2 and "no white or black" in err
