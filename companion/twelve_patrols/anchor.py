"""Where the cards read lie in the 3 x 3 grid, as far as the photo shows it.

The cards fall into rows and columns by where they lie (:mod:`companion.twelve_patrols.reader`),
numbered from the first row (column) that holds a card read. That numbering is the grid's own
only when nothing else may lie round them:

* With **no card unread** beside the cards read, the cards read are the whole kingdom; one
  spanning fewer than three rows (columns) is put at the top (left) and the verdict tries every
  place (:func:`pin` keeps the numbering).
* With **cards unread** beside them (places that look like a card whose code cannot be read),
  those cards belong to the kingdom too, and more may lie beyond them unseen. Only when the
  cards read and unread span the three rows and the three columns do they show where each lies
  (:func:`pin` gives the shift) — and only when the places just outside that grid
  (:func:`beyond`) look like no card: a card where none can lie shows that the photo (dim,
  grainy) cannot tell a card from the table. Otherwise the cards read are given no place and
  everything named after a place is named after the cards instead (:func:`adrift`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

import numpy as np

from companion.twelve_patrols.reading import CardReading, ItemReading, Unread
from patrolkit.games.twelve_patrols import SIZE, Position, Slot
from patrolkit.games.twelve_patrols.places import PLACE_NAMES
from patrolkit.i18n import N_, _, ngettext

NEIGHBOURS: Final = (
    (0, -1, N_("the place right of {card}")),
    (0, 1, N_("the place left of {card}")),
    (-1, 0, N_("the place below {card}")),
    (1, 0, N_("the place above {card}")),
)
"""From a place, where a card beside it lies and how the place stands to that card."""


def place_in_words() -> re.Pattern[str]:
    """A place of the grid in brackets after a card's name, in the language in force:
    ``Harrow Downs (top left)``."""
    names = sorted((_(name) for row in PLACE_NAMES for name in row), key=len, reverse=True)
    return re.compile(r" \((?:" + "|".join(re.escape(name) for name in names) + r")\)")


def pin(read: list[Position], unread: list[Position]) -> Position | None:
    """The shift to add to the places of the cards ``read`` (numbered from their first row and
    column) given the places, numbered alike, that look like cards whose code is ``unread``;
    ``None`` when those do not show where the cards read lie in the grid."""
    if not unread:
        return (0, 0)
    every = read + unread
    rows = [r for r, _unused in every]
    columns = [c for _unused2, c in every]
    if max(rows) - min(rows) != SIZE - 1 or max(columns) - min(columns) != SIZE - 1:
        return None
    return (-min(rows), -min(columns))


def beyond(read: list[Position], unread: list[Position]) -> list[Position]:
    """The places beside the cards ``read`` and ``unread`` that lie outside the grid they span
    (:func:`pin`): no card of the kingdom can lie there."""
    every = read + unread
    top = min(r for r, _unused in every)
    left = min(c for _unused2, c in every)
    places = set()
    for r, c in every:
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if not (top <= near[0] < top + SIZE and left <= near[1] < left + SIZE):
                places.add(near)
    return sorted(places)


def shifted(cards: list[CardReading], shift: Position) -> list[CardReading]:
    """``cards`` moved by ``shift`` rows and columns."""
    dr, dc = shift
    return [replace(c, position=(c.position[0] + dr, c.position[1] + dc)) for c in cards]


def adrift(
    cards: list[CardReading], items: list[ItemReading], unread: list[Unread]
) -> tuple[list[ItemReading], list[Unread]]:
    """What is left to say when the photo does not show where ``cards`` lie: the items that
    stand in no slot (their words naming no place), and everything unread with the places named
    after the cards, headed by why the kingdom cannot be placed. An item in a slot stands
    between two known cards, but which slot of the kingdom that is cannot be told: it is
    unread too."""
    by_place = {c.position: c for c in cards}
    gaps = sum(1 for u in unread if u.place is not None)
    middle = np.mean([np.mean(c.corners_px, axis=0) for c in cards], axis=0)
    said = [
        Unread(
            ngettext(
                "the cards read do not show where they lie in the kingdom; {count} card could"
                " not be read",
                "the cards read do not show where they lie in the kingdom; {count} cards could"
                " not be read",
                gaps,
            ).format(count=gaps),
            _("the grid"),
            None,
            (float(middle[0]), float(middle[1])),
        )
    ]
    in_words = place_in_words()
    for u in unread:
        if u.place is not None:
            said.append(replace(u, where=_beside(u.place, by_place), place=None))
        elif u.slot is not None:
            where = _("in the slot {between}").format(between=_between(u.slot, by_place))
            said.append(replace(u, where=where, slot=None))
        else:
            said.append(replace(u, where=in_words.sub("", u.where)))
    kept = []
    for i in items:
        if i.place == "slot" and i.slot is not None:
            between = _between(i.slot, by_place)
            at = np.mean(i.corners_px, axis=0)
            said.append(
                Unread(
                    _(
                        "the {item} stands in the slot {between}, but where those cards lie in the"
                        " kingdom cannot be told"
                    ).format(item=i.item.label, between=between),
                    _("in the slot {between}").format(between=between),
                    None,
                    (float(at[0]), float(at[1])),
                )
            )
        else:
            kept.append(replace(i, slot=None, where=in_words.sub("", i.where)))
    return kept, said


def _beside(place: Position, cards: dict[Position, CardReading]) -> str:
    """``the place right of Harrow Downs``: a place beside a card read, after that card."""
    r, c = place
    for dr, dc, how in NEIGHBOURS:
        card = cards.get((r + dr, c + dc))
        if card is not None:
            return _(how).format(card=card.card.name)
    return _("beside the kingdom")


def _between(slot: Slot, cards: dict[Position, CardReading]) -> str:
    """``between Harrow Downs and Stone Ford``: a slot between two cards read."""
    a, b = cards.get(slot.a), cards.get(slot.b)
    if a is None or b is None:
        return _("beside the kingdom")
    return _("between {a} and {b}").format(a=a.card.name, b=b.card.name)
