"""Rôdeurs refereeing: which turn explains the change between two positions, or why none does.

Import :func:`validate` from :mod:`patrolkit.games.rodeurs`, which re-exports it.

When no legal turn explains the change, the referee looks for the one broken rule that does: it
replays jumps from the first position allowing at most one mistake (a jump over an empty cell, a
landing on an occupied cell, a forbidden diagonal jump, or a run of jumps that is not a legal turn)
and names the first such mistake that reproduces the second position. That search is bounded;
past the bound, the answer names the closest legal turn and the cells where it differs.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from patrolkit.errors import IllegalTurn
from patrolkit.games.rodeurs.board import SQUARES, Board, square_name
from patrolkit.games.rodeurs.jump import SLANTED_LINES, Jump, Turn, lines_for
from patrolkit.games.rodeurs.model import PawnColour, Pawns, State, player_name
from patrolkit.games.rodeurs.turns import is_over, turn_table
from patrolkit.i18n import N_, _

SEARCH_LIMIT = 20_000
"""Positions the mistake search visits at most before falling back on the closest legal turn."""


def validate(before: State, after: State, *, check_mover: bool = True) -> Turn:
    """The legal turn that leads from ``before`` to ``after``.

    Raises :class:`IllegalTurn` with one sentence saying why no legal turn does. With
    ``check_mover=False`` the player to move and the opening flag of ``after`` are ignored (a
    photo does not show them); whether the opening rule applies still comes from ``before``. The
    turns themselves do not depend on who moves, so either position may then leave the mover
    unknown (``to_move=None``); checking the mover needs both positions to name it.
    """
    if before.board != after.board:
        raise IllegalTurn(_board_difference(before.board, after.board))
    if before.pawns == after.pawns:
        raise IllegalTurn(_("Nothing changed on the board: a turn moves at least one pawn."))
    if check_mover:
        if before.to_move is None:
            raise IllegalTurn(
                _(
                    "The first position does not say who is to move, so the change of player"
                    " cannot be checked; compare the pawns alone."
                )
            )
        if after.to_move is None:
            raise IllegalTurn(
                _(
                    "The second position does not say who is to move, so the change of player"
                    " cannot be checked; compare the pawns alone."
                )
            )
        if after.to_move is before.to_move:
            raise IllegalTurn(
                _(
                    "{player} was to move and still is: after a turn, the other player moves."
                ).format(player=player_name(before.to_move))
            )
        if after.opening:
            raise IllegalTurn(
                _(
                    "The second position still waits for the opening turn, but a turn has been"
                    " played."
                )
            )
    _refuse_added_pawns(before.pawns, after.pawns)
    if is_over(before):
        raise IllegalTurn(
            _("The game was already over: no jump was possible in the first position.")
        )
    table = turn_table(before)
    sequence = table.get(after.pawns)
    if sequence is not None:
        return Turn(tuple(Jump(*raw) for raw in sequence), before.opening)
    raise IllegalTurn(_diagnose(before, after.pawns, table))


def _board_difference(first: Board, second: Board) -> str:
    if first.colours == second.colours:
        if first.diagonal:
            return _(
                "The two positions are on the same board with different jump rules: only the"
                " first allows diagonal jumps."
            )
        return _(
            "The two positions are on the same board with different jump rules: only the second"
            " allows diagonal jumps."
        )
    return _("The two positions are on different boards (codes {first} and {second}).").format(
        first=first.code, second=second.code
    )


COLOUR_WORDS = {
    None: N_("empty"),
    PawnColour.RED: N_("red"),
    PawnColour.YELLOW: N_("yellow"),
    PawnColour.GREEN: N_("green"),
}
"""A pawn's colour (or an empty cell) as a sentence says it: translate with ``_()``."""


def _colour(pawn: PawnColour | None) -> str:
    return _(COLOUR_WORDS[pawn])


def _refuse_added_pawns(before: Pawns, after: Pawns) -> None:
    """Raise if some colour has more pawns after than before: turns only ever remove pawns."""
    had, has = Counter(before), Counter(after)
    for colour in PawnColour:
        if has[colour] <= had[colour]:
            continue
        cells = [sq for sq in range(SQUARES) if after[sq] is colour and before[sq] is not colour]
        changed = [sq for sq in cells if before[sq] is not None]
        if changed:
            sq = changed[0]
            raise IllegalTurn(
                _(
                    "The pawn on {cell} changed from {old} to {new}: pawns never change colour."
                ).format(cell=square_name(sq), old=_colour(before[sq]), new=_colour(colour))
            )
        # Prefer a cell no vacated pawn of that colour could have jumped to.
        vacated = {sq for sq in range(SQUARES) if before[sq] is colour and after[sq] is not colour}
        reachable = {land for start in vacated for _, land in lines_for(True)[start]}
        sq = min(cells, key=lambda cell: (cell in reachable, cell))
        raise IllegalTurn(_appeared(colour, square_name(sq)))


def _appeared(colour: PawnColour, cell: str) -> str:
    if colour is PawnColour.RED:
        message = _("A red pawn appeared on {cell}: a turn removes pawns, it never adds one.")
    elif colour is PawnColour.YELLOW:
        message = _("A yellow pawn appeared on {cell}: a turn removes pawns, it never adds one.")
    else:
        message = _("A green pawn appeared on {cell}: a turn removes pawns, it never adds one.")
    return message.format(cell=cell)


def _diagnose(
    before: State, after: Pawns, table: dict[Pawns, tuple[tuple[int, int, int], ...]]
) -> str:
    """One sentence saying why no legal turn leads from ``before`` to ``after``."""
    removed = before.pawn_count - sum(p is not None for p in after)
    filled = [
        sq for sq in range(SQUARES) if after[sq] is not None and after[sq] != before.pawns[sq]
    ]
    if not filled:
        gone = ", ".join(square_name(sq) for sq in range(SQUARES) if before.pawns[sq] != after[sq])
        return _(
            "Pawns left {cells} but no pawn landed anywhere: a pawn is removed only when another"
            " jumps over it."
        ).format(cells=gone)
    mistake = _MistakeSearch(before, after, removed).run()
    if mistake:
        return mistake
    if before.opening and removed > 1:
        return _(
            "The opening turn is a single jump, which removes one pawn, but {count} pawns are gone."
        ).format(count=removed)
    longest = max(len(sequence) for sequence in table.values())
    if removed > longest:
        return _(
            "{count} pawns are gone, but no turn from this position removes more than {longest}."
        ).format(count=removed, longest=longest)
    pawns, sequence = min(
        table.items(), key=lambda item: sum(a != b for a, b in zip(item[0], after, strict=True))
    )
    differ = ", ".join(square_name(sq) for sq in range(SQUARES) if pawns[sq] != after[sq])
    closest = Turn(tuple(Jump(*raw) for raw in sequence), before.opening)
    return _(
        "No legal turn leads to this position; the closest, {closest}, differs on {cells}."
    ).format(closest=closest, cells=differ)


class _SearchLimit(Exception):
    """The mistake search visited :data:`SEARCH_LIMIT` positions."""


class _MistakeSearch:
    """Replays jumps from ``before`` towards ``after`` allowing at most one broken rule.

    A *move* is a legal jump, or one of these mistakes: a jump over an empty cell (nothing is
    removed), a jump onto an occupied cell (the pawn there disappears), a diagonal jump on a board
    without the option. A sequence of moves may also break the shape of a turn (more than one jump
    in the opening, three or more jumps not all made by one pawn). The first sequence that
    reproduces ``after`` with exactly one broken rule gives the answer; failing that, the first
    mistaken move of a sequence that also breaks the shape of a turn.
    """

    def __init__(self, before: State, after: Pawns, removed: int) -> None:
        self.opening = before.opening
        self.target = after
        self.cells: list[PawnColour | None] = list(before.pawns)
        self.straight = lines_for(before.board.diagonal)
        self.slanted = None if before.board.diagonal else SLANTED_LINES
        self.budget = Counter(before.pawns) - Counter(after)  # colours that must be removed
        self.max_moves = removed + 1
        self.moves: list[Jump] = []
        self.visited = 0
        self.seen: set[tuple[object, ...]] = set()
        self.fallback = ""
        """A broken jump found in a run of moves that is not a turn either (kept if nothing
        better turns up: the broken jump is what the player needs to hear)."""

    def run(self) -> str:
        try:
            return self._search(None, True) or self.fallback
        except _SearchLimit:
            return self.fallback

    def _moves_needed(self) -> int:
        """A lower bound on the moves still needed: each fills one cell and empties two."""
        fill = empty = 0
        for have, want in zip(self.cells, self.target, strict=True):
            if have != want:
                if want is not None:
                    fill += 1
                if have is not None:
                    empty += 1
        return max(fill, (empty + 1) // 2)

    def _shape_mistake(self) -> str:
        moves = self.moves
        if self.opening and len(moves) > 1:
            return _(
                "The opening turn is a single jump, but this change needs {count} jumps ({turn})."
            ).format(count=len(moves), turn=Turn(tuple(moves)))
        if len(moves) >= 3:
            for previous, jump in pairwise(moves):
                if jump.start != previous.land:
                    return _(
                        "A turn of three or more jumps ({turn}) is a multi-jump by one pawn, but"
                        " the jump from {start} is not made by the pawn that landed on {land}."
                    ).format(
                        turn=Turn(tuple(moves)),
                        start=square_name(jump.start),
                        land=square_name(previous.land),
                    )
        return ""

    def _search(self, mistake: Mistake | None, chained: bool) -> str:
        self.visited += 1
        if self.visited > SEARCH_LIMIT:
            raise _SearchLimit
        cells = self.cells
        now = tuple(cells)
        if now == self.target:
            shape = self._shape_mistake()
            if mistake and shape:
                self.fallback = self.fallback or _sentence(mistake)
                return ""
            return _sentence(mistake) if mistake else shape
        moves = self.moves
        left = self.max_moves - len(moves)
        if left <= 0 or self._moves_needed() > left:
            return ""
        last = moves[-1].land if moves else -1
        key = (now, len(moves), mistake is not None, last, chained)
        if key in self.seen:
            return ""
        self.seen.add(key)
        budget = self.budget
        for start in range(SQUARES):
            if cells[start] is None:
                continue
            follows = chained and (last < 0 or start == last)
            for over, land in self.straight[start]:
                jumped, landed = cells[over], cells[land]
                if jumped is not None and landed is None:
                    if budget[jumped] <= 0:
                        continue
                    found = self._try(start, over, land, mistake, follows)
                elif mistake:
                    continue
                elif jumped is None and landed is None:
                    found = self._try(start, over, land, ("empty", start, over, land), follows)
                elif (
                    jumped is not None
                    and landed is not None
                    and budget[jumped] > 0
                    and budget[landed] > (1 if landed is jumped else 0)
                ):
                    found = self._try(start, over, land, ("occupied", start, over, land), follows)
                else:
                    continue
                if found:
                    return found
            if self.slanted is None or mistake:
                continue
            for over, land in self.slanted[start]:
                jumped = cells[over]
                if jumped is not None and cells[land] is None and budget[jumped] > 0:
                    found = self._try(start, over, land, ("diagonal", start, over, land), follows)
                    if found:
                        return found
        return ""

    def _try(self, start: int, over: int, land: int, mistake: Mistake | None, chained: bool) -> str:
        """Play one move (whatever it removes), search on, and take it back."""
        cells = self.cells
        pawn, jumped, landed = cells[start], cells[over], cells[land]
        for gone in (jumped, landed):
            if gone is not None:
                self.budget[gone] -= 1
        cells[start] = cells[over] = None
        cells[land] = pawn
        self.moves.append(Jump(start, over, land))
        try:
            return self._search(mistake, chained)
        finally:
            self.moves.pop()
            cells[start], cells[over], cells[land] = pawn, jumped, landed
            for gone in (jumped, landed):
                if gone is not None:
                    self.budget[gone] += 1


Mistake = tuple[str, int, int, int]
"""A broken jump rule: ``("empty" | "occupied" | "diagonal", start, over, land)``."""


def _sentence(mistake: Mistake) -> str:
    kind, start, over, land = mistake
    pawn, middle, target = square_name(start), square_name(over), square_name(land)
    if kind == "empty":
        return _(
            "The pawn on {pawn} jumped to {target} over {middle}, which was empty: a pawn only"
            " jumps over another pawn."
        ).format(pawn=pawn, target=target, middle=middle)
    if kind == "occupied":
        return _(
            "The pawn on {pawn} jumped onto {target}, which was occupied: a pawn lands only on"
            " an empty cell."
        ).format(pawn=pawn, target=target)
    return _(
        "The pawn on {pawn} jumped diagonally to {target}, and this board allows only straight"
        " jumps."
    ).format(pawn=pawn, target=target)
