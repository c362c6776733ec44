"""Helpers shared by the benchmarks: timing and saving figures to ``bench/results``."""

from __future__ import annotations

import json
import platform
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


def save(name: str, figures: dict[str, Any]) -> Path:
    """Print ``figures`` and write them to ``bench/results/<name>.json`` with the machine."""
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
