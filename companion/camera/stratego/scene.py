"""The virtual camera for Stratego: seeded photos of a printed kit's board with its standing
pieces, with truth.

:func:`photograph` rasterises the kit's own PDF, cuts each board sheet out along its cut box (a
sheet that laps onto a neighbour is cut on its grid line, up to 1 mm into the bleed) and lays
the sheets on a procedural table as a player assembles them, each off its place by up to ±2 mm
and ±1°. Each piece of the :class:`~patrolkit.games.stratego.State` (every piece carries the id
of a printed piece, see :mod:`companion.camera.stratego.positions`) stands on its cell as the
folded box it is: 24 x 24 mm and 15 mm high, its rank face towards its owner, off the cell's
centre by up to ±1.5 mm and turned by up to ±6°. The box is drawn in perspective from the
strip as printed: its top (the army's band and the id code), the walls the camera sees (the
rank face and the back, from the strip; the open ends dark inside), each wall darker than the
top as the light falls, and a soft shadow on the board away from the light. Pieces are drawn
from the farthest to the nearest, so a near piece hides what it stands in front of: a
neighbour's walls, never its top (every top lies in one plane, 15 mm over the board). The
table is then photographed with the camera's presets (:func:`companion.camera.shot.draw_shot`).
The same kit, state, preset, seed and options give the same bytes.

For tests, ``across`` pushes one piece half a cell towards an empty neighbour, so it stands
across two cells.

The truth (``Photo.truth``, JSON-ready)
---------------------------------------
Pixels are OpenCV's; corners are listed top-left, top-right, bottom-right, bottom-left of a code
as printed (its top towards the piece's opponent), or of a sheet's grid as printed.

.. code-block:: text

    schema        1
    game          "stratego"
    preset, seed  as given; width, height, jpeg_quality of the photo
    state         the position photographed, ranks hidden, with ids (State.hidden().text)
    kit           the kit code; cell_mm
    sheets        [{name, offset_mm, angle_deg, grid_corners_px}]
    pieces        [{cell, army, id, payload, top_corners_px, code_corners_px}]: every piece
                  standing on a cell (the one pushed across is not listed)
    across        null, or {cell, army, id, payload, towards, code_corners_px}
    camera        tilt_deg, yaw_deg, blur_sigma, px_per_mm_min, px_per_mm_max
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.camera.lens import Aim, Array, Image
from companion.camera.paste import darken
from companion.camera.photo import Photo, truth_head
from companion.camera.sheets import (
    Cut,
    Pose,
    TableCanvas,
    board_camera_truth,
    board_photo,
    cut_sheet,
    lay_sheets,
    outline,
    rounded,
    sheet_truth,
    table_canvas,
)
from companion.camera.shot import Shot, draw_shot
from companion.camera.stratego.kit import PrintedPiece, StrategoKitRaster, stratego_kit_raster
from companion.camera.table import transform
from patrolkit.errors import KitError
from patrolkit.games.stratego import NEIGHBOURS, Army, State, is_lake, square_name
from patrolkit.games.stratego.words import capitalized, the_piece_of
from patrolkit.i18n import _
from patrolkit.sizes.stratego import Stratego

PIECE_SHIFT_MM = 1.5
PIECE_TURN_DEG = 6.0
MAX_TILT_DEG = 60.0
"""The steepest tilt :func:`photograph` is asked for: beyond, the far side of the board is
seen too obliquely for any photo a player would take."""
INSIDE = np.array([62.0, 66.0, 70.0])
"""The inside of a piece's open end (B, G, R), before the light."""


@dataclass(frozen=True)
class Standing:
    """A piece on the table: where its base's centre is (board mm), the way it faces (towards
    its opponent, a unit vector in the board frame) and the cell it stands for."""

    piece: PrintedPiece
    sq: int
    centre: tuple[float, float]
    forward: tuple[float, float]
    across: str | None = None
    """The cell it was pushed towards, if pushed across two cells."""

    @property
    def right(self) -> tuple[float, float]:
        """Its owner's right: the forward direction turned a quarter clockwise (y down)."""
        fx, fy = self.forward
        return (-fy, fx)

    def point(self, a: float, b: float, z: float) -> Array:
        """The table point ``a`` mm to the owner's right, ``b`` mm forward and ``z`` mm up."""
        (cx, cy), (fx, fy), (rx, ry) = self.centre, self.forward, self.right
        return np.array([cx + a * rx + b * fx, cy + a * ry + b * fy, -z])


# -- the photo -------------------------------------------------------------------------------


def photograph(
    kit_dir: Path,
    state: State,
    *,
    preset: str,
    seed: int,
    across: bool = False,
    tilt_deg: float | None = None,
) -> Photo:
    """A seeded photo of the kit in ``kit_dir`` on a table with the pieces of ``state`` standing
    on their cells, the camera tilted by ``tilt_deg`` when given (instead of the preset's);
    :class:`KitError` for a piece whose id the kit does not print, an unknown preset or a tilt
    outside 0–:data:`MAX_TILT_DEG`."""
    shot = draw_shot(preset, seed)
    if tilt_deg is not None:
        if not 0.0 <= tilt_deg <= MAX_TILT_DEG:
            raise KitError(
                _("A camera tilt is 0 to {most} degrees from straight down, not {tilt}.").format(
                    most=f"{MAX_TILT_DEG:g}", tilt=f"{tilt_deg:g}"
                )
            )
        shot = replace(shot, tilt_deg=float(tilt_deg))
    kit = stratego_kit_raster(kit_dir)
    rng = np.random.default_rng([seed, 0x57A7])
    poses = lay_sheets(kit.sheets, kit.cell_mm, rng)
    cuts = {p.name: cut_sheet(p, rng) for p in kit.sheets}
    standing = _stand(kit, state, poses, rng, across)
    outlines = np.vstack([outline(poses[p.name][0], cuts[p.name]) for p in kit.sheets])
    view = shot.aim(outlines)
    canvas = table_canvas(shot, view.homography, outlines, (kit.sx, kit.sy), seed)
    optical = _optical(kit, poses, cuts, standing, canvas, shot, view)
    truth = _truth(kit, state, poses, standing, shot, view, seed)
    return board_photo(optical, shot, seed, view, outlines, Stratego.COLUMNS * kit.cell_mm, truth)


def _cell_centre(
    kit: StrategoKitRaster, poses: dict[str, Pose], sq: int
) -> tuple[np.ndarray, float]:
    """The centre of cell ``sq`` on the table (board mm, through its sheet) and its sheet's
    turn."""
    column, row = sq % Stratego.COLUMNS, sq // Stratego.COLUMNS
    plan = next(p for p in kit.sheets if p.holds(column, row))
    to_board, turn, _ = poses[plan.name]
    return transform(to_board, np.array([plan.cell_centre(column, row, kit.cell_mm)]))[0], turn


def _stand(
    kit: StrategoKitRaster,
    state: State,
    poses: dict[str, Pose],
    rng: np.random.Generator,
    across: bool,
) -> list[Standing]:
    """Every piece of ``state`` standing on its cell."""
    standing = []
    for sq, piece in enumerate(state.cells):
        if piece is None:
            continue
        printed = kit.pieces.get(piece.id)
        if printed is None or printed.army is not piece.army:
            raise KitError(
                _("{piece} on {cell} has no id of this kit's pieces of its army ('{id}').").format(
                    piece=capitalized(the_piece_of(piece.army)), cell=square_name(sq), id=piece.id
                )
            )
        centre, turn = _cell_centre(kit, poses, sq)
        centre = centre + rng.uniform(-PIECE_SHIFT_MM, PIECE_SHIFT_MM, 2)
        angle = math.radians(turn + float(rng.uniform(-PIECE_TURN_DEG, PIECE_TURN_DEG)))
        base = -1.0 if piece.army is Army.RED else 1.0  # red faces north (board -y)
        forward = (-base * math.sin(angle), base * math.cos(angle))
        standing.append(Standing(printed, sq, (float(centre[0]), float(centre[1])), forward))
    if across:
        standing = _push_across(standing, state, kit.cell_mm, rng)
    return standing


def _push_across(
    standing: list[Standing], state: State, cell_mm: float, rng: np.random.Generator
) -> list[Standing]:
    """One piece pushed half a cell towards an empty neighbour (not a lake)."""
    options = [
        (k, other)
        for k, s in enumerate(standing)
        for other in NEIGHBOURS[s.sq]
        if state.cells[other] is None and not is_lake(other)
    ]
    if not options:
        raise KitError(_("No piece has an empty neighbour to be pushed towards."))
    k, other = options[int(rng.integers(0, len(options)))]
    s = standing[k]
    dc = other % Stratego.COLUMNS - s.sq % Stratego.COLUMNS
    dr = other // Stratego.COLUMNS - s.sq // Stratego.COLUMNS
    centre = (s.centre[0] + dc * cell_mm / 2, s.centre[1] - dr * cell_mm / 2)
    pushed = Standing(s.piece, s.sq, centre, s.forward, square_name(other))
    return [pushed if j == k else t for j, t in enumerate(standing)]


# -- drawing ---------------------------------------------------------------------------------


def _optical(
    kit: StrategoKitRaster,
    poses: dict[str, Pose],
    cuts: dict[str, Cut],
    standing: list[Standing],
    canvas: TableCanvas,
    shot: Shot,
    view: Aim,
) -> Image:
    canvas.lay_paper(
        [(kit.pages[p.item.sheet], poses[p.name][0], cuts[p.name]) for p in kit.sheets]
    )
    reach = shot.shadow_reach * Stratego.PIECE_HEIGHT_MM
    away = canvas.away
    for s in standing:  # each piece's shadow on the board, away from the light
        half = Stratego.PIECE_WIDTH_MM / 2
        foot = np.array([s.point(a, b, 0)[:2] for a, b in _square(half)])
        hull = cv2.convexHull(np.vstack([foot, foot + away * reach]).astype(np.float32))
        darken(
            canvas.image, canvas.raster.px(hull.reshape(-1, 2)), soft=2.0 * kit.sx, strength=0.45
        )
    optical = canvas.seen(shot, view.homography)
    lit = -away  # towards the light, along the table
    for s in sorted(standing, key=lambda t: -_depth(view, t.point(0, 0, 0))):
        _draw_piece(optical, s, view, kit, lit)
    return optical


def _square(half: float) -> list[tuple[float, float]]:
    return [(-half, -half), (half, -half), (half, half), (-half, half)]


def _depth(view: Aim, point: Array) -> float:
    return float((point - view.centre) @ (view.rotation.T @ np.array([0.0, 0.0, 1.0])))


def _photo(view: Aim, points: Array) -> Array:
    """Table points ``(n, 3)`` (mm, z up negative) in photo pixels."""
    seen = (np.asarray(points) - view.centre) @ view.rotation.T @ view.camera.T
    return np.asarray(seen[:, :2] / seen[:, 2:3])


def _draw_piece(optical: Image, s: Standing, view: Aim, kit: StrategoKitRaster, lit: Array) -> None:
    """One standing piece over the photo: the walls the camera sees, then its top."""
    w, d, ht = Stratego.PIECE_WIDTH_MM, Stratego.PIECE_DEPTH_MM, Stratego.PIECE_HEIGHT_MM
    half_w, half_d = w / 2, d / 2
    panels = {name: (start, length) for name, start, length in Stratego.panels()}
    strip = s.piece.strip
    sx = strip.shape[1] / Stratego.strip_length()
    sy = strip.shape[0] / w
    eye = view.centre
    # (outward normal in (a, b), a point on the face, the face's corners as (strip x, strip y)
    # and as (a, b, z))
    rank_x, _ = panels["rank"]
    back_x, back_len = panels["back"]
    walls = [
        (
            (0.0, -1.0),
            [(rank_x, 0), (rank_x + ht, 0), (rank_x + ht, w), (rank_x, w)],
            [(-half_w, -half_d, 0), (-half_w, -half_d, ht), (half_w, -half_d, ht),
             (half_w, -half_d, 0)],
        ),
        (
            (0.0, 1.0),
            [(back_x, 0), (back_x + back_len, 0), (back_x + back_len, w), (back_x, w)],
            [(-half_w, half_d, ht), (-half_w, half_d, 0), (half_w, half_d, 0),
             (half_w, half_d, ht)],
        ),
    ]  # fmt: skip
    ends = [(-1.0, 0.0), (1.0, 0.0)]
    for (na, nb), page, corners in walls:
        normal = _table_vector(s, na, nb)
        face = np.array([s.point(a, b, z) for a, b, z in corners])
        if _facing(face, normal, eye):
            shade = 0.72 + 0.18 * float(normal[:2] @ lit)
            _face(optical, strip, sx, sy, page, _photo(view, face), shade)
    for na, nb in ends:
        normal = _table_vector(s, na, nb)
        a = na * half_w
        face = np.array(
            [s.point(a, -half_d, 0), s.point(a, -half_d, ht), s.point(a, half_d, ht),
             s.point(a, half_d, 0)]
        )  # fmt: skip
        if _facing(face, normal, eye):
            shade = 0.8 + 0.2 * float(normal[:2] @ lit)
            _flat(optical, _photo(view, face), INSIDE * shade)
    top_x, top_len = panels["top"]
    # The top: strip x runs from the rank fold (owner's side) to the back fold (forward).
    page = [(top_x, 0), (top_x + top_len, 0), (top_x + top_len, w), (top_x, w)]
    face = np.array(
        [s.point(-half_w, -half_d, ht), s.point(-half_w, half_d, ht), s.point(half_w, half_d, ht),
         s.point(half_w, -half_d, ht)]
    )  # fmt: skip
    _face(optical, strip, sx, sy, page, _photo(view, face), 1.0)


def _table_vector(s: Standing, a: float, b: float) -> Array:
    (fx, fy), (rx, ry) = s.forward, s.right
    return np.array([a * rx + b * fx, a * ry + b * fy, 0.0])


def _facing(face: Array, normal: Array, eye: Array) -> bool:
    return float((eye - face.mean(axis=0)) @ normal) > 0


def _face(
    optical: Image,
    strip: Image,
    sx: float,
    sy: float,
    page: list[tuple[float, float]],
    quad: Array,
    shade: float,
) -> None:
    """The part of ``strip`` whose corners are ``page`` (strip mm) drawn onto ``quad`` (photo
    px), its light multiplied by ``shade``."""
    xs, ys = [p[0] for p in page], [p[1] for p in page]
    x0, x1 = max(math.floor(min(xs) * sx), 0), min(math.ceil(max(xs) * sx), strip.shape[1])
    y0, y1 = max(math.floor(min(ys) * sy), 0), min(math.ceil(max(ys) * sy), strip.shape[0])
    crop = strip[y0:y1, x0:x1]
    src = np.array([(x * sx - 0.5 - x0, y * sy - 0.5 - y0) for x, y in page], np.float32)
    left, top = np.floor(quad.min(axis=0)).astype(int) - 2
    right, bottom = np.ceil(quad.max(axis=0)).astype(int) + 2
    left, top = max(int(left), 0), max(int(top), 0)
    right, bottom = min(int(right), optical.shape[1]), min(int(bottom), optical.shape[0])
    if right <= left or bottom <= top:
        return
    dst = (quad - (left, top)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    size = (right - left, bottom - top)
    front = cv2.warpPerspective(
        crop, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    mask = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillPoly(mask, [np.round(dst * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    weight = mask.astype(np.float32)[..., None] / 255.0
    roi = optical[top:bottom, left:right].astype(np.float32)
    out = roi * (1 - weight) + front.astype(np.float32) * shade * weight
    optical[top:bottom, left:right] = np.clip(out, 0, 255).astype(np.uint8)


def _flat(optical: Image, quad: Array, colour: Array) -> None:
    """``quad`` (photo px) filled with ``colour`` (B, G, R), edges smoothed."""
    left, top = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 2, 0)
    right = min(math.ceil(quad[:, 0].max()) + 2, optical.shape[1])
    bottom = min(math.ceil(quad[:, 1].max()) + 2, optical.shape[0])
    if right <= left or bottom <= top:
        return
    mask = np.zeros((bottom - top, right - left), np.uint8)
    pts = np.round((quad - (left, top)) * 16).astype(np.int32)
    cv2.fillPoly(mask, [pts], 255, cv2.LINE_AA, shift=4)
    weight = mask.astype(np.float32)[..., None] / 255.0
    roi = optical[top:bottom, left:right].astype(np.float32)
    out = roi * (1 - weight) + colour.astype(np.float32) * weight
    optical[top:bottom, left:right] = np.clip(out, 0, 255).astype(np.uint8)


# -- the truth -------------------------------------------------------------------------------


def _code_corners(s: Standing, view: Aim) -> Array:
    """The id code's module area on the piece's top, in photo px, in code order (its top
    towards the piece's opponent)."""
    half, ht = Stratego.PIECE_CODE_MM / 2, Stratego.PIECE_HEIGHT_MM
    corners = [(-half, half), (half, half), (half, -half), (-half, -half)]
    return _photo(view, np.array([s.point(a, b, ht) for a, b in corners]))


def _truth(
    kit: StrategoKitRaster,
    state: State,
    poses: dict[str, Pose],
    standing: list[Standing],
    shot: Shot,
    view: Aim,
    seed: int,
) -> dict[str, Any]:
    h = view.homography
    c = kit.cell_mm
    sheets = [
        {"name": plan.name, **sheet_truth(plan, poses[plan.name], c, h)} for plan in kit.sheets
    ]
    pieces, across = [], None
    half, height = Stratego.PIECE_WIDTH_MM / 2, Stratego.PIECE_HEIGHT_MM
    for s in standing:
        entry: dict[str, Any] = {
            "cell": square_name(s.sq),
            "army": s.piece.army.title,
            "id": s.piece.id,
            "payload": s.piece.payload,
        }
        code = rounded(_code_corners(s, view))
        if s.across is not None:
            across = {**entry, "towards": s.across, "code_corners_px": code}
            continue
        top = np.array([s.point(a, b, height) for a, b in _square(half)])
        pieces.append(
            {**entry, "top_corners_px": rounded(_photo(view, top)), "code_corners_px": code}
        )
    return {
        **truth_head("stratego", shot, seed, state.hidden().text),
        "kit": kit.kit_code,
        "cell_mm": c,
        "sheets": sheets,
        "pieces": pieces,
        "across": across,
        "camera": board_camera_truth(shot, h, Stratego.COLUMNS * c),
    }
