"""What a fixed list of commands writes, byte for byte: the proof that a change kept behaviour.

Runs every kit kind on A4 and Letter (Patrolis on A3 too), ``boards``, ``deck`` and ``simulate``
of every game and preset on five seeds, each in a fresh folder, and records the SHA-256 of every
file written (and the exit code). ``--compare FILE`` checks the run against an earlier record and
exits 1 when any file differs.

    python -m bench.fingerprints                                  # record
    python -m bench.fingerprints --compare bench/results/fingerprints.json --only 'kit-'

The record is ``bench/results/fingerprints.json``; ``digest`` is one hash over every file hash,
to quote in a note.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.common import save

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def commands() -> list[tuple[str, list[str]]]:
    """The fixed list: a name and the ``patrolkit`` arguments (outputs are added per run)."""
    listed: list[tuple[str, list[str]]] = []
    for paper in ("a4", "letter"):
        listed += [
            (f"kit-rodeurs-classic-{paper}", ["kit", "rodeurs", "--paper", paper]),
            (
                f"kit-rodeurs-random-{paper}",
                [
                    "kit",
                    "rodeurs",
                    "--seed",
                    "7",
                    "--paper",
                    paper,
                    "--diagonal",
                    "--mix",
                    "12,22,22",
                ],
            ),
            (
                f"kit-rodeurs-layout-{paper}",
                ["kit", "rodeurs", "--layout", str(TEMPLATES / "rodeurs.toml"), "--paper", paper],
            ),
        ]
        for deck in ("easy", "medium", "hard"):
            listed.append(
                (
                    f"kit-12p-{deck}-{paper}",
                    ["kit", "twelve-patrols", "--deck", deck, "--paper", paper],
                )
            )
        listed += [
            (
                f"kit-12p-gutter-{paper}",
                ["kit", "twelve-patrols", "--deck", "hard", "--backs", "gutter", "--paper", paper],
            ),
            (
                f"kit-12p-flat-{paper}",
                [
                    "kit",
                    "twelve-patrols",
                    "--seed",
                    "4",
                    "--flat",
                    "--no-solution",
                    "--duplex-offset",
                    "0.5,-1",
                    "--paper",
                    paper,
                ],
            ),
            (
                f"boards-{paper}",
                ["boards", "rodeurs", "--count", "6", "--seed", "100", "--paper", paper],
            ),
        ]
    for paper in ("a4", "letter", "a3"):
        listed.append(
            (
                f"kit-patrolis-{paper}",
                ["kit", "patrolis", "--seed", "3", "--players", "4", "--paper", paper],
            )
        )
    listed.append(
        ("deck-hard-4", ["deck", "twelve-patrols", "--seed", "4", "--difficulty", "hard"])
    )
    for game in ("rodeurs", "twelve-patrols", "patrolis"):
        for preset in ("top", "phone", "hard"):
            for seed in range(5):
                listed.append(
                    (
                        f"sim-{game}-{preset}-{seed}",
                        ["simulate", game, "--preset", preset, "--seed", str(seed)],
                    )
                )
    return listed


def _outputs(args: list[str], folder: Path) -> list[str]:
    where = {"kit": ["--out", str(folder / "kit")], "boards": ["--out", str(folder / "boards.pdf")]}
    where |= {
        "deck": ["--out", str(folder / "deck.toml")],
        "simulate": ["--out", str(folder / "photo.jpg")],
    }
    return where[args[0]]


def run(name: str, args: list[str], folder: Path) -> dict[str, Any]:
    """Run one command in ``folder`` and hash what it wrote."""
    folder.mkdir(parents=True)
    done = subprocess.run(
        [sys.executable, "-m", "patrolkit", *args, *_outputs(args, folder)],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    files = {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    if done.returncode:
        print(f"{name}: exit {done.returncode}: {done.stderr.strip()}", file=sys.stderr)
    return {"rc": done.returncode, "files": files}


def digest(record: dict[str, dict[str, Any]]) -> str:
    """One hash over every command's exit code and file hashes."""
    text = json.dumps({name: record[name] for name in sorted(record)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def differences(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[str]:
    """One line per command of ``new`` that wrote other bytes (or exited otherwise) than before."""
    return [
        f"{name}: {', '.join(sorted(set(old[name]['files']) ^ set(got['files']) or got['files']))}"
        for name, got in new.items()
        if name not in old or got != old[name]
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="run only the commands whose name matches")
    parser.add_argument("--compare", type=Path, help="an earlier record to compare with")
    options = parser.parse_args()
    pattern = re.compile(options.only)
    record: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, args in commands():
            if pattern.search(name):
                record[name] = run(name, args, Path(scratch) / name)
    if options.compare is not None:
        old = json.loads(options.compare.read_text())["figures"]["commands"]
        changed = differences(old, record)
        for line in changed:
            print(f"differs: {line}")
        print(f"{len(record) - len(changed)} of {len(record)} commands wrote the same bytes")
        return 1 if changed else 0
    save("fingerprints", {"commands": record, "digest": digest(record), "count": len(record)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
