"""What the kit tests share: pages rasterised with pypdfium2, QR codes decoded from the pixels with
their corners in page mm, pixel runs, and the checks every kit's PDF and files pass."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from patrolkit.errors import KitError
from patrolkit.manifest import Box, Manifest

DPI = 300
PX = DPI / 25.4
"""Pixels per millimetre in the rasters."""
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
QR_ONLY = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


@dataclass(frozen=True)
class Read:
    """One decoded code: its text, its error-correction level, and its corners in page mm
    (top-left, top-right, bottom-right, bottom-left of the code as read)."""

    text: str
    ec_level: str
    corners: tuple[tuple[float, float], ...]


def px(mm: float) -> int:
    """Pixels in ``mm`` millimetres at :data:`DPI`."""
    return round(mm * PX)


def runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """``(start, stop)`` of every run of True in a 1-D mask."""
    padded = np.concatenate(([False], mask, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def grey(page: pdfium.PdfPage, dpi: float = DPI) -> np.ndarray:
    """``page`` rendered at ``dpi``, grey levels."""
    image = page.render(scale=dpi / 72, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[:, :, 0]


def colour(pdf: bytes, sheet: int) -> np.ndarray:
    """Sheet ``sheet`` (from 1) of ``pdf`` rendered at :data:`DPI`, RGB."""
    page = pdfium.PdfDocument(pdf)[sheet - 1]
    return np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"))


DENSE_SHEET: Final = 24
"""A page on which the whole-page pass reads this many codes is a dense sheet of pieces (step
tiles edge to edge, their codes six modules apart): zxing-cpp pairs the finder patterns of
neighbouring codes there and misses about half of them, so the page is also read window by
window (:data:`WINDOW_MM` wide, half a window apart), where each code has fewer neighbours."""
WINDOW_MM: Final = 80.0


def read_codes(image: np.ndarray) -> tuple[Read, ...]:
    """Every QR code decoded from ``image`` (a page at :data:`DPI`), corners in page mm."""
    reads = _reads(image, 0, 0)
    if len(reads) >= DENSE_SHEET:
        step = px(WINDOW_MM / 2)
        for top in range(0, max(1, image.shape[0] - step), step):
            for left in range(0, max(1, image.shape[1] - step), step):
                window = image[top : top + 2 * step, left : left + 2 * step]
                for read in _reads(window, left, top):
                    if not any(_same(read, known) for known in reads if known.text == read.text):
                        reads.append(read)
    return tuple(reads)


def _reads(image: np.ndarray, left: int, top: int) -> list[Read]:
    """The codes zxing-cpp reads in ``image``, a window whose top-left pixel is ``(left, top)``
    of the page."""
    reads = []
    for result in zxingcpp.read_barcodes(image, formats=QR_ONLY):
        p = result.position
        corners = tuple(
            ((q.x + left) / PX, (q.y + top) / PX)
            for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        )
        reads.append(Read(result.text, result.ec_level, corners))
    return reads


def _same(one: Read, other: Read) -> bool:
    """The same code read twice (from two windows): centres within 2 mm."""
    dx = sum(x for x, _ in one.corners) - sum(x for x, _ in other.corners)
    dy = sum(y for _, y in one.corners) - sum(y for _, y in other.corners)
    return (dx * dx + dy * dy) ** 0.5 / 4 < 2.0


def assert_fonts_embedded(pdf: bytes) -> None:
    """Every font of ``pdf`` is a subset of Vera embedded whole, and no base-14 font is named."""
    names = set(re.findall(rb"/BaseFont\s*/([^\s/<>\[\]]+)", pdf))
    assert names, "the kit prints text"
    for font in names:
        assert re.fullmatch(rb"[A-Z]{6}\+BitstreamVeraSans-\w+", font), font
    descriptors = len(re.findall(rb"/Type\s*/FontDescriptor", pdf))
    assert descriptors == len(re.findall(rb"/FontFile2", pdf)) == len(names)
    for base14 in (b"Helvetica", b"Times", b"Courier", b"Symbol", b"ZapfDingbats"):
        assert b"/" + base14 not in pdf


def assert_page_sizes(pdf: bytes, paper: str, pages: int) -> None:
    """``pdf`` has ``pages`` pages, each the size of ``paper``, read from the PDF itself."""
    document = pdfium.PdfDocument(pdf)
    assert len(document) == pages
    for page in document:
        width, height = page.get_size()
        size = (width / 72 * 25.4, height / 72 * 25.4)
        assert size == pytest.approx(PAPER_MM[paper], abs=0.01)


def assert_pages_as_listed(pdf: bytes, manifest: Manifest) -> None:
    """``pdf`` has ``manifest``'s pages, each the size of the paper its sheet is listed on (an
    A3 kit's board sheets A3, its other sheets A4), read from the PDF itself."""
    document = pdfium.PdfDocument(pdf)
    assert len(document) == manifest.pages
    for sheet, page in enumerate(document, start=1):
        width, height = page.get_size()
        size = (width / 72 * 25.4, height / 72 * 25.4)
        assert size == pytest.approx(PAPER_MM[manifest.paper_of(sheet)], abs=0.01), sheet
        assert size == pytest.approx(manifest.page_size_of(sheet), abs=0.01), sheet


def assert_refuses_to_overwrite(write: Callable[..., object], folder: Path) -> None:
    """``write(folder, force=...)`` writes a kit, keeps either file it would overwrite unless
    forced, and names the files it refuses to overwrite."""
    write(folder, force=False)
    (folder / "kit.pdf").write_bytes(b"mine")
    with pytest.raises(KitError, match="already exist; add --force"):
        write(folder, force=False)
    assert (folder / "kit.pdf").read_bytes() == b"mine"
    (folder / "kit.pdf").unlink()
    with pytest.raises(KitError, match=r"kit\.json already exists"):
        write(folder, force=False)
    write(folder, force=True)
    assert (folder / "kit.pdf").read_bytes().startswith(b"%PDF")


def ruler_ticks(page: np.ndarray) -> list[tuple[int, int]]:
    """The pixel columns of the print-scale ruler's 0 and 100 mm ticks on page one (grey, at
    :data:`DPI`): the only thin vertical strokes about 7 mm long between 30 and 80 mm down."""
    band = page[px(30) : px(80)] < 128
    longest = np.zeros(band.shape[1], dtype=int)
    for x in np.flatnonzero(band.sum(axis=0) >= px(6.5)):
        longest[x] = max((stop - start for start, stop in runs(band[:, x])), default=0)
    return runs((longest >= px(6.5)) & (longest <= px(7.6)))


def assert_ruler_is_100_mm(page: np.ndarray) -> None:
    """Page one's ruler ends are 100 mm apart, measured on the pixels."""
    ticks = ruler_ticks(page)
    assert len(ticks) == 2, ticks
    centres = [(start + stop - 1) / 2 for start, stop in ticks]
    assert (centres[1] - centres[0]) / PX == pytest.approx(100.0, abs=0.2)


def quiet_ring(image: np.ndarray, box: Box, quiet: float) -> np.ndarray:
    """The ring ``quiet`` mm wide round the code in ``box`` (page mm) on ``image``, the code
    itself painted white; a tenth of a millimetre is left for anti-aliasing at either edge."""
    aa = 0.1
    ring = image[
        px(box.y - quiet + aa) : px(box.y + box.height + quiet - aa),
        px(box.x - quiet + aa) : px(box.x + box.width + quiet - aa),
    ].copy()
    margin = px(quiet - 2 * aa)
    ring[margin:-margin, margin:-margin] = 255
    return ring


def assert_margins_light(image: np.ndarray, margin_mm: float) -> None:
    """No ink on ``image`` within ``margin_mm`` of the paper's edges."""
    m = px(margin_mm)
    for strip in (image[:m], image[-m:], image[:, :m], image[:, -m:]):
        assert strip.min() > 250
