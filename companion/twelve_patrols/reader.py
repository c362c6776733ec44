"""Read a photo of a 12 Patrols kingdom: which card lies where in the 3 x 3 grid, which items
stand in each patrol slot, which lie unused beside it, and what could not be read.

:func:`read_photo` runs the whole pipeline — load, decode every QR code, the table's plane and
each card's pose from the cards' codes (:mod:`companion.twelve_patrols.geometry`), the grid from
the cards' places, a second look at the card places, the patrol slots and the table beside the
kingdom where something is still missing (what the decoder still cannot read there matched
against the codes the deck or the kit can print: :mod:`companion.twelve_patrols.match`,
:mod:`companion.twelve_patrols.itemmatch`; the top face of a die seen only from its side against
the faces it can show: :mod:`companion.twelve_patrols.topmatch`), the items to the slot they
stand in — and returns a
:class:`PatrolsReading`. Nothing is guessed: an item is read from the code on its top face, or
reported unreadable with the reason and where.

What a photo cannot tell, and how it is settled
-----------------------------------------------
* **Where the cards lie in the 3 x 3 grid.** Until the cards span three rows (or columns), the
  photo cannot tell which rows (columns) they are on. With nothing unread round them, the cards
  read are the whole kingdom: the reading puts them at the top (left) and the verdict tries
  every place (see :mod:`companion.twelve_patrols.verdict`). With places round them that look
  like cards whose code cannot be read, those count too: only when all of them span the grid
  are the cards read given their places; otherwise none (:mod:`companion.twelve_patrols.anchor`).
* **Which items left the game.** Items in no slot, clear of the kingdom, are its *pool* (unused);
  items that are not in the photo are taken as out of the game.
* **A ninth card.** A photo with eight cards is a kingdom in progress with one place empty —
  unless that place looks like a card whose code cannot be read, which is reported unreadable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Final

import numpy as np

from companion.cascade import unsharp
from companion.clock import Clock
from companion.deblur import first_pass
from companion.decode import Decoder, Detection, decoder_named
from companion.lens import lens_of
from companion.load import load_picture
from companion.twelve_patrols.anchor import adrift, beyond, pin, shifted
from companion.twelve_patrols.codes import FoundCodes, deck_of
from companion.twelve_patrols.geometry import (
    CARD_CODE_MM,
    CODE_ORIGIN,
    Camera,
    Table,
    apply,
    fit_table,
    rectify,
    turn_deg,
)
from companion.twelve_patrols.itemmatch import match_beside, match_slots
from companion.twelve_patrols.items import (
    MAX_GAP_MM,
    STEPS,
    busy_slots,
    card_gaps,
    card_like,
    place_detail,
    read_items,
    second_look,
)
from companion.twelve_patrols.match import match_card
from companion.twelve_patrols.pool import beside, glared_beside, look_beside, unread_beside
from companion.twelve_patrols.reading import (
    CARD_H,
    CARD_UNREAD,
    CARD_W,
    CardReading,
    ItemReading,
    PatrolsReading,
    Unread,
    card_places,
    pitch,
)
from companion.twelve_patrols.slots import (
    paper_white,
)
from companion.twelve_patrols.topmatch import match_tops
from patrolkit.errors import PayloadError, PhotoError
from patrolkit.games.twelve_patrols import (
    SIZE,
    Deck,
    Position,
    card_payload,
)
from patrolkit.i18n import _
from patrolkit.payload import (
    PatrolsCard,
    decode,
    encode,
)

MIN_GAP_MM: Final = 20.0
"""Neighbouring cards leave at least this much room for a patrol between them."""
MAX_TURN_DEG: Final = 20.0
"""A card turned further than this from the others is not laid upright."""
BARE_PLACE: Final = 0.15
"""An empty place whose middle shows sharp detail under this share is bare table, too plain to
hide a card (see :func:`place_detail`: half the share that reports an unread card there)."""
MATCH_STAGE: Final = "codebook"
"""The stage name of cards read by matching."""


# -- the pipeline ------------------------------------------------------------------------------


def read_photo(source: Path | str | bytes, *, decoder: str = "zxing") -> PatrolsReading:
    """Read the 12 Patrols kingdom in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` (one sentence) when the file is not a readable photo, shows no
    12 Patrols card, cards of two decks, a card twice, or cards that do not lie in a 3 x 3 grid.
    """
    clock = Clock()

    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    scanned = first_pass(picture.gray, reader, picture.rgb)
    picture = replace(picture, gray=scanned.gray)
    found = FoundCodes.of(scanned.codes)
    lens = lens_of(
        [d.corners for _unused, d in found.cards],
        picture.width,
        picture.height,
        lambda codes: fit_table(codes).error_px,
    )
    if lens is not None:  # read on as through a perfect lens
        picture = replace(picture, gray=lens.straighten_image(picture.gray))
        found = FoundCodes.of(
            [Detection(d.text, lens.straighten(d.corners)) for d in scanned.codes]
        )
    passes = {"photo": len(found.cards) + len(found.items) + len(found.foreign)}
    clock.lap("decode")
    deck, known = deck_of(found)
    table = fit_table([d.corners for _unused, d in found.cards])
    cards = _grid(found.cards, table, deck, found.stages)
    passes["cards"] = 0
    for _unused2 in range(3):  # each card found steadies the grid for the next look
        missing = card_places(cards)
        if not missing:
            break
        extra = _look_for_cards(picture.gray, table, reader, cards, missing, found, deck, known)
        passes["cards"] += len(extra)
        if not extra:
            break
        deck, known = deck_of(found)
        table = fit_table([d.corners for _unused3, d in found.cards])
        cards = _grid(found.cards, table, deck, found.stages)
    camera = Camera.of(table.to_photo, picture.width, picture.height)
    clock.lap("grid")
    items, unread = read_items(found.items, table, camera, cards)
    clock.lap("items")
    white = paper_white(picture.gray, [np.array(c.corners_px) for c in cards])
    extra_items = second_look(
        picture.gray, table, camera, reader, cards, (items, unread), found.add, white
    )
    passes["slots"] = len(extra_items)
    if extra_items:
        items, unread = read_items(found.items, table, camera, cards)
    tops = match_tops(picture.gray, camera, found.items, items, found.add)
    passes["tops"] = len(tops)
    if tops:
        items, unread = read_items(found.items, table, camera, cards)
    read: set[tuple[object, ...]] = {item.key for item, _unused4, _unused5 in found.items}
    matched = match_slots(picture.gray, table, camera, cards, items, white, found.add, read)
    passes["matched"] = len(matched)
    if matched:
        items, unread = read_items(found.items, table, camera, cards)
    foreign = [np.array(f.corners) for f in found.foreign]
    spots = beside(picture.gray, table, camera, cards, items, white, foreign)
    if spots and look_beside(picture.gray, camera, reader, spots, found.add):
        items, unread = read_items(found.items, table, camera, cards)
        tops = match_tops(picture.gray, camera, found.items, items, found.add)
        passes["tops"] += len(tops)
        if tops:  # dice seen from the side among those just read
            items, unread = read_items(found.items, table, camera, cards)
        spots = beside(picture.gray, table, camera, cards, items, white, foreign)
    read = {item.key for item, _unused6, _unused7 in found.items}
    pooled = match_beside(picture.gray, table, camera, items, spots, found.add, read)
    passes["matched"] += len(pooled)
    if pooled:
        items, unread = read_items(found.items, table, camera, cards)
        spots = beside(picture.gray, table, camera, cards, items, white, foreign)
    passes["beside"] = len(spots)
    clock.lap("second look")
    look = (picture.gray, table, camera, found, white, spots, foreign)
    items, unread = _occupancy(cards, *look)
    taken = [c.position for c in cards]
    gaps = [u.place for u in unread if u.place is not None]
    shift = pin(taken, gaps)
    outside = beyond(taken, gaps) if shift is not None and gaps else []
    if card_like(picture.gray, table, camera, cards, items, white, outside):
        shift = None  # a card where none can lie: the photo cannot tell a card from the table
    unplaced: list[CardReading] = []
    if shift is None:
        unplaced, cards = cards, []
        items, unread = adrift(unplaced, items, unread)
    elif shift != (0, 0):
        cards = shifted(cards, shift)
        items, unread = _occupancy(cards, *look)
    clock.lap("occupancy")
    lost = [u for u in unread if u.slot is None and u.reason == _(CARD_UNREAD)]
    for i in [i for i in items if i.place != "slot"] if lost else []:
        items.remove(i)
        photo = np.mean(i.corners_px, axis=0)
        unread.append(
            Unread(
                _(
                    "the {item} stands in no slot while a card cannot be read, so where it"
                    " belongs cannot be told"
                ).format(item=i.item.label),
                i.where,
                i.slot,
                (float(photo[0]), float(photo[1])),
            )
        )
    if not lost:
        _connected([c.position for c in cards], [c.number for c in cards])
    problems = [
        _("The {item} stands {where}.").format(item=i.item.label, where=i.where)
        for i in items
        if i.place == "astray"
    ]
    problems += [
        _("A QR code that is not part of this game is on the table ({why}).").format(why=f.why)
        for f in found.foreign
    ]
    return PatrolsReading(
        deck=deck,
        deck_known=known,
        cards=tuple(sorted(cards, key=lambda c: c.position)),
        items=tuple(sorted(items, key=lambda i: i.item)),
        unread=tuple(unread),
        foreign=tuple(found.foreign),
        problems=tuple(problems),
        table=table,
        camera=camera,
        photo_size=(picture.width, picture.height),
        decoder=reader.name,
        passes=passes,
        timings=clock.timings(),
        unplaced=tuple(unplaced),
        lens=lens,
    )


def _occupancy(
    cards: list[CardReading],
    gray: np.ndarray,
    table: Table,
    camera: Camera,
    found: FoundCodes,
    white: float,
    spots: list[tuple[float, float]],
    foreign: list[np.ndarray],
) -> tuple[list[ItemReading], list[Unread]]:
    """The items read, each where it stands beside ``cards``; and what could not be read: cards,
    slots and spots beside the kingdom that show something no code read explains."""
    items, unread = read_items(found.items, table, camera, cards)
    unread += card_gaps(gray, table, camera, cards, items, white)
    unread += busy_slots(gray, table, camera, cards, items, white)
    others = table.table_points(np.array([u.photo_px for u in unread] or [(0.0, 0.0)]))
    others = others[: len(unread)]
    spots = [s for s in spots if all(np.hypot(*(np.array(s) - o)) > 45.0 for o in others)]
    unread += unread_beside(table, spots)
    unread += glared_beside(gray, table, camera, cards, items, foreign)
    return items, unread


# -- the grid ---------------------------------------------------------------------------------


def _grid(
    cards: list[tuple[PatrolsCard, Detection]],
    table: Table,
    deck: Deck,
    stages: Mapping[str, str],
) -> list[CardReading]:
    """Each card's place in the 3 x 3 grid, from where it lies; refuses what is no grid."""
    centres = np.array([apply(p, np.array([[CARD_W / 2, CARD_H / 2]]))[0] for p in table.poses])
    names = [code.number for code, _unused in cards]
    for (code, _unused2), pose in zip(cards, table.poses, strict=True):
        if abs(turn_deg(pose)) > MAX_TURN_DEG:
            raise PhotoError(
                _(
                    "Card {number} lies turned by {angle:.0f}° from the others; the cards of a"
                    " kingdom are all laid upright."
                ).format(number=code.number, angle=abs(turn_deg(pose)))
            )
    columns = _indices(centres[:, 0], CARD_W, "columns")
    rows = _indices(centres[:, 1], CARD_H, "rows")
    places = list(zip(rows, columns, strict=True))
    for k, place in enumerate(places):
        if places.count(place) > 1:
            other = names[places.index(place)] if places.index(place) != k else names[k]
            raise PhotoError(
                _(
                    "Two cards (card {one} and card {other}) lie on one place; a kingdom holds one"
                    " card on each place of a 3 x 3 grid."
                ).format(one=other, other=names[k])
            )
    readings = []
    for (code, detection), pose, place in zip(cards, table.poses, places, strict=True):
        card = deck.card(code.number)
        readings.append(
            CardReading(
                detection.text,
                code.number,
                card,
                place,
                pose,
                tuple((float(x), float(y)) for x, y in detection.corners),
                stages.get(detection.text, "photo"),
            )
        )
    return readings


def _indices(values: np.ndarray, size: float, what: str) -> list[int]:
    """The row (column) of each card from its centre along the grid; refuses more than three
    rows (columns), or neighbours too far apart or overlapping."""
    order = np.argsort(values)
    index = np.zeros(len(values), int)
    current, groups = 0, [[float(values[order[0]])]]
    for a, b in pairwise(order):
        step = float(values[b] - values[a])
        if step > size / 2:
            gap = step - size - float(np.ptp(groups[-1]))
            if gap <= MAX_GAP_MM:
                current += 1
            elif 2 * MIN_GAP_MM + size <= gap <= 2 * MAX_GAP_MM + size:
                current += 2  # a whole row (column) between, its cards unread
            else:
                text = (
                    _(
                        "Two rows of cards lie {gap:.0f} mm apart; the cards of a kingdom lie side"
                        " by side in a 3 x 3 grid."
                    )
                    if what == "rows"
                    else _(
                        "Two columns of cards lie {gap:.0f} mm apart; the cards of a kingdom lie"
                        " side by side in a 3 x 3 grid."
                    )
                )
                raise PhotoError(text.format(gap=step - size))
            groups.append([])
        groups[-1].append(float(values[b]))
        index[b] = current
    if current >= SIZE:
        text = (
            _("The cards lie in {count} rows; a kingdom is a grid of 3 by 3 cards.")
            if what == "rows"
            else _("The cards lie in {count} columns; a kingdom is a grid of 3 by 3 cards.")
        )
        raise PhotoError(text.format(count=current + 1))
    return [int(i) for i in index]


def _connected(places: list[tuple[int, int]], names: list[int]) -> None:
    """Refuse cards that do not touch the others: each card is laid beside one already there
    (checked once no place between them seems to hold an unread card)."""
    seen = {places[0]}
    todo = [places[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in places and near not in seen:
                seen.add(near)
                todo.append(near)
    apart = [names[k] for k, p in enumerate(places) if p not in seen]
    if apart:
        raise PhotoError(
            _(
                "Card {number} lies apart from the other cards; every card of a kingdom lies"
                " beside another."
            ).format(number=apart[0])
        )


def _look_for_cards(
    gray: np.ndarray,
    table: Table,
    reader: Decoder,
    cards: list[CardReading],
    places: list[Position],
    found: FoundCodes,
    deck: Deck,
    known: bool,
) -> list[Detection]:
    """Rectify where a card's code would be on each empty place beside a card, and decode; what
    stays unread is matched against the codes of the deck's other cards, when the deck is
    known (:mod:`companion.twelve_patrols.match`). A place that shows bare table is passed by:
    no code lies there."""
    origin, step_c, step_r = pitch(cards)
    white = paper_white(gray, [np.array(c.corners_px) for c in cards])
    new = []
    for r, c in places:
        if place_detail(gray, table, cards, (r, c), [], white) < BARE_PLACE:
            continue
        centre = origin + r * step_r + c * step_c
        code = centre - np.array([CARD_W / 2, CARD_H / 2]) + np.array(CODE_ORIGIN)
        margin = 12.0
        box = (
            code[0] - margin,
            code[1] - margin,
            CARD_CODE_MM + 2 * margin,
            CARD_CODE_MM + 2 * margin,
        )
        for px_per_mm, sharpen in STEPS:
            patch, to_photo = rectify(gray, table.to_photo, box, px_per_mm)
            if sharpen:
                patch = unsharp(patch, 0.25 * px_per_mm, sharpen)
            hits = [d.moved(to_photo) for d in reader.read(patch)]
            added = [d for d in hits if found.add(d, "cards") and isinstance(_code(d), PatrolsCard)]
            new += added
            if added:
                break
        else:
            read = {code.number for code, _unused in found.cards}
            payloads = [
                encode(card_payload(deck, card))
                for number, card in enumerate(deck.cards, start=1)
                if known and number not in read
            ]
            centre = code + CARD_CODE_MM / 2
            match = match_card(gray, table.to_photo, centre, payloads)
            if match is not None and found.add(match.detection, MATCH_STAGE):
                new.append(match.detection)
    return new


def _code(detection: Detection) -> object:
    try:
        return decode(detection.text)
    except PayloadError:
        return None
