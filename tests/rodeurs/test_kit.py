"""The Rôdeurs kit as printed: sizes measured on the rasterised PDF, every QR code decoded and
matched with kit.json, fonts embedded, reproducible bytes, and the refusal to overwrite."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.page import MIN_MARGIN_MM, paper
from generator.rodeurs.board import grid_origin
from generator.rodeurs.kit import render_board_batch, render_kit, write_board_batch, write_kit
from generator.rodeurs.layouts import random_layout
from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.games.rodeurs import Board, classic_layout
from patrolkit.manifest import Box, Manifest
from patrolkit.payload import RodeursFiducial, RodeursPawn, decode
from patrolkit.sizes import PAWN_INK, Rodeurs
from tests.kit_helpers import (
    PAPER_MM,
    PX,
    assert_fonts_embedded,
    assert_margins_light,
    assert_page_sizes,
    assert_refuses_to_overwrite,
    assert_ruler_is_100_mm,
    colour,
    grey,
    px,
    quiet_ring,
    read_codes,
    ruler_ticks,
    runs,
)

CLASSIC = classic_layout()
PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Kit:
    pdf: bytes
    manifest: Manifest
    pages: tuple[np.ndarray, ...]
    """Every page at 300 dpi, grey levels."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    made = {}
    for name in PAPERS:
        pdf_path, json_path = write_kit(CLASSIC, tmp_path_factory.mktemp(name), paper=name)
        pdf = pdf_path.read_bytes()
        document = pdfium.PdfDocument(pdf)
        pages = tuple(grey(page) for page in document)
        made[name] = Kit(pdf, Manifest.load(json_path), pages)
    return made


# -- the PDF itself --------------------------------------------------------------------------------


def test_same_layout_same_bytes_and_other_layout_other_bytes(tmp_path: Path) -> None:
    first, _ = write_kit(CLASSIC, tmp_path / "one")
    again, _ = write_kit(CLASSIC, tmp_path / "two")
    assert first.read_bytes() == again.read_bytes()
    assert (tmp_path / "one" / "kit.json").read_bytes() == (
        tmp_path / "two" / "kit.json"
    ).read_bytes()
    other, _ = render_kit(random_layout(5))
    assert other != first.read_bytes()
    assert render_kit(random_layout(5))[0] == other
    assert render_kit(CLASSIC, "letter")[0] != first.read_bytes()


@pytest.mark.parametrize("name", PAPERS)
def test_page_size_read_from_the_pdf(kits: dict[str, Kit], name: str) -> None:
    assert_page_sizes(kits[name].pdf, name, kits[name].manifest.pages)


def test_every_font_is_embedded(kits: dict[str, Kit]) -> None:
    for kit in kits.values():
        assert_fonts_embedded(kit.pdf)


# -- sizes measured on the pixels ------------------------------------------------------------------


@pytest.mark.parametrize("name", PAPERS)
def test_ruler_ends_are_100_mm_apart(kits: dict[str, Kit], name: str) -> None:
    page = kits[name].pages[0]
    assert_ruler_is_100_mm(page)
    assert all(stop - start <= px(0.4) for start, stop in ruler_ticks(page))


@pytest.mark.parametrize("name", PAPERS)
def test_board_cells_are_25_mm(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    image = kit.pages[kit.manifest.board.sheet - 1]
    ox, oy = grid_origin_for(name)
    cell = Rodeurs.CELL_MM
    # Each black cell's dark inside (within its light inner border) is one long dark run on a line
    # through the cell's centre; its centre is the cell's centre.
    found: dict[str, list[tuple[int, float, float]]] = {"x": [], "y": []}
    for k in range(9):
        line = image[px(oy + (k + 0.5) * cell), px(ox - 2) : px(ox + 177)] < 128
        for start, stop in runs(line):
            if stop - start > px(15):
                centre = (start + stop - 1) / 2 / PX + ox - 2 + 0.5 / PX
                found["x"].append((round((centre - ox) / cell - 0.5), centre, (stop - start) / PX))
    for k in range(7):
        line = image[px(oy - 2) : px(oy + 227), px(ox + (k + 0.5) * cell)] < 128
        for start, stop in runs(line):
            if stop - start > px(15):
                centre = (start + stop - 1) / 2 / PX + oy - 2 + 0.5 / PX
                found["y"].append((round((centre - oy) / cell - 0.5), centre, (stop - start) / PX))
    for axis, origin in (("x", ox), ("y", oy)):
        index = np.array([k for k, _, _ in found[axis]], dtype=float)
        centre = np.array([c for _, c, _ in found[axis]])
        assert len(set(index)) >= 4
        pitch, offset = np.polyfit(index, centre, 1)
        assert pitch == pytest.approx(25.0, abs=0.02)
        assert offset == pytest.approx(origin + 12.5, abs=0.15)
        assert np.abs(centre - (offset + pitch * index)).max() < 0.15
        inner = 25.0 - 2 * (1.1 + 0.45 / 2)
        assert [w for _, _, w in found[axis]] == pytest.approx([inner] * len(index), abs=0.15)
    assert kit.manifest.board.origin == pytest.approx((ox, oy), abs=1e-6)


def grid_origin_for(name: str) -> tuple[float, float]:
    return grid_origin(paper(name))


@pytest.mark.parametrize("name", PAPERS)
def test_token_is_21_mm_with_frame_and_bleed(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    # A yellow token: its frame is plain (red ones are striped, green ones dotted).
    first = next(i for i in kit.manifest.items if i.role == "pawn" and i.id.startswith("pawn-Y"))
    image = colour(kit.pdf, first.sheet)
    ink = np.array([int(PAWN_INK["Y"][i : i + 2], 16) for i in (1, 3, 5)])
    # Across the token, a quarter of the way down: frame, white inside with the code, frame.
    row = image[px(first.cut.y + 5), px(first.cut.x - 3) : px(first.cut.x + 23)].astype(int)
    yellow = (np.abs(row - ink) < 40).all(axis=1)
    found = runs(yellow)
    assert len(found) == 2, found
    (a, b), (c, d) = found
    outer, inner = (d - a) / PX, (c - b) / PX
    assert outer == pytest.approx(21 + 2 * Rodeurs.TOKEN_BLEED_MM, abs=0.2)
    assert inner == pytest.approx(21 - 2 * Rodeurs.TOKEN_FRAME_MM, abs=0.2)
    # The trim is where the cut marks above the sheet's tokens point (above its column).
    page = kit.pages[first.sheet - 1]
    top = min(i.cut.y for i in kit.manifest.items if i.role == "pawn" and i.sheet == first.sheet)
    start = first.cut.x - 3
    marks_row = page[px(top - 1.5 - 2 - 2), px(start) : px(first.cut.x + 24)] < 128
    marks = [start + (s + e - 1) / 2 / PX for s, e in runs(marks_row)]
    assert len(marks) >= 2
    left, right = marks[0], marks[1]
    assert right - left == pytest.approx(21.0, abs=0.2)
    assert left - (start + a / PX) == pytest.approx(Rodeurs.TOKEN_BLEED_MM, abs=0.2)
    assert (start + b / PX) - left == pytest.approx(Rodeurs.TOKEN_FRAME_MM, abs=0.2)


# -- codes: decoded from the pixels, matched with kit.json -----------------------------------------


@pytest.mark.parametrize("name", PAPERS)
def test_every_page_decodes_to_exactly_its_manifest_codes(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    manifest = kit.manifest
    boxes = {item.qr.payload: item.qr.box for item in manifest.items if item.qr is not None}
    ox, oy = manifest.board.origin
    for fiducial in manifest.board.fiducials:
        b = fiducial.qr.box
        boxes[fiducial.qr.payload] = Box(b.x + ox, b.y + oy, b.width, b.height)
    total = 0
    for sheet, image in enumerate(kit.pages, start=1):
        found = read_codes(image)
        assert sorted(r.text for r in found) == sorted(manifest.payloads(sheet)), sheet
        for result in found:
            corners = result.corners
            cx, cy = np.mean(corners, axis=0)
            box = boxes[result.text]
            assert (cx, cy) == pytest.approx(box.centre, abs=1.0), result.text
            # Upright: the code's own top-left corner is the box's top-left corner.
            assert corners[0] == pytest.approx((box.x, box.y), abs=1.0)
            assert result.ec_level == "M"
        total += len(found)
    assert total == 56 + 4


def test_payloads_say_what_each_piece_is(kits: dict[str, Kit]) -> None:
    manifest = kits["a4"].manifest
    pawns = manifest.by_role("pawn")
    assert len(pawns) == 56
    assert sorted(p.attrs["serial"] for p in pawns) == list(range(1, 57))
    for item in pawns:
        assert item.qr is not None
        payload = decode(item.qr.payload)
        assert isinstance(payload, RodeursPawn)
        assert payload.serial == item.attrs["serial"]
        assert payload.colour.lower() == item.attrs["colour"]
        assert item.cut.width == item.cut.height == Rodeurs.TOKEN_MM
        assert item.qr.module_mm == Rodeurs.TOKEN_MODULE_MM
        assert item.qr.quiet_modules >= 2.5
    mix = {c.value: n for c, n in CLASSIC.mix.items()}
    assert {c: sum(p.attrs["colour"] == c for p in pawns) for c in mix} == mix
    for fiducial in manifest.board.fiducials:
        payload = decode(fiducial.qr.payload)
        assert isinstance(payload, RodeursFiducial)
        assert payload.corner.value == fiducial.corner
        assert Board.from_code(payload.board) == CLASSIC.board
        assert (fiducial.qr.box.x, fiducial.qr.box.y) == Rodeurs.fiducial_origin(payload.corner)
        assert fiducial.qr.quiet_modules >= 3


# -- ink kept where it belongs ---------------------------------------------------------------------


@pytest.mark.parametrize("name", PAPERS)
def test_quiet_zones_and_margins_are_light(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    manifest = kit.manifest
    ox, oy = manifest.board.origin
    rings = [
        (
            manifest.board.sheet,
            Box(f.qr.box.x + ox, f.qr.box.y + oy, f.qr.box.width, f.qr.box.height),
            f.qr.quiet_modules * f.qr.module_mm,
        )
        for f in manifest.board.fiducials
    ]
    rings += [
        (item.sheet, item.qr.box, item.qr.quiet_modules * item.qr.module_mm)
        for item in manifest.items
        if item.qr is not None
    ]
    for sheet, box, quiet in rings:
        assert quiet_ring(kit.pages[sheet - 1], box, quiet).min() > 235, (sheet, box)
    for image in kit.pages:
        assert_margins_light(image, MIN_MARGIN_MM)


@pytest.mark.parametrize("name", PAPERS)
def test_cuts_never_cross_a_piece(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    pawns = kit.manifest.by_role("pawn")
    bleed = Rodeurs.TOKEN_BLEED_MM
    for sheet in {p.sheet for p in pawns}:
        image = kit.pages[sheet - 1]
        cuts = [p.cut for p in pawns if p.sheet == sheet]
        xs, ys = sorted({c.x for c in cuts}), sorted({c.y for c in cuts})
        top, bottom = ys[0] - bleed, ys[-1] + 21 + bleed
        left, right = xs[0] - bleed, xs[-1] + 21 + bleed
        for a, b in pairwise(xs):
            assert b - a >= 21 + 2 * bleed + 1 - 1e-9
            gap = image[px(top) : px(bottom), px(a + 21 + bleed + 0.15) : px(b - bleed - 0.15)]
            assert gap.min() > 250
        for a, b in pairwise(ys):
            gap = image[px(a + 21 + bleed + 0.15) : px(b - bleed - 0.15), px(left) : px(right)]
            assert gap.min() > 250
        # Every cut line, extended across the sheet, meets a mark outside the block.
        above = image[px(top - 2 - 4) : px(top - 2), px(left) : px(right)] < 128
        marks = [(s + e - 1) / 2 / PX + left for s, e in runs(above.any(axis=0))]
        lines = sorted({x for c in cuts for x in (c.x, c.x + c.width)})
        assert marks == pytest.approx(lines, abs=0.15)


# -- the manifest and the files --------------------------------------------------------------------


def test_manifest_describes_the_kit(kits: dict[str, Kit]) -> None:
    for name, kit in kits.items():
        manifest = kit.manifest
        assert (manifest.game, manifest.paper) == ("rodeurs", name)
        assert manifest.page_size == PAPER_MM[name]
        assert manifest.generator == f"patrolkit {__version__}"
        assert manifest.options == {
            "diagonal": False, "layout": "classic", "seed": None,
            "mix": {"R": 16, "Y": 20, "G": 20},
        }  # fmt: skip
        assert manifest.layout["board"] == CLASSIC.board.code
        assert manifest.layout["cells"] == CLASSIC.board.drawing().split("\n")
        assert manifest.layout["start"] == CLASSIC.state.text
        board = manifest.by_role("board")
        assert len(board) == 1 and board[0].sheet == manifest.board.sheet == 2
        assert (manifest.board.columns, manifest.board.rows, manifest.board.cell_mm) == (7, 9, 25.0)
        assert {p.sheet for p in manifest.by_role("pawn")} == {3}
        assert len({item.id for item in manifest.items}) == len(manifest.items)


def test_diagonal_option_is_recorded_and_printed() -> None:
    layout = random_layout(11, diagonal=True)
    pdf, manifest = render_kit(layout)
    assert manifest.options["diagonal"] is True
    assert manifest.options["seed"] == 11
    assert Board.from_code(manifest.layout["board"]).diagonal
    text = pdfium.PdfDocument(pdf)[1].get_textpage().get_text_range()
    assert layout.board.code in text
    assert "diagonals" in text and "seed 11" in text


def test_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    assert_refuses_to_overwrite(
        lambda folder, force: write_kit(CLASSIC, folder, force=force), tmp_path
    )


def test_unknown_paper_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(KitError, match="paper size 'a5'"):
        write_kit(CLASSIC, tmp_path / "kit", paper="a5")
    with pytest.raises(KitError, match="paper size 'tabloid'"):
        write_board_batch([CLASSIC], tmp_path / "boards.pdf", paper="tabloid")
    assert list(tmp_path.iterdir()) == []


def test_board_batch(tmp_path: Path) -> None:
    layouts = [CLASSIC, random_layout(1), random_layout(2, diagonal=True)]
    calls: list[tuple[int, int]] = []
    path = write_board_batch(
        layouts, tmp_path / "boards.pdf", progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(KitError, match="already exists"):
        write_board_batch(layouts, path)
    assert render_board_batch(layouts)[0] == path.read_bytes()
    document = pdfium.PdfDocument(path.read_bytes())
    assert len(document) == 1 + len(layouts)
    index = document[0].get_textpage().get_text_range()
    assert "Print at 100 % / actual size" in index
    for layout in layouts:
        assert layout.board.code in index
    for page, layout in zip(list(document)[1:], layouts, strict=True):
        found = read_codes(grey(page, 200))
        codes = {decode(r.text).board for r in found}  # type: ignore[union-attr]
        assert len(found) == 4 and codes == {layout.board.code}


def test_long_batch_index_runs_on_and_points_at_the_right_pages() -> None:
    layouts = [random_layout(seed) for seed in range(50)]
    pdf, boards = render_board_batch(layouts, "letter")
    document = pdfium.PdfDocument(pdf)
    index_pages = len(document) - len(layouts)
    assert index_pages == 2
    assert "index, continued" in document[1].get_textpage().get_text_range()
    assert [board.sheet for board in boards] == list(range(3, 3 + len(layouts)))
    for number in (0, 41, 49):
        text = document[index_pages + number].get_textpage().get_text_range()
        assert f"Rôdeurs board {layouts[number].board.code}" in text
        assert f"seed {number}" in text
