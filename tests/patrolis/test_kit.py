"""The Patrolis kit as printed: every QR code of every sheet decoded at 300 dpi and matched with
kit.json, the cell size measured on the rasterised board sheets, the glue strips' ticks in line
with the grid, the tiles' lines and rotations, decoding on a blurred low-resolution raster, fonts
embedded, reproducible bytes, the refusal to overwrite and the refusal of bad options."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.patrolis.kit import write_kit
from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.games.patrolis import STEPS_DEALT, Map, step_mix
from patrolkit.manifest import Box
from patrolkit.payload import (
    Corner,
    PatrolisFiducial,
    PatrolisMapPart,
    PatrolisObjective,
    PatrolisStep,
    decode,
)
from patrolkit.sizes import MIN_MODULE_MM, Patrolis, PatrolisSheet
from tests.kit_helpers import assert_fonts_embedded, assert_pages_as_listed
from tests.patrolis.kit_sample import KITS, SEED, Kit, make_kits


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], Kit]:
    return make_kits(tmp_path_factory)


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
            assert read.ec_level == "M", read.text
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
        assert item.cut.width == item.cut.height == Patrolis.TILE_MM[cell]
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


# -- the PDF and the manifest -------------------------------------------------------------------


@pytest.mark.parametrize("key", KITS)
def test_pages_fonts_and_manifest(kits: dict[tuple[str, int], Kit], key: tuple[str, int]) -> None:
    paper, players = key
    kit = kits[key]
    manifest = kit.manifest
    assert_pages_as_listed(kit.pdf, manifest)
    assert_fonts_embedded(kit.pdf)
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
    text = pdfium.PdfDocument(kit.pdf)[0].get_textpage().get_text_range()
    assert "Print at 100 % / actual size" in text
    for digest in digests:
        assert digest in text


@pytest.mark.parametrize("key", KITS)
def test_every_tile_and_objective_shares_one_sheet_but_on_letter(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    """The 120 tiles (19 mm, or 16 mm for A3's 17 mm cells) lie edge to edge, ten or eleven to a
    row, with the eight objectives below them: one A4 sheet. Letter is 18 mm shorter, so its
    objectives take a second sheet."""
    paper, _ = key
    manifest = kits[key].manifest
    pieces = manifest.by_role("step") + manifest.by_role("objective")
    sheets = sorted({item.sheet for item in pieces})
    assert len(sheets) == (2 if paper == "letter" else 1)
    assert sheets[-1] == manifest.pages
    tiles = sorted(manifest.by_role("step"), key=lambda item: (item.cut.y, item.cut.x))
    side = Patrolis.TILE_MM[Patrolis.cell_mm(paper)]
    for one, other in pairwise(tiles):
        if one.cut.y == other.cut.y:
            assert other.cut.x - one.cut.x == pytest.approx(side)


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
    for kit in kits.values():
        for item in kit.manifest.items:
            if item.qr is None:
                continue
            width, height = kit.manifest.page_size_of(item.sheet)
            b: Box = item.qr.box
            assert b.x >= 6.0 and b.x + b.width <= width - 6.0, item.id
            assert b.y >= 6.0 and b.y + b.height <= height - 6.0, item.id
