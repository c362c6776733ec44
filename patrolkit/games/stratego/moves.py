"""Stratego moves: what a piece may do from a position, and playing it.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

A piece moves one cell along a row or column onto an empty cell, or attacks an enemy piece on
such a neighbouring cell. A scout runs any number of empty cells in a straight line and may
attack the enemy piece at the end of its run. No piece moves diagonally, jumps over another piece
or crosses a lake; bombs and the flag never move. These are the position's rules only: the
two-square and chase rules look at the game's history
(:class:`~patrolkit.games.stratego.game.Game`).

A move is written with its two squares, ``-`` between them for a move onto an empty cell and
``x`` for an attack: ``a4-a5``, ``a4xa7``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.stratego.board import (
    LAKES,
    RAYS,
    SQUARES,
    are_neighbours,
    between,
    parse_square,
    square_name,
)
from patrolkit.games.stratego.combat import Attack, Outcome
from patrolkit.games.stratego.model import Army, Piece, Rank, State
from patrolkit.games.stratego.words import a_piece_of, capitalized, player, the_piece, the_rank
from patrolkit.i18n import _


@dataclass(frozen=True, order=True)
class Move:
    """A piece goes from ``start`` to ``end``; ``attack`` when an enemy piece stands on ``end``."""

    start: int
    end: int
    attack: bool = False

    def __post_init__(self) -> None:
        for sq in (self.start, self.end):
            if not 0 <= sq < SQUARES:
                raise NotationError(_("Square {number} is not on the board.").format(number=sq))
        if self.start == self.end:
            raise IllegalTurn(
                _("A move from {square} to itself moves nothing.").format(
                    square=square_name(self.start)
                )
            )

    @property
    def notation(self) -> str:
        """``a4-a5`` for a move, ``a4xa7`` for an attack."""
        mark = "x" if self.attack else "-"
        return f"{square_name(self.start)}{mark}{square_name(self.end)}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written ``text``: ``a4-a5`` or ``a4xa7``; :attr:`notation` writes it back.

        >>> Move.parse("a4xa7").notation, Move.parse("j10-j9")
        ('a4xa7', Move.parse('j10-j9'))
        """
        match = _MOVE.fullmatch(text.strip().lower())
        if match is None or not match["mark"]:
            raise NotationError(_not_a_move(text))
        return cls(parse_square(match["start"]), parse_square(match["end"]), match["mark"] == "x")

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.parse('{self.notation}')"


_MOVE = re.compile(r"(?P<start>[a-j]\d{1,2})(?P<mark>[-x]?)(?P<end>[a-j]\d{1,2})")


def _not_a_move(text: str) -> str:
    return _(
        "'{text}' is not a move: write two squares with - between them, or x for an attack,"
        " like a4-a5 or a4xa7."
    ).format(text=text)


def _reachable(state: State, sq: int) -> list[Move]:
    """Every move the piece on ``sq`` may make in this position."""
    piece = state.cells[sq]
    if piece is None or piece.rank is None or not piece.rank.movable:
        return []
    moves = []
    for ray in RAYS[sq]:
        for end in ray if piece.rank is Rank.SCOUT else ray[:1]:
            other = state.cells[end]
            if other is None:
                moves.append(Move(sq, end))
                continue
            if other.army is not piece.army:
                moves.append(Move(sq, end, True))
            break
    return moves


def legal_moves(state: State, army: Army | None = None) -> list[Move]:
    """Every move ``army`` (by default the army to move; both when that is unknown too) may make,
    by start square then direction. Pieces whose rank is hidden are skipped."""
    army = army or state.to_move
    return [
        move
        for sq, piece in enumerate(state.cells)
        if piece is not None and (army is None or piece.army is army)
        for move in _reachable(state, sq)
    ]


def can_move(state: State, army: Army) -> bool:
    """Whether ``army`` has at least one move in this position."""
    return any(
        _reachable(state, sq)
        for sq, p in enumerate(state.cells)
        if p is not None and p.army is army
    )


def move_problem(state: State, move: Move) -> str:
    """Why the rules of the position refuse ``move``, in one sentence; ``""`` when they allow it."""
    start, end = square_name(move.start), square_name(move.end)
    piece = state.cells[move.start]
    if piece is None:
        return _("There is no piece on {start} to move.").format(start=start)
    if state.to_move is not None and piece.army is not state.to_move:
        return _("It is {army}'s turn, but the piece on {start} is {owner}.").format(
            army=player(state.to_move), start=start, owner=player(piece.army)
        )
    if piece.rank is None:
        return _("The rank of {piece} on {start} is hidden, so its move cannot be checked.").format(
            piece=the_piece(piece), start=start
        )
    if not piece.rank.movable:
        return _("{rank} on {start} moved: bombs and the flag never move.").format(
            rank=capitalized(the_rank(piece.rank)), start=start
        )
    if move.end in LAKES:
        return _("{end} is in a lake: no piece ever enters a lake.").format(end=end)
    path = between(move.start, move.end)
    if path is None:
        return _(
            "{start} to {end} is not along a row or column: pieces never move diagonally."
        ).format(start=start, end=end)
    if path and piece.rank is not Rank.SCOUT:
        return _(
            "{rank} on {start} cannot run to {end}: only scouts move more than one cell."
        ).format(rank=capitalized(the_rank(piece.rank)), start=start, end=end)
    for sq in path:
        if sq in LAKES:
            return _(
                "The scout on {start} cannot reach {end}: it would cross the lake at {lake}."
            ).format(start=start, end=end, lake=square_name(sq))
        if state.cells[sq] is not None:
            return _(
                "The scout on {start} cannot reach {end}: it would jump over the piece on {square}."
            ).format(start=start, end=end, square=square_name(sq))
    target = state.cells[move.end]
    if target is not None and target.army is piece.army:
        return _("{end} holds {a_piece}: a piece never attacks its own army.").format(
            end=end, a_piece=a_piece_of(piece.army)
        )
    if target is None and move.attack:
        return _("{end} is empty, so {start}-{end} is a move, not an attack.").format(
            start=start, end=end
        )
    if target is not None and not move.attack:
        return _(
            "{end} holds an enemy piece, so going there is an attack, written {start}x{end}."
        ).format(start=start, end=end)
    return ""


def attack_of(state: State, move: Move) -> Attack | None:
    """The attack ``move`` makes in ``state`` (``None`` for a plain move); both ranks must be
    known, else :class:`IllegalTurn` says which is hidden."""
    if not move.attack:
        return None
    attacker, defender = state.cells[move.start], state.cells[move.end]
    assert attacker is not None and defender is not None
    for piece, sq in ((attacker, move.start), (defender, move.end)):
        if piece.rank is None:
            raise IllegalTurn(
                _(
                    "The rank of {piece} on {square} is hidden, so the attack cannot be resolved."
                ).format(piece=the_piece(piece.hidden()), square=square_name(sq))
            )
    assert attacker.rank is not None and defender.rank is not None
    return Attack(attacker.rank, defender.rank)


def apply(state: State, move: Move) -> State:
    """The position after ``move``; raises :class:`IllegalTurn` saying why when it is not legal.

    >>> state = State.from_pieces("a4=O a7=s")
    >>> apply(state, Move.parse("a4xa7")).pieces_text
    'a7=O'
    """
    problem = move_problem(state, move)
    if problem:
        raise IllegalTurn(problem)
    return successor(state, move)


def successor(state: State, move: Move) -> State:
    """The position after ``move``, which the caller knows to be legal (see :func:`apply`)."""
    cells: list[Piece | None] = list(state.cells)
    mover = cells[move.start]
    cells[move.start] = None
    attack = attack_of(state, move)
    if attack is None or attack.outcome.attacker_stays:
        cells[move.end] = mover
    elif attack.outcome is Outcome.BOTH_LEAVE:
        cells[move.end] = None
    to_move = None if state.to_move is None else state.to_move.opponent
    return replace(state, cells=tuple(cells), to_move=to_move)


def is_legal(state: State, move: Move) -> bool:
    """Whether the rules of the position allow ``move``."""
    return not move_problem(state, move)


def parse_move(state: State, text: str) -> Move:
    """The move written ``text`` in ``state``: ``a4-a5``, ``a4xa7``, or without a mark (``a4a5``,
    as some engines write it), the mark then coming from the position. Raises
    :class:`NotationError` when ``text`` is not a move, :class:`IllegalTurn` when the position's
    rules refuse it.

    >>> state = State.from_pieces("a4=O a7=t")
    >>> parse_move(state, "a4a7"), parse_move(state, "a4-a6")
    (Move.parse('a4xa7'), Move.parse('a4-a6'))
    """
    match = _MOVE.fullmatch(text.strip().lower())
    if match is None:
        raise NotationError(_not_a_move(text))
    start, end = parse_square(match["start"]), parse_square(match["end"])
    if match["mark"]:
        move = Move(start, end, match["mark"] == "x")
    else:
        target = state.cells[end]
        move = Move(start, end, target is not None)
    problem = move_problem(state, move)
    if problem:
        raise IllegalTurn(problem)
    return move


def format_move(state: State, move: Move) -> str:
    """``move`` as :func:`parse_move` reads it back in ``state``."""
    return move.notation


def is_neighbour_move(move: Move) -> bool:
    """Whether ``move`` goes to a neighbouring cell (every piece's step; a scout's short run)."""
    return are_neighbours(move.start, move.end)
