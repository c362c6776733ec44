"""``patrolkit kit stratego``: its options and what it runs.

Only :mod:`argparse` and the shared option types are imported here; the kit itself (ReportLab) is
imported when the command runs, so ``patrolkit --help`` stays light.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from patrolkit import options
from patrolkit.i18n import _

PAPERS = (*options.PAPERS, "a3")


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed",
        type=options.whole_number,
        help=_("recorded in kit.json; the piece ids and secrets are always fresh and random"),
    )
    options.add_output_options(parser, PAPERS)


def run_kit(args: argparse.Namespace) -> int:
    from generator.stratego.kit import write_kit

    if args.out is None:
        label = "" if args.seed is None else f"-seed-{args.seed}"
        out = Path("output") / "kits" / f"stratego{label}-{args.paper}"
    else:
        out = args.out
    files = write_kit(out, seed=args.seed, paper=args.paper, force=args.force, ink=args.ink)
    print(_("Stratego kit, {paper}:").format(paper=args.paper))
    for path in files:
        print(f"  {path}")
    print(_("Print kit.pdf at 100 % (actual size) and check the ruler on page 1."))
    print(_("red.secret and blue.secret are each army's secret: give each player their own."))
    return 0
