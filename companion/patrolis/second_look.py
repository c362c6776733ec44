"""The second look at a Patrolis table: the cells still without a code, rectified through their
sheet and decoded again, and whether a cell where no code reads looks bare (:func:`looks_bare`)
or could hold no step by the rules (:func:`could_hold_steps`).

A cell blown out by glare (:func:`companion.patrolis.bare.blown`) never looks bare."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import cv2
import numpy as np

from companion.cascade import Step as CascadeStep
from companion.cascade import noise_level
from companion.decode import Decoder, Detection
from companion.patrolis.bare import (
    bare_middle,
    blown,
    cell_pictures,
    holder,
    looks_bare,
    middle_of,
    normalised,
    off_colour,
    seen_closely,
)
from companion.patrolis.reading import TileReading
from companion.patrolis.sheets import (
    MARGIN_MM,
    SECOND_LOOK,
    SheetReading,
)
from companion.patrolis.towns import drawn_as_towns
from patrolkit.errors import PayloadError
from patrolkit.games.patrolis import (
    EDGES,
    Map,
    Terrain,
)
from patrolkit.payload import (
    PatrolisObjective,
    PatrolisStep,
    decode,
)

# -- the second look -------------------------------------------------------------------------


@dataclass
class SecondLook:
    """What the second look found: the game's codes, the codes that are not the game's (a
    product label lying on the board), the cells that look bare, those blown out by glare,
    those under an even cover (:func:`off_colour`), how many cells a code was read in, and
    whether the photo is :data:`GRAINY` (judged when cells are compared with their class, so
    never in a sharpened photo), so that its :data:`DRAWN` classes are compared again once the
    tiles are matched (:func:`drawn_like_their_class`)."""

    codes: list[Detection] = field(default_factory=list)
    foreign: list[Detection] = field(default_factory=list)
    bare: set[int] = field(default_factory=set)
    glared: set[int] = field(default_factory=set)
    covered: set[int] = field(default_factory=set)
    read: int = 0
    grainy: bool = False


def second_look(
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    game_map: Map,
    cells: list[int],
    *,
    as_taken: np.ndarray,
    colour: np.ndarray,
) -> SecondLook:
    """Codes read in the cells still without one that are not flat, rectified through their
    sheet: upscaled, then — where the cell does not look bare — sharpened, evened and with
    adaptive contrast (:data:`~companion.patrolis.sheets.SECOND_LOOK`); the cells that look
    bare (flat in the colour of their terrain class in ``colour``, the photo in colour — a flat
    cell of another colour is covered, :func:`off_colour`, and never bare — or no code read and
    :func:`looks_bare`, or like the bare cells of their class or a bare town
    (:func:`~companion.patrolis.towns.drawn_as_towns`) unless the photo was sharpened:
    ``gray`` is a shaken or out-of-focus photo with its blur divided out, ``as_taken`` the photo
    before) and those blown out by glare, judged on the photo as taken (sharpening overshoots
    white paper and a code's light modules to the top grey level, as glare does)."""
    look = SecondLook()
    sharpened = as_taken is not gray
    flat = set()
    for cell in cells:
        middle, reading, box = middle_of(gray, sheets, game_map, cell)
        taken = middle_of(as_taken, sheets, game_map, cell)[0] if sharpened else middle
        if blown(taken):
            look.glared.add(cell)
        elif blown(middle):
            continue  # white overshoot of the sharpening: never bare, not glare either
        elif bare_middle(middle, reading.pose, box, strict=False):
            flat.add(cell)
    look.covered = off_colour(colour, sheets, game_map, flat, cells)
    look.bare = flat - look.covered
    first, *then = SECOND_LOOK
    remaining = _decoded(look, first, gray, reader, sheets, game_map, set(cells) - look.bare)
    look.bare |= {  # not decoded again: a cell that looks bare shows no code (see SECOND_LOOK)
        c for c in remaining - look.glared - look.covered if looks_bare(gray, sheets, game_map, c)
    }
    remaining -= look.bare
    for step in then:
        remaining = _decoded(look, step, gray, reader, sheets, game_map, remaining, clahe=True)
    undecided = sorted(remaining - look.glared - look.covered)
    if undecided and not sharpened:
        look.grainy = noise_level(gray, 3) >= GRAINY
        look.bare |= _like_their_class(
            gray,
            sheets,
            game_map,
            [c for c in cells if c not in look.glared],
            undecided,
            look.bare,
            grainy=look.grainy,
        )
        look.bare |= drawn_as_towns(
            gray, sheets, game_map, [c for c in undecided if c not in look.bare]
        )
    return look


def _decoded(
    look: SecondLook,
    step: CascadeStep,
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    game_map: Map,
    cells: set[int],
    *,
    clahe: bool = False,
) -> set[int]:
    """The ``cells`` where ``step`` reads none of the game's codes (each cell's patch read as
    it is, then, with ``clahe``, with adaptive contrast); the codes it reads are added to
    ``look``, the game's and the foreign ones."""
    contrast = cv2.createCLAHE(clipLimit=2.0, tileGridSize=(4, 4))
    still = set()
    for cell in sorted(cells):
        reading, (x, y, w, h) = holder(sheets, game_map, cell)
        box = (x - MARGIN_MM, y - MARGIN_MM, w + 2 * MARGIN_MM, h + 2 * MARGIN_MM)
        patch, to_photo = step.patch(gray, reading.pose, box)
        seen = reader.read(patch)
        if clahe and not any(ours(d.text) for d in seen):
            seen += reader.read(contrast.apply(patch))
        look.foreign += [d.moved(to_photo) for d in seen if not ours(d.text)]
        hits = [d.moved(to_photo) for d in seen if ours(d.text)]
        if hits:
            look.codes += hits
            look.read += 1
        else:
            still.add(cell)
    return still


# A photo whose blur was divided out is never compared by likeness: the thresholds below were
# measured on sharp photos, and a blurred tile sharpened back with the noise it amplifies
# correlated with its class's typical bare cell above them (``defocus`` seed 70027, three tiles).
LIKE_CLASS: Final = 0.45
"""A cell without a code whose picture correlates at least this well with the typical bare cell
of its terrain class is bare. On development photos (30 ``phone`` tables, 2 522 tiles) no tile
correlated above 0.31 with its class (0.17 on mountains); bare mountain cells, whose drawn peaks
the other tests take for a code's modules, correlate at 0.5 to 0.98."""
LIKE_CLASS_MIN_CELLS: Final = 4
"""Cells needed to make a class's typical bare cell. In a :data:`GRAINY` photo they are the
class's cells shown bare by their own looks, as many tiles' codes stay unread there: on a dim
``low-light`` table (dev seed 70017) 41 of 55 water cells had no code read and were not shown
bare, 13 of them unread tiles. The median of the cells without a code was a tile's picture, and
three tiles correlated with it at 0.43 to 0.47; with the typical made of the 11 water cells shown
bare, no tile of the table correlated above 0.24 (0.29 in any class)."""
GRAINY: Final = 4.0
"""A photo whose sensor noise (:func:`companion.cascade.noise_level`, grey levels) is at least
this is grainy: in it, the typical bare cell of a class is made of the cells shown bare by their
own looks. On 12 photos of each effect, ``phone``, barrel, shadow, curl and glare photos showed
1.6 to 3.1, messaging-app copies up to 3.8, ``low-light`` photos 4.7 to 7.8.

So are the mountains': their drawn peaks, which the other tests take for a code's modules,
leave few of them shown bare, and those the plainest, yet the median of all their cells without
a code holds the unread tiles too. On 40 ``low-light`` tables (dev seeds 71000-71039) mountain
tiles correlated with that median up to 0.56, and three unread ones of 71010 were called bare;
with the typical made of the cells shown bare, no mountain tile came above 0.24 (no tile of
another class above 0.36), and 171 of the 497 bare mountain cells left in doubt there were
still found bare (460 before)."""
DRAWN: Final = frozenset({Terrain.MOUNTAIN})
"""The classes whose drawing (a mountain's peaks) the other tests take for a code's modules,
so that in a :data:`GRAINY` photo few of their bare cells are shown bare by their own looks:
they are compared again once the tiles are matched, with the typical made of the class's cells
still without a code (:func:`drawn_like_their_class`). On the 40 ``low-light`` tables above,
matching read every mountain tile; no mountain tile correlated above 0.35 with that typical,
and 464 of the 497 bare mountain cells in doubt reached 0.45. Not so the other classes: water
tiles reached 0.55 with theirs (ten stayed unread), countryside tiles 0.51."""
LIKE_BARE_CELL: Final = 0.75
"""A cell without a code whose picture correlates at least this well with a cell of its class
already found bare is bare (a road cell drawn like another: roads run in several directions, so
their typical cell is no help). On 30 development tables no tile correlated above 0.54 with any
bare cell of its class (0.25 on roads), while most doubtful bare road cells find a twin above
0.85. Tiles correlate with one another up to 0.88, so only cells already found bare (by their
looks, or by a likeness) are compared with. On 160 development tables (fresh seeds 71000-71039
``shadow``, ``barrel`` and ``low-light``, and the ``low-light`` benchmark's 40: 12 515 tiles),
no tile correlated above 0.53 with any bare cell of its class (0.31 with the pictures evened by
the paper's closing), nor above 0.39 with its class's typical bare cell (0.30)."""


def _like_their_class(
    gray: np.ndarray,
    sheets: list[SheetReading],
    game_map: Map,
    free: list[int],
    cells: list[int],
    bare: set[int],
    *,
    grainy: bool,
) -> set[int]:
    """The ``cells`` that look like the bare cells of their terrain class: like the typical one
    (the pixelwise median of the class's ``free`` cells, those without a code read, nearly all
    bare; in a ``grainy`` photo, of those already found ``bare`` by their own looks) or like one
    of the class's cells already found ``bare``, by their looks or by these comparisons. Compared
    by normalised correlation at 6 px/mm, slightly blurred against small misalignments, each
    picture evened by the paper's light round it first (a hard shadow's edge across a tile and
    across a bare cell would otherwise make them alike), both ways
    (:func:`companion.patrolis.bare.evenings`) and each way on its own evidence. Never a cell
    the photo shows coarser than :data:`companion.patrolis.bare.MIN_PX_PER_MM` (a tile blurred
    that much looks like bare ground)."""
    by_class: dict[object, list[int]] = {}
    for cell in free:
        by_class.setdefault(game_map.class_of(cell), []).append(cell)
    alike: set[int] = set()
    for terrain in {game_map.class_of(c) for c in cells}:
        group = by_class.get(terrain, [])
        both = {c: cell_pictures(gray, sheets, game_map, c) for c in group}
        for way in range(2):  # each evening of the pictures on its own evidence
            pictures = {c: pair[way] for c, pair in both.items()}
            twins = [pictures[c] for c in group if c in bare]
            basis = twins if grainy else list(pictures.values())
            typical = None
            if len(basis) >= LIKE_CLASS_MIN_CELLS:
                typical = normalised(np.median(np.stack(basis), axis=0))
            pending = [
                c
                for c in cells
                if game_map.class_of(c) is terrain
                and c not in alike
                and seen_closely(sheets, game_map, c)
            ]
            while pending:  # a cell found bare is a twin the others are compared with in turn
                found = [
                    c
                    for c in pending
                    if (typical is not None and (pictures[c] * typical).mean() >= LIKE_CLASS)
                    or any((pictures[c] * twin).mean() >= LIKE_BARE_CELL for twin in twins)
                ]
                alike.update(found)
                twins += [pictures[c] for c in found]
                pending = [c for c in pending if c not in alike] if found else []
    return alike


def drawn_like_their_class(
    gray: np.ndarray,
    sheets: list[SheetReading],
    game_map: Map,
    free: list[int],
    cells: list[int],
    bare: set[int],
) -> set[int]:
    """In a grainy photo, once the tiles that could be matched are read: the ``cells`` of a
    :data:`DRAWN` class that look like its typical bare cell, made of its ``free`` cells (those
    still without a code), or like one of its cells found ``bare``
    (:func:`_like_their_class`)."""
    drawn = [c for c in cells if game_map.class_of(c) in DRAWN]
    return _like_their_class(gray, sheets, game_map, free, drawn, bare, grainy=False)


def could_hold_steps(
    game_map: Map, pieces: dict[int, TileReading], doubtful: set[int], across: set[int]
) -> set[int]:
    """The cells among ``doubtful`` (something may lie there, no code read) where the rules let
    a step lie, given the tiles read around them.

    Every step on the board belongs to a track whose steps join edge to edge; a track starts
    with a step on the border, and what a crossing cuts away leaves the crossing cell joined to
    the rest of its track. That rest reaches the border, unless the crossing was laid over the
    track's own earlier step and cut its start away: a loop through the crossing cell is left,
    with whatever runs on from it. So a step can lie on a doubtful cell only if that cell is on
    the border, or a line of a tile read next to it points into it, or a piece lies across
    cells next to it, or the doubtful cells joined to it close a loop, or a doubtful neighbour
    can hold a step: every cell of a group of doubtful cells joined edge to edge where one of
    them can."""
    able: set[int] = set()
    for group in _groups(game_map, doubtful):
        if _closes_a_loop(game_map, group) or any(
            game_map.on_border(cell) or _pointed_at(game_map, pieces, across, cell)
            for cell in group
        ):
            able |= group
    return able


def _groups(game_map: Map, cells: set[int]) -> list[set[int]]:
    """``cells`` split into groups of cells joined edge to edge."""
    groups: list[set[int]] = []
    left = set(cells)
    while left:
        group = {left.pop()}
        todo = list(group)
        while todo:
            cell = todo.pop()
            for edge in EDGES:
                ahead = game_map.neighbour(cell, edge)
                if ahead is not None and ahead in left:
                    left.discard(ahead)
                    group.add(ahead)
                    todo.append(ahead)
        groups.append(group)
    return groups


def _closes_a_loop(game_map: Map, group: set[int]) -> bool:
    """Whether the cells of ``group`` (joined edge to edge) go round in a loop somewhere: as
    many pairs of neighbours among them as cells, or more."""
    pairs = 0
    for cell in group:
        for edge in EDGES:
            ahead = game_map.neighbour(cell, edge)
            pairs += ahead is not None and ahead in group
    return pairs // 2 >= len(group)


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


LABEL_LOOKS: Final = 16
"""At most this many cells in doubt are looked round for a label."""


def labels_round(
    gray: np.ndarray,
    reader: Decoder,
    sheets: list[SheetReading],
    game_map: Map,
    cells: list[int],
) -> list[Detection]:
    """The codes that are not the game's read round the ``cells`` in doubt (each with its eight
    neighbours, rectified): a product label lying across cells, which no one cell's look
    holds whole."""
    found: list[Detection] = []
    for cell in cells[:LABEL_LOOKS]:
        reading, (x, y, w, h) = holder(sheets, game_map, cell)
        patch, to_photo = SECOND_LOOK[0].patch(gray, reading.pose, (x - w, y - h, 3 * w, 3 * h))
        found += [d.moved(to_photo) for d in reader.read(patch) if not ours(d.text)]
    return found
