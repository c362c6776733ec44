"""The Stratego board's corner codes behind the standing pieces: phone photos of a full setup
at a fixed tilt of 25°, 30° and 35°.

Run from the project root: ``python -m bench.stratego_tilt [--photos N] [--cache DIR]`` (40
photos per tilt by default). Writes ``bench/results/stratego_tilt.json``.

The corner codes sit in the board's outer margins, :attr:`Stratego.CODE_GAP_MM
<patrolkit.sizes.stratego.Stratego.CODE_GAP_MM>` outside the grid, beside the home rows where
both armies stand at the start of a game: a 15 mm piece on an edge cell hides the table behind
it over 15 x tan(tilt) mm, more towards the photo's far side. Each photo is a random setup of
both armies (every edge cell of both home rows taken) on one of two kits, an A4 one (30 mm
cells, four sheets) and an A3 one (27 mm cells, one sheet, the pieces nearer the codes),
alternately; the camera's yaw and everything else the ``phone`` preset draws come from the
seed, only the tilt is set. The same seeds are photographed at every tilt.

Figures, per tilt:

* ``board_found``: photos where the board was found (no :class:`PhotoError`); ``refused`` says why
  the others were not.
* ``corner_codes``: corner codes read (those that agree on their sheet's pose and those set
  aside) and expected, over the photos where the board was found, in all and by paper;
  ``corner_codes_lost``: photos (board found) where one code or more was not read.
* ``wrong``: wrong labels (a piece read with another army or id, a piece read on an empty cell or
  an empty cell where a piece stands); the target is zero. ``missing``: pieces reported
  unreadable; ``empty_unreadable``: empty cells reported unreadable.
* ``table_exact``: photos read exactly (every cell right, nothing unreadable).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import save
from bench.companion_stratego import judge_squares
from bench.photos import Readings, cached_photos, photo_parser, workspace
from patrolkit.games.stratego import State
from patrolkit.sizes.stratego import Stratego

TILTS = (25.0, 30.0, 35.0)
KITS = ((7111, "a4"), (7112, "a3"))
"""The seeds of the kits' secrets, and their paper."""
FIRST_SEED = 64_000
"""Photos are seeded from here on, away from the seeds the reader was developed on."""
PRESET = "phone"


def _entropy(seed: int) -> Callable[[int], bytes]:
    """Random bytes drawn from ``seed``: the benchmark's kits can be made again."""
    rng = random.Random(seed)
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


def write_kits(root: Path) -> list[Path]:
    """The benchmark's kits, written under ``root`` once (the codes' gap is in the folder's
    name, so a kit printed with other sizes is not reused)."""
    from generator.stratego.kit import write_kit

    kits = []
    for seed, paper in KITS:
        gap = Stratego.CODE_GAP_MM
        kit_dir = root / f"stratego-{seed}-{paper}-gap{gap:g}"
        if not (kit_dir / "kit.json").exists():
            write_kit(kit_dir, seed=seed, paper=paper, force=True, entropy=_entropy(seed))
        kits.append(kit_dir)
    return kits


def kit_for(kits: list[Path], seed: int) -> Path:
    return kits[seed % len(kits)]


def make_photos(count: int, tilt: float, kits: list[Path], out: Path) -> list[Path]:
    """``count`` phone photos at ``tilt`` written under ``out`` (with their truth), reusing those
    there."""
    from companion.camera.photo import Photo
    from companion.camera.stratego.kit import stratego_kit_raster
    from companion.camera.stratego.positions import setup_position
    from companion.camera.stratego.scene import photograph

    def take(seed: int) -> Photo:
        kit = kit_for(kits, seed)
        state = setup_position(stratego_kit_raster(kit).secrets, seed)
        return photograph(kit, state, preset=PRESET, seed=seed, tilt_deg=tilt)

    folder = out / f"{kits[0].name}-tilt{tilt:g}"
    folder.mkdir(parents=True, exist_ok=True)
    return cached_photos(range(FIRST_SEED, FIRST_SEED + count), PRESET, folder, take)


def measure(photos: list[Path]) -> dict[str, Any]:
    """Read every photo and compare with its truth."""
    from companion.stratego.reader import read_photo

    keys = ("pieces", "wrong", "missing", "empty_unreadable", "found", "exact", "codes_lost")
    tally = dict.fromkeys(keys, 0)
    codes = {paper: {"read": 0, "expected": 0} for _, paper in KITS}
    readings = Readings()
    yaws = []
    for path in photos:
        truth = json.loads(path.with_suffix(".json").read_text())
        yaws.append(round(truth["camera"]["yaw_deg"]))
        want = State.from_text(truth["state"])
        reading = readings.read(path, read_photo, lambda _: None)
        if reading is None:
            continue
        tally["found"] += 1
        expected = sum(len(plan.fiducials) for plan in Stratego.sheets(reading.cell_mm))
        read = sum(len(s.corners_seen) + len(s.set_aside) for s in reading.sheets)
        paper = "a3" if reading.cell_mm == Stratego.A3_CELL_MM else "a4"
        codes[paper]["read"] += read
        codes[paper]["expected"] += expected
        tally["codes_lost"] += read < expected
        exact = judge_squares(want, reading, path.name, tally, readings)
        tally["exact"] += exact
    figures = readings.figures(len(photos), tally["found"], tally["exact"])
    return {
        "photos": len(photos),
        "board_found": figures["board_found"],
        "corner_codes": {
            "read": sum(c["read"] for c in codes.values()),
            "expected": sum(c["expected"] for c in codes.values()),
            **codes,
        },
        "corner_codes_lost": tally["codes_lost"],
        "pieces": tally["pieces"],
        "wrong": tally["wrong"],
        "missing": tally["missing"],
        "empty_unreadable": tally["empty_unreadable"],
        "table_exact": figures["table_exact"],
        "yaw_deg": yaws,
        "seconds": figures["seconds"],
        "refused": figures["refused"],
        "wrong_labels": figures["wrong_labels"],
    }


def main(argv: list[str] | None = None) -> None:
    parser = photo_parser(__doc__)
    parser.set_defaults(photos=40)
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {
        "preset": PRESET,
        "first_seed": FIRST_SEED,
        "kits": [f"{paper} ({seed})" for seed, paper in KITS],
        "code_gap_mm": Stratego.CODE_GAP_MM,
    }
    with workspace(args.cache) as (kit_root, out):
        kits = write_kits(kit_root)
        for tilt in TILTS:
            figures[f"tilt_{tilt:g}"] = measure(make_photos(args.photos, tilt, kits, out))
            print(f"tilt {tilt:g}:", json.dumps(figures[f"tilt_{tilt:g}"])[:400], flush=True)
    save("stratego_tilt", figures)


if __name__ == "__main__":
    main()
