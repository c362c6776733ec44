"""``patrolkit kit twelve-patrols`` and ``patrolkit deck twelve-patrols``: options and runs.

The kit and the deck generator are imported when a command runs, so ``--help`` stays light.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from patrolkit import options
from patrolkit.atomic import refuse_existing, write_file
from patrolkit.errors import KitError
from patrolkit.i18n import _

DIFFICULTIES = ("easy", "medium", "hard")


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    deck = parser.add_mutually_exclusive_group()
    deck.add_argument("--deck", choices=DIFFICULTIES, help=_("a shipped deck (default easy)"))
    deck.add_argument(
        "--deck-file", type=Path, metavar="FILE", help=_("a deck from `patrolkit deck`")
    )
    deck.add_argument("--seed", type=options.whole_number, help=_("a new deck from this seed"))
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default="medium",
        help=_("difficulty of a new deck (default medium)"),
    )
    parser.add_argument(
        "--backs",
        choices=("duplex", "gutter"),
        default="duplex",
        help=_("card backs for double-sided printing or gutter-fold"),
    )
    parser.add_argument(
        "--duplex-offset",
        type=options.offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help=_("shift the backs by X,Y mm to match your printer"),
    )
    parser.add_argument("--flat", action="store_true", help=_("flat tokens instead of folded dice"))
    parser.add_argument("--no-solution", action="store_true", help=_("leave out the solution page"))
    options.add_output_options(parser, options.PAPERS)


def run_kit(args: argparse.Namespace) -> int:
    from generator.twelve_patrols.kit import write_kit

    rated = _rated_deck(args)
    label = f"seed-{rated.seed}" if args.seed is not None else options.slug(rated.deck.name)
    out = args.out or Path("output") / "kits" / f"twelve-patrols-{label}"
    files = write_kit(
        rated.deck,
        out,
        paper=args.paper,
        force=args.force,
        backs=args.backs,
        duplex_offset=args.duplex_offset,
        flat_items=args.flat,
        solution=None if args.no_solution else rated.witness,
        ink=args.ink,
    )
    options.kit_written(
        _("12 Patrols kit ({deck}, {difficulty})").format(
            deck=rated.deck.name, difficulty=rated.difficulty
        ),
        args.paper,
        files,
    )
    return 0


def _rated_deck(args: argparse.Namespace) -> Any:
    from patrolkit.games import twelve_patrols

    if args.seed is not None:
        from generator.twelve_patrols.decks import random_deck

        return random_deck(args.seed, args.difficulty)
    if args.deck_file is not None:
        data = options.read_toml(args.deck_file, "deck")
        decks = twelve_patrols.rated_decks_from_dict(data)
        if len(decks) != 1:
            raise KitError(
                _("{file} holds {count} decks; give a file with one.").format(
                    file=args.deck_file, count=len(decks)
                )
            )
        return next(iter(decks.values()))
    return twelve_patrols.shipped_decks()[args.deck or "easy"]


def add_deck_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=options.whole_number, default=0, help=_("seed (default 0)"))
    parser.add_argument(
        "--difficulty", choices=DIFFICULTIES, default="medium", help=_("difficulty")
    )
    parser.add_argument("--out", type=Path, help=_("deck file (default output/decks/...toml)"))
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing deck file"))


def run_deck(args: argparse.Namespace) -> int:
    from generator.twelve_patrols.decks import decks_toml, random_deck

    default = Path("output") / "decks" / f"twelve-patrols-{args.difficulty}-{args.seed}.toml"
    out = args.out or default
    refuse_existing([out], args.force)
    rated = random_deck(args.seed, args.difficulty)
    write_file(out, decks_toml({args.difficulty: rated}).encode, force=args.force)
    rating = rated.rating
    print(
        _("{deck} — {difficulty}: {winnable} of {rolls} rolls winnable").format(
            deck=rated.deck.name,
            difficulty=rated.difficulty,
            winnable=rating.winnable,
            rolls=rating.rolls,
        )
    )
    for card in rated.deck.cards:
        print(f"  {card.name:<24} {card.code}")
    print(
        _("deck file: {file}  (print it: patrolkit kit twelve-patrols --deck-file {file})").format(
            file=out
        )
    )
    return 0
