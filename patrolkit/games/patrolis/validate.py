"""Patrolis refereeing: which turn explains the change between two positions, or why none does.

Import :func:`validate` from :mod:`patrolkit.games.patrolis`, which re-exports it.

The referee compares what the table shows — each cell's tile and the objectives still on the
map — before and after. It searches the player to move's legal turns for one that leaves exactly
that table, guided by the new steps it can see: a step is either visible afterwards, or it was
laid and then removed in the same turn, which only happens when a track crosses itself and cuts
itself back (the steps after the crossing cell go, the crossing included).

When no legal turn fits, the referee rebuilds the turn the player seems to have meant — the
new lines of their colour, chained from their track's free end or from the border — and plays
it: the first rule it breaks is the answer. If it breaks none, the answer names the first cell
(or objective) where the table differs from what that turn leaves.
"""

from __future__ import annotations

from itertools import product

from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis.grid import EDGES, Edge
from patrolkit.games.patrolis.laying import Runner, Table, not_continuing
from patrolkit.games.patrolis.rules import apply, end_reason, play
from patrolkit.games.patrolis.state import State, View
from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import Cut, Shape, Step, Tile, Turn, player_name
from patrolkit.i18n import _

SEARCH_LIMIT = 20_000
"""Partial turns the search tries at most."""
WITNESSES = 8
"""Turns leaving the same table kept, to match a full second position's hidden details."""


def validate(before: State, after: State | View, *, check_hidden: bool = True) -> Turn:
    """The legal turn that leads from ``before`` to ``after``.

    ``after`` is a position, or only what a photo shows of it (a :class:`View`). With a
    position and ``check_hidden`` (the default), what the table does not show must agree too:
    who is to move next, who holds each objective, which tracks are in play. Raises
    :class:`IllegalTurn` with one sentence saying why no legal turn leads there.
    """
    if isinstance(after, State):
        if after.map.code != before.map.code:
            raise IllegalTurn(
                _("The two positions are on different maps ({first} and {second}).").format(
                    first=before.map.digest, second=after.map.digest
                )
            )
        if (after.players, after.dealt) != (before.players, before.dealt):
            raise IllegalTurn(
                _("The two positions are not the same game: the players or their steps differ.")
            )
        view = after.view
    else:
        view = after
        if len(view.tiles) != len(before.map.terrain):
            raise IllegalTurn(
                _("The table shows {count} cells, but the map has {cells}.").format(
                    count=len(view.tiles), cells=len(before.map.terrain)
                )
            )
    over = end_reason(before)
    if over:
        raise IllegalTurn(_("The game was already over: {why}.").format(why=over))
    if view == before.view:
        raise IllegalTurn(_("Nothing changed on the board: a turn lays at least one step."))
    witnesses = _Search(before, view).run()
    if not witnesses:
        raise IllegalTurn(_diagnose(before, view))
    if not check_hidden or not isinstance(after, State):
        return witnesses[0]
    for turn in witnesses:
        if apply(before, turn) == after:
            return turn
    raise IllegalTurn(_hidden_difference(apply(before, witnesses[0]), after, witnesses[0]))


class _Search:
    """Depth-first search of the mover's legal turns that leave the table ``view``."""

    def __init__(self, before: State, view: View) -> None:
        self.before = before
        self.view = view
        old = before.view.tiles
        self.changed = {c for c in before.map.cells if old[c] != view.tiles[c]}
        self.added = {c for c in self.changed if _new_lines(old[c], view.tiles[c])}
        self.player = before.to_move
        self.supply = before.supply(self.player)
        self.found: list[Turn] = []
        self.tried = 0

    def run(self) -> list[Turn]:
        runner = Runner(Table.of(self.before), self.player)
        position = runner.next_position()
        if position is None:
            starts = [
                (cell, edge)
                for cell, edge in runner.table.starts()
                if cell in self.added and any(edge in pair for pair in self._pairs(cell))
            ]
        else:
            starts = [position]
        try:
            for start in starts:
                self._extend(runner, start, hidden=False)
        except _Enough:
            pass
        return self.found

    def _pairs(self, cell: int) -> tuple[frozenset[Edge], ...]:
        tile = self.view.tiles[cell]
        return tile.lines if tile else ()

    def _extend(self, runner: Runner, position: tuple[int, Edge], hidden: bool) -> None:
        cell, entry = position
        occupied = bool(runner.table.cells[cell])
        for exit_ in EDGES:
            if exit_ is entry:
                continue
            shown = frozenset((entry, exit_)) in self._pairs(cell)
            if hidden and shown:
                continue
            if not shown and not self.added <= runner.touched:
                continue  # steps the table shows are still to be laid
            for cut in (Cut.UPSTREAM, Cut.DOWNSTREAM) if occupied else (None,):
                self.tried += 1
                if self.tried > SEARCH_LIMIT:
                    raise _Enough
                trial = runner.copy()
                try:
                    trial.lay(Step(cell, entry, exit_, cut))
                except IllegalTurn:
                    continue
                if self._matches(trial):
                    self.found.append(Turn(self.player, tuple(trial.steps), self.before.map.size))
                    if len(self.found) >= WITNESSES:
                        raise _Enough
                if trial.ended or trial.count >= min(trial.limit, self.supply):
                    continue
                following = trial.next_position()
                if following is not None:
                    self._extend(trial, following, hidden or not shown)

    def _matches(self, runner: Runner) -> bool:
        table, tiles = runner.table, self.view.tiles
        for cell in self.changed | runner.touched:
            if table.tile(cell) != tiles[cell]:
                return False
        left = {cell for cell, taker in table.taken.items() if taker is None}
        return left == self.view.objectives


class _Enough(Exception):
    """The search found enough witnesses, or tried :data:`SEARCH_LIMIT` partial turns."""


def _new_lines(old: Tile | None, new: Tile | None) -> set[frozenset[Edge]]:
    return set(new.lines if new else ()) - set(old.lines if old else ())


# -- why not ---------------------------------------------------------------------------------------


def _diagnose(before: State, view: View) -> str:
    """One sentence saying why no legal turn leads from ``before`` to the table ``view``."""
    m = before.map
    player = before.to_move
    name = player_name(player)
    old, new = before.view.tiles, view.tiles
    back = sorted(view.objectives - before.view.objectives)
    if back:
        return _(
            "An objective appeared on {cell}: a collected objective never returns to the map."
        ).format(cell=m.name(back[0]))
    added: dict[int, set[frozenset[Edge]]] = {}
    for cell in m.cells:
        if old[cell] == new[cell]:
            continue
        lines = _new_lines(old[cell], new[cell])
        tile = new[cell]
        if lines and tile is not None and tile.owner != player:
            if tile.shape is Shape.CROSS:
                text = _("A crossing of {player} appeared on {cell}, but it is {mover}'s turn.")
            else:
                text = _("A step of {player} appeared on {cell}, but it is {mover}'s turn.")
            return text.format(player=player_name(tile.owner), cell=m.name(cell), mover=name)
        if lines:
            added[cell] = lines
        elif tile is not None and not _remnant(old[cell], tile, before, cell):
            return _(
                "The tile on {cell} changed from {before} to {after}, which no turn explains."
            ).format(cell=m.name(cell), before=_describe(old[cell]), after=_describe(tile))
    if not added:
        gone = ", ".join(m.name(c) for c in m.cells if old[c] != new[c])
        if gone:
            return _(
                "Steps were taken off {cells}, but no step was laid: only a crossing removes"
                " steps, and only those on one side of it."
            ).format(cells=gone)
        missing = sorted(before.view.objectives - view.objectives)
        return _(
            "The objective on {cell} is gone, but no step of this turn passes through it."
        ).format(cell=m.name(missing[0]))
    steps, problem = _chain(before, added)
    if problem:
        return problem
    return _closest(before, view, steps)


def _remnant(old: Tile | None, tile: Tile, before: State, cell: int) -> bool:
    """Whether ``tile`` is what is left of the crossing ``old`` after one of its lines went."""
    if old is None or old.shape is not Shape.CROSS or tile.shape is not Shape.STRAIGHT:
        return False
    return any(
        line.edges in tile.lines and before.tracks[track_id].owner == tile.owner
        for track_id, line in before.board[cell]
    )


def _chain(before: State, added: dict[int, set[frozenset[Edge]]]) -> tuple[list[Step], str]:
    """The new lines chained into steps from the track's free end (or the border), or why not."""
    m = before.map
    player = before.to_move
    name = player_name(player)
    live = before.live_track(player)
    starts: list[tuple[int, Edge]]
    if live is not None:
        last = before.tracks[live].lines[-1]
        ahead = m.neighbour(last.cell, last.exit)
        starts = [] if ahead is None else [(ahead, last.exit.opposite)]
    else:
        starts = [
            (cell, edge)
            for cell in sorted(added)
            for edge in m.border_edges(cell)
            if any(edge in pair for pair in added[cell])
        ]
    best: list[Step] = []
    for start in starts:
        steps = _follow(m, added, start)
        if len(steps) > len(best):
            best = steps
    used = {(s.cell, frozenset((s.entry, s.exit))) for s in best}
    left = sorted(
        cell for cell, pairs in added.items() for pair in pairs if (cell, pair) not in used
    )
    if not best:
        first = m.name(left[0])
        if live is None:
            return [], _(
                "{player} has no track in play, so the step on {cell} must start a new track"
                " on the border."
            ).format(player=name, cell=first)
        last = before.tracks[live].lines[-1]
        ahead = m.neighbour(last.cell, last.exit)
        return [], not_continuing(m, first, last.cell, last.exit, ahead)
    if left:
        return [], _(
            "The step on {cell} is not joined to the others: a turn continues one track,"
            " step after step."
        ).format(cell=m.name(left[0]))
    return best, ""


def _follow(m: Map, added: dict[int, set[frozenset[Edge]]], start: tuple[int, Edge]) -> list[Step]:
    steps: list[Step] = []
    used: set[tuple[int, frozenset[Edge]]] = set()
    position: tuple[int, Edge] | None = start
    while position is not None:
        cell, entry = position
        pair = next((p for p in added.get(cell, ()) if entry in p and (cell, p) not in used), None)
        if pair is None:
            break
        used.add((cell, pair))
        exit_ = next(e for e in pair if e is not entry)
        steps.append(Step(cell, entry, exit_))
        ahead = m.neighbour(cell, exit_)
        position = None if ahead is None else (ahead, exit_.opposite)
    return steps


def _closest(before: State, view: View, steps: list[Step]) -> str:
    """Play the rebuilt turn with each choice of cuts: the rule it breaks, or where it differs."""
    m = before.map
    crossings = [i for i, s in enumerate(steps) if before.board[s.cell]]
    first_problem = ""
    differences: list[tuple[int, str]] = []
    for cuts in product((Cut.UPSTREAM, Cut.DOWNSTREAM), repeat=len(crossings)):
        chosen = dict(zip(crossings, cuts, strict=True))
        turn = Turn(
            before.to_move,
            tuple(Step(s.cell, s.entry, s.exit, chosen.get(i)) for i, s in enumerate(steps)),
            m.size,
        )
        try:
            expected = play(before, turn).after.view
        except IllegalTurn as exc:
            first_problem = first_problem or str(exc)
            continue
        differences.append(_difference(m, turn, expected, view, bool(crossings)))
    if differences:
        return min(differences)[1]
    return first_problem


def _difference(m: Map, turn: Turn, expected: View, view: View, crossing: bool) -> tuple[int, str]:
    """How many cells differ, and the first difference in one sentence."""
    cells = [c for c in m.cells if expected.tiles[c] != view.tiles[c]]
    if cells:
        cell = cells[0]
        if crossing and all(view.tiles[c] is None or expected.tiles[c] is None for c in cells):
            return len(cells), _(
                "After {turn}, the steps taken off the crossed track are neither all those"
                " upstream nor all those downstream of the crossing."
            ).format(turn=turn)
        return len(cells), _("After {turn}, {cell} should show {expected}, not {found}.").format(
            turn=turn,
            cell=m.name(cell),
            expected=_describe(expected.tiles[cell]),
            found=_describe(view.tiles[cell]),
        )
    kept = sorted(view.objectives - expected.objectives)
    if kept:
        return 1, _(
            "The track passes through {cell}, so its objective should have been collected."
        ).format(cell=m.name(kept[0]))
    gone = sorted(expected.objectives - view.objectives)
    return 1, _(
        "The objective on {cell} is gone, but no step of this turn passes through it."
    ).format(cell=m.name(gone[0]))


def _describe(tile: Tile | None) -> str:
    if tile is None:
        return _("no step")
    if tile.shape is Shape.STRAIGHT:
        text = _("a straight step of {player}")
    elif tile.shape is Shape.CURVE:
        text = _("a curve of {player}")
    else:
        text = _("a crossing of {player}")
    return text.format(player=player_name(tile.owner))


def _hidden_difference(expected: State, after: State, turn: Turn) -> str:
    """What the table does not show but differs between ``expected`` and ``after``."""
    m = expected.map
    if expected.to_move != after.to_move:
        return _("The table matches {turn}, but then {player} is to move, not {other}.").format(
            turn=turn, player=player_name(expected.to_move), other=player_name(after.to_move)
        )
    if [o.cell for o in expected.objectives] != [o.cell for o in after.objectives]:
        return _("The two positions do not hold their objectives on the same cells.")
    for mine, theirs in zip(expected.objectives, after.objectives, strict=True):
        if mine.taken_by != theirs.taken_by:
            if mine.taken_by is None:
                text = _(
                    "The table matches {turn}, but the objective on {cell} then belongs to nobody."
                )
            else:
                text = _(
                    "The table matches {turn}, but the objective on {cell} then belongs to"
                    " {player}."
                )
            holder = "" if mine.taken_by is None else player_name(mine.taken_by)
            return text.format(turn=turn, cell=m.name(mine.cell), player=holder)
    return _(
        "The table matches {turn}, but the tracks recorded differ from those it leaves (which"
        " are in play and which abandoned)."
    ).format(turn=turn)
