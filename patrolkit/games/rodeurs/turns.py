"""Rôdeurs turns: legal turns, playing a turn, reading one from its notation, the end of the game.

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

A *jump* moves a pawn two cells in a straight line over an occupied cell onto an empty cell, and
removes the pawn jumped over. The game's opening turn is one jump. Every later turn is either
*two jumps* (two single jumps in a row, by any pawns) or a *multi-jump* (one pawn jumps one or more
times in a row and stops when its player likes). Turns are identified by the position they lead
to: :func:`legal_turns` gives one turn per distinct resulting position.

None of this depends on who is to move, since pawns are shared: it all works when the mover is
unknown (``State.to_move`` is ``None``), and the position after a turn then has an unknown mover
too.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from patrolkit.errors import IllegalTurn
from patrolkit.games.rodeurs.board import SQUARES, square_name
from patrolkit.games.rodeurs.jump import Jump, Line, RawJump, Turn, lines_for
from patrolkit.games.rodeurs.model import PawnColour, Pawns, State
from patrolkit.i18n import _

# -- generating turns -------------------------------------------------------------------------


def _raw_jumps(
    cells: list[PawnColour | None] | Pawns, lines: tuple[tuple[Line, ...], ...]
) -> list[RawJump]:
    return [
        (start, over, land)
        for start in range(SQUARES)
        if cells[start] is not None
        for over, land in lines[start]
        if cells[over] is not None and cells[land] is None
    ]


def jumps(state: State) -> list[Jump]:
    """Every single jump available in ``state``, by start square then direction."""
    return [Jump(*raw) for raw in _raw_jumps(state.pawns, lines_for(state.board.diagonal))]


def turn_table(state: State) -> dict[Pawns, tuple[RawJump, ...]]:
    """Each distinct position a legal turn leads to, with the first jump sequence reaching it.

    Sequences are explored in a fixed order: each first jump (by start square, then direction),
    the position it gives, then every second jump from there and, when the second jump is made
    by the pawn that just landed, that pawn's longer runs. The first sequence found for a position
    is its witness.
    """
    lines = lines_for(state.board.diagonal)
    cells: list[PawnColour | None] = list(state.pawns)
    found: dict[Pawns, tuple[RawJump, ...]] = {}
    sequence: list[RawJump] = []

    def record() -> None:
        key = tuple(cells)
        if key not in found:
            found[key] = tuple(sequence)

    def run_on(at: int) -> None:
        """Every way the pawn now on ``at`` jumps on (third jump of a multi-jump and later)."""
        pawn = cells[at]
        for over, land in lines[at]:
            jumped = cells[over]
            if jumped is not None and cells[land] is None:
                cells[at] = cells[over] = None
                cells[land] = pawn
                sequence.append((at, over, land))
                record()
                run_on(land)
                sequence.pop()
                cells[land] = None
                cells[at], cells[over] = pawn, jumped

    for first in _raw_jumps(cells, lines):
        start, over, land = first
        pawn, jumped = cells[start], cells[over]
        cells[start] = cells[over] = None
        cells[land] = pawn
        sequence.append(first)
        record()
        if not state.opening:
            for second in _raw_jumps(cells, lines):
                start2, over2, land2 = second
                pawn2, jumped2 = cells[start2], cells[over2]
                cells[start2] = cells[over2] = None
                cells[land2] = pawn2
                sequence.append(second)
                record()
                if start2 == land:
                    run_on(land2)
                sequence.pop()
                cells[land2] = None
                cells[start2], cells[over2] = pawn2, jumped2
        sequence.pop()
        cells[land] = None
        cells[start], cells[over] = pawn, jumped
    return found


def legal_turns(state: State) -> list[Turn]:
    """One legal turn for each distinct position the player to move can reach, in a fixed order.

    The opening turn is one jump. A later turn is one jump, two jumps by any pawns, or a longer
    run of jumps by one pawn. Empty when the game is over.
    """
    return [_turn(sequence, state.opening) for sequence in turn_table(state).values()]


def successors(state: State) -> list[tuple[Turn, State]]:
    """Each legal turn (as :func:`legal_turns`) with the position it leads to."""
    return [
        (_turn(sequence, state.opening), _after(state, pawns))
        for pawns, sequence in turn_table(state).items()
    ]


def _turn(sequence: Iterable[RawJump], opening: bool) -> Turn:
    return Turn(tuple(Jump(*raw) for raw in sequence), opening)


def _after(state: State, pawns: Pawns) -> State:
    mover = None if state.to_move is None else state.to_move.opponent
    return State(state.board, pawns, mover, False)


# -- playing a turn ---------------------------------------------------------------------------


def apply(state: State, turn: Turn) -> State:
    """The position after ``turn``; raises :class:`IllegalTurn` with the rule it breaks.

    The turn passes to the other player (an unknown mover stays unknown) and the opening is over.
    """
    played = _played(state, turn)
    if isinstance(played, str):
        raise IllegalTurn(played)
    return _after(state, played)


def _played(state: State, turn: Turn) -> Pawns | str:
    """The pawns after ``turn``, or the rule it breaks in one sentence."""
    if is_over(state):
        return _("The game is over: no jump is left on the board.")
    count = len(turn.jumps)
    if state.opening and count != 1:
        return _("The opening turn is a single jump, not {count} jumps.").format(count=count)
    if count >= 3 and not turn.chained:
        previous, jump = next((a, b) for a, b in pairwise(turn.jumps) if b.start != a.land)
        return _(
            "A turn of three or more jumps is a multi-jump by one pawn, but the jump from"
            " {start} is not made by the pawn that landed on {land}."
        ).format(start=square_name(jump.start), land=square_name(previous.land))
    cells = list(state.pawns)
    for jump in turn.jumps:
        problem = jump_problem(cells, jump, state.board.diagonal)
        if problem:
            return problem
        cells[jump.land] = cells[jump.start]
        cells[jump.start] = cells[jump.over] = None
    return tuple(cells)


def jump_problem(cells: list[PawnColour | None] | Pawns, jump: Jump, diagonal: bool) -> str:
    """Why ``jump`` cannot be made on ``cells`` (one sentence), or ``''`` if it can."""
    if jump.diagonal and not diagonal:
        return _("{jump} is a diagonal jump, and this board allows only straight jumps.").format(
            jump=jump
        )
    start, over, land = (square_name(sq) for sq in jump.raw)
    if cells[jump.start] is None:
        return _("There is no pawn on {start} to jump.").format(start=start)
    if cells[jump.over] is None:
        return _("The pawn on {start} cannot jump over {over}: that cell is empty.").format(
            start=start, over=over
        )
    if cells[jump.land] is not None:
        return _("The pawn on {start} cannot land on {land}: that cell is occupied.").format(
            start=start, land=land
        )
    return ""


def is_over(state: State) -> bool:
    """Whether no jump is left anywhere on the board (whoever is to move: pawns are shared)."""
    cells = state.pawns
    lines = lines_for(state.board.diagonal)
    return not any(
        cells[over] is not None and cells[land] is None
        for start in range(SQUARES)
        if cells[start] is not None
        for over, land in lines[start]
    )


# -- turns written out ------------------------------------------------------------------------


def parse_turn(state: State, text: str) -> Turn:
    """The turn written ``text`` (like ``c3xc5 d1xd3``), read as a turn of ``state``.

    Whether it is the opening jump comes from the state. Raises :class:`NotationError` when the
    text is not a turn, :class:`IllegalTurn` when it is one the rules do not allow here.

    >>> from patrolkit.games.rodeurs import classic_layout
    >>> start = classic_layout().state
    >>> turn = parse_turn(start, "d3xd5")
    >>> turn.kind, turn.notation
    ('opening jump', 'd3xd5')
    >>> parse_turn(start, "d3xd5 c3xe3")
    Traceback (most recent call last):
    ...
    patrolkit.errors.IllegalTurn: The opening turn is a single jump, not 2 jumps.
    """
    turn = Turn.parse(text, opening=state.opening)
    apply(state, turn)
    return turn


def format_turn(state: State, turn: Turn) -> str:
    """``turn`` as :func:`parse_turn` reads it back in ``state``: ``c3xc5 d1xd3``. A Rôdeurs turn
    is written the same in every position."""
    return turn.notation


def is_legal(state: State, turn: Turn) -> bool:
    """Whether the rules allow ``turn`` in ``state``: :func:`apply` would play it."""
    return not isinstance(_played(state, turn), str)
