"""The ``patrolkit`` command.

Every subcommand has ``--help``. Bad input ends with one line on standard error and a non-zero
exit, never a traceback:

* exit 0 — done (for ``check``: the turn is legal);
* exit 1 — ``check`` judged the turn illegal;
* exit 2 — bad input or a refusal (unknown option, unreadable photo, existing output…);
* exit 3 — ``score``/``check`` could not judge (cells it could not read).

The generator and the companion are imported only by the subcommands that need them, so
``patrolkit --help`` and the rules stay light.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from patrolkit import __version__
from patrolkit.errors import KitError, PatrolkitError

GAMES = ("rodeurs", "twelve-patrols", "patrolis", "grand-jeu", "stratego")
PAPERS = ("a4", "letter")
PRESETS = ("top", "phone", "hard")
DECODERS = ("zxing", "pyzbar")
DIFFICULTIES = ("easy", "medium", "hard")
EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        match = re.match(r"argument (?:GAME|game): invalid choice: '([^']*)'", message)
        if match and match.group(1) in GAMES:
            message = f"{match.group(1)} is not available yet in this version"
        elif match:
            message = f"unknown game '{match.group(1)}' (the games are {', '.join(GAMES)})"
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message} (see --help)\n")


def _whole_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not '{text}'") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, not {value}")
    return value


def _count(text: str) -> int:
    value = _whole_number(text)
    if not 1 <= value <= 10_000:
        raise argparse.ArgumentTypeError(f"expected a count from 1 to 10000, not {value}")
    return value


def _mix(text: str) -> tuple[int, int, int]:
    parts = text.split(",")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"expected red,yellow,green counts like 16,20,20, not '{text}'"
        )
    red, yellow, green = (int(p) for p in parts)
    return red, yellow, green


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in mm like 0.5,-1, not '{text}'") from None
    return x, y


def _players(text: str) -> int:
    value = _whole_number(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"expected 2 to 6 players, not {value}")
    return value


def _game_among(ready: Sequence[str]) -> Callable[[str], str]:
    """An argument type accepting a game's name when ``ready`` has it."""

    def game(text: str) -> str:
        if text not in GAMES:
            raise argparse.ArgumentTypeError(
                f"unknown game '{text}' (the games are {', '.join(GAMES)})"
            )
        if text not in ready:
            raise argparse.ArgumentTypeError(
                f"this command does not take {text} yet (it takes: {', '.join(ready)})"
            )
        return text

    return game


def _module_name(game: str) -> str:
    return f"companion.{game.replace('-', '_')}.commands"


def _with_reader() -> tuple[str, ...]:
    """The games the companion reads photos of: those with a ``companion.<game>_commands``."""
    import importlib.util

    def has(game: str) -> bool:
        try:
            return importlib.util.find_spec(_module_name(game)) is not None
        except ModuleNotFoundError:
            return False

    return tuple(game for game in GAMES if has(game))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="patrolkit",
        description="Print-and-play kits for patrol games, and a referee that reads a photo of "
        "the table.",
    )
    parser.add_argument("--version", action="version", version=f"patrolkit {__version__}")
    reading = _game_among(_with_reader())
    readers = ", ".join(_with_reader())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    kit = commands.add_parser("kit", help="print a complete kit (PDF + kit.json)")
    kits = kit.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    kits.required = True

    rodeurs = kits.add_parser("rodeurs", help="Rôdeurs: board, 56 pawn tokens, rules")
    source = rodeurs.add_mutually_exclusive_group()
    source.add_argument("--random", action="store_true", help="a random board and start position")
    source.add_argument("--layout", type=Path, metavar="FILE", help="a hand-made layout (TOML)")
    rodeurs.add_argument("--seed", type=_whole_number, help="random layout seed (implies --random)")
    rodeurs.add_argument("--mix", type=_mix, help="random pawn mix red,yellow,green (16,20,20)")
    rodeurs.add_argument("--diagonal", action="store_true", help="allow diagonal jumps")
    _kit_options(rodeurs, PAPERS)
    rodeurs.set_defaults(run=_run_kit_rodeurs)

    patrols = kits.add_parser("twelve-patrols", help="12 Patrols: 9 cards, dice, cubes, rules")
    deck = patrols.add_mutually_exclusive_group()
    deck.add_argument("--deck", choices=DIFFICULTIES, help="a shipped deck (default easy)")
    deck.add_argument("--deck-file", type=Path, metavar="FILE", help="a deck from `patrolkit deck`")
    deck.add_argument("--seed", type=_whole_number, help="a new deck from this seed")
    patrols.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default="medium",
        help="difficulty of a new deck (default medium)",
    )
    patrols.add_argument(
        "--backs",
        choices=("duplex", "gutter"),
        default="duplex",
        help="card backs for double-sided printing or gutter-fold",
    )
    patrols.add_argument(
        "--duplex-offset",
        type=_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="shift the backs by X,Y mm to match your printer",
    )
    patrols.add_argument("--flat", action="store_true", help="flat tokens instead of folded dice")
    patrols.add_argument("--no-solution", action="store_true", help="leave out the solution page")
    _kit_options(patrols, PAPERS)
    patrols.set_defaults(run=_run_kit_twelve_patrols)

    patrolis = kits.add_parser("patrolis", help="Patrolis: two maps, step tiles, objectives")
    patrolis.add_argument("--seed", type=_whole_number, default=0, help="map seed (default 0)")
    patrolis.add_argument("--players", type=_players, default=2, help="players, 2 to 6 (default 2)")
    patrolis.add_argument("--size", type=_whole_number, default=16, help="cells a side (16)")
    _kit_options(patrolis, (*PAPERS, "a3"))
    patrolis.set_defaults(run=_run_kit_patrolis)

    boards = commands.add_parser("boards", help="a batch of random boards in one PDF")
    boards.add_argument("game", type=_game_among(("rodeurs",)), help="the game: rodeurs")
    boards.add_argument("--count", type=_count, required=True, help="how many boards")
    boards.add_argument("--seed", type=_whole_number, default=0, help="first seed (default 0)")
    boards.add_argument("--mix", type=_mix, help="pawn mix red,yellow,green (default 16,20,20)")
    boards.add_argument("--diagonal", action="store_true", help="allow diagonal jumps")
    boards.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default a4)")
    boards.add_argument("--out", type=Path, help="output PDF (default output/boards/...)")
    boards.add_argument("--force", action="store_true", help="overwrite an existing file")
    boards.set_defaults(run=_run_boards)

    decks = commands.add_parser("deck", help="a new rated 12 Patrols deck, proved winnable")
    decks.add_argument("game", choices=("twelve-patrols",), help="the game: twelve-patrols")
    decks.add_argument("--seed", type=_whole_number, default=0, help="seed (default 0)")
    decks.add_argument("--difficulty", choices=DIFFICULTIES, default="medium", help="difficulty")
    decks.add_argument("--out", type=Path, help="deck file (default output/decks/...toml)")
    decks.add_argument("--force", action="store_true", help="overwrite an existing deck file")
    decks.set_defaults(run=_run_deck)

    simulate = commands.add_parser("simulate", help="a virtual-camera photo of a kit on a table")
    simulate.add_argument("game", type=reading, help=f"the game: {readers}")
    simulate.add_argument("--preset", choices=PRESETS, default="phone", help="camera preset")
    simulate.add_argument("--seed", type=_whole_number, default=0, help="seed (default 0)")
    simulate.add_argument("--out", type=Path, required=True, help="photo to write (.jpg or .png)")
    simulate.add_argument("--kit", type=Path, help="kit folder (default: a random kit of the seed)")
    simulate.add_argument("--state", help="position in text form (default: a random mid-game)")
    simulate.add_argument("--turns", type=_whole_number, help="random turns played from the start")
    simulate.add_argument("--force", action="store_true", help="overwrite existing files")
    simulate.set_defaults(run=_run_simulate)

    score = commands.add_parser("score", help="read a photo: pawns, jumps left, score")
    score.add_argument("game", type=reading, help=f"the game: {readers}")
    score.add_argument("photo", type=Path, help="photo of the table (JPEG, PNG, WebP, HEIC)")
    _reading_options(score)
    score.set_defaults(run=_run_score)

    check = commands.add_parser("check", help="does AFTER follow BEFORE by one legal turn?")
    check.add_argument("game", type=reading, help=f"the game: {readers}")
    check.add_argument("before", type=Path, help="photo before the turn")
    check.add_argument("after", type=Path, help="photo after the turn")
    check.add_argument("--mover", choices=("white", "black"), help="who played the turn (if known)")
    _reading_options(check)
    check.set_defaults(run=_run_check)

    demo = commands.add_parser("demo", help="print a kit, play a game, photograph it, read it")
    demo.add_argument("--seed", type=_whole_number, default=7, help="seed (default 7)")
    demo.add_argument("--out", type=Path, default=Path("output/demo"), help="output folder")
    demo.set_defaults(run=_run_demo)
    return parser


def _kit_options(parser: argparse.ArgumentParser, papers: tuple[str, ...]) -> None:
    parser.add_argument("--paper", choices=papers, default="a4", help="paper size (default a4)")
    parser.add_argument("--out", type=Path, help="output folder (default output/kits/<name>)")
    parser.add_argument("--force", action="store_true", help="overwrite an existing kit")


def _reading_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.add_argument("--annotate", type=Path, metavar="OUT", help="write an annotated picture")
    parser.add_argument("--decoder", choices=DECODERS, default="zxing", help="QR decoder")
    parser.add_argument("--force", action="store_true", help="overwrite an existing --annotate")


# -- kits ------------------------------------------------------------------------------------


def _layout_from_args(args: argparse.Namespace) -> Any:
    from patrolkit.games import rodeurs

    if args.layout is not None:
        try:
            import tomllib

            data = tomllib.loads(args.layout.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise KitError(f"There is no layout file at {args.layout}.") from None
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise KitError(f"{args.layout} is not a readable TOML layout ({exc}).") from None
        layout = rodeurs.layout_from_toml(data, args.layout.stem)
        return _with_diagonal(layout) if args.diagonal else layout
    if args.random or args.seed is not None or args.mix is not None:
        from generator.rodeurs.layouts import random_layout

        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        return random_layout(seed, mix=args.mix or (16, 20, 20), diagonal=args.diagonal)
    layout = rodeurs.classic_layout()
    return _with_diagonal(layout) if args.diagonal else layout


def _with_diagonal(layout: Any) -> Any:
    return replace(layout, board=replace(layout.board, diagonal=True))


def _layout_label(layout: Any) -> str:
    return f"seed-{layout.seed}" if layout.seed is not None else layout.name


def _run_kit_rodeurs(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_kit

    layout = _layout_from_args(args)
    out = args.out or Path("output") / "kits" / f"rodeurs-{_layout_label(layout)}"
    files = write_kit(layout, out, paper=args.paper, force=args.force)
    _kit_written(f"Rôdeurs kit ({_layout_label(layout)}, board {layout.board.code})", args, files)
    return 0


def _run_kit_twelve_patrols(args: argparse.Namespace) -> int:
    from generator.twelve_patrols.kit import write_kit

    rated = _rated_deck(args)
    label = f"seed-{rated.seed}" if args.seed is not None else _slug(rated.deck.name)
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
    )
    _kit_written(f"12 Patrols kit ({rated.deck.name}, {rated.difficulty})", args, files)
    return 0


def _rated_deck(args: argparse.Namespace) -> Any:
    from patrolkit.games import twelve_patrols

    if args.seed is not None:
        from generator.twelve_patrols.decks import random_deck

        return random_deck(args.seed, args.difficulty)
    if args.deck_file is not None:
        try:
            import tomllib

            data = tomllib.loads(args.deck_file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise KitError(f"There is no deck file at {args.deck_file}.") from None
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise KitError(f"{args.deck_file} is not a readable TOML deck ({exc}).") from None
        decks = twelve_patrols.rated_decks_from_dict(data)
        if len(decks) != 1:
            raise KitError(f"{args.deck_file} holds {len(decks)} decks; give a file with one.")
        return next(iter(decks.values()))
    return twelve_patrols.shipped_decks()[args.deck or "easy"]


def _slug(name: str) -> str:
    return "-".join("".join(c for c in word if c.isalnum()) for word in name.lower().split())


def _run_deck(args: argparse.Namespace) -> int:
    from generator.twelve_patrols.decks import decks_toml, random_deck

    rated = random_deck(args.seed, args.difficulty)
    out = (
        args.out or Path("output") / "decks" / f"twelve-patrols-{args.difficulty}-{args.seed}.toml"
    )
    if out.exists() and not args.force:
        raise KitError(f"{out} already exists; add --force to overwrite it.")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(decks_toml({args.difficulty: rated}))
    rating = rated.rating
    share = f"{rating.winnable} of {rating.rolls} rolls winnable"
    print(f"{rated.deck.name} — {rated.difficulty}: {share}")
    for card in rated.deck.cards:
        print(f"  {card.name:<24} {card.code}")
    print(f"deck file: {out}  (print it: patrolkit kit twelve-patrols --deck-file {out})")
    return 0


def _run_kit_patrolis(args: argparse.Namespace) -> int:
    from generator.patrolis.kit import write_kit

    out = args.out or Path("output") / "kits" / f"patrolis-seed-{args.seed}"
    files = write_kit(
        args.seed, out, paper=args.paper, players=args.players, size=args.size, force=args.force
    )
    _kit_written(f"Patrolis kit (seed {args.seed}, {args.players} players)", args, files)
    return 0


def _kit_written(title: str, args: argparse.Namespace, files: tuple[Path, Path]) -> None:
    print(f"{title}, {args.paper}:")
    for path in files:
        print(f"  {path}")
    print("Print kit.pdf at 100 % (actual size) and check the ruler on page 1.")


def _run_boards(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_board_batch
    from generator.rodeurs.layouts import random_layout

    mix = args.mix or (16, 20, 20)
    layouts = [
        random_layout(args.seed + i, mix=mix, diagonal=args.diagonal) for i in range(args.count)
    ]
    last = args.seed + args.count - 1
    out = args.out or Path("output") / "boards" / f"rodeurs-seeds-{args.seed}-{last}.pdf"
    path = write_board_batch(
        layouts, out, paper=args.paper, force=args.force, progress=_progress_bar("boards")
    )
    print(f"{args.count} random Rôdeurs boards (seeds {args.seed}–{last}): {path}")
    return 0


def _progress_bar(what: str) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\r{what} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}{end}")
        sys.stderr.flush()

    return show


# -- photos ----------------------------------------------------------------------------------


def _game_commands(game: str, command: str) -> Callable[[argparse.Namespace], int]:
    """The function running ``command`` for ``game``: ``run_<command>`` in its companion module.

    Each game with a photo reader has a module ``companion.<game>_commands``; a game whose
    module lacks the command is refused in one line.
    """
    import importlib

    module = importlib.import_module(_module_name(game))
    run: Callable[[argparse.Namespace], int] | None = getattr(module, f"run_{command}", None)
    if run is None:
        raise KitError(f"'{command}' is not available for {game} in this version.")
    return run


def _run_simulate(args: argparse.Namespace) -> int:
    return _game_commands(args.game, "simulate")(args)


def _run_score(args: argparse.Namespace) -> int:
    return _game_commands(args.game, "score")(args)


def _run_check(args: argparse.Namespace) -> int:
    return _game_commands(args.game, "check")(args)


def _run_demo(args: argparse.Namespace) -> int:
    from patrolkit.demo import run_demo

    return run_demo(args.out, seed=args.seed)


# -- entry point -----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except PatrolkitError as exc:
        print(f"patrolkit: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("patrolkit: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"patrolkit: {exc.strerror or exc} ({exc.filename or 'file'})", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug of ours: still one line, details on request
        if os.environ.get("PATROLKIT_DEBUG"):
            raise
        print(
            f"patrolkit: internal error ({type(exc).__name__}: {exc}); "
            "run again with PATROLKIT_DEBUG=1 for details",
            file=sys.stderr,
        )
        return 70
    return code


if __name__ == "__main__":
    sys.exit(main())
