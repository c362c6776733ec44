"""Paper and ink per kit: pages, sheets of paper printed safely, and ink in page equivalents.

Run from the repository root: ``python -m bench.kit_sheets`` (``--as before`` or ``--as after``,
default ``after``); the figures of each run are kept under that label in
``bench/results/kit_sheets.json``, beside those of the other label, so a layout change can be
measured on the old code and the new.

For every kit kind (Rôdeurs classic and random, every 12 Patrols variant, Patrolis with two maps
and one on A4, Letter and A3, Stratego and the grand jeu on A4 and A3):

* ``pages``: pages in kit.pdf.
* ``sheets``: sheets of paper by paper size (``{"a4": 3, "a3": 2}``; an A3 kit prints only its
  board on A3, the rest on A4) when the file is printed double-sided *wherever that loses
  nothing*: pages ``2k - 1`` and ``2k`` share a sheet when they are the same paper size and, on
  either side, every piece cut out (each manifest item's cut box) has blank paper behind it on
  the other side (rendered, mirrored as a sheet flipped on its long edge) or its own matching
  back (a card's back); otherwise each takes a sheet of its own. ``whole_file_duplex_sheets`` is
  the file printed double-sided as a whole, whatever it loses (a page of another size than the
  one before it starts a new sheet), by paper size too.
* ``ink_pages``: ink in *5 %-coverage A4 page equivalents* (the ISO page-yield unit). Each page
  is rendered with pypdfium2 at :data:`DPI` dpi in RGB; each pixel's coverage is its naive
  CMYK ink with full grey replacement: ``K = 1 - max(R, G, B)``, ``C = 1 - R - K`` (likewise M
  and Y, from G and B; all in 0..1), coverage ``C + M + Y + K`` (0 for white paper, 1 for black,
  2 for a pure red). A page's mean coverage divided by 0.05, times its area over an A4 page's
  (2 for an A3 page, 0.967 for a Letter page), is its page equivalents; the kit's figure is the
  sum over its pages.
* ``darkness_pages``: the same sum with darkness ``1 - luma`` (Rec. 601) instead of ink, for
  comparison with figures measured as darkness.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pypdfium2 as pdfium

from bench.common import RESULTS, save
from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.rodeurs.kit import render_kit as rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.stratego.kit import render_kit as stratego_kit
from generator.twelve_patrols.kit import render_kit as twelve_patrols_kit
from patrolkit.games import twelve_patrols
from patrolkit.games.rodeurs import classic_layout
from patrolkit.manifest import Box, Item, Manifest

DPI = 50
PAGE_COVERAGE = 0.05
A4_MM2 = 210.0 * 297.0
"""The area of the page the page-yield unit is measured on."""
NAME = "kit_sheets"


def _twelve_patrols(paper: str, **options: Any) -> tuple[bytes, Manifest]:
    rated = twelve_patrols.shipped_decks()["easy"]
    return twelve_patrols_kit(rated.deck, paper, solution=rated.witness, **options)


def _patrolis(paper: str, maps: int) -> tuple[bytes, Manifest] | None:
    try:
        return patrolis_kit(0, paper, maps=maps) if maps != 2 else patrolis_kit(0, paper)
    except TypeError:
        return None  # a version of the kit that prints two maps only


def _stratego(paper: str) -> tuple[bytes, Manifest]:
    kit = stratego_kit(3, paper)
    return kit.pdf, kit.manifest


KITS: dict[str, Callable[[], tuple[bytes, Manifest] | None]] = {
    "rodeurs classic a4": lambda: rodeurs_kit(classic_layout(), "a4"),
    "rodeurs random a4": lambda: rodeurs_kit(random_layout(7), "a4"),
    "twelve-patrols duplex nets a4": lambda: _twelve_patrols("a4"),
    "twelve-patrols duplex nets letter": lambda: _twelve_patrols("letter"),
    "twelve-patrols duplex flat a4": lambda: _twelve_patrols("a4", flat_items=True),
    "twelve-patrols gutter nets a4": lambda: _twelve_patrols("a4", backs="gutter"),
    "twelve-patrols gutter flat a4": lambda: _twelve_patrols("a4", backs="gutter", flat_items=True),
    "patrolis 2 maps a4": lambda: _patrolis("a4", 2),
    "patrolis 1 map a4": lambda: _patrolis("a4", 1),
    "patrolis 2 maps letter": lambda: _patrolis("letter", 2),
    "patrolis 1 map letter": lambda: _patrolis("letter", 1),
    "patrolis 2 maps a3": lambda: _patrolis("a3", 2),
    "patrolis 1 map a3": lambda: _patrolis("a3", 1),
    "stratego a4": lambda: _stratego("a4"),
    "stratego a3": lambda: _stratego("a3"),
    "grand-jeu 2 patrols a4": lambda: grand_jeu_kit(3, "a4", 2),
    "grand-jeu 2 patrols a3": lambda: grand_jeu_kit(3, "a3", 2),
    "grand-jeu 4 patrols a3": lambda: grand_jeu_kit(3, "a3", 4),
}


def _mirrored(box: Box, width: float) -> Box:
    return Box(width - box.x - box.width, box.y, box.width, box.height)


def _matching(front: Item, back: Item) -> bool:
    """A card and its own back: meant to be printed on the two sides of one sheet."""
    return (
        front.role == "card"
        and back.role == "card-back"
        and front.attrs.get("number") == back.attrs.get("number")
    )


def _blank(image: np.ndarray, box: Box) -> bool:
    """Whether ``box`` (page mm) of the page ``image`` (RGB, 0..1) is blank paper."""
    px = DPI / 25.4
    region = image[
        max(0, round(box.y * px)) : max(0, round((box.y + box.height) * px)),
        max(0, round(box.x * px)) : max(0, round((box.x + box.width) * px)),
    ]
    return bool(region.size == 0 or region.min() > 0.97)


def _nothing_behind(manifest: Manifest, images: list[np.ndarray], front: int, back: int) -> bool:
    """Whether every piece cut out of page ``front`` has blank paper behind it on page ``back``
    (flipped on the long edge), or its own matching back."""
    width = manifest.page_size_of(front)[0]
    backs = [i for i in manifest.items if i.sheet == back]
    for piece in (i for i in manifest.items if i.sheet == front):
        if any(_matching(piece, b) or _matching(b, piece) for b in backs):
            continue
        if not _blank(images[back - 1], _mirrored(piece.cut, width)):
            return False
    return True


def sheets_by_paper(manifest: Manifest, images: list[np.ndarray] | None) -> dict[str, int]:
    """Sheets of paper by paper size: consecutive pages of one size share a sheet wherever
    neither side has anything printed behind the other side's pieces (see the module); with no
    ``images``, wherever they are of one size (the whole file printed double-sided)."""
    count: dict[str, int] = {}
    page = 1
    while page <= manifest.pages:
        paper = manifest.paper_of(page)
        pair = page < manifest.pages and manifest.paper_of(page + 1) == paper
        if pair and images is not None:
            pair = _nothing_behind(manifest, images, page, page + 1) and _nothing_behind(
                manifest, images, page + 1, page
            )
        page += 2 if pair else 1
        count[paper] = count.get(paper, 0) + 1
    return count


def sheets(manifest: Manifest, images: list[np.ndarray]) -> int:
    """Sheets of paper, whatever their size (:func:`sheets_by_paper`)."""
    return sum(sheets_by_paper(manifest, images).values())


def render(pdf: bytes) -> list[np.ndarray]:
    """Every page at :data:`DPI`, RGB in 0..1."""
    return [
        np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"), dtype=np.float64) / 255
        for page in pdfium.PdfDocument(pdf)
    ]


def ink(
    images: list[np.ndarray], sizes: list[tuple[float, float]] | None = None
) -> tuple[float, float]:
    """The kit's ink and darkness, each in 5 %-coverage A4 page equivalents (see the module):
    each page weighed by its size (width, height in mm) in ``sizes``, or as one A4 page each
    if not given."""
    ink_total = dark_total = 0.0
    for number, rgb in enumerate(images):
        width, height = sizes[number] if sizes is not None else (210.0, 297.0)
        pages = width * height / A4_MM2 / PAGE_COVERAGE
        k = 1.0 - rgb.max(axis=2)
        cmy = (1.0 - rgb - k[:, :, None]).clip(0.0, 1.0)
        ink_total += float((cmy.sum(axis=2) + k).mean()) * pages
        luma = rgb @ np.array([0.299, 0.587, 0.114])
        dark_total += float((1.0 - luma).mean()) * pages
    return ink_total, dark_total


def measure() -> dict[str, object]:
    figures: dict[str, object] = {}
    for name, make in KITS.items():
        made = make()
        if made is None:
            figures[name] = None
            print(f"{name}: not offered")
            continue
        pdf, manifest = made
        images = render(pdf)
        sizes = [manifest.page_size_of(n) for n in range(1, manifest.pages + 1)]
        ink_pages, dark_pages = ink(images, sizes)
        figures[name] = {
            "pages": manifest.pages,
            "sheets": sheets_by_paper(manifest, images),
            "whole_file_duplex_sheets": sheets_by_paper(manifest, None),
            "ink_pages": round(ink_pages, 1),
            "darkness_pages": round(dark_pages, 1),
        }
        print(f"{name}: {figures[name]}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--as", dest="label", choices=("before", "after"), default="after")
    label = parser.parse_args().label
    path = RESULTS / f"{NAME}.json"
    kept: dict[str, object] = {}
    if path.exists():
        kept = json.loads(path.read_text()).get("figures", {})
    kept[label] = measure()
    kept["dpi"] = DPI
    save(NAME, kept)


if __name__ == "__main__":
    main()
