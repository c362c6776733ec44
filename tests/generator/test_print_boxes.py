"""Every page of every PDF the generator writes says where it is trimmed and how far its bleed
runs (TrimBox and BleedBox), so print shops and imposition tools need not guess: a home-printed
kit is trimmed at the paper's edge, and its pieces keep their bleed inside the page."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from tests.generator.print_kits import KITS, pdf


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KITS))
def test_every_page_says_its_trim_and_bleed_are_the_paper(name: str) -> None:
    document = pdfium.PdfDocument(pdf(name))
    for number, page in enumerate(document, start=1):
        media = page.get_mediabox()
        trim = page.get_trimbox(fallback_ok=False)
        bleed = page.get_bleedbox(fallback_ok=False)
        assert trim is not None and bleed is not None, f"{name}, page {number}"
        assert trim == pytest.approx(media, abs=0.01), f"{name}, page {number}"
        assert bleed == pytest.approx(media, abs=0.01), f"{name}, page {number}"
