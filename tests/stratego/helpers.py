"""Positions and games shared by the Stratego rules tests."""

from __future__ import annotations

import tomllib
from pathlib import Path

from patrolkit.games.stratego import Army, Game, Move, Rules, State

PERFT = tomllib.loads((Path(__file__).parents[1] / "data" / "stratego" / "perft.toml").read_text())

YORKTOWN = (
    "febMBEFEEfbgiBHIBEDBGjdddHCGJGDHDLIFKDDHaa__aa__aaaa__aa__aastpQNSQPTSUPWPVRPXPURnqONNQSNVPt"
    "NQRRTYup r 20"
)
"""OpenSpiel's Yorktown test position, in StraDos3 letters."""

FLAGS = "a1=F j10=f"
"""Both flags, far from the action, so that small test positions are games still going on."""


def position(pieces: str, *, to_move: Army | None = Army.RED) -> State:
    """A position holding both flags and the pieces written ``pieces`` (like ``"e4=O e7=t"``)."""
    return State.from_pieces(f"{FLAGS} {pieces}", to_move=to_move)


def play(game: Game, *moves: str) -> Game:
    """``game`` after the moves written out (``a4-a5``, ``a4xa7``), each checked by every rule."""
    for text in moves:
        game = game.play(Move.parse(text))
    return game


def game_from(pieces: str, rules: Rules | None = None, *, to_move: Army = Army.RED) -> Game:
    """A game starting from :func:`position`."""
    return Game.new(position(pieces, to_move=to_move), rules)
