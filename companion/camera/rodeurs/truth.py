"""The truth of a virtual-camera photo of a Rôdeurs table: where every code is in the photo
(see :mod:`companion.camera.rodeurs.scene` for its keys)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from companion.camera.lens import (
    Array,
    project,
)
from companion.camera.photo import camera_truth, truth_head
from companion.camera.rodeurs.kit import KitRaster
from companion.camera.shot import Shot
from companion.camera.table import quad, transform
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import State, square_name
from patrolkit.i18n import _
from patrolkit.manifest import Box

if TYPE_CHECKING:
    from companion.camera.rodeurs.scene import Scene


def _px(h: Array, points_mm: Array) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in project(h, points_mm)]


def truth(
    kit: KitRaster, state: State, scene: Scene, shot: Shot, h: Array, seed: int
) -> dict[str, Any]:
    """The truth of the photo of ``state`` laid out as ``scene`` through ``h``."""
    board = kit.manifest.board_geometry
    w_mm, h_mm = board.size
    hidden = {scene.cover.corner: scene.cover.hidden} if scene.cover else {}
    tokens = []
    for token in scene.tokens:
        qr = token.item.qr
        if qr is None:
            raise KitError(_("Pawn {pawn} of this kit has no QR code.").format(pawn=token.item.id))
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
    return {
        **truth_head("rodeurs", shot, seed, state.text),
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
        "camera": camera_truth(shot, h, (w_mm / 2, h_mm / 2), lattice),
    }
