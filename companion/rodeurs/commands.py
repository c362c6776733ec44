"""``patrolkit score|check|hint rodeurs``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.commands import check_command, score_command
from companion.rodeurs.hint import MOVERS as MOVERS
from companion.rodeurs.hint import add_hint_arguments as add_hint_arguments
from companion.rodeurs.hint import hint_line as hint_line
from companion.rodeurs.hint import hint_verdict as hint_verdict
from companion.rodeurs.hint import run_hint as run_hint
from patrolkit.i18n import _

if TYPE_CHECKING:
    from companion.rodeurs.reading import RodeursReading


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a Rôdeurs board: the position, and the score when the game is over."""
    from companion.rodeurs.annotate import render
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.verdict import format_verdict, score_verdict

    return score_command(args, read_photo, score_verdict, format_verdict, render)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos of a Rôdeurs board and say whether the second follows by one legal
    turn (played by ``--mover`` when given)."""
    from companion.rodeurs.annotate import render
    from companion.rodeurs.reader import read_photo
    from companion.rodeurs.verdict import check_verdict, format_verdict

    def judge(before: RodeursReading, after: RodeursReading) -> dict[str, Any]:
        return check_verdict(before, after, mover=args.mover)

    return check_command(args, read_photo, judge, format_verdict, render)


# -- the same verdicts as data, for the web companion -----------------------------------------

CORRECTIONS = ("red", "yellow", "green", "empty")
"""What a player may say an unreadable cell holds."""


def judge_photos(after: RodeursReading, before: RodeursReading | None = None) -> dict[str, Any]:
    """The verdict ``score`` (one photo) or ``check`` (``before`` given) prints, as data."""
    from companion.rodeurs.verdict import check_verdict, score_verdict

    return score_verdict(after) if before is None else check_verdict(before, after)


def unreadable_choices(reading: RodeursReading) -> dict[str, tuple[str, ...]]:
    """Every cell the photo could not read, with what a player may say it holds."""
    return {cell.name: CORRECTIONS for cell in reading.unreadable}


def correct(reading: RodeursReading, cell: str, value: str) -> RodeursReading:
    """``reading`` with the unreadable ``cell`` said by a player to hold ``value`` (a pawn's
    colour or ``empty``); :class:`NotationError` for a cell that was read or a value that is none
    of :data:`CORRECTIONS`."""
    from dataclasses import replace

    from companion.rodeurs.reading import CellReading, CellStatus
    from patrolkit.errors import NotationError
    from patrolkit.games.rodeurs import PawnColour

    found = next((c for c in reading.unreadable if c.name == cell), None)
    if found is None:
        raise NotationError(_("{cell} is not a cell this photo could not read.").format(cell=cell))
    if value not in CORRECTIONS:
        raise NotationError(
            _("A cell holds a red, yellow or green pawn or nothing, not '{value}'.").format(
                value=value
            )
        )
    if value == "empty":
        fixed = CellReading(found.square, CellStatus.EMPTY)
    else:
        fixed = CellReading(found.square, CellStatus.PAWN, pawn=PawnColour(value[0]))
    cells = tuple(fixed if c.square == found.square else c for c in reading.cells)
    problems = tuple(p for p in reading.problems if p.square != found.square)
    return replace(reading, cells=cells, problems=problems)
