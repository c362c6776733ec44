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

from generator.rodeurs.rate import GAMES
from patrolkit import options
from patrolkit.i18n import _, ngettext

MIX = (16, 20, 20)
"""The default pawn mix: red, yellow, green."""
RATE_GAMES = GAMES
"""Games ``kit --rated`` plays unless ``--games`` says otherwise (as ``rate``)."""
RATE_LEVEL = 3
"""The players' level of ``kit --rated`` unless ``--level`` says otherwise: the computer
player's default, as ``rate`` (:data:`patrolkit.games.rodeurs.fairness.DEFAULT_LEVEL`)."""
BALANCED_GAMES = 300
"""Games each board of ``boards --balanced`` plays unless ``--games`` says otherwise: enough for
an interval inside 40–60 % when the first player scores 45.7–54.3 %. Fewer games narrow that
window so much that a board as fair as can be is mostly refused (at 160 games, 47.8–52.2 %);
more make every fair board dearer, for few more kept."""
BALANCED_LEVEL = 1
"""The players' level of ``boards --balanced`` unless ``--level`` says otherwise: the one level
fast enough to rate the many boards a balanced draw needs (most are given up) in minutes."""
MAX_DRAWS = 200
"""Boards ``boards --balanced`` rates at most unless ``--max-draws`` says otherwise."""


def mix(text: str) -> tuple[int, int, int]:
    """A pawn mix ``red,yellow,green`` such as ``16,20,20``."""
    parts = text.split(",")
    if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            _("expected red,yellow,green counts like 16,20,20, not '{text}'").format(text=text)
        )
    red, yellow, green = (int(p) for p in parts)
    return red, yellow, green


def add_kit_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--random", action="store_true", help=_("a random board and start position")
    )
    source.add_argument("--layout", type=Path, metavar="FILE", help=_("a hand-made layout (TOML)"))
    parser.add_argument(
        "--seed", type=options.whole_number, help=_("random layout seed (implies --random)")
    )
    parser.add_argument("--mix", type=mix, help=_("random pawn mix red,yellow,green (16,20,20)"))
    parser.add_argument("--diagonal", action="store_true", help=_("allow diagonal jumps"))
    parser.add_argument(
        "--rated",
        action="store_true",
        help=_("rate the board's fairness first; print it on the board and record it in kit.json"),
    )
    _add_rating_arguments(parser, games=f"{RATE_GAMES}", level=f"{RATE_LEVEL}", only="--rated")
    options.add_output_options(parser, options.PAPERS)


def _add_rating_arguments(
    parser: argparse.ArgumentParser, *, games: str, level: str, only: str
) -> None:
    parser.add_argument(
        "--games",
        type=options.count,
        help=_("games a rating plays (default {games}; {only})").format(games=games, only=only),
    )
    parser.add_argument(
        "--level",
        type=options.whole_number,
        help=_("players' level (default {level}; {only})").format(level=level, only=only),
    )
    parser.add_argument(
        "--play-seed",
        type=options.whole_number,
        help=_("seed of the rating's games (default 0; {only})").format(only=only),
    )


def _rating_options(args: argparse.Namespace, flag: str, *extra: str) -> None:
    """:class:`KitError` if a rating option is given without the option that rates."""
    given = [
        f"--{name.replace('_', '-')}"
        for name in ("games", "level", "play_seed", *extra)
        if getattr(args, name) is not None
    ]
    if given:
        from patrolkit.errors import KitError

        raise KitError(
            ngettext(
                "{options} only applies with {flag}.",
                "{options} only apply with {flag}.",
                len(given),
            ).format(options=_(" and ").join(given), flag=flag)
        )


def run_kit(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_kit
    from patrolkit.games.rodeurs.fairness import percent

    layout = _layout(args)
    label = f"seed-{layout.seed}" if layout.seed is not None else layout.name
    out = args.out or Path("output") / "kits" / f"rodeurs-{label}"
    if not args.rated:
        _rating_options(args, "--rated")
    ratings = []

    def rate() -> Any:
        from generator.rodeurs.balanced import rate_on_cores

        games = RATE_GAMES if args.games is None else args.games
        level = RATE_LEVEL if args.level is None else args.level
        bar = options.progress_bar(_("rating games"))
        rating = rate_on_cores(
            layout,
            games=games,
            levels=(level, level),
            seed=args.play_seed or 0,
            progress=None if bar is None else (lambda done: bar(done, games)),
        )
        ratings.append(rating)
        return rating

    files = write_kit(
        layout,
        out,
        paper=args.paper,
        force=args.force,
        rate=rate if args.rated else None,
        ink=args.ink,
    )
    options.kit_written(
        _("Rôdeurs kit ({label}, board {code})").format(label=label, code=layout.board.code),
        args.paper,
        files,
    )
    for rating in ratings:
        if rating.balanced():
            rated = _(
                "Rated: the first player scores {percent} ({interval}), balanced (40–60 %);"
                " {games} games, {seconds} s."
            )
        else:
            rated = _(
                "Rated: the first player scores {percent} ({interval}), not shown balanced"
                " (40–60 %); {games} games, {seconds} s."
            )
        print(
            rated.format(
                percent=percent(rating.score),
                interval=rating.score_interval,
                games=rating.games,
                seconds=f"{rating.seconds:.0f}",
            )
        )
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
    parser.add_argument("--count", type=options.count, required=True, help=_("how many boards"))
    parser.add_argument(
        "--seed", type=options.whole_number, default=0, help=_("first seed (default 0)")
    )
    parser.add_argument("--mix", type=mix, help=_("pawn mix red,yellow,green (default 16,20,20)"))
    parser.add_argument("--diagonal", action="store_true", help=_("allow diagonal jumps"))
    parser.add_argument(
        "--paper", choices=options.PAPERS, default="a4", help=_("paper size (default a4)")
    )
    parser.add_argument(
        "--out",
        type=Path,
        help=_(
            "output PDF, or with --balanced the folder for boards.pdf and boards.json"
            " (default output/boards/...)"
        ),
    )
    parser.add_argument("--force", action="store_true", help=_("overwrite an existing file"))
    parser.add_argument(
        "--balanced",
        action="store_true",
        help=_(
            "draw seeds from --seed on until COUNT boards rate balanced (first player's"
            " 95%% interval inside 40–60%%)"
        ),
    )
    _add_rating_arguments(
        parser, games=f"{BALANCED_GAMES}", level=f"{BALANCED_LEVEL}", only="--balanced"
    )
    parser.add_argument(
        "--max-draws",
        type=options.count,
        help=_("boards to rate at most before giving up (default {draws}; --balanced)").format(
            draws=MAX_DRAWS
        ),
    )


def run_boards(args: argparse.Namespace) -> int:
    from generator.rodeurs.kit import write_board_batch
    from generator.rodeurs.layouts import random_layout

    if args.balanced:
        return _run_balanced(args)
    _rating_options(args, "--balanced", "max_draws")

    layouts = [
        random_layout(args.seed + i, mix=args.mix or MIX, diagonal=args.diagonal)
        for i in range(args.count)
    ]
    last = args.seed + args.count - 1
    out = args.out or Path("output") / "boards" / f"rodeurs-seeds-{args.seed}-{last}.pdf"
    path = write_board_batch(
        layouts,
        out,
        paper=args.paper,
        force=args.force,
        progress=options.progress_bar(_("boards")),
    )
    print(
        ngettext(
            "{count} random Rôdeurs board (seeds {first}–{last}): {path}",
            "{count} random Rôdeurs boards (seeds {first}–{last}): {path}",
            args.count,
        ).format(count=args.count, first=args.seed, last=last, path=path)
    )
    return 0


def _run_balanced(args: argparse.Namespace) -> int:
    from generator.rodeurs.balanced import draw_balanced, progress_line
    from generator.rodeurs.kit import write_balanced_boards
    from generator.rodeurs.layouts import random_layout

    pawns = args.mix or MIX
    games = BALANCED_GAMES if args.games is None else args.games
    level = BALANCED_LEVEL if args.level is None else args.level
    name = f"rodeurs-balanced-{args.count}-from-seed-{args.seed}"
    out = args.out or Path("output") / "boards" / name

    def draw() -> Any:
        return draw_balanced(
            args.count,
            start=args.seed,
            layout_of=lambda seed: random_layout(seed, mix=pawns, diagonal=args.diagonal),
            games=games,
            level=level,
            seed=args.play_seed or 0,
            max_draws=MAX_DRAWS if args.max_draws is None else args.max_draws,
            progress=progress_line(args.count),
        )

    balanced, (pdf, record) = write_balanced_boards(out, draw, paper=args.paper, force=args.force)
    kept = [str(layout.seed) for layout, _rating in balanced.boards]
    last = args.seed + balanced.drawn - 1
    if balanced.drawn == 1:
        drawn = _("seed {seed}").format(seed=last)
    else:
        drawn = _("seeds {first}–{last}").format(first=args.seed, last=last)
    boards = ngettext(
        "{count} balanced Rôdeurs board", "{count} balanced Rôdeurs boards", args.count
    ).format(count=args.count)
    seeds = ngettext("seed {seeds}", "seeds {seeds}", len(kept)).format(seeds=", ".join(kept))
    print(
        _(
            "{boards} ({seeds}) from {drawn} drawn ({range}), {games} games each at level"
            " {level}, {seconds} s: {pdf}, ratings in {record}"
        ).format(
            boards=boards,
            seeds=seeds,
            drawn=balanced.drawn,
            range=drawn,
            games=games,
            level=level,
            seconds=f"{balanced.seconds:.0f}",
            pdf=pdf,
            record=record,
        )
    )
    return 0
