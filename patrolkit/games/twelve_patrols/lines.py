"""12 Patrols solver: what a row or column can hold, kept for the search.

Import the solver from :mod:`patrolkit.games.twelve_patrols`; this module is part of its engine
room.

:func:`line_options` gives a line's possible contents (see
:mod:`~patrolkit.games.twelve_patrols.contents`) within a *cap*, the most budget the line may take
in the search's current state, less those another content beats in every field;
:func:`least_budget` gives just the least budget a content takes. Contents are made once per line
and pool, for the largest cap asked so far, and kept (:data:`STORE_SIZE`).

Lines without a dice sum do not depend on the values the dice show, so their contents are shared
by every roll. The *relaxed* line lets every die show whatever is needed at no cost: it needs no
roll at all, never needs more than the true line, and so gives a least budget that is a safe lower
bound, and an emptiness that proves the true line empty too, for every roll at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from patrolkit.games.twelve_patrols.contents import Content, LineKey, line_contents
from patrolkit.games.twelve_patrols.usage import BUDGET, FIELDS, ROLLED, field, one, pareto


@dataclass(frozen=True, eq=False)
class LineOptions:
    """A line's possible contents, by usage, and the least of each resource they need."""

    contents: dict[int, Content]
    least: int
    """Field by field, the least any content takes."""


STORE_SIZE = 6000
"""How many lines' contents are kept between calls (oldest forgotten first)."""
_store: dict[tuple[LineKey, int, bool], tuple[int, dict[int, Content]]] = {}
_capped: dict[tuple[LineKey, int, int], LineOptions | None] = {}
FIRST_CAP = 4
"""The budget first tried when only a line's least budget is wanted; more is tried only if
nothing fits in it."""


def _relevant(key: LineKey, pool: int) -> int:
    """The part of the pool a line looks at: a line with no dice sum does not depend on the
    values the dice show, so its options are shared by every roll."""
    return pool if key.valued else pool & ~ROLLED


def _generated(
    key: LineKey, pool: int, cap: int, relaxed: bool = False
) -> tuple[int, dict[int, Content]]:
    """The line's contents up to a budget of at least ``cap`` (not yet sifted), and the cap they
    were made with."""
    entry = _store.get((key, pool, relaxed))
    if entry is None or entry[0] < cap:
        if len(_store) >= STORE_SIZE:
            for old in list(_store)[: STORE_SIZE // 4]:
                del _store[old]
            _capped.clear()
        entry = (cap, line_contents(key, pool, cap, relaxed))
        _store[(key, pool, relaxed)] = entry
    return entry


def line_options(key: LineKey, pool: int, cap: int) -> LineOptions | None:
    """Every content of the line that the pool can supply and that takes a budget of at most
    ``cap``, less those another one beats in every field; ``None`` if there is none."""
    pool = _relevant(key, pool)
    cap = min(cap, field(pool, BUDGET))
    found = _capped.get((key, pool, cap), _capped)
    if found is not _capped:
        return found  # type: ignore[return-value]
    made, contents = _generated(key, pool, cap)
    usages = [u for u in contents if field(u, BUDGET) <= cap] if made > cap else list(contents)
    options = None
    if usages:
        kept = pareto(usages)
        least = 0
        for index in range(FIELDS):
            least += one(index) * min(field(u, index) for u in kept)
        options = LineOptions({u: contents[u] for u in kept}, least)
    _capped[(key, pool, cap)] = options
    return options


def least_budget(key: LineKey, pool: int, cap: int, *, relaxed: bool = False) -> int | None:
    """The least budget any content of the line takes, or ``None`` if none fits within ``cap``;
    ``relaxed``: of the relaxed line (see the module), a lower bound shared by every roll.

    Exact whatever the cap: contents are made for a small budget first, for ``cap`` only if
    none appear."""
    pool = pool & ~ROLLED if relaxed else _relevant(key, pool)
    cap = min(cap, field(pool, BUDGET))
    entry = _store.get((key, pool, relaxed))
    if entry is None or (not entry[1] and entry[0] < cap):
        entry = _generated(key, pool, min(cap, FIRST_CAP), relaxed)
        if not entry[1] and entry[0] < cap:
            entry = _generated(key, pool, cap, relaxed)
    if not entry[1]:
        return None
    least = min(field(u, BUDGET) for u in entry[1])
    return least if least <= cap else None
