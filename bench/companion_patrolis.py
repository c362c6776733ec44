"""The Patrolis photo referee on the virtual camera's ``phone`` photos: accuracy and speed.

Run from the project root: ``python -m bench.companion_patrolis [--photos N] [--cache DIR]
[--ink low]`` (200 photos by default). Writes ``bench/results/companion_patrolis.json`` (with
another N, the name says so: ``companion_patrolis_N``; a run on low-ink kits adds ``_ink-low``).

Each photo is a mid-game table (40 to 120 steps,
:func:`companion.camera.patrolis.midgame.mid_game`) of a
kit's first map — four kits, of 2, 3, 4 and 2 players, from seeds away from those the reader was
developed on — whose four board sheets are each laid up to ±2 mm and ±1° off their place. Every
photo is written to disk first (kept in ``--cache`` if given, and reused); what is timed is the
reading alone: the file's bytes in, the verdict out (:func:`read_photo` then
:func:`score_verdict`).

Figures:

* ``steps``: step tiles on the tables photographed (of photos where the board was found);
  ``steps_per_table``: the fewest, median and most tiles seen on one table (a crossing shows
  one tile for its two steps).
* ``wrong_type``, ``wrong_rotation``, ``wrong_owner``: tiles read with that wrong (each counted
  separately); ``wrong_cell``: a tile read on an empty cell, or an empty cell read where a tile
  lies. ``wrong`` is the tiles with anything wrong. The target is zero.
* ``missing``: tiles on cells reported unreadable.
* ``step_error``: (wrong + missing) / steps, and per field ``type_error``, ``rotation_error``,
  ``owner_error`` (that field wrong, or the tile missing) / steps; ``step_wrong``: wrong / steps.
* ``empty_unreadable``: empty cells reported unreadable.
* ``objectives_wrong``: photos whose objectives still on the map were read otherwise.
* ``board_found``: photos where the board was found (no :class:`PhotoError`).
* ``table_exact``: photos read exactly (every cell and objective right, nothing unreadable).
* ``read_by``: the share of tiles read by the whole-photo pass, by the second look and by
  matching (:mod:`companion.patrolis.tilematch`).
* ``seconds``: median, 95th percentile and maximum time per photo.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bench.common import add_ink, ink_cache, save, summary
from bench.photos import Readings, cached_photos, photo_parser, workspace
from patrolkit.games.patrolis import State

KITS = ((9101, 2), (9102, 3), (9103, 4), (9104, 2))
"""(seed, players) of the kits photographed, in turn."""
FIRST_SEED = 40_000
"""Photos are seeded from here on, away from the seeds the reader was developed on."""
PRESET = "phone"


def write_kits(root: Path, ink: str = "normal") -> list[Path]:
    """The benchmark's kits, printed in ``ink``, written under ``root`` once."""
    from generator.patrolis.kit import write_kit

    kits = []
    for seed, players in KITS:
        kit_dir = root / f"patrolis-{seed}-{players}p"
        if not (kit_dir / "kit.json").exists():
            write_kit(seed, kit_dir, players=players, force=True, ink=ink)
        kits.append(kit_dir)
    return kits


def make_photos(count: int, kits: list[Path], out: Path) -> list[Path]:
    """``count`` phone photos written to ``out`` (with their truth), reusing those there."""
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from companion.camera.patrolis.midgame import mid_game
    from companion.camera.patrolis.scene import photograph
    from companion.camera.photo import Photo

    def take(seed: int) -> Photo:
        kit = kits[seed % len(kits)]
        state = mid_game(patrolis_kit_raster(kit), seed)
        return photograph(kit, state, preset=PRESET, seed=seed)

    return cached_photos(range(FIRST_SEED, FIRST_SEED + count), PRESET, out, take)


def measure(paths: list[Path]) -> dict[str, Any]:
    """Read every photo and compare with its truth."""
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import score_verdict

    tally = dict.fromkeys(
        (
            "steps",
            "wrong",
            "wrong_type",
            "wrong_rotation",
            "wrong_owner",
            "wrong_cell",
            "missing",
            "missing_type",
            "empty_unreadable",
            "objectives_wrong",
            "found",
            "exact",
        ),
        0,
    )
    readings = Readings()
    stages, seconds, wrong_labels = readings.stages, readings.seconds, readings.wrong_labels
    per_table: list[int] = []
    for path in paths:
        truth = json.loads(path.with_suffix(".json").read_text())
        state = State.from_text(truth["state"])
        per_table.append(sum(t is not None for t in state.view.tiles))
        reading = readings.read(path, read_photo, score_verdict)
        if reading is None:
            continue
        tally["found"] += 1
        want = state.view
        unreadable = {u.cell for u in reading.unreadable if u.cell is not None}
        exact = not reading.unreadable and set(reading.objectives) == set(want.objectives)
        if set(reading.objectives) != set(want.objectives):
            tally["objectives_wrong"] += 1
        for cell in state.map.cells:
            tile = want.tiles[cell]
            got = reading.tiles.get(cell)
            if tile is not None:
                tally["steps"] += 1
            if got is not None:
                readings.read_by(got.stage)
            if tile is None and got is None:
                if cell in unreadable:
                    tally["empty_unreadable"] += 1
                continue
            if got is None or got.tile is None:
                if cell in unreadable and (got is None):
                    tally["missing"] += 1
                else:
                    tally["wrong"] += 1
                    tally["wrong_cell"] += 1
                    wrong_labels.append(f"{path.name} {state.map.name(cell)}: {tile} read as empty")
                exact = False
                continue
            if tile is None:
                tally["wrong"] += 1
                tally["wrong_cell"] += 1
                wrong_labels.append(f"{path.name} {state.map.name(cell)}: empty read as a tile")
                exact = False
                continue
            read = got.tile
            fields = {
                "wrong_type": read.shape is not tile.shape,
                "wrong_rotation": read.rotation != tile.rotation,
                "wrong_owner": read.owner != tile.owner,
            }
            for key, bad in fields.items():
                tally[key] += int(bad)
            if any(fields.values()):
                tally["wrong"] += 1
                wrong_labels.append(f"{path.name} {state.map.name(cell)}: {tile} read as {read}")
                exact = False
        tally["exact"] += int(exact)
    steps = max(tally["steps"], 1)
    photos = len(paths)
    read_total = max(sum(stages.values()), 1)
    return {
        "photos": photos,
        "preset": PRESET,
        "steps": tally["steps"],
        "steps_per_table": {
            "min": min(per_table),
            "median": sorted(per_table)[len(per_table) // 2],
            "max": max(per_table),
        },
        "wrong": tally["wrong"],
        "wrong_type": tally["wrong_type"],
        "wrong_rotation": tally["wrong_rotation"],
        "wrong_owner": tally["wrong_owner"],
        "wrong_cell": tally["wrong_cell"],
        "missing": tally["missing"],
        "step_error": round((tally["wrong"] + tally["missing"]) / steps, 6),
        "type_error": round((tally["wrong_type"] + tally["missing"]) / steps, 6),
        "rotation_error": round((tally["wrong_rotation"] + tally["missing"]) / steps, 6),
        "owner_error": round((tally["wrong_owner"] + tally["missing"]) / steps, 6),
        "step_wrong": round(tally["wrong"] / steps, 6),
        "empty_unreadable": tally["empty_unreadable"],
        "objectives_wrong": tally["objectives_wrong"],
        "board_found": round(tally["found"] / photos, 4),
        "table_exact": round(tally["exact"] / photos, 4),
        "read_by": {k: round(v / read_total, 5) for k, v in sorted(stages.items())},
        "seconds": {k: round(v, 3) for k, v in summary(seconds).items()} if seconds else {},
        "refused": readings.refused,
        "wrong_labels": wrong_labels[:20],
    }


def main(argv: list[str] | None = None) -> None:
    parser = photo_parser(__doc__)
    parser.add_argument("--make-only", action="store_true", help="only write the photos")
    add_ink(parser)
    args = parser.parse_args(argv)
    with workspace(ink_cache(args.cache, args.ink)) as (kits, photos):
        paths = make_photos(args.photos, write_kits(kits, args.ink), photos)
        if args.make_only:
            return
        figures = measure(paths)
    name = "companion_patrolis" if args.photos == 200 else f"companion_patrolis_{args.photos}"
    save(name, figures, ink=args.ink)


if __name__ == "__main__":
    main()
