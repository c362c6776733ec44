"""Read a photo of a Patrolis table: the map, every step tile's cell, shape, rotation and owner,
the objectives still on the map, and what could not be read.

:func:`read_photo` runs the pipeline:

1. load the photo and decode every QR code in it (:mod:`companion.decode`): the whole photo,
   then — unless that already located every sheet and gave the whole map code — overlapping
   windows of it (:func:`companion.patrolis.sheets.read_codes`);
2. rebuild the map from its code's parts (every sheet prints all of them; parts the photo pass
   missed are looked for where each located sheet carries them), or refuse naming the part
   that is missing;
3. one homography per board sheet, from its corner codes (RANSAC over their corners, with the
   corner codes and map-code parts missed looked for where a first pose puts them): the sheets
   of a board are laid by hand, each a little off, so each is located on its own, and only from
   two codes or more that agree. The board is found only when every sheet is; otherwise a
   one-line :class:`PhotoError` names the sheets missing;
4. each tile and objective code to its cell through the homography of the sheet under it (the
   sheet on top where two overlap); its rotation from the code's top edge in that sheet's frame,
   in quarter turns; its shape and owner from the payload. A tile whose centre is more than
   :data:`ACROSS_MM` from its cell's centre lies across two cells: it is reported with where,
   not placed;
5. a second look at every cell still without a code, rectified through its sheet
   (:mod:`companion.cascade`): upscaled, then — where the cell does not look bare — sharpened
   and with adaptive contrast;
6. a cell where no code reads is empty only when it looks bare (:func:`_looks_bare`) or when
   the rules rule a step out there (:func:`_could_hold_steps`); otherwise it is reported
   unreadable, never guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.clock import Clock
from companion.decode import Decoder, Detection, decoder_named
from companion.load import load_picture
from companion.patrolis.sheets import (
    MARGIN_MM,
    SECOND_LOOK,
    SheetReading,
    locate_board,
    read_codes,
    sort_codes,
    unique_codes,
)
from companion.pose import BoardPose, apply
from patrolkit.errors import PayloadError
from patrolkit.games.patrolis import (
    EDGES,
    Map,
    Shape,
    Tile,
    View,
    cell_name,
)
from patrolkit.payload import (
    PatrolisObjective,
    PatrolisStep,
    decode,
)

ACROSS_MM: Final = 5.5
"""A code centre further than this from its cell's centre (along x or y) lies across cells."""
TURN_SLACK_DEG: Final = 25.0
"""A code turned further than this from a quarter turn (in its sheet's frame) is not read."""


@dataclass(frozen=True)
class TileReading:
    """A step tile or objective read: its payload, cell, what it shows, and which pass read it."""

    payload: str
    cell: int
    tile: Tile | None
    """``None`` for an objective."""
    objective: str | None
    """The objective's colour letter, or ``None`` for a step tile."""
    corners_px: np.ndarray
    stage: str


@dataclass(frozen=True)
class Unreadable:
    """A cell that could not be read: why, in one sentence, and the photo point concerned."""

    cell: int | None
    reason: str
    at_px: tuple[float, float] | None = None


@dataclass(frozen=True)
class PatrolisReading:
    """What one photo shows of a Patrolis table."""

    game_map: Map
    cell_mm: float
    sheets: tuple[SheetReading, ...]
    tiles: dict[int, TileReading]
    objectives: dict[int, TileReading]
    unreadable: tuple[Unreadable, ...]
    foreign: tuple[tuple[str, tuple[float, float]], ...]
    problems: tuple[str, ...]
    photo_size: tuple[int, int]
    decoder: str
    passes: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def view(self) -> View | None:
        """The table as the rules see it, or ``None`` while anything is unreadable."""
        if self.unreadable:
            return None
        tiles = tuple(self.tiles[c].tile if c in self.tiles else None for c in self.game_map.cells)
        return View(tiles, frozenset(self.objectives))

    def sheet_of(self, cell: int) -> SheetReading:
        """The sheet holding ``cell``."""
        size = self.game_map.size
        for reading in self.sheets:
            first_column, columns, first_row, rows = reading.sheet.cells
            if first_column <= cell % size < first_column + columns and (
                first_row <= cell // size < first_row + rows
            ):
                return reading
        raise ValueError(f"no sheet holds cell {cell}")

    def cell_quad(self, cell: int, shrink: float = 0.0) -> np.ndarray:
        """The corners of ``cell`` in photo pixels (through its sheet's pose)."""
        reading = self.sheet_of(cell)
        x, y, w, h = reading.sheet.cell_box(cell % self.game_map.size, cell // self.game_map.size)
        d = shrink * w
        corners = np.array(
            [[x + d, y + d], [x + w - d, y + d], [x + w - d, y + h - d], [x + d, y + h - d]]
        )
        return apply(reading.pose.to_photo, corners)


def read_photo(source: Path | str | bytes, *, decoder: str = "zxing") -> PatrolisReading:
    """Read the Patrolis table in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` when the file is not a readable photo, shows no Patrolis board,
    its map code cannot be rebuilt, or a sheet of the board is not in it.
    """
    clock = Clock()

    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    found = sort_codes(read_codes(picture.gray, reader))
    clock.lap("decode")
    game_map, sheets = locate_board(found, picture.gray, reader)
    cell_mm = sheets[0].sheet.cell_mm
    clock.lap("pose")
    pieces, problems = _place(found.pieces, sheets, game_map, cell_mm, "photo")
    clock.lap("cells")
    unreadable = [u for u in problems if isinstance(u, Unreadable)]
    missing = [c for c in game_map.cells if c not in pieces and c not in _across_cells(unreadable)]
    more, bare, read = _second_look(picture.gray, reader, sheets, game_map, missing)
    extra, extra_problems = _place(more, sheets, game_map, cell_mm, "second look")
    for cell, piece in extra.items():
        pieces.setdefault(cell, piece)
    unreadable += [u for u in extra_problems if isinstance(u, Unreadable)]
    clock.lap("second look")
    doubtful = {c for c in missing if c not in pieces and c not in bare}
    for cell in sorted(_could_hold_steps(game_map, pieces, doubtful, _across_cells(unreadable))):
        unreadable.append(
            Unreadable(
                cell,
                f"Something lies on {cell_name(game_map.size, cell)}, but no code could be"
                " read there.",
                _centre_px(sheets, game_map, cell_mm, cell),
            )
        )
    clock.lap("occupancy")
    tiles = {c: p for c, p in pieces.items() if p.tile is not None}
    objectives = {c: p for c, p in pieces.items() if p.tile is None}
    sentences = [u.reason for u in unreadable]
    sentences += [
        f"A QR code that is not part of this game is on the table ({why})."
        for why, _ in found.foreign
    ]
    for reading in sheets:
        if reading.set_aside:
            names = ", ".join(c.value for c in reading.set_aside)
            sentences.append(
                f"Sheet {reading.name}'s {names} corner code does not line up with the sheet;"
                " it was left out."
            )
    return PatrolisReading(
        game_map=game_map,
        cell_mm=cell_mm,
        sheets=tuple(sheets),
        tiles=tiles,
        objectives=objectives,
        unreadable=tuple(sorted(unreadable, key=lambda u: (u.cell is None, u.cell or 0))),
        foreign=tuple(found.foreign),
        problems=tuple(sentences),
        photo_size=(picture.width, picture.height),
        decoder=reader.name,
        passes={"photo": len(found.pieces), "tried": len(missing), "second look": read},
        timings=clock.timings(),
    )


# -- pieces to cells ---------------------------------------------------------------------------


def _sheet_under(
    sheets: list[SheetReading], centre: np.ndarray
) -> tuple[SheetReading, np.ndarray] | None:
    """The sheet on top under the photo point ``centre``, and the point in its frame."""
    for reading in reversed(sheets):  # lapping sheets (laid later) first
        local = apply(reading.pose.to_board, centre[None, :])[0]
        if 0 <= local[0] < reading.sheet.width and 0 <= local[1] < reading.sheet.height:
            return reading, local
    return None


def _place(
    detections: list[Detection],
    sheets: list[SheetReading],
    game_map: Map,
    cell_mm: float,
    stage: str,
) -> tuple[dict[int, TileReading], list[Unreadable]]:
    """Each tile or objective code to its cell; what lies across cells, off the board, turned
    between quarters or twice on a cell is reported instead."""
    size = game_map.size
    placed: dict[int, TileReading] = {}
    problems: list[Unreadable] = []
    doubled: set[int] = set()
    for detection in unique_codes(detections):
        item = decode(detection.text)
        centre = detection.centre
        at = (round(float(centre[0]), 1), round(float(centre[1]), 1))
        under = _sheet_under(sheets, centre)
        what = _describe(item)
        if under is None:
            problems.append(Unreadable(None, f"{what} lies off the board; it was left out.", at))
            continue
        reading, local = under
        first_column, _, first_row, rows = reading.sheet.cells
        fx, fy = local / cell_mm
        column = first_column + int(fx)
        row = first_row + rows - 1 - int(fy)
        cell = row * size + column
        off_x, off_y = (fx % 1 - 0.5) * cell_mm, (fy % 1 - 0.5) * cell_mm
        if abs(off_x) > ACROSS_MM or abs(off_y) > ACROSS_MM:
            other_column = column + (0 if abs(off_x) <= ACROSS_MM else (1 if off_x > 0 else -1))
            other_row = row - (0 if abs(off_y) <= ACROSS_MM else (1 if off_y > 0 else -1))
            names = [cell_name(size, cell)]
            if 0 <= other_column < size and 0 <= other_row < size:
                names.append(cell_name(size, other_row * size + other_column))
            problems.append(
                Unreadable(
                    cell,
                    f"{what} lies across {' and '.join(names)}: push it onto one cell.",
                    at,
                )
            )
            continue
        top = apply(reading.pose.to_board, detection.corners[:2])
        angle = math.degrees(math.atan2(top[1, 1] - top[0, 1], top[1, 0] - top[0, 0]))
        quarter = round(angle / 90.0)
        if abs(angle - 90.0 * quarter) > TURN_SLACK_DEG:
            problems.append(
                Unreadable(
                    cell,
                    f"{what} on {cell_name(size, cell)} is turned askew: turn it square to the"
                    " grid.",
                    at,
                )
            )
            continue
        if isinstance(item, PatrolisStep):
            tile: Tile | None = Tile(Shape(item.shape), quarter % 4, item.player - 1)
            colour = None
        else:
            assert isinstance(item, PatrolisObjective)
            tile, colour = None, item.colour
        if cell in placed or cell in doubled:
            doubled.add(cell)
            placed.pop(cell, None)
            problems.append(
                Unreadable(
                    cell, f"Two pieces lie on {cell_name(size, cell)}; a cell holds one.", at
                )
            )
            continue
        placed[cell] = TileReading(detection.text, cell, tile, colour, detection.corners, stage)
    return placed, problems


def _describe(item: object) -> str:
    if isinstance(item, PatrolisStep):
        shape = {"S": "straight", "C": "curve", "X": "crossing"}[item.shape]
        return f"A {shape} step of Player {item.player} (tile {item.serial:02d})"
    if isinstance(item, PatrolisObjective):
        colour = {"B": "blue", "R": "red", "G": "green", "Y": "yellow"}[item.colour]
        return f"The {colour} objective {item.number}"
    return "A piece"


def _across_cells(unreadable: list[Unreadable]) -> set[int]:
    return {u.cell for u in unreadable if u.cell is not None}


def _centre_px(
    sheets: list[SheetReading], game_map: Map, cell_mm: float, cell: int
) -> tuple[float, float]:
    size = game_map.size
    for reading in sheets:
        try:
            x, y, w, h = reading.sheet.cell_box(cell % size, cell // size)
        except ValueError:
            continue
        point = apply(reading.pose.to_photo, np.array([[x + w / 2, y + h / 2]]))[0]
        return (round(float(point[0]), 1), round(float(point[1]), 1))
    return (0.0, 0.0)


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


def _second_look(
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    game_map: Map,
    cells: list[int],
) -> tuple[list[Detection], set[int], int]:
    """Codes read in the cells still without one that are not flat, rectified through their
    sheet: upscaled, then sharpened and with adaptive contrast. Returns the codes, the cells
    that look bare (flat, or no code read and :func:`_looks_bare`) and how many cells were
    read."""
    found: list[Detection] = []
    remaining = list(cells)
    bare: set[int] = set()
    read = 0
    clahe = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    bare = {c for c in remaining if _looks_bare(gray, sheets, game_map, c, strict=False)}
    remaining = [c for c in remaining if c not in bare]
    for number, step in enumerate(SECOND_LOOK):
        strict = number > 0
        still = []
        for cell in remaining:
            reading, (x, y, w, h) = _holder(sheets, game_map, cell)
            box = (x - MARGIN_MM, y - MARGIN_MM, w + 2 * MARGIN_MM, h + 2 * MARGIN_MM)
            patch, to_photo = step.patch(gray, reading.pose, box)
            hits = [d for d in reader.read(patch) if _ours(d.text)]
            if not hits and strict:
                hits = [d for d in reader.read(clahe.apply(patch)) if _ours(d.text)]
            if hits:
                found += [d.moved(to_photo) for d in hits]
                read += 1
            else:
                still.append(cell)
        remaining = still
    bare |= {c for c in remaining if _looks_bare(gray, sheets, game_map, c)}
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


def _could_hold_steps(
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


def _ours(text: str) -> bool:
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


def _looks_bare(
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
