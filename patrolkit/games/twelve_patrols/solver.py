"""12 Patrols solver: find a winning kingdom, prove there is none, count the winning arrangements.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.

The solver sees every card at once and may choose the order in which they come: it answers
whether a kingdom *can* be won from here, not whether a given draw of the pile allows it. How it
searches is told in :mod:`~patrolkit.games.twelve_patrols.search`.

What is counted
---------------
:func:`count_solutions` counts **winning arrangements**: ways to lay the cards still in hand on the
empty positions such that patrols exist for all twelve slots with the items available (re-rolls
allowed). Two arrangements differ when some position holds a different card; the many ways to
fill the slots for one arrangement count once.
"""

from __future__ import annotations

from collections.abc import Iterable

from patrolkit.errors import LayoutError
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import (
    Deck,
    Item,
    Roll,
    supply,
)
from patrolkit.games.twelve_patrols.places import POSITIONS, place_name
from patrolkit.games.twelve_patrols.search import (
    LINES,
    POSITION_INDEX,
    THROUGH,
    Search,
    line_positions,
    members,
    realise_found,
)
from patrolkit.games.twelve_patrols.witness import Solution
from patrolkit.i18n import _

# -- public entry points -------------------------------------------------------------------------


def _check_pool(kingdom: Kingdom, pool: Iterable[Item]) -> tuple[Item, ...]:
    items = tuple(pool)
    keys = [item.key for item in items]
    if len(set(keys)) != len(keys):
        raise LayoutError(_("The pool names the same item twice."))
    placed = {item.key for item in kingdom.items}
    for item in items:
        if item.key in placed:
            raise LayoutError(
                _("The {item} is in the pool but already stands in a patrol.").format(
                    item=item.name
                )
            )
    return items


def reachable(kingdom: Kingdom, pool: Iterable[Item]) -> Solution | None:
    """A win that completes ``kingdom`` with the cards still in hand and the unused items
    ``pool`` (re-rolls allowed), or ``None`` if no win can be reached any more."""
    search = Search(kingdom, _check_pool(kingdom, pool))
    search.run(stop_at=1)
    return None if search.found is None else realise_found(search)


def solve(deck: Deck, roll: Roll) -> Solution | None:
    """A winning kingdom for ``deck`` with the dice showing ``roll``, or ``None`` if none exists."""
    return reachable(Kingdom(deck), supply(roll))


def count_completions(kingdom: Kingdom, pool: Iterable[Item], *, limit: int | None = None) -> int:
    """How many arrangements of the cards in hand on the empty positions can still win (see the
    module: what is counted); stops counting at ``limit`` if given."""
    search = Search(kingdom, _check_pool(kingdom, pool))
    search.run(stop_at=limit)
    return search.count


def count_solutions(deck: Deck, roll: Roll, *, limit: int | None = None) -> int:
    """How many of the 362 880 arrangements of ``deck`` win with the dice showing ``roll``."""
    return count_completions(Kingdom(deck), supply(roll), limit=limit)


def why_not(kingdom: Kingdom, pool: Iterable[Item]) -> str:
    """One sentence saying why ``kingdom`` cannot be won with ``pool`` (once :func:`reachable`
    has said so)."""
    search = Search(kingdom, _check_pool(kingdom, pool))
    free = [POSITION_INDEX[p] for p in POSITIONS if kingdom.card_at(p) is None]
    for card in members(search.allowed[free[0]] if free else 0):
        if not any(_fits_at(search, card, index) for index in free):
            return _(
                "{card} fits nowhere: wherever it lies, its row or its column cannot be"
                " patrolled with these items."
            ).format(card=search.cards[card].name)
    for index in free:
        if not any(_fits_at(search, card, index) for card in members(search.allowed[index])):
            return _(
                "No card in hand can lie at the {place} position: its row or its column could"
                " not be patrolled with these items."
            ).format(place=place_name(POSITIONS[index]))
    for n, line in enumerate(LINES):
        cards = [search.fixed[POSITION_INDEX[p]] for p in line_positions(line)]
        if min(cards) >= 0 and search.line(n, *cards, exact=True) is None:
            first, _middle, last = line_positions(line)
            text = (
                _("The row from {first} to {last} cannot be patrolled any more with these items.")
                if line[0] == "row"
                else _(
                    "The column from {first} to {last} cannot be patrolled any more with these"
                    " items."
                )
            )
            return text.format(first=place_name(first), last=place_name(last))
    return _(
        "Every card fits somewhere, but no arrangement lets the three rows and the three columns"
        " be patrolled together: the items run out."
    )


def _fits_at(search: Search, card: int, index: int) -> bool:
    """Whether the row and the column through position ``index`` can both be patrolled with
    ``card`` there (their other positions taking cards in hand or the cards already there)."""
    position = POSITIONS[index]
    for n, _side in THROUGH[position]:
        spots = line_positions(LINES[n])
        choices = [
            [card] if p == position else members(search.allowed[POSITION_INDEX[p]] & ~(1 << card))
            for p in spots
        ]
        if not any(
            len({a, b, c}) == 3 and search.line(n, a, b, c, exact=True) is not None
            for a in choices[0]
            for b in choices[1]
            for c in choices[2]
        ):
            return False
    return True


def prove(deck: Deck, roll: Roll) -> Solution:
    """A winning kingdom for ``deck`` and ``roll``; raises :class:`LayoutError` saying why when
    the deck cannot be won with this roll."""
    found = solve(deck, roll)
    if found is None:
        reason = why_not(Kingdom(deck), supply(roll))
        raise LayoutError(
            _("The deck '{deck}' cannot be won with this roll. {reason}").format(
                deck=deck.name, reason=reason
            )
        )
    return found
