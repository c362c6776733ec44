"""The second look, once a board's pose is known: a part of the board rectified out of the photo
(seen square-on, so a code there looks square) and prepared for decoding.

A :class:`Step` is one pass of a reader's cascade — its resolution, resampling, blur and unsharp
mask; each game runs its own steps (:data:`companion.rodeurs.second_look.STEPS` for Rôdeurs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.pose import BoardPose, apply


@dataclass(frozen=True)
class Step:
    """One pass of the cascade: the rectified resolution, cubic or linear resampling, a blur
    against sensor noise (sigma in patch pixels, 0 for none), an unsharp mask (its amount, 0
    for none; its radius is a quarter of a millimetre), the light evened out over ``even_mm``
    (0 for not: see :func:`evened`)."""

    name: str
    pixels_per_mm: float
    cubic: bool = False
    denoise: float = 0.0
    sharpen: float = 0.0
    even_mm: float = 0.0

    def patch(
        self, gray: np.ndarray, pose: BoardPose, box: tuple[float, float, float, float]
    ) -> tuple[np.ndarray, np.ndarray]:
        """The rectified, prepared patch of ``box`` and its homography to the photo."""
        patch, to_photo = rectify(gray, pose, box, self.pixels_per_mm, cubic=self.cubic)
        if self.denoise:
            patch = cv2.GaussianBlur(patch, (0, 0), self.denoise)
        if self.sharpen:
            patch = unsharp(patch, 0.25 * self.pixels_per_mm, self.sharpen)
        if self.even_mm:
            patch = evened(patch, round(self.even_mm * self.pixels_per_mm))
        return patch, to_photo


def rectify(
    image: np.ndarray,
    pose: BoardPose,
    box_mm: tuple[float, float, float, float],
    px_per_mm: float,
    *,
    cubic: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """The board-frame rectangle ``box_mm`` (x, y, width, height) cut out of ``image`` and seen
    square-on at ``px_per_mm``; also the homography from the patch's pixels to the photo's."""
    x, y, width, height = box_mm
    to_board = np.array([[1 / px_per_mm, 0, x], [0, 1 / px_per_mm, y], [0, 0, 1.0]])
    size = (round(width * px_per_mm), round(height * px_per_mm))
    flags = cv2.INTER_CUBIC if cubic else cv2.INTER_LINEAR
    if pose.bend is not None and max(width, height) > LOCAL_MM:
        return _remapped(image, pose, to_board, size, flags), pose.local(box_mm) @ to_board
    patch_to_photo = pose.local(box_mm) @ to_board
    patch = cv2.warpPerspective(
        image,
        patch_to_photo,
        size,
        flags=flags | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return patch, patch_to_photo


LOCAL_MM = 40.0
"""On a bent board, a box up to this size is rectified through the homography that stands for
the pose there (the bend is smooth: it differs by far less than a pixel); a larger one pixel by
pixel."""


def _remapped(
    image: np.ndarray, pose: BoardPose, to_board: np.ndarray, size: tuple[int, int], flags: int
) -> np.ndarray:
    """The patch of ``size`` whose pixels ``to_board`` puts on the board, each fetched from where
    the bent pose shows it (the map computed every 8 pixels and interpolated)."""
    width, height = size
    step = 8
    xs, ys = np.arange(0, width + step, step), np.arange(0, height + step, step)
    grid = np.stack(np.meshgrid(xs, ys), axis=2).reshape(-1, 2).astype(float)
    photo = pose.photo_points(apply(to_board, grid)).astype(np.float32).reshape(len(ys), len(xs), 2)
    coarse = cv2.resize(photo, (len(xs) * step, len(ys) * step), interpolation=cv2.INTER_LINEAR)
    shift = (step - 1) / 2  # resize puts coarse sample k at fine pixel step * k + (step - 1) / 2
    fine = cv2.warpAffine(
        coarse,
        np.array([[1, 0, shift], [0, 1, shift]], dtype=np.float32),
        (width, height),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return cv2.remap(image, fine[..., 0], fine[..., 1], flags, borderMode=cv2.BORDER_REPLICATE)


def unsharp(gray: np.ndarray, sigma: float, amount: float = 1.0) -> np.ndarray:
    """``gray`` with its edges sharpened (unsharp mask)."""
    blurred = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.addWeighted(gray, 1.0 + amount, blurred, -amount, 0)


EVENED_WHITE: Final = 235.0
"""The grey level :func:`evened` gives a pixel as light as its paper."""


def evened(gray: np.ndarray, size_px: int) -> np.ndarray:
    """``gray`` divided by its paper's light: its morphological closing over ``size_px`` (dark
    patches narrower than that filled with the light round them; a shadow's edge, wider than
    any, stays where it is, sharp). A hard shadow's edge across a code then no longer splits it
    into a light and a dark half that no single threshold reads; ``size_px`` must span more than
    the code's largest dark patch (a finder's centre, three modules, or a run of dark modules)."""
    side = size_px | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    light = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    level = gray.astype(np.float32) / np.maximum(light.astype(np.float32), 1.0)
    return np.clip(level * EVENED_WHITE, 0, 255).astype(np.uint8)


def noise_level(gray: np.ndarray, every: int = 1) -> float:
    """The sensor noise of ``gray`` in grey levels: the robust spread of what a slight blur
    removes (codes and edges are a small share of a photo, so the median ignores them), taken
    on every ``every``-th pixel of each ``every``-th row. An odd ``every`` samples a JPEG's
    8-pixel blocks at every phase: 3 measures a 12 MP photo in 0.06 s against 0.5 s, within
    0.02 grey levels of every pixel (4 is up to 0.6 off)."""
    image = gray.astype(np.float32)
    blurred = cv2.GaussianBlur(image, (0, 0), 1.5)
    detail = image[::every, ::every] - blurred[::every, ::every]
    return float(1.4826 * np.median(np.abs(detail - np.median(detail))))
