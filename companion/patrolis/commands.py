"""``patrolkit score|check patrolis``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import check_command, score_command
from patrolkit.errors import KitError

if TYPE_CHECKING:
    from companion.patrolis.reading import PatrolisReading


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a Patrolis board: every track, and the score."""
    from companion.patrolis.annotate import render
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import format_verdict, score_verdict

    def judge(reading: PatrolisReading) -> dict[str, Any]:
        return score_verdict(reading, photo=Path(args.photo))

    return score_command(args, read_photo, judge, format_verdict, render)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos of a Patrolis board and say whether the second follows by one legal
    turn; the mover is the player whose new steps appear."""
    from companion.patrolis.annotate import render
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import check_verdict, format_verdict

    if args.mover is not None:
        raise KitError(
            "Patrolis has no white or black: the mover is the player whose new steps appear."
        )

    def judge(before: PatrolisReading, after: PatrolisReading) -> dict[str, Any]:
        return check_verdict(before, after, photo=Path(args.after))

    return check_command(args, read_photo, judge, format_verdict, render)
