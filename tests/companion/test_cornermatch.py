"""A corner code too small for the decoder is found by matching it with the code the kit
prints there: found where it lies, never where another corner's code or bare paper lies."""

from __future__ import annotations

import cv2
import numpy as np

from companion.cornermatch import match_corner, modules
from companion.grand_jeu.board import sheets_per_side
from companion.pose import BoardPose
from generator.qr import symbol

TEXT = "PK1:GJ:F:NW:LGMJIP:12:10:32"
OTHERS = ("PK1:GJ:F:NE:LGMJIP:12:10:32", "PK1:GJ:F:SW:LGMJIP:11:10:32")
BOX = (20.0, 20.0, 17.5, 17.5)
"""A version-2 corner code's module area, sheet mm (0.7 mm modules)."""
PX_PER_MM = 2.2
"""1.5 photo pixels a module: a messaging app's copy of a grand jeu photo."""


def _photo(text: str | None) -> tuple[np.ndarray, BoardPose]:
    """Paper with ``text``'s code in :data:`BOX` (none for ``None``), seen at
    :data:`PX_PER_MM` after a JPEG at quality 65, and the pose: 1 mm off and 1° turned from
    where the photo truly puts the sheet."""
    fine = 20  # px/mm, drawn, then shrunk
    paper = np.full((60 * fine, 60 * fine), 235, np.uint8)
    if text is not None:
        matrix = modules(text, 2)
        drawn = np.where(np.kron(matrix, np.ones((14, 14), bool)), 30, 235).astype(np.uint8)
        x, y = round(BOX[0] * fine), round(BOX[1] * fine)
        paper[y : y + drawn.shape[0], x : x + drawn.shape[1]] = drawn
    small = cv2.resize(
        paper, None, fx=PX_PER_MM / fine, fy=PX_PER_MM / fine, interpolation=cv2.INTER_AREA
    )
    _ok, jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 65])
    gray = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    turn = np.radians(1.0)
    off = np.array(
        [[np.cos(turn), -np.sin(turn), 1.0], [np.sin(turn), np.cos(turn), -1.0], [0, 0, 1]]
    )
    to_photo = np.diag([PX_PER_MM, PX_PER_MM, 1.0]) @ off
    return gray, BoardPose("x", to_photo, np.linalg.inv(to_photo), (), (), 0.0)


def test_the_matched_code_is_the_one_the_kit_prints() -> None:
    printed = np.array(symbol(TEXT, version=2, error_correction="M").modules)
    assert (modules(TEXT, 2) == printed).all()


def test_a_corner_code_at_a_pixel_and_a_half_a_module_is_found_where_it_lies() -> None:
    gray, pose = _photo(TEXT)
    found = match_corner(gray, pose, BOX, TEXT, OTHERS, 2)
    assert found is not None and found.detection.text == TEXT
    truth = np.array([[20, 20], [37.5, 20], [37.5, 37.5], [20, 37.5]]) * PX_PER_MM
    assert np.abs(found.detection.corners - truth).max() < 1.5


def test_another_corners_code_is_not_taken_for_it() -> None:
    gray, pose = _photo(OTHERS[0])
    assert match_corner(gray, pose, BOX, TEXT, OTHERS, 2) is None


def test_bare_paper_is_not_taken_for_a_corner_code() -> None:
    gray, pose = _photo(None)
    assert match_corner(gray, pose, BOX, TEXT, OTHERS, 2) is None


def test_a_ten_cell_board_is_always_two_sheets_a_side() -> None:
    assert sheets_per_side(10, [(1, 1)]) == (2,)


def test_an_eight_cell_board_seen_by_its_south_west_codes_may_be_one_sheet_or_four() -> None:
    assert sheets_per_side(8, [(1, 1), (1, 1)]) == (1, 2)
    assert sheets_per_side(8, [(1, 1), (2, 1)]) == (2,)
