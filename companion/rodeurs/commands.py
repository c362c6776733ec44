"""``patrolkit simulate|score|check rodeurs``."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import (
    check_exit,
    print_verdict,
    refuse_existing,
    score_exit,
    write_simulated,
)
from patrolkit.errors import KitError
from patrolkit.games import rodeurs
from patrolkit.manifest import Manifest


def layout_of_kit(manifest: Manifest) -> rodeurs.Layout:
    """The layout a kit was printed with, from its ``kit.json``."""
    start = rodeurs.State.from_text(manifest.layout["start"])
    name, seed = manifest.layout["name"], manifest.layout["seed"]
    return rodeurs.Layout(start.board, start.pawns, name, seed)


def run_simulate(args: argparse.Namespace) -> int:
    from companion.camera.simulate import photograph, random_position
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout

    if args.state is not None and args.turns is not None:
        raise KitError("Give either --state or --turns, not both.")
    if args.kit is not None:
        kit_dir = args.kit
        layout = layout_of_kit(Manifest.load(kit_dir / "kit.json"))
    else:
        layout = random_layout(args.seed)
        kit_dir = Path("output") / "kits" / f"rodeurs-seed-{args.seed}"
        if not (kit_dir / "kit.json").exists():
            write_kit(layout, kit_dir)
    if args.state is not None:
        state = rodeurs.State.from_text(args.state)
        if state.board != layout.board:
            raise KitError("That position is on a different board from the kit's.")
    else:
        state = random_position(layout, args.seed, turns=args.turns)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)


def run_score(args: argparse.Namespace) -> int:
    from companion.rodeurs.reader import read_photo
    from companion.verdict import format_verdict, score_verdict

    refuse_existing(args.annotate, args.force)
    reading = read_photo(args.photo, decoder=args.decoder)
    verdict = score_verdict(reading)
    if args.annotate is not None:
        from companion.annotate import annotate_score

        annotate_score(args.photo, reading, verdict, args.annotate)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return score_exit(verdict)


def run_check(args: argparse.Namespace) -> int:
    from companion.rodeurs.reader import read_photo
    from companion.verdict import check_verdict, format_verdict

    refuse_existing(args.annotate, args.force)
    before = read_photo(args.before, decoder=args.decoder)
    after = read_photo(args.after, decoder=args.decoder)
    verdict = check_verdict(before, after, mover=args.mover)
    if args.annotate is not None:
        from companion.annotate import annotate_check

        annotate_check(args.after, after, verdict, args.annotate)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return check_exit(verdict)
