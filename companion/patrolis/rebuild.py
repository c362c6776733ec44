"""Tracks rebuilt from what a photo of a Patrolis table shows, and the positions that fit it.

A photo shows each cell's tile — its shape, rotation and owner's colour — but not the order the
steps were laid in, which tracks are still in play, nor whose straight step lies under a
crossing. :func:`rebuild` chains the lines of one colour that meet edge to edge into tracks and
orients each from its end on the board's border (a track's start); :func:`positions` turns them
into the rules' :class:`~patrolkit.games.patrolis.State` s that fit the table, one per choice the
photo leaves open (which of a player's open-ended tracks is in play).

* **Continuity.** A track that reaches the border at neither end is reported as a *break*: its
  start was cut off by a crossing, or a step is missing.
* **Under a crossing.** The "+" shows the colour of the player who laid it; the straight beneath
  belongs to whoever's line continues it on both sides. When the neighbours do not say, the
  owner stays unknown and the table is reported, not guessed.
* **Incidents seen.** A free end pointing at a step it does not meet (bump), two loose ends of
  different tracks touching (join), and every crossing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from patrolkit.errors import LayoutError
from patrolkit.games.patrolis import (
    STEPS_DEALT,
    Edge,
    Line,
    Map,
    Objective,
    Shape,
    State,
    Track,
    View,
    player_name,
)
from patrolkit.i18n import _


@dataclass(frozen=True)
class Piece:
    """One line on the table: its cell, the edges it joins, its owner (``None``: unknown) and
    whether it is a crossing laid on top."""

    cell: int
    edges: frozenset[Edge]
    owner: int | None
    over: bool = False


@dataclass(frozen=True)
class Chain:
    """A track rebuilt: its owner, its lines from start to free end, whether the start is on the
    border, and what the free end points at (``open``, ``crossable``, ``meets``, ``blocked`` or
    ``off``)."""

    owner: int
    lines: tuple[Line, ...]
    from_border: bool
    free_end: str


@dataclass(frozen=True)
class Seen:
    """An incident or a break seen on the table: its kind, cell, players and one sentence."""

    kind: str
    cell: int
    players: tuple[int, ...]
    sentence: str


@dataclass(frozen=True)
class Rebuilt:
    """Every track rebuilt, the incidents and breaks seen, and the crossings whose straight
    beneath has no known owner."""

    chains: tuple[Chain, ...]
    incidents: tuple[Seen, ...]
    breaks: tuple[Seen, ...]
    unknown: tuple[int, ...]


Choice = tuple[int, int | None]
"""For a crossing: which of its lines (0 north–south, 1 east–west) is on top, and the owner of
the line beneath."""


def _pieces(
    game_map: Map, view: View, chosen: dict[int, Choice] | None = None
) -> dict[int, list[Piece]]:
    """Each cell's lines; a crossing's two lines with their owners worked out from neighbours
    (or as ``chosen``)."""
    cells: dict[int, list[Piece]] = {}
    for cell, tile in enumerate(view.tiles):
        if tile is None:
            continue
        if tile.shape is Shape.CROSS:
            cells[cell] = [Piece(cell, pair, None) for pair in tile.lines]
        else:
            cells[cell] = [Piece(cell, tile.lines[0], tile.owner)]
    for _round in range(3):  # crossings next to crossings settle in turn
        for cell, tile in enumerate(view.tiles):
            if tile is None or tile.shape is not Shape.CROSS:
                continue
            if chosen and cell in chosen:
                cells[cell] = _laid(cells[cell], tile.owner, chosen[cell])
            else:
                fits = crossing_choices(game_map, cells, cell, tile.owner)
                cells[cell] = (
                    _laid(cells[cell], tile.owner, fits[0])
                    if len({fit[1] for fit in fits}) == 1
                    else [Piece(cell, p.edges, None) for p in cells[cell]]
                )
    return cells


def _laid(pieces: list[Piece], top: int, choice: Choice) -> list[Piece]:
    over, owner = choice
    pairs = [p.edges for p in pieces]
    cell = pieces[0].cell
    return [Piece(cell, pairs[1 - over], owner), Piece(cell, pairs[over], top, over=True)]


def crossing_choices(
    game_map: Map, cells: dict[int, list[Piece]], cell: int, top: int, players: int = 0
) -> list[Choice]:
    """What the crossing on ``cell`` laid by ``top`` can be, likeliest first: which line is on
    top (the one continuing ``top``'s colour or no other), and whose line lies beneath (the
    colour it continues). Without ``players``, only the readings the neighbours settle; with
    it, every reading, the settled ones first."""
    pairs = [piece.edges for piece in cells[cell]]
    around = [_neighbour_owners(game_map, cells, cell, pair) for pair in pairs]
    fits: list[Choice] = []
    for over in (0, 1):
        under = 1 - over
        if around[over] <= {top} and len(around[under]) == 1:
            fits.append((over, next(iter(around[under]))))
    if not players:
        return fits
    rest = [(over, owner) for over in (0, 1) for owner in range(players)]
    rest.sort(key=lambda fit: (not around[fit[0]] <= {top}, fit[1] not in around[1 - fit[0]]))
    return fits + [fit for fit in rest if fit not in fits]


def _neighbour_owners(
    game_map: Map, cells: dict[int, list[Piece]], cell: int, pair: frozenset[Edge]
) -> set[int]:
    owners = set()
    for edge in pair:
        other = _linked(game_map, cells, cell, edge)
        if other is not None and other.owner is not None:
            owners.add(other.owner)
    return owners


def _linked(game_map: Map, cells: dict[int, list[Piece]], cell: int, edge: Edge) -> Piece | None:
    """The line in the neighbour across ``edge`` that meets this cell's line there."""
    ahead = game_map.neighbour(cell, edge)
    if ahead is None:
        return None
    for piece in cells.get(ahead, []):
        if edge.opposite in piece.edges:
            return piece
    return None


def _facing(game_map: Map, cells: dict[int, list[Piece]], piece: Piece, edge: Edge) -> str:
    ahead = game_map.neighbour(piece.cell, edge)
    if ahead is None:
        return "off"
    there = cells.get(ahead, [])
    if not there:
        return "open"
    if _linked(game_map, cells, piece.cell, edge) is not None:
        return "meets"
    if len(there) == 1 and len(there[0].edges & {edge, edge.opposite}) == 0:
        straight = there[0].edges in (frozenset((Edge.N, Edge.S)), frozenset((Edge.E, Edge.W)))
        if straight:
            return "crossable"
    return "blocked"


def rebuild(game_map: Map, view: View, chosen: dict[int, Choice] | None = None) -> Rebuilt:
    """The tracks on the table ``view`` (see the module notes); ``chosen`` settles crossings the
    table leaves open."""
    cells = _pieces(game_map, view, chosen)
    unknown = sorted({c for c, ps in cells.items() if any(p.owner is None for p in ps)})
    done: set[tuple[int, frozenset[Edge]]] = set()
    chains: list[Chain] = []
    incidents: list[Seen] = []
    breaks: list[Seen] = []
    for cell in sorted(cells):
        for piece in cells[cell]:
            if piece.owner is None or (cell, piece.edges) in done:
                continue
            members = _component(game_map, cells, piece)
            done |= {(p.cell, p.edges) for p, _ in members}
            chain = _orient(game_map, cells, members)
            chains.append(chain)
    for chain in chains:
        last = chain.lines[-1]
        name = player_name(chain.owner)
        ahead = game_map.neighbour(last.cell, last.exit)
        if chain.free_end == "blocked" and ahead is not None:
            incidents.append(
                Seen(
                    "bump",
                    ahead,
                    (chain.owner,),
                    _("{player}'s track at {cell} bumps into {other}.").format(
                        player=name, cell=game_map.name(last.cell), other=game_map.name(ahead)
                    ),
                )
            )
        if chain.free_end == "meets" and ahead is not None:
            other = _linked(game_map, cells, last.cell, last.exit)
            who = (chain.owner,) + ((other.owner,) if other and other.owner is not None else ())
            incidents.append(
                Seen(
                    "join",
                    ahead,
                    who,
                    _(
                        "{player}'s track meets a loose end at {cell}: both tracks are abandoned."
                    ).format(player=name, cell=game_map.name(ahead)),
                )
            )
        if not chain.from_border:
            first = chain.lines[0]
            breaks.append(
                Seen(
                    "break",
                    first.cell,
                    (chain.owner,),
                    _(
                        "{player}'s track starting at {cell} does not reach the border: its start"
                        " was cut off by a crossing, or a step is missing."
                    ).format(player=name, cell=game_map.name(first.cell)),
                )
            )
    for cell, pieces in sorted(cells.items()):
        if len(pieces) == 2:
            top = next((p for p in pieces if p.over), None)
            under = next((p for p in pieces if not p.over), None)
            if top is not None and under is not None and top.owner is not None:
                if under.owner == top.owner:
                    text = _("{player} crossed their own track at {cell}.")
                elif under.owner is not None:
                    text = _("{player} crossed {other}'s track at {cell}.")
                else:
                    text = _("{player} crossed a track at {cell}.")
                crossed = player_name(under.owner) if under.owner is not None else ""
                incidents.append(
                    Seen(
                        "cross",
                        cell,
                        (top.owner,) + ((under.owner,) if under.owner is not None else ()),
                        text.format(
                            player=player_name(top.owner), other=crossed, cell=game_map.name(cell)
                        ),
                    )
                )
    return Rebuilt(tuple(chains), tuple(incidents), tuple(breaks), tuple(unknown))


def _component(
    game_map: Map, cells: dict[int, list[Piece]], start: Piece
) -> list[tuple[Piece, list[Edge]]]:
    """The lines of ``start``'s owner chained to it, each with its edges that lead to none."""
    seen = {(start.cell, start.edges)}
    todo = [start]
    members = []
    while todo:
        piece = todo.pop()
        loose = []
        for edge in sorted(piece.edges, key=lambda e: e.value):
            other = _linked(game_map, cells, piece.cell, edge)
            if other is None or other.owner != piece.owner:
                loose.append(edge)
            elif (other.cell, other.edges) not in seen:
                seen.add((other.cell, other.edges))
                todo.append(other)
        members.append((piece, loose))
    return members


def _orient(
    game_map: Map, cells: dict[int, list[Piece]], members: list[tuple[Piece, list[Edge]]]
) -> Chain:
    """The chain in order from its start (an end on the border, if any) to its free end."""
    ends = [(piece, edge) for piece, loose in members for edge in loose]
    owner = members[0][0].owner
    assert owner is not None
    if not ends:  # a closed loop: start anywhere
        ends = [(members[0][0], sorted(members[0][0].edges, key=lambda e: e.value)[0])]
    facing = {(p.cell, e): _facing(game_map, cells, p, e) for p, e in ends}
    border = [(p, e) for p, e in ends if facing[(p.cell, e)] == "off"]
    if border:
        start = border[0]
    else:  # a cut track: it starts where it does not point into an open cell
        start = sorted(ends, key=lambda pe: facing[(pe[0].cell, pe[1])] in ("open", "crossable"))[0]
    piece, entry = start
    lines: list[Line] = []
    used: set[tuple[int, frozenset[Edge]]] = set()
    while True:
        used.add((piece.cell, piece.edges))
        exit_ = next(e for e in piece.edges if e is not entry)
        lines.append(Line(piece.cell, entry, exit_, piece.over))
        other = _linked(game_map, cells, piece.cell, exit_)
        if other is None or other.owner != owner or (other.cell, other.edges) in used:
            break
        piece, entry = other, exit_.opposite
    last = lines[-1]
    end = _facing(game_map, cells, Piece(last.cell, last.edges, owner), last.exit)
    if end == "meets":
        other = _linked(game_map, cells, last.cell, last.exit)
        if other is not None and other.owner == owner and (other.cell, other.edges) in used:
            end = "blocked"  # closed on itself
    return Chain(owner, tuple(lines), bool(border), end)


def players_on(view: View) -> int:
    """How many players the table shows: the highest owner's number, at least two."""
    owners = [t.owner for t in view.tiles if t is not None]
    return max([1, *owners]) + 1


def positions(
    game_map: Map,
    view: View,
    objectives: tuple[Objective, ...],
    to_move: int,
    *,
    players: int | None = None,
) -> Iterator[State]:
    """The positions that fit the table ``view``: the tracks rebuilt, each player's track in
    play chosen among those with an open free end (every choice for ``to_move``; the first that
    fits for the others), ``objectives`` as given. Nothing is yielded when the table cannot be a
    position (an owner unknown, a track that does not hang together)."""
    count = max(players or 0, players_on(view), to_move + 1)
    if count > 6:
        return
    cells = _pieces(game_map, view)
    alternatives = [
        [(cell, fit) for fit in crossing_choices(game_map, cells, cell, tile.owner, count)]
        for cell, tile in enumerate(view.tiles)
        if tile is not None and tile.shape is Shape.CROSS
    ]
    for picked in _limited(product(*alternatives), MAX_CHOICES):
        rebuilt = rebuild(game_map, view, dict(picked))
        if not rebuilt.unknown:
            yield from _with_live_tracks(game_map, rebuilt, objectives, to_move, count)


MAX_CHOICES = 64
"""Ways of reading the crossings tried at most."""


def _limited(
    items: Iterator[tuple[tuple[int, Choice], ...]], limit: int
) -> Iterator[tuple[tuple[int, Choice], ...]]:
    for k, item in enumerate(items):
        if k >= limit:
            return
        yield item


def _with_live_tracks(
    game_map: Map, rebuilt: Rebuilt, objectives: tuple[Objective, ...], to_move: int, count: int
) -> Iterator[State]:
    options: list[list[int | None]] = []
    for player in range(count):
        open_ends = [
            k
            for k, chain in enumerate(rebuilt.chains)
            if chain.owner == player and chain.free_end in ("open", "crossable")
        ]
        if player == to_move:
            options.append([*open_ends, None])
        else:
            options.append([open_ends[0]] if open_ends else [None])
    for choice in product(*options):
        live = {k for k in choice if k is not None}
        tracks = tuple(
            Track(chain.owner, chain.lines, k not in live) for k, chain in enumerate(rebuilt.chains)
        )
        try:
            yield State(game_map, count, STEPS_DEALT[count], objectives, tracks, to_move)
        except LayoutError:
            continue
