"""12 Patrols solver: the search over arrangements of cards and the contents of their lines.

Import the solver from :mod:`patrolkit.games.twelve_patrols`; this module is its search, driven by
:mod:`~patrolkit.games.twelve_patrols.solver`.

How it works
------------
Cards are laid on the nine positions in the order top row, left column, middle row, middle column,
last two, so that every row and column is finished as early as can be. What a row or column of
three cards can hold is looked up per set of requirements
(:mod:`~patrolkit.games.twelve_patrols.lines`). While laying cards the search uses the *relaxed*
lines, where dice show whatever is needed at no cost, which need no roll and are shared by every
roll: a card is only tried where every row and column through it can still be completed by some
card, and a branch stops as soon as the least budget (items plus re-rolls) of the lines laid, plus
one item for every empty slot elsewhere, is more than the pool holds. With all nine cards laid,
the true lines are looked up for the roll, each within the budget the others leave it, and their
contents are chosen one line at a time, the line with fewest choices first, remembering the pools
already found to fail and the sets of lines already judged.
"""

from __future__ import annotations

from collections.abc import Sequence

from patrolkit.games.twelve_patrols.contents import Content, LineKey
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.lines import LineOptions, least_budget, line_options
from patrolkit.games.twelve_patrols.model import (
    SIZE,
    Item,
    Position,
    Side,
    Slot,
)
from patrolkit.games.twelve_patrols.places import POSITIONS
from patrolkit.games.twelve_patrols.usage import (
    BUDGET,
    Rule,
    Token,
    field,
    fits,
    pool_vector,
    rule,
    take,
)
from patrolkit.games.twelve_patrols.witness import Solution, realise

ORDER: tuple[Position, ...] = (
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (2, 0),
    (1, 1),
    (1, 2),
    (2, 1),
    (2, 2),
)
"""The order in which the search lays cards: each row or column is finished as early as can be."""

Line = tuple[str, int]
"""``("row", i)`` or ``("column", j)``."""
LINES: tuple[Line, ...] = tuple(("row", i) for i in range(SIZE)) + tuple(
    ("column", j) for j in range(SIZE)
)


def line_positions(line: Line) -> tuple[Position, Position, Position]:
    """The line's three positions, left to right or top to bottom."""
    kind, index = line
    if kind == "row":
        return ((index, 0), (index, 1), (index, 2))
    return ((0, index), (1, index), (2, index))


def line_slots(line: Line) -> tuple[Slot, Slot]:
    """The line's two slots, first-second and second-third."""
    a, b, c = line_positions(line)
    return (Slot(a, b), Slot(b, c))


_SIDES = {
    "row": (Side.WEST, Side.EAST, Side.EAST, Side.WEST),
    "column": (Side.NORTH, Side.SOUTH, Side.SOUTH, Side.NORTH),
}
"""Per kind of line: the middle card's sides facing the first and second slot, then the first
card's and the last card's sides facing both slots."""
POSITION_INDEX = {p: p[0] * SIZE + p[1] for p in POSITIONS}
THROUGH = {
    p: (
        (LINES.index(("row", p[0])), p[1]),
        (LINES.index(("column", p[1])), p[0]),
    )
    for p in POSITIONS
}
"""For each position: its row and its column (as indices into :data:`LINES`) and its place in
each (0, 1 or 2)."""
_COMPLETED = {
    depth: tuple(
        n
        for n, line in enumerate(LINES)
        if set(line_positions(line)) <= set(ORDER[: depth + 1])
        and not set(line_positions(line)) <= set(ORDER[:depth])
    )
    for depth in range(len(ORDER))
}
"""The lines that the card laid at each step of :data:`ORDER` completes."""


# -- the search ---------------------------------------------------------------------------------


class Search:
    """One search over the arrangements that complete ``kingdom`` with the ``pool`` of items.

    Cards are deck indices 0 to 8; ``grid`` holds, per position, the card laid there (-1: none).
    """

    def __init__(self, kingdom: Kingdom, pool: Sequence[Item]) -> None:
        self.kingdom = kingdom
        self.cards = kingdom.deck.cards
        self.pool_items = tuple(pool)
        self.pool = pool_vector(pool)
        placed = [self.cards.index(c) if c is not None else -1 for c in kingdom.cards]
        hand = sum(1 << i for i in range(len(self.cards)) if i not in placed)
        self.allowed = [hand if index < 0 else 1 << index for index in placed]
        self.fixed = placed
        self.rules = [{side: rule(card.edge(side)) for side in Side} for card in self.cards]
        self.joints: dict[tuple[int, Side, int, Side], Rule | None] = {}
        empties = [sum(1 for s in line_slots(line) if not kingdom.patrol(s)) for line in LINES]
        self.empties = empties
        self.budget = field(self.pool, BUDGET)
        self.caps = [self.budget - (sum(empties) - empties[n]) for n in range(len(LINES))]
        self.bases = []
        for line in LINES:
            s1, s2 = line_slots(line)
            self.bases.append((kingdom.patrol(s1) or None, kingdom.patrol(s2) or None))
        self.table: dict[tuple[int, int, int, int, bool], tuple[LineKey, int] | None] = {}
        self.pairs: dict[tuple[int, int, int], int] = {}
        self.firsts: dict[tuple[int, int], int] = {}
        self.verdicts: dict[tuple[LineOptions, ...], tuple[int, ...] | None] = {}
        self.count = 0
        self.found: tuple[tuple[int, ...], tuple[LineOptions, ...], tuple[int, ...]] | None = None

    # line look-ups

    def _joint(self, a: int, side_a: Side, c: int, side_c: Side) -> Rule | None:
        key = (a, side_a, c, side_c)
        if key not in self.joints:
            self.joints[key] = rule(self.cards[a].edge(side_a) + self.cards[c].edge(side_c))
        return self.joints[key]

    def key(self, n: int, a: int, b: int, c: int) -> LineKey | None:
        """Line ``n`` with cards ``a``, ``b``, ``c`` (deck indices), or ``None`` if its
        requirements contradict each other."""
        west, east, a_side, c_side = _SIDES[LINES[n][0]]
        first = self.rules[b][west]
        second = self.rules[b][east]
        joint = self._joint(a, a_side, c, c_side)
        if first is None or second is None or joint is None:
            return None
        return LineKey(first, second, joint, *self.bases[n])

    def line(
        self, n: int, a: int, b: int, c: int, *, exact: bool = False
    ) -> tuple[LineKey, int] | None:
        """Line ``n`` with cards ``a``, ``b``, ``c`` and the least budget it takes, or ``None``
        if no content fits; unless ``exact``, of the relaxed line (free re-rolls), a bound that
        needs no roll."""
        code = (n, a, b, c, exact)
        if code not in self.table:
            key = self.key(n, a, b, c)
            least = None
            if key is not None:
                least = least_budget(key, self.pool, self.caps[n], relaxed=not exact)
            self.table[code] = None if key is None or least is None else (key, least)
        return self.table[code]

    def pair(self, n: int, a: int, b: int) -> int:
        """The cards that can complete line ``n`` after ``a`` and ``b``."""
        code = (n, a, b)
        if code not in self.pairs:
            last = self.allowed[POSITION_INDEX[line_positions(LINES[n])[2]]] & ~(1 << a | 1 << b)
            mask = 0
            for c in members(last):
                if self.line(n, a, b, c) is not None:
                    mask |= 1 << c
            self.pairs[code] = mask
        return self.pairs[code]

    def first(self, n: int, a: int) -> int:
        """The cards that can follow ``a`` in line ``n`` with some card to complete it."""
        code = (n, a)
        if code not in self.firsts:
            middle = self.allowed[POSITION_INDEX[line_positions(LINES[n])[1]]] & ~(1 << a)
            mask = 0
            for b in members(middle):
                if self.pair(n, a, b) & ~(1 << a | 1 << b):
                    mask |= 1 << b
            self.firsts[code] = mask
        return self.firsts[code]

    # the arrangement search

    def run(self, stop_at: int | None) -> None:
        """Count winning arrangements, up to ``stop_at``; keep the first one found."""
        self.stop_at = stop_at
        self.grid = list(self.fixed)
        self.least = list(self.empties)
        if sum(self.empties) <= self.budget:
            self._lay(0, 0, sum(self.empties))

    def _lay(self, depth: int, used: int, spent: int) -> bool:
        """Lay a card at ``ORDER[depth]`` and go on; True once the search should stop."""
        if depth == len(ORDER):
            return self._leaf()
        position = ORDER[depth]
        index = POSITION_INDEX[position]
        grid = self.grid
        domain = self.allowed[index] & ~used
        for n, place in THROUGH[position]:
            a, b, _ = (grid[POSITION_INDEX[p]] for p in line_positions(LINES[n]))
            if place == 1:
                domain &= self.first(n, a)
            elif place == 2:
                domain &= self.pair(n, a, b)
        least = self.least
        for card in members(domain):
            grid[index] = card
            total = spent
            for n in _COMPLETED[depth]:
                a, b, c = (grid[POSITION_INDEX[p]] for p in line_positions(LINES[n]))
                found = self.line(n, a, b, c)
                assert found is not None
                least[n] = found[1]
                total += found[1] - self.empties[n]
            if total <= self.budget and self._lay(depth + 1, used | 1 << card, total):
                grid[index] = self.fixed[index]
                return True
        for n in _COMPLETED[depth]:
            least[n] = self.empties[n]
        grid[index] = self.fixed[index]
        return False

    def _leaf(self) -> bool:
        grid = self.grid
        exact = []
        for n, line in enumerate(LINES):
            found = self.line(
                n, *(grid[POSITION_INDEX[p]] for p in line_positions(line)), exact=True
            )
            if found is None:
                return False
            exact.append(found)
        spent = sum(least for _, least in exact)
        if spent > self.budget:
            return False
        lines = []
        for key, least in exact:
            options = line_options(key, self.pool, self.budget - spent + least)
            assert options is not None
            lines.append(options)
        chosen = tuple(lines)
        choice = _choose(chosen, self.pool, self.verdicts)
        if choice is None:
            return False
        self.count += 1
        if self.found is None:
            self.found = (tuple(grid), chosen, choice)
        return self.stop_at is not None and self.count >= self.stop_at


def members(mask: int) -> list[int]:
    """The bit numbers set in ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _choose(
    lines: tuple[LineOptions, ...],
    pool: int,
    verdicts: dict[tuple[LineOptions, ...], tuple[int, ...] | None],
) -> tuple[int, ...] | None:
    """One usage per line that the pool covers all together, or ``None``; answers are kept in
    ``verdicts`` for the same lines met again in another arrangement."""
    if lines in verdicts:
        return verdicts[lines]
    order = sorted(range(len(lines)), key=lambda n: len(lines[n].contents))
    ranked = [lines[n] for n in order]
    rest = [0] * (len(ranked) + 1)
    for i in range(len(ranked) - 1, -1, -1):
        rest[i] = rest[i + 1] + ranked[i].least
    failed: set[tuple[int, int]] = set()
    picked: list[int] = []

    def go(i: int, left: int) -> bool:
        if i == len(ranked):
            return True
        if (i, left) in failed or not fits(left, rest[i]):
            return False
        for usage in ranked[i].contents:
            if fits(left, usage):
                picked.append(usage)
                if go(i + 1, take(left, usage)):
                    return True
                picked.pop()
        failed.add((i, left))
        return False

    answer: tuple[int, ...] | None = None
    if go(0, pool):
        by_line = [0] * len(lines)
        for n, usage in zip(order, picked, strict=True):
            by_line[n] = usage
        answer = tuple(by_line)
    verdicts[lines] = answer
    return answer


def realise_found(search: Search) -> Solution:
    """The concrete kingdom and re-rolls for the arrangement and contents found."""
    assert search.found is not None
    grid, lines, usages = search.found
    plans: list[tuple[Slot, tuple[Token, ...], int | None]] = []
    for n, line in enumerate(LINES):
        content: Content = lines[n].contents[usages[n]]
        for slot, tokens, total in zip(
            line_slots(line), (content.first, content.second), content.sums, strict=True
        ):
            if tokens is not None:
                plans.append((slot, tokens, total))
    cards = tuple(search.cards[i] if i >= 0 else None for i in grid)
    return realise(search.kingdom, cards, plans, search.pool_items)
