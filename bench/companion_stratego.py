"""The Stratego photo referee on the virtual camera's ``phone`` photos: accuracy and speed.

Run from the project root: ``python -m bench.companion_stratego [--photos N] [--cache DIR]``
(200 photos by default). Writes ``bench/results/companion_stratego.json`` (``photos`` says how
many were read).

Each photo is of one of two kits (their secrets drawn from a fixed seed, so the photos can be
made again): even seeds a random setup of both armies, odd seeds a mid-game 10 to 120 moves on
(:mod:`companion.camera.stratego.positions`), the four board sheets each laid up to ±2 mm and ±1°
off their place and every piece standing up to ±1.5 mm and ±6° off its cell's centre. Every photo
is written to disk first (kept in ``--cache`` if given, and reused); what is timed is the reading
alone: the file's bytes in, the verdict out (:func:`read_photo` then :func:`score_verdict`).

Figures:

* ``pieces``: pieces standing on the tables photographed (of photos where the board was found).
* ``wrong``: wrong labels — a piece read with another army or id than the one standing there, a
  piece read on an empty cell, or an empty cell read where a piece stands. The target is zero.
* ``missing``: pieces on cells reported unreadable; ``piece_error``: (wrong + missing) / pieces.
* ``empty_unreadable``: empty cells reported unreadable.
* ``board_found``: photos where the board was found (no :class:`PhotoError`).
* ``table_exact``: photos read exactly (every cell right, nothing unreadable).
* ``read_by``: the share of pieces read by the whole-photo pass and by the second look.
* ``seconds``: median, 95th percentile and maximum time per photo.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import save, stopwatch, summary
from patrolkit.errors import PhotoError
from patrolkit.games.stratego import SQUARES, State, square_name

KITS = (7101, 7102)
"""The seeds of the kits' secrets."""
FIRST_SEED = 60_000
"""Photos are seeded from here on, away from the seeds the reader was developed on."""
PRESET = "phone"


def _entropy(seed: int) -> Callable[[int], bytes]:
    """Random bytes drawn from ``seed``: the benchmark's kits can be made again (a real kit's
    secrets come from the system's secure source)."""
    rng = random.Random(seed)
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


def write_kits(root: Path) -> list[Path]:
    """The benchmark's kits, written under ``root`` once."""
    from generator.stratego.kit import write_kit

    kits = []
    for seed in KITS:
        kit_dir = root / f"stratego-{seed}"
        if not (kit_dir / "kit.json").exists():
            write_kit(kit_dir, seed=seed, force=True, entropy=_entropy(seed))
        kits.append(kit_dir)
    return kits


def make_photos(count: int, kits: list[Path], out: Path) -> list[tuple[Path, Path]]:
    """``count`` phone photos written to ``out`` (with their truth), reusing those there; each
    with its kit."""
    from companion.camera.photo import write_photo
    from companion.camera.stratego.kit import stratego_kit_raster
    from companion.camera.stratego.positions import mid_game, setup_position
    from companion.camera.stratego.scene import photograph

    made = []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        kit = kits[(seed // 2) % len(kits)]
        path = out / f"{PRESET}-{seed}.jpg"
        if not (path.exists() and path.with_suffix(".json").exists()):
            secrets = stratego_kit_raster(kit).secrets
            state = setup_position(secrets, seed) if seed % 2 == 0 else mid_game(secrets, seed)
            write_photo(photograph(kit, state, preset=PRESET, seed=seed), path, force=True)
        made.append((path, kit))
    return made


def measure(photos: list[tuple[Path, Path]]) -> dict[str, Any]:
    """Read every photo and compare with its truth."""
    from companion.camera.stratego.kit import read_secrets
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import score_verdict

    tally = dict.fromkeys(("pieces", "wrong", "missing", "empty_unreadable", "found", "exact"), 0)
    stages: dict[str, int] = {}
    seconds: list[float] = []
    refused: list[str] = []
    wrong_labels: list[str] = []
    for path, kit in photos:
        secrets = read_secrets(kit)
        truth = json.loads(path.with_suffix(".json").read_text())
        want = State.from_text(truth["state"])
        data = path.read_bytes()
        try:
            with stopwatch(seconds):
                reading = read_photo(data)
                score_verdict(reading, secrets)
        except PhotoError as exc:
            refused.append(f"{path.name}: {exc}")
            continue
        tally["found"] += 1
        unreadable = {u.sq for u in reading.unreadable if u.sq is not None}
        exact = not reading.unreadable
        for sq in range(SQUARES):
            piece, got = want.cells[sq], reading.pieces.get(sq)
            if got is not None:
                stages[got.stage] = stages.get(got.stage, 0) + 1
            if piece is not None:
                tally["pieces"] += 1
            if piece is None and got is None:
                if sq in unreadable:
                    tally["empty_unreadable"] += 1
                continue
            if got is None:
                exact = False
                if sq in unreadable:
                    tally["missing"] += 1
                else:
                    tally["wrong"] += 1
                    wrong_labels.append(f"{path.name} {square_name(sq)}: a piece read as empty")
                continue
            if piece is None or (piece.army, piece.id) != (got.army, got.id):
                exact = False
                tally["wrong"] += 1
                wrong_labels.append(
                    f"{path.name} {square_name(sq)}: read {got.army.title} {got.id}"
                )
        tally["exact"] += exact
    found = max(tally["found"], 1)
    pieces = max(tally["pieces"], 1)
    read = max(sum(stages.values()), 1)
    return {
        "photos": len(photos),
        "preset": PRESET,
        "pieces": tally["pieces"],
        "wrong": tally["wrong"],
        "missing": tally["missing"],
        "piece_error": (tally["wrong"] + tally["missing"]) / pieces,
        "empty_unreadable": tally["empty_unreadable"],
        "board_found": tally["found"] / max(len(photos), 1),
        "table_exact": tally["exact"] / found,
        "read_by": {stage: n / read for stage, n in sorted(stages.items())},
        "seconds": summary(seconds) if seconds else {},
        "refused": refused,
        "wrong_labels": wrong_labels[:20],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="how many photos (default 200)")
    parser.add_argument("--cache", type=Path, help="keep the kits and photos here, and reuse them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = args.cache or Path(scratch)
        root.mkdir(parents=True, exist_ok=True)
        kits = write_kits(root / "kits")
        photos_dir = root / "photos"
        photos_dir.mkdir(exist_ok=True)
        photos = make_photos(args.photos, kits, photos_dir)
        figures = measure(photos)
    save("companion_stratego", figures)


if __name__ == "__main__":
    main()
