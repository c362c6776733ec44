"""``patrolkit simulate|score|check patrolis``."""

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


def default_kit(seed: int) -> Path:
    """The kit of ``seed`` under ``output/kits``, written if missing."""
    from generator.patrolis.kit import write_kit

    kit_dir = Path("output") / "kits" / f"patrolis-seed-{seed}"
    if not (kit_dir / "kit.json").exists():
        write_kit(seed, kit_dir)
    return kit_dir


def run_simulate(args: argparse.Namespace) -> int:
    from companion.camera.patrolis.midgame import mid_game
    from companion.camera.patrolis.scene import patrolis_kit_raster, photograph
    from patrolkit.games.patrolis import State, apply, is_over, new_game, random_turn

    if args.state is not None and args.turns is not None:
        raise KitError("Give either --state or --turns, not both.")
    kit_dir = args.kit if args.kit is not None else default_kit(args.seed)
    kit = patrolis_kit_raster(kit_dir)
    if args.state is not None:
        state = State.from_text(args.state)
        if state.map.code != kit.game_map.code:
            raise KitError("That position is on a different map from the kit's first map.")
    elif args.turns is not None:
        import random

        rng = random.Random(args.seed)
        deal = int(kit.manifest.options["seed"])
        state = new_game(kit.game_map, kit.players, seed=deal)
        for _ in range(args.turns):
            if is_over(state):
                break
            state = apply(state, random_turn(state, rng))
    else:
        state = mid_game(kit, args.seed)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)


def run_score(args: argparse.Namespace) -> int:
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import format_verdict, score_verdict

    refuse_existing(args.annotate, args.force)
    reading = read_photo(args.photo, decoder=args.decoder)
    verdict = score_verdict(reading, photo=Path(args.photo))
    if args.annotate is not None:
        from companion.patrolis.annotate import annotate_score

        annotate_score(args.photo, reading, verdict, args.annotate)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return score_exit(verdict)


def run_check(args: argparse.Namespace) -> int:
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import check_verdict, format_verdict

    if args.mover is not None:
        raise KitError(
            "Patrolis has no white or black: the mover is the player whose new steps appear."
        )
    refuse_existing(args.annotate, args.force)
    before = read_photo(args.before, decoder=args.decoder)
    after = read_photo(args.after, decoder=args.decoder)
    verdict = check_verdict(before, after, photo=Path(args.after))
    if args.annotate is not None:
        from companion.patrolis.annotate import annotate_check

        annotate_check(args.after, after, verdict, args.annotate)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return check_exit(verdict)
