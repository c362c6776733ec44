"""``patrolkit kit patrolis``: its options and what it runs (the kit is imported when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path

from patrolkit import options
from patrolkit.i18n import _


def players(text: str) -> int:
    """How many players: 2 to 6."""
    value = options.whole_number(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(
            _("expected 2 to 6 players, not {count}").format(count=value)
        )
    return value


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=options.whole_number, default=0, help=_("map seed (default 0)")
    )
    parser.add_argument("--players", type=players, default=2, help=_("players, 2 to 6 (default 2)"))
    parser.add_argument(
        "--size", type=options.whole_number, default=16, help=_("cells a side (16)")
    )
    parser.add_argument(
        "--maps", type=int, choices=(1, 2), default=2, help=_("maps to print, 1 or 2 (default 2)")
    )
    options.add_output_options(parser, (*options.PAPERS, "a3"))


def run_kit(args: argparse.Namespace) -> int:
    from generator.patrolis.kit import write_kit

    out = args.out or Path("output") / "kits" / f"patrolis-seed-{args.seed}"
    files = write_kit(
        args.seed,
        out,
        paper=args.paper,
        players=args.players,
        size=args.size,
        maps=args.maps,
        force=args.force,
        ink=args.ink,
    )
    options.kit_written(
        _("Patrolis kit (seed {seed}, {players} players)").format(
            seed=args.seed, players=args.players
        ),
        args.paper,
        files,
    )
    return 0
