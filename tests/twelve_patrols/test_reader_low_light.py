"""A 12 Patrols table photographed in a dim room: the sensor's grain is no code, so the table round
the kingdom is not reported as full of unread things, and the kingdom reads back exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import score_verdict
from generator.twelve_patrols.kit import write_kit
from patrolkit.games.twelve_patrols import shipped_decks

DECK = shipped_decks()["easy"].deck


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder: Path = tmp_path_factory.mktemp("kit")
    write_kit(DECK, folder)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("seed", [900, 902])
def test_a_dim_rooms_photo_reads_back_exactly(kit: Path, seed: int) -> None:
    setup = random_setup(DECK, seed)
    verdict = score_verdict(read_photo(photograph(kit, setup, preset="low-light", seed=seed).jpeg))
    assert verdict["unreadable"] == []
    assert verdict["judged"]
    assert verdict["state"] == setup.kingdom.text
