"""Patrolis incidents: what can happen to a track when a step is laid.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them. The rules that
raise each incident are told in :mod:`~patrolkit.games.patrolis.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import Cut, player_name
from patrolkit.i18n import _


class Incident(Enum):
    """What can happen to a track when a step is laid."""

    BUMP = "bump"
    JOIN = "join"
    CROSS = "cross"
    LEAVE = "leave"
    BLOCKED = "blocked"

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Event:
    """An incident during a turn.

    ``cell`` is where it happened (the cell pointed into for a bump or a join, the crossing cell,
    the last cell of a track that leaves the board or is blocked). ``tracks`` are the ids of the
    tracks abandoned (for a crossing: the crossed track). A crossing also records the ``cut``
    chosen and the cells whose steps it ``removed``.
    """

    incident: Incident
    cell: int
    tracks: tuple[int, ...]
    cut: Cut | None = None
    removed: tuple[int, ...] = ()

    def sentence(self, game_map: Map, owners: tuple[int, ...]) -> str:
        """The incident in one sentence; ``owners`` gives each track id's owner."""
        where = game_map.name(self.cell)
        names = [player_name(owners[t]) for t in self.tracks]
        if self.incident is Incident.BUMP:
            text = _("{player}'s track bumps into {cell} and is abandoned.")
        elif self.incident is Incident.JOIN and len(self.tracks) == 1:
            text = _("{player}'s track closes on itself at {cell} and is abandoned.")
        elif self.incident is Incident.JOIN:
            return _("{player}'s and {other}'s tracks join at {cell}; both are abandoned.").format(
                player=names[0], other=names[1], cell=where
            )
        elif self.incident is Incident.LEAVE:
            text = _("{player}'s track leaves the board at {cell} and is abandoned.")
        elif self.incident is Incident.BLOCKED:
            text = _("{player}'s track is blocked at {cell} and is abandoned.")
        else:
            gone = ", ".join(game_map.name(c) for c in self.removed) or _("no step")
            if self.cut is None:
                text = _("{player}'s track is crossed at {cell} and loses no part ({removed}).")
            else:
                text = _(
                    "{player}'s track is crossed at {cell} and loses its {part} part ({removed})."
                )
            part = self.cut.word if self.cut else ""
            return text.format(player=names[0], cell=where, part=part, removed=gone)
        return text.format(player=names[0], cell=where)
