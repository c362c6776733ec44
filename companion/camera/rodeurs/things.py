"""Other things on a Rôdeurs table, for the virtual camera: a plain object over half of one
corner code, and a product label with a foreign QR code beside the board sheet."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.camera.lens import (
    Array,
)
from companion.camera.objects import OBJECTS, Piece, foreign_text, plain_object, product_label
from companion.camera.rodeurs.kit import KitRaster
from companion.camera.table import quad, rigid, transform
from patrolkit.errors import KitError
from patrolkit.i18n import _
from patrolkit.manifest import Box, Manifest


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
    area, _hull = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def board_zones(manifest: Manifest, grid_mm: float, fiducial_mm: float) -> list[Array]:
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
    zones = board_zones(kit.manifest, _CLEAR_MM, 2.0)
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
    raise KitError(_("There is no room on this board to lay an object over a fiducial."))


def label_beside(kit: KitRaster, seed: int, avoid: list[Array]) -> ForeignLabel:
    """A product label on the table beside the board sheet (at most 6 mm onto its margin), clear
    of the board and of the outlines in ``avoid``."""
    rng = np.random.default_rng([seed, 0x1A6E1])
    label = product_label(foreign_text(seed), kit.sx, kit.sy, seed)
    w, h = label.piece.size_mm
    page_w, page_h = kit.manifest.page_size
    left, top = -kit.manifest.board_geometry.origin[0], -kit.manifest.board_geometry.origin[1]
    keep_off = board_zones(kit.manifest, _CLEAR_MM, 3.0) + avoid
    for _attempt in range(600):
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
    raise KitError(_("There is no room beside this board for a label."))
