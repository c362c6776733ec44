"""A grand jeu kit as printed, for the virtual camera: its board sheets with their prisons and
each scout cut out of its sheet."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, frozen, page_scale, printed_pages
from companion.camera.sheets import SheetPlan
from patrolkit.errors import KitError
from patrolkit.i18n import _
from patrolkit.manifest import Item, Manifest

Slots = tuple[tuple[float, float, float, float], ...]
"""A prison's slots: each box (x, y, width, height) in its sheet's cell frame (mm)."""


@dataclass(frozen=True)
class GrandJeuSheet(SheetPlan):
    """One board sheet of the kit (see :class:`SheetPlan`) with the slots of the prisons
    printed beside it: each patrol letter with its slots."""

    prisons: tuple[tuple[str, Slots], ...]


@dataclass(frozen=True)
class GrandJeuKitRaster:
    """A grand jeu kit as printed at ``sx`` x ``sy`` px/mm: the manifest, its code, the board
    sheets, the pages holding them and the scouts, and every scout's item by ``S1``, ``N4``..."""

    manifest: Manifest
    kit_code: str
    size: int
    cell_mm: float
    patrols: tuple[str, ...]
    sheets: tuple[GrandJeuSheet, ...]
    pages: dict[int, Image]
    scouts: dict[str, Item]
    sx: float
    sy: float

    @property
    def players(self) -> int:
        return len(self.patrols)


def grand_jeu_kit_raster(kit_dir: Path) -> GrandJeuKitRaster:
    """The grand jeu kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _rasterise)


def _rasterise(manifest: Manifest, pdf_path: Path) -> GrandJeuKitRaster:
    if manifest.game != "grand-jeu":
        raise KitError(_("This is a {game} kit, not a grand jeu kit.").format(game=manifest.game))
    layout = manifest.layout
    size, cell_mm = int(layout["size"]), float(layout["cell_mm"])
    prisons: dict[str, list[tuple[str, Slots]]] = {}
    for item in manifest.by_role("prison"):
        slots = tuple(
            (float(s["x"]), float(s["y"]), float(s["width"]), float(s["height"]))
            for s in item.attrs["slots"]
        )
        prisons.setdefault(str(item.attrs["board_sheet"]), []).append(
            (str(item.attrs["patrol"]), slots)
        )
    sheets = tuple(
        GrandJeuSheet.from_item(item, size, cell_mm, prisons=tuple(prisons.get(item.id, [])))
        for item in manifest.by_role("board-sheet")
    )
    scouts = {f"{i.attrs['patrol']}{i.attrs['number']}": i for i in manifest.by_role("scout")}
    wanted = {s.item.sheet for s in sheets} | {i.sheet for i in scouts.values()}
    pages = {n: frozen(page) for n, page in printed_pages(pdf_path, wanted).items()}
    sx, sy = page_scale(manifest, sheets[0].item.sheet, pages[sheets[0].item.sheet])
    return GrandJeuKitRaster(
        manifest,
        str(layout["kit"]),
        size,
        cell_mm,
        tuple(str(p) for p in layout["patrols"]),
        sheets,
        pages,
        scouts,
        sx,
        sy,
    )
