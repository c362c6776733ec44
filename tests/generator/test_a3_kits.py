"""A kit asked for on A3 prints only its board on A3, so a whole board (a Patrolis map, the
Stratego board, the grand jeu's 8 x 8 board) is one sheet; its cover, rules, pieces, screen and
slips go on A4, which every home printer takes. Each page is laid out for its own paper and says
its own page boxes; kit.json and the cover say which sheets are A3 and which A4; the pieces keep
the A3 kit's sizes; the virtual camera renders each page at its own size."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from companion.camera.printed import RASTER_PX_PER_MM, page_scale, printed_pages
from generator.frame import manifest_bytes
from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.page import A3, PAPERS, Sheet
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.patrolis.kit import write_kit as write_patrolis_kit
from generator.stratego.kit import render_kit as stratego_kit
from patrolkit.errors import KitError
from patrolkit.i18n import speaking
from patrolkit.manifest import Manifest, PaperSheets
from patrolkit.sizes import Patrolis
from patrolkit.sizes.stratego import Stratego
from tests.generator.pdf_text import POINTS_PER_MM
from tests.generator.test_print_languages import collisions
from tests.generator.test_print_margins import text_too_near_the_edge
from tests.kit_helpers import (
    PAPER_MM,
    assert_margins_light,
    assert_pages_as_listed,
    assert_ruler_is_100_mm,
    grey,
    read_codes,
)


def _stratego() -> tuple[bytes, Manifest]:
    kit = stratego_kit(3, "a3")
    return kit.pdf, kit.manifest


KITS: dict[str, Callable[[], tuple[bytes, Manifest]]] = {
    "patrolis": lambda: patrolis_kit(3, "a3"),
    "patrolis-one-map": lambda: patrolis_kit(3, "a3", maps=1),
    "stratego": _stratego,
    "grand-jeu-8x8": lambda: grand_jeu_kit(3, "a3", 2),
    "grand-jeu-10x10": lambda: grand_jeu_kit(3, "a3", 4),
}
"""Every game's A3 kit: Patrolis with two maps and one, Stratego, the grand jeu's 8 x 8 board
(one sheet) and its 10 x 10 board (four lapped sheets, too big for one)."""
A3_SHEETS = {
    "patrolis": 2,
    "patrolis-one-map": 1,
    "stratego": 1,
    "grand-jeu-8x8": 1,
    "grand-jeu-10x10": 4,
}
"""How many sheets each kit prints on A3: its board's."""
BOARD = {
    "patrolis": ("the maps", "les cartes"),
    "patrolis-one-map": ("the map", "la carte"),
    "stratego": ("the board", "le plateau"),
    "grand-jeu-8x8": ("the board and its prisons", "le plateau et ses prisons"),
    "grand-jeu-10x10": ("the board and its prisons", "le plateau et ses prisons"),
}
"""What each cover calls the A3 sheets, in English and French."""


@cache
def kit(name: str, language: str = "en") -> tuple[bytes, Manifest]:
    """The A3 kit :data:`KITS` calls ``name``, printed in ``language``, rendered once."""
    with speaking(language):
        return KITS[name]()


def board_sheets(manifest: Manifest) -> set[int]:
    return {item.sheet for item in manifest.by_role("board-sheet")}


def page_papers(pdf: bytes) -> list[str]:
    """Each page's paper, read from the PDF's own page size."""
    papers = []
    for page in pdfium.PdfDocument(pdf):
        width, height = (v / POINTS_PER_MM for v in page.get_size())
        names = [
            n for n, size in PAPER_MM.items() if size == pytest.approx((width, height), abs=0.01)
        ]
        papers.append(names[0] if names else f"{width:.1f} x {height:.1f} mm")
    return papers


def cover_text(pdf: bytes) -> str:
    return " ".join(pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range().split())


# -- which sheets are A3 ------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(KITS))
def test_an_a3_kit_prints_its_board_on_a3_and_everything_else_on_a4(name: str) -> None:
    pdf, manifest = kit(name)
    boards = board_sheets(manifest)
    assert len(boards) == A3_SHEETS[name]
    assert page_papers(pdf) == [
        "a3" if sheet in boards else "a4" for sheet in range(1, manifest.pages + 1)
    ]
    assert_pages_as_listed(pdf, manifest)


def test_an_a3_patrolis_kit_prints_cover_rules_maps_and_tiles_in_that_order() -> None:
    pdf, _manifest = kit("patrolis")
    assert page_papers(pdf) == ["a4", "a4", "a3", "a3", "a4"]


@pytest.mark.parametrize("name", list(KITS))
def test_kit_json_says_which_sheets_are_a3_and_which_a4(name: str) -> None:
    _pdf, manifest = kit(name)
    boards = tuple(sorted(board_sheets(manifest)))
    others = tuple(n for n in range(1, manifest.pages + 1) if n not in boards)
    assert (manifest.paper, manifest.page_size, manifest.options["paper"]) == (
        "a3",
        (297.0, 420.0),
        "a3",
    )
    assert manifest.papers == (
        PaperSheets("a4", (210.0, 297.0), others),
        PaperSheets("a3", (297.0, 420.0), boards),
    )
    for item in manifest.items:
        width, height = manifest.page_size_of(item.sheet)
        cut = item.cut
        assert cut.x >= 0 and cut.x + cut.width <= width, item.id
        assert cut.y >= 0 and cut.y + cut.height <= height, item.id


def test_a_kit_on_one_paper_lists_every_sheet_on_it() -> None:
    _pdf, manifest = grand_jeu_kit(3, "letter", 2)
    assert manifest.papers == (
        PaperSheets("letter", (215.9, 279.4), tuple(range(1, manifest.pages + 1))),
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KITS))
def test_every_code_is_where_kit_json_says_on_its_own_page(name: str) -> None:
    pdf, manifest = kit(name)
    for sheet, page in enumerate(pdfium.PdfDocument(pdf), start=1):
        listed = {
            item.qr.payload: item.qr.box.centre
            for item in manifest.items
            if item.sheet == sheet and item.qr is not None
        }
        found = {}
        for read in read_codes(grey(page)):
            xs, ys = zip(*read.corners, strict=True)
            found[read.text] = (sum(xs) / 4, sum(ys) / 4)
        assert set(listed) <= set(found), sheet
        for payload, (x, y) in listed.items():
            assert found[payload] == pytest.approx((x, y), abs=0.5), (sheet, payload)


# -- each page laid out for its own paper -------------------------------------------------------


def test_a_sheet_turns_to_another_paper_for_the_next_page_and_its_frame_follows() -> None:
    # Text set 10 mm above each page's foot stands 10 mm above it on A4 and on A3 alike.
    out = io.BytesIO()
    a4 = PAPERS["a4"]
    sheet = Sheet(out, a4, title="", subject="")
    sheet.text(20.0, a4.height - 10.0, "foot", size=9)
    for paper in (A3, A3, a4):
        sheet.next_page(paper)
        sheet.text(20.0, paper.height - 10.0, "foot", size=9)
    assert [p.name for p in sheet.papers] == ["a4", "a3", "a3", "a4"]
    sheet.save()
    pdf = out.getvalue()
    assert page_papers(pdf) == ["a4", "a3", "a3", "a4"]
    for page in pdfium.PdfDocument(pdf):
        text = page.get_textpage()
        bottom = min(text.get_charbox(i)[1] for i in range(text.count_chars()))
        assert 8.0 < bottom / POINTS_PER_MM < 10.0


@pytest.mark.parametrize("name", list(KITS))
def test_every_page_says_its_own_paper_is_its_media_trim_and_bleed(name: str) -> None:
    pdf, manifest = kit(name)
    for sheet, page in enumerate(pdfium.PdfDocument(pdf), start=1):
        width, height = manifest.page_size_of(sheet)
        whole = pytest.approx((0.0, 0.0, width * POINTS_PER_MM, height * POINTS_PER_MM), abs=0.01)
        assert page.get_mediabox() == whole, sheet
        assert page.get_trimbox(fallback_ok=False) == whole, sheet
        assert page.get_bleedbox(fallback_ok=False) == whole, sheet


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", list(KITS))
def test_every_page_keeps_its_text_and_ink_off_its_own_edges(name: str, language: str) -> None:
    # Text 6 mm from the page's edge and no character on another; no ink at all (crop marks
    # included) in the 6 mm a home printer cannot reach (5.8 mm: a line on the 6 mm mark
    # spreads a little as it is rendered).
    pdf, _manifest = kit(name, language)
    document = pdfium.PdfDocument(pdf)
    assert text_too_near_the_edge(document) == []
    assert collisions(document) == []
    for page in document:
        assert_margins_light(grey(page), 5.8)


def test_page_one_is_a4_with_the_100_mm_ruler() -> None:
    pdf, _manifest = kit("stratego")
    page = pdfium.PdfDocument(pdf)[0]
    assert page_papers(pdf)[0] == "a4"
    assert_ruler_is_100_mm(grey(page))


@pytest.mark.parametrize("name", list(KITS))
def test_the_pieces_are_centred_across_their_own_page(name: str) -> None:
    _pdf, manifest = kit(name)
    boards = board_sheets(manifest)
    pieces = [i for i in manifest.items if i.sheet not in boards and i.role != "board-fiducial"]
    assert pieces
    for sheet in {item.sheet for item in pieces}:
        cuts = [item.cut for item in pieces if item.sheet == sheet]
        left = min(c.x for c in cuts)
        right = max(c.x + c.width for c in cuts)
        width = manifest.page_size_of(sheet)[0]
        assert (left + right) / 2 == pytest.approx(width / 2, abs=0.5), sheet


# -- the pieces keep the A3 kit's sizes ---------------------------------------------------------


def test_an_a3_patrolis_kit_prints_its_tiles_and_objectives_for_its_17_mm_cells() -> None:
    _pdf, manifest = kit("patrolis")
    cell = Patrolis.A3_CELL_MM
    assert manifest.layout["cell_mm"] == cell
    for item in manifest.by_role("step"):
        assert manifest.paper_of(item.sheet) == "a4"
        assert item.cut.width <= cell and item.cut.height <= cell
        assert item.qr is not None and item.qr.module_mm == Patrolis.TILE_MODULE_MM[cell]
    for item in manifest.by_role("objective"):
        assert item.qr is not None and item.qr.module_mm == Patrolis.OBJECTIVE_MODULE_MM[cell]


def test_an_a3_stratego_kit_prints_its_screen_as_long_as_five_27_mm_cells_on_a4() -> None:
    _pdf, manifest = kit("stratego")
    assert manifest.layout["cell_mm"] == Stratego.A3_CELL_MM
    halves = manifest.by_role("screen")
    assert len(halves) == 2
    for half in halves:
        assert manifest.paper_of(half.sheet) == "a4"
        assert max(half.cut.width, half.cut.height) == pytest.approx(5 * Stratego.A3_CELL_MM)
    pieces = manifest.by_role("piece")
    assert len(pieces) == 80
    assert {manifest.paper_of(piece.sheet) for piece in pieces} == {"a4"}


# -- the cover says so --------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(KITS))
def test_the_cover_says_which_sheets_go_on_a3_and_which_on_a4(name: str) -> None:
    pdf, manifest = kit(name)
    boards = sorted(board_sheets(manifest))
    first, last = boards[0], boards[-1]
    sheets = f"sheet {first}" if first == last else f"sheets {first}–{last}"
    text = cover_text(pdf)
    assert f"A3 for {sheets} ({BOARD[name][0]}), A4 for every other sheet." in text
    assert "“Choose paper source by PDF page size”" in text


@pytest.mark.parametrize("name", list(KITS))
def test_the_french_cover_says_which_sheets_go_on_a3_and_which_on_a4(name: str) -> None:
    pdf, manifest = kit(name, "fr")
    boards = sorted(board_sheets(manifest))
    first, last = boards[0], boards[-1]
    sheets = f"la feuille {first}" if first == last else f"les feuilles {first}–{last}"
    text = cover_text(pdf)
    said = f"A3 pour {sheets} ({BOARD[name][1]}), A4 pour toutes les autres."
    assert " ".join(said.split()) in text
    assert "Choisir la source de papier selon le format de page PDF" in text


def test_a_kit_on_one_paper_says_nothing_of_paper_sizes() -> None:
    pdf, _manifest = grand_jeu_kit(3, "a4", 2)
    assert "paper sizes" not in cover_text(pdf)


# -- the virtual camera ---------------------------------------------------------------------------


def test_the_virtual_camera_renders_each_page_of_an_a3_kit_at_its_own_size(
    tmp_path: Path,
) -> None:
    pdf_path, json_path = write_patrolis_kit(3, tmp_path / "kit", paper="a3", maps=1)
    manifest = Manifest.load(json_path)
    pages = printed_pages(pdf_path, range(1, manifest.pages + 1))
    for sheet, page in pages.items():
        width, height = manifest.page_size_of(sheet)
        # pdfium rounds a page's pixels up
        assert page.shape[:2] == pytest.approx(
            (height * RASTER_PX_PER_MM, width * RASTER_PX_PER_MM), abs=1
        ), sheet
        assert page_scale(manifest, sheet, page) == pytest.approx(
            (RASTER_PX_PER_MM, RASTER_PX_PER_MM), abs=0.01
        )


# -- kit.json, old and new ----------------------------------------------------------------------


def _json(manifest: Manifest) -> dict[str, object]:
    data: dict[str, object] = json.loads(manifest_bytes(manifest))
    return data


def test_kit_json_reads_back_with_its_papers() -> None:
    _pdf, manifest = kit("patrolis")
    assert Manifest.from_json(_json(manifest)) == manifest


def test_a_schema_1_kit_json_prints_every_sheet_on_its_paper() -> None:
    # A kit.json written before kits mixed papers has no "papers": every sheet is on "paper".
    _pdf, manifest = grand_jeu_kit(3, "letter", 2)
    data = _json(manifest)
    del data["papers"]
    data["schema"] = 1
    old = Manifest.from_json(data)
    assert old.papers == ()
    for sheet in range(1, old.pages + 1):
        assert (old.paper_of(sheet), old.page_size_of(sheet)) == ("letter", (215.9, 279.4))


def test_a_kit_json_whose_papers_miss_a_sheet_is_refused() -> None:
    _pdf, manifest = kit("stratego")
    data = _json(manifest)
    papers = data["papers"]
    assert isinstance(papers, list)
    papers.pop()
    with pytest.raises(KitError, match="damaged or not one of ours"):
        Manifest.from_json(data)


def test_a_kit_json_of_a_newer_schema_is_refused() -> None:
    _pdf, manifest = kit("stratego")
    data = {**_json(manifest), "schema": 3}
    with pytest.raises(KitError, match="schema 3; we read schemas 1 to 2"):
        Manifest.from_json(data)
