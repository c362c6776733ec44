"""A printed board on the virtual camera's table: its sheets cut out and laid as a player
assembles them, the pieces cut from the kit's pages, and the canvas they are drawn on.

A board too large for one page is printed on sheets that lap onto each other. A player cuts
each sheet out along its cut box, a little inside it, except that an edge lapping onto a
neighbour is cut on its grid line, up to 1 mm into the bleed (:func:`cut_sheet`); then lays it
off its place by up to :data:`SHEET_SHIFT_MM` and :data:`SHEET_TURN_DEG` (:func:`lay_sheets`).
A :class:`TableCanvas` holds what lies on the table in table millimetres until the lens sees it
(:meth:`TableCanvas.seen`), and :func:`board_photo` develops the photo of a square board.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Self

import cv2
import numpy as np

from companion.camera.lens import Aim, Array, Image, project
from companion.camera.paste import Shadow, box_mask, darken, paste, seen_through
from companion.camera.photo import Photo, camera_truth
from companion.camera.real_world import Subject, develop_shot
from companion.camera.shot import Shot
from companion.camera.table import Raster, rigid, scale_map, table_top, transform
from patrolkit.errors import KitError
from patrolkit.i18n import _
from patrolkit.manifest import Item

SHEET_SHIFT_MM = 2.0
"""How far a board sheet may lie off its place, in x and in y."""
SHEET_TURN_DEG = 1.0
"""How far a board sheet may be turned off its place, either way."""
PAPER_MM = 0.1
"""Printed paper, for the sheets' shadows."""

Cut = tuple[float, float, float, float]
"""The part of a page kept by the scissors: x0, y0, x1, y1 (page mm)."""
Pose = tuple[Array, float, tuple[float, float]]
"""A sheet as laid: its 3 x 3 map from page mm to board mm, its turn (degrees) and its shift
(mm, x and y) off its place."""
Mask = Callable[[int, int, tuple[int, int]], Image]
"""A piece's coverage mask (0..255) on a crop of its page: given the crop's width and height
(px) and the page pixel at its top-left."""


# -- the sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetPlan:
    """One board sheet of a kit: its manifest item, where its cells are on its page and where
    they go on the assembled board."""

    item: Item
    name: str
    origin: tuple[float, float]
    """The page position (mm) of the top-left corner of the sheet's cells."""
    board_origin: tuple[float, float]
    """Where the sheet's cell frame starts on the assembled board (mm from the top-left corner
    of the board's top-left cell, x east, y south), when laid exactly."""
    first_column: int
    columns: int
    first_row: int
    rows: int
    """Its cells: ``columns`` from ``first_column`` (0 is the west column) and ``rows`` from
    ``first_row`` (0 is the south row)."""
    lapping: frozenset[str]
    """The sides (``N``, ``E``, ``S``, ``W``) lapping onto a neighbour."""

    @classmethod
    def from_item(cls, item: Item, board_rows: int, cell_mm: float, **more: Any) -> Self:
        """The board sheet of the manifest's ``item`` (its ``name``, ``origin``, ``cells`` and
        ``lapping``) on a board ``board_rows`` cells high with ``cell_mm`` cells; ``more`` gives
        a game's own fields."""
        a = item.attrs
        cells = a["cells"]
        first_column, columns = int(cells["first_column"]), int(cells["columns"])
        first_row, rows = int(cells["first_row"]), int(cells["rows"])
        return cls(
            item,
            str(a["name"]),
            (float(a["origin"][0]), float(a["origin"][1])),
            (first_column * cell_mm, (board_rows - first_row - rows) * cell_mm),
            first_column,
            columns,
            first_row,
            rows,
            frozenset(a["lapping"]),
            **more,
        )

    def holds(self, column: int, row: int) -> bool:
        """Whether the cell at ``column``, ``row`` is on this sheet."""
        return (
            self.first_column <= column < self.first_column + self.columns
            and self.first_row <= row < self.first_row + self.rows
        )

    def cell_centre(self, column: int, row: int, cell_mm: float) -> tuple[float, float]:
        """The centre of the cell at ``column``, ``row`` in page mm."""
        return (
            self.origin[0] + (column - self.first_column + 0.5) * cell_mm,
            self.origin[1] + (self.first_row + self.rows - 1 - row + 0.5) * cell_mm,
        )


def lay_sheets(
    plans: Sequence[SheetPlan], cell_mm: float, rng: np.random.Generator
) -> dict[str, Pose]:
    """Each sheet's pose by name: off its place by up to :data:`SHEET_SHIFT_MM` and
    :data:`SHEET_TURN_DEG`, turned about its grid's centre."""
    poses = {}
    for plan in plans:
        w, h = plan.columns * cell_mm, plan.rows * cell_mm
        bx, by = plan.board_origin
        dx, dy = rng.uniform(-SHEET_SHIFT_MM, SHEET_SHIFT_MM, 2).tolist()
        turn = float(rng.uniform(-SHEET_TURN_DEG, SHEET_TURN_DEG))
        centre_page = (plan.origin[0] + w / 2, plan.origin[1] + h / 2)
        centre_board = (bx + w / 2 + dx, by + h / 2 + dy)
        poses[plan.name] = (rigid(turn, centre_page, centre_board), turn, (dx, dy))
    return poses


def cut_sheet(plan: SheetPlan, rng: np.random.Generator) -> Cut:
    """The sheet as cut: its cut box, each lapping edge on its grid line (up to 1 mm out)."""
    cut = plan.item.cut
    x0, y0, x1, y1 = cut.x, cut.y, cut.x + cut.width, cut.y + cut.height
    ox, oy = plan.origin
    scissors = rng.uniform(0.0, 0.3, 4).tolist()
    bleed = rng.uniform(0.0, 1.0, 4).tolist()
    x0 = ox - bleed[0] if "W" in plan.lapping else x0 + scissors[0]
    y0 = oy - bleed[1] if "N" in plan.lapping else y0 + scissors[1]
    return (x0, y0, x1 - scissors[2], y1 - scissors[3])


def outline(to_board: Array, cut: Cut) -> Array:
    """The corners of ``cut`` (page mm) on the board, through ``to_board``."""
    x0, y0, x1, y1 = cut
    return transform(to_board, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))


def code_corners(item: Item, to_board: Array) -> Array:
    """The corners of ``item``'s QR code on the board, through ``to_board`` (its page mm to
    board mm), in code order; :class:`KitError` for an item printed without one."""
    qr = item.qr
    if qr is None:
        raise KitError(_("Piece {piece} of this kit has no QR code.").format(piece=item.id))
    b = qr.box
    corners = np.array(
        [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
    )
    return transform(to_board, corners)


def rounded(points_px: Array) -> list[list[float]]:
    """Photo pixels ``(n, 2)`` as the truth lists them, to 0.01 px."""
    return [[round(float(x), 2), round(float(y), 2)] for x, y in points_px]


def sheet_truth(plan: SheetPlan, pose: Pose, cell_mm: float, h: Array) -> dict[str, Any]:
    """The truth of a sheet as laid: ``offset_mm`` and ``angle_deg`` off its place, and its
    grid's corners in the photo (``h``: table mm to photo px)."""
    to_board, turn, (dx, dy) = pose
    ox, oy = plan.origin
    w, ht = plan.columns * cell_mm, plan.rows * cell_mm
    grid = np.array([[ox, oy], [ox + w, oy], [ox + w, oy + ht], [ox, oy + ht]])
    return {
        "offset_mm": [round(dx, 3), round(dy, 3)],
        "angle_deg": round(turn, 3),
        "grid_corners_px": rounded(project(h, transform(to_board, grid))),
    }


def board_camera_truth(shot: Shot, h: Array, grid_mm: float) -> dict[str, float]:
    """The truth's ``camera`` for a square board ``grid_mm`` a side: the yaw at its centre and
    the scales over a 9 x 9 lattice of its points (see :func:`camera_truth`)."""
    lattice = np.array(
        [[x, y] for x in np.linspace(0, grid_mm, 9) for y in np.linspace(0, grid_mm, 9)]
    )
    return camera_truth(shot, h, (grid_mm / 2, grid_mm / 2), lattice)


# -- drawing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableCanvas:
    """What lies on the table, drawn in table millimetres before the lens sees it: ``image``
    (drawn on in place) over ``raster``, on the table top ``top`` over ``table``; ``away`` is
    the unit vector along the table away from the light, ``shadow_reach`` how far a shadow falls
    per mm of thickness."""

    raster: Raster
    image: Image
    table: Raster
    top: Image
    away: Array
    shadow_reach: float

    def shadow(self, thickness_mm: float, soft_mm: float, strength: float) -> Shadow:
        """The drop shadow of a piece ``thickness_mm`` thick, ``soft_mm`` soft."""
        length = self.shadow_reach * thickness_mm
        sx, sy = self.raster.sx, self.raster.sy
        return Shadow(
            (self.away[0] * length * sx, self.away[1] * length * sy), soft_mm * sx, strength
        )

    def paste_cut(
        self,
        page: Image,
        cut: Cut,
        to_table: Array,
        shadow: Shadow | None = None,
        mask: Mask | None = None,
    ) -> None:
        """The part ``cut`` of ``page`` (a printed page at the canvas's scale) laid through
        ``to_table`` (page mm to table mm), cut along ``cut``'s box or ``mask``, over its drop
        ``shadow``."""
        sx, sy = self.raster.sx, self.raster.sy
        x0, y0, x1, y1 = cut
        px0, py0 = max(math.floor((x0 - 1) * sx), 0), max(math.floor((y0 - 1) * sy), 0)
        px1 = min(math.ceil((x1 + 1) * sx), page.shape[1])
        py1 = min(math.ceil((y1 + 1) * sy), page.shape[0])
        crop = page[py0:py1, px0:px1]
        if mask is None:
            trim = (x0 * sx - px0, y0 * sy - py0, x1 * sx - px0, y1 * sy - py0)
            coverage = box_mask(crop.shape[1], crop.shape[0], trim)
        else:
            coverage = mask(crop.shape[1], crop.shape[0], (px0, py0))
        from_crop = np.array([[1.0, 0.0, px0], [0.0, 1.0, py0], [0.0, 0.0, 1.0]])
        page_px = np.linalg.inv(scale_map(sx, sy))
        affine = self.raster.from_mm @ to_table @ page_px @ from_crop
        paste(self.image, crop, coverage, affine[:2], shadow)

    def lay_paper(
        self, sheets: Sequence[tuple[Image, Array, Cut]], shadow: Shadow | None = None
    ) -> None:
        """Sheets of paper, each its page, its map from page mm to table mm and its cut: a thin
        shadow under every sheet's edge, then the sheets in turn over their drop ``shadow``."""
        for _page, to_table, cut in sheets:
            darken(
                self.image,
                self.raster.px(outline(to_table, cut) + self.away * 0.4),
                soft=0.6 * self.raster.sx,
                strength=0.25,
            )
        for page, to_table, cut in sheets:
            self.paste_cut(page, cut, to_table, shadow)

    def seen(self, shot: Shot, h: Array) -> Image:
        """The photo's optical image: the table and what lies on it seen through ``h``."""
        return seen_through(
            h,
            (shot.width, shot.height),
            self.top,
            self.table.from_mm,
            self.image,
            self.raster.from_mm,
        )


def table_canvas(
    shot: Shot, h: Array, outlines: Array, scale: tuple[float, float], seed: int
) -> TableCanvas:
    """The canvas around the sheets whose ``outlines`` (table mm) ``h`` photographs, at
    ``scale`` (px per mm, x and y: the printed pages'), on the shot's seeded table top."""
    low, high = outlines.min(axis=0) - 6.0, outlines.max(axis=0) + 6.0
    sx, sy = scale
    raster = Raster(
        float(low[0]),
        float(low[1]),
        sx,
        sy,
        math.ceil((high[0] - low[0]) * sx),
        math.ceil((high[1] - low[1]) * sy),
    )
    table = shot.table_raster(h, (low + high) / 2, reach=250.0)
    top = table_top(shot.table, table, seed)
    angle = math.radians(shot.light_deg)
    away = np.array([math.cos(angle), math.sin(angle)])
    image = cv2.warpAffine(
        top,
        (raster.from_mm @ np.linalg.inv(table.from_mm))[:2],
        (raster.width, raster.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT_101,
    )
    return TableCanvas(raster, image, table, top, away, shot.shadow_reach)


def board_photo(
    optical: Image,
    shot: Shot,
    seed: int,
    view: Aim,
    outlines: Array,
    grid_mm: float,
    truth: dict[str, Any],
) -> Photo:
    """The photo developed from ``optical`` (with the shot's real-world effect, if any) of a
    square board ``grid_mm`` a side laid on sheets whose ``outlines`` are in table mm, with its
    ``truth`` moved as the effect moves the photo."""
    low, high = outlines.min(axis=0), outlines.max(axis=0)
    paper = np.array([low, [high[0], low[1]], high, [low[0], high[1]]])
    subject = Subject(view, (0.0, 0.0, grid_mm, grid_mm), (paper,))
    developed = develop_shot(optical, shot.light, shot, seed, subject)
    return Photo(developed.image, developed.truth(truth), developed.jpeg)
