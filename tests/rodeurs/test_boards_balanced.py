"""``patrolkit boards rodeurs --balanced``: seeds drawn in turn until enough boards rate balanced,
each board's rating recorded beside the PDF and printed on it, the number of draws said, and an
impossible request refused in one line instead of running for ever."""

from __future__ import annotations

import doctest
import io
import json
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.rodeurs import balanced, board
from generator.rodeurs.balanced import (
    Tally,
    fewest_games,
    given_up_after,
    progress_line,
    score_range,
)
from generator.rodeurs.command import BALANCED_GAMES
from generator.rodeurs.layouts import random_layout
from patrolkit.cli import main
from patrolkit.games.rodeurs import Layout, Player
from patrolkit.games.rodeurs.fairness import GameRecord, wilson


def _games(*winners: Player | None) -> list[GameRecord]:
    return [GameRecord((), winner, 0, 1, 0) for winner in winners]


W, B = Player.WHITE, Player.BLACK


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(balanced).failed == 0
    assert doctest.testmod(board).failed == 0


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_one_line_on_a_terminal_and_quiet_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert progress_line(4) is None
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    show = progress_line(4)
    assert show is not None
    show(Tally(3, 1, 40))
    show(Tally(9, 4, 700, over=True))
    written = terminal.getvalue()
    assert written.count("\n") == 1 and written.endswith("\n")
    assert "1/4 kept, 3 drawn" in written and "4/4 kept, 9 drawn, 700 games" in written


def test_the_fewest_games_that_can_show_a_board_balanced() -> None:
    assert fewest_games() == 93
    assert score_range(92) is None
    least, most = score_range(200)  # type: ignore[misc]
    assert wilson(least, 200).inside(0.4, 0.6) and wilson(most, 200).inside(0.4, 0.6)
    assert not wilson(least - 0.5, 200).inside(0.4, 0.6)
    assert not wilson(most + 0.5, 200).inside(0.4, 0.6)


def test_a_board_is_given_up_only_once_its_rating_cannot_or_clearly_will_not_fit() -> None:
    # Six first-player losses in a row: the interval so far (0-39 %) lies below 40 %.
    assert given_up_after(_games(B, B, B, B, B, B, W), 200, 0.4, 0.6) == 6
    assert given_up_after(_games(W, W, W, W, W, W), 200, 0.4, 0.6) == 6
    # Even games never are, however many.
    assert given_up_after(_games(*[W, B] * 60), 200, 0.4, 0.6) is None
    # Over 93 games only 46.5 points fit: 47 wins can no longer end inside.
    assert given_up_after(_games(*[W, B] * 46, W, W), 93, 0.4, 0.6) == 94 - 1
    # Too few games for any interval to fit: given up before the first game.
    assert given_up_after([], 50, 0.4, 0.6) == 0


def test_too_few_games_are_refused_at_once_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "boards"
    code = main(
        ["boards", "rodeurs", "--balanced", "--count", "2", "--games", "50", "--out", str(out)]
    )
    error = capsys.readouterr().err
    assert code == 2
    assert error.count("\n") == 1
    assert "No rating of 50 games can show a board balanced" in error and "93 games" in error
    assert not out.exists()


def test_more_boards_than_draws_and_rating_options_without_balanced_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "boards"
    args = ["boards", "rodeurs", "--count", "3", "--out", str(out)]
    assert main([*args, "--balanced", "--max-draws", "2"]) == 2
    assert "raise --max-draws" in capsys.readouterr().err
    assert main([*args, "--max-draws", "2", "--level", "1"]) == 2
    assert "--level and --max-draws only apply with --balanced" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.slow
def test_the_draws_are_bounded_and_the_shortfall_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 0 favours the second player at level 1: given up after a few games.
    out = tmp_path / "boards"
    args = ["--balanced", "--count", "1", "--seed", "0", "--level", "1", "--max-draws", "1"]
    assert main(["boards", "rodeurs", *args, "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "Only 0 of 1 boards drawn (seeds 0–0) rated balanced" in error
    assert "raise --max-draws" in error
    assert not out.exists()


def _fake_games(layout: Layout, index: int, **kwargs: object) -> GameRecord:
    """Boards of seeds 1, 4, 7, … split their games evenly; the others the first player wins."""
    even = layout.seed is not None and layout.seed % 3 == 1
    winner = (W if index % 2 == 0 else B) if even else W
    return GameRecord((), winner, 0, 1, 1)


def test_the_first_balanced_seeds_are_kept_rated_printed_and_the_draws_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(balanced, "play_game", _fake_games)
    monkeypatch.setattr(balanced, "cores", lambda: 1)  # the games above are played here
    out = tmp_path / "boards"
    args = ["boards", "rodeurs", "--balanced", "--count", "2", "--seed", "0", "--out", str(out)]
    assert main(args) == 0
    said = capsys.readouterr().out
    assert "2 balanced Rôdeurs boards (seeds 1, 4) from 5 drawn (seeds 0–4)" in said
    record = json.loads((out / "boards.json").read_text())
    draw = record["balanced"]
    assert (draw["drawn"], draw["kept"], draw["games"]) == (5, 2, BALANCED_GAMES)
    assert [(r["seed"], r["games"]) for r in draw["rejected"]] == [(0, 6), (2, 6), (3, 6)]
    pdf = pdfium.PdfDocument((out / "boards.pdf").read_bytes())
    assert len(pdf) == 3
    for printed, seed in zip(record["boards"], (1, 4), strict=True):
        layout = printed["layout"]
        assert layout["seed"] == seed and layout["board"] == random_layout(seed).board.code
        rating = layout["rating"]
        assert (
            rating["games"] == BALANCED_GAMES
            and rating["first_player"]["wins"] == BALANCED_GAMES // 2
        )
        score = rating["first_player"]["score"]
        assert score["low"] >= 0.4 and score["high"] <= 0.6
        text = pdf[printed["page"] - 1].get_textpage().get_text_range()
        assert "First player scores 50%" in text and f"seed {seed}" in text
    # An existing batch is refused before any game is played; the same command, the same boards.
    assert main(args) == 2
    assert "already exist" in capsys.readouterr().err
    again = tmp_path / "again"
    assert main([*args[:-1], str(again)]) == 0
    assert (again / "boards.pdf").read_bytes() == (out / "boards.pdf").read_bytes()
    first, second = record, json.loads((again / "boards.json").read_text())
    for one in (first, second):
        one["balanced"].pop("seconds")
        for printed in one["boards"]:
            printed["layout"]["rating"]["cost"].pop("seconds")
    assert first == second
