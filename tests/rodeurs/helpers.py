"""Positions and games shared by the Rôdeurs rules tests."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from patrolkit.games.rodeurs import (
    Board,
    PawnColour,
    Player,
    State,
    Turn,
    apply,
    classic_layout,
    is_over,
    legal_turns,
    parse_square,
)

PERFT = tomllib.loads((Path(__file__).parents[1] / "data" / "rodeurs_perft.toml").read_text())
CLASSIC = classic_layout()
RED, YELLOW, GREEN = PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN


def position(
    pawns: str,
    *,
    opening: bool = False,
    to_move: Player = Player.WHITE,
    diagonal: bool = False,
    board: Board | None = None,
) -> State:
    """A position on the classic board from pawns written colour then cell: ``"ra1 ya2"``."""
    cells: list[PawnColour | None] = [None] * 63
    for word in pawns.split():
        cells[parse_square(word[1:])] = PawnColour(word[0])
    board = board or Board(CLASSIC.board.colours, diagonal)
    return State(board, tuple(cells), to_move, opening)


def play(turn: str, state: State) -> State:
    return apply(state, Turn.parse(turn, opening=state.opening))


def notations(state: State) -> set[str]:
    return {turn.notation for turn in legal_turns(state)}


def random_game(layout_state: State, seed: int) -> list[State]:
    rng = random.Random(seed)
    states = [layout_state]
    while not is_over(states[-1]):
        states.append(apply(states[-1], rng.choice(legal_turns(states[-1]))))
    return states
