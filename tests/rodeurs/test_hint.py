"""``patrolkit hint rodeurs``: the computer player's turn for the position on a photo of the
table, or one line saying why there is none."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.rodeurs.annotate import HINT
from companion.rodeurs.reader import read_photo
from patrolkit.cli import main
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Layout, Player
from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL, choose_turn
from patrolkit.sizes import Rodeurs
from tests.rodeurs.reader_photos import Shoot, play


def _photo(tmp_path: Path, jpeg: bytes, name: str = "table.jpg") -> str:
    path = tmp_path / name
    path.write_bytes(jpeg)
    return str(path)


@pytest.mark.slow
def test_the_hint_is_the_engines_turn_for_the_position_on_the_table(
    layout: Layout, shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play(layout, 6, seed=1)
    photo = _photo(tmp_path, shoot(state.text, "phone", 1))
    picture = tmp_path / "hint.png"
    args = ["hint", "rodeurs", photo, "--mover", "black", "--level", "2"]
    assert main([*args, "--json", "--annotate", str(picture)]) == 0
    verdict = json.loads(capsys.readouterr().out)
    hint = verdict["hint"]
    position = state.with_mover(Player.BLACK)
    turn = rodeurs.parse_turn(position, hint["turn"])
    assert rodeurs.is_legal(position, turn)
    expected = choose_turn(position, level=2, seed=0)
    assert hint["turn"] == expected.turn.notation
    assert hint["proven"] is expected.proven and hint["mover"] == "black" and hint["level"] == 2
    assert hint["jumps"] == [j.notation.split("x") for j in expected.turn.jumps]
    assert verdict["judged"] is True and verdict["state"].split()[1] == "b"
    drawn = np.asarray(Image.open(picture).convert("RGB")).astype(int)
    assert (np.abs(drawn - np.array(HINT)).sum(axis=2) < 30).sum() > 200  # the arrows


@pytest.mark.slow
def test_the_hint_in_words_names_the_turn_at_the_default_level(
    layout: Layout, shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play(layout, 6, seed=1)
    photo = _photo(tmp_path, shoot(state.text, "phone", 1))
    assert main(["hint", "rodeurs", photo, "--mover", "white"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    expected = choose_turn(state.with_mover(Player.WHITE), level=DEFAULT_LEVEL, seed=0)
    assert first.startswith(f"Hint for White (level {DEFAULT_LEVEL}): {expected.turn.notation} (")
    assert ("not proven best" in first) is not expected.proven


@pytest.mark.slow
def test_a_photo_with_an_unreadable_pawn_gets_no_hint(
    layout: Layout, shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play(layout, 6, seed=1)
    jpeg = shoot(state.text, "phone", 1)
    sq = next(sq for sq, pawn in enumerate(state.pawns) if pawn is not None)
    x, y, w, h = Rodeurs.cell_box(rodeurs.column_of(sq), rodeurs.row_of(sq))
    middle = np.array([[x + w * a, y + h * b] for a, b in ((0.3, 0.3), (0.7, 0.3), (0.7, 0.7))])
    middle = np.vstack([middle, [x + w * 0.3, y + h * 0.7]])
    quad = read_photo(jpeg).pose.photo_points(middle).astype(np.int32)
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    cv2.fillConvexPoly(image, quad, (128, 128, 128))  # a grey sticker over the pawn's code
    photo = _photo(tmp_path, cv2.imencode(".jpg", image)[1].tobytes())
    assert main(["hint", "rodeurs", photo, "--mover", "white", "--level", "1"]) == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and rodeurs.square_name(sq) in err and "no hint" in err


@pytest.mark.slow
def test_a_finished_game_gets_no_hint(
    layout: Layout, shoot: Shoot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished = play(layout, None, seed=3)
    photo = _photo(tmp_path, shoot(finished.text, "phone", 3))
    assert main(["hint", "rodeurs", photo, "--mover", "white", "--level", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game is over" in err


def test_an_unknown_level_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photo = _photo(tmp_path, b"not read: the level is refused first")
    assert main(["hint", "rodeurs", photo, "--mover", "white", "--level", "9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "There is no level 9" in err
