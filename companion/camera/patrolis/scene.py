"""The virtual camera for Patrolis: seeded photos of a printed kit's board in mid-game, with truth.

:func:`photograph` rasterises the kit's own PDF (``kit.pdf`` beside ``kit.json``), cuts each
board sheet of the kit's first map out along its cut box (a sheet that laps onto a neighbour is
cut on its grid line, up to 1 mm into the bleed), and lays the sheets on a procedural table as a
player assembles them — north-west first, then north-east and south-west over its glue strips,
then south-east — each sheet off its place by up to ±2 mm and ±1°. The step tiles of a
:class:`~patrolkit.games.patrolis.State` are cut out of the tile sheets and laid on their cells
(offsets up to ±0.5 mm, turned by the tile's rotation in quarter turns plus up to ±1.5°, a
crossing on top of the straight step it crosses, a tile slid away from a neighbour it would
overlap by more than 1 mm — across a seam between sheets laid a little off), the objectives
still on the map likewise; the table is then photographed with the Rôdeurs presets
(:func:`companion.camera.simulate.draw_shot`) through :mod:`companion.camera.lens`, framing every
sheet.
The same kit, state, preset, seed and options give the same bytes. Mid-game positions come from
:mod:`companion.camera.patrolis.midgame`.

For tests, ``leave_out`` leaves one sheet (and the tiles on its cells) off the table, and
``across`` pushes one step tile half a cell towards an empty neighbour, so it lies across two
cells.

The truth (``Photo.truth``, JSON-ready)
---------------------------------------
Pixels are OpenCV's (``(0, 0)`` the centre of the top-left pixel); corners are listed top-left,
top-right, bottom-right, bottom-left (of a code as printed, or of a sheet's grid as printed).

.. code-block:: text

    schema        1
    game          "patrolis"
    preset, seed  as given; width, height, jpeg_quality of the photo
    state         the position photographed, in the rules' text form (State.text)
    map           {digest, size, cell_mm}
    sheets        [{name, column, row, present, offset_mm, angle_deg, grid_corners_px}]:
                  offset_mm and angle_deg are how far the sheet lies off its place
    steps         [{cell, payload, shape, rotation, owner, corners_px}]: the tile seen on each
                  cell (a crossing's straight beneath is not listed); owner from 1
    across        null, or {payload, cell, corners_px}: the tile pushed from its cell across two
    objectives    [{cell, payload, corners_px}]: the objectives still on the map
    camera        tilt_deg, yaw_deg, blur_sigma, px_per_mm_min, px_per_mm_max
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import Array, Image, aim, develop, direction_deg, project, scale_range
from companion.camera.simulate import TRUTH_SCHEMA, Photo, Shot, draw_shot
from companion.camera.table import (
    Raster,
    Shadow,
    box_mask,
    cached_kit,
    darken,
    paste,
    printed_pages,
    rigid,
    scale_map,
    seen_through,
    table_top,
    transform,
)
from patrolkit.errors import KitError
from patrolkit.games.patrolis import (
    Map,
    Shape,
    State,
    Tile,
    rotation_of,
)
from patrolkit.manifest import Item, Manifest

SHEET_SHIFT_MM = 2.0
SHEET_TURN_DEG = 1.0
TILE_SHIFT_MM = 0.5
TILE_TURN_DEG = 1.5
TILE_OVERLAP_MM = 1.0
"""Neighbouring tiles may ride this far onto each other (into the code's quiet zone) where two
sheets lie a little closer than they should; beyond, a tile is slid away."""
PAPER_MM = 0.1
"""Printed paper, for the sheets' shadows."""
CARD_MM = 0.5
"""The tiles' card, for their shadows."""


@dataclass(frozen=True)
class SheetPlan:
    """One board sheet of the kit: its manifest item and where its cells go on the board."""

    item: Item
    name: str
    column: int
    row: int
    origin: tuple[float, float]
    """The page position (mm) of the top-left corner of the sheet's cells."""
    first_column: int
    columns: int
    first_row: int
    rows: int
    lapping: frozenset[str]

    def holds(self, cell: int, size: int) -> bool:
        column, row = cell % size, cell // size
        return (
            self.first_column <= column < self.first_column + self.columns
            and self.first_row <= row < self.first_row + self.rows
        )

    def cell_centre(self, cell: int, size: int, cell_mm: float) -> tuple[float, float]:
        """The centre of ``cell`` in this sheet's cell frame (mm from its grid's top-left)."""
        column, row = cell % size, cell // size
        return (
            (column - self.first_column + 0.5) * cell_mm,
            (self.first_row + self.rows - 1 - row + 0.5) * cell_mm,
        )

    def board_origin(self, size: int, cell_mm: float) -> tuple[float, float]:
        """Where the sheet's cell frame starts on the assembled board (mm from A<size>'s
        top-left corner), when laid exactly."""
        return (self.first_column * cell_mm, (size - self.first_row - self.rows) * cell_mm)


@dataclass(frozen=True)
class PatrolisKitRaster:
    """A Patrolis kit as printed (ink on paper) at ``sx`` x ``sy`` px/mm: the pages holding the
    first map's sheets, the tiles and the objectives; the map and its sheets."""

    manifest: Manifest
    game_map: Map
    cell_mm: float
    sheets: tuple[SheetPlan, ...]
    pages: dict[int, Image]
    sx: float
    sy: float

    @property
    def players(self) -> int:
        return int(self.manifest.options["players"])


def patrolis_kit_raster(kit_dir: Path) -> PatrolisKitRaster:
    """The Patrolis kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _rasterise)


def _rasterise(manifest: Manifest, pdf_path: Path) -> PatrolisKitRaster:
    if manifest.game != "patrolis":
        raise KitError(f"This is a {manifest.game} kit, not a Patrolis kit.")
    game_map = Map.from_json(manifest.layout["maps"][0])
    sheets = tuple(
        _plan(item) for item in manifest.by_role("board-sheet") if item.attrs.get("map") == 1
    )
    wanted = {s.item.sheet for s in sheets} | {
        item.sheet for item in manifest.items if item.role in ("step", "objective")
    }
    pages = printed_pages(pdf_path, wanted)
    for image in pages.values():
        image.flags.writeable = False
    first = pages[sheets[0].item.sheet]
    page_w, page_h = manifest.page_size
    return PatrolisKitRaster(
        manifest,
        game_map,
        float(manifest.layout["cell_mm"]),
        sheets,
        pages,
        first.shape[1] / page_w,
        first.shape[0] / page_h,
    )


def _plan(item: Item) -> SheetPlan:
    a = item.attrs
    cells = a["cells"]
    return SheetPlan(
        item,
        str(a["name"]),
        int(a["column"]),
        int(a["row"]),
        (float(a["origin"][0]), float(a["origin"][1])),
        int(cells["first_column"]),
        int(cells["columns"]),
        int(cells["first_row"]),
        int(cells["rows"]),
        frozenset(a["lapping"]),
    )


# -- the tiles a table needs ------------------------------------------------------------


def tile_stock(kit: PatrolisKitRaster) -> dict[tuple[int, Shape], list[Item]]:
    """The kit's step tiles by owner (0 = Player 1) and shape."""
    stock: dict[tuple[int, Shape], list[Item]] = {}
    for item in sorted(kit.manifest.by_role("step"), key=lambda i: i.id):
        payload = item.qr.payload if item.qr else ""
        shape = Shape(payload.split(":")[3][0])
        stock.setdefault((int(item.attrs["player"]) - 1, shape), []).append(item)
    return stock


def tiles_needed(state: State) -> dict[tuple[int, Shape], int]:
    """The tiles a table shows, by owner and shape, the straights under crossings included."""
    owners = [t.owner for t in state.tracks]
    needed: dict[tuple[int, Shape], int] = {}
    for slots in state.board:
        for k, (track_id, line) in enumerate(slots):
            shape = Shape.CROSS if k == 1 else (Shape.STRAIGHT if line.straight else Shape.CURVE)
            key = (owners[track_id], shape)
            needed[key] = needed.get(key, 0) + 1
    return needed


# -- laying the table ---------------------------------------------------------------------


@dataclass(frozen=True)
class Laid:
    """A piece on the table: its manifest item, the map to the board frame from its page mm,
    and the cell it stands for (``None`` for a sheet)."""

    item: Item
    to_board: Array
    cut: tuple[float, float, float, float]
    """The part of the cut box kept (x0, y0, x1, y1, page mm)."""
    cell: int | None = None
    tile: Tile | None = None
    covered: bool = False
    """A straight step under a crossing."""
    across: bool = False
    """Pushed off its cell, across two."""


def _sheet_poses(
    kit: PatrolisKitRaster, rng: np.random.Generator
) -> dict[str, tuple[Array, float, tuple[float, float]]]:
    """Each sheet's map from page mm to board mm, its turn and shift."""
    size, cell = kit.game_map.size, kit.cell_mm
    poses = {}
    for plan in kit.sheets:
        w, h = plan.columns * cell, plan.rows * cell
        bx, by = plan.board_origin(size, cell)
        dx, dy = rng.uniform(-SHEET_SHIFT_MM, SHEET_SHIFT_MM, 2).tolist()
        turn = float(rng.uniform(-SHEET_TURN_DEG, SHEET_TURN_DEG))
        centre_page = (plan.origin[0] + w / 2, plan.origin[1] + h / 2)
        centre_board = (bx + w / 2 + dx, by + h / 2 + dy)
        poses[plan.name] = (rigid(turn, centre_page, centre_board), turn, (dx, dy))
    return poses


def _sheet_cut(plan: SheetPlan, rng: np.random.Generator) -> tuple[float, float, float, float]:
    """The sheet as cut: its cut box, each lapping edge on its grid line (up to 1 mm out)."""
    cut = plan.item.cut
    x0, y0, x1, y1 = cut.x, cut.y, cut.x + cut.width, cut.y + cut.height
    ox, oy = plan.origin
    scissors = rng.uniform(0.0, 0.3, 4).tolist()
    bleed = rng.uniform(0.0, 1.0, 4).tolist()
    x0 = ox - bleed[0] if "W" in plan.lapping else x0 + scissors[0]
    y0 = oy - bleed[1] if "N" in plan.lapping else y0 + scissors[1]
    return (x0, y0, x1 - scissors[2], y1 - scissors[3])


def lay_table(
    kit: PatrolisKitRaster,
    state: State,
    seed: int,
    *,
    leave_out: str | None = None,
    across: bool = False,
) -> tuple[list[Laid], list[Laid], dict[str, tuple[Array, float, tuple[float, float]]]]:
    """The sheets (in the order they are laid) and the pieces on them, and each sheet's pose."""
    if state.map.code != kit.game_map.code:
        raise KitError(
            f"The position is on map {state.map.digest}, but this kit's first map is"
            f" {kit.game_map.digest}."
        )
    names = [p.name for p in kit.sheets]
    if leave_out is not None and leave_out not in names:
        raise KitError(f"This board has sheets {', '.join(names)}, not '{leave_out}'.")
    rng = np.random.default_rng([seed, 0x9A7])
    poses = _sheet_poses(kit, rng)
    sheets = [
        Laid(p.item, poses[p.name][0], _sheet_cut(p, rng))
        for p in kit.sheets
        if p.name != leave_out
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
            raise KitError(
                f"The position needs {count} {shape.name.lower()} tiles of Player {owner + 1},"
                f" but the kit has {len(stock.get(key, []))}."
            )
    owners = [t.owner for t in state.tracks]
    pieces: list[Laid] = []
    spots: list[tuple[int, float, float]] = []

    def lay(item: Item, cell: int, tile: Tile | None, quarter: int, covered: bool) -> None:
        plan = next(p for p in kit.sheets if p.holds(cell, size))
        if plan.name == leave_out:
            return
        to_board, turn, _ = poses[plan.name]
        local = plan.cell_centre(cell, size, cell_mm)
        centre = transform(
            to_board, np.array([[plan.origin[0] + local[0], plan.origin[1] + local[1]]])
        )[0]
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
    for _ in range(3):
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
        raise KitError("No step tile has an empty neighbour to be pushed towards.")
    k, _, dx, dy = options[int(rng.integers(0, len(options)))]
    piece = pieces[k]
    move = np.array([[1.0, 0.0, dx * cell_mm / 2], [0.0, 1.0, dy * cell_mm / 2], [0, 0, 1.0]])
    pieces[k] = Laid(
        piece.item, move @ piece.to_board, piece.cut, piece.cell, piece.tile, False, True
    )


# -- the photo -----------------------------------------------------------------------------


def photograph(
    kit_dir: Path,
    state: State,
    *,
    preset: str,
    seed: int,
    leave_out: str | None = None,
    across: bool = False,
) -> Photo:
    """A seeded photo of the kit in ``kit_dir``'s first map on a table, its tiles laid out as
    ``state``; raises :class:`KitError` for a kit that does not print ``state``'s map or has too
    few tiles, or an unknown preset."""
    shot = draw_shot(preset, seed)
    kit = patrolis_kit_raster(kit_dir)
    sheets, pieces, poses = lay_table(kit, state, seed, leave_out=leave_out, across=across)
    outlines = np.vstack([_outline(s) for s in sheets])
    h = aim(
        outlines,
        width=shot.width,
        height=shot.height,
        focal_px=shot.focal_px,
        tilt_deg=shot.tilt_deg,
        roll_deg=shot.roll_deg,
        yaw_deg=shot.yaw_deg,
        fill=shot.fill,
        shift=shot.shift,
    ).homography
    optical = _optical(kit, sheets, pieces, shot, h, outlines, seed)
    image, jpeg = develop(optical, shot.light, shot.sensor, seed)
    truth = _truth(kit, state, sheets, pieces, poses, shot, h, seed, leave_out)
    return Photo(image, truth, jpeg)


def _outline(laid: Laid) -> Array:
    x0, y0, x1, y1 = laid.cut
    return transform(laid.to_board, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))


def _optical(
    kit: PatrolisKitRaster,
    sheets: list[Laid],
    pieces: list[Laid],
    shot: Shot,
    h: Array,
    outlines: Array,
    seed: int,
) -> Image:
    low, high = outlines.min(axis=0) - 6.0, outlines.max(axis=0) + 6.0
    sx = kit.sx
    canvas_raster = Raster(
        float(low[0]),
        float(low[1]),
        sx,
        kit.sy,
        math.ceil((high[0] - low[0]) * sx),
        math.ceil((high[1] - low[1]) * kit.sy),
    )
    table = _table_raster(shot, h, (low + high) / 2)
    top = table_top(shot.table, table, seed)
    angle = math.radians(shot.light_deg)
    away = np.array([math.cos(angle), math.sin(angle)])
    to_canvas = canvas_raster.from_mm
    canvas = cv2.warpAffine(
        top,
        (to_canvas @ np.linalg.inv(table.from_mm))[:2],
        (canvas_raster.width, canvas_raster.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT_101,
    )

    def shadow(thickness: float, soft: float, strength: float) -> Shadow:
        length = shot.shadow_reach * thickness
        return Shadow((away[0] * length * sx, away[1] * length * kit.sy), soft * sx, strength)

    for laid in sheets:
        darken(canvas, canvas_raster.px(_outline(laid) + away * 0.4), soft=0.6 * sx, strength=0.25)
    for group, cast in (
        (sheets, shadow(PAPER_MM, 0.3, 0.3)),
        (pieces, shadow(CARD_MM, 0.35, 0.35)),
    ):
        for laid in group:
            page = kit.pages[laid.item.sheet]
            x0, y0, x1, y1 = laid.cut
            px0, py0 = max(math.floor((x0 - 1) * sx), 0), max(math.floor((y0 - 1) * kit.sy), 0)
            px1 = min(math.ceil((x1 + 1) * sx), page.shape[1])
            py1 = min(math.ceil((y1 + 1) * kit.sy), page.shape[0])
            crop = page[py0:py1, px0:px1]
            trim = (x0 * sx - px0, y0 * kit.sy - py0, x1 * sx - px0, y1 * kit.sy - py0)
            from_crop = np.array([[1.0, 0.0, px0], [0.0, 1.0, py0], [0.0, 0.0, 1.0]])
            page_px = np.linalg.inv(scale_map(sx, kit.sy))
            affine = to_canvas @ laid.to_board @ page_px @ from_crop
            paste(canvas, crop, box_mask(crop.shape[1], crop.shape[0], trim), affine[:2], cast)
    optical = seen_through(h, (shot.width, shot.height), top, table.from_mm, canvas, to_canvas)
    return optical


_FAR_MM = 900.0
_TABLE_PIXELS = 1.6e6


def _table_raster(shot: Shot, h: Array, middle: Array) -> Raster:
    """A raster of the table covering what the photo sees of it (within :data:`_FAR_MM`)."""
    w, ht = shot.width, shot.height
    frame = np.array(
        [[-0.5, -0.5, 1], [w - 0.5, -0.5, 1], [w - 0.5, ht - 0.5, 1], [-0.5, ht - 0.5, 1]]
    )
    rays = frame @ np.linalg.inv(h).T
    if (rays[:, 2] > 1e-12).all():
        seen = rays[:, :2] / rays[:, 2:3]
    else:
        seen = np.array([middle - _FAR_MM, middle + _FAR_MM])
    low = np.clip(np.minimum(seen.min(axis=0), middle - 250), middle - _FAR_MM, None)
    high = np.clip(np.maximum(seen.max(axis=0), middle + 250), None, middle + _FAR_MM)
    scale = min(3.0, math.sqrt(_TABLE_PIXELS / float(np.prod(high - low))))
    cols, rows = (np.ceil((high - low) * scale).astype(int) + 1).tolist()
    return Raster(float(low[0]), float(low[1]), scale, scale, cols, rows)


# -- the truth ------------------------------------------------------------------------------------


def _px(h: Array, points_mm: Array) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in project(h, points_mm)]


def _qr_quad(laid: Laid) -> Array:
    qr = laid.item.qr
    if qr is None:
        raise KitError(f"Piece {laid.item.id} of this kit has no QR code.")
    b = qr.box
    corners = np.array(
        [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
    )
    return transform(laid.to_board, corners)


def _truth(
    kit: PatrolisKitRaster,
    state: State,
    sheets: list[Laid],
    pieces: list[Laid],
    poses: dict[str, tuple[Array, float, tuple[float, float]]],
    shot: Shot,
    h: Array,
    seed: int,
    leave_out: str | None,
) -> dict[str, Any]:
    m, cell_mm = kit.game_map, kit.cell_mm
    sheet_truth = []
    for plan in kit.sheets:
        to_board, turn, (dx, dy) = poses[plan.name]
        ox, oy = plan.origin
        w, ht = plan.columns * cell_mm, plan.rows * cell_mm
        grid = np.array([[ox, oy], [ox + w, oy], [ox + w, oy + ht], [ox, oy + ht]])
        sheet_truth.append(
            {
                "name": plan.name,
                "column": plan.column,
                "row": plan.row,
                "present": plan.name != leave_out,
                "offset_mm": [round(dx, 3), round(dy, 3)],
                "angle_deg": round(turn, 3),
                "grid_corners_px": _px(h, transform(to_board, grid)),
            }
        )
    steps, objectives = [], []
    across = None
    for laid in pieces:
        payload = laid.item.qr.payload if laid.item.qr else ""
        if laid.across and laid.cell is not None:
            across = {
                "payload": payload,
                "cell": m.name(laid.cell),
                "corners_px": _px(h, _qr_quad(laid)),
            }
        elif laid.tile is not None and not laid.covered and laid.cell is not None:
            steps.append(
                {
                    "cell": m.name(laid.cell),
                    "payload": payload,
                    "shape": laid.tile.shape.value,
                    "rotation": laid.tile.rotation,
                    "owner": laid.tile.owner + 1,
                    "corners_px": _px(h, _qr_quad(laid)),
                }
            )
        elif laid.tile is None and laid.cell is not None:
            objectives.append(
                {
                    "cell": m.name(laid.cell),
                    "payload": payload,
                    "corners_px": _px(h, _qr_quad(laid)),
                }
            )
    grid_mm = m.size * cell_mm
    lattice = np.array(
        [[x, y] for x in np.linspace(0, grid_mm, 9) for y in np.linspace(0, grid_mm, 9)]
    )
    smallest, largest = scale_range(h, lattice)
    return {
        "schema": TRUTH_SCHEMA,
        "game": "patrolis",
        "preset": shot.preset,
        "seed": seed,
        "width": shot.width,
        "height": shot.height,
        "jpeg_quality": shot.sensor.jpeg_quality,
        "state": state.text,
        "map": {"digest": m.digest, "size": m.size, "cell_mm": cell_mm},
        "sheets": sheet_truth,
        "steps": steps,
        "across": across,
        "objectives": objectives,
        "camera": {
            "tilt_deg": round(shot.tilt_deg, 3),
            "yaw_deg": round(direction_deg(h, (grid_mm / 2, grid_mm / 2), (1.0, 0.0)), 3),
            "blur_sigma": round(shot.sensor.blur_sigma, 3),
            "px_per_mm_min": round(smallest, 3),
            "px_per_mm_max": round(largest, 3),
        },
    }
