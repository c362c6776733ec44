"""``patrolkit boards rodeurs``: time to draw a batch of random boards on one core and on every
core, and whether both PDFs are the same byte for byte.

Run from the repository root: ``python -m bench.boards_rodeurs [COUNT]`` (default
:data:`COUNT`). The machine's load is recorded beside the times: on a machine shared with other
work, the gain from more cores is smaller than on an idle one. So the processor time is recorded
too: this process's and the workers', whose ratio bounds the gain on an idle machine (the part
left to this process runs on one core whatever the number of cores).
"""

from __future__ import annotations

import os
import resource
import sys
import time

from bench.common import save
from generator.rodeurs.batch import render_board_batch
from generator.rodeurs.command import MIX
from generator.rodeurs.layouts import random_layout

COUNT = 1000


def main(count: int = COUNT) -> None:
    layouts = [random_layout(seed, mix=MIX) for seed in range(count)]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    figures: dict[str, object] = {"boards": count, "cores": cores}
    pdfs = {}
    for name, workers in (("one_core_s", 1), ("every_core_s", None)):
        load = os.getloadavg()[0]
        started, own, children = time.perf_counter(), time.process_time(), _children_cpu()
        pdfs[name], _ = render_board_batch(layouts, workers=workers)
        figures[name] = round(time.perf_counter() - started, 2)
        stem = name.removesuffix("_s")
        figures[f"{stem}_load_average"] = round(load, 2)
        figures[f"{stem}_this_process_cpu_s"] = round(time.process_time() - own, 2)
        figures[f"{stem}_workers_cpu_s"] = round(_children_cpu() - children, 2)
    figures["speed_up"] = round(figures["one_core_s"] / figures["every_core_s"], 2)  # type: ignore[operator]
    alone = figures["every_core_this_process_cpu_s"]
    total = alone + figures["every_core_workers_cpu_s"]  # type: ignore[operator]
    figures["idle_speed_up_bound"] = round(total / max(alone, total / (cores or 1)), 2)  # type: ignore[operator]
    figures["same_bytes"] = pdfs["one_core_s"] == pdfs["every_core_s"]
    figures["pdf_mb"] = round(len(pdfs["one_core_s"]) / 2**20, 1)
    save("boards_rodeurs", figures)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else COUNT)
