"""What lies on the virtual camera's table: the table top, the printed kit, and other things.

Everything here draws on rasters of the table plane whose pixels map to table millimetres by an
affine map (see :class:`Raster`). Table tops are procedural and seeded: wood (planks with grain and
growth rings), cloth (mottled, with a faint weave) or laminate. The kit is its own PDF rasterised
as ink on paper (:func:`kit_raster`). Pieces are pasted with a soft drop shadow: cut-out tokens, a
plain object (an eraser, a box of matches, a phone, a pad of notes) and a product label carrying a
foreign QR code. :func:`lay_tokens` chooses which token goes where and how it lies in its cell.
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar, cast

import cv2
import numpy as np
import qrcode
import qrcode.constants

from companion.camera.lens import Array, Image
from patrolkit.errors import KitError, PayloadError
from patrolkit.games.rodeurs import State
from patrolkit.manifest import Box, Item, Manifest
from patrolkit.payload import RodeursFiducial, decode

T = TypeVar("T")

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


# -- pasting ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shadow:
    """A drop shadow: how far it falls (canvas pixels, x and y), how soft it is (Gaussian sigma,
    pixels) and how dark (0..1 at its core)."""

    offset: tuple[float, float]
    soft: float
    strength: float


def paste(
    canvas: Image, image: Image, mask: Image, affine: Array, shadow: Shadow | None = None
) -> None:
    """Draw ``image`` (with coverage ``mask``, 0..255) onto ``canvas`` through the 2 x 3 affine
    map ``affine`` (image pixels to canvas pixels), after darkening its drop shadow."""
    h, w = image.shape[:2]
    corners = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]])
    seen = corners @ affine[:, :2].T + affine[:, 2]
    reach = 2.0
    if shadow is not None:
        reach += max(abs(shadow.offset[0]), abs(shadow.offset[1])) + 3 * shadow.soft
    x0, y0, x1, y1 = _bounds(seen, reach, canvas.shape)
    if x1 <= x0 or y1 <= y0:
        return
    local = affine.copy()
    local[:, 2] -= (x0, y0)
    size = (x1 - x0, y1 - y0)
    roi = canvas[y0:y1, x0:x1]
    alpha = cv2.warpAffine(mask, local, size, flags=cv2.INTER_LINEAR)
    if shadow is not None:
        cast = _shifted(alpha, round(shadow.offset[0]), round(shadow.offset[1]))
        cast = _soften(cast, shadow.soft)
        keep = cv2.convertScaleAbs(cast, alpha=-shadow.strength, beta=255)
        roi = cv2.multiply(roi, cv2.merge((keep, keep, keep)), scale=1 / 255)
    front = cv2.warpAffine(image, local, size, flags=cv2.INTER_LINEAR)
    weight = alpha.astype(np.float32) * np.float32(1 / 255)
    canvas[y0:y1, x0:x1] = cv2.blendLinear(front, roi, weight, 1 - weight)


def _bounds(points: Array, pad: float, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The pixel box (x0, y0, x1, y1) around ``points`` grown by ``pad``, inside ``shape``."""
    x0 = max(math.floor(points[:, 0].min() - pad), 0)
    y0 = max(math.floor(points[:, 1].min() - pad), 0)
    x1 = min(math.ceil(points[:, 0].max() + pad) + 1, shape[1])
    y1 = min(math.ceil(points[:, 1].max() + pad) + 1, shape[0])
    return x0, y0, x1, y1


def darken(image: Image, polygon: Array, *, soft: float, strength: float) -> None:
    """Darken ``image`` in place under the polygon (pixels) with a soft edge of Gaussian sigma
    ``soft`` pixels, by ``strength`` (0..1) inside: a shadow."""
    x0, y0, x1, y1 = _bounds(polygon, 3 * soft + 2, image.shape)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    corners = np.round((polygon - (x0, y0)) * 16).astype(np.int32)
    cv2.fillPoly(mask, [corners], 255, cv2.LINE_AA, shift=4)
    keep = cv2.convertScaleAbs(_soften(mask, soft), alpha=-strength, beta=255)
    image[y0:y1, x0:x1] = cv2.multiply(
        image[y0:y1, x0:x1], cv2.merge((keep, keep, keep)), scale=1 / 255
    )


def _soften(mask: Image, sigma: float) -> Image:
    """Gaussian blur; a wide one is done on a reduced copy (a shadow has no fine detail)."""
    if sigma <= 6:
        return cv2.GaussianBlur(mask, (0, 0), max(sigma, 0.3))
    step = sigma / 3
    h, w = mask.shape[:2]
    small = cv2.resize(
        mask, (max(round(w / step), 1), max(round(h / step), 1)), interpolation=cv2.INTER_AREA
    )
    small = cv2.GaussianBlur(small, (0, 0), 3.0)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def _shifted(image: Image, dx: int, dy: int) -> Image:
    """``image`` moved by whole pixels, the uncovered part black."""
    out = np.zeros_like(image)
    h, w = image.shape[:2]
    if abs(dx) >= w or abs(dy) >= h:
        return out
    out[max(dy, 0) : h + min(dy, 0), max(dx, 0) : w + min(dx, 0)] = image[
        max(-dy, 0) : h - max(dy, 0), max(-dx, 0) : w - max(dx, 0)
    ]
    return out


def box_mask(width: int, height: int, box: tuple[float, float, float, float]) -> Image:
    """A coverage mask (0..255) of the rectangle ``box`` = (x0, y0, x1, y1), in pixel-edge units
    (pixel ``i`` spans ``i`` to ``i + 1``), with fractional coverage along its edges."""
    x0, y0, x1, y1 = box
    cols = np.clip(np.minimum(np.arange(width) + 1, x1) - np.maximum(np.arange(width), x0), 0, 1)
    rows = np.clip(np.minimum(np.arange(height) + 1, y1) - np.maximum(np.arange(height), y0), 0, 1)
    return np.round(np.outer(rows, cols) * 255).astype(np.uint8)


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


# -- objects -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """Something flat drawn in its own millimetre frame: ``image`` at ``sx`` x ``sy`` pixels per
    mm, its coverage ``mask`` and how thick it is (for its shadow)."""

    image: Image
    mask: Image
    sx: float
    sy: float
    thickness_mm: float

    @property
    def size_mm(self) -> tuple[float, float]:
        return (self.image.shape[1] / self.sx, self.image.shape[0] / self.sy)


OBJECTS = ("eraser", "matchbox", "phone", "sticky notes")
"""The plain objects that may lie on the board."""
_OBJECT_LOOK = {
    # size (mm), thickness (mm), body (B, G, R), second colour (B, G, R), corner radius (mm)
    "eraser": ((22.0, 46.0), 8.0, (200, 196, 240), (190, 110, 40), 2.5),
    "matchbox": ((36.0, 52.0), 14.0, (40, 50, 150), (215, 225, 230), 0.8),
    "phone": ((72.0, 150.0), 8.0, (38, 36, 34), (70, 66, 62), 9.0),
    "sticky notes": ((76.0, 76.0), 12.0, (110, 236, 250), (70, 200, 230), 0.5),
}
_PRINT = (60, 58, 56)


def plain_object(kind: str, sx: float, sy: float, seed: int) -> Piece:
    """A plain object seen from above (``kind`` one of :data:`OBJECTS`): a rounded block of its
    body colour with a few details (a paper sleeve, a label and striker strips, a camera, the
    edges of a pad of notes), lit from one side, its rim darker."""
    rng = np.random.default_rng([seed, 0x0B1EC7])
    (w_mm, h_mm), thickness, body, second, radius = _OBJECT_LOOK[kind]
    w, h = round(w_mm * sx), round(h_mm * sy)
    mask = np.zeros((h, w), np.uint8)
    _rounded_rect(mask, (0.0, 0.0, float(w), float(h)), radius * sx, 255)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = np.clip(np.array(body) * rng.uniform(0.9, 1.1, 3), 0, 255).astype(np.uint8)

    def rect(x0: float, y0: float, x1: float, y1: float, colour: tuple[int, ...]) -> None:
        cv2.rectangle(
            image, (round(x0 * sx), round(y0 * sy)), (round(x1 * sx), round(y1 * sy)), colour, -1
        )

    if kind == "eraser":  # a paper sleeve over half of it, with a printed band
        rect(0, h_mm * 0.42, w_mm, h_mm, second)
        rect(0, h_mm * 0.6, w_mm, h_mm * 0.68, (235, 235, 235))
    elif kind == "matchbox":  # striker strips along the long sides, a printed label
        rect(0, 0, 3.5, h_mm, (60, 80, 95))
        rect(w_mm - 3.5, 0, w_mm, h_mm, (60, 80, 95))
        rect(7, 8, w_mm - 7, h_mm - 8, second)
        for k in range(4):
            y = 14 + 7 * k
            rect(10, y, 10 + (w_mm - 20) * float(rng.uniform(0.5, 1.0)), y + 2.2, _PRINT)
    elif kind == "phone":  # a camera block, and a faint reflection across the glass
        rect(6, 6, 30, 34, second)
        for cx, cy in ((13, 13), (23, 13), (13, 26)):
            cv2.circle(
                image,
                (round(cx * sx), round(cy * sy)),
                round(4.2 * sx),
                (12, 12, 12),
                -1,
                cv2.LINE_AA,
            )
    else:  # the pad's page edges
        for k in range(1, 6):
            rect(0, h_mm - 0.9 * k, w_mm, h_mm - 0.9 * k + 0.25, second)
    ramp = np.linspace(1.08, 0.9, w, dtype=np.float32)[None, :, None]
    if rng.uniform() < 0.5:
        ramp = ramp[:, ::-1]
    if kind == "phone":
        sheen = np.linspace(-1, 1, w, dtype=np.float32)[None, :] + np.linspace(
            -1, 1, h, dtype=np.float32
        )[:, None] * (w / h)
        ramp = ramp + 0.25 * np.exp(-(sheen**2) * 6)[..., None]
    rim = cv2.erode(mask, np.ones((3, 3), np.uint8), iterations=max(1, round(1.2 * sx)))
    inner = cv2.GaussianBlur(rim, (0, 0), 0.8 * sx).astype(np.float32)[..., None] / 255.0
    shaded = image.astype(np.float32) * ramp * (0.72 + 0.28 * inner)
    shaded += rng.normal(0, 2.0, (h, w)).astype(np.float32)[..., None]
    return Piece(np.clip(shaded, 0, 255).astype(np.uint8), mask, sx, sy, thickness)


def _rounded_rect(
    mask: Image, box: tuple[float, float, float, float], radius: float, value: int
) -> None:
    x0, y0, x1, y1 = box
    r = max(min(radius, (x1 - x0) / 2, (y1 - y0) / 2), 0.5)
    points = []
    for cx, cy, start in (
        (x1 - r, y0 + r, -90),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    ):
        for a in np.linspace(start, start + 90, 10):
            points.append((cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))))
    poly = np.round((np.array(points) - 0.5) * 16).astype(np.int32)
    cv2.fillPoly(mask, [poly], value, cv2.LINE_AA, shift=4)


@dataclass(frozen=True)
class Label:
    """A product label: the piece, its code's text and the code's module box in label mm
    (``x, y, side``; the code printed upright)."""

    piece: Piece
    text: str
    code_box: tuple[float, float, float]


def foreign_text(seed: int) -> str:
    """A seeded text that is not one of ours: a shop address, an EAN-like number or a lot
    number."""
    rng = np.random.default_rng([seed, 0xF0E1])
    digits = "".join(str(d) for d in rng.integers(0, 10, 13))
    choice = int(rng.integers(0, 3))
    if choice == 0:
        return f"https://example.com/p/{digits[:7]}?ref=label"
    if choice == 1:
        return f"EAN {digits}"
    return f"LOT {digits[:5]}-{digits[5:9]} EXP 2031-{int(digits[9]) % 9 + 1:02d}"


def product_label(text: str, sx: float, sy: float, seed: int) -> Label:
    """A white sticker with a QR code of ``text`` (level M, 0.5–0.7 mm modules), lines of print
    and a bar code beside it."""
    rng = np.random.default_rng([seed, 0x1ABE1])
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(text)
    code.make(fit=True)
    modules = np.array(code.get_matrix(), dtype=bool)
    module_mm = float(rng.uniform(0.5, 0.7))
    side = modules.shape[0] * module_mm
    margin = 3.0 * module_mm + 1.0
    width_mm = side + 2 * margin + float(rng.uniform(22, 34))
    height_mm = side + 2 * margin
    w, h = round(width_mm * sx), round(height_mm * sy)
    paper = np.array([rng.uniform(236, 250)] * 3, np.float32) - (0, rng.uniform(0, 4), 0)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = np.clip(paper, 0, 255).astype(np.uint8)
    ink = (40, 36, 34)
    # The code: every pixel takes the module its centre falls in.
    ox, oy = round(margin * sx), round(margin * sy)
    cols = ((np.arange(round(side * sx)) + 0.5) / sx / module_mm).astype(int)
    rows = ((np.arange(round(side * sy)) + 0.5) / sy / module_mm).astype(int)
    n = modules.shape[0]
    dark = modules[np.minimum(rows, n - 1)[:, None], np.minimum(cols, n - 1)[None, :]]
    image[oy : oy + len(rows), ox : ox + len(cols)][dark] = ink
    code_box = (ox / sx, oy / sy, side)
    # Print: a heading, lines of text, a bar code.
    left = round((side + 2 * margin) * sx)
    y = round(margin * sy)
    cv2.rectangle(image, (left, y), (w - round(2 * sx), y + round(2.6 * sy)), ink, -1)
    y += round(4.5 * sy)
    while y < h - round(12 * sy):
        length = float(rng.uniform(0.45, 1.0))
        end = left + round((w - left - 2 * sx) * length)
        cv2.rectangle(image, (left, y), (end, y + round(1.2 * sy)), (90, 88, 86), -1)
        y += round(2.4 * sy)
    x = left
    while x < w - round(3 * sx):
        bar = max(1, round(float(rng.choice([0.25, 0.5, 0.75])) * sx))
        cv2.rectangle(image, (x, h - round(9 * sy)), (x + bar - 1, h - round(3 * sy)), ink, -1)
        x += bar + max(1, round(float(rng.choice([0.25, 0.5])) * sx))
    mask = np.zeros((h, w), np.uint8)
    _rounded_rect(mask, (0.0, 0.0, float(w), float(h)), 1.5 * sx, 255)
    return Label(Piece(image, mask, sx, sy, 0.15), text, code_box)


# -- the printed kit ---------------------------------------------------------------------------

RASTER_PX_PER_MM = 12.0
"""Kit pages are rasterised at this scale: finer than any photo of the whole board sees them."""
_PAPER = np.array([238.0, 243.0, 246.0])
"""Paper white under neutral light (B, G, R)."""
_BLACK = np.array([38.0, 34.0, 33.0])
"""Black ink on paper."""
_DULL = 0.1
"""How much duller printed colours are than the PDF's."""


@dataclass(frozen=True)
class KitRaster:
    """A kit's board sheet and pawn tokens as printed (ink on paper), at ``sx`` x ``sy`` px/mm.

    ``tokens`` maps a pawn's id to its crop (its trim box and 1 mm around) and the crop's
    top-left corner in page pixels. The arrays are read-only: photos share them.
    """

    manifest: Manifest
    board_code: str
    sheet: Image
    sx: float
    sy: float
    tokens: dict[str, tuple[Image, tuple[int, int]]]


_KITS_KEPT = 2
_KITS: dict[str, OrderedDict[tuple[str, int, int], Any]] = {}


def cached_kit(kit_dir: Path, build: Callable[[Manifest, Path], T]) -> T:
    """``build(manifest, pdf_path)`` for the kit in ``kit_dir`` (``kit.json`` and ``kit.pdf``);
    the last two kits each ``build`` made are kept in memory, keyed by the path and the files'
    modification times. :class:`KitError` when there is no kit there."""
    kit_dir = Path(kit_dir)
    json_path, pdf_path = kit_dir / "kit.json", kit_dir / "kit.pdf"
    try:
        stamps = (json_path.stat().st_mtime_ns, pdf_path.stat().st_mtime_ns)
    except FileNotFoundError:
        raise KitError(f"There is no kit (kit.json and kit.pdf) in {kit_dir}.") from None
    kept = _KITS.setdefault(f"{build.__module__}.{build.__qualname__}", OrderedDict())
    key = (str(kit_dir.resolve()), *stamps)
    if key in kept:
        kept.move_to_end(key)
        return cast(T, kept[key])
    built = build(Manifest.load(json_path), pdf_path)
    kept[key] = built
    while len(kept) > _KITS_KEPT:
        kept.popitem(last=False)
    return built


def printed_pages(pdf_path: Path, sheets: Iterable[int]) -> dict[int, Image]:
    """The ``sheets`` (page numbers from 1) of the kit PDF at :data:`RASTER_PX_PER_MM`, as
    printed (see :func:`printed`); :class:`KitError` for a PDF that is unreadable or short."""
    import pypdfium2 as pdfium

    wanted = sorted(set(sheets))
    pages: dict[int, Image] = {}
    try:
        document = pdfium.PdfDocument(str(pdf_path))
    except pdfium.PdfiumError as exc:
        raise KitError(f"{pdf_path} is not a readable PDF ({exc}).") from None
    try:
        if wanted and len(document) < wanted[-1]:
            raise KitError(
                f"{pdf_path} has {len(document)} pages; its kit.json needs {wanted[-1]}."
            )
        for sheet in wanted:
            bitmap = document[sheet - 1].render(scale=RASTER_PX_PER_MM * 25.4 / 72)
            pages[sheet] = printed(np.ascontiguousarray(bitmap.to_numpy()[..., :3]))
    finally:
        document.close()
    return pages


def kit_raster(kit_dir: Path) -> KitRaster:
    """The Rôdeurs kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _rasterise)


def _rasterise(manifest: Manifest, pdf_path: Path) -> KitRaster:
    if manifest.game != "rodeurs":
        raise KitError(f"The virtual camera photographs Rôdeurs kits, not '{manifest.game}'.")
    pawns = manifest.by_role("pawn")
    pages = printed_pages(pdf_path, {manifest.board_geometry.sheet} | {i.sheet for i in pawns})
    page_w, page_h = manifest.page_size
    board = pages[manifest.board_geometry.sheet]
    sx, sy = board.shape[1] / page_w, board.shape[0] / page_h
    tokens = {}
    for item in pawns:
        page = pages[item.sheet]
        x0 = max(math.floor((item.cut.x - 1) * sx), 0)
        y0 = max(math.floor((item.cut.y - 1) * sy), 0)
        x1 = min(math.ceil((item.cut.x + item.cut.width + 1) * sx), page.shape[1])
        y1 = min(math.ceil((item.cut.y + item.cut.height + 1) * sy), page.shape[0])
        tokens[item.id] = (_frozen(page[y0:y1, x0:x1].copy()), (x0, y0))
    return KitRaster(manifest, _board_code(manifest), _frozen(board), sx, sy, tokens)


def _frozen(image: Image) -> Image:
    image.flags.writeable = False
    return image


def printed(page: Image) -> Image:
    """The page as ink on paper: white is paper, black is ink, colours a little duller."""
    weights = np.array([0.114, 0.587, 0.299])
    mix = (1 - _DULL) * np.eye(3) + _DULL * np.tile(weights, (3, 1))
    page = cv2.transform(page, mix)
    ramp = np.arange(256, dtype=np.float64) / 255.0
    return cv2.merge(
        [
            cv2.LUT(
                page[..., c],
                np.clip(_BLACK[c] + (_PAPER[c] - _BLACK[c]) * ramp**1.08, 0, 255).astype(np.uint8),
            )
            for c in range(3)
        ]
    )


def _board_code(manifest: Manifest) -> str:
    """The board code the kit's fiducials carry."""
    for fiducial in manifest.board_geometry.fiducials:
        try:
            item = decode(fiducial.qr.payload)
        except PayloadError:
            continue
        if isinstance(item, RodeursFiducial):
            return item.board
    raise KitError("This kit's board carries no Rôdeurs fiducial, so its board is unknown.")


# -- the tokens ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A token on the board: its item, its square, where its trim box's centre lies (board mm),
    its rotation (degrees clockwise as seen) and how far inside the trim line each edge was cut
    (left, top, right, bottom, mm)."""

    item: Item
    square: int
    centre: tuple[float, float]
    angle_deg: float
    inset: tuple[float, float, float, float]

    @cached_property
    def to_board(self) -> Array:
        """3 x 3 map from the token's page mm to board mm."""
        return rigid(self.angle_deg, self.item.cut.centre, self.centre)

    @cached_property
    def outline(self) -> Array:
        """The trim box's corners in board mm."""
        return transform(self.to_board, quad(self.item.cut))


def lay_tokens(kit: KitRaster, state: State, seed: int, *, any_angle: bool) -> list[Placed]:
    """A token of the right colour for each pawn of ``state`` (each token used once, chosen by
    the seed) and where it lies in its cell; :class:`KitError` if the kit has too few."""
    rng = np.random.default_rng([seed, 0x70CE5])
    board = kit.manifest.board_geometry
    stock: dict[str, list[Item]] = {}
    for item in sorted(kit.manifest.by_role("pawn"), key=lambda i: i.id):
        stock.setdefault(str(item.attrs.get("colour", "")).upper(), []).append(item)
    for items in stock.values():
        order = rng.permutation(len(items))
        items[:] = [items[k] for k in order]
    for colour, count in Counter(p for p in state.pawns if p is not None).items():
        have = len(stock.get(colour.value.upper(), []))
        if count > have:
            raise KitError(
                f"The position has {count} {colour.name.lower()} pawns, but the kit has only"
                f" {have}."
            )
    occupied = {divmod(sq, board.columns) for sq, pawn in enumerate(state.pawns) if pawn}
    placed: list[Placed] = []
    for sq, pawn in enumerate(state.pawns):
        if pawn is None:
            continue
        col, row = sq % board.columns, sq // board.columns
        centre = ((col + 0.5) * board.cell_mm, (board.rows - 0.5 - row) * board.cell_mm)
        left, top, right, bottom = rng.uniform(0.0, 0.35, 4).tolist()
        item = stock[pawn.value.upper()].pop()
        # Toward an occupied cell, leave its token room to lie square in the middle of it.
        room = board.cell_mm - max(item.cut.width, item.cut.height) / 2 - _GAP_MM
        neighbours = ((row, col - 1), (row + 1, col), (row, col + 1), (row - 1, col))
        reach = tuple(room if cell in occupied else math.inf for cell in neighbours)
        pose = _fit(item, sq, centre, (left, top, right, bottom), placed, rng, any_angle, reach)
        placed.append(pose)
    return placed


_GAP_MM = 0.3
"""Tokens lie at least this far apart."""


def _fit(
    item: Item,
    sq: int,
    centre: tuple[float, float],
    inset: tuple[float, float, float, float],
    placed: list[Placed],
    rng: np.random.Generator,
    any_angle: bool,
    reach: tuple[float, ...],
) -> Placed:
    """A pose for ``item`` in its cell that touches no token already placed and reaches no
    further than ``reach`` (left, up, right, down; mm from the cell's centre)."""
    near = [p for p in placed if math.dist(p.centre, centre) < 40]
    for attempt in range(24):
        calm = attempt >= 12
        if any_angle and not calm:
            angle = float(rng.uniform(-180, 180))
        elif any_angle:
            angle = 90.0 * int(rng.integers(-2, 2)) + float(rng.uniform(-3, 3))
        else:
            angle = float(rng.uniform(-8, 8)) * (0.4 if calm else 1.0)
        shift = 0.5 if calm else 1.5
        dx, dy = rng.uniform(-shift, shift, 2)
        pose = Placed(item, sq, (centre[0] + float(dx), centre[1] + float(dy)), angle, inset)
        low = pose.outline.min(axis=0) - centre
        high = pose.outline.max(axis=0) - centre
        if -low[0] > reach[0] or -low[1] > reach[1] or high[0] > reach[2] or high[1] > reach[3]:
            continue
        if not any(_touch(pose, other) for other in near):
            return pose
    return Placed(item, sq, centre, 90.0 * int(rng.integers(-2, 2)) if any_angle else 0.0, inset)


def _touch(a: Placed, b: Placed, gap: float = _GAP_MM) -> bool:
    """Whether two tokens overlap or come closer than ``gap`` mm (separating axes)."""
    reach = (
        math.hypot(a.item.cut.width, a.item.cut.height)
        + math.hypot(b.item.cut.width, b.item.cut.height)
    ) / 2
    if math.dist(a.centre, b.centre) > reach + gap:
        return False
    for poly in (a.outline, b.outline):
        for k in range(2):
            edge = poly[k + 1] - poly[k]
            axis = np.array([-edge[1], edge[0]]) / math.hypot(edge[0], edge[1])
            sa, sb = a.outline @ axis, b.outline @ axis
            if sa.max() + gap <= sb.min() or sb.max() + gap <= sa.min():
                return False
    return True


def seen_through(
    h: Array,
    size: tuple[int, int],
    table: Image,
    table_from_mm: Array,
    canvas: Image,
    canvas_from_mm: Array,
) -> Image:
    """The photo's optical image (``size`` = width, height): the ``table`` raster, then the
    ``canvas`` of what lies on it (transparent where nothing was painted), both seen through
    ``h`` (table mm to photo px); ``*_from_mm`` map table mm to each raster's pixels."""
    optical = cv2.warpPerspective(
        table,
        h @ np.linalg.inv(table_from_mm),
        size,
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT_101,
    )
    cv2.warpPerspective(
        canvas,
        h @ np.linalg.inv(canvas_from_mm),
        size,
        dst=optical,
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_TRANSPARENT,
    )
    return optical


def transform(m: Array, points: Array) -> Array:
    """Apply the affine part of the 3 x 3 map ``m`` to ``(n, 2)`` points."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    return np.asarray(pts @ m[:2, :2].T + m[:2, 2])


def quad(box: Box, grow: float = 0.0) -> Array:
    """A box's corners (top-left, top-right, bottom-right, bottom-left), grown by ``grow``."""
    x0, y0 = box.x - grow, box.y - grow
    x1, y1 = box.x + box.width + grow, box.y + box.height + grow
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
