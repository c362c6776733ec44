"""``patrolkit boards``: boards drawn on every core make the very PDF one core makes, and the
progress bar shows only on a terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.rodeurs import batch
from generator.rodeurs.command import MIX
from generator.rodeurs.layouts import random_layout
from patrolkit.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_boards_drawn_on_two_cores_are_the_same_pdf_byte_for_byte(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layouts = [random_layout(seed, mix=MIX, diagonal=seed % 3 == 0) for seed in range(30)]
    alone, alone_boards = batch.render_board_batch(layouts, workers=1)

    def no_fallback(*args: object) -> None:
        raise AssertionError("the batch fell back to one process")

    monkeypatch.setattr(batch, "_pages_here", no_fallback)
    shared, shared_boards = batch.render_board_batch(layouts, workers=2)
    assert shared == alone
    assert shared_boards == alone_boards


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["boards", "rodeurs", "--count", "3", "--out", str(tmp_path / "b.pdf")]) == 0
    assert terminal.getvalue().endswith("] 3/3\n")
    assert "boards [" in terminal.getvalue()
    assert capsys.readouterr().out.startswith("3 random Rôdeurs boards")


def test_the_progress_bar_is_quiet_off_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "patrolkit", "boards", "rodeurs", "--count", "3", "--out", "b.pdf"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == ["3 random Rôdeurs boards (seeds 0–2): b.pdf"]
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_an_existing_batch_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b.pdf"
    out.write_bytes(b"mine")
    assert main(["boards", "rodeurs", "--count", "2", "--out", str(out)]) == 2
    assert "already exists; add --force" in capsys.readouterr().err
    assert out.read_bytes() == b"mine"
