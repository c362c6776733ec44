"""No text of any kit runs into the strip of paper a home printer cannot reach: every character
of every page stands at least 6 mm from the paper's edges, read from the PDF's own text."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from generator.page import PAPERS, Sheet
from tests.generator.pdf_text import POINTS_PER_MM, characters
from tests.generator.print_kits import KITS, pdf

TEXT_MARGIN_MM = 6.0


def text_too_near_the_edge(document: pdfium.PdfDocument) -> list[str]:
    """Every character drawn closer than :data:`TEXT_MARGIN_MM` to its page's edge, as
    ``page N: 'c' at d mm``."""
    near = []
    for number, page in enumerate(document, start=1):
        width, height = (side / POINTS_PER_MM for side in page.get_size())
        for char, (left, top, right, bottom) in characters(page):
            distance = min(left, top, width - right, height - bottom)
            if distance < TEXT_MARGIN_MM:
                near.append(f"page {number}: {char!r} at {distance:.2f} mm")
    return near


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KITS))
def test_no_text_within_6_mm_of_the_paper_edge(name: str) -> None:
    document = pdfium.PdfDocument(pdf(name))
    assert sum(len(page.get_textpage().get_text_range()) for page in document) > 0
    assert text_too_near_the_edge(document) == []


def test_the_margin_check_sees_text_at_the_edge() -> None:
    """The check itself: a line set 3 mm from the left edge is reported, one at 8 mm is not."""
    out = io.BytesIO()
    sheet = Sheet(out, PAPERS["a4"], title="", subject="")
    sheet.text(3.0, 100.0, "near", size=9)
    sheet.text(8.0, 150.0, "fine", size=9)
    sheet.save()
    near = text_too_near_the_edge(pdfium.PdfDocument(out.getvalue()))
    assert near and all(line.startswith("page 1: ") for line in near)
    assert {line.split("'")[1] for line in near} <= set("near")
