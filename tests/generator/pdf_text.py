"""The visible characters of a PDF page, read from the PDF's own text layer."""

from __future__ import annotations

import pypdfium2 as pdfium

POINTS_PER_MM = 72 / 25.4

Box = tuple[float, float, float, float]
"""A character's box in page millimetres from the top-left corner: left, top, right, bottom."""


def characters(page: pdfium.PdfPage) -> list[tuple[str, Box]]:
    """Every visible character of ``page`` (not white space, with a box of some size) and its
    box. The page's text is fetched once; a character index then points into it (one UTF-16
    unit each, so a page holding characters beyond that plane is read one by one)."""
    height = page.get_size()[1]
    text = page.get_textpage()
    count = text.count_chars()
    whole = text.get_text_range()
    if len(whole) != count:
        whole = "".join(text.get_text_range(index, 1) or " " for index in range(count))
    found = []
    for index, char in enumerate(whole[:count]):
        if not char.strip():
            continue
        left, bottom, right, top = text.get_charbox(index)
        if right > left and top > bottom:
            box = (left, height - top, right, height - bottom)
            found.append((char, tuple(v / POINTS_PER_MM for v in box)))
    return found
