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
   and with adaptive contrast; codes that are not the game's read there (a product label lying
   on the board) are reported like those of the photo pass;
6. a cell still without a code where a piece may lie (7. below) and that does not look bare is
   compared with every code a kit can print (:mod:`companion.patrolis.tilematch`); a code
   matched clearly, and read nowhere else, is placed as in 4.;
7. a cell where no code reads is empty only when it looks bare (:func:`looks_bare`, or like
   its terrain class's bare cells — in a grainy photo, a mountain cell once its class's tiles
   are matched, :func:`drawn_like_their_class`; never where glare blows it out) or when
   nothing can lie there: no step by the rules
   (:func:`could_hold_steps`) and no objective — every objective of the kit is read, or the
   cell is not blown out and shows no part of a code (:func:`shows_code_detail`). Otherwise
   it is reported unreadable with where, never guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Final

import numpy as np

from companion.clock import Clock
from companion.deblur import first_pass
from companion.decode import Detection, decoder_named
from companion.load import load_picture
from companion.patrolis.bare import MIN_PX_PER_MM, seen_closely, shows_code_detail
from companion.patrolis.reading import PatrolisReading, TileReading, Unreadable
from companion.patrolis.second_look import (
    could_hold_steps,
    drawn_like_their_class,
    labels_round,
    second_look,
)
from companion.patrolis.sheets import Found, SheetReading, locate_board, read_codes, sort_codes
from companion.patrolis.tilematch import match_cell
from companion.pose import apply, rounded_px
from companion.sheets import (
    across,
    cell_at,
    cell_centre_px,
    photo_problems,
    sheet_under,
    unique_codes,
)
from patrolkit.errors import PhotoError
from patrolkit.games.patrolis import (
    DEFAULT_OBJECTIVES,
    Colour,
    Map,
    Shape,
    Tile,
    cell_name,
)
from patrolkit.i18n import _
from patrolkit.payload import (
    PatrolisObjective,
    PatrolisStep,
    decode,
)

ACROSS_MM: Final = 5.5
"""A code centre further than this from its cell's centre (along x or y) lies across cells."""
TURN_SLACK_DEG: Final = 25.0
"""A code turned further than this from a quarter turn (in its sheet's frame) is not read."""


def read_photo(source: Path | str | bytes, *, decoder: str = "zxing") -> PatrolisReading:
    """Read the Patrolis table in the photo ``source`` (a path or the file's bytes).

    Raises :class:`PhotoError` when the file is not a readable photo, shows no Patrolis board,
    its map code cannot be rebuilt, or a sheet of the board is not in it.
    """
    clock = Clock()

    picture = load_picture(source)
    reader = decoder_named(decoder)
    clock.lap("load")
    scanned = first_pass(picture.gray, reader, picture.rgb)
    as_taken = picture.gray  # glare is judged on the photo as taken: sharpening overshoots white
    picture = replace(picture, gray=scanned.gray)
    found = sort_codes(read_codes(picture.gray, reader, first=scanned.codes))
    clock.lap("decode")
    game_map, sheets = locate_board(found, picture.gray, reader)
    _check_resolution(sheets, game_map)
    cell_mm = sheets[0].sheet.cell_mm
    clock.lap("pose")
    pieces, problems = _place(found.pieces, sheets, game_map, cell_mm, "photo")
    clock.lap("cells")
    unreadable = [u for u in problems if isinstance(u, Unreadable)]
    missing = [c for c in game_map.cells if c not in pieces and c not in _across_cells(unreadable)]
    look = second_look(
        picture.gray, reader, sheets, game_map, missing, as_taken=as_taken, colour=picture.rgb
    )
    extra, extra_problems = _place(look.codes, sheets, game_map, cell_mm, "second look")
    for cell, piece in extra.items():
        pieces.setdefault(cell, piece)
    unreadable += [u for u in extra_problems if isinstance(u, Unreadable)]
    _add_foreign(found, look.foreign)
    clock.lap("second look")
    doubtful = {c for c in missing if c not in pieces and c not in look.bare}
    tried: set[int] = set()
    detail = cache(partial(shows_code_detail, picture.gray, sheets, game_map))
    while True:  # a piece matched may let a step lie beside it: those cells are matched too
        step_cells, objective_cells = _can_lie(
            game_map, pieces, doubtful, look.glared, unreadable, detail
        )
        cells = sorted(doubtful & (step_cells | objective_cells) - tried)
        tried |= set(cells)
        matched = _matched(picture.gray, sheets, game_map, pieces, cells, step_cells)
        if not matched:
            break
        extra, extra_problems = _place(matched, sheets, game_map, cell_mm, "matched")
        for cell, piece in extra.items():
            pieces.setdefault(cell, piece)
        unreadable += [u for u in extra_problems if isinstance(u, Unreadable)]
        doubtful -= set(extra) | _across_cells(extra_problems)
    if look.grainy:  # the mountains, their tiles matched, are compared with their class again
        free = [c for c in missing if c not in pieces and c not in look.glared]
        candidates = sorted(doubtful - look.glared - look.covered)
        alike = drawn_like_their_class(picture.gray, sheets, game_map, free, candidates, look.bare)
        if alike:
            doubtful -= alike
            step_cells, objective_cells = _can_lie(
                game_map, pieces, doubtful, look.glared, unreadable, detail
            )
    clock.lap("matched")
    unseen = _unseen(
        doubtful,
        look.glared,
        step_cells | objective_cells,
        lambda cell: _centre_px(sheets, game_map, cell_mm, cell),
        game_map,
    )
    unreadable += unseen
    in_doubt = [u.cell for u in unseen if u.cell is not None]
    _add_foreign(found, labels_round(picture.gray, reader, sheets, game_map, in_doubt))
    clock.lap("occupancy")
    tiles = {c: p for c, p in pieces.items() if p.tile is not None}
    objectives = {c: p for c, p in pieces.items() if p.tile is None}
    sentences = [u.reason for u in unreadable] + photo_problems(found.foreign, sheets)
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
        passes={
            "photo": len(found.pieces),
            "tried": len(missing),
            "second look": look.read,
            "matched": sum(p.stage == "matched" for p in pieces.values()),
        },
        timings=clock.timings(),
    )


# -- what is not seen ------------------------------------------------------------------------


def _can_lie(
    game_map: Map,
    pieces: dict[int, TileReading],
    doubtful: set[int],
    glared: set[int],
    unreadable: list[Unreadable],
    shows_detail: Callable[[int], bool],
) -> tuple[set[int], set[int]]:
    """Of the ``doubtful`` cells (no code read, not seen bare), those where a step may lie by
    the rules (:func:`could_hold_steps`), and those where an objective may lie while one of the
    kit's is not read: where glare hides the cell, or it shows part of a code
    (``shows_detail``: :func:`shows_code_detail`, kept from one round of matching to the
    next)."""
    steps = could_hold_steps(game_map, pieces, doubtful, _across_cells(unreadable))
    if _objectives_read(pieces) >= len(DEFAULT_OBJECTIVES):
        return steps, set()
    hidden = doubtful & glared
    return steps, hidden | {c for c in doubtful - steps - hidden if shows_detail(c)}


def _matched(
    gray: np.ndarray,
    sheets: list[SheetReading],
    game_map: Map,
    pieces: dict[int, TileReading],
    cells: list[int],
    steps: set[int],
) -> list[Detection]:
    """The codes of the ``cells`` read by matching (:func:`match_cell`) against the pieces that
    may lie on each: a step on ``steps``, an objective anywhere while one of the kit's is not
    read. Each code at most once, and none of them a code read elsewhere in the photo."""
    read = {p.payload for p in pieces.values()}
    objective = {"objective"} if _objectives_read(pieces) < len(DEFAULT_OBJECTIVES) else set()
    matches = []
    for cell in cells:
        kinds = frozenset(objective | ({"step"} if cell in steps else set()))
        match = match_cell(gray, sheets, game_map, cell, kinds, read)
        if match is not None:
            matches.append(match.detection)
    texts = [m.text for m in matches]
    return [m for m in matches if texts.count(m.text) == 1]


def _objectives_read(pieces: dict[int, TileReading]) -> int:
    return sum(p.objective is not None for p in pieces.values())


def _unseen(
    doubtful: set[int],
    glared: set[int],
    can_lie: set[int],
    centre: Callable[[int], tuple[float, float]],
    game_map: Map,
) -> list[Unreadable]:
    """The ``doubtful`` cells (no code read, not seen bare) where a piece may lie (``can_lie``),
    as unreadable; on the others nothing can lie, and they are empty."""
    unseen = []
    for cell in sorted(doubtful & can_lie):
        name = cell_name(game_map.size, cell)
        if cell in glared:
            reason = _(
                "Glare hides {cell}: a piece may lie there, but no code could be read."
            ).format(cell=name)
        else:
            reason = _("Something lies on {cell}, but no code could be read there.").format(
                cell=name
            )
        unseen.append(Unreadable(cell, reason, centre(cell)))
    return unseen


def _add_foreign(found: Found, detections: list[Detection]) -> None:
    """Codes that are not the game's, read by the second look, added to those the photo pass
    read (once each)."""
    for detection in unique_codes(detections):
        centre = detection.centre
        if any(np.hypot(centre[0] - x, centre[1] - y) < 20 for _why, (x, y) in found.foreign):
            continue
        more = sort_codes([detection])
        found.foreign += more.foreign
        found.other_games += more.other_games


# -- pieces to cells ---------------------------------------------------------------------------


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
        at = rounded_px(centre)
        under = sheet_under(sheets, centre)
        what = _describe(item)
        if under is None:
            problems.append(
                Unreadable(
                    None, _("{piece} lies off the board; it was left out.").format(piece=what), at
                )
            )
            continue
        reading, local = under
        column, row, off_x, off_y = cell_at(reading, local, cell_mm)
        cell = row * size + column
        other = across(column, row, off_x, off_y, ACROSS_MM)
        if other is not None:
            other_column, other_row = other
            names = [cell_name(size, cell)]
            if 0 <= other_column < size and 0 <= other_row < size:
                names.append(cell_name(size, other_row * size + other_column))
            if len(names) == 1:
                text = _("{piece} lies across {cell}: push it onto one cell.")
            else:
                text = _("{piece} lies across {cell} and {other}: push it onto one cell.")
            problems.append(
                Unreadable(cell, text.format(piece=what, cell=names[0], other=names[-1]), at)
            )
            continue
        top = apply(reading.pose.to_board, detection.corners[:2])
        angle = math.degrees(math.atan2(top[1, 1] - top[0, 1], top[1, 0] - top[0, 0]))
        quarter = round(angle / 90.0)
        if abs(angle - 90.0 * quarter) > TURN_SLACK_DEG:
            problems.append(
                Unreadable(
                    cell,
                    _("{piece} on {cell} is turned askew: turn it square to the grid.").format(
                        piece=what, cell=cell_name(size, cell)
                    ),
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
                    cell,
                    _("Two pieces lie on {cell}; a cell holds one.").format(
                        cell=cell_name(size, cell)
                    ),
                    at,
                )
            )
            continue
        placed[cell] = TileReading(detection.text, cell, tile, colour, detection.corners, stage)
    return placed, problems


def _describe(item: object) -> str:
    if isinstance(item, PatrolisStep):
        text = {
            "S": _("A straight step of Player {number} (tile {serial})"),
            "C": _("A curve step of Player {number} (tile {serial})"),
            "X": _("A crossing step of Player {number} (tile {serial})"),
        }[item.shape]
        return text.format(number=item.player, serial=f"{item.serial:02d}")
    if isinstance(item, PatrolisObjective):
        colour = Colour(item.colour).said
        return _("The {colour} objective {number}").format(colour=colour, number=item.number)
    return _("A piece")


def _across_cells(unreadable: list[Unreadable]) -> set[int]:
    return {u.cell for u in unreadable if u.cell is not None}


def _centre_px(
    sheets: list[SheetReading], game_map: Map, cell_mm: float, cell: int
) -> tuple[float, float]:
    size = game_map.size
    for reading in sheets:
        try:
            box = reading.sheet.cell_box(cell % size, cell // size)
        except ValueError:
            continue
        return cell_centre_px(reading.pose.to_photo, box)
    return (0.0, 0.0)


def _check_resolution(sheets: list[SheetReading], game_map: Map) -> None:
    """:class:`PhotoError` when the photo shows most of the board too coarsely for any cell
    without a code to be called bare (:data:`MIN_PX_PER_MM`): every such cell would be
    unreadable, so the players are asked for a closer or fuller photo instead."""
    close = sum(seen_closely(sheets, game_map, cell) for cell in game_map.cells)
    if close < len(game_map.cells) / 2:
        raise PhotoError(
            _(
                "This photo shows the Patrolis board too small to read its bare cells (under"
                " {pixels} pixels a millimetre): take it closer, or send the photo itself"
                " rather than a messaging app's smaller copy."
            ).format(pixels=f"{MIN_PX_PER_MM:g}")
        )
