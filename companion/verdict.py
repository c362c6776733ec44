"""What every game's verdict shares: the schema's version, each photo's unreadable parts, foreign
codes and problems gathered, joining the two photos of a check, and the last lines of its words:
the problems not said yet and the line about the QR codes that belong to no game.

Each game's verdict (:mod:`companion.rodeurs.verdict`, :mod:`companion.patrolis.verdict`,
:mod:`companion.twelve_patrols.verdict`) is a plain dict, ready for :func:`json.dumps`, whose
``schema`` key is :data:`SCHEMA`; its module says what the other keys hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, TypeVar

from patrolkit.i18n import _, ngettext

SCHEMA: Final = 1
"""The version of every verdict's JSON; it changes when a key changes meaning or goes."""

U = TypeVar("U", bound="Unread")
U_co = TypeVar("U_co", bound="Unread", covariant=True)


class Unread(Protocol):
    """Something a reader could not read: why, in one sentence, and the photo point concerned."""

    @property
    def reason(self) -> str: ...

    @property
    def at_px(self) -> tuple[float, float] | None: ...


class Read(Protocol[U_co]):
    """What a reader read of one photo, as far as a verdict's lists go."""

    @property
    def unreadable(self) -> tuple[U_co, ...]: ...

    @property
    def foreign(self) -> tuple[tuple[str, tuple[float, float]], ...]: ...

    @property
    def problems(self) -> tuple[str, ...]: ...


def gathered(
    readings: Sequence[Read[U]], cell: Callable[[U], str | None]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """The ``unreadable``, ``foreign_codes`` and ``problems`` of a verdict on ``readings``, each
    part or problem said of its photo (numbered from 1) when there are several, ``cell`` naming
    the cell an unreadable part is on."""
    numbered = len(readings) > 1
    unreadable: list[dict[str, Any]] = []
    foreign: list[dict[str, Any]] = []
    problems: list[str] = []
    for number, reading in enumerate(readings, start=1):
        photo = number if numbered else None
        unreadable += [
            {
                "photo": photo,
                "cell": cell(u),
                "reason": u.reason,
                "at_px": list(u.at_px) if u.at_px else None,
            }
            for u in reading.unreadable
        ]
        foreign += [{"photo": photo, "text": why, "at_px": list(at)} for why, at in reading.foreign]
        problems += [
            _("Photo {number}: {problem}").format(number=number, problem=p) if numbered else p
            for p in reading.problems
        ]
    return unreadable, foreign, problems


def join_photos(verdict: dict[str, Any], first: dict[str, Any]) -> None:
    """Fold the verdict on a check's first photo (``first``) into the one on its second:
    judged only if both were, their unreadable parts and foreign codes together, and every
    problem said of the photo it was seen on."""
    verdict["judged"] = first["judged"] and verdict["judged"]
    verdict["unreadable"] = first["unreadable"] + verdict["unreadable"]
    verdict["foreign_codes"] = first["foreign_codes"] + verdict["foreign_codes"]
    verdict["problems"] = [_("Before: {problem}").format(problem=p) for p in first["problems"]] + [
        _("After: {problem}").format(problem=p) for p in verdict["problems"]
    ]


def in_words(lines: list[str], verdict: dict[str, Any]) -> str:
    """A verdict's ``lines`` of words, then each of its problems they do not say yet and the
    line about the foreign QR codes, a line each."""
    lines = lines + [p for p in verdict["problems"] if p not in lines]
    return "\n".join(lines + foreign_codes_lines(verdict))


def foreign_codes_lines(verdict: dict[str, Any]) -> list[str]:
    """The line saying how many foreign QR codes a verdict ignored (none when it ignored none)."""
    count = len(verdict["foreign_codes"])
    if not count:
        return []
    return [
        ngettext(
            "Ignored a QR code on the table that belongs to no game of this kit.",
            "Ignored {count} QR codes on the table that belong to no game of this kit.",
            count,
        ).format(count=count)
    ]
