"""``patrolkit simulate stratego``: a virtual-camera photo of a Stratego table."""

from __future__ import annotations

import argparse

from companion.camera.photo import write_simulated
from companion.camera.printed import simulated_kit


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a Stratego position with the virtual camera: ``--state`` (ranks or the kit's
    ids), a random setup moved on by ``--turns`` random moves (0: the setup itself), or a seeded
    mid-game. Without ``--kit``, the seed's kit is used, written under ``output/kits`` if
    missing. The position printed hides every rank."""
    from companion.camera.stratego.kit import stratego_kit_raster
    from companion.camera.stratego.positions import mid_game, with_kit_ids
    from companion.camera.stratego.scene import photograph
    from generator.stratego.kit import write_kit
    from patrolkit.games.stratego import State

    # A kit written here has fresh secrets, as every Stratego kit's are, kept beside it.
    kit_dir = simulated_kit(args, "stratego", lambda folder, seed: write_kit(folder, seed=seed))
    secrets = stratego_kit_raster(kit_dir).secrets
    if args.state is not None:
        state = with_kit_ids(State.from_text(args.state), secrets)
    else:
        state = mid_game(secrets, args.seed, moves=args.turns)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.hidden().text, force=args.force)
