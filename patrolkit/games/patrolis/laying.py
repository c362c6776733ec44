"""Patrolis step by step: a working copy of the table, and laying one step on it by the rules.

Import the rules from :mod:`patrolkit.games.patrolis`; this module is their engine room, shared by
playing (:mod:`~patrolkit.games.patrolis.rules`) and refereeing
(:mod:`~patrolkit.games.patrolis.validate`). The rules it applies are told in
:mod:`~patrolkit.games.patrolis.rules`.
"""

from __future__ import annotations

from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis.board import BLOCKED, MEETS, OFF, Slot, facing_of, tile_of
from patrolkit.games.patrolis.grid import Edge, Terrain
from patrolkit.games.patrolis.incidents import Event, Incident
from patrolkit.games.patrolis.state import State
from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import (
    Colour,
    Cut,
    Line,
    Objective,
    Shape,
    Step,
    Tile,
    Track,
    player_name,
)
from patrolkit.i18n import _


class Table:
    """A mutable copy of a position's tracks, cells and objectives, to play steps on."""

    map: Map
    players: int
    dealt: int
    lines: list[list[Line]]
    owners: list[int]
    abandoned: list[bool]
    cells: list[list[Slot]]
    taken: dict[int, int | None]
    colours: dict[int, Colour]

    @classmethod
    def of(cls, state: State) -> Table:
        table = cls()
        table.map, table.players, table.dealt = state.map, state.players, state.dealt
        table.lines = [list(t.lines) for t in state.tracks]
        table.owners = [t.owner for t in state.tracks]
        table.abandoned = [t.abandoned for t in state.tracks]
        table.cells = [list(slots) for slots in state.board]
        table.taken = {o.cell: o.taken_by for o in state.objectives}
        table.colours = {o.cell: o.colour for o in state.objectives}
        return table

    def copy(self) -> Table:
        table = Table()
        table.map, table.players, table.dealt = self.map, self.players, self.dealt
        table.lines = [list(lines) for lines in self.lines]
        table.owners = list(self.owners)
        table.abandoned = list(self.abandoned)
        table.cells = [list(slots) for slots in self.cells]
        table.taken = dict(self.taken)
        table.colours = self.colours
        return table

    def live(self, player: int) -> int | None:
        for track_id, owner in enumerate(self.owners):
            if owner == player and not self.abandoned[track_id]:
                return track_id
        return None

    def tile(self, cell: int) -> Tile | None:
        return tile_of(self.cells[cell], self.owners)

    def supply(self, player: int) -> int:
        laid = sum(
            len(lines)
            for lines, owner in zip(self.lines, self.owners, strict=True)
            if owner == player
        )
        return self.dealt - laid

    def facing(self, track_id: int) -> tuple[str, int | None]:
        last = self.lines[track_id][-1]
        return facing_of(self.map, self.cells, last.cell, last.exit)

    def can_start(self) -> bool:
        """Whether a new track can start somewhere on the border."""
        return any(True for _start in self.starts())

    def starts(self) -> list[tuple[int, Edge]]:
        """Every border cell and border edge a new track may enter by (empty or crossable)."""
        found = []
        for cell in self.map.cells:
            for edge in self.map.border_edges(cell):
                slots = self.cells[cell]
                if not slots or (
                    len(slots) == 1 and slots[0][1].straight and not slots[0][1].touches(edge)
                ):
                    found.append((cell, edge))
        return found

    def can_continue(self, player: int) -> bool:
        if self.supply(player) <= 0:
            return False
        return self.live(player) is not None or self.can_start()

    def remove(self, track_id: int, lines: list[Line]) -> None:
        """Take ``lines`` of track ``track_id`` off their cells; a crossing left with one line
        becomes a plain step."""
        for line in lines:
            self.cells[line.cell].remove((track_id, line))
        for line in lines:
            slots = self.cells[line.cell]
            if len(slots) == 1 and slots[0][1].over:
                other_id, other = slots[0]
                plain = Line(other.cell, other.entry, other.exit)
                slots[0] = (other_id, plain)
                track = self.lines[other_id]
                track[track.index(other)] = plain

    def state(self, to_move: int) -> State:
        tracks = tuple(
            Track(owner, tuple(lines), abandoned)
            for owner, lines, abandoned in zip(self.owners, self.lines, self.abandoned, strict=True)
        )
        objectives = tuple(
            Objective(cell, self.colours[cell], taken) for cell, taken in self.taken.items()
        )
        return State(self.map, self.players, self.dealt, objectives, tracks, to_move)

    def next_player(self, player: int) -> int:
        """The next player in turn who can continue (``player`` again if nobody else can)."""
        for offset in range(1, self.players + 1):
            candidate = (player + offset) % self.players
            if self.can_continue(candidate):
                return candidate
        return (player + 1) % self.players


def not_continuing(m: Map, cell: str, last: int, heading: Edge, ahead: int | None) -> str:
    """Why a step on ``cell`` does not continue a free end leaving ``last`` by ``heading``."""
    if ahead is None:
        return _(
            "The new step on {cell} does not continue the track's free end at {last},"
            " heading {heading}."
        ).format(cell=cell, last=m.name(last), heading=heading.word)
    return _(
        "The new step on {cell} does not continue the track's free end at {last},"
        " heading {heading} into {ahead}."
    ).format(cell=cell, last=m.name(last), heading=heading.word, ahead=m.name(ahead))


class Runner:
    """Lays one player's steps one by one, checking every rule, on a :class:`Table`."""

    def __init__(self, table: Table, player: int) -> None:
        self.table = table
        self.player = player
        self.track = table.live(player)
        self.count = 0
        self.terrain: Terrain | None = None
        self.terrain_cell = -1
        self.ended = ""
        self.events: list[Event] = []
        self.collected: list[int] = []
        self.touched: set[int] = set()
        self.steps: list[Step] = []

    def copy(self) -> Runner:
        runner = Runner.__new__(Runner)
        runner.__dict__.update(self.__dict__)
        runner.table = self.table.copy()
        runner.events = list(self.events)
        runner.collected = list(self.collected)
        runner.touched = set(self.touched)
        runner.steps = list(self.steps)
        return runner

    @property
    def limit(self) -> int:
        return (self.terrain or Terrain.ROAD).limit

    def next_position(self) -> tuple[int, Edge] | None:
        """The cell and edge the next step must enter by, or ``None`` to start on the border."""
        if self.track is None:
            return None
        last = self.table.lines[self.track][-1]
        ahead = self.table.map.neighbour(last.cell, last.exit)
        return None if ahead is None else (ahead, last.exit.opposite)

    def lay(self, step: Step) -> None:
        """Lay ``step``; raise :class:`IllegalTurn` with the rule it breaks."""
        table, m = self.table, self.table.map
        if self.ended:
            raise IllegalTurn(self.ended)
        if step.cell not in m.cells:
            raise IllegalTurn(_("The step on cell {cell} lies off the map.").format(cell=step.cell))
        name = m.name(step.cell)
        self._check_place(step)
        terrain = self._check_terrain(step)
        slots = table.cells[step.cell]
        crossed: Slot | None = None
        if slots:
            under = slots[0][1]
            if not (
                len(slots) == 1
                and under.straight
                and step.shape is Shape.STRAIGHT
                and not (under.edges & {step.entry, step.exit})
            ):
                raise IllegalTurn(
                    _("A step lies on an occupied cell {cell} that is not a crossing.").format(
                        cell=name
                    )
                )
            if step.cut is None:
                raise IllegalTurn(
                    _(
                        "The step on {cell} crosses {player}'s track: say which part that track"
                        " loses, upstream (+U) or downstream (+D)."
                    ).format(cell=name, player=player_name(table.owners[slots[0][0]]))
                )
            crossed = slots[0]
        elif step.cut is not None:
            raise IllegalTurn(
                _(
                    "The step on {cell} lies on an empty cell, so it crosses nothing and cuts"
                    " nothing."
                ).format(cell=name)
            )
        if terrain is not None and self.terrain is None:
            self.terrain, self.terrain_cell = terrain, step.cell
        line = Line(step.cell, step.entry, step.exit, crossed is not None)
        if self.track is None:
            self.track = len(table.lines)
            table.lines.append([line])
            table.owners.append(self.player)
            table.abandoned.append(False)
        else:
            table.lines[self.track].append(line)
        table.cells[step.cell].append((self.track, line))
        self.count += 1
        self.steps.append(step)
        self.touched.add(step.cell)
        if table.taken.get(step.cell, -1) is None:
            table.taken[step.cell] = self.player
            self.collected.append(step.cell)
        if crossed is not None and step.cut is not None:
            self._cut(crossed, step.cut, step.cell)
        self._settle()

    def _check_place(self, step: Step) -> None:
        m = self.table.map
        name = m.name(step.cell)
        if self.track is None:
            if not m.on_border(step.cell):
                raise IllegalTurn(
                    _(
                        "{player} has no track in play, so the step on {cell} must start a new"
                        " one on the border."
                    ).format(player=player_name(self.player), cell=name)
                )
            border = m.border_edges(step.cell)
            if step.entry not in border:
                if len(border) == 1:
                    text = _(
                        "A new track enters the board from outside: the step on {cell} must"
                        " enter by its {edge} edge, not its {entry} edge."
                    )
                else:
                    text = _(
                        "A new track enters the board from outside: the step on {cell} must"
                        " enter by its {edge} or {other} edge, not its {entry} edge."
                    )
                raise IllegalTurn(
                    text.format(
                        cell=name,
                        edge=border[0].word,
                        other=border[-1].word,
                        entry=step.entry.word,
                    )
                )
            return
        last = self.table.lines[self.track][-1]
        ahead = m.neighbour(last.cell, last.exit)
        if step.cell != ahead or step.entry is not last.exit.opposite:
            raise IllegalTurn(not_continuing(m, name, last.cell, last.exit, ahead))

    def _check_terrain(self, step: Step) -> Terrain | None:
        """Check the one-class rule and the limit; the class ``step`` gives the turn, if any."""
        m = self.table.map
        found = m.terrain[step.cell]
        terrain = None if found is Terrain.ROAD else found
        if terrain is not None and self.terrain is not None and terrain is not self.terrain:
            raise IllegalTurn(
                _(
                    "{cell} is {terrain} and {other} {other_terrain}: one terrain class per turn"
                    " (roads excepted)."
                ).format(
                    cell=m.name(self.terrain_cell),
                    terrain=self.terrain.word,
                    other=m.name(step.cell),
                    other_terrain=terrain.word,
                )
            )
        ruling = self.terrain or terrain or Terrain.ROAD
        if self.count + 1 > ruling.limit:
            raise IllegalTurn(
                _("{count} steps on {terrain}, but the limit there is {limit}.").format(
                    count=self.count + 1, terrain=ruling.word, limit=ruling.limit
                )
            )
        return terrain

    def _cut(self, crossed: Slot, cut: Cut, cell: int) -> None:
        table = self.table
        track_id, line = crossed
        lines = table.lines[track_id]
        index = lines.index(line)
        if cut is Cut.UPSTREAM:
            removed, table.lines[track_id] = lines[:index], lines[index:]
        else:
            removed, table.lines[track_id] = lines[index + 1 :], lines[: index + 1]
        table.remove(track_id, removed)
        self.touched.update(gone.cell for gone in removed)
        self.events.append(
            Event(Incident.CROSS, cell, (track_id,), cut, tuple(g.cell for g in removed))
        )
        if track_id == self.track and cut is Cut.DOWNSTREAM:
            self.ended = _("Cutting your own track back at {cell} ends the turn there.").format(
                cell=table.map.name(cell)
            )

    def _settle(self) -> None:
        """Abandon every track whose free end is blocked, meets a line end or leaves the board."""
        table = self.table
        order = [self.track] + [t for t in range(len(table.lines)) if t != self.track]
        for track_id in order:
            if track_id is None or table.abandoned[track_id]:
                continue
            facing, met = table.facing(track_id)
            last = table.lines[track_id][-1]
            ahead = table.map.neighbour(last.cell, last.exit)
            if facing == MEETS and met is not None and ahead is not None:
                table.abandoned[track_id] = table.abandoned[met] = True
                tracks = (track_id,) if met == track_id else (track_id, met)
                self.events.append(Event(Incident.JOIN, ahead, tracks))
            elif facing == BLOCKED and ahead is not None:
                table.abandoned[track_id] = True
                mover = track_id == self.track
                incident, at = (Incident.BUMP, ahead) if mover else (Incident.BLOCKED, last.cell)
                self.events.append(Event(incident, at, (track_id,)))
            elif facing == OFF:
                table.abandoned[track_id] = True
                self.events.append(Event(Incident.LEAVE, last.cell, (track_id,)))
            else:
                continue
            if self.track is not None and table.abandoned[self.track] and not self.ended:
                self.ended = _("{incident}: the turn ends there.").format(
                    incident=self.events[-1].sentence(table.map, tuple(table.owners))[:-1]
                )
