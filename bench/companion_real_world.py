"""Every photo referee on phone photos with one real-world effect each: what is found, read
exactly, read wrong, and how fast.

Run from the project root: ``python -m bench.companion_real_world [--photos N] [--games G ...]
[--effects E ...] [--ink low]`` (40 photos per game and effect by default). Writes
``bench/results/companion_real_world.json`` (a run of only some games or effects adds their names,
so it never hides the full figures; a run on low-ink kits adds ``_ink-low``).

For each game and each effect of :data:`companion.camera.presets.EFFECTS` (messaging-app resizing
and recompression, hand-shake motion blur, missed focus, barrel distortion, a hard shadow, low
light with noise, curled paper, a strong glare spot), N photos are made of fresh seeds (from
:data:`FIRST_SEED` on, away from the seeds of the other benchmarks; the same seeds for every
effect, so each effect is the same ``phone`` shot with that effect): Rôdeurs positions on four
layouts, Patrolis mid-game tables of three kits, 12 Patrols kingdoms of the three shipped decks,
Stratego setups and mid-games of the two kits of :mod:`bench.companion_stratego` (judged with
the two secrets written beside each kit), grand jeu mid-games of the three kits of
:mod:`bench.companion_grand_jeu`. The kits are made once per run. What is timed is the reading
alone: the JPEG's bytes in, the verdict out.

Figures per game and effect:

* ``board_found``: photos not refused (no :class:`PhotoError`).
* ``table_exact``: photos read exactly — every place right, nothing unreadable.
* ``wrong``: places read as something they are not — Rôdeurs: a cell with another pawn, a pawn
  where it is empty, empty where a pawn stands; Patrolis: a step tile with a wrong shape,
  rotation or owner, a tile on an empty cell or an empty cell where a tile lies, an objective
  counted taken (or still there) without its cell being reported; 12 Patrols: an item with a
  wrong value or place, a card on another place than its own, a kingdom judged that is not the
  one on the table (an item or a card left out with nothing reported); Stratego: a piece read with
  another army or id, a piece read on an empty cell, an empty cell read where a piece stands
  without the cell being reported unreadable; grand jeu: a scout read with a wrong cell (on an
  empty cell, or empty where a scout lies without the cell being reported), owner or
  direction, a prison whose prisoners are counted wrong with no slot of it reported unreadable.
  The target is zero.
* ``unreadable``: places reported unreadable (honest, but the table cannot be judged).
* ``crashed``: photos whose reading ended in anything but a :class:`PhotoError`.
* ``seconds``: median, 95th percentile and maximum time per photo read.
* ``refused``, ``wrong_labels``: the first few of each, to look at.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import add_ink, save, stopwatch, summary
from companion.camera.presets import EFFECTS
from patrolkit.errors import PhotoError

GAMES: tuple[str, ...] = ("rodeurs", "patrolis", "twelve-patrols", "stratego", "grand-jeu")
FIRST_SEED = 70_000
"""Photos are seeded from here on, away from the seeds of the other benchmarks."""
RODEURS_LAYOUTS = 4
PATROLIS_KITS = ((9301, 2), (9302, 3), (9303, 4))
"""(seed, players) of the Patrolis kits photographed, in turn."""
KEEP = 8
"""How many refusals and wrong labels are kept per game and effect."""


@dataclass
class Judged:
    """What one photo was read as, against its truth."""

    wrong: list[str] = field(default_factory=list)
    unreadable: int = 0
    exact: bool = False


@dataclass(frozen=True)
class Game:
    """How to photograph a game and judge its readings: ``kits`` writes the kits under a
    folder, printed in an ink; ``table`` photographs one (kits, preset, seed) and returns the
    JPEG and its truth; ``judge`` reads a JPEG and compares the reading with the truth."""

    kits: Callable[[Path, str], list[Path]]
    table: Callable[[list[Path], str, int], tuple[bytes, Any]]
    judge: Callable[[bytes, Any], Judged]


# -- Rôdeurs ----------------------------------------------------------------------------------


def _rodeurs_kits(root: Path, ink: str) -> list[Path]:
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout

    kits = []
    for number in range(RODEURS_LAYOUTS):
        kit = root / f"rodeurs-{number}"
        write_kit(random_layout(number), kit, ink=ink)
        kits.append(kit)
    return kits


def _rodeurs_table(kits: list[Path], preset: str, seed: int) -> tuple[bytes, Any]:
    from companion.camera.rodeurs.position import random_position
    from companion.camera.rodeurs.scene import photograph
    from generator.rodeurs.layouts import random_layout

    state = random_position(random_layout(seed % len(kits)), seed)
    return photograph(kits[seed % len(kits)], state, preset=preset, seed=seed).jpeg, state


def _rodeurs_judge(jpeg: bytes, state: Any) -> Judged:
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.reading import CellStatus
    from companion.rodeurs.verdict import score_verdict
    from patrolkit.games.rodeurs import square_name

    reading = read_photo(jpeg)
    score_verdict(reading)
    judged = Judged()
    for cell in reading.cells:
        pawn = state.pawns[cell.square]
        if cell.status is CellStatus.UNREADABLE:
            judged.unreadable += 1
        elif cell.pawn != pawn:
            judged.wrong.append(f"{square_name(cell.square)}: {pawn} read as {cell.pawn}")
    judged.exact = not judged.wrong and not judged.unreadable
    return judged


# -- Patrolis ---------------------------------------------------------------------------------


def _patrolis_kits(root: Path, ink: str) -> list[Path]:
    from generator.patrolis.kit import write_kit

    kits = []
    for seed, players in PATROLIS_KITS:
        kit = root / f"patrolis-{seed}-{players}p"
        write_kit(seed, kit, players=players, force=True, ink=ink)
        kits.append(kit)
    return kits


def _patrolis_table(kits: list[Path], preset: str, seed: int) -> tuple[bytes, Any]:
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from companion.camera.patrolis.midgame import mid_game
    from companion.camera.patrolis.scene import photograph

    kit = kits[seed % len(kits)]
    state = mid_game(patrolis_kit_raster(kit), seed)
    return photograph(kit, state, preset=preset, seed=seed).jpeg, state


def _patrolis_judge(jpeg: bytes, state: Any) -> Judged:
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import score_verdict

    reading = read_photo(jpeg)
    score_verdict(reading)
    name = state.map.name
    want = state.view
    reported = {u.cell for u in reading.unreadable if u.cell is not None}
    judged = Judged(unreadable=len(reading.unreadable))
    for cell in state.map.cells:
        tile, got = want.tiles[cell], reading.tiles.get(cell)
        read = got.tile if got is not None else None
        if tile is None and read is None:
            continue
        if read is None:
            if not (got is None and cell in reported):
                judged.wrong.append(f"{name(cell)}: {tile} read as empty")
        elif tile is None:
            judged.wrong.append(f"{name(cell)}: empty read as {read}")
        elif (read.shape, read.rotation, read.owner) != (tile.shape, tile.rotation, tile.owner):
            judged.wrong.append(f"{name(cell)}: {tile} read as {read}")
    for cell in set(want.objectives) ^ set(reading.objectives):
        if cell in want.objectives and cell in reported:
            continue  # its code was reported unreadable: missing, not taken
        there = "counted taken" if cell in want.objectives else "read where none is"
        judged.wrong.append(f"{name(cell)}: objective {there}")
    judged.exact = (
        not judged.wrong
        and not reading.unreadable
        and set(reading.objectives) == set(want.objectives)
    )
    return judged


# -- 12 Patrols -------------------------------------------------------------------------------


def _patrols_kits(root: Path, ink: str) -> list[Path]:
    from generator.twelve_patrols.kit import write_kit
    from patrolkit.games.twelve_patrols import DIFFICULTIES, shipped_decks

    kits = []
    for difficulty in DIFFICULTIES:
        kit = root / f"twelve-patrols-{difficulty}"
        write_kit(shipped_decks()[difficulty].deck, kit, ink=ink)
        kits.append(kit)
    return kits


def _patrols_table(kits: list[Path], preset: str, seed: int) -> tuple[bytes, Any]:
    from companion.camera.twelve_patrols.layout import random_setup
    from companion.camera.twelve_patrols.scene import photograph
    from patrolkit.games.twelve_patrols import DIFFICULTIES, shipped_decks

    index = seed % len(DIFFICULTIES)
    setup = random_setup(shipped_decks()[DIFFICULTIES[index]].deck, seed)
    return photograph(kits[index], setup, preset=preset, seed=seed).jpeg, setup


def _patrols_judge(jpeg: bytes, setup: Any) -> Judged:
    from bench.companion_twelve_patrols import labels_of_truth, labels_read
    from companion.twelve_patrols.reader import read_photo
    from companion.twelve_patrols.verdict import score_verdict

    reading = read_photo(jpeg)
    verdict = score_verdict(reading)
    truth, read = labels_of_truth(setup), labels_read(reading)
    judged = Judged(unreadable=len(verdict["unreadable"]))
    for key, label in read.items():
        if key in truth and truth[key] != label:
            judged.wrong.append(f"item {truth[key][0]} at {truth[key][1]} read as {label}")
        elif key not in truth and label[1] != "astray":
            judged.wrong.append(f"item {label} read where there is none")
    kingdom = setup.kingdom
    places = {kingdom.deck.number(c): p for p in kingdom.placed if (c := kingdom.card_at(p))}
    for card in reading.cards:
        if places.get(card.number) != card.position:
            judged.wrong.append(f"card {card.number} read at {card.position}")
    if verdict["judged"] and verdict["state"] != kingdom.text:  # an item or card left out unseen
        judged.wrong.append(f"kingdom judged as {verdict['state']}, not {kingdom.text}")
    judged.exact = bool(verdict["judged"]) and verdict["state"] == kingdom.text
    return judged


# -- Stratego ---------------------------------------------------------------------------------


def _stratego_kits(root: Path, ink: str) -> list[Path]:
    from bench.companion_stratego import write_kits

    return write_kits(root, ink)


def _stratego_table(kits: list[Path], preset: str, seed: int) -> tuple[bytes, Any]:
    from companion.camera.stratego.kit import read_secrets, stratego_kit_raster
    from companion.camera.stratego.positions import mid_game, setup_position
    from companion.camera.stratego.scene import photograph

    kit = kits[(seed // 2) % len(kits)]
    secrets = stratego_kit_raster(kit).secrets
    state = setup_position(secrets, seed) if seed % 2 == 0 else mid_game(secrets, seed)
    return photograph(kit, state, preset=preset, seed=seed).jpeg, (state, read_secrets(kit))


def _stratego_judge(jpeg: bytes, truth: Any) -> Judged:
    from bench.companion_stratego import judge_squares
    from bench.photos import Readings
    from companion.stratego.piecematch import printed_kit
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import score_verdict

    state, secrets = truth
    reading = read_photo(jpeg, printed=printed_kit(secrets))
    score_verdict(reading, secrets)
    tally = dict.fromkeys(("pieces", "wrong", "missing", "empty_unreadable"), 0)
    seen = Readings()
    exact = judge_squares(state, reading, "photo", tally, seen)
    return Judged(wrong=seen.wrong_labels, unreadable=len(reading.unreadable), exact=exact)


# -- grand jeu --------------------------------------------------------------------------------


def _grand_jeu_kits(root: Path, ink: str) -> list[Path]:
    from bench.companion_grand_jeu import write_kits

    return write_kits(root, ink)


def _grand_jeu_table(kits: list[Path], preset: str, seed: int) -> tuple[bytes, Any]:
    from companion.camera.grand_jeu.kit import grand_jeu_kit_raster
    from companion.camera.grand_jeu.positions import kit_options, mid_game
    from companion.camera.grand_jeu.scene import photograph

    kit = kits[seed % len(kits)]
    state = mid_game(kit_options(grand_jeu_kit_raster(kit).players, "017"), seed)
    return photograph(kit, state, preset=preset, seed=seed).jpeg, state


def _grand_jeu_judge(jpeg: bytes, state: Any) -> Judged:
    from bench.companion_grand_jeu import prison_reported
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import score_verdict
    from patrolkit.games.grand_jeu import cell_name

    reading = read_photo(jpeg)
    score_verdict(reading)
    reported = {u.cell for u in reading.unreadable if u.cell is not None}
    judged = Judged(unreadable=len(reading.unreadable))
    lying = {s.cell: s for s in state.scouts}
    for cell in sorted(set(lying) | set(reading.scouts)):
        scout, got = lying.get(cell), reading.scouts.get(cell)
        name = cell_name(cell)
        if got is None:
            if scout is not None and cell not in reported:
                judged.wrong.append(f"{name}: a scout of {scout.patrol.title} read as empty")
        elif scout is None:
            judged.wrong.append(f"{name}: empty read as a scout of {got.patrol.title}")
        else:
            if got.patrol is not scout.patrol:
                judged.wrong.append(
                    f"{name}: {scout.patrol.title}'s scout read as {got.patrol.title}"
                )
            if got.direction is not scout.direction:
                judged.wrong.append(
                    f"{name}: read facing {got.direction.value}, not {scout.direction.value}"
                )
    for patrol in state.options.patrols:
        count, lying = (
            sum(p.patrol is patrol for p in reading.prisoners),
            state.prisoners_of(patrol),
        )
        if count != lying and not prison_reported(reading, patrol, count, lying):
            judged.wrong.append(
                f"{patrol.title}: {lying} prisoners counted {count}, no slot of its prison"
                " reported unreadable"
            )
    judged.exact = not judged.wrong and not reading.unreadable
    return judged


GAME = {
    "rodeurs": Game(_rodeurs_kits, _rodeurs_table, _rodeurs_judge),
    "patrolis": Game(_patrolis_kits, _patrolis_table, _patrolis_judge),
    "twelve-patrols": Game(_patrols_kits, _patrols_table, _patrols_judge),
    "stratego": Game(_stratego_kits, _stratego_table, _stratego_judge),
    "grand-jeu": Game(_grand_jeu_kits, _grand_jeu_table, _grand_jeu_judge),
}


# -- the run ----------------------------------------------------------------------------------


def measure(game: Game, kits: list[Path], effect: str, count: int) -> dict[str, Any]:
    """Photograph ``count`` tables with ``effect`` and read each."""
    found = exact = unreadable = crashed = 0
    wrong: list[str] = []
    refused: list[str] = []
    seconds: list[float] = []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        jpeg, truth = game.table(kits, effect, seed)
        try:
            with stopwatch(seconds):
                judged = game.judge(jpeg, truth)
        except PhotoError as exc:
            refused.append(f"{seed}: {exc}")
            continue
        except Exception as exc:  # a crash is a finding, not the end of the run
            crashed += 1
            refused.append(f"{seed}: crashed: {type(exc).__name__}: {exc}")
            continue
        found += 1
        exact += judged.exact
        unreadable += judged.unreadable
        wrong += [f"{seed} {label}" for label in judged.wrong]
    return {
        "photos": count,
        "board_found": round(found / count, 4),
        "table_exact": round(exact / count, 4),
        "wrong": len(wrong),
        "unreadable": unreadable,
        "crashed": crashed,
        "seconds": {k: round(v, 3) for k, v in summary(seconds).items()} if seconds else {},
        "refused": refused[:KEEP],
        "wrong_labels": wrong[:KEEP],
    }


def table(figures: dict[str, dict[str, dict[str, Any]]]) -> str:
    """The figures as a text table, a row per game and effect."""
    lines = [
        f"{'game':<15}{'effect':<11}{'found':>7}{'exact':>7}{'wrong':>7}{'unread':>8}"
        f"{'median s':>10}{'p95 s':>8}"
    ]
    for game, effects in figures.items():
        for effect, f in effects.items():
            s = f["seconds"]
            lines.append(
                f"{game:<15}{effect:<11}{f['board_found']:>7.0%}{f['table_exact']:>7.0%}"
                f"{f['wrong']:>7}{f['unreadable']:>8}"
                f"{s.get('median_s', float('nan')):>10.2f}{s.get('p95_s', float('nan')):>8.2f}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=40, help="photos per game and effect (40)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--effects", nargs="+", default=list(EFFECTS), choices=EFFECTS)
    add_ink(parser)
    args = parser.parse_args(argv)
    if args.photos < 1:
        parser.error("--photos is at least 1")
    results: dict[str, dict[str, dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="pk-bench-") as tmp:
        for name in args.games:
            game = GAME[name]
            kits = game.kits(Path(tmp) / name, args.ink)
            results[name] = {}
            for effect in args.effects:
                results[name][effect] = measure(game, kits, effect, args.photos)
                print(table({name: {effect: results[name][effect]}}).splitlines()[1], flush=True)
    print(table(results))
    bench_name = "companion_real_world"
    if list(args.games) != list(GAMES):
        bench_name += "_" + "-".join(args.games)
    if list(args.effects) != list(EFFECTS):
        bench_name += "_" + "-".join(args.effects)
    save(
        bench_name,
        {"photos_per_effect": args.photos, "first_seed": FIRST_SEED, "games": results},
        ink=args.ink,
    )


if __name__ == "__main__":
    main()
