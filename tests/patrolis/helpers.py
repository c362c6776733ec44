"""The small map and the positions shared by the Patrolis rules tests.

Most positions are on the small map below (row 8 at the top, as printed): countryside, a river
across row 4 with a bridge at E4 on the road up column E, and mountains at F5-G6.
"""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import (
    STEPS_DEALT,
    Colour,
    Edge,
    Line,
    Map,
    Objective,
    State,
    Track,
    Turn,
    apply,
)

MAP = Map.from_drawing(
    """
    cccccccc
    cccccccc
    ccccrmmc
    ccccrmmc
    wwwwrwww
    ccccrccc
    ccccrccc
    ccccrccc
    """
)
FAR = ("H8", Colour.YELLOW, None)
"""An objective out of the way, so that a position with no other is not already over."""


def cell(name: str) -> int:
    return MAP.parse(name)


def line(word: str) -> Line:
    """``"C5WE"`` -> a line on C5 from its west edge to its east edge; ``"C5WE+"`` a crossing."""
    over = word.endswith("+")
    word = word.rstrip("+")
    return Line(cell(word[:-2]), Edge(word[-2]), Edge(word[-1]), over)


def game(
    *tracks: tuple[int, str] | tuple[int, str, bool],
    objectives: tuple[tuple[str, Colour, int | None], ...] = (FAR,),
    to_move: int = 0,
    players: int = 2,
    dealt: int | None = None,
) -> State:
    """A position on :data:`MAP`: tracks as ``(owner, "A1WE B1WE", abandoned=False)``."""
    built = tuple(
        Track(t[0], tuple(line(w) for w in t[1].split()), bool(t[2]) if len(t) > 2 else False)
        for t in tracks
    )
    found = tuple(Objective(cell(c), colour, taker) for c, colour, taker in objectives)
    return State(MAP, players, dealt or STEPS_DEALT[players], found, built, to_move)


def turn(state: State, text: str) -> Turn:
    return Turn.parse(text, MAP, state.to_move)


def lay(state: State, text: str) -> State:
    return apply(state, turn(state, text))


def refused(state: State, text: str) -> str:
    with pytest.raises(IllegalTurn) as caught:
        lay(state, text)
    return str(caught.value)


def lines_of(state: State, track: int) -> str:
    return " ".join(ln.notation(MAP.size) for ln in state.tracks[track].lines)
