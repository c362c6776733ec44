"""What real tables do to a photo, painted over the virtual camera's photos for the readers'
tests: a glare spot blown out to white over a piece's code, a code damaged by a stroke across
it, a product label's QR code lying on the table.

Every function takes a BGR photo (as :func:`cv2.imread` gives it) and photo pixels (a code's
corners from the camera's truth JSON), and returns a new photo; :func:`save` writes one as the
phone would (JPEG).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import qrcode

Quad = Sequence[Sequence[float]]
"""A code's four corners in photo pixels (top-left, top-right, bottom-right, bottom-left)."""


def _middle_and_side(quad: Quad) -> tuple[np.ndarray, float]:
    corners = np.asarray(quad, dtype=float)
    side = float(np.mean(np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)))
    return corners.mean(axis=0), side


def glare_over(
    image: np.ndarray, quad: Quad, *, grow: float = 1.5, stretch: float = 1.4, angle: float = 30.0
) -> np.ndarray:
    """``image`` with a specular glare spot over the code ``quad``: an ellipse blown out to
    white (255) whose core covers the whole code (``grow`` times its half-diagonal across,
    ``stretch`` times that along), fading to nothing over as much again round it."""
    middle, side = _middle_and_side(quad)
    minor = grow * side / np.sqrt(2)
    major = stretch * minor
    height, width = image.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    dx, dy = xs - middle[0], ys - middle[1]
    u = (dx * c + dy * s) / major
    v = (-dx * s + dy * c) / minor
    r = np.sqrt(u**2 + v**2)
    weight = np.clip(2.0 - r, 0.0, 1.0)[:, :, None]  # 1 in the core, fading over r in 1..2
    out = image.astype(np.float32) * (1 - weight) + 255.0 * weight
    return np.clip(out, 0, 255).astype(np.uint8)


def stroke_over(image: np.ndarray, quad: Quad, *, share: float = 0.45) -> np.ndarray:
    """``image`` with a dark marker stroke across the top ``share`` of the code ``quad`` (its two
    upper finder patterns gone): a damaged code that no decoder reads, on a piece still there."""
    corners = np.asarray(quad, dtype=float)
    top_left, top_right, bottom_right, bottom_left = corners
    lower_left = top_left + share * (bottom_left - top_left)
    lower_right = top_right + share * (bottom_right - top_right)
    band = np.array([top_left, top_right, lower_right, lower_left])
    middle = band.mean(axis=0)
    band = middle + 1.08 * (band - middle)
    out = image.copy()
    cv2.fillPoly(out, [np.round(band).astype(np.int32)], (40, 35, 30))
    return out


def sticker_over(
    image: np.ndarray, quad: Quad, *, grey: int = 128, share: float = 1.2
) -> np.ndarray:
    """``image`` with an even grey sticker over the code ``quad``, ``share`` of its side (the
    whole code and its quiet zone by default): a piece still there whose code shows nothing."""
    corners = np.asarray(quad, dtype=float)
    middle = corners.mean(axis=0)
    out = image.copy()
    cv2.fillPoly(out, [np.round(middle + share * (corners - middle)).astype(np.int32)], (grey,) * 3)
    return out


def label_on(
    image: np.ndarray,
    text: str,
    middle: Sequence[float],
    side_px: float,
    *,
    angle: float = 12.0,
    blur: float = 0.0,
) -> np.ndarray:
    """``image`` with a product label lying at ``middle``: the QR code of ``text`` with a white
    border, ``side_px`` across (code and border), turned by ``angle`` degrees and seen through
    a lens blur of ``blur`` pixels (sigma)."""
    maker = qrcode.QRCode(box_size=10, border=3)
    maker.add_data(text)
    maker.make(fit=True)
    label = np.array(maker.make_image().convert("RGB"))[:, :, ::-1].copy()
    size = label.shape[0]
    scale = side_px / size
    c, s = np.cos(np.radians(angle)) * scale, np.sin(np.radians(angle)) * scale
    half = size / 2
    affine = np.array(
        [
            [c, -s, middle[0] - c * half + s * half],
            [s, c, middle[1] - s * half - c * half],
        ]
    )
    height, width = image.shape[:2]
    warped = cv2.warpAffine(label, affine, (width, height), flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(np.full((size, size), 255, np.uint8), affine, (width, height))
    if blur:
        warped = cv2.GaussianBlur(warped, (0, 0), blur)
    out = image.copy()
    out[mask > 128] = warped[mask > 128]
    return out


def save(image: np.ndarray, path: Path, quality: int = 92) -> Path:
    """Write ``image`` as a JPEG at ``quality`` to ``path``."""
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return path
