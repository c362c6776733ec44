"""Every kit prints in every language patrolkit speaks: the longer French text overflows nothing,
every page still carries exactly its codes, the accents' fonts are embedded, and no English word
is left on a French page.

"Overflows nothing" is read from the PDF's own text: no character stands on another one (a
line run past its box onto the next text, two labels on one spot), none leaves the printable
area (6 mm from the paper's edge), and none covers a QR code's modules.
"""

from __future__ import annotations

import io

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.page import PAPERS, Sheet
from patrolkit.i18n import LANGUAGES
from patrolkit.manifest import Box, Item, Manifest, QrCode
from patrolkit.payload import StrategoSecret, decode
from tests.generator.pdf_text import characters
from tests.generator.print_kits import KITS, kit
from tests.generator.test_print_margins import text_too_near_the_edge
from tests.kit_helpers import assert_fonts_embedded, grey, read_codes
from tests.language import english_left, words

OVERLAP = 0.3
"""Two characters collide when they share more than this part of the smaller one's box."""


def collisions(document: pdfium.PdfDocument) -> list[str]:
    """Every pair of characters drawn on top of each other, as ``page N: 'a' over 'b' at x, y``
    (each character compared with those that start left of its right edge, in order of their
    left edges)."""
    found = []
    for number, page in enumerate(document, start=1):
        chars = characters(page)
        if not chars:
            continue
        order = np.argsort([box[0] for _char, box in chars], kind="stable")
        chars = [chars[k] for k in order]
        boxes = np.array([box for _char, box in chars])
        areas = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
        reach = np.searchsorted(boxes[:, 0], boxes[:, 2], side="left")
        for k in range(len(chars) - 1):
            rest = boxes[k + 1 : reach[k]]
            if not len(rest):
                continue
            width = np.minimum(boxes[k, 2], rest[:, 2]) - np.maximum(boxes[k, 0], rest[:, 0])
            height = np.minimum(boxes[k, 3], rest[:, 3]) - np.maximum(boxes[k, 1], rest[:, 1])
            shared = np.clip(width, 0, None) * np.clip(height, 0, None)
            smaller = np.minimum(areas[k], areas[k + 1 : reach[k]])
            for j in np.flatnonzero(shared > OVERLAP * smaller):
                other = chars[k + 1 + j][0]
                x, y = boxes[k, 0], boxes[k, 1]
                found.append(f"page {number}: {chars[k][0]!r} over {other!r} at {x:.1f}, {y:.1f}")
    return found


def _code_boxes(manifest: Manifest) -> dict[int, list[Box]]:
    """The boxes of every QR code's modules, in page millimetres, by sheet."""
    boxes: dict[int, list[Box]] = {}
    for item in manifest.items:
        if item.qr is not None:
            boxes.setdefault(item.sheet, []).append(item.qr.box)
    if manifest.board is not None:
        ox, oy = manifest.board.origin
        for fiducial in manifest.board.fiducials:
            b = fiducial.qr.box
            boxes.setdefault(manifest.board.sheet, []).append(
                Box(b.x + ox, b.y + oy, b.width, b.height)
            )
    return boxes


def text_on_codes(document: pdfium.PdfDocument, manifest: Manifest) -> list[str]:
    """Every character drawn over a QR code's modules."""
    found = []
    codes = _code_boxes(manifest)
    for number, page in enumerate(document, start=1):
        for char, (left, top, right, bottom) in characters(page):
            for box in codes.get(number, []):
                if (
                    left < box.x + box.width
                    and right > box.x
                    and top < box.y + box.height
                    and bottom > box.y
                ):
                    found.append(f"page {number}: {char!r} on the code at {box.x:.1f}, {box.y:.1f}")
    return found


def _given_names(layout: object) -> list[str]:
    """The names a kit's maker gave (a deck's and its cards', a layout's), which print as
    typed in every language: every ``name`` or ``deck`` text in the manifest's layout."""
    if isinstance(layout, dict):
        found: list[str] = []
        for key, value in layout.items():
            if key in ("name", "deck") and isinstance(value, str):
                found.append(value)
            else:
                found += _given_names(value)
        return found
    if isinstance(layout, list):
        return [name for value in layout for name in _given_names(value)]
    return []


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(KITS))
def test_no_text_overflows_in_any_language(name: str, language: str) -> None:
    pdf, manifest = kit(name, language)
    document = pdfium.PdfDocument(pdf)
    assert collisions(document) == []
    assert text_too_near_the_edge(document) == []
    if manifest is not None:
        assert text_on_codes(document, manifest) == []
    assert_fonts_embedded(pdf)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("name", list(KITS))
def test_a_kit_in_another_language_says_no_english_word_and_keeps_every_code(
    name: str, language: str
) -> None:
    # Every page carries exactly the codes kit.json lists, but for a Stratego army's private
    # slip, whose secret is never written in kit.json.
    pdf, manifest = kit(name, language)
    document = pdfium.PdfDocument(pdf)
    text = "\n".join(page.get_textpage().get_text_range() for page in document)
    given = set(words(" ".join(_given_names(manifest.layout)))) if manifest else set()
    assert [word for word in english_left(text, language) if word not in given] == []
    english_pdf, english_manifest = kit(name, "en")
    assert len(document) == len(pdfium.PdfDocument(english_pdf))
    if manifest is None:
        return
    assert english_manifest is not None
    # the same pieces (a Stratego kit's ids are drawn afresh in every kit, so not the same text)
    assert sorted(item.role for item in manifest.items) == sorted(
        item.role for item in english_manifest.items
    )
    assert len(manifest.payloads()) == len(english_manifest.payloads())
    for sheet, page in enumerate(document, start=1):
        read = [r.text for r in read_codes(grey(page))]
        listed = [text for text in read if not isinstance(decode(text), StrategoSecret)]
        assert sorted(listed) == sorted(manifest.payloads(sheet))


def test_the_overflow_checks_see_text_on_text_and_on_a_code() -> None:
    """The checks themselves: a word set on another is a collision, a word beside it is not; a
    word over a code's box is reported."""
    out = io.BytesIO()
    sheet = Sheet(out, PAPERS["a4"], title="", subject="")
    sheet.text(20.0, 100.0, "over", size=9)
    sheet.text(20.5, 100.0, "text", size=9)
    sheet.text(20.0, 150.0, "apart", size=9)
    sheet.text(60.0, 150.0, "apart", size=9)
    sheet.save()
    document = pdfium.PdfDocument(out.getvalue())
    found = collisions(document)
    assert found and all(line.startswith("page 1: ") for line in found)
    assert {line.split("'")[1] for line in found} <= set("overtext")
    code = QrCode("PK1-TEST", Box(18.0, 140.0, 20.0, 20.0), 21, 1.0, "M", 4.0)
    manifest = Manifest(
        "test", "a4", (210.0, 297.0), 1, {}, {}, None, (Item("x", "x", 1, code.box, code),), "t"
    )
    assert [line.split("'")[1] for line in text_on_codes(document, manifest)] == list("apart")
