"""Patrolis scores, rounds and the start of a game.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

Each objective collected scores by its colour: blue 5, red 3, green 2, yellow 1. A round is as
many games as there are players, each started by the next player in turn; points add up from
game to game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.patrolis.grid import Terrain
from patrolkit.games.patrolis.rules import is_over
from patrolkit.games.patrolis.state import State
from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import (
    DEFAULT_OBJECTIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Colour,
    Objective,
    player_name,
)
from patrolkit.i18n import _, ngettext


def score(state: State) -> tuple[int, ...]:
    """Each player's points: blue 5, red 3, green 2, yellow 1 for each objective collected."""
    points = [0] * state.players
    for objective in state.objectives:
        if objective.taken_by is not None:
            points[objective.taken_by] += objective.colour.points
    return tuple(points)


@dataclass(frozen=True)
class Result:
    """A game's points for each player and who has the most (several on a tie)."""

    points: tuple[int, ...]

    @property
    def leaders(self) -> tuple[int, ...]:
        best = max(self.points)
        return tuple(p for p, points in enumerate(self.points) if points == best)

    @property
    def description(self) -> str:
        """One sentence, like ``Player 2 leads with 8 points.``"""
        leaders, best = self.leaders, max(self.points)
        if len(leaders) == 1:
            return ngettext(
                "{player} leads with {count} points.", "{player} leads with {count} points.", best
            ).format(player=player_name(leaders[0]), count=best)
        names = player_name(leaders[0])
        for p in leaders[1:]:
            names = _("{first} and {second}").format(first=names, second=player_name(p))
        return ngettext(
            "{players} share the lead with {count} points.",
            "{players} share the lead with {count} points.",
            best,
        ).format(players=names, count=best)


def result(state: State) -> Result:
    """The points and leaders of ``state`` (final once :func:`is_over` holds)."""
    return Result(score(state))


@dataclass(frozen=True)
class Round:
    """A round: as many games as players, each started by the next player, points added up.

    ``first`` started the first game; ``games`` holds each finished game's points.
    """

    players: int
    first: int = 0
    games: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", tuple(tuple(g) for g in self.games))
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise LayoutError(
                _("Patrolis is for {least} to {most} players.").format(
                    least=MIN_PLAYERS, most=MAX_PLAYERS
                )
            )
        if not 0 <= self.first < self.players:
            raise LayoutError(
                _("There is no {player} among {count}.").format(
                    player=player_name(self.first), count=self.players
                )
            )
        if len(self.games) > self.players:
            raise LayoutError(
                _("A round of {count} players has {count} games.").format(count=self.players)
            )
        if any(len(g) != self.players for g in self.games):
            raise LayoutError(
                _("Each game of the round gives points to {count} players.").format(
                    count=self.players
                )
            )

    @property
    def complete(self) -> bool:
        return len(self.games) == self.players

    @property
    def next_first(self) -> int:
        """Who starts the next game."""
        return (self.first + len(self.games)) % self.players

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running total."""
        return tuple(sum(g[p] for g in self.games) for p in range(self.players))

    @property
    def leaders(self) -> tuple[int, ...]:
        return Result(self.totals).leaders

    def record(self, state: State) -> Round:
        """The round with the finished game ``state`` added."""
        if self.complete:
            raise IllegalTurn(
                _("The round is over: it had its {count} games.").format(count=self.players)
            )
        if state.players != self.players:
            raise IllegalTurn(
                _("This game has {count} players, the round {round}.").format(
                    count=state.players, round=self.players
                )
            )
        if not is_over(state):
            raise IllegalTurn(_("This game is not over yet, so it cannot be added to the round."))
        return Round(self.players, self.first, (*self.games, score(state)))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "first": self.first,
            "games": [list(g) for g in self.games],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        try:
            return cls(int(data["players"]), int(data["first"]), tuple(data["games"]))
        except (KeyError, TypeError, ValueError, LayoutError) as exc:
            raise NotationError(
                _("This JSON is not a Patrolis round ({why}).").format(why=exc)
            ) from None


# -- setting up ------------------------------------------------------------------------------------


def deal_objectives(
    game_map: Map, seed: int, colours: tuple[Colour, ...] = DEFAULT_OBJECTIVES
) -> tuple[Objective, ...]:
    """A seeded deal: one objective of each of ``colours`` on distinct land cells off the border.

    The same map and seed always give the same deal. Raises :class:`LayoutError` for a negative
    seed or a map without room.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise LayoutError(
            _("A deal's seed is a whole number from 0 up, not {seed}.").format(seed=repr(seed))
        )
    ground = [
        c
        for c in game_map.cells
        if game_map.terrain[c] is not Terrain.WATER and not game_map.on_border(c)
    ]
    if len(ground) < len(colours):
        raise LayoutError(
            _(
                "Only {count} land cells lie off the border, too few for {objectives} objectives."
            ).format(count=len(ground), objectives=len(colours))
        )
    rng = random.Random(f"patrolis-deal:{game_map.code}:{seed}")
    cells = rng.sample(ground, len(colours))
    return tuple(Objective(cell, colour) for cell, colour in zip(cells, colours, strict=True))


def new_game(
    game_map: Map, players: int, *, seed: int = 0, first: int = 0, dealt: int | None = None
) -> State:
    """The start of a game on ``game_map`` with the seeded objective deal for ``seed``."""
    return State.start(game_map, players, deal_objectives(game_map, seed), first=first, dealt=dealt)
