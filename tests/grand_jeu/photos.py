"""Virtual-camera photos shared by the grand jeu reader, camera and referee tests, each made
once per test run (they take seconds): a kit, a position before a turn that frees, moves and
captures, the position after it, and a faulty table."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from companion.camera.grand_jeu.scene import photograph
from companion.camera.photo import write_photo
from companion.grand_jeu.reader import read_photo
from companion.grand_jeu.reading import GrandJeuReading
from generator.grand_jeu.kit import write_kit
from patrolkit.cli import main
from patrolkit.games.grand_jeu import State, apply, parse_turn_text
from tests import shared

BEFORE = (
    "2 K=3 K'=2 bonus=4 arrows=017 | S 1 b2nw h2se d3nw f3sw b4ne c5e e5e"
    " | N 1 f4s f5nw b6s h6se a7sw c7s e7n | N"
)
"""Both prisons hold a scout; North, to move, frees one, moves and captures."""
TURN = "+d7nw c7-c6 xc5"
FAULTY = (
    "2 K=3 K'=2 bonus=4 arrows=017 | S 2 b2n d8n e5e g3nw c4s f6se"
    " | N 1 a1s c7s e7n h4w g6sw b5e f3ne | ?"
)
"""South's scout on d8 and North's on a1 stand on their far rows (frozen)."""


@cache
def folder() -> Path:
    return shared.own("grand-jeu-photos")


@cache
def kit_dir() -> Path:
    out = folder() / "kit"
    write_kit(out, seed=3)
    return out


def before_state() -> State:
    return State.from_text(BEFORE)


def after_state() -> State:
    return apply(before_state(), parse_turn_text(TURN))


@cache
def before_photo() -> Path:
    """Photographed through ``patrolkit simulate grand-jeu --state``."""
    out = folder() / "before.jpg"
    code = main(
        ["simulate", "grand-jeu", "--kit", str(kit_dir()), "--state", BEFORE, "--seed", "31",
         "--out", str(out)]
    )  # fmt: skip
    assert code == 0
    return out


@cache
def after_photo() -> Path:
    out = folder() / "after.jpg"
    write_photo(photograph(kit_dir(), after_state(), preset="phone", seed=32), out)
    return out


@cache
def faulty_photo() -> Path:
    """One scout pushed across two cells, another turned between two directions."""
    out = folder() / "faulty.jpg"
    photo = photograph(
        kit_dir(), State.from_text(FAULTY), preset="phone", seed=33, across=True, between=True
    )
    write_photo(photo, out)
    return out


@cache
def reading(photo: Path) -> GrandJeuReading:
    """The photo read once per test run."""
    return read_photo(photo)


def truth(photo: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(photo.with_suffix(".json").read_text())
    return data


def assert_read_as(reading: GrandJeuReading, state: State) -> None:
    """``reading`` is ``state`` exactly: nothing unreadable, every scout on its cell facing its
    way, and every prison holding as many prisoners as the state's."""
    assert reading.unreadable == ()
    assert {cell: (s.patrol, s.direction) for cell, s in reading.scouts.items()} == {
        s.cell: (s.patrol, s.direction) for s in state.scouts
    }
    for patrol in state.options.patrols:
        held = sum(p.patrol is patrol for p in reading.prisoners)
        assert held == state.prisoners_of(patrol)
