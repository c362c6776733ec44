"""``patrolkit simulate grand-jeu``: a virtual-camera photo of a grand jeu table."""

from __future__ import annotations

import argparse

from companion.camera.photo import write_simulated
from companion.camera.printed import simulated_kit


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a grand jeu position with the virtual camera: ``--state``, one reached by
    ``--turns`` seeded random turns from the start, or a seeded mid-game. Without ``--kit``,
    the seed's kit is used, written under ``output/kits`` if missing."""
    from companion.camera.grand_jeu.kit import grand_jeu_kit_raster
    from companion.camera.grand_jeu.positions import kit_options, mid_game
    from companion.camera.grand_jeu.scene import photograph
    from generator.grand_jeu.kit import write_kit
    from patrolkit.games.grand_jeu import State

    kit_dir = simulated_kit(args, "grand-jeu", lambda folder, seed: write_kit(folder, seed=seed))
    kit = grand_jeu_kit_raster(kit_dir)
    if args.state is not None:
        state = State.from_text(args.state)
    else:
        options = kit_options(kit.players, str(kit.manifest.options["arrows"]))
        state = mid_game(options, args.seed, turns=args.turns)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)
