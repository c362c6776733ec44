"""Items whose codes the decoder missed, matched among the kit's codes: beside the kingdom where
their detail lies, and two side by side in one slot."""

from __future__ import annotations

import cv2
import numpy as np

from companion.decode import Detection
from companion.twelve_patrols.geometry import ITEM_CODE_MM, Camera, Table, apply, height
from companion.twelve_patrols.itemmatch import (
    MATCH_STAGE,
    match_beside,
    match_item,
    modules,
)
from patrolkit.games.twelve_patrols import Item, item_payload
from patrolkit.payload import encode

CAMERA = Camera(
    np.array([[1416.0, 0.0, 240.0], [0.0, 1416.0, 200.0], [0.0, 0.0, 1.0]]),
    np.eye(3),
    np.array([60.0, 40.0, -400.0]),
)
"""Straight down from 400 mm over table (60, 40) mm: about 3.5 px/mm, 2.3 px a module."""
TABLE = Table(CAMERA.plane(0.0), (), 0.0)


def _photo(items: list[tuple[Item, float, tuple[float, float]]], blur: float) -> np.ndarray:
    """A grey table with each item's top-face code (item, turn in degrees, centre in table mm)
    at the item's height, blurred by ``blur`` pixels."""
    photo = np.full((400, 480), 235, np.uint8)
    for item, turn_deg, (x, y) in items:
        grid = modules(encode(item_payload(item)))
        px, quiet = 10, 4
        drawn = np.full(((grid.shape[0] + 2 * quiet) * px,) * 2, 255, np.uint8)
        body = np.where(np.kron(grid, np.ones((px, px), dtype=bool)), 30, 255)
        drawn[quiet * px : -quiet * px, quiet * px : -quiet * px] = body.astype(np.uint8)
        mm = ITEM_CODE_MM / (grid.shape[0] * px)
        half = drawn.shape[0] * mm / 2
        c, s = np.cos(np.radians(turn_deg)), np.sin(np.radians(turn_deg))
        to_table = np.array(
            [
                [c * mm, -s * mm, x - c * half + s * half],
                [s * mm, c * mm, y - s * half - c * half],
                [0.0, 0.0, 1.0],
            ]
        )
        cv2.warpPerspective(
            drawn,
            CAMERA.plane(height(item)) @ to_table,
            (480, 400),
            dst=photo,
            flags=cv2.INTER_AREA,
            borderMode=cv2.BORDER_TRANSPARENT,
        )
    return cv2.GaussianBlur(photo, (0, 0), blur)


def _spot(item: Item, at: tuple[float, float]) -> tuple[float, float]:
    """Where the detail of ``item``'s top code, centred over ``at``, falls on the table."""
    photo = apply(CAMERA.plane(height(item)), np.array([at]))
    x, y = TABLE.table_points(photo)[0]
    return float(x), float(y)


DIE = Item.parse("D-Y2=3")
CUBE = Item.parse("Q-W3")


class _Added:
    """The detections handed over as read, with their stage."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def __call__(self, detection: Detection, stage: str) -> bool:
        self.calls.append((detection.text, stage))
        return True


def test_an_unused_item_beside_the_kingdom_is_matched_where_its_detail_lies() -> None:
    gray = _photo([(DIE, 37.0, (100.0, 40.0))], 1.2)
    spot = _spot(DIE, (100.0, 40.0))
    near = (spot[0] + 4.0, spot[1])  # the same code's detail, split in two patches
    added, read = _Added(), set[tuple[object, ...]]()
    found = match_beside(gray, TABLE, CAMERA, [], [spot, near], added, read)
    assert [d.text for d in found] == [encode(item_payload(DIE))]
    assert added.calls == [(encode(item_payload(DIE)), MATCH_STAGE)]
    assert read == {DIE.key}
    middle = CAMERA.on_plane(found[0].centre[None, :], height(DIE))[0]
    assert np.hypot(*(middle - (100.0, 40.0))) < 1.0


def test_an_item_read_elsewhere_or_bare_table_is_not_matched_beside_the_kingdom() -> None:
    gray = _photo([(DIE, 37.0, (100.0, 40.0))], 1.2)
    added = _Added()
    spot = _spot(DIE, (100.0, 40.0))
    assert match_beside(gray, TABLE, CAMERA, [], [spot], added, {DIE.key}) == []
    assert match_beside(gray, TABLE, CAMERA, [], [(20.0, 70.0)], added, set()) == []
    assert added.calls == []


def test_two_items_side_by_side_in_a_slot_are_each_matched_not_each_others_rival() -> None:
    gray = _photo([(CUBE, 10.0, (45.0, 40.0)), (DIE, -20.0, (77.0, 40.0))], 1.0)
    slot = np.array([[30.0, 25.0], [92.0, 25.0], [92.0, 55.0], [30.0, 55.0]])
    at = {encode(item_payload(CUBE)): (45.0, 40.0), encode(item_payload(DIE)): (77.0, 40.0)}
    first = match_item(gray, CAMERA, slot, [], set())
    assert first is not None and first.text in at
    item = CUBE if first.text == encode(item_payload(CUBE)) else DIE
    second = match_item(gray, CAMERA, slot, [at[first.text]], {item.key})
    assert second is not None and {first.text, second.text} == set(at)
