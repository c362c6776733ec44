"""The 12 Patrols kits the kit tests print: a hand-made deck, a winning kingdom for it, and the
kits printed from them on both papers with both kinds of backs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.twelve_patrols.kit import write_kit
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Card,
    Deck,
    Item,
    ItemColour,
    ItemKind,
    Kingdom,
    Reroll,
    Solution,
    is_win,
)
from patrolkit.manifest import Manifest
from tests.kit_helpers import DPI

GOLD = np.array([0xD9, 0xB6, 0x5A])
"""The backs' keyline, 3.5 mm inside the trim all round."""


# -- a hand-made deck and a winning kingdom for it ------------------------------------------------

W, Y, B = ItemColour.WHITE, ItemColour.YELLOW, ItemColour.BLUE
CARDS = (  # name, edges (north:east:south:west), where it lies in the winning kingdom
    ("Grey Peaks", "N1:C+N3:S1:-", (1, 0)),
    ("Amber Plains", "S3:N2:B:-", (0, 0)),
    ("Old Keep", "N4:-:C:S2", (2, 2)),
    ("Willow Vale", "-:S6:A+N2:A", (0, 1)),
    ("Mirror Lake", "S5:A:-:N2", (1, 1)),
    ("Gull Coast", "N2:B:-:S2", (2, 1)),
    ("Red Canyon", "-:N1:S7:B", (0, 2)),
    ("Reed Marsh", "S1:C:-:A", (2, 0)),
    ("Dark Forest", "B:-:S4:N3", (1, 2)),
)


def cube(colour: ItemColour, serial: int) -> Item:
    return Item(ItemKind.CUBE, colour, serial)


def die(colour: ItemColour, serial: int, value: int) -> Item:
    return Item(ItemKind.DIE, colour, serial, value)


PATROLS = (  # in the order of SLOTS: six across the rows, then six down the columns
    [cube(W, 1)], [die(Y, 1, 6)], [cube(Y, 1), die(W, 1, 3)], [cube(B, 1)], [die(B, 1, 2)],
    [cube(W, 2), cube(Y, 2)], [cube(B, 2)], [die(W, 2, 5)], [cube(Y, 3), die(B, 2, 3)],
    [die(Y, 2, 1)], [cube(W, 3)], [cube(B, 3), die(Y, 3, 4)],
)  # fmt: skip
DECK = Deck("Sample", tuple(Card.from_code(name, code) for name, code, _ in CARDS))


def winning() -> Solution:
    cards = {where: DECK.cards[i] for i, (_, _, where) in enumerate(CARDS)}
    kingdom = Kingdom.build(DECK, cards, dict(zip(SLOTS, PATROLS, strict=True)))
    assert is_win(kingdom)
    return Solution(kingdom, (Reroll(die(W, 2, 1), 5, die(W, 3, 2)),))


SOLUTION = winning()

# -- the kits under test --------------------------------------------------------------------------


@dataclass(frozen=True)
class Kit:
    name: str
    pdf: bytes
    manifest: Manifest

    @property
    def document(self) -> pdfium.PdfDocument:
        return pdfium.PdfDocument(self.pdf)

    @cache  # noqa: B019 - a handful of kits, each kept for the whole module
    def grey(self, sheet: int) -> np.ndarray:
        image = self.document[sheet - 1].render(scale=DPI / 72, grayscale=True).to_numpy()
        return image if image.ndim == 2 else image[:, :, 0]

    @cache  # noqa: B019
    def colour(self, sheet: int) -> np.ndarray:
        page = self.document[sheet - 1]
        return np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(np.int16)

    @cache  # noqa: B019
    def gold(self, sheet: int) -> np.ndarray:
        """Where the backs' gold keyline colour is on ``sheet``."""
        return (np.abs(self.colour(sheet) - GOLD) < 45).all(axis=2)

    def __hash__(self) -> int:
        return hash(self.name)


KITS: dict[str, dict[str, Any]] = {
    "a4-duplex": dict(paper="a4", solution=SOLUTION),
    "letter-duplex-offset-flat": dict(paper="letter", duplex_offset=(1.5, -2.0), flat_items=True),
    "a4-gutter-flat": dict(paper="a4", backs="gutter", flat_items=True),
    "letter-gutter": dict(paper="letter", backs="gutter", solution=SOLUTION),
}


def make_kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    """Every kit of :data:`KITS`, written into its own temporary folder."""
    made = {}
    for name, options in KITS.items():
        pdf_path, json_path = write_kit(DECK, tmp_path_factory.mktemp(name), **options)
        made[name] = Kit(name, pdf_path.read_bytes(), Manifest.load(json_path))
    return made
