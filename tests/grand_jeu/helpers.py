"""Positions and turns shared by the grand-jeu rules tests."""

from __future__ import annotations

from patrolkit.games.grand_jeu import (
    Options,
    Patrol,
    Scout,
    State,
    Turn,
    apply,
    parse_act,
    parse_cell,
    parse_turn_text,
)
from patrolkit.games.grand_jeu.board import Direction

S, N, W, E = Patrol.SOUTH, Patrol.NORTH, Patrol.WEST, Patrol.EAST


def position(
    south: str = "",
    north: str = "",
    *,
    west: str = "",
    east: str = "",
    to_move: Patrol | None = S,
    prisoners: dict[Patrol, int] | None = None,
    starred_prisoners: tuple[Patrol, ...] = (),
    out: tuple[Patrol, ...] = (),
    **options: object,
) -> State:
    """A position from each patrol's scouts written cell then direction, ``*`` for the star:
    ``position("d4n e4ne", "e6s")``. Options (``players=4``, ``arrows=(0,)``...) as keywords;
    with three or four patrols, ``west`` and ``east`` too."""
    opts = Options(**options)  # type: ignore[arg-type]
    scouts = []
    for patrol, text in ((S, south), (N, north), (W, west), (E, east)):
        for word in text.split():
            star = word.endswith("*")
            word = word.rstrip("*")
            digits = next(i for i, ch in enumerate(word[1:], 1) if not ch.isdigit())
            scouts.append(
                Scout(
                    parse_cell(word[:digits], opts.size),
                    patrol,
                    Direction.parse(word[digits:]),
                    star,
                )
            )
    held = prisoners or {}
    return State(
        opts,
        tuple(scouts),
        tuple(held.get(p, 0) for p in opts.patrols),
        frozenset(starred_prisoners),
        to_move,
        frozenset(out),
    )


def play(state: State, text: str) -> State:
    """``state`` after the turn written ``text`` (``"d4-d5 xe6 | c2-c3"``)."""
    return apply(state, parse_turn_text(text, state.size))


def turn(text: str) -> Turn:
    return parse_turn_text(text)


def acts(text: str) -> tuple:
    return tuple(parse_act(word) for word in text.split())


def cell(name: str) -> int:
    return parse_cell(name)
