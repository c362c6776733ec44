"""Ink per kit, normal and low (``--ink low``): sheets of paper and ink in page equivalents.

Run from the repository root: ``python -m bench.kit_ink``; the figures go to
``bench/results/kit_ink.json`` and a table is printed.

For every kit kind of every game on A4 (and the classic Rôdeurs kit on Letter), in both ink
modes:

* ``pages``: pages in kit.pdf; ``sheets``: sheets of paper printed double-sided wherever that
  loses nothing (:func:`bench.kit_sheets.sheets`).
* ``darkness_pages``: the ink as *5 %-coverage page equivalents*. Each page is rendered with
  pypdfium2 at :data:`DPI` dpi in RGB; each pixel's darkness is ``1 - luma`` with Rec. 601 luma
  ``(0.299 R + 0.587 G + 0.114 B) / 255`` (0 for white paper, 1 for black). A page whose mean
  darkness is 5 % counts 1; the kit's figure is the sum over its pages. This is the measure of
  the figures quoted before the low-ink mode (about 13 for Rôdeurs, 32 for 12 Patrols, 35 for
  Patrolis).
* ``ink_pages``: the same sum with naive CMYK coverage instead of darkness (full grey
  replacement, ``C + M + Y + K`` per pixel, 2 for a pure red: :func:`bench.kit_sheets.ink`),
  which weighs saturated colour more than darkness does.
* ``low_share``: the low-ink kit's ``darkness_pages`` over the normal kit's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pypdfium2 as pdfium

from bench import kit_sheets
from bench.common import save
from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.rodeurs.kit import render_kit as rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.stratego.kit import render_kit as stratego_kit
from generator.twelve_patrols.kit import render_kit as twelve_patrols_kit
from patrolkit.games import twelve_patrols
from patrolkit.games.rodeurs import classic_layout
from patrolkit.manifest import Manifest

DPI = 75
NAME = "kit_ink"
INKS = ("normal", "low")

Make = Callable[[str], tuple[bytes, Manifest]]


def _twelve_patrols(ink: str, **options: Any) -> tuple[bytes, Manifest]:
    rated = twelve_patrols.shipped_decks()["easy"]
    return twelve_patrols_kit(rated.deck, "a4", solution=rated.witness, ink=ink, **options)


def _stratego(ink: str) -> tuple[bytes, Manifest]:
    # A fixed source of randomness: the same piece ids in both modes.
    kit = stratego_kit(3, "a4", entropy=random.Random(3).randbytes, ink=ink)
    return kit.pdf, kit.manifest


KITS: dict[str, Make] = {
    "rodeurs classic a4": lambda ink: rodeurs_kit(classic_layout(), "a4", ink=ink),
    "rodeurs classic letter": lambda ink: rodeurs_kit(classic_layout(), "letter", ink=ink),
    "rodeurs random a4": lambda ink: rodeurs_kit(random_layout(7), "a4", ink=ink),
    "twelve-patrols duplex nets a4": lambda ink: _twelve_patrols(ink),
    "twelve-patrols duplex flat a4": lambda ink: _twelve_patrols(ink, flat_items=True),
    "twelve-patrols gutter nets a4": lambda ink: _twelve_patrols(ink, backs="gutter"),
    "twelve-patrols gutter flat a4": lambda ink: _twelve_patrols(
        ink, backs="gutter", flat_items=True
    ),
    "patrolis 2 maps a4": lambda ink: patrolis_kit(0, "a4", ink=ink),
    "patrolis 1 map a4": lambda ink: patrolis_kit(0, "a4", maps=1, ink=ink),
    "stratego a4": _stratego,
    "grand-jeu 2 patrols a4": lambda ink: grand_jeu_kit(0, "a4", 2, ink=ink),
    "grand-jeu 4 patrols a4": lambda ink: grand_jeu_kit(0, "a4", 4, ink=ink),
}


def render(pdf: bytes, dpi: float = DPI) -> list[np.ndarray]:
    """Every page at ``dpi``, RGB in 0..1."""
    return [
        np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"), dtype=np.float64) / 255
        for page in pdfium.PdfDocument(pdf)
    ]


def darkness_pages(pdf: bytes) -> float:
    """The kit's darkness in 5 %-coverage page equivalents (see the module)."""
    return kit_sheets.ink(render(pdf))[1]


def measure_kit(pdf: bytes, manifest: Manifest) -> dict[str, float]:
    """Pages, sheets, darkness and ink of one kit (see the module)."""
    ink_pages, dark_pages = kit_sheets.ink(render(pdf))
    return {
        "pages": manifest.pages,
        "sheets": kit_sheets.sheets(manifest, kit_sheets.render(pdf)),
        "darkness_pages": round(dark_pages, 1),
        "ink_pages": round(ink_pages, 1),
    }


def measure() -> dict[str, dict[str, Any]]:
    figures: dict[str, dict[str, Any]] = {}
    for name, make in KITS.items():
        row: dict[str, Any] = {ink: measure_kit(*make(ink)) for ink in INKS}
        row["low_share"] = round(row["low"]["darkness_pages"] / row["normal"]["darkness_pages"], 2)
        figures[name] = row
    return figures


def table(figures: dict[str, dict[str, Any]]) -> str:
    """The figures as a text table, one kit a line."""
    lines = [
        f"{'kit':<32} {'sheets':>7} {'normal':>7} {'low':>7} {'share':>6}"
        f" {'ink normal':>11} {'ink low':>8}"
    ]
    for name, row in figures.items():
        normal, low = row["normal"], row["low"]
        sheets = f"{normal['sheets']}/{low['sheets']}"
        lines.append(
            f"{name:<32} {sheets:>7} {normal['darkness_pages']:>7.1f} {low['darkness_pages']:>7.1f}"
            f" {row['low_share']:>6.0%} {normal['ink_pages']:>11.1f} {low['ink_pages']:>8.1f}"
        )
    return "\n".join(lines)


def main() -> None:
    figures = measure()
    print(table(figures))
    save(NAME, {"dpi": DPI, "kits": figures})


if __name__ == "__main__":
    main()
