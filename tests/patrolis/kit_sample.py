"""The Patrolis kits the kit tests print, from one seed on every paper for two and six players,
with every page's codes decoded."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.patrolis.kit import write_kit
from patrolkit.manifest import Manifest
from tests import shared
from tests.kit_helpers import Read, grey, read_codes

SEED = 0
KITS = [(paper, players) for paper in ("a4", "letter", "a3") for players in (2, 6)]


@dataclass(frozen=True)
class Kit:
    pdf: bytes
    json: bytes
    manifest: Manifest
    reads: tuple[tuple[Read, ...], ...]
    """Every page's codes, decoded from the page at 300 dpi."""
    boards: dict[int, np.ndarray]
    """The board sheets at 300 dpi, grey levels (two-player kits only)."""
    first: np.ndarray | None
    """Page one at 300 dpi (A4 two-player kit only)."""


def make_kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Kit]:
    """Every kit of :data:`KITS` from :data:`SEED`, written into its own temporary folder, with
    its codes decoded and the rasters the tests measure; made once per test session."""
    return shared.made_once("patrolis-kits", _make_kits)


def _make_kits(root: Path) -> dict[tuple[str, int], Kit]:
    made = {}
    for paper, players in KITS:
        folder = root / f"{paper}-{players}"
        pdf_path, json_path = write_kit(SEED, folder, paper=paper, players=players)
        pdf = pdf_path.read_bytes()
        manifest = Manifest.load(json_path)
        boards = {item.sheet for item in manifest.by_role("board-sheet")}
        reads, kept = [], {}
        first = None
        for number, page in enumerate(pdfium.PdfDocument(pdf), start=1):
            image = grey(page)
            reads.append(read_codes(image))
            if players == 2 and number in boards:
                kept[number] = image
            if (paper, players, number) == ("a4", 2, 1):
                first = image
        made[(paper, players)] = Kit(
            pdf, json_path.read_bytes(), manifest, tuple(reads), kept, first
        )
    return made
