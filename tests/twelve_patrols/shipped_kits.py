"""The kits of the shipped 12 Patrols decks that the photo tests photograph, printed once for the
whole test session (:mod:`tests.shared`)."""

from __future__ import annotations

from pathlib import Path

from generator.twelve_patrols.kit import write_kit
from patrolkit.games.twelve_patrols import shipped_decks
from tests import shared


def shipped_kit(difficulty: str) -> Path:
    """The folder of the kit printed from the shipped ``difficulty`` deck."""
    with shared.folder(f"twelve-patrols-{difficulty}") as place:
        if not any(place.iterdir()):
            write_kit(shipped_decks()[difficulty].deck, place)
    return place
