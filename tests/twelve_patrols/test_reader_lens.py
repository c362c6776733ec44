"""A phone's wide-angle lens bows the kingdom: near the photo's edges a die's top face looks a
tenth smaller than the cards in the middle say, and was taken for a side face. The lens is found
from the cards' codes and taken out before the items are read."""

from __future__ import annotations

import pytest

from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import score_verdict
from patrolkit.games.twelve_patrols import shipped_decks
from tests.twelve_patrols.shipped_kits import shipped_kit

DECK = shipped_decks()["easy"].deck


@pytest.mark.slow
@pytest.mark.parametrize("seed", [906, 922])
def test_a_wide_angle_photo_reads_back_exactly(seed: int) -> None:
    """Both photos (lens strength -0.125 and -0.119) left dice unread before the lens was taken
    out."""
    setup = random_setup(DECK, seed)
    reading = read_photo(photograph(shipped_kit("easy"), setup, preset="barrel", seed=seed).jpeg)
    assert reading.lens is not None and -0.15 <= reading.lens.k <= -0.06
    verdict = score_verdict(reading)
    assert verdict["unreadable"] == []
    assert verdict["judged"]
    assert verdict["state"] == setup.kingdom.text


@pytest.mark.slow
def test_a_photo_through_a_perfect_lens_is_read_as_it_is() -> None:
    setup = random_setup(DECK, 906)
    photo = photograph(shipped_kit("easy"), setup, preset="phone", seed=906)
    assert read_photo(photo.jpeg).lens is None
