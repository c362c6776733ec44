"""The path a river or road is drawn along, in one place for the printed map and for the photo
reader that looks round it.

Import these names from here: the rules do not use them, so :mod:`patrolkit.games.patrolis`
does not re-export them. A line runs through its points (see
:mod:`~patrolkit.games.patrolis.grid`) cell by cell: straight across a cell when it leaves by the
edge facing the one it came in by, a quarter circle round the corner between two neighbouring
edges, or through the cell's centre where another line ends there (a hub: a junction, a town, a
confluence). Pieces are in any frame with the points (mm on a sheet, say): straight pieces
``(a, b)`` and cubic Bézier curves ``(a, c1, c2, b)``.

A road is drawn only across road cells and off the board's edge, so the pieces a road *could*
take through a cell are known from the terrain classes alone (:func:`possible_road_pieces`):
what a photo reader knows of a map it rebuilt from its code.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Final

from patrolkit.games.patrolis.grid import EDGES, Edge, Point, Terrain
from patrolkit.games.patrolis.terrain import Map

KAPPA: Final = 0.5523
"""Bézier control distance, in radii, of a quarter circle."""
ROAD_CASING_WIDTH: Final = 0.26
ROAD_FILL_WIDTH: Final = 0.15
"""A road's dark casing and the white fill over it, in cell widths: its sharp edges run at
half these widths either side of its path."""

XY = tuple[float, float]
Piece = tuple[XY, ...]
"""A straight piece ``(a, b)`` or a cubic Bézier curve ``(a, c1, c2, b)``."""


def line_segments(
    points: Sequence[XY],
    centres: Sequence[XY],
    hubs: Sequence[bool] = (),
) -> list[Piece]:
    """The pieces of a line through ``points``, each crossing one cell whose centre is in
    ``centres``: a straight piece ``(a, b)`` when ``a``, ``b`` and the centre are in line, else a
    quarter circle round the cell's corner as a Bézier curve ``(a, c1, c2, b)`` — or, in a cell
    marked in ``hubs`` (another line ends at its centre), two straight pieces through the centre,
    so the lines meet."""
    pieces: list[Piece] = []
    hub_list = list(hubs) or [False] * len(centres)
    for (a, b), m, hub in zip(pairwise(points), centres, hub_list, strict=True):
        cross = (a[0] - m[0]) * (b[1] - m[1]) - (a[1] - m[1]) * (b[0] - m[0])
        if abs(cross) < 1e-9:
            pieces.append((a, b))
        elif hub:
            pieces += [(a, m), (m, b)]
        else:
            c1 = (a[0] + KAPPA * (m[0] - a[0]), a[1] + KAPPA * (m[1] - a[1]))
            c2 = (b[0] + KAPPA * (m[0] - b[0]), b[1] + KAPPA * (m[1] - b[1]))
            pieces.append((a, c1, c2, b))
    return pieces


def hubs(game_map: Map, lines: Sequence[Sequence[Point]]) -> frozenset[int]:
    """The cells at whose centre one of ``lines`` ends (a junction, a town, a confluence)."""
    found = set()
    for line in lines:
        for point in (line[0], line[-1]):
            if point[0] % 2 and point[1] % 2:
                found.add((point[1] // 2) * game_map.size + point[0] // 2)
    return frozenset(found)


def flattened(piece: Piece, steps: int = 16) -> list[XY]:
    """The points of ``piece`` as a polyline: its two ends, or ``steps`` + 1 points along a
    Bézier curve (16 keep a quarter circle of a 20 mm cell within 0.02 mm)."""
    if len(piece) == 2:
        return list(piece)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = piece
    out = []
    for k in range(steps + 1):
        t = k / steps
        s = 1 - t
        a, b, c, d = s * s * s, 3 * s * s * t, 3 * s * t * t, t * t * t
        out.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return out


def road_openings(game_map: Map, cell: int) -> tuple[Edge, ...]:
    """The edges of road ``cell`` a road may cross: those towards a road cell or off the board
    (a road is only ever drawn across road cells)."""
    openings = []
    for edge in EDGES:
        ahead = game_map.neighbour(cell, edge)
        if ahead is None or game_map.class_of(ahead) is Terrain.ROAD:
            openings.append(edge)
    return tuple(openings)


_AT: Final = {Edge.N: (0.5, 0.0), Edge.E: (1.0, 0.5), Edge.S: (0.5, 1.0), Edge.W: (0.0, 0.5)}
"""Each edge's midpoint in a cell of side 1, from its top-left corner (y down the sheet)."""


def possible_road_pieces(
    game_map: Map, cell: int, box: tuple[float, float, float, float]
) -> list[Piece]:
    """Every piece a road may be drawn along across road ``cell`` seen as ``box`` (x, y, width,
    height, y down the sheet), knowing only the map's terrain classes: from each edge it may
    cross (:func:`road_openings`) to each other one (straight or round the corner, as
    :func:`line_segments` draws it), and to the centre (a road ending there). A drawn road
    follows some of them."""
    x, y, w, h = box
    centre = (x + w / 2, y + h / 2)
    at = {e: (x + u * w, y + v * h) for e, (u, v) in _AT.items()}
    openings = road_openings(game_map, cell)
    pieces: list[Piece] = [(at[e], centre) for e in openings]
    for first, second in combinations(openings, 2):
        pieces += line_segments([at[first], at[second]], [centre])
    return pieces
