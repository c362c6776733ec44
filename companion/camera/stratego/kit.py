"""A Stratego kit as printed, for the virtual camera: its board sheets, each piece's printed
panels and the two armies' secrets beside the kit."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.camera.lens import Image
from companion.camera.printed import cached_kit, frozen, printed_pages
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army
from patrolkit.games.stratego.secret import Secret, check_pair
from patrolkit.manifest import Item, Manifest
from patrolkit.sizes.stratego import Stratego


@dataclass(frozen=True)
class SheetPlan:
    """One board sheet of the kit: its manifest item and where its cells go on the board."""

    item: Item
    name: str
    origin: tuple[float, float]
    """The page position (mm) of the top-left corner of the sheet's cells."""
    first_column: int
    columns: int
    first_row: int
    rows: int
    lapping: frozenset[str]

    def holds(self, sq: int) -> bool:
        column, row = sq % Stratego.COLUMNS, sq // Stratego.COLUMNS
        return (
            self.first_column <= column < self.first_column + self.columns
            and self.first_row <= row < self.first_row + self.rows
        )

    def board_origin(self, cell_mm: float) -> tuple[float, float]:
        """Where the sheet's cell frame starts on the assembled board (mm from the top-left
        corner of cell a10) when laid exactly."""
        return (
            self.first_column * cell_mm,
            (Stratego.ROWS - self.first_row - self.rows) * cell_mm,
        )


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
            raise KitError(f"The kit in {kit_dir} has no readable {path.name} beside it.") from None
        found.append(Secret.from_text(text))
    red, blue = found
    check_pair(red, blue)
    return red, blue


def _rasterise(manifest: Manifest, pdf_path: Path) -> StrategoKitRaster:
    if manifest.game != "stratego":
        raise KitError(f"This is a {manifest.game} kit, not a Stratego kit.")
    secrets = read_secrets(pdf_path.parent)
    kit_code = str(manifest.layout["kit"])
    if secrets[0].kit != kit_code:
        raise KitError(f"The secrets beside kit {kit_code} are of kit {secrets[0].kit}.")
    sheets = tuple(_plan(item) for item in manifest.by_role("board-sheet"))
    strips = manifest.by_role("piece")
    pages = printed_pages(pdf_path, {s.item.sheet for s in sheets} | {i.sheet for i in strips})
    first = pages[sheets[0].item.sheet]
    page_w, page_h = manifest.page_size
    sx, sy = first.shape[1] / page_w, first.shape[0] / page_h
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
        float(manifest.layout["cell_mm"]),
        sheets,
        board_pages,
        pieces,
        secrets,
        sx,
        sy,
    )


def _plan(item: Item) -> SheetPlan:
    a = item.attrs
    cells = a["cells"]
    return SheetPlan(
        item,
        str(a["name"]),
        (float(a["origin"][0]), float(a["origin"][1])),
        int(cells["first_column"]),
        int(cells["columns"]),
        int(cells["first_row"]),
        int(cells["rows"]),
        frozenset(a["lapping"]),
    )
