"""Patrolis turns: laying steps, incidents, and the end of a game.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

A turn lays one or more steps continuing the player's track (or starting a new one from the
border), all on cells of one terrain class — road cells fit in a turn of any class — and no more
than that class's limit: 1 on water, 2 on mountain, 3 on countryside, 5 on road. After every step
the engine looks at each track's free end:

* into an empty cell, or at a single straight step at right angles (which the track may cross
  with a "+" on a later step): nothing happens;
* at the loose end of a line (another track's free end, or a tail): a **join** — both tracks
  are abandoned;
* into any other occupied cell: a **bump** — the track is abandoned; when another player's step
  is what now blocks it, the incident is called **blocked**;
* off the board: the track **leaves** the board and is abandoned.

An abandoned track ends its owner's turn; they start a new track from the border on their next
turn. A crossing removes, at the crossing player's choice, the crossed track's steps upstream or
downstream of the crossing cell; those steps go back to their owner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis.grid import EDGES
from patrolkit.games.patrolis.incidents import Event
from patrolkit.games.patrolis.laying import Runner, Table
from patrolkit.games.patrolis.state import State
from patrolkit.games.patrolis.tracks import Cut, Step, Turn, player_name
from patrolkit.i18n import _, ngettext


@dataclass(frozen=True)
class Played:
    """A turn and what it did: the position after it, its incidents and the objectives it took."""

    before: State
    turn: Turn
    after: State
    events: tuple[Event, ...]
    collected: tuple[int, ...]

    @property
    def sentences(self) -> tuple[str, ...]:
        owners = tuple(t.owner for t in self.after.tracks)
        return tuple(e.sentence(self.after.map, owners) for e in self.events)


# -- playing a turn --------------------------------------------------------------------------------


def play(state: State, turn: Turn) -> Played:
    """Play ``turn`` on ``state``: the position after it, its incidents and the objectives taken.

    Raises :class:`IllegalTurn` with one sentence naming the rule the turn breaks.
    """
    runner = _start(state, turn)
    for step in turn.steps:
        runner.lay(step)
    return _finish(state, turn, runner)


def apply(state: State, turn: Turn) -> State:
    """The position after ``turn`` (see :func:`play`)."""
    return play(state, turn).after


def _start(state: State, turn: Turn) -> Runner:
    _check_size(state, turn)
    over = end_reason(state)
    if over:
        raise IllegalTurn(_("The game is over: {why}.").format(why=over))
    if turn.player != state.to_move:
        raise IllegalTurn(
            _("It is {player}'s turn, not {other}'s.").format(
                player=player_name(state.to_move), other=player_name(turn.player)
            )
        )
    if not turn.steps:
        raise IllegalTurn(_("A turn lays at least one step."))
    supply = state.supply(turn.player)
    if len(turn.steps) > supply:
        raise IllegalTurn(
            ngettext(
                "{player} holds {count} step, too few for {wanted}.",
                "{player} holds {count} steps, too few for {wanted}.",
                supply,
            ).format(player=player_name(turn.player), count=supply, wanted=len(turn.steps))
        )
    return Runner(Table.of(state), turn.player)


def _check_size(state: State, turn: Turn) -> None:
    if turn.size != state.map.size:
        raise IllegalTurn(
            _(
                "This turn is written for a {size} x {size} map, but the map is"
                " {map_size} x {map_size}."
            ).format(size=turn.size, map_size=state.map.size)
        )


def _finish(before: State, turn: Turn, runner: Runner) -> Played:
    table = runner.table
    after = table.state(table.next_player(runner.player))
    return Played(before, turn, after, tuple(runner.events), tuple(runner.collected))


# -- the end of a game ----------------------------------------------------------------------------


def can_continue(state: State, player: int) -> bool:
    """Whether ``player`` can lay a step: they hold one, and their track or the border has room."""
    return Table.of(state).can_continue(player)


def end_reason(state: State) -> str:
    """Why the game is over (a phrase), or ``''`` while it goes on."""
    if all(o.taken_by is not None for o in state.objectives):
        return _("every objective has been collected")
    table = Table.of(state)
    if not any(table.can_continue(p) for p in range(state.players)):
        return _("no player can lay another step")
    return ""


def is_over(state: State) -> bool:
    """Whether every objective is collected or no player can continue."""
    return bool(end_reason(state))


def random_turn(state: State, rng: random.Random) -> Turn:
    """A legal turn for the player to move, drawn with ``rng`` (for simulations and tests).

    The track is continued (or started on a random free border edge) step by step in random
    directions, stopping at random, at the terrain limit or at an incident. Raises
    :class:`IllegalTurn` if the game is over.
    """
    over = end_reason(state)
    if over:
        raise IllegalTurn(_("The game is over: {why}.").format(why=over))
    player = state.to_move
    runner = Runner(Table.of(state), player)
    supply = state.supply(player)
    position = runner.next_position()
    if position is None:
        position = rng.choice(runner.table.starts())
    while True:
        cell, entry = position
        options = [
            Step(cell, entry, exit_, cut)
            for exit_ in EDGES
            if exit_ is not entry
            for cut in (None, Cut.UPSTREAM, Cut.DOWNSTREAM)
        ]
        rng.shuffle(options)
        for step in options:
            trial = runner.copy()
            try:
                trial.lay(step)
            except IllegalTurn:
                continue
            runner = trial
            break
        else:
            break
        after = runner.next_position()
        if runner.ended or runner.count >= min(supply, runner.limit) or after is None:
            break
        if rng.random() < 0.35:
            break
        position = after
    if not runner.steps:
        raise IllegalTurn(_("{player} cannot lay a step.").format(player=player_name(player)))
    return Turn(player, tuple(runner.steps), state.map.size)


# -- turns written out ----------------------------------------------------------------------------


def parse_turn(state: State, text: str) -> Turn:
    """The turn of the player to move written ``text`` on the state's map, like ``A1SN A2SN``.

    Each step is its cell, the edge it enters by and the edge it leaves by (``N``, ``E``, ``S``,
    ``W``), with ``+U`` or ``+D`` after a crossing. Raises :class:`NotationError` when the text is
    not a turn, :class:`IllegalTurn` when it is one the rules do not allow here.

    >>> from patrolkit.games.patrolis import Map
    >>> plain = Map.from_drawing("\\n".join(["cccccccc"] * 8))
    >>> state = State.from_tracks(plain, objectives="D5B")
    >>> parse_turn(state, "a1sn a2sn").notation
    'A1SN A2SN'
    >>> parse_turn(state, "D4SN")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    patrolkit.errors.IllegalTurn: Player 1 has no track in play, so the step on D4 must start ...
    """
    turn = Turn.parse(text, state.map, state.to_move)
    play(state, turn)
    return turn


def format_turn(state: State, turn: Turn) -> str:
    """``turn`` written out, as :func:`parse_turn` reads it back on ``state``: ``A1SN A2SN``."""
    _check_size(state, turn)
    return turn.notation


def is_legal(state: State, turn: Turn) -> bool:
    """Whether the rules allow ``turn`` on ``state`` (:func:`play` would not refuse it)."""
    try:
        play(state, turn)
    except IllegalTurn:
        return False
    return True
