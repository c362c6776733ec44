"""``patrolkit simulate grand-jeu``: a virtual-camera photo of a grand jeu table."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.camera.photo import write_simulated
from companion.camera.printed import kit_of
from patrolkit.errors import KitError


def default_kit(seed: int) -> Path:
    """The kit of ``seed`` under ``output/kits``, written if missing."""
    from generator.grand_jeu.kit import write_kit

    kit_dir = Path("output") / "kits" / f"grand-jeu-seed-{seed}"
    if not (kit_dir / "kit.json").exists():
        write_kit(kit_dir, seed=seed)
    return kit_dir


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a grand jeu position with the virtual camera: ``--state``, one reached by
    ``--turns`` seeded random turns from the start, or a seeded mid-game. Without ``--kit``,
    the seed's kit is used, written under ``output/kits`` if missing."""
    from companion.camera.grand_jeu.kit import grand_jeu_kit_raster
    from companion.camera.grand_jeu.positions import kit_options, mid_game
    from companion.camera.grand_jeu.scene import photograph
    from patrolkit.games.grand_jeu import State

    if args.state is not None and args.turns is not None:
        raise KitError("Give either --state or --turns, not both.")
    if args.kit is not None:
        kit_of(args.kit, "grand-jeu")
    kit_dir = args.kit if args.kit is not None else default_kit(args.seed)
    kit = grand_jeu_kit_raster(kit_dir)
    if args.state is not None:
        state = State.from_text(args.state)
    else:
        options = kit_options(kit.players, str(kit.manifest.options["arrows"]))
        state = mid_game(options, args.seed, turns=args.turns)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)
