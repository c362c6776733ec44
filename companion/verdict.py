"""What every game's verdict shares: the schema's version, joining the two photos of a check,
and the line about the QR codes that belong to no game.

Each game's verdict (:mod:`companion.rodeurs.verdict`, :mod:`companion.patrolis.verdict`,
:mod:`companion.twelve_patrols.verdict`) is a plain dict, ready for :func:`json.dumps`, whose
``schema`` key is :data:`SCHEMA`; its module says what the other keys hold.
"""

from __future__ import annotations

from typing import Any, Final

SCHEMA: Final = 1
"""The version of every verdict's JSON; it changes when a key changes meaning or goes."""


def join_photos(verdict: dict[str, Any], first: dict[str, Any]) -> None:
    """Fold the verdict on a check's first photo (``first``) into the one on its second:
    judged only if both were, their unreadable parts and foreign codes together, and every
    problem said of the photo it was seen on."""
    verdict["judged"] = first["judged"] and verdict["judged"]
    verdict["unreadable"] = first["unreadable"] + verdict["unreadable"]
    verdict["foreign_codes"] = first["foreign_codes"] + verdict["foreign_codes"]
    verdict["problems"] = [f"Before: {p}" for p in first["problems"]] + [
        f"After: {p}" for p in verdict["problems"]
    ]


def foreign_codes_lines(verdict: dict[str, Any]) -> list[str]:
    """The line saying how many foreign QR codes a verdict ignored (none when it ignored none)."""
    count = len(verdict["foreign_codes"])
    if not count:
        return []
    codes = "a QR code" if count == 1 else f"{count} QR codes"
    return [f"Ignored {codes} on the table that belong to no game of this kit."]
