"""Le grand jeu des patrouilles: random turns and games, from an explicit random generator.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them. Tests,
benchmarks and the virtual camera use them to reach varied positions; the rules themselves never
draw at random.
"""

from __future__ import annotations

import random

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu.acts import Act, Capture, Part
from patrolkit.games.grand_jeu.board import DIRECTIONS, cell, column_of, row_of
from patrolkit.games.grand_jeu.model import Options, Patrol, Scout, State
from patrolkit.games.grand_jeu.outcome import outcome
from patrolkit.games.grand_jeu.turn import Turn, apply, is_blocked, is_legal
from patrolkit.i18n import _


def _random_part(part: Part, rng: random.Random, stop: float) -> Part:
    """Play random legal acts until the part may end and the dice say stop, or nothing is left.

    Captures are preferred when possible, so that games see captures and bonus turns."""
    while True:
        if part.can_end and rng.random() < stop:
            return part
        acts = part.legal_acts()
        if not acts:
            return part
        captures: list[Act] = [a for a in acts if isinstance(a, Capture)]
        part = part.play(rng.choice(captures if captures and rng.random() < 0.7 else acts))


def random_turn(
    state: State, rng: random.Random, *, stop: float = 0.35, bonus: float = 0.7
) -> Turn:
    """A random legal turn of the patrol to move (a bonus turn, when earned, with chance
    ``bonus``); raises :class:`~patrolkit.errors.IllegalTurn` if that patrol is blocked."""
    for _attempt in range(50):
        part = _random_part(Part.start(state), rng, stop)
        if part.can_end:
            break
    else:
        if state.to_move is None:
            raise IllegalTurn(_("The patrol to move found no legal turn."))
        raise IllegalTurn(_("{patrol} found no legal turn.").format(patrol=state.to_move.title))
    bonus_acts = None
    if part.captures and rng.random() < bonus:
        second = _random_part(Part.start(part.position, bonus=True), rng, stop)
        if second.can_end and is_legal(state, Turn(part.acts, second.acts)):
            bonus_acts = second.acts
    return Turn(part.acts, bonus_acts)


def random_position(
    options: Options, rng: random.Random, *, to_move: Patrol | None = None
) -> State:
    """A random position in play: each patrol keeps 2 to all of its scouts (the rest in prison),
    anywhere but on its own first row, facing any direction; with the "culs de pat'" variant one
    scout per patrol carries the star (on the board or in prison). Scouts crowd the middle of the
    board so that captures are within reach."""
    size = options.size
    free = [cell(c, r) for r in range(size) for c in range(size)]
    rng.shuffle(free)
    middle = sorted(free, key=lambda c: abs(column_of(c) - size / 2) + abs(row_of(c) - size / 2))
    taken: set[int] = set()
    scouts: list[Scout] = []
    prisoners: list[int] = []
    stars: set[Patrol] = set()
    for patrol in options.patrols:
        count = rng.randint(max(2, options.fewest_scouts), options.patrol_size)
        prisoners.append(options.patrol_size - count)
        star_at = rng.randrange(options.patrol_size) if options.culs_de_pat else -1
        if star_at >= count:
            stars.add(patrol)
        places = [
            c
            for c in middle[: size * size * 2 // 3]
            if c not in taken and patrol.depth(c, size) not in (0, size - 1)
        ]
        for index, c in enumerate(rng.sample(places, count)):
            taken.add(c)
            scouts.append(Scout(c, patrol, rng.choice(DIRECTIONS), index == star_at))
    mover = to_move or rng.choice(options.patrols)
    return State(options, tuple(scouts), tuple(prisoners), frozenset(stars), mover)


def random_game(state: State, rng: random.Random, *, turns: int = 200) -> list[tuple[State, Turn]]:
    """Up to ``turns`` random turns from ``state``, until the game ends: each position with the
    turn played from it."""
    played = []
    for _turn in range(turns):
        if outcome(state) is not None or is_blocked(state):
            break
        turn = random_turn(state, rng)
        played.append((state, turn))
        state = apply(state, turn)
    return played
