"""Rôdeurs kit generation: time to write kit.pdf + kit.json, and the PDF's size, on A4 and Letter.

Run from the repository root: ``python -m bench.kit_rodeurs``. Each paper is timed over
:data:`RUNS` complete kits (a fresh output folder each time, the first run included: the first
kit of a process also registers the fonts and lays out the rules sheet).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.common import save, stopwatch, summary
from generator.rodeurs.kit import write_kit
from patrolkit.games.rodeurs import classic_layout

RUNS = 10
TARGET_S = 2.0


def main() -> None:
    layout = classic_layout()
    figures: dict[str, object] = {"runs": RUNS, "target_s": TARGET_S, "layout": "classic"}
    with tempfile.TemporaryDirectory() as folder:
        for paper in ("a4", "letter"):
            seconds: list[float] = []
            for run in range(RUNS):
                out = Path(folder) / f"{paper}-{run}"
                with stopwatch(seconds):
                    pdf, manifest = write_kit(layout, out, paper=paper)
            timing = summary(seconds)
            figures[paper] = {
                **{key: round(value, 4) for key, value in timing.items()},
                "first_run_s": round(seconds[0], 4),
                "pdf_kb": round(pdf.stat().st_size / 1024, 1),
                "json_kb": round(manifest.stat().st_size / 1024, 1),
                "under_target": timing["median_s"] < TARGET_S,
            }
    save("kit_rodeurs", figures)


if __name__ == "__main__":
    main()
