"""Stratego's chase rule (the "more-squares" rule): no endless chase of a fleeing piece.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

A *threatening move* leaves the moved piece next to (along a row or column) one or more enemy
pieces; a capture whose winner takes its cell next to an enemy piece is one too. A *chase* starts
with a threatening move when the other player answers by moving one of the threatened pieces, not
attacking, to a cell that is not next to the chasing piece; it goes on while the chasing piece
moves, not attacking, next to the fleeing piece again and the fleeing piece keeps moving away.
Any other move, and any attack, ends it.

While a chase goes on, the chasing player may not continue it with a move that recreates a
position already seen since it started (the position right after the threatening move that
started it included) — except by moving the chasing piece straight back to the cell it just left,
which the two-square rule limits instead. A position is where every piece stands, its army and
rank, and who is to move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from patrolkit.games.stratego.board import NEIGHBOURS, square_name
from patrolkit.games.stratego.model import Army, State
from patrolkit.games.stratego.moves import Move
from patrolkit.games.stratego.words import player
from patrolkit.i18n import _


def position_key(state: State) -> str:
    """What makes two positions the same for the chase rule: pieces and ranks, and the mover."""
    return " ".join(state.text.split()[:2])


def _enemies_next_to(state: State, sq: int) -> frozenset[int]:
    piece = state.cells[sq]
    if piece is None:
        return frozenset()
    return frozenset(
        n
        for n in NEIGHBOURS[sq]
        if (other := state.cells[n]) is not None and other.army is not piece.army
    )


@dataclass(frozen=True)
class Chase:
    """A chase under way (or about to start).

    ``chaser`` is the chasing army and ``chasing`` the square of its chasing piece, which it
    reached from ``came_from``. Right after a threatening move, ``fleeing`` is ``None`` and
    ``threatened`` holds the squares of the enemy pieces next to the chasing piece; once one of
    them has moved away, ``fleeing`` is its square. ``seen`` holds every position since the
    chase started.
    """

    chaser: Army
    chasing: int
    came_from: int
    threatened: frozenset[int]
    fleeing: int | None
    seen: frozenset[str]

    @property
    def description(self) -> str:
        """``red's piece on e4 chasing blue's piece on f6`` (ranks stay hidden)."""
        target = self.fleeing if self.fleeing is not None else min(self.threatened)
        return _("{chaser}'s piece on {chasing} chasing {fleer}'s piece on {fleeing}").format(
            chaser=player(self.chaser),
            chasing=square_name(self.chasing),
            fleer=player(self.chaser.opponent),
            fleeing=square_name(target),
        )


def _continues(chase: Chase, before: State, move: Move, after: State) -> bool:
    """Whether the chasing player's ``move`` keeps the chase going."""
    return (
        chase.fleeing is not None
        and move.start == chase.chasing
        and not move.attack
        and chase.fleeing in NEIGHBOURS[move.end]
        and after.cells[move.end] == before.cells[move.start]
    )


def chase_problem(chase: Chase | None, before: State, move: Move, after: State) -> str:
    """Why the chase rule refuses ``move`` (from ``before`` to ``after``), in one sentence; ``""``
    when it allows it."""
    if chase is None or not _continues(chase, before, move, after):
        return ""
    if move.end == chase.came_from or position_key(after) not in chase.seen:
        return ""
    return _(
        "The move {move} continues {chase} and brings back a position already seen during this"
        " chase: the chasing player must break off (chase rule)."
    ).format(move=move, chase=chase.description)


def next_chase(chase: Chase | None, before: State, move: Move, after: State) -> Chase | None:
    """The chase after ``move`` took ``before`` to ``after`` (``None`` when none goes on)."""
    mover = before.cells[move.start]
    assert mover is not None
    key = position_key(after)
    if chase is not None and mover.army is chase.chaser and _continues(chase, before, move, after):
        return replace(
            chase,
            chasing=move.end,
            came_from=move.start,
            threatened=_enemies_next_to(after, move.end),
            fleeing=None,
            seen=chase.seen | {key},
        )
    if (
        chase is not None
        and chase.fleeing is None
        and mover.army is not chase.chaser
        and move.start in chase.threatened
        and not move.attack
        and chase.chasing not in NEIGHBOURS[move.end]
    ):
        return replace(chase, fleeing=move.end, threatened=frozenset(), seen=chase.seen | {key})
    survived = after.cells[move.end] == mover
    threatened = _enemies_next_to(after, move.end) if survived else frozenset()
    if not threatened:
        return None
    return Chase(mover.army, move.end, move.start, threatened, None, frozenset({key}))
