"""The virtual camera: seeded phone photos of a printed Rôdeurs kit on a table, with their truth.

:func:`photograph` rasterises the kit's own PDF (``kit.pdf`` beside ``kit.json``), cuts each pawn
token out of its sheet along its trim box (each edge up to 0.35 mm inside the line, as scissors
go), lays the tokens on the board sheet for a :class:`~patrolkit.games.rodeurs.State` (offsets up
to ±1.5 mm, a slight drop shadow), puts the sheet on a procedural table and photographs it through
:mod:`companion.camera.lens`: a pinhole camera with the preset's tilt and any yaw, aimed so the
board fills 70–90 % of the frame, then lens blur, uneven light, a soft shadow, sensor noise and
JPEG.
The same kit, state, preset and seed give the same bytes.

Presets (every figure drawn from the seed by :func:`draw_shot`)
---------------------------------------------------------------
``top``
    12 MP, top-down (tilt ≤ 3°, the board square to the frame within 4°), sharp (blur
    0.25–0.6 px), light noise, even light, JPEG 90–95; tokens turned by 8° at most.
``phone``
    12 MP, tilt 0–35°, any yaw (half the seeds within 15° of square to the frame), blur
    0–1.2 px, sensor noise, uneven light and a soft shadow, JPEG 75–90; tokens at any angle.
``hard``
    8 MP, tilt 15–50°, any yaw (as ``phone``), blur 0.4–1.5 px, more noise, darker, a glare spot
    on the board, a plain object hiding half of one board fiducial, a product label with a
    foreign QR code on the table beside the board, JPEG 70–85; tokens at any angle.

A token that would touch a neighbour at the angle drawn is drawn again, and after a few tries is
set square to the grid (any side up), as a player would.

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

import json
import math
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import (
    FOCAL_OVER_WIDTH,
    Array,
    Image,
    Light,
    Sensor,
    aim,
    develop,
    direction_deg,
    project,
    scale_range,
)
from companion.camera.table import (
    OBJECTS,
    TABLES,
    KitRaster,
    Piece,
    Placed,
    Raster,
    Shadow,
    box_mask,
    darken,
    foreign_text,
    kit_raster,
    lay_tokens,
    paste,
    plain_object,
    product_label,
    quad,
    rigid,
    scale_map,
    seen_through,
    table_top,
    transform,
)
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import Layout, State, apply, is_over, legal_turns, square_name
from patrolkit.manifest import Box, Manifest

PRESETS: tuple[str, ...] = ("top", "phone", "hard")
TRUTH_SCHEMA = 1
TOKEN_THICKNESS_MM = 0.5
"""Printed card; sets how far a token's drop shadow falls."""


@dataclass(frozen=True, eq=False)
class Photo:
    """A photo (BGR uint8, as decoded from its JPEG), its truth (see the module docstring) and
    the JPEG file itself."""

    image: np.ndarray
    truth: dict[str, Any]
    jpeg: bytes = field(default=b"", repr=False)


# -- what a preset draws ---------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """Everything a preset draws from the seed before looking at the kit.

    ``roll_deg`` turns the camera about its axis (so the tilt is not always along the photo's
    height), ``fill`` and ``shift`` frame the board (see :func:`companion.camera.lens.aim`),
    ``light_deg`` is where drop shadows fall (board frame) and ``shadow_reach`` how far per mm
    of thickness, ``glare_at`` where the glare spot is (fractions of the grid's width and
    height).
    """

    preset: str
    width: int
    height: int
    focal_px: float
    tilt_deg: float
    roll_deg: float
    yaw_deg: float
    fill: float
    shift: tuple[float, float]
    sensor: Sensor
    light: Light
    table: str
    light_deg: float
    shadow_reach: float
    any_angle: bool
    occluder: str | None
    foreign: bool
    glare_at: tuple[float, float]


def draw_shot(preset: str, seed: int) -> Shot:
    """The camera, light and table that ``preset`` draws from ``seed`` (no image work)."""
    if preset not in PRESETS:
        raise KitError(f"There is no camera preset '{preset}'; choose {', '.join(PRESETS)}.")
    if seed < 0:
        raise KitError(f"A seed is a whole number, 0 or more, not {seed}.")
    rng = np.random.default_rng([seed, PRESETS.index(preset), 0x5407])

    def u(low: float, high: float) -> float:
        return float(rng.uniform(low, high))

    hard = preset == "hard"
    width, height = (3264, 2448) if hard else (4000, 3000)
    focal = width * FOCAL_OVER_WIDTH * u(0.97, 1.04)
    if preset == "top":
        tilt, roll, yaw = u(0, 3), u(-3, 3), 90.0 * int(rng.integers(0, 4)) + u(-4, 4)
        fill, blur, noise = u(0.78, 0.9), u(0.25, 0.6), u(0.8, 1.8)
        quality = int(rng.integers(90, 96))
        exposure, cast = u(0.9, 1.0), 0.03
        gradient, vignette, shadow = u(0.02, 0.08), u(0.05, 0.12), 0.0
    else:
        tilt = u(15, 50) if hard else u(0, 35)
        roll = float(np.clip(rng.normal(0, 6), -15, 15))
        if rng.uniform() < 0.2:  # the phone held the other way round
            roll += float(rng.choice([-90.0, 90.0]))
        # Any yaw, but half the time nearly square to the frame, as a phone is mostly held.
        yaw = u(0, 360) if rng.uniform() < 0.5 else 90.0 * int(rng.integers(0, 4)) + u(-15, 15)
        fill = u(0.7, 0.85) if hard else u(0.7, 0.9)
        blur = u(0.4, 1.5) if hard else u(0.0, 1.2)
        noise = u(3.0, 6.0) if hard else u(1.5, 4.0)
        quality = int(rng.integers(70, 86)) if hard else int(rng.integers(75, 91))
        exposure = u(0.7, 0.92) if hard else u(0.8, 1.0)
        cast = 0.15 if hard else 0.10
        gradient = u(0.15, 0.4) if hard else u(0.08, 0.3)
        vignette = u(0.15, 0.35) if hard else u(0.1, 0.3)
        shadow = u(0.25, 0.5) if hard else u(0.15, 0.4)
    warm = u(-1, 1)  # white balance: > 0 too warm (less blue), < 0 too cool (less red)
    gains = (1 - cast * max(warm, 0.0), 1 - cast * 0.3 * abs(warm), 1 - cast * max(-warm, 0.0))
    light = Light(
        exposure=exposure,
        gains=gains,
        gradient=gradient,
        gradient_deg=u(0, 360),
        vignette=vignette,
        shadow=shadow,
        shadow_shape=_photographer_shadow(rng, width, height) if shadow > 0 else (),
        shadow_soft_px=u(0.03, 0.08) * width,
        glare=u(0.5, 0.85) if hard else 0.0,
        glare_radii=(u(0.04, 0.1) * width, u(0.02, 0.05) * width),
        glare_deg=u(0, 180),
    )
    return Shot(
        preset=preset,
        width=width,
        height=height,
        focal_px=focal,
        tilt_deg=tilt,
        roll_deg=roll,
        yaw_deg=yaw % 360.0,
        fill=fill,
        shift=(u(-0.6, 0.6), u(-0.6, 0.6)),
        sensor=Sensor(blur_sigma=blur, noise=noise, chroma=0.6, jpeg_quality=quality),
        light=light,
        table=str(rng.choice(TABLES)),
        light_deg=u(0, 360),
        shadow_reach=u(0.3, 0.9),
        any_angle=preset != "top",
        occluder=str(rng.choice(OBJECTS)) if hard else None,
        foreign=hard,
        glare_at=(u(0.15, 0.85), u(0.15, 0.85)),
    )


def _photographer_shadow(
    rng: np.random.Generator, width: int, height: int
) -> tuple[tuple[float, float], ...]:
    """A large, slightly lumpy blob reaching into the frame from one side (photo pixels)."""
    side = int(rng.integers(0, 4))
    along, beyond = float(rng.uniform(0.2, 0.8)), float(rng.uniform(-0.15, 0.1))
    cx, cy = (
        (along * width, -beyond * height),
        (width * (1 + beyond), along * height),
        (along * width, height * (1 + beyond)),
        (-beyond * width, along * height),
    )[side]
    rx, ry = float(rng.uniform(0.25, 0.5)) * width, float(rng.uniform(0.25, 0.55)) * height
    turn = math.radians(float(rng.uniform(0, 180)))
    c, s = math.cos(turn), math.sin(turn)
    points = []
    for k in range(48):
        a = 2 * math.pi * k / 48
        lump = 1 + 0.08 * math.sin(3 * a + turn)
        x, y = rx * lump * math.cos(a), ry * lump * math.sin(a)
        points.append((cx + x * c - y * s, cy + x * s + y * c))
    return tuple(points)


# -- other things on the table ---------------------------------------------------------------


@dataclass(frozen=True)
class Thing:
    """A piece put down on the table; ``to_board`` maps its own mm to board mm."""

    piece: Piece
    to_board: Array

    def outline(self) -> Array:
        w, h = self.piece.size_mm
        return transform(self.to_board, np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64))


@dataclass(frozen=True)
class Cover:
    """An object lying over part of the fiducial at ``corner``, hiding ``hidden`` of its code."""

    thing: Thing
    corner: str
    hidden: float


@dataclass(frozen=True)
class ForeignLabel:
    """A product label on the table; ``code`` holds its QR code's corners in board mm."""

    thing: Thing
    text: str
    code: Array


_OUTWARD = {
    "NW": ((0, -1), (-1, 0)),
    "NE": ((0, -1), (1, 0)),
    "SE": ((0, 1), (1, 0)),
    "SW": ((0, 1), (-1, 0)),
}
"""The two ways off the board from each corner's fiducial (board frame, y down)."""
_CLEAR_MM = 4.5
"""Objects keep this far from the grid, beyond which no token reaches."""


def _overlap(a: Array, b: Array) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def _board_zones(manifest: Manifest, grid_mm: float, fiducial_mm: float) -> list[Array]:
    """The grid and each fiducial, grown by the margins given."""
    board = manifest.board_geometry
    return [quad(Box(0, 0, *board.size), grid_mm)] + [
        quad(f.qr.box, fiducial_mm) for f in board.fiducials
    ]


def cover_fiducial(kit: KitRaster, kind: str, seed: int) -> Cover:
    """A plain object of ``kind`` over about half of one fiducial (chosen by the seed), reaching
    off the board and clear of the grid and the other fiducials."""
    rng = np.random.default_rng([seed, 0x0CC1])
    board = kit.manifest.board_geometry
    index = int(rng.integers(0, len(board.fiducials)))
    fiducial = board.fiducials[index]
    code = fiducial.qr.box
    zones = _board_zones(kit.manifest, _CLEAR_MM, 2.0)
    keep_off = [zone for k, zone in enumerate(zones) if k != index + 1]
    pieces = [
        plain_object(kind, kit.sx, kit.sy, seed),
        plain_object(OBJECTS[0], kit.sx, kit.sy, seed),
    ]
    ways = _OUTWARD.get(fiducial.corner, _OUTWARD["NW"])
    for attempt in range(600):
        piece = pieces[attempt // 300]  # the first object, else the smallest one
        w, h = piece.size_mm
        outward = np.array(ways[int(rng.integers(0, 2))], np.float64)
        across = np.array([-outward[1], outward[0]])
        angle = 90.0 * int(rng.integers(0, 2)) + float(rng.uniform(-6, 6))
        c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
        extent = np.array([w * c + h * s, w * s + h * c])
        span_out, span_across = float(extent @ np.abs(outward)), float(extent @ np.abs(across))
        slack = max(span_across - code.width - 1.0, 0.0) / 2
        middle = (
            np.array(code.centre)
            + outward * (code.width * float(rng.uniform(-0.08, 0.08)) + span_out / 2)
            + across * float(rng.uniform(-slack, slack))
        )
        thing = Thing(piece, rigid(angle, (w / 2, h / 2), (float(middle[0]), float(middle[1]))))
        outline = thing.outline()
        hidden = _overlap(outline, quad(code)) / (code.width * code.height)
        if 0.4 <= hidden <= 0.6 and not any(_overlap(outline, zone) > 0 for zone in keep_off):
            return Cover(thing, fiducial.corner, hidden)
    raise KitError("There is no room on this board to lay an object over a fiducial.")


def label_beside(kit: KitRaster, seed: int, avoid: list[Array]) -> ForeignLabel:
    """A product label on the table beside the board sheet (at most 6 mm onto its margin), clear
    of the board and of the outlines in ``avoid``."""
    rng = np.random.default_rng([seed, 0x1A6E1])
    label = product_label(foreign_text(seed), kit.sx, kit.sy, seed)
    w, h = label.piece.size_mm
    page_w, page_h = kit.manifest.page_size
    left, top = -kit.manifest.board_geometry.origin[0], -kit.manifest.board_geometry.origin[1]
    keep_off = _board_zones(kit.manifest, _CLEAR_MM, 3.0) + avoid
    for _ in range(600):
        angle = float(rng.uniform(-35, 35)) + 90.0 * int(rng.integers(0, 4))
        c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
        half_w, half_h = (w * c + h * s) / 2, (w * s + h * c) / 2
        gap, side = float(rng.uniform(-6, 14)), int(rng.integers(0, 4))
        if side in (0, 2):
            x = left + float(rng.uniform(0.1, 0.9)) * page_w
            y = top - gap - half_h if side == 0 else top + page_h + gap + half_h
        else:
            y = top + float(rng.uniform(0.1, 0.9)) * page_h
            x = left - gap - half_w if side == 3 else left + page_w + gap + half_w
        thing = Thing(label.piece, rigid(angle, (w / 2, h / 2), (x, y)))
        if any(_overlap(thing.outline(), zone) > 0 for zone in keep_off):
            continue
        x0, y0, side_mm = label.code_box
        code = transform(thing.to_board, quad(Box(x0, y0, side_mm, side_mm)))
        return ForeignLabel(thing, label.text, code)
    raise KitError("There is no room beside this board for a label.")


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
            f"The position is on board {state.board.code}, but this kit prints board"
            f" {kit.board_code}."
        )
    tokens = lay_tokens(kit, state, seed, any_angle=shot.any_angle)
    cover = cover_fiducial(kit, shot.occluder, seed) if shot.occluder else None
    label = (
        label_beside(kit, seed, [cover.thing.outline()] if cover else []) if shot.foreign else None
    )
    scene = Scene(tuple(tokens), cover, label)
    framed = np.vstack(
        _board_zones(kit.manifest, 5.0, 1.0) + ([label.thing.outline()] if label else [])
    )
    h = aim(
        framed,
        width=shot.width,
        height=shot.height,
        focal_px=shot.focal_px,
        tilt_deg=shot.tilt_deg,
        roll_deg=shot.roll_deg,
        yaw_deg=shot.yaw_deg,
        fill=shot.fill,
        shift=shot.shift,
    ).homography
    optical = _optical(kit, scene, shot, h, seed)
    light = shot.light
    if light.glare > 0:
        w_mm, h_mm = kit.manifest.board_geometry.size
        spot = project(h, np.array([[shot.glare_at[0] * w_mm, shot.glare_at[1] * h_mm]]))[0]
        light = replace(light, glare_xy=(float(spot[0]), float(spot[1])))
    image, jpeg = develop(optical, light, shot.sensor, seed)
    return Photo(image, _truth(kit, state, scene, shot, h, seed), jpeg)


_FAR_MM = 900.0
"""The table is drawn this far around the board at most; beyond, it is mirrored."""
_TABLE_PIXELS = 1.6e6
_TABLE_PX_PER_MM = 3.0
"""The table top is drawn at this scale at most, and in this many pixels at most: its texture
is soft, and the photo's noise gives it grain."""


def _optical(kit: KitRaster, scene: Scene, shot: Shot, h: Array, seed: int) -> Image:
    """The image the lens forms: the table, and the sheet with everything on it, each warped
    once into the photo."""
    table = _table_raster(kit.manifest, shot, h)
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


def _table_raster(manifest: Manifest, shot: Shot, h: Array) -> Raster:
    """A raster of the table covering what the photo sees of it (within :data:`_FAR_MM`)."""
    w, ht = shot.width, shot.height
    frame = np.array(
        [[-0.5, -0.5, 1], [w - 0.5, -0.5, 1], [w - 0.5, ht - 0.5, 1], [-0.5, ht - 0.5, 1]]
    )
    rays = frame @ np.linalg.inv(h).T
    middle = np.array(manifest.board_geometry.size) / 2
    ahead = rays[:, 2] > 1e-12
    if ahead.all():
        seen = rays[:, :2] / rays[:, 2:3]
    else:  # the horizon is in the photo: as far as the table is drawn
        seen = np.array([middle - _FAR_MM, middle + _FAR_MM])
    low = np.clip(np.minimum(seen.min(axis=0), middle - 150), middle - _FAR_MM, None)
    high = np.clip(np.maximum(seen.max(axis=0), middle + 150), None, middle + _FAR_MM)
    scale = min(_TABLE_PX_PER_MM, math.sqrt(_TABLE_PIXELS / float(np.prod(high - low))))
    cols, rows = (np.ceil((high - low) * scale).astype(int) + 1).tolist()
    return Raster(float(low[0]), float(low[1]), scale, scale, cols, rows)


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


# -- the truth -------------------------------------------------------------------------------


def _px(h: Array, points_mm: Array) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in project(h, points_mm)]


def _truth(
    kit: KitRaster, state: State, scene: Scene, shot: Shot, h: Array, seed: int
) -> dict[str, Any]:
    board = kit.manifest.board_geometry
    w_mm, h_mm = board.size
    hidden = {scene.cover.corner: scene.cover.hidden} if scene.cover else {}
    tokens = []
    for token in scene.tokens:
        qr = token.item.qr
        if qr is None:
            raise KitError(f"Pawn {token.item.id} of this kit has no QR code.")
        tokens.append(
            {
                "id": token.item.id,
                "payload": qr.payload,
                "square": square_name(token.square),
                "colour": str(token.item.attrs.get("colour", "")).upper(),
                "corners_px": _px(h, transform(token.to_board, quad(qr.box))),
                "rotation_deg": round((token.angle_deg + 180.0) % 360.0 - 180.0, 3),
            }
        )
    lattice = np.array(
        [
            [x, y]
            for x in np.linspace(0, w_mm, board.columns + 1)
            for y in np.linspace(0, h_mm, board.rows + 1)
        ]
    )
    smallest, largest = scale_range(h, lattice)
    return {
        "schema": TRUTH_SCHEMA,
        "game": "rodeurs",
        "preset": shot.preset,
        "seed": seed,
        "width": shot.width,
        "height": shot.height,
        "jpeg_quality": shot.sensor.jpeg_quality,
        "state": state.text,
        "board": {
            "code": state.board.code,
            "grid_corners_px": _px(h, quad(Box(0, 0, w_mm, h_mm))),
            "homography": [[float(v) for v in row] for row in h],
        },
        "fiducials": [
            {
                "corner": f.corner,
                "payload": f.qr.payload,
                "corners_px": _px(h, quad(f.qr.box)),
                "occluded": f.corner in hidden,
                "covered": round(hidden.get(f.corner, 0.0), 3),
            }
            for f in board.fiducials
        ],
        "tokens": tokens,
        "foreign": (
            [{"text": scene.label.text, "corners_px": _px(h, scene.label.code)}]
            if scene.label
            else []
        ),
        "camera": {
            "tilt_deg": round(shot.tilt_deg, 3),
            "yaw_deg": round(direction_deg(h, (w_mm / 2, h_mm / 2), (1.0, 0.0)), 3),
            "blur_sigma": round(shot.sensor.blur_sigma, 3),
            "px_per_mm_min": round(smallest, 3),
            "px_per_mm_max": round(largest, 3),
        },
    }


# -- files and positions ---------------------------------------------------------------------


def write_photo(
    photo: Photo, out: Path, *, force: bool = False, quality: int | None = None
) -> tuple[Path, Path]:
    """Write ``photo`` to ``out`` and its truth to ``out.with_suffix(".json")``; return both.

    ``.jpg``/``.jpeg`` writes the photo's own JPEG (at the preset's seeded quality), or, with
    ``quality``, its pixels re-encoded at that quality (a second JPEG pass; the truth's
    ``jpeg_quality`` then says so). ``.png`` writes its pixels losslessly. Raises
    :class:`KitError` if either file exists and ``force`` is false.
    """
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".jpg", ".jpeg", ".png"):
        raise KitError(f"A photo is written as .jpg or .png, not '{out.name}'.")
    truth_path = out.with_suffix(".json")
    for path in (out, truth_path):
        if path.exists() and not force:
            raise KitError(f"{path} already exists; use --force to replace it.")
    truth = dict(photo.truth)
    if suffix == ".png":
        data = _encode(".png", photo.image, [])
    elif photo.jpeg and quality in (None, truth.get("jpeg_quality")):
        data = photo.jpeg
    else:
        q = int(quality if quality is not None else truth.get("jpeg_quality", 90))
        if not 1 <= q <= 100:
            raise KitError(f"A JPEG quality is 1 to 100, not {q}.")
        data = _encode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, q])
        truth["jpeg_quality"] = q
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    truth_path.write_text(truth_json(truth))
    return out, truth_path


_NUMBERS = re.compile(r"\[\n\s*(-?\d[^\[\]{}\"]*?)\s*\]")
"""A list of numbers spread over lines by ``json.dumps(..., indent=1)``."""


def truth_json(truth: dict[str, Any]) -> str:
    """The truth as indented JSON, each list of numbers (a point, a row of the homography) on
    one line."""
    text = json.dumps(truth, indent=1, ensure_ascii=False)
    return _NUMBERS.sub(lambda m: "[" + " ".join(m.group(1).split()) + "]", text) + "\n"


def _encode(ext: str, image: np.ndarray, params: list[int]) -> bytes:
    ok, encoded = cv2.imencode(ext, image, params)
    if not ok:
        raise KitError(f"The photo could not be encoded as {ext}.")
    return bytes(encoded.tobytes())


MID_GAME_TURNS = (1, 20)
"""How many turns a random mid-game position plays (fewer if the game ends first)."""
TO_THE_END = 0.25
"""The share of seeds whose random position, when no number of turns is given, is the end of
a game."""


def random_position(layout: Layout, seed: int, *, turns: int | None = None) -> State:
    """A position reached from ``layout``'s start by seeded random legal turns.

    With ``turns``, that many turns are played (fewer if the game ends first; 0 is the start).
    Without, the seed decides: one seed in four (:data:`TO_THE_END`) plays to the end of the
    game, the others stop after 1 to 20 turns (:data:`MID_GAME_TURNS`), in mid-game.
    """
    rng = random.Random(seed)
    if turns is None and rng.random() >= TO_THE_END:
        turns = rng.randint(*MID_GAME_TURNS)
    state = layout.state
    played = 0
    while (turns is None or played < turns) and not is_over(state):
        state = apply(state, rng.choice(legal_turns(state)))
        played += 1
    return state
