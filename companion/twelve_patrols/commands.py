"""``patrolkit simulate|score twelve-patrols``.

There is no ``check``: 12 Patrols is played alone and nothing in it can be judged between two
photos that one photo of the kingdom does not show.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import print_verdict, refuse_existing, score_exit, write_simulated
from patrolkit.errors import KitError, NotationError
from patrolkit.games.twelve_patrols import DIFFICULTIES, shipped_decks

KITS = Path("output") / "kits"


def run_simulate(args: argparse.Namespace) -> int:
    """Photograph a kingdom with the virtual camera: ``--state`` (the kingdom's text, optionally
    followed by ``pool`` and the unused items) or a seeded one; ``--turns`` is then how many
    cards it holds. Without ``--kit``, a shipped deck's kit (chosen by the seed) is used,
    written under ``output/kits`` if missing."""
    from companion.camera.twelve_patrols.scene import Setup, cut_kit, photograph, random_setup
    from generator.twelve_patrols.kit import write_kit

    if args.state is not None and args.turns is not None:
        raise KitError("Give either --state or --turns, not both.")
    if args.kit is not None:
        kit_dir = Path(args.kit)
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


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a kingdom and say whether it wins, or for a kingdom in progress what
    already fails and whether a win can still be reached."""
    from companion.twelve_patrols.reader import read_photo
    from companion.twelve_patrols.verdict import format_verdict, score_verdict

    refuse_existing(args.annotate, args.force)
    reading = read_photo(args.photo, decoder=args.decoder)
    verdict = score_verdict(reading)
    if args.annotate is not None:
        from companion.twelve_patrols.annotate import annotate_score

        annotate_score(args.photo, reading, verdict, args.annotate)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return score_exit(verdict)
