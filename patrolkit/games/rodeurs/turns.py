"""Rôdeurs turns: jumps, legal turns, playing a turn, the end of the game and its result.

Import these names from :mod:`patrolkit.games.rodeurs`, which re-exports them.

A *jump* moves a pawn two cells in a straight line over an occupied cell onto an empty cell, and
removes the pawn jumped over. The game's opening turn is one jump. Every later turn is either
*two jumps* (two single jumps in a row, by any pawns) or a *multi-jump* (one pawn jumps one or more
times in a row and stops when its player likes). Turns are identified by the position they lead
to: :func:`legal_turns` gives one turn per distinct resulting position.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from itertools import pairwise

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.rodeurs.model import (
    COLUMNS,
    ROWS,
    SQUARES,
    CellColour,
    PawnColour,
    Pawns,
    Player,
    State,
    column_of,
    parse_square,
    row_of,
    square_name,
)

OPENING_JUMP = "opening jump"
TWO_JUMPS = "two jumps"
MULTI_JUMP = "multi-jump"

Line = tuple[int, int]
"""The cell jumped over and the landing cell of a jump, seen from its start."""
RawJump = tuple[int, int, int]
"""``(start, over, land)``: the engine's working form of a :class:`Jump`."""

_STRAIGHT_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Column and row steps of the orthogonal jumps: towards row 9, column g, row 1, column a."""
_SLANTED_STEPS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


def _lines(steps: Iterable[tuple[int, int]]) -> tuple[tuple[Line, ...], ...]:
    """For each square, the jumps that fit on the board in the directions ``steps``."""
    table = []
    for sq in range(SQUARES):
        column, row = column_of(sq), row_of(sq)
        lines = []
        for dc, dr in steps:
            if 0 <= column + 2 * dc < COLUMNS and 0 <= row + 2 * dr < ROWS:
                lines.append(
                    ((row + dr) * COLUMNS + column + dc, (row + 2 * dr) * COLUMNS + column + 2 * dc)
                )
        table.append(tuple(lines))
    return tuple(table)


STRAIGHT_LINES = _lines(_STRAIGHT_STEPS)
"""Per square, its orthogonal jumps ``(over, land)``."""
SLANTED_LINES = _lines(_SLANTED_STEPS)
"""Per square, its diagonal jumps ``(over, land)``."""
_ALL_LINES = tuple(a + b for a, b in zip(STRAIGHT_LINES, SLANTED_LINES, strict=True))
_OVER = {(start, land): over for start in range(SQUARES) for over, land in _ALL_LINES[start]}
"""The cell between ``start`` and ``land`` for every pair a jump can join (diagonals included)."""


def lines_for(diagonal: bool) -> tuple[tuple[Line, ...], ...]:
    """The jump table of a board: orthogonal jumps, and diagonal ones if ``diagonal``."""
    return _ALL_LINES if diagonal else STRAIGHT_LINES


# -- jumps and turns --------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Jump:
    """One jump: the pawn on ``start`` jumps over ``over`` and lands on ``land`` (squares)."""

    start: int
    over: int
    land: int

    def __post_init__(self) -> None:
        if _OVER.get((self.start, self.land)) != self.over:
            raise IllegalTurn(
                f"{_name(self.start)} to {_name(self.land)} over {_name(self.over)} is not a"
                " jump: a pawn jumps exactly two cells in a straight line, over the middle one."
            )

    @classmethod
    def between(cls, start: int, land: int) -> Jump:
        """The jump from ``start`` to ``land``; raises :class:`IllegalTurn` if none joins them."""
        over = _OVER.get((start, land))
        if over is None:
            raise IllegalTurn(
                f"{_name(start)} to {_name(land)} is not a jump: a pawn jumps exactly two cells"
                " in a straight line."
            )
        return cls(start, over, land)

    @property
    def diagonal(self) -> bool:
        """Whether this jump goes along a diagonal."""
        return column_of(self.start) != column_of(self.land) and row_of(self.start) != row_of(
            self.land
        )

    @property
    def raw(self) -> RawJump:
        return (self.start, self.over, self.land)

    @property
    def notation(self) -> str:
        """``c3xc5``: the start and the landing cell."""
        return f"{square_name(self.start)}x{square_name(self.land)}"

    def __str__(self) -> str:
        return self.notation


def _name(sq: int) -> str:
    return square_name(sq) if 0 <= sq < SQUARES else f"square {sq}"


@dataclass(frozen=True)
class Turn:
    """A turn: its jumps in the order played.

    ``opening`` records that the turn is the game's opening jump; it only changes :attr:`kind`
    and takes no part in comparing turns.
    """

    jumps: tuple[Jump, ...]
    opening: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "jumps", tuple(self.jumps))
        if not self.jumps:
            raise IllegalTurn("A turn has at least one jump.")

    @property
    def chained(self) -> bool:
        """Whether every jump is made by the pawn that made the one before (one pawn moves)."""
        return all(b.start == a.land for a, b in pairwise(self.jumps))

    @property
    def kind(self) -> str:
        """``'opening jump'``, ``'two jumps'`` (more than one pawn jumps) or ``'multi-jump'``.

        Two jumps made by the same pawn are a multi-jump of two; a single later jump is a
        multi-jump of one. (Three or more jumps by several pawns also read ``'two jumps'``:
        :func:`apply` refuses them.)
        """
        if self.opening:
            return OPENING_JUMP
        return MULTI_JUMP if self.chained else TWO_JUMPS

    @property
    def notation(self) -> str:
        """``c3xc5`` (one jump), ``c3xc5xe5`` (one pawn jumping on), ``c3xc5 d1xd3`` (two pawns).

        A pawn's run of jumps is written as the cells it visits joined by ``x``; a new group,
        after a space, starts whenever another pawn jumps.
        """
        groups: list[list[str]] = []
        previous: Jump | None = None
        for jump in self.jumps:
            if previous is not None and jump.start == previous.land:
                groups[-1].append(square_name(jump.land))
            else:
                groups.append([square_name(jump.start), square_name(jump.land)])
            previous = jump
        return " ".join("x".join(group) for group in groups)

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str, *, opening: bool = False) -> Turn:
        """The turn written ``text`` (see :attr:`notation`); raises :class:`NotationError`."""
        groups = text.lower().split()
        if not groups:
            raise NotationError(
                "A turn is written as its jumps, like c3xc5, c3xc5xe5 or c3xc5 d1xd3."
            )
        found: list[Jump] = []
        for group in groups:
            cells = group.split("x")
            if len(cells) < 2:
                raise NotationError(
                    f"'{group}' is not a jump: write the start and the landing cell, like c3xc5."
                )
            squares = [parse_square(cell) for cell in cells]
            for start, land in pairwise(squares):
                over = _OVER.get((start, land))
                if over is None:
                    raise NotationError(
                        f"{square_name(start)} to {square_name(land)} is not a jump: a pawn jumps"
                        " exactly two cells in a straight line."
                    )
                found.append(Jump(start, over, land))
        return cls(tuple(found), opening)


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
    return State(state.board, pawns, state.to_move.opponent, False)


# -- playing a turn ---------------------------------------------------------------------------


def apply(state: State, turn: Turn) -> State:
    """The position after ``turn``; raises :class:`IllegalTurn` with the rule it breaks.

    The turn passes to the other player and the opening is over.
    """
    if is_over(state):
        raise IllegalTurn("The game is over: no jump is left on the board.")
    count = len(turn.jumps)
    if state.opening and count != 1:
        raise IllegalTurn(f"The opening turn is a single jump, not {count} jumps.")
    if count >= 3 and not turn.chained:
        previous, jump = next((a, b) for a, b in pairwise(turn.jumps) if b.start != a.land)
        raise IllegalTurn(
            "A turn of three or more jumps is a multi-jump by one pawn, but the jump from"
            f" {square_name(jump.start)} is not made by the pawn that landed on"
            f" {square_name(previous.land)}."
        )
    cells = list(state.pawns)
    for jump in turn.jumps:
        problem = jump_problem(cells, jump, state.board.diagonal)
        if problem:
            raise IllegalTurn(problem)
        cells[jump.land] = cells[jump.start]
        cells[jump.start] = cells[jump.over] = None
    return _after(state, tuple(cells))


def jump_problem(cells: list[PawnColour | None] | Pawns, jump: Jump, diagonal: bool) -> str:
    """Why ``jump`` cannot be made on ``cells`` (one sentence), or ``''`` if it can."""
    if jump.diagonal and not diagonal:
        return f"{jump} is a diagonal jump, and this board allows only straight jumps."
    start, over, land = (square_name(sq) for sq in jump.raw)
    if cells[jump.start] is None:
        return f"There is no pawn on {start} to jump."
    if cells[jump.over] is None:
        return f"The pawn on {start} cannot jump over {over}: that cell is empty."
    if cells[jump.land] is not None:
        return f"The pawn on {start} cannot land on {land}: that cell is occupied."
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


# -- score and result -------------------------------------------------------------------------


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
            return f"{_player_name(self.winner)} wins with {low} points against {high}."
        if self.decided_by is DecidedBy.DRAW:
            return f"Draw: both districts hold the same pawns ({w.points} points each)."
        loser = _player_name(self.winner.opponent if self.winner else None)
        return (
            f"Both have {w.points} points; {loser} has more {self.decided_by.value} in their"
            f" district and loses."
        )


def _player_name(player: Player | None) -> str:
    return "Nobody" if player is None else player.name.capitalize()


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
