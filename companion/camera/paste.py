"""Pasting on the virtual camera's table: a piece drawn through an affine map with a soft drop
shadow, shadows, coverage masks, and the table and what lies on it seen through the lens."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.camera.lens import Array, Image

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
