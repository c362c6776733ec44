"""``patrolkit kit rodeurs`` and ``patrolkit boards rodeurs``: their options and what they run.

Only :mod:`argparse` and the shared option types are imported here; the kit itself (ReportLab) is
imported when a command runs, so ``patrolkit --help`` stays light.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from patrolkit import options

MIX = (16, 20, 20)
"""The default pawn mix: red, yellow, green."""


def mix(text: str) -> tuple[int, int, int]:
    """A pawn mix ``red,yellow,green`` such as ``16,20,20``."""
    parts = text.split(",")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"expected red,yellow,green counts like 16,20,20, not '{text}'"
        )
    red, yellow, green = (int(p) for p in parts)
    return red, yellow, green


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--random", action="store_true", help="a random board and start position")
    source.add_argument("--layout", type=Path, metavar="FILE", help="a hand-made layout (TOML)")
    parser.add_argument(
        "--seed", type=options.whole_number, help="random layout seed (implies --random)"
    )
    parser.add_argument("--mix", type=mix, help="random pawn mix red,yellow,green (16,20,20)")
    parser.add_argument("--diagonal", action="store_true", help="allow diagonal jumps")
    options.add_output_options(parser, options.PAPERS)


def run_kit(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_kit

    layout = _layout(args)
    label = f"seed-{layout.seed}" if layout.seed is not None else layout.name
    out = args.out or Path("output") / "kits" / f"rodeurs-{label}"
    files = write_kit(layout, out, paper=args.paper, force=args.force)
    options.kit_written(f"Rôdeurs kit ({label}, board {layout.board.code})", args.paper, files)
    return 0


def _layout(args: argparse.Namespace) -> Any:
    from patrolkit.games import rodeurs

    if args.layout is not None:
        data = options.read_toml(args.layout, "layout")
        layout = rodeurs.layout_from_toml(data, args.layout.stem)
    elif args.random or args.seed is not None or args.mix is not None:
        from generator.rodeurs.layouts import random_layout

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        return random_layout(seed, mix=args.mix or MIX, diagonal=args.diagonal)
    else:
        layout = rodeurs.classic_layout()
    return replace(layout, board=replace(layout.board, diagonal=True)) if args.diagonal else layout


def add_boards_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--count", type=options.count, required=True, help="how many boards")
    parser.add_argument(
        "--seed", type=options.whole_number, default=0, help="first seed (default 0)"
    )
    parser.add_argument("--mix", type=mix, help="pawn mix red,yellow,green (default 16,20,20)")
    parser.add_argument("--diagonal", action="store_true", help="allow diagonal jumps")
    parser.add_argument(
        "--paper", choices=options.PAPERS, default="a4", help="paper size (default a4)"
    )
    parser.add_argument("--out", type=Path, help="output PDF (default output/boards/...)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


def run_boards(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_board_batch
    from generator.rodeurs.layouts import random_layout

    layouts = [
        random_layout(args.seed + i, mix=args.mix or MIX, diagonal=args.diagonal)
        for i in range(args.count)
    ]
    last = args.seed + args.count - 1
    out = args.out or Path("output") / "boards" / f"rodeurs-seeds-{args.seed}-{last}.pdf"
    path = write_board_batch(
        layouts, out, paper=args.paper, force=args.force, progress=options.progress_bar("boards")
    )
    print(f"{args.count} random Rôdeurs boards (seeds {args.seed}–{last}): {path}")
    return 0
