"""``patrolkit simulate patrolis``: a virtual-camera photo of a Patrolis table."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.camera.photo import write_simulated
from companion.camera.printed import kit_of
from patrolkit.errors import KitError


def default_kit(seed: int) -> Path:
    """The kit of ``seed`` under ``output/kits``, written if missing."""
    from generator.patrolis.kit import write_kit

    kit_dir = Path("output") / "kits" / f"patrolis-seed-{seed}"
    if not (kit_dir / "kit.json").exists():
        write_kit(seed, kit_dir)
    return kit_dir


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a Patrolis position with the virtual camera: ``--state``, one reached by
    ``--turns`` seeded random turns, or a seeded mid-game. Without ``--kit``, the seed's kit is
    used, written under ``output/kits`` if missing."""
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from companion.camera.patrolis.midgame import mid_game
    from companion.camera.patrolis.scene import photograph
    from patrolkit.games.patrolis import State, apply, is_over, new_game, random_turn

    if args.state is not None and args.turns is not None:
        raise KitError("Give either --state or --turns, not both.")
    if args.kit is not None:
        kit_of(args.kit, "patrolis")
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
