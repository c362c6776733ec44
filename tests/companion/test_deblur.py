"""A blurred photo's codes read again once its blur is divided out: a missed focus (a disc) or
a shaking hand (a streak); a sharp photo is left as it is, and nothing is ever read as another
code."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.blurs import Blur
from companion.deblur import find_blur, first_pass, unblurred
from companion.decode import decoder_named
from tests.companion.drawn import blurred, qr_code, texts_read

TEXTS = ("PK1:RD:P:R07", "PK1:RD:P:G12", "PK1:RD:F:NW:4CATV0", "PK1:RD:P:Y03")


def _table(module_px: int = 5) -> np.ndarray:
    """Four codes on white paper, a little apart, as a phone sees a few pieces."""
    codes = [qr_code(text, module_px) for text in TEXTS]
    side = max(c.shape[0] for c in codes)
    page = np.full((2 * side + 60, 2 * side + 60), 235, np.uint8)
    for k, code in enumerate(codes):
        y, x = 20 + (k // 2) * (side + 20), 20 + (k % 2) * (side + 20)
        page[y : y + code.shape[0], x : x + code.shape[1]] = np.minimum(code, 235) + 10
    return page


@pytest.mark.parametrize(
    "blur", [Blur("defocus", 5.0), Blur("motion", 12.0, 40.0), Blur("motion", 16.0, 70.0)]
)
def test_a_blurred_table_reads_again_with_its_blur_divided_out(blur: Blur) -> None:
    photo = blurred(_table(), blur)
    assert len(texts_read(photo)) < len(TEXTS)  # the blur stops the decoder
    assert texts_read(unblurred(photo, blur)) == set(TEXTS)


def test_the_first_pass_finds_a_missed_focus_itself_and_reads_the_code() -> None:
    # The decoder locates the code's finder squares but cannot read its modules. (A photo
    # the size a phone takes: a small one is enlarged rather than deblurred.)
    page = np.full((2000, 2700), 235, np.uint8)
    code = qr_code(TEXTS[2], 6)
    page[40 : 40 + code.shape[0], 40 : 40 + code.shape[1]] = np.minimum(code, 235) + 10
    photo = blurred(page, Blur("defocus", 6.0))
    assert texts_read(photo) == set()
    scanned = first_pass(photo, decoder_named("zxing"))
    assert scanned.blur == Blur("defocus", 6.0)
    assert [d.text for d in scanned.codes] == [TEXTS[2]]
    assert scanned.gray is not photo


def test_a_messaging_apps_small_copy_is_read_again_at_twice_its_size() -> None:
    # 2 px modules, softened as a resize and a JPEG soften them: the decoder locates the codes
    # but reads few; enlarged, it reads them all, each where it lies in the photo as it is.
    photo = cv2.GaussianBlur(_table(module_px=2), (0, 0), 0.9)
    scanned = first_pass(photo, decoder_named("zxing"))
    assert len(texts_read(photo)) < len(TEXTS)
    assert {d.text for d in scanned.codes} == set(TEXTS)
    assert scanned.gray is photo and scanned.blur is None
    for detection in scanned.codes:
        x, y = detection.centre
        assert 0 <= x < photo.shape[1] and 0 <= y < photo.shape[0]


def test_a_sharp_photo_is_read_as_it_is() -> None:
    photo = _table()
    scanned = first_pass(photo, decoder_named("zxing"))
    assert scanned.blur is None
    assert scanned.gray is photo
    assert {d.text for d in scanned.codes} == set(TEXTS)


def test_no_blur_is_found_where_no_code_was_located() -> None:
    paper = np.full((300, 300), 235, np.uint8)
    assert find_blur(paper, decoder_named("zxing"), []) is None
    assert first_pass(paper, decoder_named("zxing")).codes == []


def test_a_blur_too_strong_for_the_bank_leaves_the_photo_as_it_was() -> None:
    # A 3 px module under a 9 px disc: nothing comes back, and nothing is made up.
    photo = blurred(_table(module_px=3), Blur("defocus", 9.0))
    scanned = first_pass(photo, decoder_named("zxing"))
    assert {d.text for d in scanned.codes} <= set(TEXTS)
    if scanned.blur is None:
        assert scanned.gray is photo


def test_each_blur_spreads_one_unit_of_light() -> None:
    for blur in (Blur("defocus", 3.0), Blur("defocus", 7.0), Blur("motion", 16.0, 170.0)):
        kernel = blur.kernel()
        assert kernel.shape[0] % 2 == 1 and kernel.shape[0] == kernel.shape[1]
        assert abs(float(kernel.sum()) - 1.0) < 1e-5
    streak = Blur("motion", 12.0, 0.0).kernel()
    middle = streak.shape[0] // 2
    assert streak[middle].sum() > 0.5  # a horizontal streak runs along its middle row
    assert np.count_nonzero(streak[middle] > 1e-3) >= 12
    assert np.array_equal(streak, streak[::-1, ::-1])  # the same seen either way
