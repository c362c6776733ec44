"""Where a board's paper lies in a photo, from its outline alone: for a photo too blurred for
the decoder to read a single corner code.

A hand's shake or a missed focus smears a code's modules into grey, yet the sheets of a board
still stand out as one light quadrilateral on the darker table, and a smear of a few pixels
moves the middle of an edge not at all. The photo is looked at small (its long side
:data:`WORK_PX`), the light paper parted from the table by its whiteness at a few levels from
Otsu's up, and the large light regions kept; their four sides are fitted as straight lines to
the region's edge away from the corners (a pawn or piece near the rim bites into a corner before
it bites into a side) and met at the corners (:func:`paper_outlines`).

The outline gives the board's place up to a quarter turn and up to how exactly the sheets were
cut and laid, a few millimetres: the reader then matches the corner codes the kit prints where
each quarter turn puts them (:func:`companion.sheets.locate_by_outline`), and only a turn whose
codes match says where the board is.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from companion.pose import phone_camera

WORK_PX: Final = 1000
"""The long side of the small copy the outline is looked for in."""
SHAPE: Final = 0.12
"""How far from square (the cosine of the angle between its axes) and from its proportions
(log of the ratio) the pose an outline gives may put a board's rim: an outline cut from the
paper by a dark row of pieces, or a lit table with it, is far off both."""
PART_SHARE: Final = 0.002
"""A light region of at least this share of the photo is a part of the paper, when the parts
are taken together."""
EDGE_LEVELS: Final = (10.0, 30.0)
"""Canny's thresholds for the sharp edges cut out of the light regions."""
SAME_PX: Final = 10
"""Outlines whose corners all lie this close (px of the small copy, about 5 mm of a board seen
whole) are one: the largest is kept."""
LEVELS: Final = 6
"""Light levels tried, from Otsu's to nine tenths of the lightest paper's: a lit table passes
the first, a shaded paper's far side fails the last; the largest quadrilateral is kept."""
BORDER_PX: Final = 3
"""A quadrilateral's corners must lie this far inside the small copy (a region running off the
photo is the table, or a board not wholly in view)."""
MIN_SHARE: Final = 0.04
"""The light region must cover at least this share of the photo."""
MIN_FILL: Final = 0.9
"""...and its hull at least this share of the quadrilateral its sides make (a light table, or
two sheets apart, make no such quadrilateral)."""
MIN_EDGE_SHARE: Final = 0.3
"""A side is fitted to its edge points when they are at least this many per pixel of its length
(standing pieces leaning over the rim may hide the paper's edge); otherwise it is the straight
line between the two corners the region's hull gives."""
SIDE_MIDDLE: Final = 0.7
"""The middle share of each side whose edge points are fitted."""
NEAR_SIDE: Final = 0.03
"""Edge points further than this share of the side's length from the side are left out."""


def paper_outlines(image: np.ndarray) -> list[np.ndarray]:
    """The light quadrilaterals wholly in ``image`` (colour or grey) that may be a board's
    paper, the largest first: each the corners (photo px, ``(4, 2)``, clockwise as the photo
    shows them, the top-left most first) of the light regions at one light level — the
    largest, or all the large ones together (codes and pieces break the paper's margin into
    parts) — with or without the sharp edges cut out (where a lit table meets the paper)."""
    height, width = image.shape[:2]
    scale = WORK_PX / max(height, width)
    white = _whiteness(image) if image.ndim == 3 else image
    small = cv2.resize(white, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    smooth = cv2.GaussianBlur(small, (0, 0), 2.0)
    otsu, _light = cv2.threshold(smooth, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    top = float(np.percentile(smooth, 99))
    edges = cv2.dilate(cv2.Canny(smooth, *EDGE_LEVELS), np.ones((3, 3), np.uint8)) > 0
    found: list[np.ndarray] = []
    for level in np.linspace(otsu, max(otsu, 0.9 * top), LEVELS):
        light = smooth >= level
        for regions in (light, light & ~edges):
            for corners in _quadrilaterals(regions):
                if not any(np.abs(corners - f).max() < SAME_PX for f in found):
                    found.append(corners)
    found.sort(key=lambda c: -cv2.contourArea(c.astype(np.float32)))
    return [corners / scale for corners in found]


def _whiteness(image: np.ndarray) -> np.ndarray:
    """How white each pixel is: its darkest channel less its spread of colour (paper is light
    in every channel alike; a lit wooden or beige table is light, but coloured)."""
    blue, green, red = cv2.split(image)
    low = cv2.min(cv2.min(blue, green), red)
    high = cv2.max(cv2.max(blue, green), red)
    return cv2.addWeighted(low, 2.0, high, -1.0, 0.0)  # saturated to 0..255: exact


def seen_as(rim: np.ndarray, outline: np.ndarray, size: tuple[int, int]) -> bool:
    """Whether ``outline`` (photo px) can be the rectangle ``rim`` (mm, its corners in the same
    order) seen through a phone's camera (:func:`~companion.pose.phone_camera`) in a photo of
    ``size`` (width, height): the pose it gives keeps the rectangle's axes square and its sides
    in their proportion, within :data:`SHAPE`."""
    camera = phone_camera(*size)
    h = cv2.getPerspectiveTransform(rim.astype(np.float32), outline.astype(np.float32))
    m = np.linalg.solve(camera, h.astype(np.float64))
    across, down = m[:, 0], m[:, 1]
    square = abs(across @ down) / (np.linalg.norm(across) * np.linalg.norm(down))
    proportion = np.linalg.norm(across) / np.linalg.norm(down)
    return bool(square < SHAPE and abs(np.log(proportion)) < SHAPE)


def _quadrilaterals(light: np.ndarray) -> list[np.ndarray]:
    """The corners of the largest region of ``light``, and of its large regions together,
    each when it is a quadrilateral wholly in the picture."""
    mask = cv2.morphologyEx(light.astype(np.uint8) * 255, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return []
    hulls = [cv2.convexHull(c) for c in contours]
    areas = [cv2.contourArea(h) for h in hulls]
    largest = int(np.argmax(areas))  # by its hull: the rim may be broken
    large = [i for i, area in enumerate(areas) if area >= PART_SHARE * mask.size]
    found = []
    for parts in ([largest], large):
        if not parts:
            continue
        edge = np.vstack([contours[i].reshape(-1, 2) for i in parts])
        corners = _quadrilateral(edge, mask.shape)
        if corners is not None:
            found.append(_clockwise(corners))
    return found


def _quadrilateral(edge: np.ndarray, shape: tuple[int, ...]) -> np.ndarray | None:
    """The corners of the quadrilateral the light region with ``edge`` (its points, px) makes,
    when it is one, large, and wholly in a picture of ``shape``; ``None`` otherwise."""
    hull = cv2.convexHull(edge.astype(np.int32))
    area = cv2.contourArea(hull)
    if area < MIN_SHARE * shape[0] * shape[1]:
        return None
    rough = _four_corners(hull)
    if rough is None:
        return None
    corners = _fitted(edge.astype(np.float64), rough)
    if corners is None or area < MIN_FILL * cv2.contourArea(corners.astype(np.float32)):
        return None
    height, width = shape[:2]
    inside = (corners >= BORDER_PX).all() and (
        corners < [width - BORDER_PX, height - BORDER_PX]
    ).all()
    return corners if inside else None


def _four_corners(hull: np.ndarray) -> np.ndarray | None:
    """The hull simplified to four corners, or ``None`` if no tolerance gives four."""
    length = cv2.arcLength(hull, True)
    for share in (0.01, 0.02, 0.03, 0.05, 0.08):
        simple = cv2.approxPolyDP(hull, share * length, True)
        if len(simple) == 4:
            return simple.reshape(4, 2).astype(np.float64)
        if len(simple) < 4:
            return None
    return None


def _fitted(edge: np.ndarray, rough: np.ndarray) -> np.ndarray | None:
    """The corners where the straight lines fitted to the middle of each side of ``rough``
    (through the ``edge`` points near it) meet."""
    lines = []
    for a, b in zip(rough, np.roll(rough, -1, axis=0), strict=True):
        along = b - a
        length = float(np.linalg.norm(along))
        if length < 10:
            return None
        unit = along / length
        normal = np.array([-unit[1], unit[0]])
        offset = edge - a
        t = offset @ unit / length
        d = np.abs(offset @ normal)
        near = edge[(np.abs(t - 0.5) <= SIDE_MIDDLE / 2) & (d <= NEAR_SIDE * length)]
        if len(near) < MIN_EDGE_SHARE * length:  # pieces standing on the rim hide the edge:
            lines.append((a, unit))  # the side runs from corner to corner
            continue
        vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append((np.array([x0[0], y0[0]]), np.array([vx[0], vy[0]])))
    corners = []
    for index, (q, v) in enumerate(lines):
        p, u = lines[index - 1]  # the side before: corner ``index`` is where the two meet
        matrix = np.column_stack((u, -v)).astype(np.float64)
        if abs(np.linalg.det(matrix)) < 1e-6:
            return None
        s, _t = np.linalg.solve(matrix, (q - p).astype(np.float64))
        corners.append(p + s * u)
    return np.array(corners, np.float64)


def _clockwise(corners: np.ndarray) -> np.ndarray:
    """``corners`` in clockwise order as the photo shows them (y down), the one nearest the
    photo's top-left first."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    ordered = corners[np.argsort(angles)]
    first = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -first, axis=0)
