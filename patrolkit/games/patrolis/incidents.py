"""Patrolis incidents: what can happen to a track when a step is laid.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them. The rules that
raise each incident are told in :mod:`~patrolkit.games.patrolis.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import Cut, player_name


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
        names = [player_name(owners[t]) + "'s" for t in self.tracks]
        if self.incident is Incident.BUMP:
            return f"{names[0]} track bumps into {where} and is abandoned."
        if self.incident is Incident.JOIN and len(self.tracks) == 1:
            return f"{names[0]} track closes on itself at {where} and is abandoned."
        if self.incident is Incident.JOIN:
            return f"{names[0]} and {names[1]} tracks join at {where}; both are abandoned."
        if self.incident is Incident.LEAVE:
            return f"{names[0]} track leaves the board at {where} and is abandoned."
        if self.incident is Incident.BLOCKED:
            return f"{names[0]} track is blocked at {where} and is abandoned."
        part = self.cut.word if self.cut else "no"
        gone = ", ".join(game_map.name(c) for c in self.removed) or "no step"
        return f"{names[0]} track is crossed at {where} and loses its {part} part ({gone})."
