"""Where 12 Patrols' dice and cubes to fold go: on sheets of their own and, in a kit with duplex
card backs, perhaps in the free foot of the last card sheet.

Three layouts are worked out and the one that takes the fewest sheets of nets is printed (the
first of them on a tie, so a card sheet takes nets only where that saves a sheet):

1. **in rows** (:func:`shelves`): dice upright and cubes on their side in rows centred across the
   sheet — four dice or six cubes a sheet, four sheets on A4 and on Letter;
2. **packed** (:func:`pack`) on sheets of their own: each net in turn goes as high, then as far
   left, as it fits, in whichever of its allowed turns puts it highest, so that the nets' arms
   reach into each other's free corners; each sheet takes the turns and order that put the most
   on it (:func:`_fullest`) — three dice and three cubes a sheet on A4 (three sheets), four dice
   and a cube on Letter (still four sheets);
3. **packed into the foot first**: the foot of the last card sheet (:class:`Foot`) takes what it
   can, then the sheets as in 2 — on Letter a die on its side and an upright cube, then two
   sheets of four dice and a cube and one of six cubes (three sheets).

Every net keeps :data:`NET_GAP_MM` from every other net's parts (faces, glue tabs, the room of
its name, :meth:`Net.parts`) and from the cards' crop marks, and stays inside its room: below the
heading, :data:`EDGE_MM` inside the paper's edges and, on a card sheet, clear of everything printed
on either side of the cards' block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np

from generator.page import MIN_MARGIN_MM, Sheet
from generator.pieces import draw_heading
from generator.twelve_patrols.cards import Foot
from generator.twelve_patrols.items import HEADER_MM, draw_blank_back
from generator.twelve_patrols.nets import Net, draw_net, nets
from patrolkit.i18n import N_, _
from patrolkit.manifest import Item

NET_GAP_MM: Final = 4.0
"""Between two nets' outlines (tabs included) on a sheet, and between a net and a crop mark."""
EDGE_MM: Final = MIN_MARGIN_MM + 1.0
"""Every net stays this far inside the paper's edges: 1 mm more than the margin a printer may
leave blank."""
GRID_MM: Final = 1.0
"""Packed nets are placed on this grid (page mm from their room's corner): every face and tab
measures whole millimetres, so nothing is lost to it."""
_NET_NOTE: Final = N_(
    "Cut along the solid lines, fold along the dashed ones (printed side out), and glue each grey "
    "tab under the face it meets."
)

Rect = tuple[float, float, float, float]
"""``(left, top, right, bottom)`` in page mm."""


@dataclass(frozen=True)
class PlacedNet:
    """A net, turned as it is printed, with its outline's top-left corner at page mm ``(x, y)``."""

    net: Net
    x: float
    y: float

    def parts(self) -> list[Rect]:
        """The net's parts (:meth:`Net.parts`) on the page."""
        return [(a + self.x, b + self.y, c + self.x, d + self.y) for a, b, c, d in self.net.parts()]


@dataclass(frozen=True)
class Room:
    """Where nets may go on a sheet: the rectangle ``left, top, right, bottom`` (page mm), less
    :data:`NET_GAP_MM` round every box of ``keep_clear`` (the cards' crop marks)."""

    left: float
    top: float
    right: float
    bottom: float
    keep_clear: tuple[Rect, ...] = ()


@dataclass(frozen=True)
class NetLayout:
    """Where every net goes: those in the foot of the last card sheet, then the sheets of nets."""

    foot: tuple[PlacedNet, ...]
    pages: tuple[tuple[PlacedNet, ...], ...]


def page_room(width: float, height: float) -> Room:
    """A sheet of nets' room: everything below the heading, :data:`EDGE_MM` inside the paper."""
    return Room(EDGE_MM, HEADER_MM, width - EDGE_MM, height - EDGE_MM)


# -- in rows --------------------------------------------------------------------------------------


def shelves(
    width: float, height: float, sizes: Sequence[tuple[float, float]], gap: float, top: float
) -> list[list[tuple[int, tuple[float, float]]]]:
    """Pack pieces of ``sizes`` in order into rows, rows into pages: each row centred across a
    ``width`` page, rows from ``top`` down to :data:`EDGE_MM` above the paper's foot. Returns, per
    page, the pieces' indexes and top-left corners."""
    bottom = height - EDGE_MM
    room = width - 2 * EDGE_MM
    rows: list[list[int]] = []
    for index, (w, _unused) in enumerate(sizes):
        if rows and sum(sizes[i][0] + gap for i in rows[-1]) + w <= room:
            rows[-1].append(index)
        else:
            rows.append([index])
    pages: list[list[tuple[int, tuple[float, float]]]] = [[]]
    y = top
    for row in rows:
        row_height = max(sizes[i][1] for i in row)
        if y + row_height > bottom:
            pages.append([])
            y = top
        x = (width - (sum(sizes[i][0] for i in row) + gap * (len(row) - 1))) / 2
        for i in row:
            pages[-1].append((i, (round(x, 3), round(y, 3))))
            x += sizes[i][0] + gap
        y += row_height + gap
    return pages


def in_rows(width: float, height: float) -> NetLayout:
    """Every net in rows on sheets of its own (see :func:`shelves`)."""
    pieces = nets()
    pages = shelves(width, height, [net.size for net in pieces], NET_GAP_MM, HEADER_MM)
    return NetLayout(
        (), tuple(tuple(PlacedNet(pieces[i], x, y) for i, (x, y) in page) for page in pages)
    )


# -- packed ---------------------------------------------------------------------------------------

ANY_TURN: Final = (0, 1, 2, 3)
TURNS: Final = (((0,), (1,)), (ANY_TURN, (1, 3)), (ANY_TURN, ANY_TURN))
"""The turns a sheet's dice and cubes may take, tried in this order for every sheet: dice upright
and cubes on their side (as in rows), dice any way and cubes on either side, both any way."""

BAND_ROWS: Final = 24
"""Rows of the grid searched at a time for a free spot."""


class _Canvas:
    """A room as a grid of :data:`GRID_MM` cells, each free or taken (by a part of a net placed,
    grown by :data:`NET_GAP_MM`, or by what the room keeps clear of)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.columns = int((room.right - room.left) / GRID_MM + 1e-6)
        self.rows = int((room.bottom - room.top) / GRID_MM + 1e-6)
        self.taken = np.zeros((self.rows, self.columns), dtype=np.int32)
        for box in room.keep_clear:
            self._take(box, NET_GAP_MM)
        self._summed = self._sum()
        self._start: dict[tuple[str, int], int] = {}

    def _sum(self) -> np.ndarray:
        """The cells taken in every rectangle from the corner: ``summed[r, c]`` counts those
        above row ``r`` and left of column ``c``."""
        summed = np.zeros((self.rows + 1, self.columns + 1), dtype=np.int32)
        summed[1:, 1:] = self.taken.cumsum(axis=0).cumsum(axis=1)
        return summed

    def _take(self, box: Rect, grow: float) -> None:
        left, top, right, bottom = self._cells(box, grow)
        self.taken[max(top, 0) : max(bottom, 0), max(left, 0) : max(right, 0)] = 1

    def _cells(self, box: Rect, grow: float) -> tuple[int, int, int, int]:
        """The cells ``box`` (page mm) grown by ``grow`` touches: left, top, right, bottom."""
        room = self.room
        return (
            int(np.floor((box[0] - grow - room.left) / GRID_MM + 1e-6)),
            int(np.floor((box[1] - grow - room.top) / GRID_MM + 1e-6)),
            int(np.ceil((box[2] + grow - room.left) / GRID_MM - 1e-6)),
            int(np.ceil((box[3] + grow - room.top) / GRID_MM - 1e-6)),
        )

    def place(self, placed: PlacedNet) -> None:
        for part in placed.parts():
            self._take(part, NET_GAP_MM)
        self._summed = self._sum()

    def highest(self, net: Net) -> tuple[int, int] | None:
        """The highest, then leftmost, free spot for ``net``'s outline, in cells from the room's
        corner; ``None`` if it fits nowhere. Cells only ever get taken, so a net's highest spot
        never rises: the search for a kind and turn starts from the row its last one was found
        on, a band of :data:`BAND_ROWS` rows at a time."""
        width, height = net.size
        columns = self.columns - int(np.ceil(width / GRID_MM - 1e-6)) + 1
        rows = self.rows - int(np.ceil(height / GRID_MM - 1e-6)) + 1
        key = (net.kind, net.turn)
        start = self._start.get(key, 0)
        parts = [
            (
                int(np.floor(a / GRID_MM + 1e-6)),
                int(np.floor(b / GRID_MM + 1e-6)),
                int(np.ceil(c / GRID_MM - 1e-6)),
                int(np.ceil(d / GRID_MM - 1e-6)),
            )
            for a, b, c, d in net.parts()
        ]
        summed = self._summed
        if columns <= 0:
            rows = 0
        for first in range(start, rows, BAND_ROWS):
            band = min(BAND_ROWS, rows - first)
            free = np.ones((band, columns), dtype=bool)
            for x0, y0, x1, y1 in parts:
                top, bottom = first + y0, first + y1
                inside = (
                    summed[bottom : bottom + band, x1 : x1 + columns]
                    - summed[top : top + band, x1 : x1 + columns]
                    - summed[bottom : bottom + band, x0 : x0 + columns]
                    + summed[top : top + band, x0 : x0 + columns]
                )
                free &= inside == 0
            spots = np.flatnonzero(free)
            if spots.size:
                row, column = divmod(int(spots[0]), columns)
                self._start[key] = first + row
                return (column, first + row)
        self._start[key] = max(rows, 0)
        return None


def pack(
    room: Room, pieces: Sequence[Net], turns: tuple[Sequence[int], Sequence[int]]
) -> tuple[list[PlacedNet], list[Net]]:
    """``pieces`` packed into ``room`` in order, each as high, then as far left, as it fits in
    whichever of its kind's ``turns`` (dice, cubes) puts it highest (the first on a tie); a piece
    that fits nowhere is left, and so is every later one of its kind and turn. Returns the nets
    placed and those left."""
    canvas = _Canvas(room)
    placed: list[PlacedNet] = []
    left: list[Net] = []
    full: set[str] = set()
    for net in pieces:
        if net.kind in full:
            left.append(net)
            continue
        best: tuple[tuple[int, int], tuple[int, int], Net] | None = None
        for turn in turns[0] if net.kind == "die" else turns[1]:
            turned = net.turned(turn)
            spot = canvas.highest(turned)
            if spot is None:
                continue
            rank = (spot[1], spot[0])
            if best is None or rank < best[0]:
                best = (rank, spot, turned)
        if best is None:
            full.add(net.kind)
            left.append(net)
            continue
        _rank, (column, row), turned = best
        here = PlacedNet(turned, room.left + column * GRID_MM, room.top + row * GRID_MM)
        canvas.place(here)
        placed.append(here)
    return placed, left


def _centred(placed: Sequence[PlacedNet], room: Room) -> tuple[PlacedNet, ...]:
    """``placed`` moved across as one block to the middle of ``room`` (a sheet of its own)."""
    if not placed:
        return ()
    left = min(p.x for p in placed)
    right = max(p.x + p.net.size[0] for p in placed)
    shift = round(((room.left + room.right) / 2 - (left + right) / 2) / GRID_MM) * GRID_MM
    return tuple(PlacedNet(p.net, p.x + shift, p.y) for p in placed)


def _fullest(room: Room, pieces: Sequence[Net]) -> tuple[list[PlacedNet], list[Net]]:
    """``pieces`` packed into ``room`` with the :data:`TURNS` and the order that place the most
    of them by the area of their faces (a die's is 1.6 times a cube's); the first on a tie. The
    orders tried: dice first, and one die, one cube, then the rest (the cube takes the corner the
    first die leaves, and the next dice pack round both: three dice and three cubes a sheet on
    A4, four dice and a cube on Letter, against four dice in rows)."""
    dice = [net for net in pieces if net.kind == "die"]
    cubes = [net for net in pieces if net.kind == "cube"]
    orders = [[*dice, *cubes]]
    if dice and cubes:
        orders.append([dice[0], cubes[0], *dice[1:], *cubes[1:]])
    best = pack(room, orders[0], TURNS[0])
    for order in orders:
        for turns in TURNS:
            tried = pack(room, order, turns)
            if _area(tried[0]) > _area(best[0]):
                best = tried
    placed, _left = best
    kept = {(here.net.kind, here.net.name) for here in placed}
    return placed, [net for net in pieces if (net.kind, net.name) not in kept]


def _area(placed: Sequence[PlacedNet]) -> float:
    return sum(6 * here.net.face**2 for here in placed)


def packed(width: float, height: float, foot: Room | None) -> NetLayout:
    """Every net packed: first into ``foot`` (the free foot of the last card sheet), if any,
    then onto sheets of their own."""
    room = page_room(width, height)
    pieces: list[Net] = nets()
    first: list[PlacedNet] = []
    if foot is not None:
        first, pieces = _fullest(foot, pieces)
    pages = []
    while pieces:
        placed, pieces = _fullest(room, pieces)
        if not placed:
            raise ValueError("a net does not fit a sheet of its own")
        pages.append(_centred(placed, room))
    return NetLayout(tuple(first), tuple(pages))


@cache
def net_layout(width: float, height: float, foot: Room | None = None) -> NetLayout:
    """Where the nets go on a ``width`` x ``height`` paper, with ``foot`` free on the last card
    sheet: in rows, packed on sheets of their own, or packed into the foot first, whichever
    takes the fewest sheets of nets (the first of them on a tie: a card sheet takes nets only if
    that saves a sheet)."""
    layouts = [in_rows(width, height), packed(width, height, None)]
    if foot is not None:
        layouts.append(packed(width, height, foot))
    return min(layouts, key=lambda layout: len(layout.pages))


def foot_room(width: float, height: float, foot: Foot) -> Room:
    """The room a card sheet's free ``foot`` gives nets on a ``width`` x ``height`` page."""
    return Room(EDGE_MM, foot.top, width - EDGE_MM, height - EDGE_MM, foot.marks)


# -- drawing --------------------------------------------------------------------------------------


def draw_net_foot(sheet: Sheet, placed: Sequence[PlacedNet]) -> list[Item]:
    """The nets of a card sheet's foot, on the current page."""
    items: list[Item] = []
    for here in placed:
        items += draw_net(sheet, here.net, here.x, here.y)
    return items


def draw_net_pages(
    sheet: Sheet,
    layout: NetLayout,
    *,
    blank_backs: bool = False,
    elsewhere: int | None = None,
) -> list[Item]:
    """The sheets of nets of ``layout`` from the current page on, each followed by its blank
    back if ``blank_backs``; ``elsewhere`` is the card sheet that holds the rest, if any. Ends no
    page after its last one."""
    items: list[Item] = []
    count = len(layout.pages)
    for number, page in enumerate(layout.pages, start=1):
        if number > 1:
            sheet.next_page()
            if blank_backs:
                draw_blank_back(sheet, sheet.page - 1)
                sheet.next_page()
        draw_heading(sheet, _page_title(page, number, count, elsewhere), _(_NET_NOTE))
        for here in page:
            items += draw_net(sheet, here.net, here.x, here.y)
    return items


def _page_title(page: Sequence[PlacedNet], number: int, count: int, elsewhere: int | None) -> str:
    kinds = {here.net.kind for here in page}
    if elsewhere is not None:
        title = _(
            "12 Patrols — dice and cubes to fold ({number} of {count}; more on sheet {sheet})"
        )
    elif kinds == {"die"}:
        title = _("12 Patrols — dice to fold ({number} of {count})")
    elif kinds == {"cube"}:
        title = _("12 Patrols — cubes to fold ({number} of {count})")
    else:
        title = _("12 Patrols — cubes and dice to fold ({number} of {count})")
    return title.format(number=number, count=count, sheet=elsewhere)
