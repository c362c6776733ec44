"""12 Patrols kit generation: time to write kit.pdf + kit.json, and the PDF's size, on A4 and Letter
with duplex and gutter-fold backs (dice and cubes to fold, and the solution page).

Run from the repository root: ``python -m bench.kit_twelve_patrols``. Each combination is timed
over :data:`RUNS` complete kits (a fresh output folder each time, the first run included: the first
kit of a process also registers the fonts). The deck is the seeded random deck :data:`SEED`, made
(and proved winnable) once, before the timing.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.common import save, stopwatch, summary
from generator.twelve_patrols.decks import random_deck
from generator.twelve_patrols.kit import write_kit

RUNS = 5
TARGET_S = 2.0
SEED = 1
DIFFICULTY = "easy"


def main() -> None:
    rated = random_deck(SEED, DIFFICULTY)
    deck = rated.deck
    figures: dict[str, object] = {
        "runs": RUNS,
        "target_s": TARGET_S,
        "deck": f"{deck.name} ({deck.id}), random seed {SEED}, {DIFFICULTY}",
    }
    with tempfile.TemporaryDirectory() as folder:
        for paper in ("a4", "letter"):
            for backs in ("duplex", "gutter"):
                seconds: list[float] = []
                for run in range(RUNS):
                    out = Path(folder) / f"{paper}-{backs}-{run}"
                    with stopwatch(seconds):
                        pdf, manifest = write_kit(
                            deck, out, paper=paper, backs=backs, solution=rated.witness
                        )
                timing = summary(seconds)
                figures[f"{paper}-{backs}"] = {
                    **{key: round(value, 4) for key, value in timing.items()},
                    "first_run_s": round(seconds[0], 4),
                    "pdf_kb": round(pdf.stat().st_size / 1024, 1),
                    "json_kb": round(manifest.stat().st_size / 1024, 1),
                    "under_target": timing["median_s"] < TARGET_S,
                }
    save("kit_twelve_patrols", figures)


if __name__ == "__main__":
    main()
