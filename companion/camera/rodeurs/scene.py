"""The virtual camera's Rôdeurs scene: seeded phone photos of a printed kit on a table, with their
truth.

:func:`photograph` rasterises the kit's own PDF (``kit.pdf`` beside ``kit.json``), cuts each pawn
token out of its sheet along its trim box (each edge up to 0.35 mm inside the line, as scissors
go), lays the tokens on the board sheet for a :class:`~patrolkit.games.rodeurs.State` (offsets up
to ±1.5 mm, a slight drop shadow), puts the sheet on a procedural table and photographs it through
:mod:`companion.camera.lens`: a pinhole camera with the preset's tilt and any yaw, aimed so the
board fills 70–90 % of the frame, then lens blur, uneven light, a soft shadow, sensor noise and
JPEG.
The same kit, state, preset and seed give the same bytes.

The presets are :mod:`companion.camera.shot`'s; on a Rôdeurs table, ``hard`` lays its plain object
over half of one board fiducial (:mod:`companion.camera.rodeurs.things`). A token that would touch a
neighbour at the angle drawn is drawn again, and after a few tries is set square to the grid (any
side up), as a player would.

The truth (``Photo.truth``, JSON-ready)
---------------------------------------
Photo pixels are OpenCV's: ``(0, 0)`` is the centre of the top-left pixel, x right, y down. Each
``corners_px`` lists the four corners of a QR code's module area (quiet zone excluded) in the
code's own order: top-left, top-right, bottom-right, bottom-left. Board millimetres are the
manifest's board frame (from the grid's top-left corner, x right, y down).

.. code-block:: text

    schema        1
    game          "rodeurs"
    preset, seed  as given
    width, height the photo's size in pixels
    jpeg_quality  the JPEG quality the photo was saved at
    state         the position photographed, in the rules' text form (State.text)
    board         code: the board code; grid_corners_px: the outer corners of the 7 x 9 grid
                  (top-left, top-right, bottom-right, bottom-left as printed); homography:
                  3 x 3, row-major, from board mm to photo pixels
    fiducials     [{corner, payload, corners_px, occluded, covered}]: covered is the fraction
                  of the code an object hides (0..1); occluded is covered > 0
    tokens        [{id, payload, square, colour, corners_px, rotation_deg}]: square a1..g9,
                  colour R, Y or G; rotation_deg: the code's top edge in the board frame,
                  degrees clockwise as seen, -180 <= r < 180 (0 = the code upright)
    foreign       [{text, corners_px}]: QR codes on the table that are not the kit's
    camera        tilt_deg (optical axis to table normal), yaw_deg (the board's x axis in the
                  photo, degrees clockwise from the photo's x axis, 0..360), blur_sigma (px),
                  px_per_mm_min, px_per_mm_max (the smallest and largest local scale over the
                  grid, in any direction)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from companion.camera.lens import (
    Array,
    Image,
    project,
)
from companion.camera.paste import Shadow, box_mask, darken, paste, seen_through
from companion.camera.photo import Photo
from companion.camera.real_world import Subject, develop_shot
from companion.camera.rodeurs.kit import KitRaster, kit_raster
from companion.camera.rodeurs.things import (
    Cover,
    ForeignLabel,
    Thing,
    board_zones,
    cover_fiducial,
    label_beside,
)
from companion.camera.rodeurs.tokens import Placed, lay_tokens
from companion.camera.rodeurs.truth import truth
from companion.camera.shot import Shot, draw_shot
from companion.camera.table import Raster, quad, scale_map, table_top
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import State
from patrolkit.i18n import _
from patrolkit.manifest import Box, Manifest

TOKEN_THICKNESS_MM = 0.5
"""Printed card; sets how far a token's drop shadow falls."""


# -- the photo -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    """What lies on the table besides the sheet."""

    tokens: tuple[Placed, ...]
    cover: Cover | None
    label: ForeignLabel | None

    @property
    def things(self) -> list[Thing]:
        return [part.thing for part in (self.cover, self.label) if part is not None]


def photograph(kit_dir: Path, state: State, *, preset: str, seed: int) -> Photo:
    """A seeded photo of the kit in ``kit_dir`` on a table, its pawns laid out as ``state``.

    Raises :class:`KitError` if the kit cannot be read, prints another board than ``state``'s
    or has too few tokens of a colour, or if ``preset`` is not one of :data:`PRESETS`.
    """
    shot = draw_shot(preset, seed)
    kit = kit_raster(kit_dir)
    if state.board.code != kit.board_code:
        raise KitError(
            _("The position is on board {code}, but this kit prints board {kit}.").format(
                code=state.board.code, kit=kit.board_code
            )
        )
    tokens = lay_tokens(kit, state, seed, any_angle=shot.any_angle)
    cover = cover_fiducial(kit, shot.occluder, seed) if shot.occluder else None
    label = (
        label_beside(kit, seed, [cover.thing.outline()] if cover else []) if shot.foreign else None
    )
    scene = Scene(tuple(tokens), cover, label)
    framed = np.vstack(
        board_zones(kit.manifest, 5.0, 1.0) + ([label.thing.outline()] if label else [])
    )
    view = shot.aim(framed)
    h = view.homography
    optical = _optical(kit, scene, shot, h, seed)
    light = shot.light
    w_mm, h_mm = kit.manifest.board_geometry.size
    if light.glare > 0:
        spot = project(h, np.array([[shot.glare_at[0] * w_mm, shot.glare_at[1] * h_mm]]))[0]
        light = replace(light, glare_xy=(float(spot[0]), float(spot[1])))
    subject = Subject(view, (0.0, 0.0, w_mm, h_mm), (_sheetquad(kit.manifest),))
    developed = develop_shot(optical, light, shot, seed, subject)
    return Photo(
        developed.image, developed.truth(truth(kit, state, scene, shot, h, seed)), developed.jpeg
    )


def _optical(kit: KitRaster, scene: Scene, shot: Shot, h: Array, seed: int) -> Image:
    """The image the lens forms: the table, and the sheet with everything on it, each warped
    once into the photo."""
    table = shot.table_raster(h, np.array(kit.manifest.board_geometry.size) / 2)
    top = table_top(shot.table, table, seed)
    angle = math.radians(shot.light_deg)
    away = np.array([math.cos(angle), math.sin(angle)])
    sheet = _sheetquad(kit.manifest)
    darken(top, table.px(sheet + away * 0.6), soft=0.8 * table.sx, strength=0.35)
    raster, canvas = _canvas(kit, scene, table, top)
    to_canvas = raster.from_mm

    def shadow(thickness_mm: float, soft_mm: float, strength: float) -> Shadow:
        length = shot.shadow_reach * thickness_mm
        offset = (float(away[0] * length * kit.sx), float(away[1] * length * kit.sy))
        return Shadow(offset, soft_mm * kit.sx, strength)

    token_shadow = shadow(TOKEN_THICKNESS_MM, 0.35, 0.35)
    page_px = np.linalg.inv(scale_map(kit.sx, kit.sy))
    for token in scene.tokens:
        crop, (ox, oy) = kit.tokens[token.item.id]
        cut, (left, up, right, down) = token.item.cut, token.inset
        trim = (
            (cut.x + left) * kit.sx - ox,
            (cut.y + up) * kit.sy - oy,
            (cut.x + cut.width - right) * kit.sx - ox,
            (cut.y + cut.height - down) * kit.sy - oy,
        )
        from_crop = np.array([[1.0, 0.0, ox], [0.0, 1.0, oy], [0.0, 0.0, 1.0]])
        affine = to_canvas @ token.to_board @ page_px @ from_crop
        paste(canvas, crop, box_mask(crop.shape[1], crop.shape[0], trim), affine[:2], token_shadow)
    for thing in scene.things:
        piece = thing.piece
        cast = shadow(piece.thickness_mm, 0.25 * piece.thickness_mm + 0.6, 0.45)
        affine = to_canvas @ thing.to_board @ np.linalg.inv(scale_map(piece.sx, piece.sy))
        paste(canvas, piece.image, piece.mask, affine[:2], cast)
    optical = seen_through(h, (shot.width, shot.height), top, table.from_mm, canvas, to_canvas)
    return optical


def _sheetquad(manifest: Manifest) -> Array:
    """The board sheet's corners in board mm."""
    ox, oy = manifest.board_geometry.origin
    return quad(Box(-ox, -oy, *manifest.page_size))


def _canvas(kit: KitRaster, scene: Scene, table: Raster, top: Image) -> tuple[Raster, Image]:
    """A raster at the kit's scale holding the sheet on the table top, wide enough for every
    object; the sheet's pixels fall exactly on the canvas's."""
    sheet = _sheetquad(kit.manifest)
    points = np.vstack([sheet] + [thing.outline() for thing in scene.things])
    low, high = points.min(axis=0) - 8.0, points.max(axis=0) + 8.0
    left, up = sheet[0]
    mx, my = math.ceil((left - low[0]) * kit.sx), math.ceil((up - low[1]) * kit.sy)
    raster = Raster(
        float(left - mx / kit.sx),
        float(up - my / kit.sy),
        kit.sx,
        kit.sy,
        mx + math.ceil((high[0] - left) * kit.sx),
        my + math.ceil((high[1] - up) * kit.sy),
    )
    rows, cols = kit.sheet.shape[:2]
    canvas = np.empty((raster.height, raster.width, 3), np.uint8)
    canvas[my : my + rows, mx : mx + cols] = kit.sheet
    to_canvas = raster.from_mm @ np.linalg.inv(table.from_mm)
    strips = (  # the table shows only around the sheet
        (0, 0, raster.width, my),
        (0, my + rows, raster.width, raster.height),
        (0, my, mx, my + rows),
        (mx + cols, my, raster.width, my + rows),
    )
    for x0, y0, x1, y1 in strips:
        if x1 > x0 and y1 > y0:
            local = to_canvas[:2].copy()
            local[:, 2] -= (x0, y0)
            canvas[y0:y1, x0:x1] = cv2.warpAffine(
                top,
                local,
                (x1 - x0, y1 - y0),
                flags=cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_REFLECT_101,
            )
    return raster, canvas
