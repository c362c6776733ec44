"""Laying a Patrolis table for the virtual camera: the first map's sheets as a player assembles
them, and the step tiles and objectives on their cells."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.camera.lens import Array
from companion.camera.patrolis.kit import PatrolisKitRaster, tile_stock, tiles_needed
from companion.camera.sheets import Cut, Pose, cut_sheet, lay_sheets
from companion.camera.table import rigid, transform
from patrolkit.errors import KitError
from patrolkit.games.patrolis import (
    Shape,
    State,
    Tile,
    rotation_of,
)
from patrolkit.i18n import _
from patrolkit.manifest import Item

TILE_SHIFT_MM = 0.5
TILE_TURN_DEG = 1.5
TILE_OVERLAP_MM = 1.0
"""Neighbouring tiles may ride this far onto each other (into the code's quiet zone) where two
sheets lie a little closer than they should; beyond, a tile is slid away."""
CARD_MM = 0.5
"""The tiles' card, for their shadows."""


# -- laying the table ---------------------------------------------------------------------


@dataclass(frozen=True)
class Laid:
    """A piece on the table: its manifest item, the map to the board frame from its page mm,
    and the cell it stands for (``None`` for a sheet)."""

    item: Item
    to_board: Array
    cut: Cut
    """The part of the cut box kept (x0, y0, x1, y1, page mm)."""
    cell: int | None = None
    tile: Tile | None = None
    covered: bool = False
    """A straight step under a crossing."""
    across: bool = False
    """Pushed off its cell, across two."""


def lay_table(
    kit: PatrolisKitRaster,
    state: State,
    seed: int,
    *,
    leave_out: str | None = None,
    across: bool = False,
) -> tuple[list[Laid], list[Laid], dict[str, Pose]]:
    """The sheets (in the order they are laid) and the pieces on them, and each sheet's pose."""
    if state.map.code != kit.game_map.code:
        raise KitError(
            _("The position is on map {digest}, but this kit's first map is {first}.").format(
                digest=state.map.digest, first=kit.game_map.digest
            )
        )
    names = [p.name for p in kit.sheets]
    if leave_out is not None and leave_out not in names:
        raise KitError(
            _("This board has sheets {names}, not '{sheet}'.").format(
                names=", ".join(names), sheet=leave_out
            )
        )
    rng = np.random.default_rng([seed, 0x9A7])
    poses = lay_sheets(kit.sheets, kit.cell_mm, rng)
    sheets = [
        Laid(p.item, poses[p.name][0], cut_sheet(p, rng)) for p in kit.sheets if p.name != leave_out
    ]
    size, cell_mm = kit.game_map.size, kit.cell_mm
    stock = tile_stock(kit)
    for items in stock.values():
        order = rng.permutation(len(items))
        items[:] = [items[k] for k in order]
    needed = tiles_needed(state)
    for key, count in needed.items():
        if count > len(stock.get(key, [])):
            owner, shape = key
            text = {
                "STRAIGHT": _(
                    "The position needs {count} straight tiles of Player {number}, but the kit"
                    " has {held}."
                ),
                "CURVE": _(
                    "The position needs {count} curve tiles of Player {number}, but the kit"
                    " has {held}."
                ),
                "CROSS": _(
                    "The position needs {count} cross tiles of Player {number}, but the kit"
                    " has {held}."
                ),
            }[shape.name]
            raise KitError(text.format(count=count, number=owner + 1, held=len(stock.get(key, []))))
    owners = [t.owner for t in state.tracks]
    pieces: list[Laid] = []
    spots: list[tuple[int, float, float]] = []

    def lay(item: Item, cell: int, tile: Tile | None, quarter: int, covered: bool) -> None:
        column, row = cell % size, cell // size
        plan = next(p for p in kit.sheets if p.holds(column, row))
        if plan.name == leave_out:
            return
        to_board, turn, _size = poses[plan.name]
        centre = transform(to_board, np.array([plan.cell_centre(column, row, cell_mm)]))[0]
        shift = rng.uniform(-TILE_SHIFT_MM, TILE_SHIFT_MM, 2)
        angle = turn + 90.0 * quarter + float(rng.uniform(-TILE_TURN_DEG, TILE_TURN_DEG))
        c = item.cut
        inset = rng.uniform(0.0, 0.3, 4).tolist()
        x, y = _clear_of(
            float(centre[0] + shift[0]), float(centre[1] + shift[1]), cell, spots, cell_mm
        )
        spots.append((cell, x, y))
        pieces.append(
            Laid(
                item,
                rigid(angle, c.centre, (x, y)),
                (
                    c.x + inset[0],
                    c.y + inset[1],
                    c.x + c.width - inset[2],
                    c.y + c.height - inset[3],
                ),
                cell,
                tile,
                covered,
            )
        )

    for cell, slots in enumerate(state.board):
        for k, (track_id, line) in enumerate(slots):
            owner = owners[track_id]
            if k == 1:
                tile = Tile(Shape.CROSS, 0, owner)
                quarter = int(rng.integers(0, 4))
            else:
                shape = Shape.STRAIGHT if line.straight else Shape.CURVE
                tile = Tile(shape, rotation_of(line.entry, line.exit), owner)
                quarter = tile.rotation + (2 * int(rng.integers(0, 2)) if line.straight else 0)
            item = stock[(owner, tile.shape)].pop()
            lay(item, cell, tile, quarter, covered=len(slots) == 2 and k == 0)
    colours: dict[str, list[Item]] = {}
    for item in kit.manifest.by_role("objective"):
        colours.setdefault(str(item.attrs["letter"]), []).append(item)
    for objective in state.objectives:
        if objective.taken_by is None:
            item = colours[objective.colour.value].pop(0)
            lay(item, objective.cell, None, int(rng.integers(0, 4)), False)
    if across:
        _push_across(pieces, state, size, cell_mm, rng)
    return sheets, pieces, poses


def _clear_of(
    x: float, y: float, cell: int, spots: list[tuple[int, float, float]], cell_mm: float
) -> tuple[float, float]:
    """``(x, y)`` moved so the tile there overlaps the tiles already laid by at most
    :data:`TILE_OVERLAP_MM` (a player slides a tile against its neighbour, not onto it): across
    a seam between two sheets laid a little off, neighbouring cells can be closer than a tile's
    width."""
    room = cell_mm - TILE_OVERLAP_MM
    for _round in range(3):
        moved = False
        for other, ox, oy in spots:
            dx, dy = x - ox, y - oy
            if other == cell or abs(dx) >= room or abs(dy) >= room:
                continue
            if abs(dx) > abs(dy):
                x = ox + math.copysign(room, dx)
            else:
                y = oy + math.copysign(room, dy)
            moved = True
        if not moved:
            break
    return x, y


def _push_across(
    pieces: list[Laid], state: State, size: int, cell_mm: float, rng: np.random.Generator
) -> None:
    """Push one lone step tile half a cell towards an empty neighbour."""
    tiles = state.view.tiles
    taken = {p.cell for p in pieces}
    options = []
    for k, piece in enumerate(pieces):
        if piece.tile is None or piece.covered or piece.cell is None:
            continue
        for dc, dr, dx, dy in ((1, 0, 1, 0), (-1, 0, -1, 0), (0, 1, 0, -1), (0, -1, 0, 1)):
            column, row = piece.cell % size + dc, piece.cell // size + dr
            if 0 <= column < size and 0 <= row < size:
                other = row * size + column
                if tiles[other] is None and other not in taken:
                    options.append((k, other, dx, dy))
    if not options:
        raise KitError(_("No step tile has an empty neighbour to be pushed towards."))
    k, _other, dx, dy = options[int(rng.integers(0, len(options)))]
    piece = pieces[k]
    move = np.array([[1.0, 0.0, dx * cell_mm / 2], [0.0, 1.0, dy * cell_mm / 2], [0, 0, 1.0]])
    pieces[k] = Laid(
        piece.item, move @ piece.to_board, piece.cut, piece.cell, piece.tile, False, True
    )
