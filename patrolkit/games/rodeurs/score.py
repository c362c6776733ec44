"""Rôdeurs scores and results: the pawns in each district, and who wins.

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

Each pawn costs the owner of the district it ends in its colour's points: red 3, yellow 2,
green 1; pawns on the grey row count for nobody. The lowest points win; on equal points, more
red pawns in your district loses, then more yellow pawns; otherwise the game is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.games.rodeurs.board import CellColour
from patrolkit.games.rodeurs.model import PawnColour, Player, State, player_name
from patrolkit.i18n import ngettext


@dataclass(frozen=True)
class Tally:
    """The pawns in one district: how many of each colour, and the points they cost."""

    red: int = 0
    yellow: int = 0
    green: int = 0

    @property
    def points(self) -> int:
        return (
            self.red * PawnColour.RED.points
            + self.yellow * PawnColour.YELLOW.points
            + self.green * PawnColour.GREEN.points
        )

    def count(self, colour: PawnColour) -> int:
        """How many pawns of ``colour`` the district holds."""
        return int(getattr(self, colour.name.lower()))


def score(state: State) -> dict[Player, Tally]:
    """Each player's district tally: pawns on white cells count for White, on black for Black.

    Pawns on the grey row count for nobody.
    """
    counts = {player: dict.fromkeys(PawnColour, 0) for player in Player}
    for sq, pawn in enumerate(state.pawns):
        if pawn is None:
            continue
        colour = state.board.colour(sq)
        if colour is CellColour.WHITE:
            counts[Player.WHITE][pawn] += 1
        elif colour is CellColour.BLACK:
            counts[Player.BLACK][pawn] += 1
    return {
        player: Tally(c[PawnColour.RED], c[PawnColour.YELLOW], c[PawnColour.GREEN])
        for player, c in counts.items()
    }


class DecidedBy(Enum):
    """What decided a result: the points, a tie-break, or nothing (a draw)."""

    POINTS = "points"
    RED = "red pawns"
    YELLOW = "yellow pawns"
    DRAW = "draw"


@dataclass(frozen=True)
class Result:
    """The outcome: the winner (``None`` for a draw), what decided it, and both tallies."""

    winner: Player | None
    decided_by: DecidedBy
    white: Tally
    black: Tally

    @property
    def description(self) -> str:
        """The result in one sentence, like ``White wins with 12 points against 19.``."""
        w, b = self.white, self.black
        if self.decided_by is DecidedBy.POINTS:
            low, high = sorted((w.points, b.points))
            return ngettext(
                "{winner} wins with {low} point against {high}.",
                "{winner} wins with {low} points against {high}.",
                low,
            ).format(winner=player_name(self.winner), low=low, high=high)
        if self.decided_by is DecidedBy.DRAW:
            return ngettext(
                "Draw: both districts hold the same pawns ({points} point each).",
                "Draw: both districts hold the same pawns ({points} points each).",
                w.points,
            ).format(points=w.points)
        loser = player_name(self.winner.opponent if self.winner else None)
        if self.decided_by is DecidedBy.RED:
            message = ngettext(
                "Both have {points} point; {loser} has more red pawns in their district and loses.",
                "Both have {points} points; {loser} has more red pawns in their district and"
                " loses.",
                w.points,
            )
        else:
            message = ngettext(
                "Both have {points} point; {loser} has more yellow pawns in their district and"
                " loses.",
                "Both have {points} points; {loser} has more yellow pawns in their district and"
                " loses.",
                w.points,
            )
        return message.format(points=w.points, loser=loser)


def result(state: State) -> Result:
    """Who wins if the game ends in ``state`` (it ends when :func:`is_over` holds).

    The lowest points win; on equal points, more red pawns in your district loses, then more
    yellow pawns; otherwise the game is a draw.
    """
    tallies = score(state)
    white, black = tallies[Player.WHITE], tallies[Player.BLACK]
    for decided_by, w, b in (
        (DecidedBy.POINTS, white.points, black.points),
        (DecidedBy.RED, white.red, black.red),
        (DecidedBy.YELLOW, white.yellow, black.yellow),
    ):
        if w != b:
            return Result(Player.WHITE if w < b else Player.BLACK, decided_by, white, black)
    return Result(None, DecidedBy.DRAW, white, black)
