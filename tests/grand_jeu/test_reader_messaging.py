"""A table photo shared through a messaging app (shrunk to a long side of 1,600-2,048 px and
recompressed): the corner codes and the scouts' codes the decoder cannot read are matched with
the kit's own codes, so the board is found and every scout read, and nothing is made up. When
too few corner codes read to place any sheet, the codes read still name the kit, and the board is
found by its paper's outline."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.grand_jeu.kit import grand_jeu_kit_raster
from companion.camera.grand_jeu.positions import kit_options, mid_game
from companion.camera.grand_jeu.scene import photograph
from companion.grand_jeu.reader import read_photo
from generator.grand_jeu.kit import write_kit
from tests.grand_jeu.photos import assert_read_as, before_state, kit_dir

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", [4, 6])
def test_a_messaging_app_copy_still_finds_the_board_and_reads_every_scout(seed: int) -> None:
    # Before corner codes and scout codes were matched, seed 4's board was refused (too few
    # corner codes read) and seed 6 left a scout unreadable.
    state = before_state()
    reading = read_photo(photograph(kit_dir(), state, preset="messaging", seed=seed).jpeg)
    assert_read_as(reading, state)


def test_a_board_with_one_corner_code_read_on_two_sheets_is_found_by_its_outline(
    tmp_path: Path,
) -> None:
    # A 10 x 10 board on A3 sheets, far from the phone: one corner code of each south sheet
    # reads, none of the north sheets'. It was refused as not whole; its paper's outline, the
    # prisons' margins included, places the south sheets by three codes matched each, and
    # those place the north sheets.
    write_kit(tmp_path, seed=11, paper="a3", players=3, force=True)
    state = mid_game(kit_options(grand_jeu_kit_raster(tmp_path).players, "017"), 70025)
    reading = read_photo(photograph(tmp_path, state, preset="messaging", seed=70025).jpeg)
    assert len(reading.sheets) == 4
    assert_read_as(reading, state)
