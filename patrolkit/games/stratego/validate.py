"""Stratego refereeing: which move or attack explains the change between two positions, or why
none does.

Import :func:`validate` from :mod:`patrolkit.games.stratego`, which re-exports it.

Pieces are compared by army, by rank when both positions know it, and by id when both give one,
so a position read from photos (ids) and one written by hand (ranks, no ids) can both be judged.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego.board import SQUARES, column_of, row_of, square_name
from patrolkit.games.stratego.combat import Attack, Outcome, fight
from patrolkit.games.stratego.game import Game
from patrolkit.games.stratego.model import Army, Piece, State
from patrolkit.games.stratego.moves import (
    Move,
    attack_of,
    legal_moves,
    move_problem,
    successor,
)
from patrolkit.games.stratego.words import a_piece, capitalized, player, the_piece, the_rank
from patrolkit.i18n import _, ngettext, pgettext


@dataclass(frozen=True)
class Played:
    """What :func:`validate` found: the army that played, its move, the attack it made (both
    ranks, which the rules reveal) and any other moves that give the very same position (an
    attacker that lost next to several enemy pieces leaves no trace of which it attacked)."""

    army: Army
    move: Move
    attack: Attack | None
    others: tuple[Move, ...] = ()

    @property
    def description(self) -> str:
        """``Red played a4-a5.`` or ``Blue played d7xd6: the scout attacked the miner and lost.``"""
        army = capitalized(player(self.army))
        if self.attack is None:
            return _("{army} played {move}.").format(army=army, move=self.move)
        attack = self.attack.description
        return _("{army} played {move}: {attack}").format(
            army=army, move=self.move, attack=attack[:1].lower() + attack[1:]
        )


def _same(first: Piece | None, second: Piece | None) -> bool:
    """Whether two readings of a cell agree: same army, and same rank and id where both say."""
    if first is None or second is None:
        return first is second
    if first.army is not second.army:
        return False
    if first.rank is not None and second.rank is not None and first.rank is not second.rank:
        return False
    return not (first.id and second.id and first.id != second.id)


def _differences(first: State, second: State) -> list[int]:
    return [sq for sq in range(SQUARES) if not _same(first.cells[sq], second.cells[sq])]


def validate(before: State | Game, after: State) -> Played:
    """The move or attack that leads from ``before`` to ``after``.

    ``before`` is a position, or a game (its last position), and then the two-square and chase
    rules apply too. Either position may leave the army to move unknown (a photo does not show
    it); when both name it, it must change. Raises :class:`IllegalTurn` with one sentence saying
    why no legal move explains the change.

    >>> before = State.from_pieces("a4=O a7=t a1=F j10=f")
    >>> validate(before, State.from_pieces("a7=t a1=F j10=f", to_move=Army.BLUE)).description
    'Red played a4xa7: the scout attacked the sergeant and lost.'
    >>> wrong = State.from_pieces("a7=O a1=F j10=f", to_move=Army.BLUE)
    >>> validate(before, wrong)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    patrolkit.errors.IllegalTurn: The scout from a4 attacked the sergeant on a7 and lost: ...
    """
    game = before if isinstance(before, Game) else None
    state = before.state if isinstance(before, Game) else before
    if state.to_move is not None and after.to_move is state.to_move:
        raise IllegalTurn(
            _("{army} was to move and still is: after a move, the other army moves.").format(
                army=capitalized(player(state.to_move))
            )
        )
    if game is not None and game.result is not None:
        raise IllegalTurn(
            _("The game was already over: {result}").format(result=game.result.description)
        )
    changed = _differences(state, after)
    if not changed:
        raise IllegalTurn(
            _("Nothing changed on the board: a turn moves one piece or attacks with it.")
        )
    armies = _movers(state, after)
    found: list[tuple[Army, Move]] = []
    refused = ""
    for army in armies:
        for move in legal_moves(state, army):
            if move.start not in changed or _differences(successor(state, move), after):
                continue
            problem = game.refusal(move) if game is not None else ""
            if problem:
                refused = refused or problem
                continue
            found.append((army, move))
    if found:
        army, move = found[0]
        return Played(army, move, attack_of(state, move), tuple(m for _army, m in found[1:]))
    raise IllegalTurn(refused or _diagnose(state, after, changed, armies))


def _movers(state: State, after: State) -> list[Army]:
    if state.to_move is not None:
        return [state.to_move]
    if after.to_move is not None:
        return [after.to_move.opponent]
    return list(Army)


def _diagnose(state: State, after: State, changed: list[int], armies: list[Army]) -> str:
    """One sentence saying why no legal move leads from ``state`` to ``after``."""
    arrived = [sq for sq in changed if after.cells[sq] is not None]
    left = [sq for sq in changed if state.cells[sq] is not None]
    moved: list[tuple[int, int]] = []
    for end in arrived:
        piece = after.cells[end]
        assert piece is not None
        used = {start for start, _end in moved}
        origins = sorted(
            (sq for sq in left if sq != end and sq not in used and _same(state.cells[sq], piece)),
            key=lambda sq: (_id_of(state, sq) != piece.id, _distance(sq, end)),
        )
        if not origins:
            was = state.cells[end]
            if was is not None and was.army is piece.army:
                return _("{was} on {square} turned into {piece}: pieces never change.").format(
                    was=capitalized(the_piece(was)), square=square_name(end), piece=a_piece(piece)
                )
            return _("{piece} appeared on {square}: pieces only ever leave the board.").format(
                piece=capitalized(a_piece(piece)), square=square_name(end)
            )
        moved.append((origins[0], end))
    if len(moved) > 1:
        steps = functools.reduce(
            lambda first, second: pgettext("stratego", "{first} and {second}").format(
                first=first, second=second
            ),
            (
                _("{start} to {end}").format(start=square_name(a), end=square_name(b))
                for a, b in moved
            ),
        )
        return ngettext(
            "{count} piece moved ({steps}): a turn moves one piece.",
            "{count} pieces moved ({steps}): a turn moves one piece.",
            len(moved),
        ).format(count=len(moved), steps=steps)
    if moved:
        return _wrong_move(state, after, *moved[0])
    if len(left) == 1:
        return _one_left(state, left[0], armies)
    if len(left) == 2:
        return _two_left(state, left[0], left[1])
    return ngettext(
        "{count} piece left the board: one attack removes at most two.",
        "{count} pieces left the board: one attack removes at most two.",
        len(left),
    ).format(count=len(left))


def _id_of(state: State, sq: int) -> str:
    piece = state.cells[sq]
    return "" if piece is None else piece.id


def _distance(first: int, second: int) -> int:
    return abs(row_of(first) - row_of(second)) + abs(column_of(first) - column_of(second))


def _wrong_move(state: State, after: State, start: int, end: int) -> str:
    mover, target = state.cells[start], state.cells[end]
    assert mover is not None
    move = Move(start, end, target is not None and target.army is not mover.army)
    problem = move_problem(state, move)
    if problem:
        return problem
    attack = attack_of(state, move)
    if attack is not None and not attack.outcome.attacker_stays:
        names = {
            "attacker": capitalized(the_rank(attack.attacker)),
            "defender": the_rank(attack.defender),
            "the_attacker": the_rank(attack.attacker),
            "start": square_name(start),
            "end": square_name(end),
        }
        if attack.outcome is Outcome.BOTH_LEAVE:
            return _(
                "{attacker} from {start} attacked {defender} on {end}: equal ranks, so both"
                " should have left the board."
            ).format(**names)
        return _(
            "{attacker} from {start} attacked {defender} on {end} and lost: {the_attacker}"
            " should have left the board and {defender} stayed."
        ).format(**names)
    others = ", ".join(square_name(sq) for sq in _differences(successor(state, move), after))
    return _("Besides {move}, the board changed on {others}: a turn moves one piece.").format(
        move=move, others=others
    )


def _one_left(state: State, sq: int, armies: list[Army]) -> str:
    """One piece left the board and none moved."""
    piece = state.cells[sq]
    assert piece is not None
    names = {"piece": capitalized(the_piece(piece)), "square": square_name(sq)}
    attackers = [
        m
        for army in armies
        if army is not piece.army
        for m in legal_moves(state, army)
        if m.end == sq
    ]
    if attackers:
        start = attackers[0].start
        attacker = state.cells[start]
        assert attacker is not None and attacker.rank is not None and piece.rank is not None
        outcome = fight(attacker.rank, piece.rank)
        names |= {"other": the_piece(attacker), "start": square_name(start)}
        if outcome is Outcome.DEFENDER_WINS:
            return _(
                "{piece} on {square} left the board, but it beats {other} on {start}, the piece"
                " that could attack it, so it should have stayed."
            ).format(**names)
        if outcome is Outcome.BOTH_LEAVE:
            return _(
                "{piece} on {square} left the board: if {other} on {start} attacked it, equal"
                " ranks meet and both should have left."
            ).format(**names)
        return _(
            "{piece} on {square} left the board: if {other} on {start} attacked and won, it"
            " should have taken that cell."
        ).format(**names)
    if piece.army in armies:
        own = [m for m in legal_moves(state, piece.army) if m.start == sq and m.attack]
        if own:
            return _(
                "{piece} on {square} left the board, but no enemy piece it could attack beats it:"
                " an attacker leaves only when it loses."
            ).format(**names)
        return _(
            "{piece} on {square} left the board, but it could attack no enemy piece from there."
        ).format(**names)
    return _("{piece} on {square} left the board, but no piece could attack it.").format(**names)


def _two_left(state: State, first: int, second: int) -> str:
    """Two pieces left the board and none moved."""
    a, b = state.cells[first], state.cells[second]
    assert a is not None and b is not None
    reach = {(m.start, m.end) for army in Army for m in legal_moves(state, army) if m.attack}
    if a.army is not b.army and not reach & {(first, second), (second, first)}:
        return _(
            "The pieces on {first} and {second} both left the board, but neither could attack"
            " the other."
        ).format(first=square_name(first), second=square_name(second))
    if a.army is not b.army:
        return _(
            "{a} on {first} and {b} on {second} both left the board, but only equal ranks both"
            " leave when one attacks the other."
        ).format(
            a=capitalized(the_piece(a)),
            first=square_name(first),
            b=the_piece(b),
            second=square_name(second),
        )
    return _(
        "The pieces on {first} and {second} both left the board and no piece moved: an attack"
        " removes two pieces only when equal ranks meet."
    ).format(first=square_name(first), second=square_name(second))
