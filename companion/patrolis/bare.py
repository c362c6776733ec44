"""Whether a Patrolis cell where no code reads looks bare: its middle (where a tile's code would
be) flat, crossed by a straight drawn line, or with too few sharp edges for a code's modules,
or — on a road cell — next to none beside where a road may be printed (:func:`looks_bare`);
never where glare blows it out (:func:`blown`): white pixels show only that the light was too
strong there, not that nothing lies under it; never where a flat middle is not its terrain's
colour (:func:`off_colour`): an even cover lies there. And whether it shows part of a code
(:func:`shows_code_detail`), as a piece with a damaged code does."""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.patrolis.roadside import road_band
from companion.patrolis.sheets import SheetReading
from companion.pose import BoardPose, apply
from patrolkit.games.patrolis import Map

VIEW_PX_PER_MM: Final = 6.0
# The thresholds below were measured on development photos (the virtual camera's ``phone``
# preset, seeds apart from the benchmark's): 5 455 tiles and 12 209 bare cells. They only
# decide between *empty* and *unreadable* for a cell where no code could be read, after every
# cell that is not flat was decoded again (at 10 px/mm; the second look's later steps try only
# the cells that do not look bare); a tile that cannot be decoded and still falls below
# them would be taken for a bare cell: the soft thresholds sit below the worst blurred,
# undecodable tiles seen on the far side of steeply tilted photos.
FLAT: Final = 0.45
"""Less contrast than this (the grey levels' 5-95 % spread over their 95th percentile): a flat
cell, not even decoded. Every tile measured shows at least 0.68."""
SHARP_PX_PER_MM: Final = 5.5
"""At this resolution and above the sharp thresholds apply; below (a tilted photo's far side)
a blurred code shows fewer edges and evener rows, and the soft ones do."""
STRAIGHT: Final = 0.43
STRAIGHT_SOFT: Final = 0.40
"""A road drawn straight across a cell leaves each row (or column) of its middle nearly even:
the grey levels vary along its rows less than this share of their spread over the whole
middle. Along a code's rows they vary at least 0.51 as much (sharp); on the far side of a
tilted photo, down to 0.45 for a blurred code that could not be decoded."""
MIN_EDGES: Final = 0.18
MIN_EDGES_SOFT: Final = 0.10
"""Fewer sharp edges than this share of the middle: no code's modules. Every tile measured
shows at least 0.24 (sharp); on the far side of a tilted photo, down to 0.11 for a blurred code
that could not be decoded."""


MIN_PX_PER_MM: Final = 3.5
"""Below this resolution a cell is never shown bare: the thresholds above were measured on
photos of 3.8 px/mm and more, and a messaging app's copy of a photo (about 2 px/mm on a
Patrolis board) blurs a tile's code into something as flat and as smooth as bare paper."""


BLOWN_LEVEL: Final = 254
"""A grey level at or above this is blown out (clipped): the light, not the cell, sets it.
Bright printed white reaches 250 on a sunny ``phone`` photo without being clipped."""
BLOWN_SHARE: Final = 0.02
"""A cell whose middle has more than this share of blown-out pixels is hidden by glare: it
never looks bare (a code under a glare spot is as white as bare paper). On 40 ``phone``
benchmark tables no cell had a single pixel blown out; a glare spot over a code blows out
all of its middle, and 0.2 to 0.9 of its neighbours'."""


def middle_of(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int
) -> tuple[np.ndarray, SheetReading, tuple[float, float, float, float]]:
    """The middle of the cell (where a tile's code would be), rectified at 6 px/mm; the sheet
    holding the cell and the cell's box on it (mm)."""
    reading, box = holder(sheets, game_map, cell)
    patch, _ = CascadeStep("look", VIEW_PX_PER_MM).patch(gray, reading.pose, middle_box(box))
    return patch, reading, box


def middle_box(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The middle of the cell ``box`` (mm): its inner 60 %, where a tile's code lies."""
    x, y, w, h = box
    inner = 0.2 * w
    return (x + inner, y + inner, w - 2 * inner, h - 2 * inner)


def blown(middle: np.ndarray) -> bool:
    """Whether glare blows out a cell's ``middle`` (more than :data:`BLOWN_SHARE` of it at
    :data:`BLOWN_LEVEL` or above): whatever lies there cannot be seen."""
    return float(np.mean(middle >= BLOWN_LEVEL)) > BLOWN_SHARE


OFF_COLOUR: Final = 0.08
"""A flat cell whose colour lies further than this from its terrain class's is covered, not
bare: the sum of the differences of its red, green and blue shares (each channel's share of
their sum, so that a shadow or dim light, which darken all three alike, change nothing) from the
median of the class's flat cells in the photo. On development photos (seeds 71000-71007,
``phone``, ``shadow``, ``low-light`` and ``glare``: 3 787 flat bare cells) no bare cell lay
further than 0.051 from its class; a grey sticker lies 0.13 from the countryside's green and 0.16
from the water's blue, a black marker's ink 0.10 from the green. A kit printed in grey, or a
cover of the class's own colour, is not told apart by this."""
MIN_OF_CLASS: Final = 5
"""A class's colour is the median of its flat cells in the photo when there are this many at
least; otherwise of all its cells where no code was read (a class drawn with marks, such as the
mountains' peaks, is seldom flat, and a flat cell there is the more likely covered); with fewer
still, its flat cells are not checked."""


def off_colour(
    rgb: np.ndarray, sheets: list[SheetReading], game_map: Map, flat: set[int], free: list[int]
) -> set[int]:
    """The ``flat`` cells whose middle's colour is not their terrain class's (:data:`OFF_COLOUR`,
    :data:`MIN_OF_CLASS`; ``free``: the cells where no code was read): something even lies over
    them (a sticker, a blot of ink), and they are not bare."""
    shares: dict[int, np.ndarray] = {}

    def share(cell: int) -> np.ndarray:
        if cell not in shares:
            middle = middle_of(rgb, sheets, game_map, cell)[0].reshape(-1, 3).astype(np.float64)
            mean = middle.mean(axis=0)
            shares[cell] = mean / max(float(mean.sum()), 1.0)
        return shares[cell]

    off = set()
    for terrain in {game_map.class_of(c) for c in flat}:
        group = [c for c in flat if game_map.class_of(c) is terrain]
        basis = group
        if len(basis) < MIN_OF_CLASS:
            basis = [c for c in free if game_map.class_of(c) is terrain]
        if len(basis) < MIN_OF_CLASS:
            continue
        typical = np.median(np.stack([share(c) for c in basis]), axis=0)
        off |= {c for c in group if float(np.abs(share(c) - typical).sum()) > OFF_COLOUR}
    return off


CODE_DETAIL: Final = 0.7
"""A cell's middle shows part of a code when, in a tenth of its 4 mm windows or more, at least
this share of the pixels sit on a sharp edge (a step across a third of the middle's grey range
within 0.6 mm). On development photos (12 ``phone`` tables) every piece measured 0.79 or more
and an objective with the upper half of its code struck out 0.89; the bare road and mountain
cells that the other tests leave in doubt, 0.53 at most."""


def shows_code_detail(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int
) -> bool:
    """Whether the middle of the cell shows the dense detail of a code's modules somewhere
    (:data:`CODE_DETAIL`): a piece whose code is damaged or partly covered still does."""
    middle, _, _ = middle_of(gray, sheets, game_map, cell)
    patch = middle.astype(np.float32)
    low, high = float(np.percentile(patch, 5)), float(np.percentile(patch, 95))
    kernel = np.ones((4, 4), np.uint8)
    spread = cv2.dilate(patch, kernel) - cv2.erode(patch, kernel)
    sharp = (spread >= (high - low) / 3).astype(np.float32)
    windows = cv2.boxFilter(sharp, -1, (round(4 * VIEW_PX_PER_MM),) * 2)
    return float(np.percentile(windows, 90)) >= CODE_DETAIL


def looks_bare(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int, *, strict: bool = True
) -> bool:
    """Whether the middle of the cell (where a tile's code would be) surely shows no code: too
    little contrast, a straight drawn line rather than modules, too few sharp edges, or (with
    ``strict``, on a road cell) next to none beside the road's edges. The
    thresholds sit well clear of every tile measured, so a tile is never taken for a bare cell;
    a bare cell that comes close is reported unreadable (unless the rules rule a step out)."""
    middle, reading, box = middle_of(gray, sheets, game_map, cell)
    if blown(middle):
        return False
    return bare_middle(middle, reading.pose, box, strict=strict) or (
        strict and bare_beside_road(middle, reading.pose, box, game_map, cell)
    )


def bare_middle(
    middle: np.ndarray,
    pose: BoardPose,
    box: tuple[float, float, float, float],
    *,
    strict: bool = True,
) -> bool:
    """:func:`looks_bare` for the cell ``box`` (mm, seen through ``pose``) whose ``middle`` is
    not blown out: flat evened either way (:func:`evenings`), or, with ``strict``, a straight
    line or too few sharp edges evened by the brightest paper. Never below
    :data:`MIN_PX_PER_MM`."""
    x, y, w, h = box
    resolution = _pixels_per_mm(pose, (x + w / 2, y + h / 2))
    if resolution < MIN_PX_PER_MM:
        return False
    closed, brightest = evenings(middle)
    sharp = resolution >= SHARP_PX_PER_MM
    return _bare_evened(closed, sharp, strict=False) or _bare_evened(
        brightest, sharp, strict=strict
    )


def _bare_evened(patch: np.ndarray, sharp: bool, *, strict: bool) -> bool:
    low, high = float(np.percentile(patch, 5)), float(np.percentile(patch, 95))
    if high - low < FLAT * high:
        return True
    if not strict:
        return False
    spread = float(patch.std()) + 1e-6
    along = min(float(patch.std(axis=1).mean()), float(patch.std(axis=0).mean())) / spread
    if along < (STRAIGHT if sharp else STRAIGHT_SOFT):
        return True
    edges = float(np.mean(sharp_edges(patch, high - low)))
    return edges < (MIN_EDGES if sharp else MIN_EDGES_SOFT)


def sharp_edges(patch: np.ndarray, contrast: float) -> np.ndarray:
    """The pixels of an evened ``patch`` on a sharp edge: a Sobel gradient above 0.15 of its
    5-95 % ``contrast`` (the step of a code's module seen at 6 px/mm passes it)."""
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1)
    return np.asarray(np.hypot(gx, gy) > 0.15 * 8 * contrast)


ROAD_REACH_MM: Final = 0.9
"""How far either side of a road edge that may be printed across a road cell its middle's
edges are set aside (:func:`companion.patrolis.roadside.road_band`): the pose's error and the
photo's blur. On the development photos below, bare road cells the other tests leave in doubt
kept up to 0.026 of their edges outside a 0.5 mm band, 0.011 outside 0.7 mm, 0.006 outside
0.9 mm; the tiles on road cells lost nothing measurable from 0.7 to 0.9 mm (0.236, 0.237)."""
BESIDE_ROAD: Final = 0.03
"""A road cell's middle with fewer sharp edges than this share of what lies outside that band
shows no code. Measured on development photos (30 ``phone`` tables and the 8 of 20 ``hard``
ones whose board was found, seeds apart from the benchmark's, each in normal and low ink):
the 252 bare cells where a road turns or meets another that the other tests left in doubt
show 0.006 at most; the 850 tiles and objectives on road cells, 0.237 at least (a ``hard``
photo's far side, 3.6 px/mm, sharp or not); every one of the 5 728 pieces seen, on any
terrain, still 0.15 beside the widest band a crossroads would set aside. A code's modules
cover its middle evenly, so the share outside the band follows the share over the whole
middle, which the other tests already hold to 0.10."""
BESIDE_ROAD_ROOM: Final = 0.2
"""The band must leave at least this share of the middle to judge by: a road cell that may
be a crossroads (every neighbour a road) leaves 0.024 and is never judged this way; a road
that may turn or meet another at a T leaves 0.22 to 0.47."""


def bare_beside_road(
    middle: np.ndarray,
    pose: BoardPose,
    box: tuple[float, float, float, float],
    game_map: Map,
    cell: int,
) -> bool:
    """Whether road ``cell`` (``box``, mm, seen through ``pose``), whose ``middle`` is not blown
    out, shows next to no sharp edge outside the band round every road edge that may be drawn
    across it (:data:`BESIDE_ROAD`): a curved road or a junction, not a code. Never below
    :data:`MIN_PX_PER_MM`, never for a cell that is not a road, and never when the band leaves
    too little of the middle (:data:`BESIDE_ROAD_ROOM`)."""
    x, y, w, h = box
    if _pixels_per_mm(pose, (x + w / 2, y + h / 2)) < MIN_PX_PER_MM:
        return False
    band = road_band(game_map, cell, box, middle_box(box), VIEW_PX_PER_MM, ROAD_REACH_MM)
    if band is None:
        return False
    beside = ~band
    if float(np.mean(beside)) < BESIDE_ROAD_ROOM:
        return False
    patch = brightest_evened(middle)
    low, high = float(np.percentile(patch, 5)), float(np.percentile(patch, 95))
    return float(np.mean(sharp_edges(patch, high - low)[beside])) < BESIDE_ROAD


WHITE_REACH_MM: Final = 4.0
"""The width over which the paper's light round each pixel of a cell's middle is taken: wider
than the largest dark patch of a code (a finder's eye, 1.5 mm), narrower than half the middle."""
_REACH: Final = cv2.getStructuringElement(
    cv2.MORPH_RECT, (round(WHITE_REACH_MM * VIEW_PX_PER_MM) | 1,) * 2
)


def evened(middle: np.ndarray) -> np.ndarray:
    """The middle divided by the paper's light round each pixel (scaled to 255): its
    morphological closing over :data:`WHITE_REACH_MM`, which fills a code's dark modules and a
    drawing's thin marks with the light round them but leaves a hard shadow's edge where it
    lies. So a shadow's edge across the cell is evened out: it neither inflates the spread the
    tests compare with (a code half in shadow would then show too few sharp edges and pass for
    bare) nor makes a bare cell look busy. Under even light this only rescales."""
    return _divided(middle, cv2.morphologyEx(middle.astype(np.float32), cv2.MORPH_CLOSE, _REACH))


def brightest_evened(middle: np.ndarray) -> np.ndarray:
    """The middle divided by the brightest paper within :data:`WHITE_REACH_MM` of each pixel
    (scaled to 255): the evening the looks tests were measured with (:func:`evenings`)."""
    return _divided(middle, cv2.dilate(middle.astype(np.float32), _REACH))


def evenings(middle: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The middle evened two ways: :func:`evened`, and divided by the brightest paper within
    :data:`WHITE_REACH_MM` of each pixel. The first is judged by its flatness alone: a tile
    whose code a grey sticker covers but for its rim (the server's covered photo) showed too few
    sharp edges evened by its closing (0.146, the bar 0.18) and passed for bare; the second by
    every looks test, as before. The brightest paper moves a shadow's edge half a reach into
    the shadow and leaves a dark band along it (bare water cells crossed by a shadow stayed
    unread: fresh ``shadow`` seeds 71009, 71017, 71018), but leaves the ground round a
    drawing's wide marks evener (the closing alone lost bare mountains of dim tables and three
    out-of-focus tables that had read exactly). On 13 765 tiles of 200 development tables
    (``defocus``, ``barrel``, ``shadow`` and ``low-light``, sharpened photos among them) neither
    way showed a tile bare: flatness 0.58 and 0.60 at the least (the bar is 0.45), rows 0.70 and
    0.69 (0.43), sharp edges 0.27 and 0.24 where the photo is sharp (0.18), 0.22 and 0.21 where
    it is not (0.10)."""
    return evened(middle), brightest_evened(middle)


def _divided(middle: np.ndarray, light: np.ndarray) -> np.ndarray:
    return np.asarray(255.0 * middle.astype(np.float32) / np.maximum(light, 1.0), dtype=np.float32)


def cell_pictures(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int
) -> tuple[np.ndarray, np.ndarray]:
    """The cell less a tenth of its side all round, rectified at :data:`VIEW_PX_PER_MM`, evened
    both ways (:func:`evenings`), slightly blurred against small misalignments and normalised:
    the pictures cells are compared by (normalised correlation, the mean of the product of two
    pictures evened the same way)."""
    reading, (x, y, w, h) = holder(sheets, game_map, cell)
    inset = 0.1 * w
    look = CascadeStep("look", VIEW_PX_PER_MM)
    patch, _ = look.patch(gray, reading.pose, (x + inset, y + inset, w - 2 * inset, h - 2 * inset))
    closed, brightest = (normalised(cv2.GaussianBlur(e, (0, 0), 1.5)) for e in evenings(patch))
    return closed, brightest


def normalised(picture: np.ndarray) -> np.ndarray:
    """``picture`` less its mean, over its spread."""
    return np.asarray((picture - picture.mean()) / (picture.std() + 1e-6))


def seen_closely(sheets: list[SheetReading], game_map: Map, cell: int) -> bool:
    """Whether the photo shows ``cell`` at :data:`MIN_PX_PER_MM` or more: closely enough for
    any test to call it bare."""
    reading, (x, y, w, h) = holder(sheets, game_map, cell)
    return _pixels_per_mm(reading.pose, (x + w / 2, y + h / 2)) >= MIN_PX_PER_MM


def holder(
    sheets: list[SheetReading], game_map: Map, cell: int
) -> tuple[SheetReading, tuple[float, float, float, float]]:
    """The sheet holding ``cell`` and the cell's box on it (mm)."""
    size = game_map.size
    for reading in sheets:
        try:
            return reading, reading.sheet.cell_box(cell % size, cell // size)
        except ValueError:
            continue
    raise ValueError(f"no sheet holds cell {cell}")


def _pixels_per_mm(pose: BoardPose, at: tuple[float, float]) -> float:
    """The photo's resolution around ``at`` (sheet mm): the geometric mean of its two axes."""
    x, y = at
    a, b, c = apply(pose.to_photo, np.array([[x, y], [x + 1.0, y], [x, y + 1.0]]))
    u, v = b - a, c - a
    return float(np.sqrt(abs(u[0] * v[1] - u[1] * v[0])))
