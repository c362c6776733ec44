"""How the grand jeu reader turns a scout's code into a cell and one of 8 directions, on a board
whose pose is known: every direction read, a few degrees off is still read, a code turned
between two directions or lying across two cells is reported where it is, never guessed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from companion.decode import Detection
from companion.grand_jeu.reader import _Table
from companion.grand_jeu.reading import SheetReading
from companion.pose import BoardPose
from patrolkit.games.grand_jeu import DIRECTIONS, Direction, Patrol, parse_cell
from patrolkit.payload import GrandJeuScout, encode
from patrolkit.sizes.grand_jeu import GrandJeu, GrandJeuSheet

KIT = "02ZM43"
PX_PER_MM = 4.0


def _table() -> _Table:
    """The 8 x 8 board printed on one sheet, seen square-on at 4 px/mm, 100 px in."""
    sheet = GrandJeuSheet(GrandJeu.CELL_MM, 1, 1, 8, 1, 2)
    to_photo = np.array([[PX_PER_MM, 0.0, 100.0], [0.0, PX_PER_MM, 100.0], [0.0, 0.0, 1.0]])
    pose = BoardPose(KIT, to_photo, np.linalg.inv(to_photo), (), (), 0.0)
    return _Table(KIT, 8, GrandJeu.CELL_MM, [SheetReading(sheet, pose, (), ())])


def _code(
    name: str, degrees: float, *, shift_mm: tuple[float, float] = (0.0, 0.0), number: int = 1
) -> tuple[GrandJeuScout, Detection]:
    """South's scout ``number`` on cell ``name``, its code's top turned ``degrees`` clockwise
    from north, its centre ``shift_mm`` off the cell's centre (x east, y south)."""
    c = parse_cell(name)
    column, row = c % 16, c // 16
    cx = (column + 0.5) * GrandJeu.CELL_MM + shift_mm[0]
    cy = (8 - row - 0.5) * GrandJeu.CELL_MM + shift_mm[1]
    half = GrandJeu.SCOUT_CODE_MM / 2
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    corners = []
    for x, y in ((-half, -half), (half, -half), (half, half), (-half, half)):
        corners.append((cx + x * cos - y * sin, cy + x * sin + y * cos))
    photo = np.array(corners) * PX_PER_MM + 100.0
    item = GrandJeuScout(KIT, "S", number)
    return item, Detection(encode(item), photo)


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("off", [-9.0, 0.0, 9.0])
def test_each_of_the_eight_directions_is_read_a_few_degrees_off(
    direction: Direction, off: float
) -> None:
    table = _table()
    table.place([_code("d4", direction.degrees + off)], "photo")
    read = table.scouts[parse_cell("d4")]
    assert (read.direction, read.patrol) == (direction, Patrol.SOUTH)
    assert not table.unreadable


@pytest.mark.parametrize("degrees", [22.5, 67.5, 200.0, 340.0])
def test_a_code_turned_between_two_directions_is_reported_not_guessed(degrees: float) -> None:
    table = _table()
    table.place([_code("e5", degrees)], "photo")
    assert not table.scouts
    (problem,) = table.unreadable
    assert problem.cell == parse_cell("e5")
    assert "between two directions" in problem.reason and "e5" in problem.reason


def test_a_code_lying_across_two_cells_is_reported_with_both() -> None:
    table = _table()
    table.place([_code("c3", 90.0, shift_mm=(15.0, 0.0))], "photo")
    assert not table.scouts
    (problem,) = table.unreadable
    assert "across c3 and d3" in problem.reason


def test_a_scout_a_little_off_its_cells_centre_stays_on_it() -> None:
    table = _table()
    table.place([_code("c3", 45.0, shift_mm=(2.0, -2.0))], "photo")
    assert table.scouts[parse_cell("c3")].direction.value == "ne"


def test_two_scouts_on_one_cell_are_reported() -> None:
    table = _table()
    table.place([_code("f2", 0.0), _code("f2", 90.0, shift_mm=(3.0, 3.0), number=2)], "photo")
    assert not table.scouts
    assert any("Two scouts lie on f2" in u.reason for u in table.unreadable)


def test_a_scout_of_another_kit_is_reported() -> None:
    table = _table()
    item = GrandJeuScout("ZZZZZZ", "S", 1)
    _, detection = _code("b2", 0.0)
    table.place([(item, Detection(encode(item), detection.corners))], "photo")
    assert not table.scouts
    assert "belongs to kit ZZZZZZ" in table.unreadable[0].reason


def test_a_foreign_code_and_another_games_piece_are_set_aside_and_named() -> None:
    from companion.grand_jeu.board import sort_codes
    from patrolkit.payload import PatrolisStep

    corners = np.array([[0.0, 0.0], [40.0, 0.0], [40.0, 40.0], [0.0, 40.0]])
    found = sort_codes(
        [
            Detection("HTTPS://EXAMPLE.COM/MENU", corners),
            Detection(encode(PatrolisStep("S", 1, 3)), corners + 100),
            _code("d4", 0.0)[1],
        ]
    )
    assert len(found.scouts) == 1
    assert [why for why, _ in found.foreign] == ["'HTTPS://EXAMPLE.COM/MENU'", "a Patrolis piece"]


def _at_mm(patrol: str, x: float, y: float, number: int = 1) -> tuple[GrandJeuScout, Detection]:
    """A scout's code, upright, centred on the sheet point ``(x, y)`` mm."""
    half = GrandJeu.SCOUT_CODE_MM / 2
    corners = np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half],
                        [x - half, y + half]])  # fmt: skip
    item = GrandJeuScout(KIT, patrol, number)
    return item, Detection(encode(item), corners * PX_PER_MM + 100.0)


def test_a_scout_in_its_prison_is_a_prisoner_and_one_in_another_prison_is_said() -> None:
    table = _table()
    prisons = {p.patrol: p for p in table.sheets[0].sheet.prisons}
    x, y, w, h = prisons["S"].slots[0]
    x2, y2, _, _ = prisons["S"].slots[1]
    table.place([_at_mm("S", x + w / 2, y + h / 2), _at_mm("N", x2 + w / 2, y2 + h / 2)], "photo")
    assert sorted(p.patrol.letter for p in table.prisoners) == ["N", "S"]
    assert not table.unreadable
    assert table.problems == [
        "The North scout 1 lies in South's prison; it was counted as a prisoner of North."
    ]


def test_a_scout_neither_on_the_board_nor_in_a_prison_is_reported() -> None:
    table = _table()
    table.place([_at_mm("S", 600.0, 40.0)], "photo")
    assert not table.scouts and not table.prisoners
    assert "off the board and outside every prison" in table.unreadable[0].reason
