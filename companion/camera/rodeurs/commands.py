"""``patrolkit simulate rodeurs``: a virtual-camera photo of a Rôdeurs table."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.camera.photo import write_simulated
from companion.camera.printed import kit_of
from patrolkit.errors import KitError
from patrolkit.games import rodeurs
from patrolkit.i18n import _
from patrolkit.manifest import Manifest


def layout_of_kit(manifest: Manifest) -> rodeurs.Layout:
    """The layout a kit was printed with, from its ``kit.json``."""
    start = rodeurs.State.from_text(manifest.layout["start"])
    name, seed = manifest.layout["name"], manifest.layout["seed"]
    return rodeurs.Layout(start.board, start.pawns, name, seed)


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a Rôdeurs position with the virtual camera: ``--state``, or one reached by
    ``--turns`` seeded random turns (or a seeded number of them). Without ``--kit``, the seed's
    random layout's kit is used, written under ``output/kits`` if missing."""
    from companion.camera.rodeurs.position import random_position
    from companion.camera.rodeurs.scene import photograph
    from generator.rodeurs.kit import write_kit
    from generator.rodeurs.layouts import random_layout

    if args.state is not None and args.turns is not None:
        raise KitError(_("Give either --state or --turns, not both."))
    if args.kit is not None:
        kit_dir = args.kit
        layout = layout_of_kit(kit_of(kit_dir, "rodeurs"))
    else:
        layout = random_layout(args.seed)
        kit_dir = Path("output") / "kits" / f"rodeurs-seed-{args.seed}"
        if not (kit_dir / "kit.json").exists():
            write_kit(layout, kit_dir)
    if args.state is not None:
        state = rodeurs.State.from_text(args.state)
        if state.board != layout.board:
            raise KitError(_("That position is on a different board from the kit's."))
    else:
        state = random_position(layout, args.seed, turns=args.turns)
    photo = photograph(kit_dir, state, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, state.text, force=args.force)
