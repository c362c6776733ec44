"""A board's paper found by its outline on a photo too shaken to read a code: its corners where
the edges meet, a lit table or a strip of the paper never taken for it."""

from __future__ import annotations

import numpy as np

from companion.outline import paper_outlines, seen_as
from tests.companion.paper import RIM, SIZE, photo, seen


def test_the_outline_of_a_shaken_board_is_found_within_a_few_pixels() -> None:
    corners = seen(30.0, 20.0)
    outlines = paper_outlines(photo(corners))

    assert outlines
    found = outlines[0]
    start = int(np.argmin(np.linalg.norm(corners - found[0], axis=1)))
    assert np.abs(np.roll(corners, -start, axis=0) - found).max() < 6.0
    assert seen_as(RIM, np.roll(corners, -start, axis=0), SIZE)


def test_half_of_the_board_is_not_its_paper() -> None:
    nw, ne, se, sw = seen(30.0, 20.0)
    half = np.array([nw, (nw + ne) / 2, (sw + se) / 2, sw])  # a row of pieces cut it there
    assert not seen_as(RIM, half, SIZE)


def test_a_table_with_no_paper_shows_no_outline() -> None:
    width, height = SIZE
    rng = np.random.default_rng(4)
    table = np.clip(np.array([60, 90, 140]) + rng.normal(0, 12, (height, width, 3)), 0, 255)
    assert paper_outlines(table.astype(np.uint8)) == []
