"""Where the rules let a step lie on a Patrolis cell where no code reads: the photo reader asks
this before it reports a cell it cannot show bare. A track starts on the border and its steps
join edge to edge, so a step lies next to the border, a line read, or another such cell; but a
crossing laid over its own track's earlier step cuts the track's start away and leaves a loop
that no border reaches."""

from __future__ import annotations

from companion.patrolis.second_look import could_hold_steps
from generator.patrolis.terrain import generate_map
from patrolkit.games.patrolis import parse_cell

MAP = generate_map(1, size=8)


def cells(*names: str) -> set[int]:
    return {parse_cell(MAP.size, name) for name in names}


def test_inner_cells_in_a_row_that_nothing_points_into_hold_no_step() -> None:
    assert could_hold_steps(MAP, {}, cells("C4", "D4", "E4"), set()) == set()


def test_cells_joined_to_the_border_may_hold_steps() -> None:
    doubtful = cells("A4", "B4", "C4", "F6")
    assert could_hold_steps(MAP, {}, doubtful, set()) == cells("A4", "B4", "C4")


def test_four_cells_in_a_square_may_hold_a_loop_whose_start_a_crossing_cut_away() -> None:
    # A crossing on D4 over its own track, then three curves back into it (defocus 70011).
    square = cells("D4", "E4", "D5", "E5")
    assert could_hold_steps(MAP, {}, square | cells("G7"), set()) == square


def test_a_ring_round_one_bare_cell_may_hold_such_a_loop_and_what_runs_on_from_it() -> None:
    ring = cells("C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5")
    tail = cells("F5", "G5")
    assert could_hold_steps(MAP, {}, ring | tail, set()) == ring | tail
