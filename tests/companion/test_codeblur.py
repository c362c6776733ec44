"""A photo's blur read on a large code the decoder still reads: drawn sharp from its modules
and blurred by each candidate, the code names the blur (its length and direction), and dividing
it out lets the small codes round it read; a sharp photo is left as it is."""

from __future__ import annotations

import numpy as np
import pytest

from companion.blurs import Blur, alike
from companion.codeblur import blurs_from_codes
from companion.deblur import first_pass
from companion.decode import decoder_named
from tests.companion.drawn import blurred, qr_code, texts_read

LARGE = "PK1:RD:F:NW:4CATV0"
SMALL = ("PK1:RD:P:R07", "PK1:RD:P:G12", "PK1:RD:P:Y03")


def _page() -> np.ndarray:
    """A corner code with 8 px modules and three pawn codes with 4 px modules on paper, in a
    photo the size a phone takes (a small one is enlarged rather than deblurred)."""
    page = np.full((2000, 2700), 235, np.uint8)
    placed = [(qr_code(LARGE, 8), (300, 300))] + [
        (qr_code(text, 4), (300 + 260 * k, 900)) for k, text in enumerate(SMALL)
    ]
    for code, (y, x) in placed:
        page[y : y + code.shape[0], x : x + code.shape[1]] = np.minimum(code, 235) + 10
    return page


@pytest.mark.parametrize("blur", [Blur("motion", 10.0, 50.0), Blur("motion", 12.0, 160.0)])
def test_a_shaken_photo_is_named_by_its_corner_code_and_its_pawns_read(blur: Blur) -> None:
    photo = blurred(_page(), blur)
    assert texts_read(photo) == {LARGE}  # the pawns' small codes do not read
    found = blurs_from_codes(photo, decoder_named("zxing").read(photo))
    assert found and found[0].kind == "motion"
    assert alike(found[0], blur, size_px=1.0, turn_deg=10.0)  # within 1 px and 10°
    scanned = first_pass(photo, decoder_named("zxing"))
    assert {d.text for d in scanned.codes} == {LARGE, *SMALL}
    assert scanned.blur is not None and scanned.gray is not photo


def test_a_missed_focus_is_named_a_disc() -> None:
    photo = blurred(_page(), Blur("defocus", 5.0))
    found = blurs_from_codes(photo, decoder_named("zxing").read(photo))
    assert found and found[0].kind == "defocus" and abs(found[0].size_px - 5.0) <= 1


def test_a_sharp_photo_has_no_blur_to_divide_out() -> None:
    photo = blurred(_page(), Blur("defocus", 0.5))
    assert texts_read(photo) == {LARGE, *SMALL}
    assert blurs_from_codes(photo, decoder_named("zxing").read(photo)) == []
    assert first_pass(photo, decoder_named("zxing")).gray is photo
