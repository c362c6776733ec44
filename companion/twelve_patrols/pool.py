"""The table round a 12 Patrols kingdom, where the unused items stand (the pool): where it shows
the detail of a code no item read accounts for (:func:`beside`), looked at again
(:func:`look_beside`), and where glare blows it out so that an item may stand there unseen
(:func:`glared_beside`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cv2
import numpy as np

from companion.decode import Decoder, Detection
from companion.twelve_patrols.geometry import Camera, Table, apply
from companion.twelve_patrols.items import (
    GLARE,
    box_round,
    decode_boxes,
    explained,
    slot_areas,
)
from companion.twelve_patrols.reading import CardReading, ItemReading, Unread
from companion.twelve_patrols.slots import blown_spots, dense_spots
from patrolkit.i18n import _

BESIDE_MM: Final = 250.0
"""How far round the cards the table is searched for items no code was read on."""
BUSY_BESIDE: Final = 0.6
"""Beside the kingdom, where there is more table to see, detail this dense is a code: a code
no item read accounts for measured 0.85 or more; the grain of a table, 0.37 at most."""
BESIDE_PX_PER_MM: Final = 3.0
"""The table round the kingdom is looked at this sharp: an item's code still shows 1.8 pixels a
module, and the whole table is rectified in half the time it takes at 4."""
EDGE_PX: Final = 60
"""The photo's edges (this many pixels) are left out of that search."""
FOREIGN_CLEAR_MM: Final = 60.0
"""Round a foreign code, its label's print is no item."""


def beside(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    white: float,
    foreign: list[np.ndarray],
) -> list[tuple[float, float]]:
    """Where the table round the kingdom (out of its open slots, which :func:`busy_slots`
    checks) shows the dense detail of a printed code that no item read, card or foreign code
    accounts for: table mm."""
    around = _around(gray, table, camera, cards, items, foreign)
    if around is None:
        return []
    polygon, covered = around
    return dense_spots(gray, table.to_photo, polygon, covered, white, BUSY_BESIDE, BESIDE_PX_PER_MM)


def glared_beside(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    foreign: list[np.ndarray],
) -> list[Unread]:
    """The table round the kingdom (out of its open slots) blown out by glare where an unused
    item may stand unseen, as unread."""
    around = _around(gray, table, camera, cards, items, foreign)
    if around is None:
        return []
    polygon, covered = around
    spots = blown_spots(gray, table.to_photo, polygon, covered)
    return [
        Unread(_(GLARE), _("beside the kingdom"), None, (float(x), float(y)))
        for x, y in (apply(table.to_photo, np.array(spots)) if spots else [])
    ]


def _around(
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    cards: list[CardReading],
    items: list[ItemReading],
    foreign: list[np.ndarray],
) -> tuple[np.ndarray, list[np.ndarray]] | None:
    """The table round the kingdom seen in the photo (table mm; ``None`` when none is) and what
    accounts for what lies there: the items read, the cards, the foreign codes' labels and the
    open slots (which :func:`busy_slots` checks)."""
    height_px, width_px = gray.shape[:2]
    m = EDGE_PX
    frame = np.array(
        [
            [m, m],
            [width_px - 1 - m, m],
            [width_px - 1 - m, height_px - 1 - m],
            [m, height_px - 1 - m],
        ]
    )
    seen = np.c_[frame, np.ones(4)] @ table.from_photo.T
    outlines = [c.outline() for c in cards]
    every = np.vstack(outlines)
    low, high = every.min(axis=0) - BESIDE_MM, every.max(axis=0) + BESIDE_MM
    around = np.array([low, [high[0], low[1]], high, [low[0], high[1]]], np.float32)
    if bool((seen[:, 2] > 0).all()):
        visible = cv2.convexHull((seen[:, :2] / seen[:, 2:3]).astype(np.float32))
        _unused, region = cv2.intersectConvexConvex(visible, cv2.convexHull(around))
        if region is None or len(region) < 3:
            return None
        polygon = region.reshape(-1, 2).astype(np.float64)
    else:
        polygon = around.astype(np.float64)
    covered = explained(camera, table, items) + [_grown(o, 3.0) for o in outlines]
    for quad in foreign:
        middle = apply(table.from_photo, quad.mean(axis=0)[None, :])[0]
        ring = np.linspace(0, 2 * np.pi, 16, endpoint=False)
        covered.append(middle + FOREIGN_CLEAR_MM * np.c_[np.cos(ring), np.sin(ring)])
    slots, _unused2, _unused3 = slot_areas(cards)
    return polygon, covered + [a.polygon for a in slots if a.open]


def _grown(polygon: np.ndarray, mm: float) -> np.ndarray:
    """A convex ``polygon`` pushed out by about ``mm`` from its middle."""
    middle = polygon.mean(axis=0)
    away = polygon - middle
    return np.asarray(middle + away * (1 + mm / np.linalg.norm(away, axis=1))[:, None])


def look_beside(
    gray: np.ndarray,
    camera: Camera,
    reader: Decoder,
    spots: list[tuple[float, float]],
    add: Callable[[Detection, str], bool],
) -> list[Detection]:
    """Decode round each of ``spots`` (table mm), rectified at the items' height."""
    return decode_boxes(gray, camera, reader, [box_round(spot) for spot in spots], add)


def unread_beside(table: Table, spots: list[tuple[float, float]]) -> list[Unread]:
    """What no code was read on beside the kingdom, as unread."""
    unread = []
    for at in apply(table.to_photo, np.array(spots)) if spots else []:
        unread.append(
            Unread(
                _("something lies there but no code on it can be read"),
                _("beside the kingdom"),
                None,
                (float(at[0]), float(at[1])),
            )
        )
    return unread
