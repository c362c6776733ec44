"""A glare spot on a grand jeu table: a scout or a prisoner whose code it hides is reported
where it lies ("glare hides f7"), never read as an empty cell or an empty prison slot."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.grand_jeu.reader import read_photo
from patrolkit.games.grand_jeu import parse_cell
from tests.grand_jeu import photos
from tests.photo_damage import glare_over, save

pytestmark = pytest.mark.slow


def test_a_scout_under_a_glare_spot_is_reported_where_it_lies_not_read_as_empty(
    tmp_path: Path,
) -> None:
    truth = photos.truth(photos.before_photo())
    hidden = truth["scouts"][3]
    image = glare_over(cv2.imread(str(photos.before_photo())), hidden["code_corners_px"])
    reading = read_photo(save(image, tmp_path / "glare.jpg"))
    where = parse_cell(hidden["cell"])
    assert where not in reading.scouts
    glare = [u for u in reading.unreadable if u.cell == where]
    assert glare and glare[0].reason.startswith(f"Glare hides {hidden['cell']}")
    assert reading.state is None
    others = {parse_cell(s["cell"]) for s in truth["scouts"]} - {where}
    assert all(c in reading.scouts or c in {u.cell for u in reading.unreadable} for c in others)


def test_a_prisoner_under_a_glare_spot_is_reported_not_left_out_of_the_count(
    tmp_path: Path,
) -> None:
    truth = photos.truth(photos.before_photo())
    hidden = truth["prisoners"][0]
    image = glare_over(cv2.imread(str(photos.before_photo())), hidden["code_corners_px"])
    reading = read_photo(save(image, tmp_path / "glare.jpg"))
    counted = [p.patrol.letter for p in reading.prisoners]
    assert counted.count(hidden["patrol"]) == 0
    slot = [u for u in reading.unreadable if u.cell is None]
    assert slot and slot[0].reason.startswith("Glare hides a slot of")
    assert reading.state is None
