"""The Rôdeurs photo referee on the virtual camera's photos: accuracy and speed per preset.

Run from the project root: ``python -m bench.companion_rodeurs [--photos N] [--presets P ...]
[--ink low]`` (N photos per preset, 200 by default). Writes
``bench/results/companion_rodeurs.json`` (a run of only some presets adds their names, a run on
low-ink kits ``_ink-low``).

For each preset (``top``, ``phone``, ``hard``) N photos are made of random positions — mid-game or
finished, as :func:`companion.camera.rodeurs.position.random_position` draws them — on random
layouts (a few kits, each written once). Every photo is written to disk first; what is timed is the
reading alone: the file's bytes in, the verdict out (:func:`read_photo` then :func:`score_verdict`).
The ``phone`` photos are then read again with the pyzbar decoder.

Figures per preset:

* ``tokens``: pawns on the boards photographed (of photos where the board was found).
* ``wrong``: cells read as something they are not — a pawn of another colour, a pawn where the
  cell is empty, empty where a pawn stands. The target is zero on every preset.
* ``missing``: pawns whose cell was reported unreadable.
* ``token_error``: (wrong pawn cells + missing) / tokens; ``token_wrong``: wrong / tokens.
* ``empty_unreadable``: empty cells reported unreadable (a photo then cannot be judged).
* ``board_exact``: photos read exactly (every cell right, none unreadable), over all photos.
* ``board_found``: photos where the board was found (no :class:`PhotoError`).
* ``read_by``: share of the tokens read by each stage of the cascade (whole photo, rectified
  cells at 12 px/mm, at 16 px/mm with unsharp mask).
* ``seconds``: median, 95th percentile and maximum time per photo.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import add_ink, save, stopwatch, summary
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from companion.rodeurs.reader import read_photo
from companion.rodeurs.reading import CellStatus
from companion.rodeurs.verdict import score_verdict
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout
from patrolkit.errors import PhotoError
from patrolkit.games.rodeurs import State

PRESETS = ("top", "phone", "hard")
KITS = 4
"""Layouts photographed (one kit each), in turn."""
FIRST_SEED = 20_000
"""Photos are seeded from here on, away from the seeds the reader was developed and checked on."""


def make_photos(preset: str, count: int, kits: list[Path], out: Path) -> list[tuple[Path, str]]:
    """``count`` photos of ``preset`` written to ``out``; each with its true position's text."""
    photos = []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        kit = kits[seed % len(kits)]
        state = random_position(random_layout(seed % len(kits)), seed)
        photo = photograph(kit, state, preset=preset, seed=seed)
        path = out / f"{preset}-{seed}.jpg"
        path.write_bytes(photo.jpeg)
        photos.append((path, state.text))
    return photos


def read_all(photos: list[tuple[Path, str]], decoder: str) -> dict[str, Any]:
    """Read every photo with ``decoder`` and compare with the truth."""
    tally: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    seconds: list[float] = []
    refusals: list[str] = []
    for path, truth_text in photos:
        truth = State.from_text(truth_text)
        data = path.read_bytes()
        tally["photos"] += 1
        try:
            with stopwatch(seconds):
                reading = read_photo(data, decoder=decoder)
                score_verdict(reading)
        except PhotoError as exc:
            refusals.append(f"{path.name}: {exc}")
            continue
        tally["found"] += 1
        exact = True
        for cell in reading.cells:
            pawn = truth.pawns[cell.square]
            tally["tokens"] += pawn is not None
            if cell.status is CellStatus.UNREADABLE:
                exact = False
                tally["missing" if pawn is not None else "empty_unreadable"] += 1
            elif cell.pawn != pawn:
                exact = False
                tally["wrong"] += 1
                tally["wrong_on_pawns"] += pawn is not None
        tally["exact"] += exact
        stages.update(t.stage for t in reading.tokens if t.square is not None)
    tokens = max(tally["tokens"], 1)
    return {
        "photos": tally["photos"],
        "tokens": tally["tokens"],
        "wrong": tally["wrong"],
        "missing": tally["missing"],
        "token_error": round((tally["wrong_on_pawns"] + tally["missing"]) / tokens, 5),
        "token_wrong": round(tally["wrong"] / tokens, 5),
        "empty_unreadable": tally["empty_unreadable"],
        "board_exact": round(tally["exact"] / max(tally["photos"], 1), 4),
        "board_found": round(tally["found"] / max(tally["photos"], 1), 4),
        "read_by": {stage: round(n / tokens, 5) for stage, n in sorted(stages.items())},
        "seconds": {k: round(v, 3) for k, v in summary(seconds).items()} if seconds else {},
        "refused": refusals[:10],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="photos per preset (200)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), choices=PRESETS)
    add_ink(parser)
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"photos_per_preset": args.photos}
    with tempfile.TemporaryDirectory(prefix="pk-bench-") as tmp:
        root = Path(tmp)
        kits = []
        for number in range(KITS):
            kit = root / f"kit-{number}"
            write_kit(random_layout(number), kit, ink=args.ink)
            kits.append(kit)
        photos = {}
        for preset in args.presets:
            photos[preset] = make_photos(preset, args.photos, kits, root)
            figures[preset] = read_all(photos[preset], "zxing")
            print(preset, figures[preset], flush=True)
        if "phone" in photos:
            figures["phone_pyzbar"] = read_all(photos["phone"], "pyzbar")
            print("phone_pyzbar", figures["phone_pyzbar"], flush=True)
    name = "companion_rodeurs"
    if list(args.presets) != list(PRESETS):
        name += "_" + "-".join(args.presets)  # a partial run never hides the full figures
    save(name, figures, ink=args.ink)


if __name__ == "__main__":
    main()
