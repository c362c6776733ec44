"""The grand jeu photo referee on the virtual camera's ``phone`` photos: accuracy and speed.

Run from the project root: ``python -m bench.companion_grand_jeu [--photos N] [--cache DIR]
[--ink low]`` (200 photos by default). Writes ``bench/results/companion_grand_jeu.json``
(``photos`` says how many were read; a run on low-ink kits writes ``..._ink-low.json``).

Each photo is of one of three kits: two patrols on 8 x 8 (A4), four patrols on 10 x 10 (A4),
three patrols on 10 x 10 (A3), in turn. Its position is a seeded mid-game, 4 to 40 random turns
from the start (:mod:`companion.camera.grand_jeu.positions`), with its prisoners in their
prisons; the board sheets each lie up to ±2 mm and ±1° off their place and every scout up to
±1.5 mm and ±5° off its cell's centre and its direction. Every photo is written to disk first
(kept in ``--cache`` if given, and reused); what is timed is the reading alone: the file's bytes
in, the verdict out (:func:`read_photo` then :func:`score_verdict`).

Figures:

* ``scouts``: scouts on cells on the tables photographed (of photos where the board was found).
* ``cell_wrong``, ``owner_wrong``, ``direction_wrong``: scouts read on a cell where none lies or
  read as empty (cell), read with another patrol (owner), read facing another way (direction);
  ``wrong``: every wrong label of the three kinds. The target is zero.
* ``missing``: scouts on cells reported unreadable; ``scout_error``: (wrong + missing) /
  scouts.
* ``prisoners_wrong``: prisons whose count was read wrong; ``prisoners_unreported``: those of
  them read with more prisoners than lie there, or fewer with no slot of that prison reported
  unreadable (a silent wrong count: the target is zero).
* ``board_found``: photos where the board was found (no :class:`PhotoError`).
* ``table_exact``: photos read exactly (every scout and prisoner right, nothing unreadable).
* ``read_by``: the share of scouts read by the whole-photo pass and by the second look.
* ``seconds``: median, 95th percentile and maximum time per photo.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.photos import Readings, cached_photos, run_photo_benchmark
from patrolkit.games.grand_jeu import Patrol, State, cell_name

KITS = (("8x8-a4", 2, "a4"), ("10x10-a4", 4, "a4"), ("10x10-a3", 3, "a3"))
FIRST_SEED = 90_000
"""Photos are seeded from here on, away from the seeds the reader was developed on (its last
fixes were checked on 80,000–80,199, so those are not fresh any more)."""
PRESET = "phone"


def write_kits(root: Path, ink: str = "normal") -> list[Path]:
    """The benchmark's kits, printed in ``ink``, written under ``root`` once."""
    from generator.grand_jeu.kit import write_kit

    kits = []
    for name, players, paper in KITS:
        kit_dir = root / f"grand-jeu-{name}"
        if not (kit_dir / "kit.json").exists():
            write_kit(kit_dir, seed=11, paper=paper, players=players, force=True, ink=ink)
        kits.append(kit_dir)
    return kits


def make_photos(count: int, kits: list[Path], out: Path) -> list[Path]:
    """``count`` phone photos written to ``out`` (with their truth), reusing those there."""
    from companion.camera.grand_jeu.kit import grand_jeu_kit_raster
    from companion.camera.grand_jeu.positions import kit_options, mid_game
    from companion.camera.grand_jeu.scene import photograph
    from companion.camera.photo import Photo

    def take(seed: int) -> Photo:
        kit = kits[seed % len(kits)]
        state = mid_game(kit_options(grand_jeu_kit_raster(kit).players, "017"), seed)
        return photograph(kit, state, preset=PRESET, seed=seed)

    return cached_photos(range(FIRST_SEED, FIRST_SEED + count), PRESET, out, take)


def prison_reported(reading: Any, patrol: Patrol, count: int, lying: int) -> bool:
    """Whether ``patrol``'s prison, read with ``count`` prisoners where ``lying`` lie, says so:
    fewer read, and a slot of that prison reported unreadable (a prisoner read that is not there
    is never reported)."""
    prison = f"{patrol.title}'s prison"
    return count < lying and any(u.cell is None and prison in u.reason for u in reading.unreadable)


def measure(photos: list[Path]) -> dict[str, Any]:
    """Read every photo and compare with its truth."""
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import score_verdict

    keys = ("scouts", "cell_wrong", "owner_wrong", "direction_wrong", "missing")
    tally = dict.fromkeys((*keys, "prisoners_wrong", "prisoners_unreported", "found", "exact"), 0)
    readings = Readings()
    wrong_labels = readings.wrong_labels
    for path in photos:
        truth = json.loads(path.with_suffix(".json").read_text())
        want = State.from_text(truth["state"])
        reading = readings.read(path, read_photo, score_verdict)
        if reading is None:
            continue
        tally["found"] += 1
        unreadable = {u.cell for u in reading.unreadable if u.cell is not None}
        exact = not reading.unreadable
        lying = {s.cell: s for s in want.scouts}
        for c in sorted(set(lying) | set(reading.scouts)):
            scout, got = lying.get(c), reading.scouts.get(c)
            if got is not None:
                readings.read_by(got.stage)
            if scout is not None:
                tally["scouts"] += 1
            if got is None:
                exact = False
                if c in unreadable:
                    tally["missing"] += 1
                else:
                    tally["cell_wrong"] += 1
                    wrong_labels.append(f"{path.name} {cell_name(c)}: a scout read as empty")
                continue
            if scout is None:
                exact = False
                tally["cell_wrong"] += 1
                wrong_labels.append(f"{path.name} {cell_name(c)}: a scout read on an empty cell")
                continue
            if got.patrol is not scout.patrol:
                exact = False
                tally["owner_wrong"] += 1
                wrong_labels.append(f"{path.name} {cell_name(c)}: read {got.patrol.title}")
            if got.direction is not scout.direction:
                exact = False
                tally["direction_wrong"] += 1
                wrong_labels.append(
                    f"{path.name} {cell_name(c)}: read facing {got.direction.value}, not"
                    f" {scout.direction.value}"
                )
        for patrol in want.options.patrols:
            count = sum(p.patrol is patrol for p in reading.prisoners)
            if count != want.prisoners_of(patrol):
                exact = False
                tally["prisoners_wrong"] += 1
                if not prison_reported(reading, patrol, count, want.prisoners_of(patrol)):
                    tally["prisoners_unreported"] += 1
                    wrong_labels.append(
                        f"{path.name}: {patrol.title}'s prison read with {count} prisoners, not"
                        f" {want.prisoners_of(patrol)}, and no slot reported"
                    )
        tally["exact"] += exact
    scouts = max(tally["scouts"], 1)
    wrong = tally["cell_wrong"] + tally["owner_wrong"] + tally["direction_wrong"]
    return {
        "photos": len(photos),
        "preset": PRESET,
        "first_seed": FIRST_SEED,
        "scouts": tally["scouts"],
        "wrong": wrong,
        "cell_wrong": tally["cell_wrong"],
        "owner_wrong": tally["owner_wrong"],
        "direction_wrong": tally["direction_wrong"],
        "missing": tally["missing"],
        "scout_error": (wrong + tally["missing"]) / scouts,
        "prisoners_wrong": tally["prisoners_wrong"],
        "prisoners_unreported": tally["prisoners_unreported"],
        **readings.figures(len(photos), tally["found"], tally["exact"]),
    }


def main(argv: list[str] | None = None) -> None:
    run_photo_benchmark(__doc__, "companion_grand_jeu", write_kits, make_photos, measure, argv)


if __name__ == "__main__":
    main()
