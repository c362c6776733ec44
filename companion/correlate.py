"""Normalised correlation of one image with many templates of one size.

``cv2.matchTemplate(image, template, cv2.TM_CCOEFF_NORMED)`` transforms the image again for
each template. Matching a code at dozens of turns, or dozens of texts, against one patch, the
image's spectrum is worth computing once (:class:`Correlation`) and each template's once per
patch size (:func:`spectrum`, which callers cache): the scores are OpenCV's within float32
rounding (2e-5 on the 12 Patrols item matcher's patches), in half the time. Where a window is
nearly flat, the rounding sets the score: such windows score 0 (:data:`FLAT_STD`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

FLAT_STD: Final = 1.0
"""A window of the image whose grey levels spread less than this (standard deviation, in grey
levels of 0-255) scores 0: there the transform's rounding, not the image, would set the score
(with a spread of 1 it moves a score by about 1e-4)."""


@dataclass(frozen=True, eq=False)
class Spectrum:
    """A template ready to correlate with images transformed at ``size`` (rows, columns): its
    shape, the spectrum of its zero-mean copy, and that copy's norm."""

    shape: tuple[int, int]
    size: tuple[int, int]
    spectrum: np.ndarray
    norm: float


def transform_size(image_shape: tuple[int, ...]) -> tuple[int, int]:
    """The size an image of ``image_shape`` is transformed at (fast sizes, no wrap-around for
    the scores :class:`Correlation` keeps)."""
    return cv2.getOptimalDFTSize(image_shape[0]), cv2.getOptimalDFTSize(image_shape[1])


def spectrum(template: np.ndarray, size: tuple[int, int]) -> Spectrum:
    """``template`` (float32) ready to correlate with images transformed at ``size``."""
    centred = template.astype(np.float64) - float(template.mean())
    padded = np.zeros(size, np.float32)
    padded[: template.shape[0], : template.shape[1]] = centred
    return Spectrum(
        (template.shape[0], template.shape[1]),
        size,
        cv2.dft(padded),
        float(np.sqrt(np.sum(centred * centred))),
    )


class Correlation:
    """``image`` (float32), transformed once, to be matched with templates of ``shape``."""

    def __init__(self, image: np.ndarray, shape: tuple[int, int]) -> None:
        self.shape = shape
        self.size = transform_size(image.shape)
        rows, cols = image.shape[0] - shape[0] + 1, image.shape[1] - shape[1] + 1
        self.valid = (rows, cols)
        # the mean taken out first: the rounding of the transform then scales with the detail
        padded = np.zeros(self.size, np.float32)
        padded[: image.shape[0], : image.shape[1]] = image - float(image.mean())
        self.spectrum = cv2.dft(padded)
        sums, squares = cv2.integral2(image.astype(np.float64), sdepth=cv2.CV_64F)[:2]
        h, w = shape
        total = sums[h:, w:] - sums[:-h, w:] - sums[h:, :-w] + sums[:-h, :-w]
        square = squares[h:, w:] - squares[:-h, w:] - squares[h:, :-w] + squares[:-h, :-w]
        spread = np.sqrt(np.maximum(square - total * total / (h * w), 0.0))
        # a window flatter than that scores 0, as a flat one does: the transform's rounding
        # would decide its score
        spread[spread < FLAT_STD * math.sqrt(h * w)] = 0.0
        self.spread = spread.astype(np.float32)
        self.flat = spread == 0.0

    def scores(self, template: Spectrum) -> np.ndarray:
        """The normalised correlation (``TM_CCOEFF_NORMED``) of ``template`` at every place it
        fits wholly in the image: -1..1, 0 where the image is flat."""
        if template.shape != self.shape or template.size != self.size:
            raise ValueError("the template was prepared for another shape or size")
        crossed = cv2.mulSpectrums(self.spectrum, template.spectrum, 0, conjB=True)
        whole = cv2.idft(crossed, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE)
        ratio = cv2.divide(whole[: self.valid[0], : self.valid[1]], self.spread * template.norm)
        # as OpenCV does: a rounding just past 1 is a perfect match, further is none
        out = np.clip(ratio, -1.0, 1.0)
        out[(np.abs(ratio) >= 1.125) | self.flat] = 0.0
        return np.asarray(out, np.float32)
