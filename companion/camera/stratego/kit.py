"""A Stratego kit as printed, for the virtual camera: its board sheets, each piece's printed
panels and the two armies' secrets beside the kit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, frozen, page_scale, printed_pages
from companion.camera.sheets import SheetPlan
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army
from patrolkit.games.stratego.secret import Secret, check_pair
from patrolkit.i18n import _
from patrolkit.manifest import Manifest
from patrolkit.sizes.stratego import Stratego


@dataclass(frozen=True)
class PrintedPiece:
    """One piece as printed: its army and id, its code's payload, and its strip cut out of the
    printed page (``strip``: BGR at ``sx`` x ``sy`` px/mm, x along the strip through its panels,
    y across it)."""

    army: Army
    id: str
    payload: str
    strip: Image


@dataclass(frozen=True)
class StrategoKitRaster:
    """A Stratego kit as printed at ``sx`` x ``sy`` px/mm: the manifest, the board sheets and the
    pages they are on, every piece by id, and both armies' secrets (red, blue)."""

    manifest: Manifest
    kit_code: str
    cell_mm: float
    sheets: tuple[SheetPlan, ...]
    pages: dict[int, Image]
    pieces: dict[str, PrintedPiece]
    secrets: tuple[Secret, Secret]
    sx: float
    sy: float

    def secret(self, army: Army) -> Secret:
        return self.secrets[0] if army is Army.RED else self.secrets[1]


def stratego_kit_raster(kit_dir: Path) -> StrategoKitRaster:
    """The Stratego kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`), with
    its secrets ``red.secret`` and ``blue.secret``; :class:`KitError` when they are missing or
    not this kit's."""
    return cached_kit(kit_dir, _rasterise)


def read_secrets(kit_dir: Path) -> tuple[Secret, Secret]:
    """The two secret files beside the kit in ``kit_dir`` (red, blue)."""
    found = []
    for army in Army:
        path = Path(kit_dir) / f"{army.title}.secret"
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            raise KitError(
                _("The kit in {folder} has no readable {file} beside it.").format(
                    folder=kit_dir, file=path.name
                )
            ) from None
        found.append(Secret.from_text(text))
    red, blue = found
    check_pair(red, blue)
    return red, blue


def _rasterise(manifest: Manifest, pdf_path: Path) -> StrategoKitRaster:
    if manifest.game != "stratego":
        raise KitError(_("This is a {game} kit, not a Stratego kit.").format(game=manifest.game))
    secrets = read_secrets(pdf_path.parent)
    kit_code = str(manifest.layout["kit"])
    if secrets[0].kit != kit_code:
        raise KitError(
            _("The secrets beside kit {kit} are of kit {other}.").format(
                kit=kit_code, other=secrets[0].kit
            )
        )
    cell_mm = float(manifest.layout["cell_mm"])
    sheets = tuple(
        SheetPlan.from_item(item, Stratego.ROWS, cell_mm)
        for item in manifest.by_role("board-sheet")
    )
    strips = manifest.by_role("piece")
    pages = printed_pages(pdf_path, {s.item.sheet for s in sheets} | {i.sheet for i in strips})
    sx, sy = page_scale(manifest, sheets[0].item.sheet, pages[sheets[0].item.sheet])
    pieces: dict[str, PrintedPiece] = {}
    for item in strips:
        cut, page = item.cut, pages[item.sheet]
        x0, y0 = round(cut.x * sx), round(cut.y * sy)
        x1, y1 = round((cut.x + cut.width) * sx), round((cut.y + cut.height) * sy)
        army = Army.RED if item.attrs["army"] == "red" else Army.BLUE
        payload = item.qr.payload if item.qr is not None else ""
        strip = frozen(np.ascontiguousarray(page[y0:y1, x0:x1]))
        pieces[str(item.attrs["id"])] = PrintedPiece(army, str(item.attrs["id"]), payload, strip)
    board_pages = {s.item.sheet: frozen(pages[s.item.sheet]) for s in sheets}
    return StrategoKitRaster(
        manifest,
        kit_code,
        cell_mm,
        sheets,
        board_pages,
        pieces,
        secrets,
        sx,
        sy,
    )
