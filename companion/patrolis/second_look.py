"""The second look at a Patrolis table: the cells still without a code, rectified through their
sheet and decoded again, and whether a cell where no code reads looks bare (:func:`looks_bare`)
or could hold no step by the rules (:func:`could_hold_steps`)."""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.decode import Decoder, Detection
from companion.patrolis.reading import TileReading
from companion.patrolis.sheets import (
    MARGIN_MM,
    SECOND_LOOK,
    SheetReading,
)
from companion.pose import BoardPose, apply
from patrolkit.errors import PayloadError
from patrolkit.games.patrolis import (
    EDGES,
    Map,
)
from patrolkit.payload import (
    PatrolisObjective,
    PatrolisStep,
    decode,
)

# -- the second look -------------------------------------------------------------------------


def _holder(
    sheets: list[SheetReading], game_map: Map, cell: int
) -> tuple[SheetReading, tuple[float, float, float, float]]:
    size = game_map.size
    for reading in sheets:
        try:
            return reading, reading.sheet.cell_box(cell % size, cell // size)
        except ValueError:
            continue
    raise ValueError(f"no sheet holds cell {cell}")


def second_look(
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    game_map: Map,
    cells: list[int],
) -> tuple[list[Detection], set[int], int]:
    """Codes read in the cells still without one that are not flat, rectified through their
    sheet: upscaled, then sharpened and with adaptive contrast. Returns the codes, the cells
    that look bare (flat, or no code read and :func:`looks_bare`) and how many cells were
    read."""
    found: list[Detection] = []
    remaining = list(cells)
    bare: set[int] = set()
    read = 0
    clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    bare = {c for c in remaining if looks_bare(gray, sheets, game_map, c, strict=False)}
    remaining = [c for c in remaining if c not in bare]
    for number, step in enumerate(SECOND_LOOK):
        strict = number > 0
        still = []
        for cell in remaining:
            reading, (x, y, w, h) = _holder(sheets, game_map, cell)
            box = (x - MARGIN_MM, y - MARGIN_MM, w + 2 * MARGIN_MM, h + 2 * MARGIN_MM)
            patch, to_photo = step.patch(gray, reading.pose, box)
            hits = [d for d in reader.read(patch) if ours(d.text)]
            if not hits and strict:
                hits = [d for d in reader.read(clahe.apply(patch)) if ours(d.text)]
            if hits:
                found += [d.moved(to_photo) for d in hits]
                read += 1
            else:
                still.append(cell)
        remaining = still
    bare |= {c for c in remaining if looks_bare(gray, sheets, game_map, c)}
    bare |= _like_their_class(
        gray, sheets, game_map, cells, [c for c in remaining if c not in bare], bare
    )
    return found, bare, read


LIKE_CLASS: Final = 0.45
"""A cell without a code whose picture correlates at least this well with the typical bare cell
of its terrain class is bare. On development photos (30 ``phone`` tables, 2 522 tiles) no tile
correlated above 0.31 with its class (0.17 on mountains); bare mountain cells, whose drawn peaks
the other tests take for a code's modules, correlate at 0.5 to 0.98."""
LIKE_CLASS_MIN_CELLS: Final = 4
"""Cells of a class without a code needed to make its typical bare cell."""
LIKE_BARE_CELL: Final = 0.75
"""A cell without a code whose picture correlates at least this well with a cell of its class
already found bare is bare (a road cell drawn like another: roads run in several directions, so
their typical cell is no help). On 30 development tables no tile correlated above 0.54 with any
bare cell of its class (0.25 on roads), while most doubtful bare road cells find a twin above
0.85. Tiles correlate with one another up to 0.88, so only cells already found bare are
compared with."""


def _like_their_class(
    gray: np.ndarray,
    sheets: list[SheetReading],
    game_map: Map,
    free: list[int],
    cells: list[int],
    bare: set[int],
) -> set[int]:
    """The ``cells`` that look like the bare cells of their terrain class: like the typical one
    (the pixelwise median of the class's ``free`` cells, those without a code read, nearly all
    bare) or like one of the class's cells already found ``bare``. Compared by normalised
    correlation at 6 px/mm, slightly blurred against small misalignments."""
    by_class: dict[object, list[int]] = {}
    for cell in free:
        by_class.setdefault(game_map.class_of(cell), []).append(cell)
    alike: set[int] = set()
    for terrain in {game_map.class_of(c) for c in cells}:
        group = by_class.get(terrain, [])
        pictures = {c: _cell_picture(gray, sheets, game_map, c) for c in group}
        twins = [pictures[c] for c in group if c in bare]
        typical = None
        if len(group) >= LIKE_CLASS_MIN_CELLS:
            typical = _normalised(np.median(np.stack(list(pictures.values())), axis=0))
        for cell in cells:
            if game_map.class_of(cell) is not terrain:
                continue
            picture = pictures[cell]
            like_typical = typical is not None and (picture * typical).mean() >= LIKE_CLASS
            if like_typical or any((picture * twin).mean() >= LIKE_BARE_CELL for twin in twins):
                alike.add(cell)
    return alike


def _cell_picture(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int
) -> np.ndarray:
    reading, (x, y, w, h) = _holder(sheets, game_map, cell)
    inset = 0.1 * w
    look = CascadeStep("look", _VIEW_PX_PER_MM)
    patch, _ = look.patch(gray, reading.pose, (x + inset, y + inset, w - 2 * inset, h - 2 * inset))
    return _normalised(cv2.GaussianBlur(patch.astype(np.float32), (0, 0), 1.5))


def _normalised(picture: np.ndarray) -> np.ndarray:
    return np.asarray((picture - picture.mean()) / (picture.std() + 1e-6))


def _pixels_per_mm(pose: BoardPose, at: tuple[float, float]) -> float:
    """The photo's resolution around ``at`` (sheet mm): the geometric mean of its two axes."""
    x, y = at
    a, b, c = apply(pose.to_photo, np.array([[x, y], [x + 1.0, y], [x, y + 1.0]]))
    u, v = b - a, c - a
    return float(np.sqrt(abs(u[0] * v[1] - u[1] * v[0])))


def could_hold_steps(
    game_map: Map, pieces: dict[int, TileReading], doubtful: set[int], across: set[int]
) -> set[int]:
    """The cells among ``doubtful`` (something may lie there, no code read) where the rules let
    a step lie, given the tiles read around them.

    Every step on the board belongs to a track whose steps join edge to edge; a track starts
    with a step on the border, and what a crossing cuts away always leaves the crossing cell
    joined to the rest of its track. So a step can lie on a doubtful cell only if that cell is
    on the border, or a line of a tile read next to it points into it, or a piece lies across
    cells next to it, or a doubtful neighbour can hold a step."""
    able: set[int] = set()
    todo = []
    for cell in doubtful:
        if game_map.on_border(cell) or _pointed_at(game_map, pieces, across, cell):
            able.add(cell)
            todo.append(cell)
    while todo:
        cell = todo.pop()
        for edge in EDGES:
            ahead = game_map.neighbour(cell, edge)
            if ahead is not None and ahead in doubtful and ahead not in able:
                able.add(ahead)
                todo.append(ahead)
    return able


def _pointed_at(game_map: Map, pieces: dict[int, TileReading], across: set[int], cell: int) -> bool:
    for edge in EDGES:
        ahead = game_map.neighbour(cell, edge)
        if ahead is None:
            continue
        if ahead in across:
            return True
        piece = pieces.get(ahead)
        tile = piece.tile if piece is not None else None
        if tile is not None and any(edge.opposite in pair for pair in tile.lines):
            return True
    return False


def ours(text: str) -> bool:
    try:
        return isinstance(decode(text), PatrolisStep | PatrolisObjective)
    except PayloadError:
        return False


_VIEW_PX_PER_MM: Final = 6.0
# The thresholds below were measured on development photos (the virtual camera's ``phone``
# preset, seeds apart from the benchmark's): 5 455 tiles and 12 209 bare cells. They only
# decide between *empty* and *unreadable* for a cell where no code could be read, after every
# cell that is not flat was decoded again; a tile that cannot be decoded and still falls below
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


def looks_bare(
    gray: np.ndarray, sheets: list[SheetReading], game_map: Map, cell: int, *, strict: bool = True
) -> bool:
    """Whether the middle of the cell (where a tile's code would be) surely shows no code: too
    little contrast, a straight drawn line rather than modules, or too few sharp edges. The
    thresholds sit well clear of every tile measured, so a tile is never taken for a bare cell;
    a bare cell that comes close is reported unreadable (unless the rules rule a step out)."""
    reading, (x, y, w, h) = _holder(sheets, game_map, cell)
    inner = 0.2 * w
    look = CascadeStep("look", _VIEW_PX_PER_MM)
    patch, _ = look.patch(gray, reading.pose, (x + inner, y + inner, w - 2 * inner, h - 2 * inner))
    patch = patch.astype(np.float32)
    low, high = float(np.percentile(patch, 5)), float(np.percentile(patch, 95))
    if high - low < FLAT * high:
        return True
    if not strict:
        return False
    sharp = _pixels_per_mm(reading.pose, (x + w / 2, y + h / 2)) >= SHARP_PX_PER_MM
    spread = float(patch.std()) + 1e-6
    along = min(float(patch.std(axis=1).mean()), float(patch.std(axis=0).mean())) / spread
    if along < (STRAIGHT if sharp else STRAIGHT_SOFT):
        return True
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1)
    edges = float(np.mean(np.hypot(gx, gy) > 0.15 * 8 * (high - low)))
    return edges < (MIN_EDGES if sharp else MIN_EDGES_SOFT)
