"""Cards that do not lie flat (each lifted 2 to 6 mm towards one edge): the camera fitted to
their codes is a little off there, yet an item that is read covers its whole outline, so a slot
whose items are all read is never said to hold something more."""

from __future__ import annotations

import pytest

from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import score_verdict
from patrolkit.games.twelve_patrols import DIFFICULTIES, shipped_decks
from tests.twelve_patrols.shipped_kits import shipped_kit


@pytest.mark.slow
@pytest.mark.parametrize("seed", [70028, 70035])
def test_a_curled_table_whose_items_are_all_read_is_judged_as_it_lies(seed: int) -> None:
    # Both once showed a die's or a cube's side face just outside its outline (grown 1.5 mm),
    # and its slot was said to hold "something" no code explains.
    difficulty = DIFFICULTIES[seed % len(DIFFICULTIES)]
    setup = random_setup(shipped_decks()[difficulty].deck, seed)
    reading = read_photo(photograph(shipped_kit(difficulty), setup, preset="curl", seed=seed).jpeg)
    assert reading.unread == ()
    verdict = score_verdict(reading)
    assert verdict["judged"] is True
    assert verdict["state"] == setup.kingdom.text
