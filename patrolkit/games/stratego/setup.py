"""Stratego armies and their setup: how many pieces of each rank, and where they may start.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

Each army sets up all its pieces on its four home rows (red on rows ``1``-``4``, blue on rows
``7``-``10``), one piece a cell, ranks hidden from the other player; rows ``5`` and ``6`` start
empty. The classic army has 40 pieces; the training army (a variant) has 10, placed anywhere on
the same four rows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from enum import Enum

from patrolkit.errors import LayoutError
from patrolkit.games.stratego.board import COLUMNS, SQUARES, row_of, square, square_name
from patrolkit.games.stratego.model import Army, Piece, Rank, State
from patrolkit.games.stratego.words import capitalized, player, rank_count, the_piece_of
from patrolkit.i18n import _, ngettext, pgettext


class Variant(Enum):
    """Which army both players field."""

    CLASSIC = "classic"
    TRAINING = "training"

    @property
    def counts(self) -> Mapping[Rank, int]:
        """How many pieces of each rank an army holds."""
        return TRAINING_ARMY if self is Variant.TRAINING else CLASSIC_ARMY

    @property
    def size(self) -> int:
        return sum(self.counts.values())


CLASSIC_ARMY: Mapping[Rank, int] = {
    Rank.MARSHAL: 1,
    Rank.GENERAL: 1,
    Rank.COLONEL: 2,
    Rank.MAJOR: 3,
    Rank.CAPTAIN: 4,
    Rank.LIEUTENANT: 4,
    Rank.SERGEANT: 4,
    Rank.MINER: 5,
    Rank.SCOUT: 8,
    Rank.SPY: 1,
    Rank.BOMB: 6,
    Rank.FLAG: 1,
}
"""The 40 pieces of a classic army."""

TRAINING_ARMY: Mapping[Rank, int] = {
    Rank.MARSHAL: 1,
    Rank.GENERAL: 1,
    Rank.MINER: 2,
    Rank.SCOUT: 2,
    Rank.SPY: 1,
    Rank.BOMB: 2,
    Rank.FLAG: 1,
}
"""The 10 pieces of the training army."""

HOME_ROWS: Mapping[Army, tuple[int, ...]] = {Army.RED: (0, 1, 2, 3), Army.BLUE: (6, 7, 8, 9)}
"""Each army's four home rows (from 0: row ``1`` is 0)."""


def home_squares(army: Army) -> list[int]:
    """The 40 squares of ``army``'s home rows."""
    return [square(c, r) for r in HOME_ROWS[army] for c in range(COLUMNS)]


def _variant_army(variant: Variant, count: int) -> str:
    """``a classic army has 40``: what ``variant`` holds, ``count`` pieces."""
    if variant is Variant.TRAINING:
        return pgettext("stratego", "a training army has {count}").format(count=count)
    return pgettext("stratego", "a classic army has {count}").format(count=count)


def check_army(state: State, army: Army, variant: Variant = Variant.CLASSIC) -> None:
    """Raise :class:`LayoutError` naming the first setup rule ``army``'s pieces in ``state``
    break: every piece on the army's home rows, and exactly the variant's pieces of each rank.
    Pieces whose rank is hidden are counted but not told apart."""
    squares = state.squares_of(army)
    rows = HOME_ROWS[army]
    for sq in squares:
        if row_of(sq) not in rows:
            raise LayoutError(
                _("{piece} on {square} is outside {army}'s home rows ({first} to {last}).").format(
                    piece=capitalized(the_piece_of(army)),
                    square=square_name(sq),
                    army=player(army),
                    first=rows[0] + 1,
                    last=rows[-1] + 1,
                )
            )
    if len(squares) != variant.size:
        raise LayoutError(
            ngettext(
                "{army} has {count} piece on the board; {variant}.",
                "{army} has {count} pieces on the board; {variant}.",
                len(squares),
            ).format(
                army=capitalized(player(army)),
                count=len(squares),
                variant=_variant_army(variant, variant.size),
            )
        )
    ranks = Counter(p.rank for p in state.cells if p is not None and p.army is army)
    if ranks[None]:
        return
    for rank in Rank:
        want, have = variant.counts.get(rank, 0), ranks[rank]
        if want != have:
            raise LayoutError(
                _("{army} has {ranks}; {variant}.").format(
                    army=capitalized(player(army)),
                    ranks=rank_count(rank, have),
                    variant=_variant_army(variant, want),
                )
            )


def check_setup(state: State, variant: Variant = Variant.CLASSIC) -> None:
    """Raise :class:`LayoutError` naming the first setup rule ``state`` breaks (red first)."""
    for army in Army:
        check_army(state, army, variant)


def start_position(
    red: Mapping[int, Rank],
    blue: Mapping[int, Rank],
    variant: Variant = Variant.CLASSIC,
    ids: Mapping[int, str] | None = None,
) -> State:
    """The position before red's first move: ``red`` and ``blue`` map squares to ranks, ``ids``
    (optional) squares to piece ids. Raises :class:`LayoutError` if a setup rule is broken."""
    cells: list[Piece | None] = [None] * SQUARES
    ids = ids or {}
    for army, placement in ((Army.RED, red), (Army.BLUE, blue)):
        for sq, rank in placement.items():
            if cells[sq] is not None:
                raise LayoutError(
                    _("Both armies put a piece on {square}.").format(square=square_name(sq))
                )
            cells[sq] = Piece(army, rank, ids.get(sq, ""))
    state = State(tuple(cells), Army.RED)
    check_setup(state, variant)
    return state


def army_from_rows(army: Army, rows: str) -> dict[int, Rank]:
    """An army's setup drawn as its four home rows, top row first as the board is printed (row
    ``4`` down to ``1`` for red, ``10`` down to ``7`` for blue), one rank letter a cell (either
    case) and ``.`` for an empty cell, rows separated by ``/`` or new lines.

    >>> placement = army_from_rows(Army.RED, "........../........../........../FB........")
    >>> {square_name(sq): rank.title for sq, rank in placement.items()}
    {'a1': 'flag', 'b1': 'bomb'}
    """
    lines = [line.strip() for line in rows.replace("/", "\n").splitlines() if line.strip()]
    home = HOME_ROWS[army]
    if len(lines) != len(home) or any(len(line) != COLUMNS for line in lines):
        raise LayoutError(
            _("A setup is drawn as {rows} rows of {columns} letters.").format(
                rows=len(home), columns=COLUMNS
            )
        )
    placement: dict[int, Rank] = {}
    for row, line in zip(reversed(home), lines, strict=True):
        for c, letter in enumerate(line):
            if letter == ".":
                continue
            try:
                placement[square(c, row)] = Rank(letter.upper())
            except ValueError:
                raise LayoutError(
                    _(
                        "'{letter}' on {square} is not a rank letter (M G C J K L T N O S B F)."
                    ).format(letter=letter, square=square_name(square(c, row)))
                ) from None
    return placement


def random_army(
    army: Army, rng: random.Random, variant: Variant = Variant.CLASSIC
) -> dict[int, Rank]:
    """A setup for ``army`` drawn with ``rng``: the variant's pieces on random home cells."""
    ranks = [rank for rank, count in variant.counts.items() for _unused in range(count)]
    cells = rng.sample(home_squares(army), len(ranks))
    return dict(zip(cells, ranks, strict=True))


def random_start(seed: int, variant: Variant = Variant.CLASSIC) -> State:
    """A start position with both armies set up at random from ``seed`` (same seed, same
    position)."""
    rng = random.Random(seed)
    red = random_army(Army.RED, rng, variant)
    blue = random_army(Army.BLUE, rng, variant)
    return start_position(red, blue, variant)
