"""The grand jeu's kits print as every other kit does: each page says its trim and bleed are the
paper (TrimBox and BleedBox), and no text stands within 6 mm of the paper's edge."""

from __future__ import annotations

from functools import cache
from typing import Any

import pypdfium2 as pdfium
import pytest

from generator.grand_jeu.kit import render_kit
from tests.generator.test_print_margins import text_too_near_the_edge

KITS: dict[str, dict[str, Any]] = {
    "a4-2": dict(paper_name="a4", players=2),
    "letter-4": dict(paper_name="letter", players=4),
    "a3-2-low": dict(paper_name="a3", players=2, ink="low"),
}
"""Both boards (8 x 8 and 10 x 10) on every paper, one in low ink."""


@cache
def kit_pdf(name: str) -> bytes:
    pdf, _ = render_kit(3, **KITS[name])
    return pdf


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KITS))
def test_every_grand_jeu_page_says_its_trim_and_bleed_are_the_paper(name: str) -> None:
    document = pdfium.PdfDocument(kit_pdf(name))
    for number, page in enumerate(document, start=1):
        media = page.get_mediabox()
        trim = page.get_trimbox(fallback_ok=False)
        bleed = page.get_bleedbox(fallback_ok=False)
        assert trim is not None and bleed is not None, f"{name}, page {number}"
        assert trim == pytest.approx(media, abs=0.01), f"{name}, page {number}"
        assert bleed == pytest.approx(media, abs=0.01), f"{name}, page {number}"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KITS))
def test_no_grand_jeu_text_within_6_mm_of_the_paper_edge(name: str) -> None:
    document = pdfium.PdfDocument(kit_pdf(name))
    assert sum(len(page.get_textpage().get_text_range()) for page in document) > 0
    assert text_too_near_the_edge(document) == []
