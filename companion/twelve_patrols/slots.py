"""Where an item stands in a 12 Patrols kingdom, and whether a slot or a place holds something
the codes do not explain.

* :func:`areas` — the table-plane area of every slot beside a card: *open* between two cards
  (the gap between their facing edges), *closed* where no card lies across (as deep as the
  kingdom's gaps).
* :func:`place_of` — an item's footprint to a slot, to the pool (well clear of every card), or
  *astray*, with where in words.
* :func:`busy` — how much of an area shows the sharp dark-and-light detail of printed codes
  and frames that no item read accounts for: a slot still holding an unread item, or an empty
  place where a card lies with its code unread. The table, shadows and soft light show little.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import cv2
import numpy as np

from companion.twelve_patrols.geometry import Camera, apply, height, rectify
from patrolkit.games.twelve_patrols import SLOTS, Card, Item, Position, Slot, place_name
from patrolkit.i18n import _

REACH_MM: Final = 6.0
"""An item's footprint may lie this far outside a slot's area and still stand in it."""
POOL_CLEAR_MM: Final = 15.0
"""Beyond the closed slots, items at least this far from every card are unused: the pool."""
VIEW_PX_PER_MM: Final = 6.0
"""Resolution at which an area is checked for unexplained detail."""
WINDOW_MM: Final = 8.0
"""The detail is measured over windows of this side: about the size of an item's code."""
EDGE_LEVEL: Final = 0.22
"""A pixel shows sharp detail when the grey range around it (1 mm) is at least this share of
the paper's white (measured on the cards' codes), whatever the table's own brightness."""
NOISE_OVER_GRAIN: Final = 2.0
"""...and at least this many times the range most of the area shows: a photo taken in low light
is grainy all over (the median range measured 0.16–0.28 of white, against 0.04–0.10 on the
``phone`` photos), and grain is no code."""
SOME_DETAIL: Final = 0.12
"""An area whose windows all show less sharp detail than this is not looked at for long lines:
every level that decides anything lies above it (a bare place's 0.15 the lowest)."""
LINE_MM: Final = 40.0
"""Sharp detail running straight on for this long is the edge of a shadow, a card or the table,
not an item: no side of an item is longer than a die's face (28 mm)."""
LINE_PX_PER_MM: Final = 2.0
"""Resolution at which such lines are looked for."""


@dataclass(frozen=True)
class Area:
    """The table-plane area (four corners, mm) of ``slot``; ``open`` when a card lies on both
    sides; ``card`` and ``side`` name the card the area lies beside (for a closed one)."""

    slot: Slot
    polygon: np.ndarray
    open: bool
    card: Card
    position: Position


CLOSED_DEPTH_MM: Final = 50.0
"""A closed slot reaches this far from its card at most: an item beyond it lies clear of the
kingdom."""


def areas(
    outlines: Mapping[Position, np.ndarray], cards: Mapping[Position, Card], gap: float
) -> list[Area]:
    """Every slot area beside a card: open between two cards, closed ``gap`` deep elsewhere (at
    most :data:`CLOSED_DEPTH_MM`)."""
    gap = min(gap, CLOSED_DEPTH_MM)
    found: list[Area] = []
    done: set[Slot] = set()
    for position, outline in outlines.items():
        r, c = position
        tl, tr, br, bl = outline
        right = (tr - tl) / np.linalg.norm(tr - tl)
        down = (bl - tl) / np.linalg.norm(bl - tl)
        for near, edge, out in (
            ((r, c + 1), (tr, br), right),
            ((r, c - 1), (tl, bl), -right),
            ((r + 1, c), (bl, br), down),
            ((r - 1, c), (tl, tr), -down),
        ):
            slot = Slot(min(position, near), max(position, near))
            if near in outlines:
                if slot in done:
                    continue
                done.add(slot)
                a, b = outlines[slot.a], outlines[slot.b]
                if slot.horizontal:
                    polygon = np.array([a[1], b[0], b[3], a[2]])
                else:
                    polygon = np.array([a[3], a[2], b[1], b[0]])
                found.append(Area(slot, polygon, True, cards[slot.a], slot.a))
            else:
                p, q = edge
                polygon = np.array([p, q, q + out * gap, p + out * gap])
                found.append(Area(slot, polygon, False, cards[position], position))
    return found


@dataclass(frozen=True)
class Place:
    """Where an item stands: ``slot`` (an open slot), ``pool`` or ``astray``; the slot (also for
    an item astray beside a card with no card across); in words."""

    kind: str
    slot: Slot | None
    where: str


def _inside(polygon: np.ndarray, point: tuple[float, float]) -> float:
    """Signed distance (mm) from ``point`` into ``polygon`` (negative outside)."""
    return float(cv2.pointPolygonTest(polygon.astype(np.float32), point, True))


def place_of(
    footprint: tuple[float, float],
    found: Sequence[Area],
    outlines: Mapping[Position, np.ndarray],
    cards: Mapping[Position, Card],
) -> Place:
    """Where the item standing at ``footprint`` (table mm) belongs."""
    best = max(found, key=lambda a: _inside(a.polygon, footprint) + (0.5 if a.open else 0.0))
    depth = _inside(best.polygon, footprint)
    if best.open and depth >= -REACH_MM:
        return Place(
            "slot", best.slot, _("in the slot {between}").format(between=slot_words(best.slot))
        )
    for position, outline in outlines.items():
        if _inside(outline, footprint) > REACH_MM:
            return Place(
                "astray",
                None,
                _("on {card} ({place})").format(
                    card=cards[position].name, place=place_name(position)
                ),
            )
    if depth >= -REACH_MM:
        return Place(
            "astray",
            best.slot,
            _(
                "beside {card} ({place}), where no card lies across from it: a patrol stands"
                " between two cards"
            ).format(card=best.card.name, place=place_name(best.position)),
        )
    near = min(outlines, key=lambda p: -_inside(outlines[p], footprint))
    if -_inside(outlines[near], footprint) >= POOL_CLEAR_MM:
        return Place("pool", None, _("beside the kingdom, unused"))
    return Place(
        "astray",
        None,
        _("near {card} ({place}), in no slot: between cards").format(
            card=cards[near].name, place=place_name(near)
        ),
    )


def clear_of_cards(
    footprint: tuple[float, float], outlines: Mapping[Position, np.ndarray]
) -> float:
    """How far (mm) ``footprint`` lies from the nearest card read."""
    return min(-_inside(outline, footprint) for outline in outlines.values())


def slot_words(slot: Slot) -> str:
    """``between top left and top centre``."""
    # Translators: {a} and {b} are place names (top left…); a slot lies between two cards.
    return _("between {a} and {b}").format(a=place_name(slot.a), b=place_name(slot.b))


OUTLINE_GROW_MM: Final = 2.5
"""How far an item's outline (:func:`solid_outline`) is grown round the corners the camera is
reckoned to see. The camera is fitted to the cards' codes; where the cards do not lie flat
(``curl``: lifted 2 to 6 mm) it is a little off, and a die's or cube's side face showed its code
up to 2.5 mm outside an outline grown 1.5 mm: a slot with every item read was said to hold
"something" (benchmark ``curl`` seeds 70028 and 70035). Grown 2.5 mm, 36 of those 40 tables read
exactly (34); the four others hold items really left unread (dice seen only from the side, codes
that do not read), all still reported; and the 40 ``glare`` tables are read as before (65 places
reported, 0 wrong)."""


def solid_outline(
    camera: Camera,
    item: Item,
    footprint: tuple[float, float],
    code_px: np.ndarray,
    to_table: np.ndarray,
    grow: float = OUTLINE_GROW_MM,
) -> np.ndarray:
    """What an item standing at ``footprint`` covers in the photo, brought to the table plane
    through ``to_table`` (photo to table mm): the hull of its eight corners, the item turned as
    its top face's code (``code_px``) shows, grown by ``grow`` mm."""
    e = height(item)
    up = camera.on_plane(code_px, e)
    along, down = up[1] - up[0], up[3] - up[0]
    along, down = along / np.linalg.norm(along), down / np.linalg.norm(down)
    half = e / 2 + grow
    middle = np.array(footprint)
    square = [
        middle + half * (i * along + j * down) for i, j in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]
    corners = np.array([[x, y, z] for x, y in square for z in (0.0, -e)])
    flat = apply(to_table, camera.seen(corners))
    return cv2.convexHull(flat.astype(np.float32)).reshape(-1, 2).astype(np.float64)


def busy(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: Iterable[np.ndarray],
    white: float,
    *,
    shrink: float = 1.5,
) -> float:
    """The densest sharp printed detail in ``polygon`` (table mm) outside the ``explained``
    polygons (items read), ``white`` being the paper's grey level: the largest share of sharp
    pixels in any :data:`WINDOW_MM` window, checked on the table plane at
    :data:`VIEW_PX_PER_MM`. A code shows well over half; the grain or the seams of a table,
    lines, much less.

    Where the grain sets the bar above :data:`EDGE_LEVEL` (a dim room), the grain drowns part of
    a code's detail too: the share is multiplied by the square root of how far the bar rose (a
    die's code at a bar 2.9 times the edge level showed 0.34, bare slots of dim photos 0.19 at
    most)."""
    dense, _unused, rise = density(
        gray, to_photo, polygon, explained, white, shrink, VIEW_PX_PER_MM
    )
    return float(dense.max()) * math.sqrt(rise) if dense.size else 0.0


def density(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: Iterable[np.ndarray],
    white: float,
    shrink: float,
    px_per_mm: float,
) -> tuple[np.ndarray, np.ndarray, float]:
    """For every pixel of ``polygon`` rectified at ``px_per_mm`` (less ``shrink`` mm round its
    edge and the ``explained`` polygons), the share of sharp pixels in the :data:`WINDOW_MM`
    window round it (0 where the window is mostly left out); the map from table mm to those
    pixels; and how far the grain raised the bar of a sharp pixel over the edge level (1 when
    it did not). Sharp pixels along straight lines of :data:`LINE_MM` or more are left out,
    looked for (on the polygon with room round it) only where it shows some detail at all."""
    size = polygon.max(axis=0) - polygon.min(axis=0)
    # a large polygon is rectified once, with room for the lines round it
    at_once = float(np.prod(size + LINE_MM)) <= 1.5 * float(np.prod(size + 4.0))
    margin = LINE_MM / 2 if at_once else 2.0
    look = (gray, to_photo, polygon, explained, shrink, px_per_mm)
    patch, inside, to_patch = _inside_patch(*look, margin)
    if not inside.size:
        return inside, to_patch, 1.0
    sharp, rise = _sharp(patch, inside, px_per_mm, white)
    # first without looking for lines, on the polygon with 2 mm round it
    cut = round((margin - 2.0) * px_per_mm)
    near = (slice(cut, -cut or None),) * 2
    dense = _windowed(sharp[near].astype(np.float32) * inside[near], inside[near], px_per_mm)
    if dense.max() < SOME_DETAIL:
        return dense, np.array([[1.0, 0, -cut], [0, 1.0, -cut], [0, 0, 1.0]]) @ to_patch, rise
    if not at_once:
        patch, inside, to_patch = _inside_patch(*look, LINE_MM / 2)
        sharp, rise = _sharp(patch, inside, px_per_mm, white)
    sharp = _off_long_lines(sharp, px_per_mm)
    return _windowed(sharp.astype(np.float32) * inside, inside, px_per_mm), to_patch, rise


def _sharp(
    patch: np.ndarray, inside: np.ndarray, px_per_mm: float, white: float
) -> tuple[np.ndarray, float]:
    """The sharp pixels (1) of a rectified ``patch`` (its mask ``inside`` not empty: see
    :func:`_inside_patch`), and how far the grain raised the bar of a sharp pixel over the edge
    level (see :func:`density`)."""
    k = np.ones((round(px_per_mm) + 1,) * 2, np.uint8)
    spread = cv2.subtract(cv2.dilate(patch, k), cv2.erode(patch, k))
    grain = NOISE_OVER_GRAIN * float(np.median(spread[inside > 0][::5]))  # a fifth is plenty
    edge = EDGE_LEVEL * white
    sharp = (spread >= max(edge, grain)).astype(np.uint8)
    return sharp, max(grain / edge, 1.0)


def _off_long_lines(sharp: np.ndarray, px_per_mm: float) -> np.ndarray:
    """``sharp`` (0 or 1) less the pixels along straight runs of at least :data:`LINE_MM`: a
    hard shadow's edge across a slot is sharp, but it is no item. The runs are looked for at
    :data:`LINE_PX_PER_MM` (a tenth of the time), and taken out at ``sharp``'s own scale."""
    scale = LINE_PX_PER_MM / px_per_mm
    small = cv2.resize(
        sharp.astype(np.float32), None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA
    )
    length = round(LINE_MM * LINE_PX_PER_MM)
    runs = cv2.HoughLinesP(
        (small >= 0.3).astype(np.uint8),
        1,
        np.pi / 180,
        length // 2,
        minLineLength=length,
        maxLineGap=2,
    )
    if runs is None:
        return sharp
    on_lines = np.zeros_like(sharp)
    for x1, y1, x2, y2 in runs.reshape(-1, 4) / scale:
        cv2.line(on_lines, (round(x1), round(y1)), (round(x2), round(y2)), 1, round(px_per_mm) + 5)
    return np.asarray(sharp * (1 - on_lines))


BLOWN_LEVEL: Final = 250
"""A grey level at or above this is blown out: the light, not what lies there, sets it."""
BLOWN_SHARE: Final = 0.5
"""A :data:`WINDOW_MM` window blown out over this share may hide an item's top face: white
pixels show only that the light was too strong, not that nothing stands there. On the
``phone`` photos of the benchmark no slot or table showed one."""


def blown_spots(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: Iterable[np.ndarray],
    px_per_mm: float = 4.0,
) -> list[tuple[float, float]]:
    """The middles (table mm) of the patches of ``polygon`` (outside the ``explained``
    polygons) blown out by glare over an item's size: an item may stand there unseen."""
    explained = list(explained)
    if not _bright_enough(gray, to_photo, polygon, explained, px_per_mm):
        return []
    patch, inside, to_patch = _inside_patch(gray, to_photo, polygon, explained, 1.5, px_per_mm)
    if not inside.size:
        return []
    blown = (patch >= BLOWN_LEVEL).astype(np.float32) * inside
    share = _windowed(blown, inside, px_per_mm)
    return _middles(share >= BLOWN_SHARE, to_patch)


def _bright_enough(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: list[np.ndarray],
    px_per_mm: float,
) -> bool:
    """Whether the photo round ``polygon`` (table mm), out of the ``explained`` polygons, holds
    enough near-blown pixels for one :data:`WINDOW_MM` window to be blown out over
    :data:`BLOWN_SHARE`, however it is resampled at ``px_per_mm`` (a quick test that spares
    rectifying a photo with no glare, or glare on the cards only)."""
    corners = apply(to_photo, polygon)
    height_px, width_px = gray.shape[:2]
    x0, y0 = np.clip(np.floor(corners.min(axis=0)).astype(int), 0, None)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    near = gray[y0 : min(y1, height_px), x0 : min(x1, width_px)] >= BLOWN_LEVEL - 10  # resampling
    # the fewest photo pixels per mm² of the plane: the plane's scale is least at a corner
    scales = [_area_scale(to_photo, corner) for corner in polygon]
    enough = 0.5 * BLOWN_SHARE * min(scales) * WINDOW_MM**2
    bright = int(np.count_nonzero(near))
    if bright < enough or not explained:
        return bright >= enough
    hidden = np.zeros(near.shape, np.uint8)
    for hull in explained:
        cv2.fillPoly(hidden, [np.round(apply(to_photo, hull) - (x0, y0)).astype(np.int32)], 1)
    # a pixel rectified just outside a polygon is resampled from the photo's pixels round it
    edge = 3 + math.ceil(math.sqrt(max(scales)) / px_per_mm)
    surely = cv2.erode(hidden, np.ones((2 * edge + 1, 2 * edge + 1), np.uint8))
    return int(np.count_nonzero(near & (surely == 0))) >= enough


def _area_scale(to_photo: np.ndarray, point: np.ndarray) -> float:
    """How many photo pixels one square millimetre of the plane at ``point`` covers."""
    seen = apply(to_photo, point + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
    return abs(float(np.linalg.det(seen[1:] - seen[0])))


def _inside_patch(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: Iterable[np.ndarray],
    shrink: float,
    px_per_mm: float,
    margin: float = 2.0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``polygon`` (table mm) rectified at ``px_per_mm`` with ``margin`` mm round it; the mask
    (1.0) of its pixels less ``shrink`` mm round its edge and the ``explained`` polygons (empty
    when too few are left); and the map from table mm to the patch's pixels."""
    low, high = polygon.min(axis=0) - margin, polygon.max(axis=0) + margin
    box = (float(low[0]), float(low[1]), float(high[0] - low[0]), float(high[1] - low[1]))
    patch, _unused = rectify(gray, to_photo, box, px_per_mm)
    to_patch = np.array(
        [[px_per_mm, 0, -low[0] * px_per_mm], [0, px_per_mm, -low[1] * px_per_mm], [0, 0, 1.0]]
    )
    mask: np.ndarray = np.zeros(patch.shape, np.uint8)
    cv2.fillPoly(mask, [np.round(apply(to_patch, polygon)).astype(np.int32)], 255)
    grow = max(round(shrink * px_per_mm), 1)
    mask = cv2.erode(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    for hull in explained:
        cv2.fillPoly(mask, [np.round(apply(to_patch, hull)).astype(np.int32)], 0)
    if int(np.count_nonzero(mask)) < 30:
        return patch, np.zeros((0, 0), np.float32), to_patch
    return patch, (mask > 0).astype(np.float32), to_patch


def _windowed(marked: np.ndarray, inside: np.ndarray, px_per_mm: float) -> np.ndarray:
    """The share of ``marked`` pixels among the ``inside`` ones in the :data:`WINDOW_MM` window
    round every pixel (0 where the window is mostly outside)."""
    window = (round(WINDOW_MM * px_per_mm),) * 2
    share = cv2.boxFilter(marked, -1, window, normalize=True)
    cover = cv2.boxFilter(inside, -1, window, normalize=True)
    dense = cv2.divide(share, cover)
    dense[cover < 0.5] = 0.0
    return np.asarray(dense)


def _middles(chosen: np.ndarray, to_patch: np.ndarray) -> list[tuple[float, float]]:
    """The middles (table mm) of the connected patches of ``chosen`` pixels."""
    count, _unused, _unused2, middles = cv2.connectedComponentsWithStats(chosen.astype(np.uint8))
    back = np.linalg.inv(to_patch)
    return [(float(x), float(y)) for x, y in apply(back, middles[1:count])]


def dense_spots(
    gray: np.ndarray,
    to_photo: np.ndarray,
    polygon: np.ndarray,
    explained: Iterable[np.ndarray],
    white: float,
    level: float,
    px_per_mm: float = 4.0,
) -> list[tuple[float, float]]:
    """The middles (table mm) of the patches of ``polygon`` whose detail is at least ``level``
    dense (see :func:`density`), outside the ``explained`` polygons."""
    dense, to_patch, _unused = density(gray, to_photo, polygon, explained, white, 3.0, px_per_mm)
    if not dense.size:
        return []
    return _middles(dense >= level, to_patch)


def slot_order(slots: Iterable[Slot]) -> list[Slot]:
    """``slots`` in the order of :data:`SLOTS`."""
    chosen = set(slots)
    return [s for s in SLOTS if s in chosen]


def paper_white(gray: np.ndarray, codes: Iterable[np.ndarray]) -> float:
    """The grey level of white paper: the median over the cards' codes of each code's light
    modules (its 90th percentile)."""
    levels = []
    for corners in codes:
        x0, y0 = np.floor(corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
        patch = gray[max(y0, 0) : max(y1, 1), max(x0, 0) : max(x1, 1)]
        if patch.size:
            levels.append(float(np.percentile(patch, 90)))
    return max(float(np.median(levels)) if levels else 200.0, 40.0)
