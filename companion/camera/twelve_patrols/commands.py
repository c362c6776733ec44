"""``patrolkit simulate twelve-patrols``: a virtual-camera photo of a 12 Patrols kingdom."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.camera.photo import write_simulated
from companion.camera.printed import kit_of
from patrolkit.errors import KitError, NotationError
from patrolkit.games.twelve_patrols import DIFFICULTIES, shipped_decks
from patrolkit.i18n import _

KITS = Path("output") / "kits"


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a kingdom with the virtual camera: ``--state`` (the kingdom's text, optionally
    followed by ``pool`` and the unused items) or a seeded one; ``--turns`` is then how many
    cards it holds. Without ``--kit``, a shipped deck's kit (chosen by the seed) is used,
    written under ``output/kits`` if missing."""
    from companion.camera.twelve_patrols.kit import cut_kit
    from companion.camera.twelve_patrols.layout import Setup, random_setup
    from companion.camera.twelve_patrols.scene import photograph
    from generator.twelve_patrols.kit import write_kit

    if args.state is not None and args.turns is not None:
        raise KitError(_("Give either --state or --turns, not both."))
    if args.kit is not None:
        kit_dir = Path(args.kit)
        kit_of(kit_dir, "twelve-patrols")
    else:
        difficulty = DIFFICULTIES[args.seed % len(DIFFICULTIES)]
        kit_dir = KITS / f"twelve-patrols-{difficulty}"
        if not (kit_dir / "kit.json").exists():
            write_kit(shipped_decks()[difficulty].deck, kit_dir)
    deck = cut_kit(kit_dir).deck
    if args.state is not None:
        try:
            setup = Setup.from_text(args.state, deck)
        except NotationError as exc:
            raise KitError(str(exc)) from None
    else:
        setup = random_setup(deck, args.seed, cards=args.turns)
    photo = photograph(kit_dir, setup, preset=args.preset, seed=args.seed)
    return write_simulated(photo, args.out, setup.text, force=args.force)
