"""A Patrolis kit as printed, for the virtual camera: its first map's board sheets, its tiles
and objectives, and the tiles a table needs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, printed_pages
from patrolkit.errors import KitError
from patrolkit.games.patrolis import (
    Map,
    Shape,
    State,
)
from patrolkit.manifest import Item, Manifest


@dataclass(frozen=True)
class SheetPlan:
    """One board sheet of the kit: its manifest item and where its cells go on the board."""

    item: Item
    name: str
    column: int
    row: int
    origin: tuple[float, float]
    """The page position (mm) of the top-left corner of the sheet's cells."""
    first_column: int
    columns: int
    first_row: int
    rows: int
    lapping: frozenset[str]

    def holds(self, cell: int, size: int) -> bool:
        column, row = cell % size, cell // size
        return (
            self.first_column <= column < self.first_column + self.columns
            and self.first_row <= row < self.first_row + self.rows
        )

    def cell_centre(self, cell: int, size: int, cell_mm: float) -> tuple[float, float]:
        """The centre of ``cell`` in this sheet's cell frame (mm from its grid's top-left)."""
        column, row = cell % size, cell // size
        return (
            (column - self.first_column + 0.5) * cell_mm,
            (self.first_row + self.rows - 1 - row + 0.5) * cell_mm,
        )

    def board_origin(self, size: int, cell_mm: float) -> tuple[float, float]:
        """Where the sheet's cell frame starts on the assembled board (mm from A<size>'s
        top-left corner), when laid exactly."""
        return (self.first_column * cell_mm, (size - self.first_row - self.rows) * cell_mm)


@dataclass(frozen=True)
class PatrolisKitRaster:
    """A Patrolis kit as printed (ink on paper) at ``sx`` x ``sy`` px/mm: the pages holding the
    first map's sheets, the tiles and the objectives; the map and its sheets."""

    manifest: Manifest
    game_map: Map
    cell_mm: float
    sheets: tuple[SheetPlan, ...]
    pages: dict[int, Image]
    sx: float
    sy: float

    @property
    def players(self) -> int:
        return int(self.manifest.options["players"])


def patrolis_kit_raster(kit_dir: Path) -> PatrolisKitRaster:
    """The Patrolis kit in ``kit_dir`` rasterised (kept in memory, see :func:`cached_kit`)."""
    return cached_kit(kit_dir, _rasterise)


def _rasterise(manifest: Manifest, pdf_path: Path) -> PatrolisKitRaster:
    if manifest.game != "patrolis":
        raise KitError(f"This is a {manifest.game} kit, not a Patrolis kit.")
    game_map = Map.from_json(manifest.layout["maps"][0])
    sheets = tuple(
        _plan(item) for item in manifest.by_role("board-sheet") if item.attrs.get("map") == 1
    )
    wanted = {s.item.sheet for s in sheets} | {
        item.sheet for item in manifest.items if item.role in ("step", "objective")
    }
    pages = printed_pages(pdf_path, wanted)
    for image in pages.values():
        image.flags.writeable = False
    first = pages[sheets[0].item.sheet]
    page_w, page_h = manifest.page_size
    return PatrolisKitRaster(
        manifest,
        game_map,
        float(manifest.layout["cell_mm"]),
        sheets,
        pages,
        first.shape[1] / page_w,
        first.shape[0] / page_h,
    )


def _plan(item: Item) -> SheetPlan:
    a = item.attrs
    cells = a["cells"]
    return SheetPlan(
        item,
        str(a["name"]),
        int(a["column"]),
        int(a["row"]),
        (float(a["origin"][0]), float(a["origin"][1])),
        int(cells["first_column"]),
        int(cells["columns"]),
        int(cells["first_row"]),
        int(cells["rows"]),
        frozenset(a["lapping"]),
    )


# -- the tiles a table needs ------------------------------------------------------------


def tile_stock(kit: PatrolisKitRaster) -> dict[tuple[int, Shape], list[Item]]:
    """The kit's step tiles by owner (0 = Player 1) and shape."""
    stock: dict[tuple[int, Shape], list[Item]] = {}
    for item in sorted(kit.manifest.by_role("step"), key=lambda i: i.id):
        payload = item.qr.payload if item.qr else ""
        shape = Shape(payload.split(":")[3][0])
        stock.setdefault((int(item.attrs["player"]) - 1, shape), []).append(item)
    return stock


def tiles_needed(state: State) -> dict[tuple[int, Shape], int]:
    """The tiles a table shows, by owner and shape, the straights under crossings included."""
    owners = [t.owner for t in state.tracks]
    needed: dict[tuple[int, Shape], int] = {}
    for slots in state.board:
        for k, (track_id, line) in enumerate(slots):
            shape = Shape.CROSS if k == 1 else (Shape.STRAIGHT if line.straight else Shape.CURVE)
            key = (owners[track_id], shape)
            needed[key] = needed.get(key, 0) + 1
    return needed
