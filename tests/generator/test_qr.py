"""Vector QR codes: the module matrix as built, and the traced outline that fills exactly it."""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from generator import qr
from generator.page import Sheet, paper
from patrolkit.payload import Corner, RodeursFiducial, RodeursPawn, encode
from patrolkit.sizes import QR_ERROR_CORRECTION, Rodeurs

PAYLOADS = [
    encode(RodeursPawn("G", 7)),
    encode(RodeursPawn("R", 56)),
    encode(RodeursFiducial(Corner.NW, "0K3F9Q")),
    encode(RodeursFiducial(Corner.SE, "ZZZZZZ")),
]


def _even_odd_fill(loops: tuple[tuple[tuple[int, int], ...], ...], size: int) -> np.ndarray:
    """Which module centres the loops cover, filled even-odd (a ray cast to the right)."""
    covered = np.zeros((size, size), dtype=bool)
    for row in range(size):
        y = row + 0.5
        crossings = []
        for loop in loops:
            for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True):
                if (y1 > y) != (y2 > y):
                    crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        for column in range(size):
            covered[row, column] = sum(x > column + 0.5 for x in crossings) % 2 == 1
    return covered


@pytest.mark.parametrize("payload", PAYLOADS)
def test_outline_covers_exactly_the_dark_modules(payload: str) -> None:
    symbol = qr.symbol(payload, version=1, error_correction=QR_ERROR_CORRECTION)
    assert symbol.size == 21
    loops = qr.outline(symbol.modules)
    assert (_even_odd_fill(loops, symbol.size) == np.array(symbol.modules)).all()
    for loop in loops:
        for (x1, y1), (x2, y2) in zip(loop, loop[1:] + loop[:1], strict=True):
            assert (x1 == x2) != (y1 == y2), "edges run along module borders"


def test_outline_of_touching_corners_and_holes() -> None:
    # Two modules touching at one corner, and a ring with a hole.
    modules = (
        (True, False, False, False, False),
        (False, True, False, False, False),
        (False, False, True, True, True),
        (False, False, True, False, True),
        (False, False, True, True, True),
    )
    loops = qr.outline(modules)
    assert (_even_odd_fill(loops, 5) == np.array(modules)).all()
    assert len(loops) == 4  # two lone squares, the ring's outside and its hole


def test_symbol_is_built_exactly_as_asked() -> None:
    symbol = qr.symbol(PAYLOADS[0], version=1, error_correction="M")
    assert (symbol.version, symbol.error_correction, symbol.payload) == (1, "M", PAYLOADS[0])
    with pytest.raises(ValueError, match="does not fit"):
        qr.symbol("PK1:RD:F:NW:0K3F9Q:TOO-LONG-FOR-V1", version=1, error_correction="M")


def test_drawn_code_decodes_with_level_m_and_one_path() -> None:
    out = io.BytesIO()
    sheet = Sheet(out, paper("a4"), title="t", subject="s")
    symbol = qr.symbol(PAYLOADS[2], version=1, error_correction="M")
    record = qr.draw(sheet, symbol, 50.0, 60.0, Rodeurs.FIDUCIAL_MODULE_MM, quiet_modules=4)
    sheet.save()
    assert record.box.x == 50.0 and record.box.y == 60.0
    assert record.box.width == pytest.approx(21 * Rodeurs.FIDUCIAL_MODULE_MM)
    page = pdfium.PdfDocument(out.getvalue())[0]
    objects = list(page.get_objects())
    assert len(objects) == 2  # the quiet zone and one path for every dark module
    image = page.render(scale=300 / 72, grayscale=True).to_numpy()
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert [(r.text, r.ec_level) for r in found] == [(PAYLOADS[2], "M")]
