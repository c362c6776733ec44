"""``patrolkit kit rodeurs --rated``: the board is rated first, its rating recorded in kit.json and
printed small on the board, in a spot that fits on A4 and Letter; the same seed, the same rating."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.page import MIN_MARGIN_MM, paper
from generator.rodeurs.board import rating_lines
from generator.rodeurs.command import RATE_LEVEL
from generator.rodeurs.kit import render_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.cli import main
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import fairness
from patrolkit.games.rodeurs.fairness import Rating, rate
from patrolkit.manifest import Box
from tests.kit_helpers import assert_margins_light, grey, quiet_ring

PT = 25.4 / 72
"""Millimetres per PDF point."""
WIDE = Rating(1000, 1000, 0, 0, -12.345, (4, 4), 99, 10**9)
"""The widest rating line the board can be asked to print (every number at its longest)."""


def _without_seconds(rating: dict[str, object]) -> dict[str, object]:
    cost = dict(rating["cost"])  # type: ignore[call-overload]
    cost.pop("seconds")
    return {**rating, "cost": cost}


def _rated_kit(out: Path, *extra: str) -> dict[str, object]:
    rated = ["--rated", "--games", "2", "--level", "1"]
    code = main(["kit", "rodeurs", "--seed", "3", *rated, "--out", str(out), *extra])
    assert code == 0
    return json.loads((out / "kit.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.slow
def test_the_rating_is_in_kit_json_and_on_the_board_and_repeats_for_the_same_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _rated_kit(tmp_path / "one")
    said = capsys.readouterr().out
    rating = first["layout"]["rating"]  # type: ignore[index]
    expected = rate(random_layout(3), games=2, levels=(1, 1), seed=0)
    assert _without_seconds(rating) == _without_seconds(expected.to_json())
    assert rating["games"] == 2 and rating["levels"] == [1, 1]
    assert f"first player scores {expected.score:.0%}" in said

    board_page = first["board"]["sheet"]  # type: ignore[index]
    pdf = (tmp_path / "one" / "kit.pdf").read_bytes()
    text = pdfium.PdfDocument(pdf)[board_page - 1].get_textpage().get_text_range()
    for line in rating_lines(expected):
        assert line in text

    again = _rated_kit(tmp_path / "two")
    assert _without_seconds(again["layout"]["rating"]) == _without_seconds(rating)  # type: ignore[index]
    assert (tmp_path / "two" / "kit.pdf").read_bytes() == pdf


@pytest.mark.slow
def test_another_play_seed_plays_other_games(tmp_path: Path) -> None:
    seeded = _rated_kit(tmp_path / "seeded", "--play-seed", "8")
    rating = seeded["layout"]["rating"]  # type: ignore[index]
    assert rating["seed"] == 8
    assert _without_seconds(rating) == _without_seconds(
        rate(random_layout(3), games=2, levels=(1, 1), seed=8).to_json()
    )


def test_an_unrated_kit_has_no_rating_and_rating_options_need_rated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kit", "rodeurs", "--seed", "3", "--out", str(tmp_path / "plain")]) == 0
    assert "rating" not in json.loads((tmp_path / "plain" / "kit.json").read_text())["layout"]
    capsys.readouterr()
    out = tmp_path / "games"
    assert main(["kit", "rodeurs", "--seed", "3", "--games", "4", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--games only applies with --rated" in error
    assert not out.exists()


def test_an_existing_kit_is_refused_before_any_game_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["kit", "rodeurs", "--seed", "3", "--out", str(tmp_path)]) == 0

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(fairness, "play_game", no_games)
    capsys.readouterr()
    assert main(["kit", "rodeurs", "--seed", "3", "--rated", "--out", str(tmp_path)]) == 2
    assert "already exist" in capsys.readouterr().err


def test_the_default_level_is_the_rating_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert RATE_LEVEL == fairness.DEFAULT_LEVEL


def _char_boxes(page: pdfium.PdfPage, height: float) -> list[tuple[str, Box]]:
    """Every printed character on ``page`` and its box in page mm (y down)."""
    textpage = page.get_textpage()
    boxes = []
    for index in range(textpage.count_chars()):
        char = textpage.get_text_range(index, 1)
        if char.isspace():
            continue
        left, bottom, right, top = textpage.get_charbox(index)
        boxes.append(
            (char, Box(left * PT, height - top * PT, (right - left) * PT, (top - bottom) * PT))
        )
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    across = a.x < b.x + b.width and b.x < a.x + a.width
    return across and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_the_widest_rating_fits_beside_the_captions_on_a4_and_letter(name: str) -> None:
    # The longest captions: diagonal jumps, a six-digit seed, two-digit pawn counts.
    layout = random_layout(999_999, mix=(12, 22, 22), diagonal=True)
    pdf, manifest = render_kit(layout, name, WIDE)
    board = manifest.board_geometry
    document = pdfium.PdfDocument(pdf)
    page = document[board.sheet - 1]
    width, height = paper(name).size
    boxes = _char_boxes(page, height)
    head, detail = rating_lines(WIDE)
    text = page.get_textpage().get_text_range()
    assert head in text and detail in text
    # The rating's characters: the last two lines drawn on the page.
    rating_chars = len((head + detail).replace(" ", ""))
    rating, others = boxes[-rating_chars:], boxes[:-rating_chars]
    assert "".join(char for char, _ in rating) == (head + detail).replace(" ", "")
    ox, oy = board.origin
    fiducials = [
        Box(f.qr.box.x + ox, f.qr.box.y + oy, f.qr.box.width, f.qr.box.height)
        for f in board.fiducials
    ]
    for _, box in rating:
        assert box.x >= MIN_MARGIN_MM and box.x + box.width <= width - MIN_MARGIN_MM
        assert box.y >= MIN_MARGIN_MM and box.y + box.height <= height - MIN_MARGIN_MM
        assert not any(_overlap(box, other) for _, other in others)
        for fiducial in fiducials:
            quiet = board.fiducials[0].qr.quiet_modules * board.fiducials[0].qr.module_mm
            zone = Box(
                fiducial.x - quiet,
                fiducial.y - quiet,
                fiducial.width + 2 * quiet,
                fiducial.height + 2 * quiet,
            )
            assert not _overlap(box, zone)
    image = grey(page)
    assert_margins_light(image, MIN_MARGIN_MM)
    for fiducial in board.fiducials:
        box = Box(fiducial.qr.box.x + ox, fiducial.qr.box.y + oy, 0, 0)
        box = replace(box, width=fiducial.qr.box.width, height=fiducial.qr.box.height)
        ring = fiducial.qr.quiet_modules * fiducial.qr.module_mm
        assert quiet_ring(image, box, ring).min() > 235


def test_a_layout_name_too_long_for_the_rating_is_refused() -> None:
    layout = replace(random_layout(5), name="a-hand-made-layout-with-a-very-long-name", seed=None)
    with pytest.raises(KitError, match="no room on the board for the rating"):
        render_kit(layout, "a4", WIDE)
