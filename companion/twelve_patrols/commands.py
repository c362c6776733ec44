"""``patrolkit score twelve-patrols``.

There is no ``check``: 12 Patrols is played alone and nothing in it can be judged between two
photos that one photo of the kingdom does not show.
"""

from __future__ import annotations

import argparse

from companion.commands import score_command


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a kingdom and say whether it wins, or for a kingdom in progress what
    already fails and whether a win can still be reached."""
    from companion.twelve_patrols.annotate import render
    from companion.twelve_patrols.reader import read_photo
    from companion.twelve_patrols.verdict import format_verdict, score_verdict

    return score_command(args, read_photo, score_verdict, format_verdict, render)
