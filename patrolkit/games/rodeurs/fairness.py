"""How fair a Rôdeurs board is: equal computer players play it again and again.

A board is fair when the player who moves first wins as often as the other. :func:`rate` plays
``games`` games from a layout's start position between two computer players
(:mod:`~patrolkit.games.rodeurs.engine`) and counts the first player's wins, draws and losses.
By default both players play at the same level; given two levels, the players swap seats every
game, so each level moves first in half the games.

Each game's turns are drawn with seeds taken from the rating's seed and the game's number, so
the same layout, levels and seed always give the same rating. :func:`play_game` plays one game
and :func:`summarise` adds games up: a batch may share a rating's games among processes and get
exactly the rating :func:`rate` gives.

The rates come with 95 % Wilson score intervals. The first player's *score* counts a win 1 and a
draw one half; its interval is Wilson's with the score in place of the wins, which is close
enough when draws are few (they are: a draw needs both districts to hold the same pawns).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from patrolkit.games.rodeurs.engine import DEFAULT_LEVEL as ENGINE_LEVEL
from patrolkit.games.rodeurs.engine import check_level, choose_turn
from patrolkit.games.rodeurs.model import Layout, Player
from patrolkit.games.rodeurs.score import result
from patrolkit.games.rodeurs.turns import apply, is_over
from patrolkit.i18n import _, ngettext
from patrolkit.numbers import formatted

DEFAULT_GAMES = 40
DEFAULT_LEVEL = ENGINE_LEVEL
"""The level fairness is rated at by default: the computer player's own default. Weaker players
rate boards very differently (on the classic board the first player won none of 200 games at
level 1, 20 % at level 2 and 65 % at level 3), so a rating is only as good as its players."""
Z_95 = 1.959964
_TURN_SEEDS = 1000
"""Seeds per game: game ``i`` of a rating seeded ``s`` draws turn ``t`` with seed
``(s * 1_000_003 + i) * 1000 + t``."""


@dataclass(frozen=True)
class Interval:
    """A confidence interval for a rate, both ends between 0 and 1."""

    low: float
    high: float

    def inside(self, low: float, high: float) -> bool:
        """Whether the whole interval lies within ``low``..``high``."""
        return low <= self.low and self.high <= high

    def __str__(self) -> str:
        return _("{low}%–{high}%").format(low=_whole(self.low), high=_whole(self.high))


def _whole(rate: float) -> str:
    """``rate`` (0..1) as a whole number of percent, rounded as ``format(rate, ".0%")`` does."""
    return f"{rate:.0%}"[:-1]


def percent(rate: float) -> str:
    """``rate`` (0..1) as a whole percentage in the language in force: ``51%``, ``51 %``."""
    return _("{percent}%").format(percent=_whole(rate))


def wilson(successes: float, trials: int, z: float = Z_95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``trials`` (95 % by default).

    >>> interval = wilson(50, 100)
    >>> round(interval.low, 3), round(interval.high, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    Interval(low=0.0, high=1.0)
    """
    if trials <= 0:
        return Interval(0.0, 1.0)
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = (
        z * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    )
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameRecord:
    """One game: its turns as written, who won (``None``: a draw), the first player's points
    margin (the second player's points minus the first's), the first player's level and the
    work both players did: positions searched plus random games played."""

    turns: tuple[str, ...]
    winner: Player | None
    margin: int
    first_level: int
    nodes: int


def play_game(
    layout: Layout,
    index: int,
    *,
    levels: tuple[int, int] = (DEFAULT_LEVEL, DEFAULT_LEVEL),
    seed: int = 0,
    spread: int = 0,
) -> GameRecord:
    """Game number ``index`` of a rating seeded ``seed``: the first of ``levels`` moves first in
    even games, the second in odd ones. ``spread`` is passed to the players
    (:func:`~patrolkit.games.rodeurs.engine.choose_turn`)."""
    first, second = levels if index % 2 == 0 else levels[::-1]
    state = layout.state
    turns: list[str] = []
    nodes = 0
    base = (seed * 1_000_003 + index) * _TURN_SEEDS
    while not is_over(state):
        level = first if state.to_move is Player.WHITE else second
        choice = choose_turn(state, level=level, seed=base + len(turns), spread=spread)
        nodes += choice.nodes
        turns.append(choice.turn.notation)
        state = apply(state, choice.turn)
    final = result(state)
    return GameRecord(
        tuple(turns), final.winner, final.black.points - final.white.points, first, nodes
    )


@dataclass(frozen=True)
class Rating:
    """The first player's record on a board over ``games`` games, and what it cost.

    ``margin_mean`` is the first player's mean points margin (positive: the first player ends
    with fewer points). ``seconds`` is the wall time spent, the one figure that does not repeat
    (it takes no part in comparing ratings).
    """

    games: int
    wins: int
    draws: int
    losses: int
    margin_mean: float
    levels: tuple[int, int]
    seed: int
    nodes: int
    seconds: float = field(default=0.0, compare=False)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def loss_rate(self) -> float:
        return self.losses / self.games if self.games else 0.0

    @property
    def win_interval(self) -> Interval:
        return wilson(self.wins, self.games)

    @property
    def draw_interval(self) -> Interval:
        return wilson(self.draws, self.games)

    @property
    def loss_interval(self) -> Interval:
        return wilson(self.losses, self.games)

    @property
    def score(self) -> float:
        """The first player's score rate: wins plus half the draws, per game."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def score_interval(self) -> Interval:
        return wilson(self.wins + self.draws / 2, self.games)

    def balanced(self, low: float = 0.4, high: float = 0.6) -> bool:
        """Whether the first player's score interval lies within ``low``..``high``."""
        return self.score_interval.inside(low, high)

    @property
    def description(self) -> str:
        """The rating in one line, as printed under a board."""
        return ngettext(
            "First player over {games} game: {won} won ({interval}), {drawn} drawn, {lost} lost;"
            " mean margin {margin} points.",
            "First player over {games} games: {won} won ({interval}), {drawn} drawn, {lost} lost;"
            " mean margin {margin} points.",
            self.games,
        ).format(
            games=self.games,
            won=percent(self.win_rate),
            interval=self.win_interval,
            drawn=percent(self.draw_rate),
            lost=percent(self.loss_rate),
            margin=formatted(self.margin_mean, "+.1f"),
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the rating: counts, rates with intervals, margin and cost."""

        def rate(value: float, interval: Interval) -> dict[str, float]:
            return {
                "rate": round(value, 4),
                "low": round(interval.low, 4),
                "high": round(interval.high, 4),
            }

        return {
            "games": self.games,
            "levels": list(self.levels),
            "seed": self.seed,
            "first_player": {
                "wins": self.wins,
                "draws": self.draws,
                "losses": self.losses,
                "win": rate(self.win_rate, self.win_interval),
                "draw": rate(self.draw_rate, self.draw_interval),
                "loss": rate(self.loss_rate, self.loss_interval),
                "score": rate(self.score, self.score_interval),
                "margin_mean": round(self.margin_mean, 3),
            },
            "cost": {"games": self.games, "nodes": self.nodes, "seconds": round(self.seconds, 2)},
        }


def summarise(
    records: Iterable[GameRecord], *, levels: tuple[int, int], seed: int, seconds: float = 0.0
) -> Rating:
    """The rating the games ``records`` make, from the first player's side."""
    games = list(records)
    wins = sum(game.winner is Player.WHITE for game in games)
    draws = sum(game.winner is None for game in games)
    margin = sum(game.margin for game in games) / len(games) if games else 0.0
    return Rating(
        games=len(games),
        wins=wins,
        draws=draws,
        losses=len(games) - wins - draws,
        margin_mean=margin,
        levels=levels,
        seed=seed,
        nodes=sum(game.nodes for game in games),
        seconds=seconds,
    )


def rate(
    layout: Layout,
    *,
    games: int = DEFAULT_GAMES,
    levels: tuple[int, int] = (DEFAULT_LEVEL, DEFAULT_LEVEL),
    seed: int = 0,
    spread: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Rating:
    """Rate ``layout``: ``games`` games between players at ``levels`` (seats swapped each game).

    ``progress``, if given, is called with the number of games played after each one.

    >>> from patrolkit.games.rodeurs import classic_layout
    >>> rating = rate(classic_layout(), games=2, levels=(1, 1), seed=1)
    >>> rating.games, rating.wins + rating.draws + rating.losses
    (2, 2)
    """
    for level in levels:
        check_level(level)
    started = time.perf_counter()
    records = []
    for index in range(games):
        records.append(play_game(layout, index, levels=levels, seed=seed, spread=spread))
        if progress is not None:
            progress(index + 1)
    return summarise(records, levels=levels, seed=seed, seconds=time.perf_counter() - started)
