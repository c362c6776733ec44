"""One image correlated with many templates scores as OpenCV's normalised correlation does."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.correlate import Correlation, spectrum


def _image(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    image = cv2.GaussianBlur(rng.uniform(0, 255, (150, 170)).astype(np.float32), (0, 0), 1.5)
    image[:40, :60] = 30.0  # a flat corner: nothing to correlate with
    return image


def test_scores_are_opencvs_within_rounding() -> None:
    image = _image(1)
    seen = Correlation(image, (41, 41))
    for seed in range(5):
        template = _image(10 + seed)[50:91, 60:101].copy()
        ours = seen.scores(spectrum(template, seen.size))
        theirs = cv2.matchTemplate(image, template, cv2.TM_CCOEFF_NORMED)
        assert ours.shape == theirs.shape
        assert np.abs(ours - theirs).max() < 1e-4


def test_a_template_cut_from_the_image_is_found_where_it_was_cut() -> None:
    image = _image(2)
    template = image[70:111, 90:131].copy()
    seen = Correlation(image, template.shape)
    scores = seen.scores(spectrum(template, seen.size))
    _low, best, _where, (x, y) = cv2.minMaxLoc(scores)
    assert (x, y) == (90, 70) and best == pytest.approx(1.0, abs=1e-4)


def test_a_flat_window_scores_zero() -> None:
    image = _image(3)
    seen = Correlation(image, (21, 21))
    scores = seen.scores(spectrum(_image(4)[60:81, 60:81].copy(), seen.size))
    assert np.all(scores[:15, :35] == 0.0)


def _window_std(image: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """The standard deviation of ``image`` in every window of ``shape`` (top-left indexed)."""
    h, w = shape[0], shape[1]

    def window_sums(values: np.ndarray) -> np.ndarray:
        total = np.pad(values, ((1, 0), (1, 0))).cumsum(axis=0).cumsum(axis=1)
        return np.asarray(total[h:, w:] - total[:-h, w:] - total[h:, :-w] + total[:-h, :-w])

    mean = window_sums(image) / (h * w)
    return np.sqrt(np.maximum(window_sums(image * image) / (h * w) - mean * mean, 0.0))


def test_nearly_flat_windows_score_zero_never_a_match() -> None:
    # a blurred dark square on flat paper: far from it the windows hold only its faint tail,
    # where the transform's rounding would otherwise set the score
    image = np.full((300, 200), 20.0, np.float32)
    image[200:230, 80:110] = 220.0
    image = cv2.GaussianBlur(image, (0, 0), 6.0)
    template = _image(6)[40:101, 40:101].copy()
    seen = Correlation(image, template.shape)
    ours = seen.scores(spectrum(template, seen.size))
    theirs = cv2.matchTemplate(image, template, cv2.TM_CCOEFF_NORMED)
    spread = _window_std(image.astype(np.float64), template.shape)
    lively = spread >= 1.5
    assert lively.any() and (~lively).any()
    assert np.abs(ours - theirs)[lively].max() < 1e-4
    assert np.all(ours[spread < 0.5] == 0.0)


def test_a_template_prepared_for_another_size_is_refused() -> None:
    seen = Correlation(_image(5), (21, 21))
    with pytest.raises(ValueError):
        seen.scores(spectrum(np.ones((21, 21), np.float32), (64, 64)))
