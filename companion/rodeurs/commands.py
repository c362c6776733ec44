"""``patrolkit score|check rodeurs``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.commands import check_command, score_command

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
