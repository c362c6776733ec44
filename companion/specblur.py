"""Which blur a shaken or out-of-focus photo has, read on the photo's spectrum (its cepstrum).

A blur multiplies the photo's spectrum by its own, and a streak's or a disc's spectrum has
zeros: a streak of length L cancels every wave that fits a whole number of times along it, a
disc of radius r a ring of waves. The logarithm of the spectrum turns that product into a sum,
and its transform back (the cepstrum) shows the blur apart from what the photo shows: a deep
trough at the streak's end (L px away, along the streak), or a dark ring about 2r px round the
middle for a disc. The troughs are read on a few patches of the board's middle, their
log-spectra averaged (:func:`blurs_from_spectrum`). Unlike the paper's rim, this needs no code
nor edge, and tells a streak from its mirror image.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

import cv2
import numpy as np

from companion.blurs import Blur

PATCH_PX: Final = 512
"""The side of each patch whose spectrum is taken (px)."""
PATCHES: Final = (0.3, 0.5, 0.7)
"""Where the patches' centres lie, as shares of the photo's width and height (3 x 3): where
the board is."""
STREAK_PX: Final = (5.0, 22.0)
"""The streak lengths looked for (px at 12 MP, scaled with the photo's side like every blur:
a 12 MP photo's 7 to 15 and some room)."""
RING_PX: Final = (5.0, 17.0)
"""The cepstrum's ring radii looked for (px at 12 MP, scaled so): twice the disc radii of 2.5
to 8.5 px."""
REFERENCE_PIXELS: Final = 12e6
"""The photo size the blur sizes above are given for."""
RING_STEPS: Final = 4
"""The ring's radius is read to a quarter of a pixel (each radius averaged over a pixel)."""
STREAK_DEPTH: Final = 1.5
"""How far (in the cepstrum's spread) the streak's trough must lie below the rest of its ring
for the streak to be tried first: measured on 16 photos each, a streak's trough stands 1.3 to
5.4 out, a disc's ring's deepest place 0.5 to 1.3 on 15 of them."""


def blurs_from_spectrum(gray: np.ndarray) -> list[Blur]:
    """The streak and the disc whose troughs the cepstrum of ``gray`` shows deepest, the
    likelier first: the streak when its trough stands out of its ring by
    :data:`STREAK_DEPTH`. Empty when the photo has no room for a patch."""
    cepstrum = _cepstrum(gray)
    if cepstrum is None:
        return []
    scale = math.sqrt(gray.size / REFERENCE_PIXELS)
    radius = _radius(cepstrum.shape[0])
    looked = (radius >= scale * STREAK_PX[0]) & (radius <= scale * STREAK_PX[1])
    flat = int(np.argmin(np.where(looked, cepstrum, np.inf)))
    trough = (flat // cepstrum.shape[1], flat % cepstrum.shape[1])
    length, direction = _refined(cepstrum, trough)
    # A streak one pixel thick spans its length and one pixel more.
    streak = Blur("motion", round(length - 1.0, 1), round(direction, 1))
    ring = np.abs(radius - radius[trough]) < 0.5
    depth = (np.median(cepstrum[ring]) - cepstrum[trough]) / np.std(cepstrum[looked])
    bins = np.rint(radius * RING_STEPS).astype(np.int64)
    profile = np.bincount(bins.ravel(), cepstrum.ravel()) / np.maximum(np.bincount(bins.ravel()), 1)
    smooth = np.convolve(profile, np.ones(RING_STEPS) / RING_STEPS, mode="same")
    first, last = (int(scale * r * RING_STEPS) for r in RING_PX)
    ring_px = (first + int(np.argmin(smooth[first : last + 1]))) / RING_STEPS
    disc = Blur("defocus", round(ring_px / 2, 2))
    return [streak, disc] if depth >= STREAK_DEPTH else [disc, streak]


def _cepstrum(gray: np.ndarray) -> np.ndarray | None:
    """The patches' mean log-spectrum transformed back, its middle at the centre (float64, a
    patch's side square); ``None`` when the photo has no room for a patch."""
    height, width = gray.shape
    half = PATCH_PX // 2
    window = _window()
    total = np.zeros((PATCH_PX, PATCH_PX), np.float32)
    taken = 0
    for fy in PATCHES:
        for fx in PATCHES:
            cx, cy = int(fx * width), int(fy * height)
            if cx - half < 0 or cy - half < 0 or cx + half > width or cy + half > height:
                continue
            patch = gray[cy - half : cy + half, cx - half : cx + half].astype(np.float32)
            spectrum = cv2.dft((patch - patch.mean()) * window, flags=cv2.DFT_COMPLEX_OUTPUT)
            power = spectrum[..., 0] ** 2 + spectrum[..., 1] ** 2
            total += np.log(power + 1e-3 * float(power.mean()) + 1e-12)
            taken += 1
    if not taken:
        return None
    spectrum = cv2.merge([total / taken, np.zeros_like(total)])
    back = cv2.idft(spectrum, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE)
    return np.fft.fftshift(back.astype(np.float64))


@lru_cache(maxsize=1)
def _window() -> np.ndarray:
    """A Hann window the patch's size (float32): no false edges where the patch is cut."""
    hann = np.hanning(PATCH_PX).astype(np.float32)
    return np.outer(hann, hann)


@lru_cache(maxsize=1)
def _radius(side: int) -> np.ndarray:
    """Every place's distance (px) from the centre of a square of ``side``."""
    middle = side // 2
    ys, xs = np.mgrid[-middle : side - middle, -middle : side - middle]
    return np.hypot(xs, ys)


def _refined(cepstrum: np.ndarray, trough: tuple[int, int]) -> tuple[float, float]:
    """Where ``trough`` lies from the centre (its distance, px, and direction, degrees in
    [0, 180)), refined between pixels by a parabola through it and its neighbours, across
    and down: at 13 px from the centre a pixel is 4° of direction, and a streak divided out
    4° off its own leaves most codes unread."""
    y, x = trough
    shifts = []
    for before, here, after in (
        (cepstrum[y, x - 1], cepstrum[y, x], cepstrum[y, x + 1]),
        (cepstrum[y - 1, x], cepstrum[y, x], cepstrum[y + 1, x]),
    ):
        bend = before - 2 * here + after
        shifts.append(
            0.0 if bend <= 0 else float(np.clip(0.5 * (before - after) / bend, -0.5, 0.5))
        )
    middle = cepstrum.shape[0] // 2
    dx, dy = x - middle + shifts[0], y - middle + shifts[1]
    return float(np.hypot(dx, dy)), float(np.degrees(np.arctan2(dy, dx)) % 180.0)
