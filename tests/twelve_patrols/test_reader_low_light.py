"""A 12 Patrols table photographed in a dim room: the sensor's grain is no code, so the table round
the kingdom is not reported as full of unread things, and the kingdom reads back exactly; but a
code the grain half drowns still shows that something stands in its slot."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.items import BUSY_SLOT
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.slots import busy
from companion.twelve_patrols.verdict import score_verdict
from patrolkit.games.twelve_patrols import shipped_decks
from tests.twelve_patrols.shipped_kits import shipped_kit
from tests.twelve_patrols.test_reader_shadow import PX_PER_MM, SLOT, TABLE

DECK = shipped_decks()["easy"].deck


@pytest.mark.slow
@pytest.mark.parametrize("seed", [900, 902])
def test_a_dim_rooms_photo_reads_back_exactly(seed: int) -> None:
    setup = random_setup(DECK, seed)
    photo = photograph(shipped_kit("easy"), setup, preset="low-light", seed=seed)
    verdict = score_verdict(read_photo(photo.jpeg))
    assert verdict["unreadable"] == []
    assert verdict["judged"]
    assert verdict["state"] == setup.kingdom.text


def _dim_slot(code_contrast: float, seed: int = 3) -> np.ndarray:
    """The open slot of :mod:`test_reader_shadow` in a dim room: dark table with a strong grain,
    and a code of ``code_contrast`` grey levels (0: none) on an item's pale top in the slot."""
    rng = np.random.default_rng(seed)
    gray = rng.normal(60.0, 14.0, (round(260 * PX_PER_MM), round(240 * PX_PER_MM)))
    if code_contrast:
        modules = np.random.default_rng(7).random((25, 25)) < 0.5
        side = round(12 * PX_PER_MM)
        code = np.where(modules, -code_contrast / 2, code_contrast / 2).astype(np.float32)
        code = cv2.GaussianBlur(cv2.resize(code, (side, side), interpolation=0), (0, 0), 1.0)
        top, left = round(94 * PX_PER_MM), round(20 * PX_PER_MM)
        gray[top : top + side, left : left + side] += 50 + code
    return np.clip(gray, 0, 255).astype(np.uint8)


def test_in_a_dim_room_a_slot_holding_an_unread_code_is_still_busy() -> None:
    """The grain raises the bar of a sharp pixel (here 2.1 times the edge level) and drowns part
    of the code's detail with the table's: counted as it is, this code filled 0.28 of a window
    and its slot passed for bare, its item left out unseen."""
    assert busy(_dim_slot(90.0), TABLE.to_photo, SLOT, [], 220.0) >= BUSY_SLOT
    assert busy(_dim_slot(0.0), TABLE.to_photo, SLOT, [], 220.0) < BUSY_SLOT / 4
