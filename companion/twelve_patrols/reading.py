"""What a photo of a 12 Patrols kingdom was read as: the cards on their places in the grid, the
items and where they stand, and what could not be read (:class:`PatrolsReading`), with the grid's
geometry the reader and the verdict share (:func:`pitch`, :func:`card_places`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from companion.decode import ForeignCode
from companion.lens import Lens
from companion.twelve_patrols.geometry import Camera, Table, apply
from patrolkit.games.twelve_patrols import (
    POSITIONS,
    SIZE,
    SLOTS,
    Card,
    Deck,
    Item,
    Kingdom,
    Position,
    Slot,
    place_name,
)
from patrolkit.games.twelve_patrols.places import PLACE_NAMES
from patrolkit.i18n import N_, _
from patrolkit.sizes import TwelvePatrols

CARD_W: Final = TwelvePatrols.CARD_WIDTH_MM
CARD_H: Final = TwelvePatrols.CARD_HEIGHT_MM
UNREADABLE: Final = "?"
"""The mark of what could not be read in :attr:`PatrolsReading.state_text`."""
CARD_UNREAD: Final = N_("a card seems to lie there but its code cannot be read")
"""Why a place of the grid is unread (translated where it is said: ``_(CARD_UNREAD)``)."""
NOMINAL_GAP_MM: Final = 38.0
"""The gap between two cards assumed where the photo shows no two neighbours."""


@dataclass(frozen=True)
class CardReading:
    """A card read: its payload, the card, where it lies in the grid, its pose (card frame to
    table mm), its code's corners in the photo and the stage that read it."""

    payload: str
    number: int
    card: Card
    position: Position
    pose: np.ndarray = field(compare=False)
    corners_px: tuple[tuple[float, float], ...]
    stage: str

    def outline(self) -> np.ndarray:
        """The card's trim corners in table mm."""
        box = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], float)
        return apply(self.pose, box)


@dataclass(frozen=True)
class ItemReading:
    """An item read from its top face: where it stands (``slot``, or ``None`` in the pool or
    astray: see ``place``), its footprint (table mm), the photo pixels of its top code and the
    stage that read it."""

    item: Item
    place: str
    """``slot``, ``pool`` or ``astray`` (outside every slot, too near the kingdom to be unused)."""
    slot: Slot | None
    footprint: tuple[float, float]
    corners_px: tuple[tuple[float, float], ...]
    stage: str
    where: str
    """Where it stands, in words."""
    aslant: bool = False
    """Its one code read is seen from about 45° above the horizon (see :func:`_items`)."""
    from_side: bool = False
    """Read from a side face's code alone: a cube far beside the kingdom, where which cube it
    is says all there is to know (:func:`companion.twelve_patrols.items.read_items`)."""


@dataclass(frozen=True)
class Unread:
    """Something that could not be read: a phrase, where in words, the slot it concerns (if
    any) and a point in the photo."""

    reason: str
    where: str
    slot: Slot | None
    photo_px: tuple[float, float]
    place: Position | None = None
    """The place in the grid of a card whose code cannot be read."""
    pool_die: str | None = None
    """A die far beside the kingdom whose top face is not seen (``D-B2``, its colour and
    number read on a side face): the rules judge what does not depend on its value
    (:func:`companion.twelve_patrols.verdict.score_verdict`)."""


@dataclass(frozen=True, eq=False)
class PatrolsReading:
    """Everything read from one photo of a 12 Patrols kingdom."""

    deck: Deck
    deck_known: bool
    """Whether the deck is one we ship (so the cards not in the photo are known too)."""
    cards: tuple[CardReading, ...]
    items: tuple[ItemReading, ...]
    unread: tuple[Unread, ...]
    foreign: tuple[ForeignCode, ...]
    problems: tuple[str, ...]
    table: Table
    camera: Camera
    photo_size: tuple[int, int]
    decoder: str
    passes: Mapping[str, int]
    timings: Mapping[str, float] = field(default_factory=dict)
    unplaced: tuple[CardReading, ...] = ()
    """Cards read whose place in the grid the photo does not show (cards unread lie round
    them): ``cards`` is then empty, and their ``position`` only tells how they lie to each
    other."""
    lens: Lens | None = None
    """The wide-angle lens taken out of the photo before it was read: every pixel position above
    is in the photo so straightened (:meth:`in_photo` gives the photo's own)."""

    def in_photo(self, point: tuple[float, float]) -> list[int]:
        """``point`` (pixels of the photo as read) in the photo's own pixels, rounded."""
        if self.lens is not None:
            point = tuple(self.lens.bend(np.array([point]))[0])
        return [round(v) for v in point]

    def patrol(self, slot: Slot) -> tuple[Item, ...]:
        return tuple(sorted(i.item for i in self.items if i.slot == slot and i.place == "slot"))

    @property
    def pool(self) -> tuple[Item, ...]:
        return tuple(sorted(i.item for i in self.items if i.place == "pool"))

    @property
    def astray(self) -> tuple[ItemReading, ...]:
        return tuple(i for i in self.items if i.place == "astray")

    @property
    def unread_slots(self) -> set[Slot]:
        return {u.slot for u in self.unread if u.slot is not None}

    @property
    def kingdom(self) -> Kingdom:
        """The kingdom read, with every patrol read (a slot with something unreadable holds
        what was read of it)."""
        cards = {c.position: c.card for c in self.cards}
        patrols = {s: self.patrol(s) for s in SLOTS if self.patrol(s)}
        return Kingdom.build(self.deck, cards, patrols)

    @property
    def judged(self) -> bool:
        """Whether everything in the kingdom and beside it was read."""
        return not self.unread

    @property
    def state_text(self) -> str | None:
        """:attr:`Kingdom.text` of the kingdom read, ``?`` added to each patrol with something
        unreadable, and ``?`` for a place where a card could not be read; ``None`` when the
        photo does not show where the cards read lie (:attr:`unplaced`)."""
        if self.unplaced:
            return None
        deck_id, rows, patrols = self.kingdom.text.split(" ")
        marks = list(rows)
        for u in self.unread:
            if u.slot is None and u.place is not None and u.place in POSITIONS:
                r, c = u.place
                marks[r * (SIZE + 1) + c] = UNREADABLE
        parts = patrols.split(";")
        for k, slot in enumerate(SLOTS):
            if slot in self.unread_slots:
                parts[k] = UNREADABLE if parts[k] == "-" else parts[k] + "," + UNREADABLE
        return f"{deck_id} {''.join(marks)} {';'.join(parts)}"


def place_words(position: Position) -> str:
    """Where an unread card lies, in words: ``the top left place``."""
    return _("the {place} place").format(place=place_name(position))


PLACE_WORDS: Final = {f"the {PLACE_NAMES[r][c]} place": (r, c) for r, c in POSITIONS}
"""Each place of the grid as an English reading names it (``the top left place``)."""


def pitch(cards: list[CardReading]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The grid's origin (centre of place r0c0) and its steps along columns and rows, table
    mm. Where no two cards of a row (column) show the gap between columns (rows), the other
    gap stands for it; with a single card, :data:`NOMINAL_GAP_MM`."""
    centres = {c.position: apply(c.pose, np.array([[CARD_W / 2, CARD_H / 2]]))[0] for c in cards}
    across = [
        (centres[(r, d)] - centres[(r, c)]) / (d - c)
        for r, c in centres
        for rr, d in centres
        if rr == r and d > c
    ]
    down = [
        (centres[(d, c)] - centres[(r, c)]) / (d - r)
        for r, c in centres
        for d, cc in centres
        if cc == c and d > r
    ]
    step_c = np.mean(across, axis=0) if across else None
    step_r = np.mean(down, axis=0) if down else None
    # Where one way shows no two cards, its gap is taken to be the other way's.
    if step_c is None and step_r is None:
        step_c = np.array([CARD_W + NOMINAL_GAP_MM, 0.0])
    if step_r is None:
        assert step_c is not None
        length = float(np.linalg.norm(step_c))
        step_r = np.array([-step_c[1], step_c[0]]) / length * (length - CARD_W + CARD_H)
    if step_c is None:
        length = float(np.linalg.norm(step_r))
        step_c = np.array([step_r[1], -step_r[0]]) / length * (length - CARD_H + CARD_W)
    origin = np.mean([centres[(r, c)] - r * step_r - c * step_c for r, c in centres], axis=0)
    return origin, step_c, step_r


def card_places(cards: list[CardReading]) -> list[Position]:
    """The empty places of the grid beside a card, where another card may lie unread."""
    taken = {c.position for c in cards}
    rows = [r for r, _unused in taken]
    cols = [c for _unused2, c in taken]
    low_r, low_c = max(rows) - (SIZE - 1), max(cols) - (SIZE - 1)
    high_r, high_c = min(rows) + SIZE - 1, min(cols) + SIZE - 1
    places = set()
    for r, c in taken:
        for p in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if p not in taken and low_r <= p[0] <= high_r and low_c <= p[1] <= high_c:
                places.add(p)
    return sorted(places)
