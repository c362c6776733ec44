"""A grand jeu kit as printed, for the virtual camera: its board sheets with their prisons and
each scout cut out of its sheet."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, printed_pages
from patrolkit.errors import KitError
from patrolkit.manifest import Item, Manifest


@dataclass(frozen=True)
class SheetPlan:
    """One board sheet of the kit: its manifest item, where its cells go on the board, and the
    slots of the prisons printed beside it (each patrol letter with its slots' boxes, in the
    sheet's cell frame)."""

    item: Item
    name: str
    origin: tuple[float, float]
    """The page position (mm) of the top-left corner of the sheet's cells."""
    board_origin: tuple[float, float]
    """Where the sheet's cell frame starts on the assembled board (mm), when laid exactly."""
    first_column: int
    columns: int
    first_row: int
    rows: int
    lapping: frozenset[str]
    prisons: tuple[tuple[str, tuple[tuple[float, float, float, float], ...]], ...]

    def holds(self, column: int, row: int) -> bool:
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


@dataclass(frozen=True)
class GrandJeuKitRaster:
    """A grand jeu kit as printed at ``sx`` x ``sy`` px/mm: the manifest, its code, the board
    sheets, the pages holding them and the scouts, and every scout's item by ``S1``, ``N4``..."""

    manifest: Manifest
    kit_code: str
    size: int
    cell_mm: float
    patrols: tuple[str, ...]
    sheets: tuple[SheetPlan, ...]
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
        raise KitError(f"This is a {manifest.game} kit, not a grand jeu kit.")
    layout = manifest.layout
    prisons: dict[str, list[tuple[str, tuple[tuple[float, float, float, float], ...]]]] = {}
    for item in manifest.by_role("prison"):
        slots = tuple(
            (float(s["x"]), float(s["y"]), float(s["width"]), float(s["height"]))
            for s in item.attrs["slots"]
        )
        prisons.setdefault(str(item.attrs["board_sheet"]), []).append(
            (str(item.attrs["patrol"]), slots)
        )
    sheets = tuple(
        _plan(item, prisons.get(item.id, [])) for item in manifest.by_role("board-sheet")
    )
    scouts = {f"{i.attrs['patrol']}{i.attrs['number']}": i for i in manifest.by_role("scout")}
    pages = printed_pages(
        pdf_path, {s.item.sheet for s in sheets} | {i.sheet for i in scouts.values()}
    )
    for image in pages.values():
        image.flags.writeable = False
    first = pages[sheets[0].item.sheet]
    page_w, page_h = manifest.page_size
    return GrandJeuKitRaster(
        manifest,
        str(layout["kit"]),
        int(layout["size"]),
        float(layout["cell_mm"]),
        tuple(str(p) for p in layout["patrols"]),
        sheets,
        pages,
        scouts,
        first.shape[1] / page_w,
        first.shape[0] / page_h,
    )


def _plan(
    item: Item, prisons: list[tuple[str, tuple[tuple[float, float, float, float], ...]]]
) -> SheetPlan:
    a = item.attrs
    cells = a["cells"]
    return SheetPlan(
        item,
        str(a["name"]),
        (float(a["origin"][0]), float(a["origin"][1])),
        (float(a["board_origin"][0]), float(a["board_origin"][1])),
        int(cells["first_column"]),
        int(cells["columns"]),
        int(cells["first_row"]),
        int(cells["rows"]),
        frozenset(a["lapping"]),
        tuple(prisons),
    )
