"""Folded dice and cubes on a 12 Patrols table, for the virtual camera: the face on top, and
the solid drawn into the photo, its sides that face the camera included."""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.camera.lens import Aim, Array, Image
from companion.camera.twelve_patrols.kit import KitCut
from companion.camera.twelve_patrols.layout import (
    LaidItem,
    edge_mm,
)
from patrolkit.games.twelve_patrols import (
    Item,
)

_OPPOSITE = {1: 6, 6: 1, 2: 5, 5: 2, 3: 4, 4: 3}
"""Opposite faces of the kit's folded die (its net: 1 in the middle, 2 above, 3 left, 4 right,
5 below, 6 at the foot)."""


def top_face(kit: KitCut, item: Item, seed: int) -> tuple[Image, list[Image], tuple[float, float]]:
    """The face on top of ``item``, its four side faces (north, east, south, west) and where the
    top face's code starts."""
    colour, serial = item.colour.value, item.serial
    if item.is_die:
        assert item.value is not None
        top = kit.die_faces[(colour, serial, item.value)]
        sides = [
            kit.die_faces[(colour, serial, v)]
            for v in range(1, 7)
            if v not in (item.value, _OPPOSITE[item.value])
        ]
        return top, sides, kit.die_qr
    faces = kit.cube_faces[(colour, serial)]
    k = int(np.random.default_rng([seed, serial, ord(colour)]).integers(0, len(faces)))
    return faces[k], [faces[(k + j) % len(faces)] for j in range(1, 5)], kit.cube_qr


def draw_solid(
    optical: Image, kit: KitCut, item: LaidItem, view: Aim, away: Array, seed: int
) -> None:
    """Draw ``item`` as seen: its sides that face the camera, shaded, then its top face."""
    e = edge_mm(item.item)
    top3, foot3 = item.corners(e), item.corners(0.0)
    image, sides, _ = top_face(kit, item.item, seed)
    middle = top3[:, :2].mean(axis=0)
    for k in range(4):
        j = (k + 1) % 4
        face = np.array([top3[j], top3[k], foot3[k], foot3[j]])
        outward = face[:, :2].mean(axis=0) - middle
        outward /= max(float(np.linalg.norm(outward)), 1e-9)
        towards = view.centre - face.mean(axis=0)
        if float(outward @ towards[:2]) <= 0.0:
            continue
        shade = 0.74 - 0.16 * float(outward @ away)
        _face(optical, sides[k], project3(view, face), shade)
    _face(optical, image, project3(view, top3), 1.0)


def project3(view: Aim, points: Array) -> Array:
    """Table points (x, y, z; z < 0 above the table) to photo pixels."""
    seen = (view.camera @ view.rotation @ (np.asarray(points, np.float64) - view.centre).T).T
    return np.asarray(seen[:, :2] / seen[:, 2:3])


def _face(optical: Image, image: Image, corners: Array, shade: float) -> None:
    """Draw ``image`` onto ``optical`` with its corners at ``corners`` (photo pixels)."""
    rows, cols = image.shape[:2]
    source = np.array(
        [[-0.5, -0.5], [cols - 0.5, -0.5], [cols - 0.5, rows - 0.5], [-0.5, rows - 0.5]],
        np.float32,
    )
    x0 = max(math.floor(corners[:, 0].min()) - 2, 0)
    y0 = max(math.floor(corners[:, 1].min()) - 2, 0)
    x1 = min(math.ceil(corners[:, 0].max()) + 3, optical.shape[1])
    y1 = min(math.ceil(corners[:, 1].max()) + 3, optical.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    m = cv2.getPerspectiveTransform(source, (corners - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    front = cv2.warpPerspective(image, m, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((rows, cols), 255, np.uint8), m, size)
    if shade != 1.0:
        front = cv2.convertScaleAbs(front, alpha=shade)
    weight = mask.astype(np.float32) * np.float32(1 / 255)
    roi = optical[y0:y1, x0:x1]
    optical[y0:y1, x0:x1] = cv2.blendLinear(front, roi, weight, 1 - weight)
