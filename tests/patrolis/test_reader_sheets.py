"""A sheet of a Patrolis board whose own corner codes read too few to place it is placed where
the sheets beside put it: moved in the table's plane to fit the one code that reads, and then
its other codes are found there. It is taken only when two of its codes agree on its place."""

from __future__ import annotations

import pytest

from tests.patrolis.reader_checks import assert_read_exactly, read_table


@pytest.mark.slow
def test_a_sheet_with_one_corner_code_read_is_placed_beside_the_others() -> None:
    # Only the south-east corner code of sheet NE reads in the photo pass: the board was
    # refused as not whole.
    state, reading = read_table(9104, 2, 40139, "phone")
    assert {s.name for s in reading.sheets} == {"NW", "NE", "SW", "SE"}
    ne = next(s for s in reading.sheets if s.name == "NE")
    assert len(ne.corners_seen) >= 2
    assert_read_exactly(state, reading)
