"""``patrolkit hint rodeurs``: the computer player's turn for the position on a photo.

The photo cannot show whose turn it is, so the player to move is given (``--mover``). The hint is
:func:`patrolkit.games.rodeurs.engine.choose_turn` at the level asked, with seed 0, so the same
photo, mover and level always give the same hint. A photo with a cell that could not be read is
refused: a hint on a guessed position could propose a turn that is not there.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import EXIT_CANNOT_JUDGE, print_verdict, refuse_existing
from patrolkit import options
from patrolkit.atomic import write_through
from patrolkit.errors import NotationError, PhotoError
from patrolkit.games.rodeurs import Player
from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL, LEVELS, Choice, check_level, choose_turn
from patrolkit.i18n import _

if TYPE_CHECKING:
    from companion.rodeurs.reading import RodeursReading

SEED = 0
"""The seed of every hint: the same photo, mover and level always give the same turn."""
MOVERS = {"white": Player.WHITE, "black": Player.BLACK}
"""Who a hint may be asked for, by the name a player gives."""


def add_hint_arguments(parser: argparse.ArgumentParser) -> None:
    levels = ", ".join(str(level) for level in LEVELS)
    parser.add_argument("photo", type=Path, help=_("photo of the table (JPEG, PNG, WebP, HEIC)"))
    parser.add_argument(
        "--mover", choices=tuple(MOVERS), required=True, help=_("who is to play the turn")
    )
    parser.add_argument(
        "--level",
        type=options.whole_number,
        default=DEFAULT_LEVEL,
        help=_("the computer player's strength: {levels} (default {level})").format(
            levels=levels, level=DEFAULT_LEVEL
        ),
    )
    options.add_reading_options(parser)


def run_hint(args: argparse.Namespace) -> int:
    """Read the photo and print the computer player's turn for ``args.mover`` at ``args.level``;
    exit 3 (one line) when a cell could not be read."""
    from companion.picture import annotate
    from companion.rodeurs.annotate import render
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.verdict import format_verdict

    level = check_level(args.level)
    refuse_existing(args.annotate, args.force)
    reading = replace(read_photo(args.photo, decoder=args.decoder), to_move=MOVERS[args.mover])
    try:
        verdict = hint_verdict(reading, args.mover, level)
    except PhotoError as exc:
        print(f"patrolkit: {exc}", file=sys.stderr)
        return EXIT_CANNOT_JUDGE
    if args.annotate is not None:
        write_through(
            args.annotate,
            lambda path: annotate(render, args.photo, reading, verdict, path),
            force=args.force,
        )
    print_verdict(
        verdict,
        lambda v: f"{hint_line(v['hint'])}\n{format_verdict(v)}",
        as_json=args.json,
        annotated=args.annotate,
    )
    return 0


def hint_verdict(reading: RodeursReading, mover: str, level: int = DEFAULT_LEVEL) -> dict[str, Any]:
    """The verdict ``score`` gives for ``reading`` with ``mover`` (``white`` or ``black``) to play,
    and its ``hint`` (:func:`hint_data`); :class:`PhotoError` when a cell could not be read."""
    from companion.rodeurs.verdict import score_verdict

    if mover not in MOVERS:
        raise NotationError(
            _("The player to move is white or black, not '{mover}'.").format(mover=mover)
        )
    reading = replace(reading, to_move=MOVERS[mover])
    state = reading.state
    if state is None:
        cells = ", ".join(cell.name for cell in reading.unreadable)
        raise PhotoError(
            _(
                "no hint: the photo leaves {cells} unread; fix them and take the photo again."
            ).format(cells=cells)
        )
    choice = choose_turn(state, level=check_level(level), seed=SEED)
    verdict = score_verdict(reading)
    verdict["hint"] = hint_data(choice, mover, level)
    return verdict


def hint_data(choice: Choice, mover: str, level: int) -> dict[str, Any]:
    """The verdict's ``hint`` object: ``{"mover", "level", "turn", "turn_kind", "jumps",
    "proven"}``, ``jumps`` being ``[start, land]`` cell names in the order played."""
    turn = choice.turn
    return {
        "mover": mover,
        "level": level,
        "turn": turn.notation,
        "turn_kind": turn.kind,
        "jumps": [jump.notation.split("x") for jump in turn.jumps],
        "proven": choice.proven,
    }


def hint_line(hint: dict[str, Any]) -> str:
    """The hint in one line: the turn, for whom, at which level, and whether it is proven."""
    from companion.rodeurs.verdict import player_word, turn_kind_word

    if hint["proven"]:
        line = _("Hint for {player} (level {level}): {turn} ({kind}; proven best).")
    else:
        line = _("Hint for {player} (level {level}): {turn} ({kind}; not proven best).")
    return line.format(
        player=player_word(hint["mover"]),
        level=hint["level"],
        turn=hint["turn"],
        kind=turn_kind_word(hint["turn_kind"]),
    )
