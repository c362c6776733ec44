"""``patrolkit score|check grand-jeu``: the photo referee."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import check_command, score_command
from patrolkit.errors import KitError

if TYPE_CHECKING:
    from companion.grand_jeu.reading import GrandJeuReading


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a grand jeu table: every scout's cell, patrol and direction, the frozen
    scouts, the prisoners, and who has won or how the game stands if stopped now."""
    from companion.grand_jeu.annotate import render
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import format_verdict, score_verdict

    def judge(reading: GrandJeuReading) -> dict[str, Any]:
        return score_verdict(reading, photo=Path(args.photo))

    return score_command(args, read_photo, judge, format_verdict, render)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos of a grand jeu game and find the legal turn that leads from the first to
    the second, with its foulards, or say why none does."""
    from companion.grand_jeu.annotate import render
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import check_verdict, format_verdict

    if getattr(args, "mover", None) is not None:
        raise KitError(
            "The grand jeu's referee finds who played from the photos: leave --mover out."
        )

    def judge(before: GrandJeuReading, after: GrandJeuReading) -> dict[str, Any]:
        return check_verdict(before, after, photos=[Path(args.before), Path(args.after)])

    return check_command(args, read_photo, judge, format_verdict, render)
