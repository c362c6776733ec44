"""Patrolis board sheets and pieces as printed: the cell size measured on the rasterised sheets,
the glue strips' ticks in line with the grid, the tiles' lines and rotations, decoding on a blurred
low-resolution raster, light quiet zones and the print-scale ruler."""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from patrolkit.manifest import Item
from patrolkit.sizes import Patrolis
from tests.kit_helpers import (
    DPI,
    PX,
    assert_ruler_is_100_mm,
    grey,
    px,
    quiet_ring,
    read_codes,
    runs,
)
from tests.patrolis.kit_sample import Kit, make_kits

GRID_DARK = 62
"""Grid lines are ink #2E2E2E (grey 46); a road or river running the whole grid long is
lighter (74 and 81)."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Kit]:
    return make_kits(tmp_path_factory)


# -- sizes measured on the pixels ---------------------------------------------------------------


def _grid_lines(image: np.ndarray, item: Item, axis: str) -> np.ndarray:
    """Positions (page mm) of the lines that run across the whole grid of a board sheet, found
    on the raster: pixel columns (``axis`` x) or rows (y) dark over at least 97 % of the grid."""
    ox, oy = item.attrs["origin"]
    c = item.attrs["cell_mm"]
    w, h = item.attrs["cells"]["columns"] * c, item.attrs["cells"]["rows"] * c
    # A window a little larger than the grid, so an error in the manifest would show.
    x0, x1, y0, y1 = px(ox - 3), px(ox + w + 3), px(oy - 3), px(oy + h + 3)
    inner = image[px(oy + 1) : px(oy + h - 1), x0:x1] if axis == "x" else image[
        y0:y1, px(ox + 1) : px(ox + w - 1)
    ]  # fmt: skip
    dark = inner < GRID_DARK
    share = dark.mean(axis=0) if axis == "x" else dark.mean(axis=1)
    start = x0 if axis == "x" else y0
    return np.array([(a + b - 1) / 2 / PX + start / PX + 0.5 / PX for a, b in runs(share > 0.97)])


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_cells_measure_the_same_on_every_sheet(
    kits: dict[tuple[str, int], Kit], paper: str
) -> None:
    kit = kits[(paper, 2)]
    cell = Patrolis.cell_mm(paper)
    pitches = []
    for item in kit.manifest.by_role("board-sheet"):
        image = kit.boards[item.sheet]
        ox, oy = item.attrs["origin"]
        for axis, origin, count in (
            ("x", ox, item.attrs["cells"]["columns"]),
            ("y", oy, item.attrs["cells"]["rows"]),
        ):
            lines = _grid_lines(image, item, axis)
            assert len(lines) == count + 1, (item.id, axis, lines)
            pitch, offset = np.polyfit(np.arange(len(lines)), lines, 1)
            assert pitch == pytest.approx(cell, abs=0.02), (item.id, axis)
            assert offset == pytest.approx(origin, abs=0.1), (item.id, axis)
            assert np.abs(lines - (offset + pitch * np.arange(len(lines)))).max() < 0.1
            pitches.append(pitch)
    assert max(pitches) - min(pitches) < 0.02


def test_glue_strips_tick_every_grid_line_and_cut_edges_run_on(
    kits: dict[tuple[str, int], Kit],
) -> None:
    kit = kits[("a4", 2)]
    glue = Patrolis.GLUE_MM
    checked = 0
    for item in kit.manifest.by_role("board-sheet"):
        image = kit.boards[item.sheet]
        ox, oy = item.attrs["origin"]
        c = item.attrs["cell_mm"]
        w, h = item.attrs["cells"]["columns"] * c, item.attrs["cells"]["rows"] * c
        if "E" in item.attrs["glued"]:
            strip = image[px(oy - 1) : px(oy + h + 1), px(ox + w + 0.6) : px(ox + w + glue - 0.6)]
            ticks = [
                (a + b - 1) / 2 / PX + oy - 1 + 0.5 / PX
                for a, b in runs(np.asarray((strip < 128).all(axis=1)))
            ]
            rows = _grid_lines(image, item, "y")
            assert ticks == pytest.approx(list(rows), abs=0.1)
            checked += 1
        if "S" in item.attrs["glued"]:
            strip = image[px(oy + h + 0.6) : px(oy + h + glue - 0.6), px(ox - 1) : px(ox + w + 1)]
            ticks = [
                (a + b - 1) / 2 / PX + ox - 1 + 0.5 / PX
                for a, b in runs(np.asarray((strip < 128).all(axis=0)))
            ]
            columns = _grid_lines(image, item, "x")
            assert ticks == pytest.approx(list(columns), abs=0.1)
            checked += 1
        if "W" in item.attrs["lapping"]:
            # The cut line runs on from the grid's west edge through the margin outside it.
            if "N" in item.attrs["outer"]:
                top, bottom = max(8.0, oy - 20), oy - 2
            else:
                top, bottom = oy + h + 2, oy + h + 20
            band = image[px(top) : px(bottom), px(ox - 1) : px(ox + 1)]
            column = np.flatnonzero((band < 128).all(axis=0))
            assert len(column) and abs((column.mean() + 0.5) / PX + ox - 1 - ox) < 0.15
            checked += 1
    assert checked == 2 * (2 + 2 + 2)


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_tiles_show_their_line_as_the_code_is_turned(
    kits: dict[tuple[str, int], Kit], paper: str
) -> None:
    """With the code upright, a straight runs north–south, a curve joins north and east, a
    crossing meets all four edges: the line's ends, in the player's full colour, are at those
    edges' middles, paper elsewhere."""
    kit = kits[(paper, 2)]
    document = pdfium.PdfDocument(kit.pdf)
    for shape, edges in (("straight", "NS"), ("curve", "NE"), ("crossing", "NESW")):
        item = next(s for s in kit.manifest.by_role("step") if s.attrs["shape"] == shape)
        x, y, c = item.cut.x, item.cut.y, item.cut.width
        page_width, page_height = kit.manifest.page_size_of(item.sheet)
        # Only the tile, in colour: crop margins in points from the left, bottom, right, top.
        pt = 72 / 25.4
        crop = (x * pt, (page_height - y - c) * pt, (page_width - x - c) * pt, y * pt)
        image = document[item.sheet - 1].render(scale=DPI / 72, crop=crop, rev_byteorder=True)
        pixels = image.to_numpy()[:, :, :3].astype(int)
        ink = np.array([int(Patrolis.PLAYER_INK[0][i : i + 2], 16) for i in (1, 3, 5)])
        spots = {"N": (c / 2, 0.8), "S": (c / 2, c - 0.8), "W": (0.8, c / 2), "E": (c - 0.8, c / 2)}
        for edge, (u, v) in spots.items():
            pixel = pixels[px(v), px(u)]
            if edge in edges:
                assert np.abs(pixel - ink).max() < 12, (shape, edge, pixel)
            else:
                assert pixel.min() > 245, (shape, edge, pixel)


def test_tiles_decode_on_a_blurred_low_resolution_raster(
    kits: dict[tuple[str, int], Kit],
) -> None:
    """A photo of the whole assembled A4 board sees about 7.5 px/mm (see sizes.Patrolis); the
    first tile sheet at that resolution, blurred and noisy, still reads whole."""
    import cv2

    kit = kits[("a4", 2)]
    sheet = kit.manifest.by_role("step")[0].sheet
    page = pdfium.PdfDocument(kit.pdf)[sheet - 1]
    image = grey(page)
    small = cv2.resize(image, None, fx=7.5 / PX, fy=7.5 / PX, interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(small, (0, 0), 0.9)
    noise = np.random.default_rng(1).normal(0, 5, blurred.shape)
    photo = np.clip(blurred * 0.8 + 30 + noise, 0, 255).astype(np.uint8)
    found = {r.text for r in read_codes(photo)}
    assert found == set(kit.manifest.payloads(sheet))


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_board_codes_keep_a_light_quiet_zone(kits: dict[tuple[str, int], Kit], paper: str) -> None:
    kit = kits[(paper, 2)]
    for item in kit.manifest.items:
        if item.role not in ("board-fiducial", "map-code"):
            continue
        assert item.qr is not None
        box, quiet = item.qr.box, item.qr.quiet_modules * item.qr.module_mm
        assert quiet_ring(kit.boards[item.sheet], box, quiet).min() > 235, item.id


def test_ruler_ends_are_100_mm_apart(kits: dict[tuple[str, int], Kit]) -> None:
    first = kits[("a4", 2)].first
    assert first is not None
    assert_ruler_is_100_mm(first)
