"""Helpers shared by the benchmarks: timing, the ink the photo benchmarks print their kits in,
and saving figures to ``bench/results``."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from patrolkit.options import INKS

RESULTS = Path(__file__).resolve().parent / "results"


def add_ink(parser: argparse.ArgumentParser) -> None:
    """``--ink {normal,low}``: the ink a photo benchmark prints the kits it photographs in
    (``patrolkit kit --ink``; normal by default)."""
    parser.add_argument(
        "--ink", choices=INKS, default="normal", help="print the kits photographed in this ink"
    )


def inked(name: str, ink: str) -> str:
    """The name of a run on kits printed in ``ink``: a low-ink run's says so
    (``<name>_ink-low``), so its figures never overwrite the normal kits'."""
    return name if ink == "normal" else f"{name}_ink-{ink}"


def ink_cache(cache: Path | None, ink: str) -> Path | None:
    """Where a run on kits printed in ``ink`` keeps its kits and photos under ``--cache``: a
    low-ink run in ``<cache>/ink-low``, so it never reuses a normal kit's photos (their names
    say only the preset and seed)."""
    return cache if cache is None or ink == "normal" else cache / f"ink-{ink}"


def save(name: str, figures: dict[str, Any], *, ink: str | None = None) -> Path:
    """Print ``figures`` and write them to ``bench/results/<name>.json`` with the machine.

    A photo benchmark gives the ``ink`` its kits were printed in: the figures record it, and the
    file is named by :func:`inked`."""
    if ink is not None:
        name, figures = inked(name, ink), {"ink": ink, **figures}
    RESULTS.mkdir(parents=True, exist_ok=True)
    record = {
        "benchmark": name,
        "machine": {"python": platform.python_version(), "cpu": platform.machine()},
        "figures": figures,
    }
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(figures, indent=1))
    print(f"saved {path}")
    return path


def summary(seconds: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of a list of durations."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_s": statistics.median(ordered), "p95_s": p95, "max_s": ordered[-1]}


@contextmanager
def stopwatch(out: list[float]) -> Iterator[None]:
    """Append the seconds spent in the ``with`` block to ``out``."""
    start = time.perf_counter()
    yield
    out.append(time.perf_counter() - start)
