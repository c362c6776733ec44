"""A Patrolis kit as printed, for the virtual camera: its first map's board sheets, its tiles
and objectives, and the tiles a table needs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, frozen, page_scale, printed_pages
from companion.camera.sheets import SheetPlan
from patrolkit.errors import KitError
from patrolkit.games.patrolis import (
    Map,
    Shape,
    State,
)
from patrolkit.i18n import _
from patrolkit.manifest import Item, Manifest


@dataclass(frozen=True)
class PatrolisSheet(SheetPlan):
    """One board sheet of the kit's first map (see :class:`SheetPlan`): sheet ``column`` and
    ``row`` of the map."""

    column: int
    row: int


@dataclass(frozen=True)
class PatrolisKitRaster:
    """A Patrolis kit as printed (ink on paper) at ``sx`` x ``sy`` px/mm: the pages holding the
    first map's sheets, the tiles and the objectives; the map and its sheets."""

    manifest: Manifest
    game_map: Map
    cell_mm: float
    sheets: tuple[PatrolisSheet, ...]
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
        raise KitError(_("This is a {game} kit, not a Patrolis kit.").format(game=manifest.game))
    game_map = Map.from_json(manifest.layout["maps"][0])
    cell_mm = float(manifest.layout["cell_mm"])
    sheets = tuple(
        PatrolisSheet.from_item(
            item,
            game_map.size,
            cell_mm,
            column=int(item.attrs["column"]),
            row=int(item.attrs["row"]),
        )
        for item in manifest.by_role("board-sheet")
        if item.attrs.get("map") == 1
    )
    wanted = {s.item.sheet for s in sheets} | {
        item.sheet for item in manifest.items if item.role in ("step", "objective")
    }
    pages = {n: frozen(page) for n, page in printed_pages(pdf_path, wanted).items()}
    sx, sy = page_scale(manifest, sheets[0].item.sheet, pages[sheets[0].item.sheet])
    return PatrolisKitRaster(
        manifest,
        game_map,
        cell_mm,
        sheets,
        pages,
        sx,
        sy,
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
