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

from pathlib import Path
from typing import Any

import numpy as np

from companion.camera.lens import Array, Image, project
from companion.camera.patrolis.kit import PatrolisKitRaster, patrolis_kit_raster
from companion.camera.patrolis.laying import CARD_MM, Laid, lay_table
from companion.camera.photo import Photo, truth_head
from companion.camera.sheets import (
    PAPER_MM,
    Pose,
    TableCanvas,
    board_camera_truth,
    board_photo,
    code_corners,
    outline,
    rounded,
    sheet_truth,
    table_canvas,
)
from companion.camera.shot import Shot, draw_shot
from patrolkit.games.patrolis import State

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
    outlines = np.vstack([outline(s.to_board, s.cut) for s in sheets])
    view = shot.aim(outlines)
    h = view.homography
    canvas = table_canvas(shot, h, outlines, (kit.sx, kit.sy), seed)
    optical = _optical(kit, sheets, pieces, canvas, shot, h)
    truth = _truth(kit, state, pieces, poses, shot, h, seed, leave_out)
    grid_mm = kit.game_map.size * kit.cell_mm
    return board_photo(optical, shot, seed, view, outlines, grid_mm, truth)


def _optical(
    kit: PatrolisKitRaster,
    sheets: list[Laid],
    pieces: list[Laid],
    canvas: TableCanvas,
    shot: Shot,
    h: Array,
) -> Image:
    paper = [(kit.pages[s.item.sheet], s.to_board, s.cut) for s in sheets]
    canvas.lay_paper(paper, canvas.shadow(PAPER_MM, 0.3, 0.3))
    cast = canvas.shadow(CARD_MM, 0.35, 0.35)
    for laid in pieces:
        canvas.paste_cut(kit.pages[laid.item.sheet], laid.cut, laid.to_board, cast)
    return canvas.seen(shot, h)


# -- the truth ------------------------------------------------------------------------------------


def _corners_px(h: Array, laid: Laid) -> list[list[float]]:
    return rounded(project(h, code_corners(laid.item, laid.to_board)))


def _truth(
    kit: PatrolisKitRaster,
    state: State,
    pieces: list[Laid],
    poses: dict[str, Pose],
    shot: Shot,
    h: Array,
    seed: int,
    leave_out: str | None,
) -> dict[str, Any]:
    m, cell_mm = kit.game_map, kit.cell_mm
    sheets = [
        {
            "name": plan.name,
            "column": plan.column,
            "row": plan.row,
            "present": plan.name != leave_out,
            **sheet_truth(plan, poses[plan.name], cell_mm, h),
        }
        for plan in kit.sheets
    ]
    steps, objectives = [], []
    across = None
    for laid in pieces:
        payload = laid.item.qr.payload if laid.item.qr else ""
        if laid.across and laid.cell is not None:
            across = {
                "payload": payload,
                "cell": m.name(laid.cell),
                "corners_px": _corners_px(h, laid),
            }
        elif laid.tile is not None and not laid.covered and laid.cell is not None:
            steps.append(
                {
                    "cell": m.name(laid.cell),
                    "payload": payload,
                    "shape": laid.tile.shape.value,
                    "rotation": laid.tile.rotation,
                    "owner": laid.tile.owner + 1,
                    "corners_px": _corners_px(h, laid),
                }
            )
        elif laid.tile is None and laid.cell is not None:
            objectives.append(
                {
                    "cell": m.name(laid.cell),
                    "payload": payload,
                    "corners_px": _corners_px(h, laid),
                }
            )
    return {
        **truth_head("patrolis", shot, seed, state.text),
        "map": {"digest": m.digest, "size": m.size, "cell_mm": cell_mm},
        "sheets": sheets,
        "steps": steps,
        "across": across,
        "objectives": objectives,
        "camera": board_camera_truth(shot, h, m.size * cell_mm),
    }
