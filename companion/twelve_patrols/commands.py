"""``patrolkit score twelve-patrols``.

There is no ``check``: 12 Patrols is played alone and nothing in it can be judged between two
photos that one photo of the kingdom does not show.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.commands import score_command
from patrolkit.i18n import N_, _

if TYPE_CHECKING:
    from companion.twelve_patrols.reading import PatrolsReading, Unread
    from patrolkit.games.twelve_patrols import Card, Item


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a kingdom and say whether it wins, or for a kingdom in progress what
    already fails and whether a win can still be reached."""
    from companion.twelve_patrols.annotate import render
    from companion.twelve_patrols.reader import read_photo
    from companion.twelve_patrols.verdict import format_verdict, score_verdict

    return score_command(args, read_photo, score_verdict, format_verdict, render)


# -- the same verdict as data, for the web companion ------------------------------------------

NOTHING_MORE = N_("nothing more")
"""What a player says of something unread: the slot holds only what was read, or the place
holds no card (offered in the language in force; :func:`correct` takes it in any language)."""

PICKED = "picked"
"""The stage named in a card or an item a player picked (:func:`correct`)."""


def judge_photos(after: PatrolsReading, before: PatrolsReading | None = None) -> dict[str, Any]:
    """The verdict ``score`` prints, as data. There is no turn to judge between two photos of a
    kingdom, so ``before`` is not used: each photo is judged alone."""
    from companion.twelve_patrols.verdict import score_verdict

    return score_verdict(after)


def unreadable_choices(reading: PatrolsReading) -> dict[str, tuple[str, ...]]:
    """Everything unread that a player may settle, by where it is (in words): that nothing more
    is there, or, at a place of the grid where a card seems to lie, one of the deck's cards seen
    nowhere in the photo, or, in a slot, one of the items seen nowhere in the photo (a die with
    any of its faces up)."""
    choices: dict[str, dict[str, None]] = {}
    for u in reading.unread:
        picks = choices.setdefault(u.where, {_(NOTHING_MORE): None})
        picks.update(dict.fromkeys(_card_picks(reading, u)))
        picks.update(dict.fromkeys(_item_picks(reading, u)))
    return {where: tuple(picks) for where, picks in choices.items()}


def correct(reading: PatrolsReading, where: str, value: str) -> PatrolsReading:
    """``reading`` with what was unread at ``where`` settled by a player: nothing more than what
    was read there (:data:`NOTHING_MORE`), or the card or item of :func:`unreadable_choices`
    they picked there; :class:`NotationError` for anything else."""
    from dataclasses import replace

    from patrolkit.errors import NotationError

    unread = [u for u in reading.unread if u.where == where]
    if not unread:
        raise NotationError(
            _("Nothing at {where} was left unread in this photo.").format(where=where)
        )
    if value in _nothing_more():
        return replace(reading, unread=tuple(u for u in reading.unread if u.where != where))
    for u in unread:
        card = _card_picks(reading, u).get(value)
        if card is not None:
            return _with_card(reading, u, card)
        item = _item_picks(reading, u).get(value)
        if item is not None:
            return _with_item(reading, u, item)
    raise NotationError(
        _(
            "At {where} a player may pick nothing more, or a card or an item seen nowhere else in"
            " the photo, not '{value}'."
        ).format(where=where, value=value)
    )


def _nothing_more() -> set[str]:
    """:data:`NOTHING_MORE` in every language, so a correction said on a page in one language
    still holds when the photo is judged again in another."""
    from patrolkit.i18n import LANGUAGES, speaking

    said = {NOTHING_MORE}
    for name in LANGUAGES:
        with speaking(name):
            said.add(_(NOTHING_MORE))
    return said


def _card_picks(reading: PatrolsReading, unread: Unread) -> dict[str, Card]:
    """The cards a player may pick where ``unread`` says a card seems to lie, by their name on
    the page: those of a deck we ship that the photo shows nowhere (none when the photo does not
    show where the cards read lie)."""
    if unread.place is None or not reading.deck_known or not reading.cards:
        return {}
    seen = {c.card for c in (*reading.cards, *reading.unplaced)}
    deck = reading.deck
    return {
        _("card {number}: {name}").format(number=deck.number(card), name=card.name): card
        for card in deck.cards
        if card not in seen
    }


def _item_picks(reading: PatrolsReading, unread: Unread) -> dict[str, Item]:
    """The items a player may pick in the slot ``unread`` concerns, by their name on the page:
    the cubes and dice the photo shows nowhere, a die with each of its faces up, the one the
    reader saw there without placing it first."""
    from patrolkit.games.twelve_patrols import DIE_FACES, cubes, dice

    if unread.slot is None:
        return {}
    seen = {i.item.key for i in reading.items}
    loose = [i for i in (*cubes(), *dice((1,) * 9)) if i.key not in seen]
    picks = [
        face
        for i in loose
        for face in ((i,) if not i.is_die else (i.showing(v) for v in DIE_FACES))
    ]
    # The item the reader saw there but could not place comes first (its name is in the reason).
    picks.sort(key=lambda item: item.name not in unread.reason)
    return {item.label: item for item in picks}


def _with_card(reading: PatrolsReading, unread: Unread, card: Card) -> PatrolsReading:
    """``reading`` with ``card`` lying where ``unread`` is: placed as the grid of the cards read
    says that place lies."""
    from dataclasses import replace

    import numpy as np

    from companion.twelve_patrols.reading import CardReading, pitch
    from patrolkit.games.twelve_patrols import card_payload
    from patrolkit.payload import encode

    place = unread.place
    assert place is not None
    _unused, step_c, step_r = pitch(list(reading.cards))
    near = min(
        reading.cards,
        key=lambda c: abs(c.position[0] - place[0]) + abs(c.position[1] - place[1]),
    )
    shift = (place[0] - near.position[0]) * step_r + (place[1] - near.position[1]) * step_c
    move = np.array([[1.0, 0.0, shift[0]], [0.0, 1.0, shift[1]], [0.0, 0.0, 1.0]])
    picked = CardReading(
        encode(card_payload(reading.deck, card)),
        reading.deck.number(card),
        card,
        place,
        move @ near.pose,
        (unread.photo_px,),
        PICKED,
    )
    return replace(
        reading,
        cards=(*reading.cards, picked),
        unread=tuple(u for u in reading.unread if u is not unread),
    )


def _with_item(reading: PatrolsReading, unread: Unread, item: Item) -> PatrolsReading:
    """``reading`` with ``item`` standing in the slot ``unread`` concerns (that one unread
    thing settled; anything else unread in the slot still waits)."""
    from dataclasses import replace

    import numpy as np

    from companion.twelve_patrols.reading import ItemReading

    x, y = unread.photo_px
    foot = reading.table.table_points(np.array([[x, y]]))[0]
    box = ((x - 6, y - 6), (x + 6, y - 6), (x + 6, y + 6), (x - 6, y + 6))
    picked = ItemReading(
        item, "slot", unread.slot, (float(foot[0]), float(foot[1])), box, PICKED, unread.where
    )
    return replace(
        reading,
        items=(*reading.items, picked),
        unread=tuple(u for u in reading.unread if u is not unread),
    )
