"""Le grand jeu des patrouilles: who has won, and the ranking when a game stops early.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

A patrol wins as soon as K of its scouts stand on its far row; as soon as every other patrol is
out; with two patrols, as soon as the other has fewer than K' scouts on the board, cannot move in
the first or second act of its turn, or (with the "culs de pat'" variant) let its starred scout
stay in prison through its next turn. With three or four patrols the last three are eliminations
(:func:`~patrolkit.games.grand_jeu.turn.apply` carries them out) and the last patrol standing wins.

A game stopped before its end is ranked by scouts on the far row, then scouts in the half of the
board away from the patrol's own edge, then scouts on the board; equal on all three is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.games.grand_jeu.model import Patrol, State
from patrolkit.games.grand_jeu.turn import is_blocked
from patrolkit.i18n import _, ngettext


class Ending(Enum):
    """What decided a game."""

    FAR_ROW = "far row"
    TOO_FEW = "too few scouts"
    BLOCKED = "blocked"
    STAR = "starred scout lost"
    LAST_PATROL = "last patrol standing"
    MORE_ON_FAR_ROW = "more scouts on the far row"
    MORE_IN_ENEMY_HALF = "more scouts in the opposite half"
    MORE_ON_BOARD = "more scouts on the board"
    DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """The winner (``None`` for a draw) and what decided it."""

    winner: Patrol | None
    ending: Ending
    detail: str

    @property
    def description(self) -> str:
        return self.detail


@dataclass(frozen=True)
class Standing:
    """One patrol's counts for the early-stop ranking."""

    patrol: Patrol
    far_row: int
    enemy_half: int
    on_board: int

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.far_row, self.enemy_half, self.on_board)


def outcome(state: State) -> Outcome | None:
    """How the game has ended in ``state``, or ``None`` if it goes on."""
    options = state.options
    for patrol in state.in_play:
        far = state.far_row_count(patrol)
        if far >= options.far_row_to_win:
            return Outcome(
                patrol,
                Ending.FAR_ROW,
                ngettext(
                    "{patrol} wins with {count} scout on its far row.",
                    "{patrol} wins with {count} scouts on its far row.",
                    far,
                ).format(patrol=patrol.title, count=far),
            )
    standing = [p for p in state.in_play if len(state.scouts_of(p)) >= options.fewest_scouts]
    if len(standing) == 1 and len(options.patrols) == 2:
        winner = standing[0]
        loser = next(p for p in options.patrols if p is not winner)
        names = {"winner": winner.title, "loser": loser.title}
        if loser in state.out and loser in state.starred_prisoners:
            why = _("{winner} wins: {loser} did not free its starred scout in time.")
            return Outcome(winner, Ending.STAR, why.format(**names))
        if loser in state.out:
            why = _("{winner} wins: {loser} could not move.")
            return Outcome(winner, Ending.BLOCKED, why.format(**names))
        count = len(state.scouts_of(loser))
        return Outcome(
            winner,
            Ending.TOO_FEW,
            ngettext(
                "{winner} wins: {loser} has {count} scout on the board, fewer than {fewest}.",
                "{winner} wins: {loser} has {count} scouts on the board, fewer than {fewest}.",
                count,
            ).format(**names, count=count, fewest=options.fewest_scouts),
        )
    if len(standing) == 1:
        return Outcome(
            standing[0],
            Ending.LAST_PATROL,
            _("{patrol} wins: every other patrol is out.").format(patrol=standing[0].title),
        )
    if not standing:
        return Outcome(None, Ending.DRAW, _("No patrol is left standing: a draw."))
    mover = state.to_move
    if mover is not None and mover in standing and len(standing) == 2 and is_blocked(state):
        winner = next(p for p in standing if p is not mover)
        return Outcome(
            winner,
            Ending.BLOCKED,
            _("{winner} wins: {loser} cannot move a scout in its first or second act.").format(
                winner=winner.title, loser=mover.title
            ),
        )
    return None


def standings(state: State) -> list[Standing]:
    """The patrols still in play, best first, by the early-stop counts."""
    size = state.size
    rows = []
    for patrol in state.in_play:
        mine = state.scouts_of(patrol)
        rows.append(
            Standing(
                patrol,
                state.far_row_count(patrol),
                sum(patrol.depth(s.cell, size) >= size // 2 for s in mine),
                len(mine),
            )
        )
    return sorted(rows, key=lambda r: r.key, reverse=True)


def early_stop(state: State) -> Outcome:
    """Who wins if the game stops in ``state`` before its end (if it has ended: that result)."""
    over = outcome(state)
    if over is not None:
        return over
    ranked = standings(state)
    best, second = ranked[0], ranked[1]
    endings = (
        (
            Ending.MORE_ON_FAR_ROW,
            _("{patrol} wins with more scouts on the far row ({count} against {other})."),
        ),
        (
            Ending.MORE_IN_ENEMY_HALF,
            _("{patrol} wins with more scouts in the opposite half ({count} against {other})."),
        ),
        (
            Ending.MORE_ON_BOARD,
            _("{patrol} wins with more scouts on the board ({count} against {other})."),
        ),
    )
    for index, (ending, message) in enumerate(endings):
        if best.key[index] != second.key[index]:
            return Outcome(
                best.patrol,
                ending,
                message.format(
                    patrol=best.patrol.title, count=best.key[index], other=second.key[index]
                ),
            )
    tied = [r.patrol.title for r in ranked if r.key == best.key]
    names = _("{patrols} and {last}").format(patrols=", ".join(tied[:-1]), last=tied[-1])
    return Outcome(
        None, Ending.DRAW, _("Draw: {patrols} are level on every count.").format(patrols=names)
    )
