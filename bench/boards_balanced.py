"""``patrolkit boards rodeurs --balanced --count 4``: how long the balanced draw takes with its
default games and level, how many boards it drew, and each kept board's rating.

Run from the repository root: ``python -m bench.boards_balanced [--count N] [--seed S]``. The
command runs as the user runs it (a separate process, its ratings on every core). The machine's
load is recorded beside the wall time, and the processor time of the command and its workers
too: on a machine shared with other work the wall time grows, the processor time much less (on
an idle machine the wall time is about the processor time over the number of cores).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import save
from generator.rodeurs.balanced import cores
from generator.rodeurs.command import BALANCED_GAMES, BALANCED_LEVEL

COUNT = 4


def main(count: int = COUNT, seed: int = 0) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "boards"
        command = [sys.executable, "-m", "patrolkit", "boards", "rodeurs", "--balanced"]
        command += ["--count", str(count), "--seed", str(seed), "--out", str(out)]
        load = os.getloadavg()[0]
        before = _children_cpu()
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
        cpu = _children_cpu() - before
        if done.returncode != 0:
            raise SystemExit(done.stderr.strip())
        record = json.loads((out / "boards.json").read_text())
    balanced = record["balanced"]
    boards = [
        {
            "seed": board["layout"]["seed"],
            "score": board["layout"]["rating"]["first_player"]["score"],
            "seconds": board["layout"]["rating"]["cost"]["seconds"],
        }
        for board in record["boards"]
    ]
    save(
        "boards_balanced",
        {
            "command": " ".join(["patrolkit", *command[3:-2]]),
            "count": count,
            "games": BALANCED_GAMES,
            "level": BALANCED_LEVEL,
            "cores": cores(),
            "load_average_at_start": round(load, 2),
            "load_average_at_end": round(os.getloadavg()[0], 2),
            "wall_s": round(seconds, 1),
            "cpu_s": round(cpu, 1),
            "drawn": balanced["drawn"],
            "rejected_games": sum(board["games"] for board in balanced["rejected"]),
            "boards": boards,
            "said": done.stdout.strip(),
        },
    )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    main(arguments.count, arguments.seed)
