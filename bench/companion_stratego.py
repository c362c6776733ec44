"""The Stratego photo referee on the virtual camera's ``phone`` photos: accuracy and speed.

Run from the project root: ``python -m bench.companion_stratego [--photos N] [--cache DIR]
[--ink low]`` (200 photos by default). Writes ``bench/results/companion_stratego.json``
(``photos`` says how many were read; a run on low-ink kits writes ``..._ink-low.json``).

Each photo is of one of two kits (their secrets drawn from a fixed seed, so the photos can be
made again): even seeds a random setup of both armies, odd seeds a mid-game 10 to 120 moves on
(:mod:`companion.camera.stratego.positions`), the four board sheets each laid up to ±2 mm and ±1°
off their place and every piece standing up to ±1.5 mm and ±6° off its cell's centre. Every photo
is written to disk first (kept in ``--cache`` if given, and reused); what is timed is the reading
alone: the file's bytes in, the verdict out (:func:`read_photo`, given the pieces both armies'
secrets print as the referee is, then :func:`score_verdict`).

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

import json
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.photos import Readings, cached_photos, run_photo_benchmark
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


def write_kits(root: Path, ink: str = "normal") -> list[Path]:
    """The benchmark's kits, printed in ``ink``, written under ``root`` once."""
    from generator.stratego.kit import write_kit

    kits = []
    for seed in KITS:
        kit_dir = root / f"stratego-{seed}"
        if not (kit_dir / "kit.json").exists():
            write_kit(kit_dir, seed=seed, force=True, entropy=_entropy(seed), ink=ink)
        kits.append(kit_dir)
    return kits


def make_photos(count: int, kits: list[Path], out: Path) -> list[tuple[Path, Path]]:
    """``count`` phone photos written to ``out`` (with their truth), reusing those there; each
    with its kit."""
    from companion.camera.photo import Photo
    from companion.camera.stratego.kit import stratego_kit_raster
    from companion.camera.stratego.positions import mid_game, setup_position
    from companion.camera.stratego.scene import photograph

    def kit_for(seed: int) -> Path:
        return kits[(seed // 2) % len(kits)]

    def take(seed: int) -> Photo:
        secrets = stratego_kit_raster(kit_for(seed)).secrets
        state = setup_position(secrets, seed) if seed % 2 == 0 else mid_game(secrets, seed)
        return photograph(kit_for(seed), state, preset=PRESET, seed=seed)

    seeds = range(FIRST_SEED, FIRST_SEED + count)
    return list(zip(cached_photos(seeds, PRESET, out, take), map(kit_for, seeds), strict=True))


def judge_squares(
    want: State, reading: Any, name: str, tally: dict[str, int], readings: Readings
) -> bool:
    """Add photo ``name``'s squares to ``tally`` (``pieces``, ``wrong``, ``missing``,
    ``empty_unreadable``) and its wrong labels to ``readings``; whether it was read exactly."""
    unreadable = {sq for u in reading.unreadable for sq in u.cells}
    exact = not reading.unreadable
    for sq in range(SQUARES):
        piece, got = want.cells[sq], reading.pieces.get(sq)
        if got is not None:
            readings.read_by(got.stage)
        if piece is not None:
            tally["pieces"] += 1
        if piece is None and got is None:
            tally["empty_unreadable"] += sq in unreadable
            continue
        if got is None:
            exact = False
            if sq in unreadable:
                tally["missing"] += 1
            else:
                tally["wrong"] += 1
                readings.wrong_labels.append(f"{name} {square_name(sq)}: a piece read as empty")
            continue
        if piece is None or (piece.army, piece.id) != (got.army, got.id):
            exact = False
            tally["wrong"] += 1
            readings.wrong_labels.append(
                f"{name} {square_name(sq)}: read {got.army.title} {got.id}"
            )
    return exact


def measure(photos: list[tuple[Path, Path]]) -> dict[str, Any]:
    """Read every photo and compare with its truth."""
    from companion.camera.stratego.kit import read_secrets
    from companion.stratego.piecematch import printed_kit
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import score_verdict

    tally = dict.fromkeys(("pieces", "wrong", "missing", "empty_unreadable", "found", "exact"), 0)
    readings = Readings()
    for path, kit in photos:
        secrets = read_secrets(kit)
        truth = json.loads(path.with_suffix(".json").read_text())
        want = State.from_text(truth["state"])
        read = partial(read_photo, printed=printed_kit(secrets))
        reading = readings.read(path, read, partial(score_verdict, secrets=secrets))
        if reading is None:
            continue
        tally["found"] += 1
        exact = judge_squares(want, reading, path.name, tally, readings)
        tally["exact"] += exact
    pieces = max(tally["pieces"], 1)
    return {
        "photos": len(photos),
        "preset": PRESET,
        "first_seed": FIRST_SEED,
        "pieces": tally["pieces"],
        "wrong": tally["wrong"],
        "missing": tally["missing"],
        "piece_error": (tally["wrong"] + tally["missing"]) / pieces,
        "empty_unreadable": tally["empty_unreadable"],
        **readings.figures(len(photos), tally["found"], tally["exact"]),
    }


def main(argv: list[str] | None = None) -> None:
    run_photo_benchmark(__doc__, "companion_stratego", write_kits, make_photos, measure, argv)


if __name__ == "__main__":
    main()
