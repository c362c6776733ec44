"""Where the virtual camera's kingdom lies: a kingdom to photograph and where each card and item
stands on the table.

* :class:`Setup` — the kingdom, the unused items beside it and items laid astray; its text form.
* :func:`random_setup` — a seeded kingdom for a deck: the solver's win for a random roll, whole
  or in progress, sometimes broken.
* :func:`lay_out` — where each card lies (a few millimetres off its place in the grid and a few
  degrees turned) and where each item stands (in its slot, never touching another; beside the
  kingdom; or on a card), in table millimetres measured from the nominal top-left corner of the
  top-left card, x right, y down.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from companion.camera.lens import Array
from companion.camera.table import quad, rigid, transform
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    POSITIONS,
    SIZE,
    SLOTS,
    Deck,
    Item,
    Kingdom,
    Position,
    Slot,
    random_roll,
    solve,
    supply,
)
from patrolkit.i18n import _
from patrolkit.manifest import Box
from patrolkit.sizes import TwelvePatrols

CARD_W, CARD_H = TwelvePatrols.CARD_WIDTH_MM, TwelvePatrols.CARD_HEIGHT_MM
GAP_MM = (34.0, 42.0)
"""The gap between two neighbouring cards, drawn once per photo."""
CARD_SHIFT_MM, CARD_TURN_DEG = 3.0, 3.0
ITEM_SHIFT_MM = 2.0
ITEM_CLEAR_MM = 3.0
"""Items of one patrol lie at least this far apart."""
POOL_GAP_MM = 80.0
"""The pool's row lies this far beside the kingdom."""


def edge_mm(item: Item) -> float:
    """A folded item's edge: the height of its top face."""
    return TwelvePatrols.DIE_FACE_MM if item.is_die else TwelvePatrols.CUBE_FACE_MM


# -- a kingdom to photograph ------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What lies on the table: the kingdom, the unused items laid beside it and items laid
    astray, each on the middle of a card (in the order the cards are laid, row by row)."""

    kingdom: Kingdom
    pool: tuple[Item, ...] = ()
    astray: tuple[Item, ...] = ()

    @property
    def text(self) -> str:
        """The kingdom's text, then ``pool`` and the pool's items when there are any."""
        pool = ",".join(item.notation for item in self.pool)
        return f"{self.kingdom.text} pool {pool}" if pool else self.kingdom.text

    @classmethod
    def from_text(cls, text: str, deck: Deck) -> Setup:
        """Read :attr:`text` back."""
        head, _unused, pool = text.partition(" pool ")
        items = tuple(Item.parse(i) for i in pool.split(",")) if pool.strip() else ()
        return cls(Kingdom.from_text(head, deck), items)


def random_setup(deck: Deck, seed: int, *, cards: int | None = None) -> Setup:
    """A seeded kingdom for ``deck``: the solver's win for a random roll, whole or in progress.

    ``cards`` (1 to 9) is how many cards are laid; without it the seed decides (nine cards for
    two seeds in five). A kingdom in progress lays its cards in an order where each touches one
    already laid, and posts the win's patrols where both cards lie (always on a complete row or
    column, else three times in four). One seed in four breaks the kingdom: two patrols trade
    places, or one takes an unused item. The unused items are laid beside the kingdom for half of
    the seeds.
    """
    rng = random.Random(seed)
    for _unused in range(40):
        roll = random_roll(rng)
        solution = solve(deck, roll)
        if solution is not None:
            break
    else:
        raise KitError(
            _("The deck '{deck}' could not be won with forty rolls.").format(deck=deck.name)
        )
    values = {item.key: item for item in supply(roll)}
    for reroll in solution.rerolls:
        values[reroll.die.key] = reroll.die.showing(reroll.value)
        values.pop(reroll.discard.key, None)
    full = solution.kingdom
    if cards is None:
        cards = 9 if rng.random() < 0.4 else rng.randint(2, 8)
    if not 1 <= cards <= SIZE * SIZE:
        raise KitError(_("A kingdom holds 1 to 9 cards, not {count}.").format(count=cards))
    laid = [rng.choice(POSITIONS)]
    while len(laid) < cards:
        near = sorted(
            {
                (r + dr, c + dc)
                for r, c in laid
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
            }
            - set(laid)
        )
        laid.append(rng.choice(near))
    partial = Kingdom.build(deck, {p: c for p in laid if (c := full.card_at(p)) is not None})
    complete = {s for line in partial.complete_lines() for s in _line_slots(line)}
    patrols = {
        s: full.patrol(s)
        for s in SLOTS
        if partial.is_open(s) and (s in complete or cards == 9 or rng.random() < 0.75)
    }
    kingdom = Kingdom.build(
        deck, {p: c for p in partial.placed if (c := partial.card_at(p))}, patrols
    )
    used = {item.key for item in kingdom.items}
    pool = [item for key, item in sorted(values.items()) if key not in used]
    if rng.random() < 0.25 and kingdom.items:
        kingdom, pool = _broken(kingdom, pool, rng)
    return Setup(kingdom.anchored(), tuple(pool) if rng.random() < 0.5 else ())


def _line_slots(line: tuple[str, int]) -> list[Slot]:
    kind, i = line
    if kind == "row":
        return [Slot((i, j), (i, j + 1)) for j in range(SIZE - 1)]
    return [Slot((j, i), (j + 1, i)) for j in range(SIZE - 1)]


def _broken(kingdom: Kingdom, pool: list[Item], rng: random.Random) -> tuple[Kingdom, list[Item]]:
    """Two patrols trade places, or (with no second patrol, or one time in two) a patrol's item
    trades places with an unused one."""
    posted = [s for s in SLOTS if kingdom.patrol(s)]
    if len(posted) >= 2 and (not pool or rng.random() < 0.5):
        a, b = rng.sample(posted, 2)
        patrols = {s: kingdom.patrol(s) for s in posted}
        patrols[a], patrols[b] = patrols[b], patrols[a]
        cards = {p: c for p in kingdom.placed if (c := kingdom.card_at(p)) is not None}
        return Kingdom.build(kingdom.deck, cards, patrols), pool
    if not pool:
        return kingdom, pool
    slot = rng.choice(posted)
    patrol = list(kingdom.patrol(slot))
    k, spare = rng.randrange(len(patrol)), rng.randrange(len(pool))
    patrol[k], pool[spare] = pool[spare], patrol[k]
    return kingdom.with_patrol(slot, patrol), sorted(pool)


# -- where everything lies -------------------------------------------------------------------


@dataclass(frozen=True)
class LaidCard:
    """A card on the table: ``to_table`` maps the upright card's mm to table mm."""

    position: Position
    number: int
    to_table: Array

    def outline(self) -> Array:
        return transform(self.to_table, quad(Box(0, 0, CARD_W, CARD_H)))


@dataclass(frozen=True)
class LaidItem:
    """A folded item standing on the table: its footprint's centre (table mm), its turn
    (degrees clockwise as seen) and the slot it stands in (``None`` for the pool)."""

    item: Item
    slot: Slot | None
    centre: tuple[float, float]
    angle_deg: float

    def corners(self, height: float) -> Array:
        """The item's square at ``height`` mm above the table (x, y, z; z < 0 above), in the
        order top-left, top-right, bottom-right, bottom-left of its top face as printed."""
        e = edge_mm(self.item)
        flat = transform(rigid(self.angle_deg, (e / 2, e / 2), self.centre), quad(Box(0, 0, e, e)))
        return np.c_[flat, np.full(4, -height)]


@dataclass(frozen=True)
class Layout:
    cards: tuple[LaidCard, ...]
    items: tuple[LaidItem, ...]
    gap: float


def lay_out(setup: Setup, seed: int, *, any_angle: bool) -> Layout:
    """Where each card and item lies (table mm), drawn from ``seed``."""
    rng = np.random.default_rng([seed, 0x12FA7])
    kingdom = setup.kingdom
    need = max([_room_across(kingdom.patrol(s)) for s in SLOTS] + [0.0])
    gap = max(float(rng.uniform(*GAP_MM)), need)
    cards = []
    for position in kingdom.placed:
        card = kingdom.card_at(position)
        assert card is not None
        r, c = position
        centre = (
            c * (CARD_W + gap) + CARD_W / 2 + float(rng.uniform(-CARD_SHIFT_MM, CARD_SHIFT_MM)),
            r * (CARD_H + gap) + CARD_H / 2 + float(rng.uniform(-CARD_SHIFT_MM, CARD_SHIFT_MM)),
        )
        turn = float(rng.uniform(-CARD_TURN_DEG, CARD_TURN_DEG))
        to_table = rigid(turn, (CARD_W / 2, CARD_H / 2), centre)
        cards.append(LaidCard(position, kingdom.deck.number(card), to_table))
    items: list[LaidItem] = []
    for slot in SLOTS:
        patrol = kingdom.patrol(slot)
        if patrol:
            items += _in_slot(slot, patrol, gap, rng, any_angle)
    items += _pool_row(setup.pool, kingdom, gap, rng, any_angle)
    for item, laid_card in zip(setup.astray, cards, strict=False):
        middle = transform(laid_card.to_table, np.array([[CARD_W / 2, CARD_H * 0.3]]))[0]
        centre = (float(middle[0]), float(middle[1]))
        items.append(LaidItem(item, None, centre, _angle(rng, any_angle, True)))
    return Layout(tuple(cards), tuple(items), gap)


def _room_across(patrol: Sequence[Item]) -> float:
    """The gap a patrol needs: one item across, or two when its line is too long for the slot."""
    if not patrol:
        return 0.0
    along = sum(edge_mm(i) for i in patrol) + ITEM_CLEAR_MM * (len(patrol) + 1)
    if along <= CARD_W:
        return max(edge_mm(i) for i in patrol) * 1.25
    return 2 * max(edge_mm(i) for i in patrol) * 1.2


def _slot_frame(slot: Slot, gap: float) -> tuple[tuple[float, float], bool, float]:
    """The nominal centre of ``slot``, whether its length runs down the table, and its length."""
    (r, c), _unused = slot.a, slot.b
    if slot.horizontal:
        centre = ((c + 1) * (CARD_W + gap) - gap / 2, r * (CARD_H + gap) + CARD_H / 2)
        return centre, True, CARD_H
    centre = (c * (CARD_W + gap) + CARD_W / 2, (r + 1) * (CARD_H + gap) - gap / 2)
    return centre, False, CARD_W


def _angle(rng: np.random.Generator, any_angle: bool, calm: bool) -> float:
    if any_angle and not calm:
        return float(rng.uniform(-180, 180))
    return 90.0 * int(rng.integers(-2, 2)) * any_angle + float(rng.uniform(-10, 10))


def _in_slot(
    slot: Slot, patrol: Sequence[Item], gap: float, rng: np.random.Generator, any_angle: bool
) -> list[LaidItem]:
    """The patrol's items along the middle of its slot (in two files when one is too long),
    each turned as drawn but never touching another: a file whose items, turned so, would not
    fit the slot's length is laid nearly square instead."""
    (cx, cy), down, length = _slot_frame(slot, gap)
    files = 1 if _room_across(patrol) <= max(edge_mm(i) for i in patrol) * 1.3 else 2
    per_file = math.ceil(len(patrol) / files)
    order = list(patrol)
    rng.shuffle(order)
    width = gap / files
    laid = []
    for f in range(files):
        group = order[f * per_file : (f + 1) * per_file]
        sizes = [edge_mm(i) for i in group]
        angles = []
        for size in sizes:
            for attempt in range(30):
                angle = _angle(rng, any_angle, attempt >= 15)
                if _reach(size, angle) <= width - 1.0 or attempt >= 15:
                    break
            angles.append(angle)
        reaches = [_reach(size, a) for size, a in zip(sizes, angles, strict=True)]
        if sum(reaches) + ITEM_CLEAR_MM * (len(group) - 1) > length:
            angles = [_angle(rng, any_angle, True) for _unused in sizes]
            reaches = [_reach(size, a) for size, a in zip(sizes, angles, strict=True)]
        total = sum(reaches) + ITEM_CLEAR_MM * (len(group) - 1)
        at = -total / 2
        across = 0.0 if files == 1 else (f - 0.5) * width
        for item, angle, reach in zip(group, angles, reaches, strict=True):
            along = at + reach / 2
            at += reach + ITEM_CLEAR_MM
            side = min(ITEM_SHIFT_MM, max((width - reach) / 2, 0.0))
            du = float(rng.uniform(-1.0, 1.0)) * min(ITEM_SHIFT_MM, ITEM_CLEAR_MM / 2 - 0.2)
            dv = float(rng.uniform(-side, side))
            u, v = along + du, across + dv
            centre = (cx + v, cy + u) if down else (cx + u, cy + v)
            laid.append(LaidItem(item, slot, centre, angle))
    return laid


def _reach(size: float, angle: float) -> float:
    """The width of a square of side ``size`` turned by ``angle``."""
    a = math.radians(angle)
    return size * (abs(math.cos(a)) + abs(math.sin(a)))


def _pool_row(
    pool: Sequence[Item], kingdom: Kingdom, gap: float, rng: np.random.Generator, any_angle: bool
) -> list[LaidItem]:
    """The unused items in a row (or two) beside the kingdom, to the right or below."""
    if not pool:
        return []
    rows = {r for r, _unused in kingdom.placed} or {0}
    cols = {c for _unused2, c in kingdom.placed} or {0}
    right = max(cols) * (CARD_W + gap) + CARD_W + POOL_GAP_MM
    below = max(rows) * (CARD_H + gap) + CARD_H + POOL_GAP_MM
    beside = bool(rng.uniform() < 0.5)
    laid = []
    for k, item in enumerate(pool):
        along, file = (k % 5) * 40.0 + 20.0, (k // 5) * 40.0
        centre = (right + file, along) if beside else (along, below + file)
        angle = _angle(rng, any_angle, False)
        dx, dy = (float(v) for v in rng.uniform(-ITEM_SHIFT_MM, ITEM_SHIFT_MM, 2))
        laid.append(LaidItem(item, None, (centre[0] + dx, centre[1] + dy), angle))
    return laid
