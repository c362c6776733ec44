"""``patrolkit simulate patrolis``: a virtual-camera photo of a Patrolis table."""

from __future__ import annotations

import argparse

from companion.camera.photo import write_simulated
from companion.camera.printed import simulated_kit
from patrolkit.errors import KitError
from patrolkit.i18n import _


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a Patrolis position with the virtual camera: ``--state``, one reached by
    ``--turns`` seeded random turns, or a seeded mid-game. Without ``--kit``, the seed's kit is
    used, written under ``output/kits`` if missing."""
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from companion.camera.patrolis.midgame import mid_game
    from companion.camera.patrolis.scene import photograph
    from generator.patrolis.kit import write_kit
    from patrolkit.games.patrolis import State, apply, is_over, new_game, random_turn

    kit_dir = simulated_kit(args, "patrolis", lambda folder, seed: write_kit(seed, folder))
    kit = patrolis_kit_raster(kit_dir)
    if args.state is not None:
        state = State.from_text(args.state)
        if state.map.code != kit.game_map.code:
            raise KitError(_("That position is on a different map from the kit's first map."))
    elif args.turns is not None:
        import random

        rng = random.Random(args.seed)
        deal = int(kit.manifest.options["seed"])
        state = new_game(kit.game_map, kit.players, seed=deal)
        for _turn in range(args.turns):
            if is_over(state):
                break
            state = apply(state, random_turn(state, rng))
    else:
        state = mid_game(kit, args.seed)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)
