"""``patrolkit rate rodeurs``: how fair a board is, from equal computer players' games on it.

The board is the classic one (the default), a random one from ``--seed``, or a hand-made layout
file. The rating itself is :func:`patrolkit.games.rodeurs.fairness.rate`, its games shared among
every core (:func:`generator.rodeurs.balanced.rate_on_cores`); this module only reads the
options, shows progress and prints the result (one paragraph, or JSON with ``--json``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from patrolkit import options
from patrolkit.i18n import _

GAMES = 40
"""Games a rating plays unless ``--games`` says otherwise."""


def add_rate_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--classic", action="store_true", help=_("the classic board (the default)"))
    source.add_argument("--seed", type=options.whole_number, help=_("a random board from its seed"))
    source.add_argument("--layout", type=Path, metavar="FILE", help=_("a hand-made layout (TOML)"))
    parser.add_argument("--mix", type=_mix, help=_("random pawn mix red,yellow,green (16,20,20)"))
    parser.add_argument("--diagonal", action="store_true", help=_("allow diagonal jumps"))
    parser.add_argument(
        "--games",
        type=options.count,
        default=GAMES,
        help=_("games to play (default {games})").format(games=GAMES),
    )
    parser.add_argument("--level", type=options.whole_number, help=_("players' level (default 3)"))
    parser.add_argument(
        "--play-seed",
        type=options.whole_number,
        default=0,
        help=_("seed of the games (default 0)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the rating as JSON"))


def _mix(text: str) -> tuple[int, int, int]:
    from generator.rodeurs.command import mix

    return mix(text)


def run_rate(args: argparse.Namespace) -> int:
    from generator.rodeurs.balanced import rate_on_cores
    from generator.rodeurs.board import layout_name
    from patrolkit.games.rodeurs.fairness import DEFAULT_LEVEL, percent
    from patrolkit.numbers import formatted

    layout = _layout(args)
    level = DEFAULT_LEVEL if args.level is None else args.level
    bar = options.progress_bar(_("games"))
    rating = rate_on_cores(
        layout,
        games=args.games,
        levels=(level, level),
        seed=args.play_seed,
        progress=None if bar is None else (lambda done: bar(done, args.games)),
    )
    board = {
        "name": layout.name,
        "seed": layout.seed,
        "board": layout.board.code,
        "diagonal": layout.board.diagonal,
    }
    if args.json:
        print(json.dumps({"layout": board, "rating": rating.to_json()}, indent=1))
        return 0
    label = (
        _("seed {seed}").format(seed=layout.seed)
        if layout.seed is not None
        else layout_name(layout)
    )
    print(
        _("Rôdeurs board {code} ({label}), players at level {level}:").format(
            code=layout.board.code, label=label, level=level
        )
    )
    print(f"  {rating.description}")
    if rating.balanced():
        verdict = _("First player's score {percent} ({interval}): balanced (40–60 %).")
    else:
        verdict = _("First player's score {percent} ({interval}): not shown balanced (40–60 %).")
    print("  " + verdict.format(percent=percent(rating.score), interval=rating.score_interval))
    print(
        "  "
        + _(
            "Cost: {games} games, {nodes} positions searched or random games played, {seconds} s."
        ).format(games=rating.games, nodes=rating.nodes, seconds=formatted(rating.seconds, ".1f"))
    )
    return 0


def _layout(args: argparse.Namespace) -> Any:
    from patrolkit.games import rodeurs

    if args.layout is not None:
        layout = rodeurs.layout_from_toml(
            options.read_toml(args.layout, "layout"), args.layout.stem
        )
    elif args.seed is not None:
        from generator.rodeurs.command import MIX
        from generator.rodeurs.layouts import random_layout

        return random_layout(args.seed, mix=args.mix or MIX, diagonal=args.diagonal)
    else:
        layout = rodeurs.classic_layout()
    if args.diagonal:
        from dataclasses import replace

        layout = replace(layout, board=replace(layout.board, diagonal=True))
    return layout
