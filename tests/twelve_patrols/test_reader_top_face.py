"""A die seen only from its side: its top face is read by matching against the faces it can still
show — never a face seen on a side, nor one opposite a side, nor another die's code — and a
camera about 45° above the horizon leaves it reported, since a side whose code went unread looks
as square there as the top face."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bench.companion_twelve_patrols import labels_of_truth, labels_read
from companion.camera.twelve_patrols.layout import random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.decode import Detection
from companion.twelve_patrols.geometry import ITEM_CODE_MM, Camera
from companion.twelve_patrols.itemmatch import modules
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.topmatch import MATCH_STAGE, faces_left, match_tops, side_only
from patrolkit.games.twelve_patrols import Item, item_payload, shipped_decks
from patrolkit.payload import encode
from tests.twelve_patrols.shipped_kits import shipped_kit

DIE = 28.0
"""A die's edge (mm): its top face stands this high."""
AT = (30.0, 40.0)
"""Where the die stands (table mm)."""


def test_the_top_face_is_none_of_the_sides_seen_nor_their_opposites() -> None:
    assert faces_left({3}) == {1, 2, 5, 6}
    assert faces_left({3, 1}) == {2, 5}
    assert faces_left({3, 4}) == {1, 2, 5, 6}  # 4 is opposite 3: the same pair of sides
    assert faces_left({1, 2, 3}) == set()


def _camera(elevation_deg: float) -> Camera:
    """A camera looking straight down from 572 mm above the die's top face, off to the die's
    near side so that it sees the die ``elevation_deg`` above the horizon; the die shows at
    about the middle of a 400 x 400 photo."""
    up = 600.0
    reach = (up - DIE) / np.tan(np.radians(elevation_deg))
    focal = 1416.0
    k = np.array([[focal, 0.0, 200.0], [0.0, focal, 200.0 - focal * reach / (up - DIE)], [0, 0, 1]])
    return Camera(k, np.eye(3), np.array([AT[0], AT[1] - reach, -up]))


def _photo(camera: Camera, top: str) -> np.ndarray:
    """The code ``top`` on the die's top face, slightly blurred, on a light table."""
    grid = modules(top)
    px, quiet = 10, 4
    drawn = np.full(((grid.shape[0] + 2 * quiet) * px,) * 2, 255, np.uint8)
    body = np.where(np.kron(grid, np.ones((px, px), dtype=bool)), 30, 255).astype(np.uint8)
    drawn[quiet * px : -quiet * px, quiet * px : -quiet * px] = body
    mm = ITEM_CODE_MM / (grid.shape[0] * px)
    half = drawn.shape[0] * mm / 2
    to_table = np.array([[mm, 0, AT[0] - half], [0, mm, AT[1] - half], [0, 0, 1.0]])
    to_photo = camera.plane(DIE) @ to_table
    photo = cv2.warpPerspective(
        drawn, to_photo, (400, 400), flags=cv2.INTER_AREA, borderValue=(235,)
    )
    return cv2.GaussianBlur(photo, (0, 0), 1.2)


def _side(camera: Camera, die: Item, yaw_deg: float = 0.0) -> tuple[Item, Detection, str]:
    """The code of ``die``'s side on the camera's side, turned ``yaw_deg`` away from facing it,
    as the decoder reads it."""
    yaw = np.radians(yaw_deg)
    across = np.array([np.cos(yaw), np.sin(yaw), 0.0])
    middle = np.array([AT[0], AT[1], -DIE / 2]) + DIE / 2 * np.array([np.sin(yaw), -np.cos(yaw), 0])
    up = np.array([0.0, 0.0, -1.0])
    half = ITEM_CODE_MM / 2
    corners = np.array(
        [middle + half * (a * across + u * up) for a, u in ((-1, 1), (1, 1), (1, -1), (-1, -1))]
    )
    return die, Detection(encode(item_payload(die)), camera.seen(corners)), "photo"


def _text(notation: str) -> str:
    return encode(item_payload(Item.parse(notation)))


def _read(camera: Camera, top: str, side: str, yaw_deg: float = 0.0) -> list[Detection]:
    """What is read on the die's top face showing ``top``, its side ``side`` seen."""
    codes = [_side(camera, Item.parse(side), yaw_deg)]
    assert list(side_only(camera, codes).values()) == [{Item.parse(side).value}]
    return match_tops(_photo(camera, top), camera, codes, [], lambda _code, _stage: True)


def test_a_top_face_the_decoder_missed_is_matched_among_the_faces_left() -> None:
    camera = _camera(70.0)
    read = _read(camera, _text("D-Y2=1"), "D-Y2=3")
    assert [d.text for d in read] == [_text("D-Y2=1")]


def test_a_top_face_showing_a_face_opposite_a_side_seen_is_not_read() -> None:
    camera = _camera(70.0)
    assert _read(camera, _text("D-Y2=1"), "D-Y2=6") == []


def test_another_items_code_where_the_top_face_should_be_is_not_read() -> None:
    camera = _camera(70.0)
    assert _read(camera, _text("D-B1=1"), "D-Y2=3") == []
    assert _read(camera, _text("Q-Y2"), "D-Y2=3") == []


def test_seen_about_45_degrees_above_the_horizon_the_top_face_is_left_unread() -> None:
    """A side whose code went unread would look as square there as the top face."""
    assert _read(_camera(46.0), _text("D-Y2=1"), "D-Y2=3", yaw_deg=35.0) == []
    assert [d.text for d in _read(_camera(52.0), _text("D-Y2=1"), "D-Y2=3")] == [_text("D-Y2=1")]


DECK = shipped_decks()["hard"].deck


@pytest.mark.slow
def test_a_die_seen_from_the_side_in_a_messaging_apps_copy_is_read_from_its_top_face() -> None:
    """Development photo 71030: the blue die 3's top code is too small for the decoder, its
    side code is read; it is read as it lies, and nothing is read wrong."""
    setup = random_setup(DECK, 71030)
    photo = photograph(shipped_kit("hard"), setup, preset="messaging", seed=71030)
    reading = read_photo(photo.jpeg)
    truth, read = labels_of_truth(setup), labels_read(reading)
    die = Item.parse("D-B3=2")
    assert any(i.item == die and i.stage == MATCH_STAGE for i in reading.items)
    assert read[die.key] == truth[die.key]
    assert all(truth[key] == label for key, label in read.items() if key in truth)
    assert not any("blue die 3" in u.reason for u in reading.unread)
