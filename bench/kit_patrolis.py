"""Patrolis kit generation: time to write kit.pdf + kit.json, the PDF's size and its pages, for
every paper (A4, Letter, A3) and player count (2 to 6), with 16 x 16 maps.

Run from the repository root: ``python -m bench.kit_patrolis``. Each combination is timed over
:data:`RUNS` complete kits (a fresh output folder each time). The first kit of the process also
registers the fonts and lays out the rules sheet: it is reported on its own as ``first_kit_s``.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from bench.common import save, stopwatch, summary
from generator.patrolis.kit import write_kit
from patrolkit.manifest import Manifest

RUNS = 3
SEED = 0
TARGET_S = 5.0
PAPERS = ("a4", "letter", "a3")
PLAYERS = (2, 3, 4, 5, 6)


def main() -> None:
    figures: dict[str, object] = {"runs": RUNS, "seed": SEED, "size": 16, "target_s": TARGET_S}
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        write_kit(SEED, Path(folder) / "warm-up")
        figures["first_kit_s"] = round(time.perf_counter() - start, 3)
        for paper in PAPERS:
            per_paper: dict[str, object] = {}
            for players in PLAYERS:
                seconds: list[float] = []
                for run in range(RUNS):
                    out = Path(folder) / f"{paper}-{players}-{run}"
                    with stopwatch(seconds):
                        pdf, manifest = write_kit(SEED, out, paper=paper, players=players)
                timing = summary(seconds)
                pages = Manifest.load(manifest).pages
                per_paper[f"{players}_players"] = {
                    **{key: round(value, 3) for key, value in timing.items()},
                    "pdf_kb": round(pdf.stat().st_size / 1024, 1),
                    "json_kb": round(manifest.stat().st_size / 1024, 1),
                    "pages": pages,
                    "under_target": timing["median_s"] < TARGET_S,
                }
            figures[paper] = per_paper
    save("kit_patrolis", figures)


if __name__ == "__main__":
    main()
