"""A random Rôdeurs kit says what makes another board as legal as the one it prints, and its
rules still say how every game starts: read from the kit's own PDF text."""

from __future__ import annotations

from functools import cache

import pypdfium2 as pdfium
import pytest

from generator.rodeurs.kit import render_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.games.rodeurs import classic_layout


@cache
def page_texts(kind: str, paper: str) -> tuple[str, ...]:
    """Each page's text of a classic kit, or of a random one (diagonal jumps, an uneven mix, the
    longest cover), on ``paper``; lines joined by spaces."""
    layout = (
        classic_layout() if kind == "classic" else random_layout(7, mix=(12, 22, 22), diagonal=True)
    )
    pdf, _ = render_kit(layout, paper)
    document = pdfium.PdfDocument(pdf)
    return tuple(" ".join(page.get_textpage().get_text_range().split()) for page in document)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_random_kit_says_what_makes_another_board_legal(paper: str) -> None:
    cover = page_texts("random", paper)[0]
    assert "Another board: this one was drawn at random." in cover
    assert "every cell faces one of the other colour across the grey row" in cover
    assert "each such pair starts with two pawns of the same colour" in cover


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_random_kits_rules_say_the_grey_row_starts_empty(paper: str) -> None:
    rules = page_texts("random", paper)[3]
    assert rules.startswith("Rôdeurs — the rules")
    assert "The grey row starts empty." in rules


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_random_kit_keeps_its_rules_on_one_sheet(paper: str) -> None:
    assert len(page_texts("random", paper)) == 4


def test_the_classic_kit_says_nothing_of_other_boards() -> None:
    assert "Another board" not in page_texts("classic", "a4")[0]
