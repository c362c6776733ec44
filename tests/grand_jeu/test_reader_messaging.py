"""A table photo shared through a messaging app (shrunk to a long side of 1,600-2,048 px and
recompressed): the corner codes and the scouts' codes the decoder cannot read are matched with
the kit's own codes, so the board is found and every scout read, and nothing is made up."""

from __future__ import annotations

import pytest

from companion.camera.grand_jeu.scene import photograph
from companion.grand_jeu.reader import read_photo
from tests.grand_jeu.photos import assert_read_as, before_state, kit_dir

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", [4, 6])
def test_a_messaging_app_copy_still_finds_the_board_and_reads_every_scout(seed: int) -> None:
    # Before corner codes and scout codes were matched, seed 4's board was refused (too few
    # corner codes read) and seed 6 left a scout unreadable.
    state = before_state()
    reading = read_photo(photograph(kit_dir(), state, preset="messaging", seed=seed).jpeg)
    assert_read_as(reading, state)
