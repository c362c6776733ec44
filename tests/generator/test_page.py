"""Pages in millimetres: paper sizes, the page frame, fonts, and marks kept off the pieces."""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.frame import draw_ruler
from generator.page import MM, Sheet, paper
from generator.pieces import crop_marks
from patrolkit.errors import KitError


def test_papers() -> None:
    assert paper("a4").size == (210.0, 297.0)
    assert paper("Letter").size == (215.9, 279.4)
    assert paper("a4").points == pytest.approx((595.2756, 841.8898), abs=1e-3)
    with pytest.raises(KitError, match="a4 or letter"):
        paper("a3")


def _raster(draw: object, dpi: int = 300) -> np.ndarray:
    out = io.BytesIO()
    sheet = Sheet(out, paper("a4"), title="t", subject="s")
    draw(sheet)  # type: ignore[operator]
    sheet.save()
    page = pdfium.PdfDocument(out.getvalue())[0]
    return page.render(scale=dpi / 72, grayscale=True).to_numpy()


def test_page_frame_is_mm_from_the_top_left() -> None:
    sheet = Sheet(io.BytesIO(), paper("a4"), title="t", subject="s")
    assert sheet.point(0, 0) == pytest.approx((0, 297 * MM))
    assert sheet.point(10, 20) == pytest.approx((10 * MM, 277 * MM))
    image = _raster(lambda s: s.rect(20, 30, 10, 5, fill="#000000"))
    px = 300 / 25.4
    dark = np.argwhere(image < 128)
    (top, left), (bottom, right) = dark.min(axis=0), dark.max(axis=0) + 1
    assert (left / px, top / px) == pytest.approx((20, 30), abs=0.1)
    assert ((right - left) / px, (bottom - top) / px) == pytest.approx((10, 5), abs=0.1)


def test_rotated_frame_turns_clockwise() -> None:
    def draw(sheet: Sheet) -> None:
        with sheet.frame(100, 100, rotate=90):
            sheet.rect(0, 0, 20, 4, fill="#000000")  # a bar along the frame's x axis

    image = _raster(draw)
    px = 300 / 25.4
    dark = np.argwhere(image < 128)
    (top, left), (bottom, right) = dark.min(axis=0) / px, (dark.max(axis=0) + 1) / px
    # Turned 90 degrees clockwise, the frame's x axis points down the page and its y axis left.
    assert (left, top, right, bottom) == pytest.approx((96, 100, 100, 120), abs=0.1)


def test_crop_marks_stay_outside_the_area() -> None:
    area = (50.0, 50.0, 40.0, 30.0)

    def draw(sheet: Sheet) -> None:
        crop_marks(sheet, [55.0, 85.0], [60.0, 70.0], area, clear=2.0, length=4.0)

    image = _raster(draw)
    px = 300 / 25.4
    x, y, w, h = (round(v * px) for v in (area[0] - 1, area[1] - 1, area[2] + 2, area[3] + 2))
    assert image[y : y + h, x : x + w].min() > 250
    assert image.min() < 50  # the marks are there, outside


def test_ruler_marks_every_millimetre() -> None:
    image = _raster(lambda s: draw_ruler(s, 40.0, 50.0))
    px = 300 / 25.4
    row = image[round(51.0 * px)]  # 1 mm below the base line: every tick crosses it
    dark = row < 128
    starts = np.flatnonzero(dark[1:] & ~dark[:-1]) + 1
    assert len(starts) == 101
