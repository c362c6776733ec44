"""Every kind of PDF the generator writes, rendered once per test session: what the print checks
(page boxes, text margins, double-sided printing) look at."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.rodeurs.batch import render_board_batch
from generator.rodeurs.kit import render_kit as rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.stratego.kit import render_kit as stratego_kit
from generator.twelve_patrols.kit import render_kit as twelve_patrols_kit
from patrolkit.games.rodeurs import classic_layout
from patrolkit.i18n import speaking
from patrolkit.manifest import Manifest
from tests import shared
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


def twelve_patrols(name: str) -> tuple[bytes, Manifest]:
    """The 12 Patrols kit :data:`TWELVE_PATROLS` calls ``name``, its PDF and manifest."""
    pdf, manifest = kit(f"twelve-patrols-{name}")
    assert manifest is not None
    return pdf, manifest


def _batch() -> tuple[bytes, None]:
    pdf, _ = render_board_batch([random_layout(1), random_layout(2)], "letter", workers=1)
    return pdf, None


def _stratego(paper: str) -> tuple[bytes, Manifest]:
    """A Stratego kit whose secrets (its kit code, its pieces' ids) are drawn from a seed: the
    same pages every run, so a random code can never spell a word one run in many."""
    rng = random.Random(3)
    kit = stratego_kit(3, paper, entropy=lambda n: bytes(rng.randrange(256) for _ in range(n)))
    return kit.pdf, kit.manifest


KITS: dict[str, Callable[[], tuple[bytes, Manifest | None]]] = {
    "rodeurs-classic-a4": lambda: rodeurs_kit(classic_layout(), "a4"),
    "rodeurs-random-letter": lambda: rodeurs_kit(random_layout(7, diagonal=True), "letter"),
    "rodeurs-classic-letter-low": lambda: rodeurs_kit(classic_layout(), "letter", ink="low"),
    "rodeurs-boards-letter": _batch,
    **{f"twelve-patrols-{name}": partial(twelve_patrols_kit, DECK, **options)
       for name, options in TWELVE_PATROLS.items()},
    "patrolis-a4-2": lambda: patrolis_kit(0, "a4"),
    "patrolis-letter-6": lambda: patrolis_kit(0, "letter", players=6),
    "patrolis-a3-2": lambda: patrolis_kit(0, "a3"),
    "stratego-a4": lambda: _stratego("a4"),
    "stratego-letter": lambda: _stratego("letter"),
    "stratego-a3": lambda: _stratego("a3"),
    "grand-jeu-a4-2": lambda: grand_jeu_kit(3, paper_name="a4", players=2),
    "grand-jeu-letter-4": lambda: grand_jeu_kit(3, paper_name="letter", players=4),
    "grand-jeu-a3-2-low": lambda: grand_jeu_kit(3, paper_name="a3", players=2, ink="low"),
}  # fmt: skip
"""Every kind of PDF, by name: each game's kit on A4 and Letter (and A3 where offered; the grand
jeu's two boards, one in low ink, and a Rôdeurs kit in low ink), a random board, a batch of
boards, and every 12 Patrols variant."""


@cache
def kit(name: str, language: str = "en") -> tuple[bytes, Manifest | None]:
    """The kit :data:`KITS` calls ``name`` printed in ``language``: its PDF and manifest (none
    for a batch of boards), rendered once per session."""

    def render(_: Path) -> tuple[bytes, Manifest | None]:
        with speaking(language):
            return KITS[name]()

    return shared.made_once(f"kit-{name}-{language}", render)


def pdf(name: str) -> bytes:
    """The PDF :data:`KITS` calls ``name``, in English, rendered once."""
    return kit(name)[0]
