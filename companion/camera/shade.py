"""The light of the real-world effects on the board: a hard shadow across it and a saturated
glare spot on it, both placed from the board's corners in the photo."""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np

from companion.camera.effects import Glare, HardShadow
from companion.camera.lens import Array, Image, project

_SAMPLES = 160
"""The board is sampled on this many points a side to measure what a shadow covers."""
_MARGIN = 0.3
"""A shadow's polygon reaches this far beyond the board (fraction of its size), no farther."""


def _clip(polygon: list[Array], normal: Array, level: float) -> list[Array]:
    """The part of a convex ``polygon`` where ``point · normal >= level``."""
    out: list[Array] = []
    for k, here in enumerate(polygon):
        ahead = polygon[(k + 1) % len(polygon)]
        a, b = float(here @ normal) - level, float(ahead @ normal) - level
        if a >= 0:
            out.append(here)
        if (a >= 0) != (b >= 0):
            out.append(here + (ahead - here) * (a / (a - b)))
    return out


Box = tuple[float, float, float, float]
"""The board's bounds in table mm: left, top, right, bottom."""


def shadow_polygon(effect: HardShadow, board: Box) -> tuple[Array, float]:
    """The shadow's polygon (table mm) over the ``board``, and the share of the board it
    covers (measured on a grid of the board's points)."""
    x0, y0, x1, y1 = board
    w, h = x1 - x0, y1 - y0
    a = math.radians(effect.angle_deg)
    normal = np.array([math.cos(a), math.sin(a)])
    fx, fy = np.meshgrid(
        x0 + (np.arange(_SAMPLES) + 0.5) / _SAMPLES * w,
        y0 + (np.arange(_SAMPLES) + 0.5) / _SAMPLES * h,
    )
    along = np.sort(np.column_stack((fx.ravel(), fy.ravel())) @ normal)
    if effect.band:
        first = effect.place * (1.0 - effect.cover)
        low = float(np.quantile(along, first))
        high = float(np.quantile(along, first + effect.cover))
    else:
        low, high = float(np.quantile(along, 1.0 - effect.cover)), math.inf
    mx, my = _MARGIN * w, _MARGIN * h
    polygon = [
        np.array(p, np.float64)
        for p in ((x0 - mx, y0 - my), (x1 + mx, y0 - my), (x1 + mx, y1 + my), (x0 - mx, y1 + my))
    ]
    polygon = _clip(polygon, normal, low)
    if math.isfinite(high):
        polygon = _clip(polygon, -normal, -high)
    covered = float(((along >= low) & (along <= high)).mean())
    return np.array(polygon), covered


def cast_shadow(image: Image, polygon_px: Array, darkness: float, soft_px: float) -> Image:
    """``image`` darker by ``darkness`` inside ``polygon_px`` (photo px), the edge blurred by a
    Gaussian of ``soft_px`` (none under 0.05 px)."""
    height, width = image.shape[:2]
    mask: Array = np.zeros((height, width), np.float32)
    cv2.fillPoly(mask, [np.round(polygon_px * 16).astype(np.int32)], 1.0, cv2.LINE_AA, shift=4)
    if soft_px >= 0.05:
        mask = np.asarray(cv2.GaussianBlur(mask, (0, 0), soft_px))
    light = 1.0 - darkness * mask
    out = image.astype(np.float32) * light[..., None]
    return np.asarray(np.clip(np.round(out), 0, 255).astype(np.uint8))


def board_width_px(h: Array, board: Box) -> float:
    """The board's width as seen: the mean length of its top and bottom edges (photo px)."""
    x0, y0, x1, y1 = board
    c = project(h, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))
    return float((np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2)


def glare_spot(image: Image, effect: Glare, h: Array, board: Box) -> tuple[Image, dict[str, Any]]:
    """``image`` with the glare spot saturated to white in its core and fading out to
    ``effect.reach`` times the core's size; and where it is: its centre and radii (photo px)."""
    height, width = image.shape[:2]
    bx0, by0, bx1, by1 = board
    at = [bx0 + effect.at[0] * (bx1 - bx0), by0 + effect.at[1] * (by1 - by0)]
    cx, cy = project(h, np.array([at]))[0]
    major = effect.size * board_width_px(h, board) / 2
    minor = major * effect.aspect
    reach = major * effect.reach
    x0, x1 = max(int(cx - reach) - 1, 0), min(int(cx + reach) + 2, width)
    y0, y1 = max(int(cy - reach) - 1, 0), min(int(cy + reach) + 2, height)
    out = image.copy()
    if x1 > x0 and y1 > y0:
        gx, gy = np.meshgrid(np.arange(x0, x1) - cx, np.arange(y0, y1) - cy, indexing="xy")
        c, s = math.cos(math.radians(effect.angle_deg)), math.sin(math.radians(effect.angle_deg))
        r = np.hypot((gx * c + gy * s) / major, (-gx * s + gy * c) / minor)
        t = np.clip((effect.reach - r) / (effect.reach - 1.0), 0.0, 1.0)
        g = (t * t * (3 - 2 * t))[..., None]  # 1 in the core, smoothly 0 at the reach
        patch = out[y0:y1, x0:x1].astype(np.float32)
        out[y0:y1, x0:x1] = np.round(patch * (1 - g) + 255.0 * g).astype(np.uint8)
    where = {
        "centre_px": [round(float(cx), 2), round(float(cy), 2)],
        "radii_px": [round(major, 2), round(minor, 2)],
    }
    return out, where
