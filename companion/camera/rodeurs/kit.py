"""A Rôdeurs kit as printed, for the virtual camera: its board sheet and its pawn tokens."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, frozen, printed_pages
from patrolkit.errors import KitError, PayloadError
from patrolkit.i18n import _
from patrolkit.manifest import Manifest
from patrolkit.payload import RodeursFiducial, decode


@dataclass(frozen=True)
class KitRaster:
    """A kit's board sheet and pawn tokens as printed (ink on paper), at ``sx`` x ``sy`` px/mm.

    ``tokens`` maps a pawn's id to its crop (its trim box and 1 mm around) and the crop's
    top-left corner in page pixels. The arrays are read-only: photos share them.
    """

    manifest: Manifest
    board_code: str
    sheet: Image
    sx: float
    sy: float
    tokens: dict[str, tuple[Image, tuple[int, int]]]


def kit_raster(kit_dir: Path) -> KitRaster:
    """The Rôdeurs kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _rasterise)


def _rasterise(manifest: Manifest, pdf_path: Path) -> KitRaster:
    if manifest.game != "rodeurs":
        raise KitError(
            _("The virtual camera photographs Rôdeurs kits, not '{game}'.").format(
                game=manifest.game
            )
        )
    pawns = manifest.by_role("pawn")
    pages = printed_pages(pdf_path, {manifest.board_geometry.sheet} | {i.sheet for i in pawns})
    page_w, page_h = manifest.page_size
    board = pages[manifest.board_geometry.sheet]
    sx, sy = board.shape[1] / page_w, board.shape[0] / page_h
    tokens = {}
    for item in pawns:
        page = pages[item.sheet]
        x0 = max(math.floor((item.cut.x - 1) * sx), 0)
        y0 = max(math.floor((item.cut.y - 1) * sy), 0)
        x1 = min(math.ceil((item.cut.x + item.cut.width + 1) * sx), page.shape[1])
        y1 = min(math.ceil((item.cut.y + item.cut.height + 1) * sy), page.shape[0])
        tokens[item.id] = (frozen(page[y0:y1, x0:x1].copy()), (x0, y0))
    return KitRaster(manifest, _board_code(manifest), frozen(board), sx, sy, tokens)


def _board_code(manifest: Manifest) -> str:
    """The board code the kit's fiducials carry."""
    for fiducial in manifest.board_geometry.fiducials:
        try:
            item = decode(fiducial.qr.payload)
        except PayloadError:
            continue
        if isinstance(item, RodeursFiducial):
            return item.board
    raise KitError(_("This kit's board carries no Rôdeurs fiducial, so its board is unknown."))
