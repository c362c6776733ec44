"""``patrolkit score twelve-patrols``.

There is no ``check``: 12 Patrols is played alone and nothing in it can be judged between two
photos that one photo of the kingdom does not show.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.commands import score_command

if TYPE_CHECKING:
    from companion.twelve_patrols.reading import PatrolsReading


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a kingdom and say whether it wins, or for a kingdom in progress what
    already fails and whether a win can still be reached."""
    from companion.twelve_patrols.annotate import render
    from companion.twelve_patrols.reader import read_photo
    from companion.twelve_patrols.verdict import format_verdict, score_verdict

    return score_command(args, read_photo, score_verdict, format_verdict, render)


# -- the same verdict as data, for the web companion ------------------------------------------

NOTHING_MORE = "nothing more"
"""What a player says of something unread: the slot holds only what was read, or the place
holds no card."""


def judge_photos(after: PatrolsReading, before: PatrolsReading | None = None) -> dict[str, Any]:
    """The verdict ``score`` prints, as data. There is no turn to judge between two photos of a
    kingdom, so ``before`` is not used: each photo is judged alone."""
    from companion.twelve_patrols.verdict import score_verdict

    return score_verdict(after)


def unreadable_choices(reading: PatrolsReading) -> dict[str, tuple[str, ...]]:
    """Everything unread that a player may settle, by where it is (in words)."""
    return {u.where: (NOTHING_MORE,) for u in reading.unread}


def correct(reading: PatrolsReading, where: str, value: str) -> PatrolsReading:
    """``reading`` with what was unread at ``where`` said by a player to be nothing more than
    what was read there; :class:`NotationError` for anything else."""
    from dataclasses import replace

    from patrolkit.errors import NotationError

    if not any(u.where == where for u in reading.unread):
        raise NotationError(f"Nothing at {where} was left unread in this photo.")
    if value != NOTHING_MORE:
        raise NotationError(f"What was unread at {where} can only be said to be nothing more.")
    return replace(reading, unread=tuple(u for u in reading.unread if u.where != where))
