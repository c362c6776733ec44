"""What lies on each cell of a Patrolis table: the lines and their tracks, the tile a cell shows,
what a track's free end points at, and whether a position hangs together.

Import the public names from :mod:`patrolkit.games.patrolis`; this module serves
:mod:`~patrolkit.games.patrolis.state` and the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from patrolkit.errors import LayoutError
from patrolkit.games.patrolis.grid import Edge
from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Line,
    Shape,
    Tile,
    player_name,
    rotation_of,
)
from patrolkit.i18n import _

if TYPE_CHECKING:
    from patrolkit.games.patrolis.state import State

Slot = tuple[int, Line]
"""A line on a cell and the id of the track it belongs to."""


def tile_of(slots: Sequence[Slot], owners: Sequence[int]) -> Tile | None:
    """The tile a cell holding ``slots`` shows; ``owners`` gives each track id's owner.

    One line shows as a straight or a curve; two lines as a crossing in the colour of the one
    laid on top.
    """
    if not slots:
        return None
    if len(slots) == 2:
        return Tile(Shape.CROSS, 0, owners[slots[1][0]])
    track_id, line = slots[0]
    return Tile(line_shape(line), rotation_of(line.entry, line.exit), owners[track_id])


def line_shape(line: Line) -> Shape:
    """Straight or curve."""
    return Shape.STRAIGHT if line.straight else Shape.CURVE


def check_state(state: State) -> None:
    """Raise :class:`LayoutError` naming the first way ``state`` does not hang together."""
    m = state.map
    if not isinstance(m, Map):
        raise LayoutError(_("A position is played on a map."))
    if isinstance(state.players, bool) or not MIN_PLAYERS <= state.players <= MAX_PLAYERS:
        raise LayoutError(
            _("Patrolis is for {least} to {most} players.").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS
            )
        )
    if not isinstance(state.dealt, int) or state.dealt < 1:
        raise LayoutError(_("Each player is dealt at least one step."))
    if not 0 <= state.to_move < state.players:
        raise LayoutError(
            _("There is no {player} among {count}.").format(
                player=player_name(state.to_move), count=state.players
            )
        )
    cells: set[int] = set()
    for objective in state.objectives:
        if objective.cell not in m.cells:
            raise LayoutError(
                _("An objective lies off the map (cell {cell}).").format(cell=objective.cell)
            )
        if objective.cell in cells:
            raise LayoutError(
                _("Two objectives lie on {cell}.").format(cell=m.name(objective.cell))
            )
        cells.add(objective.cell)
        if objective.taken_by is not None and not 0 <= objective.taken_by < state.players:
            raise LayoutError(
                _("The objective on {cell} is held by nobody known.").format(
                    cell=m.name(objective.cell)
                )
            )
    live: set[int] = set()
    for track in state.tracks:
        if not 0 <= track.owner < state.players:
            raise LayoutError(
                _("A track belongs to {player}, who is not playing.").format(
                    player=player_name(track.owner)
                )
            )
        if not track.abandoned:
            if track.owner in live:
                raise LayoutError(
                    _("{player} has two tracks in play.").format(player=player_name(track.owner))
                )
            live.add(track.owner)
        for line in track.lines:
            if line.cell not in m.cells:
                raise LayoutError(
                    _("A step lies off the map (cell {cell}).").format(cell=line.cell)
                )
        for before, after in zip(track.lines, track.lines[1:], strict=False):
            if m.neighbour(before.cell, before.exit) != after.cell or (
                after.entry is not before.exit.opposite
            ):
                raise LayoutError(
                    _("{player}'s track breaks between {cell} and {other}.").format(
                        player=player_name(track.owner),
                        cell=m.name(before.cell),
                        other=m.name(after.cell),
                    )
                )
    for cell, slots in enumerate(state.board):
        name = m.name(cell)
        if len(slots) > 2:
            raise LayoutError(
                _("{cell} holds {count} steps; a cell holds one, or a crossing.").format(
                    cell=name, count=len(slots)
                )
            )
        if len(slots) == 2:
            (_under_id, under), (_over_id, over) = slots
            if not (under.straight and over.straight and not under.over and over.over) or (
                under.edges == over.edges
            ):
                raise LayoutError(
                    _(
                        "{cell} holds two lines that are not a crossing laid over a straight step."
                    ).format(cell=name)
                )
        elif len(slots) == 1 and slots[0][1].over:
            raise LayoutError(
                _("{cell} holds a single line marked as a crossing.").format(cell=name)
            )
        lying = state.objective_at(cell)
        if slots and lying is not None and lying.taken_by is None:
            raise LayoutError(
                _("A step lies on {cell}, but its objective was not collected.").format(cell=name)
            )
    for player in range(state.players):
        if state.supply(player) < 0:
            raise LayoutError(
                _("{player} has more steps on the board than the {count} dealt.").format(
                    player=player_name(player), count=state.dealt
                )
            )
    for track in state.tracks:
        if not track.abandoned:
            cell, edge = track.free_end
            facing, _met = facing_of(state.map, state.board, cell, edge)
            if facing not in (OPEN, CROSSABLE):
                raise LayoutError(
                    _(
                        "{player}'s track at {cell} is blocked, so it should have been abandoned."
                    ).format(player=player_name(track.owner), cell=m.name(cell))
                )


OPEN = "open"
"""The free end points into an empty cell."""
CROSSABLE = "crossable"
"""The free end points into a cell holding a single straight step at right angles to it."""
MEETS = "meets"
"""The free end points at the loose end of a line (another track's free end or tail)."""
BLOCKED = "blocked"
"""The free end points into an occupied cell it can neither meet nor cross."""
OFF = "off"
"""The free end points off the board."""


def facing_of(
    game_map: Map, board: Sequence[Sequence[Slot]], cell: int, edge: Edge
) -> tuple[str, int | None]:
    """What a free end leaving ``cell`` by ``edge`` points at, and the track met, if any.

    ``board`` gives each cell's slots. Returns one of :data:`OPEN`, :data:`CROSSABLE`,
    :data:`MEETS` (with the id of the track whose line end it meets), :data:`BLOCKED`, :data:`OFF`.
    """
    ahead = game_map.neighbour(cell, edge)
    if ahead is None:
        return OFF, None
    slots = board[ahead]
    if not slots:
        return OPEN, None
    facing = edge.opposite
    for track_id, line in slots:
        if line.touches(facing):
            return MEETS, track_id
    if len(slots) == 1 and slots[0][1].straight:
        return CROSSABLE, None
    return BLOCKED, None
