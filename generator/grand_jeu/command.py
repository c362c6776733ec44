"""``patrolkit kit grand-jeu``: its options and what it runs.

Only :mod:`argparse` and the shared option types are imported here; the kit itself (ReportLab) is
imported when the command runs, so ``patrolkit --help`` stays light.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from patrolkit import options
from patrolkit.i18n import _

PAPERS = (*options.PAPERS, "a3")


def players(text: str) -> int:
    """How many patrols: 2 to 4."""
    value = options.whole_number(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError(
            _("expected 2 to 4 patrols, not {value}").format(value=value)
        )
    return value


def arrows(text: str) -> tuple[int, ...]:
    """The red arrows, as eighths of a turn clockwise from the blue arrow: ``017``."""
    from patrolkit.errors import NotationError
    from patrolkit.games.grand_jeu.model import parse_arrows

    try:
        return parse_arrows(text)
    except NotationError:
        raise argparse.ArgumentTypeError(
            _(
                "expected different digits 0 to 7 like 017 (0 ahead, 1 ahead-right, 7"
                " ahead-left), not '{text}'"
            ).format(text=text)
        ) from None


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=players,
        default=2,
        help=_("patrols, 2 (8 x 8 board) to 4 (default 2)"),
    )
    parser.add_argument(
        "--arrows",
        type=arrows,
        default=(0, 1, 7),
        help=_(
            "red arrows printed on every scout, in eighths of a turn clockwise from the blue"
            " arrow (default 017: ahead, ahead-right, ahead-left)"
        ),
    )
    parser.add_argument(
        "--seed",
        type=options.whole_number,
        default=0,
        help=_("kit seed, gives the kit code (0)"),
    )
    options.add_output_options(parser, PAPERS)


def run_kit(args: argparse.Namespace) -> int:
    from generator.grand_jeu.kit import write_kit

    out = args.out or Path("output") / "kits" / (
        f"grand-jeu-{args.players}-seed-{args.seed}-{args.paper}"
    )
    files = write_kit(
        out,
        seed=args.seed,
        paper=args.paper,
        players=args.players,
        arrows=args.arrows,
        force=args.force,
        ink=args.ink,
    )
    options.kit_written(
        _("Le grand jeu des patrouilles kit ({count} patrols, seed {seed})").format(
            count=args.players, seed=args.seed
        ),
        args.paper,
        files,
    )
    return 0
