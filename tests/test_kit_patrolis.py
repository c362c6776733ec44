"""The Patrolis kit as printed: every QR code of every sheet decoded at 300 dpi and matched with
kit.json, the cell size measured on the rasterised board sheets, the glue strips' ticks in line
with the grid, the tiles' lines and rotations, decoding on a blurred low-resolution raster, fonts
embedded, reproducible bytes, the refusal to overwrite and the refusal of bad options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from generator.patrolis.kit import write_kit
from generator.patrolis.tiles import step_mix
from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.games.patrolis import STEPS_DEALT, Map
from patrolkit.manifest import Box, Item, Manifest
from patrolkit.payload import (
    Corner,
    PatrolisFiducial,
    PatrolisMapPart,
    PatrolisObjective,
    PatrolisStep,
    decode,
)
from patrolkit.sizes import MIN_MODULE_MM, Patrolis, PatrolisSheet

DPI = 300
PX = DPI / 25.4
"""Pixels per millimetre in the rasters."""
SEED = 0
KITS = [(paper, players) for paper in ("a4", "letter", "a3") for players in (2, 6)]
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
QR_ONLY = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
GRID_DARK = 62
"""Grid lines are ink #2E2E2E (grey 46); a road or river running the whole grid long is
lighter (74 and 81)."""


@dataclass(frozen=True)
class Read:
    """One decoded code: its text and its corners in page mm (top-left, top-right, bottom-right,
    bottom-left of the code as read)."""

    text: str
    corners: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Kit:
    pdf: bytes
    json: bytes
    manifest: Manifest
    reads: tuple[tuple[Read, ...], ...]
    """Every page's codes, decoded from the page at 300 dpi."""
    boards: dict[int, np.ndarray]
    """The board sheets at 300 dpi, grey levels (two-player kits only)."""
    first: np.ndarray | None
    """Page one at 300 dpi (A4 two-player kit only)."""


def _grey(page: pdfium.PdfPage) -> np.ndarray:
    image = page.render(scale=DPI / 72, grayscale=True).to_numpy()
    return image if image.ndim == 2 else image[:, :, 0]


def _reads(image: np.ndarray) -> tuple[Read, ...]:
    found = zxingcpp.read_barcodes(image, formats=QR_ONLY)
    reads = []
    for result in found:
        p = result.position
        corners = tuple(
            (q.x / PX, q.y / PX) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
        )
        assert result.ec_level == "M"
        reads.append(Read(result.text, corners))
    return tuple(reads)


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Kit]:
    made = {}
    for paper, players in KITS:
        folder = tmp_path_factory.mktemp(f"{paper}-{players}")
        pdf_path, json_path = write_kit(SEED, folder, paper=paper, players=players)
        pdf = pdf_path.read_bytes()
        manifest = Manifest.load(json_path)
        boards = {item.sheet for item in manifest.by_role("board-sheet")}
        reads, kept = [], {}
        first = None
        for number, page in enumerate(pdfium.PdfDocument(pdf), start=1):
            image = _grey(page)
            reads.append(_reads(image))
            if players == 2 and number in boards:
                kept[number] = image
            if (paper, players, number) == ("a4", 2, 1):
                first = image
        made[(paper, players)] = Kit(
            pdf, json_path.read_bytes(), manifest, tuple(reads), kept, first
        )
    return made


def _px(mm: float) -> int:
    return round(mm * PX)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """``(start, stop)`` of every run of True in a 1-D mask."""
    padded = np.concatenate(([False], mask, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


# -- every code on every sheet ------------------------------------------------------------------


@pytest.mark.parametrize("key", KITS)
def test_every_page_decodes_to_exactly_its_manifest_codes(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    kit = kits[key]
    manifest = kit.manifest
    # A payload is printed once on its sheet (each sheet of a board repeats the map code).
    boxes = {
        (item.sheet, item.qr.payload): item.qr for item in manifest.items if item.qr is not None
    }
    assert len(boxes) == len(manifest.payloads())
    assert len(kit.reads) == manifest.pages
    for sheet, reads in enumerate(kit.reads, start=1):
        assert sorted(r.text for r in reads) == sorted(manifest.payloads(sheet)), sheet
        for read in reads:
            code = boxes[(sheet, read.text)]
            box = code.box
            centre = np.mean(read.corners, axis=0)
            assert tuple(centre) == pytest.approx(box.centre, abs=0.8), read.text
            # Upright: the code's own first corner is the box's top-left corner.
            assert read.corners[0] == pytest.approx((box.x, box.y), abs=0.8), read.text
            assert code.module_mm >= (0.5 if key[0] == "a3" else MIN_MODULE_MM)
    total = sum(len(reads) for reads in kit.reads)
    per_map = len(manifest.by_role("board-sheet")) // 2
    fiducials = 3 * per_map if per_map == 4 else 4
    parts = Patrolis.map_code_parts(16) * per_map
    assert total == key[1] * STEPS_DEALT[key[1]] + 8 + 2 * (fiducials + parts)


@pytest.mark.parametrize("key", KITS)
def test_payloads_say_what_each_piece_is(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    paper, players = key
    manifest = kits[key].manifest
    steps = manifest.by_role("step")
    dealt = STEPS_DEALT[players]
    assert len(steps) == players * dealt
    mix = step_mix(dealt)
    cell = Patrolis.cell_mm(paper)
    for player in range(1, players + 1):
        mine = [s for s in steps if s.attrs["player"] == player]
        assert sorted(s.attrs["serial"] for s in mine) == list(range(1, dealt + 1))
        for shape, count in mix.items():
            assert sum(s.attrs["shape"] == _SHAPE_WORD[shape.value] for s in mine) == count
    for item in steps:
        payload = decode(item.qr.payload)  # type: ignore[union-attr]
        assert isinstance(payload, PatrolisStep)
        assert (payload.player, payload.serial) == (item.attrs["player"], item.attrs["serial"])
        assert _SHAPE_WORD[payload.shape] == item.attrs["shape"]
        assert item.cut.width == item.cut.height == cell
        assert item.qr.module_mm == Patrolis.TILE_MODULE_MM[cell]  # type: ignore[union-attr]
        assert item.qr.quiet_modules >= Patrolis.TILE_QUIET_MODULES  # type: ignore[union-attr]
    objectives = manifest.by_role("objective")
    found = sorted((decode(o.qr.payload).colour, decode(o.qr.payload).number) for o in objectives)  # type: ignore[union-attr]
    assert found == sorted((c, n) for c in "BRGY" for n in (1, 2))
    for item in objectives:
        assert isinstance(decode(item.qr.payload), PatrolisObjective)  # type: ignore[union-attr]
        assert item.cut.width == cell
        assert item.qr.quiet_modules >= Patrolis.OBJECTIVE_QUIET_MODULES  # type: ignore[union-attr]


_SHAPE_WORD = {"S": "straight", "C": "curve", "X": "crossing"}


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_board_sheets_place_their_codes_where_sizes_says(
    kits: dict[tuple[str, int], Kit], paper: str
) -> None:
    manifest = kits[(paper, 2)].manifest
    layout_maps = {m["number"]: m for m in manifest.layout["maps"]}
    sheets = manifest.by_role("board-sheet")
    assert len(sheets) == (8 if paper == "a4" else 2)
    by_id = {item.id: item for item in manifest.items}
    for item in sheets:
        game_map = Map.from_json(layout_maps[item.attrs["map"]])
        plan = PatrolisSheet(
            game_map.size, item.attrs["cell_mm"], item.attrs["column"], item.attrs["row"]
        )
        first_column, columns, first_row, rows = plan.cells
        assert item.attrs["cells"] == {
            "first_column": first_column, "columns": columns, "first_row": first_row,
            "rows": rows, "range": item.attrs["cells"]["range"],
        }  # fmt: skip
        ox, oy = item.attrs["origin"]
        corners = [f["corner"] for f in item.attrs["fiducials"]]
        assert corners == [corner.value for corner, _ in plan.fiducials]
        assert len(corners) == (3 if plan.per_side == 2 else 4)
        for fiducial in item.attrs["fiducials"]:
            box = plan.fiducial_box(Corner(fiducial["corner"]))
            assert box is not None
            assert tuple(fiducial["box"].values()) == pytest.approx(box, abs=1e-3)
            payload = decode(fiducial["payload"])
            assert payload == PatrolisFiducial(
                Corner(fiducial["corner"]), game_map.digest, plan.column, plan.row,
                round(plan.cell_mm),
            )  # fmt: skip
            printed = by_id[f"{item.id}-fiducial-{fiducial['corner']}"]
            assert printed.qr is not None and printed.sheet == item.sheet
            assert (printed.qr.box.x - ox, printed.qr.box.y - oy) == pytest.approx(
                box[:2], abs=1e-3
            )
            # Nothing a neighbour covers: the code lies outside the cells, on the rim's side.
            x, y, w, h = box
            assert x + w <= 0 or x >= plan.width or y + h <= 0 or y >= plan.height
        chunks = []
        for part in item.attrs["map_codes"]:
            payload = decode(part["payload"])
            assert isinstance(payload, PatrolisMapPart)
            chunks.append(payload.chunk)
        printed_boxes = [v for p in item.attrs["map_codes"] for v in p["box"].values()]
        assert printed_boxes == pytest.approx([v for b in plan.map_code_boxes for v in b], abs=1e-3)
        assert Map.from_code("".join(chunks)).digest == game_map.digest == item.attrs["digest"]


# -- sizes measured on the pixels ---------------------------------------------------------------


def _grid_lines(image: np.ndarray, item: Item, axis: str) -> np.ndarray:
    """Positions (page mm) of the lines that run across the whole grid of a board sheet, found
    on the raster: pixel columns (``axis`` x) or rows (y) dark over at least 97 % of the grid."""
    ox, oy = item.attrs["origin"]
    c = item.attrs["cell_mm"]
    w, h = item.attrs["cells"]["columns"] * c, item.attrs["cells"]["rows"] * c
    # A window a little larger than the grid, so an error in the manifest would show.
    x0, x1, y0, y1 = _px(ox - 3), _px(ox + w + 3), _px(oy - 3), _px(oy + h + 3)
    inner = image[_px(oy + 1) : _px(oy + h - 1), x0:x1] if axis == "x" else image[
        y0:y1, _px(ox + 1) : _px(ox + w - 1)
    ]  # fmt: skip
    dark = inner < GRID_DARK
    share = dark.mean(axis=0) if axis == "x" else dark.mean(axis=1)
    start = x0 if axis == "x" else y0
    return np.array([(a + b - 1) / 2 / PX + start / PX + 0.5 / PX for a, b in _runs(share > 0.97)])


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
            strip = image[
                _px(oy - 1) : _px(oy + h + 1), _px(ox + w + 0.6) : _px(ox + w + glue - 0.6)
            ]
            ticks = [
                (a + b - 1) / 2 / PX + oy - 1 + 0.5 / PX
                for a, b in _runs(np.asarray((strip < 128).all(axis=1)))
            ]
            rows = _grid_lines(image, item, "y")
            assert ticks == pytest.approx(list(rows), abs=0.1)
            checked += 1
        if "S" in item.attrs["glued"]:
            strip = image[
                _px(oy + h + 0.6) : _px(oy + h + glue - 0.6), _px(ox - 1) : _px(ox + w + 1)
            ]
            ticks = [
                (a + b - 1) / 2 / PX + ox - 1 + 0.5 / PX
                for a, b in _runs(np.asarray((strip < 128).all(axis=0)))
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
            band = image[_px(top) : _px(bottom), _px(ox - 1) : _px(ox + 1)]
            column = np.flatnonzero((band < 128).all(axis=0))
            assert len(column) and abs((column.mean() + 0.5) / PX + ox - 1 - ox) < 0.15
            checked += 1
    assert checked == 2 * (2 + 2 + 2)


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_tiles_show_their_line_as_the_code_is_turned(
    kits: dict[tuple[str, int], Kit], paper: str
) -> None:
    """With the code upright, a straight runs north–south, a curve joins north and east, a
    crossing meets all four edges: the tint is at those edges' middles, paper elsewhere."""
    kit = kits[(paper, 2)]
    document = pdfium.PdfDocument(kit.pdf)
    page_width, page_height = PAPER_MM[paper]
    for shape, edges in (("straight", "NS"), ("curve", "NE"), ("crossing", "NESW")):
        item = next(s for s in kit.manifest.by_role("step") if s.attrs["shape"] == shape)
        x, y, c = item.cut.x, item.cut.y, item.cut.width
        # Only the tile, in colour: crop margins in points from the left, bottom, right, top.
        pt = 72 / 25.4
        crop = (x * pt, (page_height - y - c) * pt, (page_width - x - c) * pt, y * pt)
        image = document[item.sheet - 1].render(scale=DPI / 72, crop=crop, rev_byteorder=True)
        pixels = image.to_numpy()[:, :, :3].astype(int)
        tint = np.array([int(Patrolis.PLAYER_TINT[0][i : i + 2], 16) for i in (1, 3, 5)])
        spots = {"N": (c / 2, 0.8), "S": (c / 2, c - 0.8), "W": (0.8, c / 2), "E": (c - 0.8, c / 2)}
        for edge, (u, v) in spots.items():
            pixel = pixels[_px(v), _px(u)]
            if edge in edges:
                assert np.abs(pixel - tint).max() < 12, (shape, edge, pixel)
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
    image = _grey(page)
    small = cv2.resize(image, None, fx=7.5 / PX, fy=7.5 / PX, interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(small, (0, 0), 0.9)
    noise = np.random.default_rng(1).normal(0, 5, blurred.shape)
    photo = np.clip(blurred * 0.8 + 30 + noise, 0, 255).astype(np.uint8)
    found = {r.text for r in zxingcpp.read_barcodes(photo, formats=QR_ONLY)}
    assert found == set(kit.manifest.payloads(sheet))


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_board_codes_keep_a_light_quiet_zone(kits: dict[tuple[str, int], Kit], paper: str) -> None:
    kit = kits[(paper, 2)]
    for item in kit.manifest.items:
        if item.role not in ("board-fiducial", "map-code"):
            continue
        assert item.qr is not None
        box, quiet = item.qr.box, item.qr.quiet_modules * item.qr.module_mm
        image = kit.boards[item.sheet]
        aa = 0.1
        ring = image[
            _px(box.y - quiet + aa) : _px(box.y + box.height + quiet - aa),
            _px(box.x - quiet + aa) : _px(box.x + box.width + quiet - aa),
        ].copy()
        margin = _px(quiet - 2 * aa)
        ring[margin:-margin, margin:-margin] = 255
        assert ring.min() > 235, item.id


def test_ruler_ends_are_100_mm_apart(kits: dict[tuple[str, int], Kit]) -> None:
    first = kits[("a4", 2)].first
    assert first is not None
    band = first[_px(30) : _px(80)] < 128
    longest = np.zeros(band.shape[1], dtype=int)
    for x in np.flatnonzero(band.sum(axis=0) >= _px(6.5)):
        longest[x] = max((stop - start for start, stop in _runs(band[:, x])), default=0)
    ticks = _runs((longest >= _px(6.5)) & (longest <= _px(7.6)))
    assert len(ticks) == 2, ticks
    centres = [(start + stop - 1) / 2 for start, stop in ticks]
    assert (centres[1] - centres[0]) / PX == pytest.approx(100.0, abs=0.2)


# -- the PDF and the manifest -------------------------------------------------------------------


@pytest.mark.parametrize("key", KITS)
def test_pages_fonts_and_manifest(kits: dict[tuple[str, int], Kit], key: tuple[str, int]) -> None:
    paper, players = key
    kit = kits[key]
    manifest = kit.manifest
    document = pdfium.PdfDocument(kit.pdf)
    assert len(document) == manifest.pages
    for page in document:
        width, height = page.get_size()
        assert (width / 72 * 25.4, height / 72 * 25.4) == pytest.approx(PAPER_MM[paper], abs=0.01)
    names = set(re.findall(rb"/BaseFont\s*/([^\s/<>\[\]]+)", kit.pdf))
    assert names
    for font in names:
        assert re.fullmatch(rb"[A-Z]{6}\+BitstreamVeraSans-\w+", font), font
    assert len(re.findall(rb"/FontFile2", kit.pdf)) == len(names)
    assert (manifest.game, manifest.paper, manifest.board) == ("patrolis", paper, None)
    assert manifest.generator == f"patrolkit {__version__}"
    assert manifest.options == {"seed": SEED, "paper": paper, "players": players, "size": 16}
    maps = manifest.layout["maps"]
    assert [m["seed"] for m in maps] == [SEED, SEED + 1]
    digests = {m["digest"] for m in maps}
    assert len(digests) == 2
    for record, deal in zip(maps, manifest.layout["deals"], strict=True):
        game_map = Map.from_json(record)
        cells = [game_map.parse(o["cell"]) for o in deal["objectives"]]
        assert len(set(cells)) == 8 and not any(game_map.on_border(cell) for cell in cells)
        assert sorted(o["colour"] for o in deal["objectives"]) == sorted("BBRRGGYY")
    assert len({item.id for item in manifest.items}) == len(manifest.items)
    text = document[0].get_textpage().get_text_range()
    assert "Print at 100 % / actual size" in text
    for digest in digests:
        assert digest in text


def test_same_inputs_same_bytes(kits: dict[tuple[str, int], Kit], tmp_path: Path) -> None:
    pdf_path, json_path = write_kit(SEED, tmp_path, paper="a3", players=6)
    assert pdf_path.read_bytes() == kits[("a3", 6)].pdf
    assert json_path.read_bytes() == kits[("a3", 6)].json
    assert kits[("a3", 2)].pdf != kits[("a3", 6)].pdf


def test_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    (tmp_path / "kit.pdf").write_bytes(b"mine")
    with pytest.raises(KitError, match=r"kit\.pdf already exists; add --force"):
        write_kit(SEED, tmp_path)
    (tmp_path / "kit.json").write_text("{}")
    with pytest.raises(KitError, match="already exist; add --force"):
        write_kit(SEED, tmp_path)
    assert (tmp_path / "kit.pdf").read_bytes() == b"mine"
    write_kit(SEED, tmp_path, paper="a3", size=8, force=True)
    assert (tmp_path / "kit.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"paper": "a5"}, "paper size 'a5'"),
        ({"players": 1}, "2 to 6 players"),
        ({"players": 7}, "2 to 6 players"),
        ({"players": True}, "whole number"),
        ({"size": 7}, "8 to 16 cells"),
        ({"size": 17}, "8 to 16 cells"),
        ({"size": 25, "paper": "a3"}, "8 to 24 cells"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_options_are_refused_and_write_nothing(
    tmp_path: Path, options: dict[str, object], why: str
) -> None:
    seed = options.pop("seed", SEED)
    with pytest.raises(KitError, match=why):
        write_kit(seed, tmp_path / "kit", **options)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_boxes_on_page_are_inside_the_printable_area(kits: dict[tuple[str, int], Kit]) -> None:
    for (paper, _), kit in kits.items():
        width, height = PAPER_MM[paper]
        for item in kit.manifest.items:
            if item.qr is None:
                continue
            b: Box = item.qr.box
            assert b.x >= 6.0 and b.x + b.width <= width - 6.0, item.id
            assert b.y >= 6.0 and b.y + b.height <= height - 6.0, item.id
