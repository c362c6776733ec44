"""The virtual camera's table: its top, and the maps between table millimetres and rasters.

Everything the camera draws lies on rasters of the table plane whose pixels map to table
millimetres by an affine map (see :class:`Raster`). Table tops are procedural and seeded: wood
(planks with grain and growth rings), cloth (mottled, with a faint weave) or laminate
(:func:`table_top`). What lies on the table is pasted with :mod:`companion.camera.paste`; the
printed kit is :mod:`companion.camera.printed`, other things :mod:`companion.camera.objects`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.camera.lens import Array, Image
from patrolkit.manifest import Box

TABLES = ("oak", "walnut", "pine", "laminate", "linen", "felt")
"""The table tops the camera knows."""

_WOODS = {
    # light and dark tones (B, G, R) of the wood, plank width range in mm, ring period range in mm
    "oak": ((118, 164, 205), (62, 104, 150), (110, 170), (3.0, 7.0)),
    "walnut": ((70, 96, 128), (30, 46, 68), (90, 150), (4.0, 9.0)),
    "pine": ((140, 196, 230), (84, 140, 196), (120, 200), (5.0, 12.0)),
}
_MOTTLED = {
    # base tone (B, G, R), contrast of the mottling; cloths also show a faint weave
    "linen": ((168, 186, 196), 0.07),
    "felt": ((52, 84, 36), 0.16),
    "laminate": ((200, 206, 208), 0.05),
}


@dataclass(frozen=True)
class Raster:
    """A raster of the table plane: pixel ``(i, j)`` (OpenCV centres) is at table millimetres
    ``(x0 + (i + 0.5) / sx, y0 + (j + 0.5) / sy)``."""

    x0: float
    y0: float
    sx: float
    sy: float
    width: int
    height: int

    @property
    def from_mm(self) -> Array:
        """3 x 3 map from table millimetres to this raster's pixels."""
        return scale_map(self.sx, self.sy) @ np.array(
            [[1.0, 0.0, -self.x0], [0.0, 1.0, -self.y0], [0.0, 0.0, 1.0]]
        )

    def px(self, points_mm: Array) -> Array:
        """Table millimetres to this raster's pixels, for ``(n, 2)`` points."""
        m = self.from_mm
        return np.asarray(np.asarray(points_mm, np.float64).reshape(-1, 2) @ m[:2, :2].T + m[:2, 2])


# -- table tops ------------------------------------------------------------------------------


def table_top(kind: str, raster: Raster, seed: int) -> Image:
    """A seeded table top of ``kind`` (one of :data:`TABLES`) covering ``raster``."""
    rng = np.random.default_rng([seed, 0x7AB1E])
    if kind in _WOODS:
        return _wood(kind, raster, rng)
    if kind in _MOTTLED:
        return _mottled(kind, raster, rng)
    raise ValueError(f"unknown table top {kind!r}")


def _noise(
    raster: Raster, rng: np.random.Generator, scale_mm: tuple[float, float], angle_deg: float
) -> np.ndarray:
    """Smooth random field (mean 0, about unit spread) over ``raster``, with features of about
    ``scale_mm`` along and across the direction ``angle_deg``."""
    # A small random grid in a frame turned by angle_deg, one cell per feature, warped onto the
    # raster with cubic interpolation.
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    corners = np.array(
        [
            [raster.x0, raster.y0],
            [raster.x0 + raster.width / raster.sx, raster.y0],
            [raster.x0, raster.y0 + raster.height / raster.sy],
            [raster.x0 + raster.width / raster.sx, raster.y0 + raster.height / raster.sy],
        ]
    )
    along = corners @ np.array([c, s])
    across = corners @ np.array([-s, c])
    u0, v0 = along.min() - 2 * scale_mm[0], across.min() - 2 * scale_mm[1]
    cols = math.ceil((along.max() - u0) / scale_mm[0]) + 3
    rows = math.ceil((across.max() - v0) / scale_mm[1]) + 3
    grid = rng.standard_normal((rows, cols)).astype(np.float32)
    # table mm -> grid cell: (u - u0) / scale_u, (v - v0) / scale_v
    to_grid = np.array(
        [
            [c / scale_mm[0], s / scale_mm[0], -u0 / scale_mm[0]],
            [-s / scale_mm[1], c / scale_mm[1], -v0 / scale_mm[1]],
            [0.0, 0.0, 1.0],
        ]
    )
    raster_to_grid = to_grid @ np.linalg.inv(raster.from_mm)
    return cv2.warpAffine(
        grid,
        raster_to_grid[:2],
        (raster.width, raster.height),
        flags=cv2.INTER_CUBIC | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REFLECT,
    )


def _across(raster: Raster, angle_deg: float) -> np.ndarray:
    """For every pixel of ``raster``, its table millimetres across the direction ``angle_deg``."""
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    xs = raster.x0 + (np.arange(raster.width, dtype=np.float32) + 0.5) / raster.sx
    ys = raster.y0 + (np.arange(raster.height, dtype=np.float32) + 0.5) / raster.sy
    return np.asarray(ys[:, None] * np.float32(c) - xs[None, :] * np.float32(s))


def _wood(kind: str, raster: Raster, rng: np.random.Generator) -> Image:
    light, dark, plank_range, ring_range = _WOODS[kind]
    angle = float(rng.choice([0.0, 90.0])) + float(rng.uniform(-25, 25))
    plank = float(rng.uniform(*plank_range))
    ring = float(rng.uniform(*ring_range))
    across = _across(raster, angle)
    index = np.floor(across / plank + float(rng.uniform(0, 1)))
    # Each plank has its own tone and its own offset in the rings.
    tones = rng.uniform(-0.18, 0.18, 64).astype(np.float32)
    offsets = rng.uniform(0, 50, 64).astype(np.float32)
    slot = (index.astype(np.int64) % 64).astype(np.intp)
    wobble = _noise(raster, rng, (60.0, 6.0), angle) * (ring * 0.9)
    wobble += _noise(raster, rng, (220.0, 20.0), angle) * (ring * 2.5)
    phase = (across + offsets[slot] + wobble) / ring
    rings = 0.5 + 0.5 * np.sin(np.float32(2 * np.pi) * phase)
    rings = rings * rings * rings
    grain = _noise(raster, rng, (14.0, 0.6), angle) * 0.10
    shade = 0.55 * rings + grain + tones[slot] + _noise(raster, rng, (120.0, 60.0), angle) * 0.08
    seam = np.abs(across / plank + 0.5 - np.round(across / plank + 0.5)) * plank
    shade += 0.7 * np.exp(-((seam * raster.sx / 1.2) ** 2))
    t = np.clip(shade, 0.0, 1.0)[..., None]
    out = np.array(light, np.float32) * (1 - t) + np.array(dark, np.float32) * t
    return np.clip(out, 0, 255).astype(np.uint8)


def _mottled(kind: str, raster: Raster, rng: np.random.Generator) -> Image:
    base, contrast = _MOTTLED[kind]
    tone = np.array(base, np.float32) * float(rng.uniform(0.85, 1.1))
    angle = float(rng.uniform(0, 180))
    field = 0.6 * _noise(raster, rng, (40.0, 40.0), angle)
    field += 0.4 * _noise(raster, rng, (6.0, 6.0), angle)
    if kind != "laminate":
        field += 0.3 * _noise(raster, rng, (1.2, 0.4), angle)
        field += 0.3 * _noise(raster, rng, (0.4, 1.2), angle)
    folds = _noise(raster, rng, (400.0, 90.0), angle + float(rng.uniform(-30, 30)))
    level = 1.0 + contrast * field + 0.06 * folds
    return np.clip(tone * level[..., None], 0, 255).astype(np.uint8)


def rigid(
    angle_deg: float, centre_from: tuple[float, float], centre_to: tuple[float, float]
) -> Array:
    """3 x 3 map turning by ``angle_deg`` (clockwise as seen, y down) about ``centre_from`` and
    moving that point to ``centre_to``."""
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    turn = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    before = np.array([[1.0, 0.0, -centre_from[0]], [0.0, 1.0, -centre_from[1]], [0.0, 0.0, 1.0]])
    after = np.array([[1.0, 0.0, centre_to[0]], [0.0, 1.0, centre_to[1]], [0.0, 0.0, 1.0]])
    return after @ turn @ before


def scale_map(sx: float, sy: float) -> Array:
    """3 x 3 map from millimetres to pixel centres of a raster starting at 0 (pixel ``i`` spans
    ``i / sx`` to ``(i + 1) / sx`` mm)."""
    return np.array([[sx, 0.0, -0.5], [0.0, sy, -0.5], [0.0, 0.0, 1.0]])


def transform(m: Array, points: Array) -> Array:
    """Apply the affine part of the 3 x 3 map ``m`` to ``(n, 2)`` points."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    return np.asarray(pts @ m[:2, :2].T + m[:2, 2])


def quad(box: Box, grow: float = 0.0) -> Array:
    """A box's corners (top-left, top-right, bottom-right, bottom-left), grown by ``grow``."""
    x0, y0 = box.x - grow, box.y - grow
    x1, y1 = box.x + box.width + grow, box.y + box.height + grow
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
