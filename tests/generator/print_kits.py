"""Every kind of PDF the generator writes, rendered once per test session: what the print checks
(page boxes, text margins, double-sided printing) look at."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.rodeurs.batch import render_board_batch
from generator.rodeurs.kit import render_kit as rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.stratego.kit import render_kit as stratego_kit
from generator.twelve_patrols.kit import render_kit as twelve_patrols_kit
from patrolkit.games.rodeurs import classic_layout
from patrolkit.manifest import Manifest
from tests.twelve_patrols.kit_sample import DECK, SOLUTION

TWELVE_PATROLS: dict[str, dict[str, Any]] = {
    "a4-duplex-nets-solution": dict(paper_name="a4", solution=SOLUTION),
    "letter-duplex-nets": dict(paper_name="letter"),
    "a4-duplex-flat-solution": dict(paper_name="a4", flat_items=True, solution=SOLUTION),
    "letter-duplex-flat": dict(paper_name="letter", flat_items=True),
    "a4-gutter-nets-solution": dict(paper_name="a4", backs="gutter", solution=SOLUTION),
    "letter-gutter-flat": dict(paper_name="letter", backs="gutter", flat_items=True),
}
"""Every 12 Patrols kit variant: both papers, both kinds of backs, nets and flat tokens, with and
without the solution page."""


@cache
def twelve_patrols(name: str) -> tuple[bytes, Manifest]:
    """The 12 Patrols kit :data:`TWELVE_PATROLS` calls ``name``, its PDF and manifest."""
    return twelve_patrols_kit(DECK, **TWELVE_PATROLS[name])


def _twelve_patrols_pdf(name: str) -> Callable[[], bytes]:
    return lambda: twelve_patrols(name)[0]


def _batch() -> bytes:
    pdf, _ = render_board_batch([random_layout(1), random_layout(2)], "letter", workers=1)
    return pdf


PDFS: dict[str, Callable[[], bytes]] = {
    "rodeurs-classic-a4": lambda: rodeurs_kit(classic_layout(), "a4")[0],
    "rodeurs-random-letter": lambda: rodeurs_kit(random_layout(7, diagonal=True), "letter")[0],
    "rodeurs-boards-letter": _batch,
    **{f"twelve-patrols-{name}": _twelve_patrols_pdf(name) for name in TWELVE_PATROLS},
    "patrolis-a4-2": lambda: patrolis_kit(0, "a4")[0],
    "patrolis-letter-6": lambda: patrolis_kit(0, "letter", players=6)[0],
    "patrolis-a3-2": lambda: patrolis_kit(0, "a3")[0],
    "stratego-a4": lambda: stratego_kit(3, "a4").pdf,
    "stratego-letter": lambda: stratego_kit(3, "letter").pdf,
    "grand-jeu-a4-2": lambda: grand_jeu_kit(3, paper_name="a4", players=2)[0],
    "grand-jeu-letter-4": lambda: grand_jeu_kit(3, paper_name="letter", players=4)[0],
    "grand-jeu-a3-2-low": lambda: grand_jeu_kit(3, paper_name="a3", players=2, ink="low")[0],
}
"""Every kind of PDF, by name: each game's kit on A4 and Letter (and A3 where offered; the grand
jeu's two boards, one in low ink), a random board, a batch of boards, and every 12 Patrols
variant."""


@cache
def pdf(name: str) -> bytes:
    """The PDF :data:`PDFS` calls ``name``, rendered once."""
    return PDFS[name]()
