"""The ``patrolkit`` command.

Every subcommand has ``--help``. Bad input ends with one line on standard error and a non-zero
exit, never a traceback:

* exit 0 — done (for ``check``: the turn is legal);
* exit 1 — ``check`` judged the turn illegal;
* exit 2 — bad input or a refusal (unknown option, unreadable photo, existing output…);
* exit 3 — ``score``/``check`` could not judge, ``hint`` refused (cells it could not read).

The generator and the companion are imported only by the subcommands that need them, so
``patrolkit --help`` and the rules stay light.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import re
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from companion.camera.presets import HELP as PRESET_HELP
from companion.camera.presets import PRESETS
from patrolkit import __version__, options, registry
from patrolkit.errors import PatrolkitError, UnknownGame
from patrolkit.i18n import LANGUAGES, N_, _, language_from_environment, use_language
from patrolkit.registry import GameEntry, Offer

EXIT_BAD_INPUT = 2


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its ``usage:`` said in the language in force."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


_ARGPARSE_SAYS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (r"argument (?P<name>\S+?): (?P<problem>.*)", N_("argument {name}: {problem}")),
        (
            r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
            N_("invalid choice: {value} (choose from {choices})"),
        ),
        (
            r"the following arguments are required: (?P<names>.*)",
            N_("the following arguments are required: {names}"),
        ),
        (r"unrecognized arguments: (?P<words>.*)", N_("unrecognized arguments: {words}")),
        (r"invalid \S+ value: (?P<value>.*)", N_("invalid value: {value}")),
        (r"expected one argument", N_("expected one argument")),
        (r"expected at least one argument", N_("expected at least one argument")),
        (r"expected at most one argument", N_("expected at most one argument")),
        (r"expected (?P<count>\d+) arguments", N_("expected {count} arguments")),
        (r"not allowed with argument (?P<name>.*)", N_("not allowed with argument {name}")),
        (
            r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)",
            N_("ambiguous option: {option} could match {matches}"),
        ),
        (
            r"one of the arguments (?P<names>.*) is required",
            N_("one of the arguments {names} is required"),
        ),
    )
)
"""argparse's own error messages (always English), and how patrolkit says each."""


def _argparse_said(message: str) -> str:
    """An error message of argparse's in the language in force (ours are already)."""
    for pattern, said in _ARGPARSE_SAYS:
        match = pattern.fullmatch(message)
        if match:
            parts = match.groupdict()
            if "problem" in parts:
                parts["problem"] = _argparse_said(parts["problem"])
            return _(said).format(**parts)
    return message


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage dump, that takes ``--lang``
    wherever it stands on the command line, and whose help speaks the language in force."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        # Translators: argparse writes a colon right after these two headings; end them with a
        # no-break space where the language puts one before a colon.
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help message and exit")
        self.add_argument(
            "--lang",
            choices=LANGUAGES,
            default=argparse.SUPPRESS,
            help=_("the language of every printed and said word (default: from the locale)"),
        )

    def error(self, message: str) -> NoReturn:
        match = re.match(r"argument (?:GAME|game): invalid choice: '([^']*)'", message)
        if match and match.group(1) in registry.names():
            message = _("{game} is not available yet in this version").format(game=match.group(1))
        elif match:
            message = _unknown_game(match.group(1))
        else:
            message = _argparse_said(message)
        self.exit(
            EXIT_BAD_INPUT,
            _("{prog}: {message} (see --help)").format(prog=self.prog, message=message) + "\n",
        )


def _unknown_game(name: str) -> str:
    return _("unknown game '{name}' (the games are {games})").format(
        name=name, games=", ".join(registry.names())
    )


def _game_offering(offer: Offer) -> Callable[[str], GameEntry]:
    """An argument type accepting a game's name when patrolkit offers ``offer`` for it."""
    ready = registry.games_offering(offer)

    def game(text: str) -> GameEntry:
        try:
            entry = registry.find_game(text)
        except UnknownGame:
            raise argparse.ArgumentTypeError(_unknown_game(text)) from None
        if entry not in ready:
            raise argparse.ArgumentTypeError(
                _("this command does not take {game} yet (it takes: {games})").format(
                    game=text, games=", ".join(g.name for g in ready)
                )
            )
        return entry

    return game


def _runner(offer: Offer, name: str = "") -> Callable[[argparse.Namespace], int]:
    """Run ``offer`` for the game in ``args.game`` through the module the registry names."""

    def run(args: argparse.Namespace) -> int:
        entry: GameEntry = args.game
        module = importlib.import_module(entry.module(offer))
        function: Callable[[argparse.Namespace], int] = getattr(
            module, name or f"run_{offer.value}"
        )
        return function(args)

    return run


def _game_help(offer: Offer) -> str:
    return _("the game: {games}").format(
        games=", ".join(game.name for game in registry.games_offering(offer))
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``patrolkit`` parser: its sub-commands and their games come from the registry."""
    parser = _Parser(
        prog="patrolkit",
        description=_(
            "Print-and-play kits for patrol games, and a referee that reads a photo of the table."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"patrolkit {__version__}",
        help=_("show program's version number and exit"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    kit = commands.add_parser("kit", help=_("print a complete kit (PDF + kit.json)"))
    kits = kit.add_subparsers(dest="game_name", metavar="GAME", parser_class=_Parser)
    kits.required = True
    for entry in registry.games_offering(Offer.KIT):
        module = importlib.import_module(entry.module(Offer.KIT))
        game = kits.add_parser(entry.name, help=entry.local_kit_help)
        module.add_kit_arguments(game)
        game.set_defaults(game=entry, run=_runner(Offer.KIT))

    for offer, help_text in (
        (Offer.BOARDS, N_("a batch of random boards in one PDF")),
        (Offer.DECK, N_("a new rated deck, proved winnable")),
        (Offer.RATE, N_("how fair a board is, from computer players' games")),
        (Offer.HINT, N_("the computer player's best turn for the position on a photo")),
    ):
        command = commands.add_parser(offer.value, help=_(help_text))
        command.add_argument("game", type=_game_offering(offer), help=_game_help(offer))
        for entry in registry.games_offering(offer):
            module = importlib.import_module(entry.module(offer))
            getattr(module, f"add_{offer.value}_arguments")(command)
        command.set_defaults(run=_runner(offer))

    simulate = commands.add_parser("simulate", help=_("a virtual-camera photo of a kit on a table"))
    simulate.add_argument(
        "game", type=_game_offering(Offer.SIMULATE), help=_game_help(Offer.SIMULATE)
    )
    simulate.add_argument("--preset", choices=PRESETS, default="phone", help=_(PRESET_HELP))
    simulate.add_argument(
        "--seed", type=options.whole_number, default=0, help=_("seed (default 0)")
    )
    simulate.add_argument(
        "--out", type=Path, required=True, help=_("photo to write (.jpg or .png)")
    )
    simulate.add_argument(
        "--kit", type=Path, help=_("kit folder (default: a random kit of the seed)")
    )
    simulate.add_argument("--state", help=_("position in text form (default: a random mid-game)"))
    simulate.add_argument(
        "--turns", type=options.whole_number, help=_("random turns played from the start")
    )
    simulate.add_argument("--force", action="store_true", help=_("overwrite existing files"))
    simulate.set_defaults(run=_runner(Offer.SIMULATE))

    score = commands.add_parser("score", help=_("read a photo: the position, its score"))
    score.add_argument("game", type=_game_offering(Offer.SCORE), help=_game_help(Offer.SCORE))
    score.add_argument("photo", type=Path, help=_("photo of the table (JPEG, PNG, WebP, HEIC)"))
    _add_game_options(score)
    options.add_reading_options(score)
    score.set_defaults(run=_runner(Offer.SCORE))

    check = commands.add_parser("check", help=_("does AFTER follow BEFORE by one legal turn?"))
    check.add_argument("game", type=_game_offering(Offer.CHECK), help=_game_help(Offer.CHECK))
    check.add_argument("before", type=Path, metavar=_("BEFORE"), help=_("photo before the turn"))
    check.add_argument("after", type=Path, metavar=_("AFTER"), help=_("photo after the turn"))
    check.add_argument(
        "more",
        type=Path,
        nargs="*",
        metavar=_("LATER"),
        help=_("Stratego: later photos of the game"),
    )
    check.add_argument(
        "--mover", choices=("white", "black"), help=_("who played the turn (if known)")
    )
    _add_game_options(check)
    options.add_reading_options(check)
    check.set_defaults(run=_runner(Offer.CHECK))

    games = commands.add_parser("games", help=_("the games and what patrolkit offers for each"))
    games.set_defaults(run=_run_games)

    demo = commands.add_parser("demo", help=_("print a kit, play a game, photograph it, read it"))
    demo.add_argument("--seed", type=options.whole_number, default=7, help=_("seed (default 7)"))
    demo.add_argument("--out", type=Path, default=Path("output/demo"), help=_("output folder"))
    demo.add_argument("--force", action="store_true", help=_("replace the demo's files in --out"))
    demo.set_defaults(run=_run_demo)

    serve = commands.add_parser(
        "serve", help=_("the phone page: photograph the table, get verdicts")
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help=_("address (0.0.0.0: reach it by phone)")
    )
    serve.add_argument("--port", type=options.whole_number, default=8000, help=_("default 8000"))
    serve.add_argument("--data", type=Path, default=Path("output"), help=_("data folder"))
    serve.add_argument("--cert", type=Path, help=_("TLS certificate (PEM), for HTTPS"))
    serve.add_argument("--key", type=Path, help=_("TLS private key (PEM), for HTTPS"))
    serve.set_defaults(run=_run_serve)
    return parser


def _add_game_options(command: argparse.ArgumentParser) -> None:
    """The options only some games take (the others refuse them in one sentence)."""
    command.add_argument(
        "--secrets",
        nargs=2,
        metavar=("RED", "BLUE"),
        help=_("Stratego: both armies' secret files or private-slip codes"),
    )
    command.add_argument(
        "--rules",
        metavar="'NAME=VALUE …'",
        help=_(
            "the options fixed before the game (defaults shown) — Stratego: 'two-square=3"
            " chase=on'; grand jeu: 'arrows=017 win=3 fewest=2 bonus=4 culs-de-pat=off'"
        ),
    )


def _run_games(args: argparse.Namespace) -> int:
    rows = [(_("game"), _("title"), _("players"), _("patrolkit offers"))]
    for entry in registry.GAMES:
        offers = [offer.value for offer in Offer if offer in entry.offers]
        rows.append(
            (entry.name, entry.local_title, entry.players, ", ".join(offers) or _("not yet"))
        )
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[3]
        )
    return 0


def _run_serve(args: argparse.Namespace) -> int:
    from server.serve import run_serve

    return run_serve(args)


def _run_demo(args: argparse.Namespace) -> int:
    from patrolkit.demo import run_demo

    return run_demo(args.out, seed=args.seed, force=args.force)


# -- entry point -----------------------------------------------------------------------------


class _Output(io.TextIOBase):
    """Standard output that a closed pipe (``| head -1``) cannot stop: once the reader has gone,
    the rest is dropped quietly and the command still ends with its own exit code."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                self._stream.write(text)
            except BrokenPipeError:
                self._drop()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._drop()

    def _drop(self) -> None:
        self.broken = True
        try:  # what is still buffered would fail again when Python exits
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self._stream, "encoding", "utf-8"))


def _forgiving(stream: TextIO) -> None:
    """Replace what the terminal's encoding cannot show (``?``) instead of failing a command
    whose work is done (an ASCII-only terminal, ``LC_ALL=C``)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, io.UnsupportedOperation):
            reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv``; the exit code (see the module's text)."""
    _forgiving(sys.stdout)
    _forgiving(sys.stderr)
    if not os.environ.get("PATROLKIT_DEBUG"):  # an image library's notes are not the player's
        warnings.filterwarnings("ignore", module=r"PIL(\.|$)")
    saved = sys.stdout
    sys.stdout = _Output(saved)
    try:
        return _main(argv)
    finally:
        try:
            sys.stdout.flush()
        finally:
            sys.stdout = saved


def _asked_language(argv: Sequence[str]) -> str:
    """The language ``--lang`` names anywhere in ``argv``, else the environment's."""
    for index, word in enumerate(argv):
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return language_from_environment()


def _say(error: PatrolkitError) -> None:
    """``error``'s one sentence on standard error, after the command's name."""
    print(_("patrolkit: {message}").format(message=error), file=sys.stderr)


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:  # before the parser is built, so that --help speaks the language too
        use_language(_asked_language(argv))
    except PatrolkitError as exc:
        _say(exc)
        return EXIT_BAD_INPUT
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except PatrolkitError as exc:
        _say(exc)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(_("patrolkit: interrupted"), file=sys.stderr)
        return 130
    except OSError as exc:
        where = exc.filename or _("file")
        print(f"patrolkit: {exc.strerror or exc} ({where})", file=sys.stderr)
        return EXIT_BAD_INPUT
    except RecursionError:
        print(_("patrolkit: an input file is nested too deeply to be read"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug of ours: still one line, details on request
        if os.environ.get("PATROLKIT_DEBUG"):
            raise
        print(
            _(
                "patrolkit: internal error ({error}); run again with PATROLKIT_DEBUG=1 for details"
            ).format(error=f"{type(exc).__name__}: {exc}"),
            file=sys.stderr,
        )
        return 70
    return code


if __name__ == "__main__":
    sys.exit(main())
