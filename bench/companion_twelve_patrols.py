"""The 12 Patrols photo referee on the virtual camera's photos: accuracy and speed.

Run from the project root: ``python -m bench.companion_twelve_patrols [--photos N] [--preset P]
[--name NAME] [--ink low]`` (200 ``phone`` photos by default). Writes
``bench/results/companion_twelve_patrols.json`` (or ``NAME.json``; a run on low-ink kits adds
``_ink-low``).

Each photo is of a fresh seed (from :data:`FIRST_SEED` on, away from the seeds the reader was
developed on): a kingdom whole or in progress, broken one time in four, with the unused items beside
it half of the time (:func:`companion.camera.twelve_patrols.layout.random_setup`), for the three
shipped decks in turn (a kit each, written once). What is timed is the reading alone: the JPEG's
bytes in, the verdict out (:func:`read_photo` then :func:`score_verdict`).

An item's *label* is its notation (a die with its value) and where it stands: the slot, named
by the numbers of the two cards beside it, or beside the kingdom. Figures:

* ``items``: items on the table (in slots and beside the kingdom).
* ``item_wrong``: items read with a label they do not have, or read where there is none — a
  wrong value, a wrong slot. The target is zero.
* ``item_missing``: items not read (reported unreadable, or unseen).
* ``item_error``: (wrong + missing) / items; ``item_wrong_rate``: wrong / items.
* ``cards``, ``card_wrong`` (a card read on another place than its own), ``card_missing``,
  ``card_error``.
* ``kingdom_exact``: photos whose kingdom text (``state``) is read exactly, with nothing
  unreadable; ``pool_exact``: of those with items beside, the items beside read exactly.
* ``kingdom_found``: photos refused by no error (some card read).
* ``judged``: photos read with nothing unreadable; ``verdict_right``: judged photos whose win,
  failing requirements and reachability are those of the true kingdom; ``judged_wrong``:
  photos judged on a kingdom that is not the one on the table (an item or a card left out with
  nothing reported). The target is zero.
* ``read_by``: share of the items and cards read by each stage (whole photo, second look,
  codebook matching of cards and of items).
* ``seconds``: median, 95th percentile and maximum per photo.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench.common import add_ink, save, stopwatch, summary
from companion.camera.twelve_patrols.layout import Setup, random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.reading import PatrolsReading
from companion.twelve_patrols.verdict import judgement, score_verdict
from generator.twelve_patrols.kit import write_kit
from patrolkit.errors import PhotoError
from patrolkit.games.twelve_patrols import DIFFICULTIES, SLOTS, Kingdom, shipped_decks

FIRST_SEED = 30_000
"""Photos are seeded from here on, away from the seeds the reader was developed on."""


def labels_of_truth(setup: Setup) -> dict[tuple[object, ...], tuple[str, object]]:
    """Each item on the table: its notation and where (the two cards' numbers, or ``pool``)."""
    kingdom = setup.kingdom
    deck = kingdom.deck
    labels: dict[tuple[object, ...], tuple[str, object]] = {}
    for slot in SLOTS:
        a, b = kingdom.card_at(slot.a), kingdom.card_at(slot.b)
        for item in kingdom.patrol(slot):
            assert a is not None and b is not None
            labels[item.key] = (item.notation, (deck.number(a), deck.number(b)))
    for item in setup.pool:
        labels[item.key] = (item.notation, "pool")
    return labels


def labels_read(reading: PatrolsReading) -> dict[tuple[object, ...], tuple[str, object]]:
    """The same for the items read (astray ones named ``astray``)."""
    numbers = {c.position: c.number for c in reading.cards}
    labels: dict[tuple[object, ...], tuple[str, object]] = {}
    for i in reading.items:
        where: object = i.place
        if i.place == "slot" and i.slot is not None:
            where = (numbers[i.slot.a], numbers[i.slot.b])
        labels[i.item.key] = (i.item.notation, where)
    return labels


def true_verdict(setup: Setup) -> dict[str, Any]:
    """What the verdict should say about the true kingdom."""
    found = judgement(setup.kingdom, setup.pool, known=True)
    assert found is not None  # every die's value known: the rules always judge
    return found


def run(count: int, preset: str, ink: str = "normal") -> dict[str, Any]:
    counts: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    seconds: list[float] = []
    failures: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        kits = {}
        for difficulty in DIFFICULTIES:
            kits[difficulty] = Path(tmp) / difficulty
            write_kit(shipped_decks()[difficulty].deck, kits[difficulty], ink=ink)
        for seed in range(FIRST_SEED, FIRST_SEED + count):
            difficulty = DIFFICULTIES[seed % len(DIFFICULTIES)]
            setup = random_setup(shipped_decks()[difficulty].deck, seed)
            photo = photograph(kits[difficulty], setup, preset=preset, seed=seed)
            counts["photos"] += 1
            truth = labels_of_truth(setup)
            counts["items"] += len(truth)
            counts["cards"] += len(setup.kingdom.placed)
            try:
                with stopwatch(seconds):
                    reading = read_photo(photo.jpeg)
                    verdict = score_verdict(reading)
            except PhotoError as exc:
                counts["item_missing"] += len(truth)
                counts["card_missing"] += len(setup.kingdom.placed)
                failures.append({"seed": seed, "error": str(exc)})
                continue
            counts["kingdom_found"] += 1
            read = labels_read(reading)
            wrong = [
                k for k, label in read.items() if truth.get(k) != label and label[1] != "astray"
            ]
            wrong += [k for k, label in read.items() if label[1] == "astray" and k in truth]
            counts["item_wrong"] += len(wrong)
            counts["item_missing"] += sum(1 for k in truth if k not in read)
            _cards(setup.kingdom, reading, counts)
            for i in reading.items:
                stages[i.stage] += 1
            for c in reading.cards:
                stages[f"card {c.stage}"] += 1
            exact = verdict["judged"] and verdict["state"] == setup.kingdom.text
            counts["kingdom_exact"] += exact
            counts["judged"] += verdict["judged"]
            counts["judged_wrong"] += verdict["judged"] and not exact
            if setup.pool:
                counts["with_pool"] += 1
                counts["pool_exact"] += [i.notation for i in reading.pool] == [
                    i.notation for i in sorted(setup.pool)
                ]
            if verdict["judged"]:
                expected = true_verdict(setup)
                counts["verdict_right"] += all(
                    verdict[key] == expected[key] for key in ("win", "reachable", "failing")
                )
            if wrong or not exact:
                failures.append(
                    {
                        "seed": seed,
                        "truth": setup.kingdom.text,
                        "read": verdict["state"],
                        "wrong": [str(read[k]) for k in wrong],
                        "unreadable": [f"{u['where']}: {u['what']}" for u in verdict["unreadable"]],
                    }
                )
            print(seed, "exact" if exact else "NOT EXACT", f"{seconds[-1]:.2f} s", flush=True)
    items, cards, photos = counts["items"], counts["cards"], counts["photos"]
    read_total = sum(stages.values()) or 1
    return {
        "preset": preset,
        "photos": photos,
        "first_seed": FIRST_SEED,
        "items": items,
        "item_wrong": counts["item_wrong"],
        "item_missing": counts["item_missing"],
        "item_error": (counts["item_wrong"] + counts["item_missing"]) / max(items, 1),
        "item_wrong_rate": counts["item_wrong"] / max(items, 1),
        "cards": cards,
        "card_wrong": counts["card_wrong"],
        "card_missing": counts["card_missing"],
        "card_error": (counts["card_wrong"] + counts["card_missing"]) / max(cards, 1),
        "kingdom_exact": counts["kingdom_exact"] / max(photos, 1),
        "kingdom_found": counts["kingdom_found"] / max(photos, 1),
        "judged": counts["judged"] / max(photos, 1),
        "judged_wrong": counts["judged_wrong"],
        "verdict_right": counts["verdict_right"] / max(counts["judged"], 1),
        "pool_exact": counts["pool_exact"] / max(counts["with_pool"], 1),
        "read_by": {stage: n / read_total for stage, n in sorted(stages.items())},
        "seconds": summary(seconds) if seconds else {},
        "not_exact": failures,
    }


def _cards(kingdom: Kingdom, reading: PatrolsReading, counts: Counter[str]) -> None:
    """Count the cards read on another place than their own, and those not read."""
    truth = {kingdom.deck.number(c): p for p in kingdom.placed if (c := kingdom.card_at(p))}
    read = {c.number: c.position for c in reading.cards}
    counts["card_wrong"] += sum(1 for n, p in read.items() if truth.get(n) != p)
    counts["card_missing"] += sum(1 for n in truth if n not in read)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--preset", default="phone")
    parser.add_argument("--name", default="companion_twelve_patrols")
    add_ink(parser)
    args = parser.parse_args()
    save(args.name, run(args.photos, args.preset, args.ink), ink=args.ink)


if __name__ == "__main__":
    main()
