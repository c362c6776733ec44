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
still on the map likewise; the table is then photographed with the camera's presets
(:func:`companion.camera.shot.draw_shot`) through :mod:`companion.camera.lens`, framing every
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
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import Array, Image, project
from companion.camera.paste import Shadow, box_mask, darken, paste, seen_through
from companion.camera.patrolis.kit import PatrolisKitRaster, patrolis_kit_raster
from companion.camera.patrolis.laying import CARD_MM, PAPER_MM, Laid, lay_table
from companion.camera.photo import Photo, camera_truth, truth_head
from companion.camera.real_world import Subject, develop_shot
from companion.camera.shot import Shot, draw_shot
from companion.camera.table import Raster, scale_map, table_top, transform
from patrolkit.errors import KitError
from patrolkit.games.patrolis import (
    State,
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
    view = shot.aim(outlines)
    h = view.homography
    optical = _optical(kit, sheets, pieces, shot, h, outlines, seed)
    grid_mm = kit.game_map.size * kit.cell_mm
    low, high = outlines.min(axis=0), outlines.max(axis=0)
    paper = np.array([low, [high[0], low[1]], high, [low[0], high[1]]])
    subject = Subject(view, (0.0, 0.0, grid_mm, grid_mm), (paper,))
    developed = develop_shot(optical, shot.light, shot, seed, subject)
    truth = _truth(kit, state, sheets, pieces, poses, shot, h, seed, leave_out)
    return Photo(developed.image, developed.truth(truth), developed.jpeg)


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
    table = shot.table_raster(h, (low + high) / 2, reach=250.0)
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
    return {
        **truth_head("patrolis", shot, seed, state.text),
        "map": {"digest": m.digest, "size": m.size, "cell_mm": cell_mm},
        "sheets": sheet_truth,
        "steps": steps,
        "across": across,
        "objectives": objectives,
        "camera": camera_truth(shot, h, (grid_mm / 2, grid_mm / 2), lattice),
    }
