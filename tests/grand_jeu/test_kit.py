"""The grand jeu kit as printed: every code read back from the pages at 300 dpi as kit.json says,
the boards and scouts each number of patrols needs, the sizes measured on the pixels, the blue
arrow where the code's top is, the same seed giving the same PDF, and no kit overwritten."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.grand_jeu.kit import kit_code, render_kit, write_kit
from patrolkit.cli import main
from patrolkit.errors import KitError
from patrolkit.manifest import Manifest
from patrolkit.payload import GrandJeuFiducial, GrandJeuScout, decode
from patrolkit.sizes.grand_jeu import GrandJeu
from tests.kit_helpers import (
    PX,
    Read,
    assert_fonts_embedded,
    assert_margins_light,
    assert_pages_as_listed,
    assert_refuses_to_overwrite,
    assert_ruler_is_100_mm,
    colour,
    grey,
    px,
    read_codes,
    runs,
)

KITS = (("a4", 2), ("a4", 3), ("letter", 4), ("a3", 2), ("a3", 4))
PAGES = {("a4", 2): 7, ("a4", 3): 7, ("letter", 4): 7, ("a3", 2): 4, ("a3", 4): 7}


@dataclass(frozen=True)
class Kit:
    pdf: bytes
    manifest: Manifest
    pages: tuple[np.ndarray, ...]
    reads: tuple[tuple[Read, ...], ...]


@pytest.fixture(scope="module")
def kits() -> dict[tuple[str, int], Kit]:
    made = {}
    for paper, players in KITS:
        pdf, manifest = render_kit(3, paper, players)
        pages = tuple(grey(page) for page in pdfium.PdfDocument(pdf))
        made[(paper, players)] = Kit(
            pdf, manifest, pages, tuple(read_codes(page) for page in pages)
        )
    return made


@pytest.mark.parametrize("key", KITS)
def test_every_code_on_every_sheet_reads_back_as_the_manifest_says(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    kit = kits[key]
    assert len(kit.reads) == kit.manifest.pages == PAGES[key]
    for sheet, reads in enumerate(kit.reads, start=1):
        found = sorted(read.text for read in reads)
        assert found == sorted(kit.manifest.payloads(sheet)), sheet
    for payload in kit.manifest.payloads():
        item = decode(payload)
        assert isinstance(item, GrandJeuScout | GrandJeuFiducial)
        assert item.kit == kit.manifest.layout["kit"]


@pytest.mark.parametrize("key", KITS)
def test_each_code_is_read_where_the_manifest_puts_it(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    kit = kits[key]
    for item in kit.manifest.items:
        if item.qr is None:
            continue
        read = next(r for r in kit.reads[item.sheet - 1] if r.text == item.qr.payload)
        xs = [x for x, _ in read.corners]
        ys = [y for _, y in read.corners]
        box = item.qr.box
        assert min(xs) == pytest.approx(box.x, abs=0.5), item.id
        assert min(ys) == pytest.approx(box.y, abs=0.5), item.id
        assert max(xs) - min(xs) == pytest.approx(box.width, abs=0.5), item.id


@pytest.mark.parametrize(
    ("key", "size", "scouts", "sheets"),
    [
        (("a4", 2), 8, 16, 4),
        (("a4", 3), 10, 18, 4),
        (("letter", 4), 10, 24, 4),
        (("a3", 2), 8, 16, 1),
        (("a3", 4), 10, 24, 4),
    ],
)
def test_each_number_of_patrols_gets_its_board_and_its_scouts(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int], size: int, scouts: int, sheets: int
) -> None:
    kit = kits[key]
    players = key[1]
    layout = kit.manifest.layout
    assert (layout["size"], layout["scouts_per_patrol"]) == (size, 8 if players == 2 else 6)
    printed = kit.manifest.by_role("scout")
    assert len(printed) == scouts
    patrols = {"S", "N"} if players == 2 else {"S", "W", "N"} if players == 3 else set("SWNE")
    assert {s.attrs["patrol"] for s in printed} == patrols == set(layout["patrols"])
    for patrol in patrols:
        numbers = sorted(s.attrs["number"] for s in printed if s.attrs["patrol"] == patrol)
        assert numbers == list(range(1, scouts // len(patrols) + 1))
    assert len(kit.manifest.by_role("board-sheet")) == sheets
    assert len(kit.manifest.by_role("foulard")) == 4
    for fiducial in kit.manifest.by_role("board-fiducial"):
        assert fiducial.qr is not None
        payload = decode(fiducial.qr.payload)
        assert isinstance(payload, GrandJeuFiducial)
        assert (payload.size, payload.cell_mm) == (size, 32)
    assert len(kit.manifest.by_role("board-fiducial")) == (4 if sheets == 1 else 12)


@pytest.mark.parametrize("key", KITS)
def test_each_patrol_has_a_prison_with_a_slot_per_scout(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    kit = kits[key]
    prisons = kit.manifest.by_role("prison")
    assert sorted(p.attrs["patrol"] for p in prisons) == sorted(kit.manifest.layout["patrols"])
    for prison in prisons:
        assert len(prison.attrs["slots"]) == kit.manifest.layout["scouts_per_patrol"]
        page = kit.pages[prison.sheet - 1]
        # The prison's frame is printed where the manifest says: its outline 0.6 mm outside.
        cut = prison.cut
        column = page[px(cut.y - 1) : px(cut.y + cut.height + 1), px(cut.x + 4)] < 235
        ink = runs(column)
        assert (ink[-1][1] - ink[0][0]) / PX == pytest.approx(cut.height + 1.4, abs=0.2)


def test_scout_one_of_each_patrol_carries_the_star(kits: dict[tuple[str, int], Kit]) -> None:
    kit = kits[("letter", 4)]
    starred = [s for s in kit.manifest.by_role("scout") if s.attrs["starred"]]
    assert sorted((s.attrs["patrol"], s.attrs["number"]) for s in starred) == [
        (p, GrandJeu.STARRED_SCOUT) for p in "ENSW"
    ]
    assert kit.manifest.layout["starred_scout"] == 1


def test_a_scout_code_is_upright_with_its_top_where_the_blue_arrow_points(
    kits: dict[tuple[str, int], Kit],
) -> None:
    kit = kits[("a4", 2)]
    scouts = kit.manifest.by_role("scout")
    page = colour(kit.pdf, scouts[0].sheet).astype(int)
    r, g, b = page[:, :, 0], page[:, :, 1], page[:, :, 2]
    blue = (b > 140) & (r < 80) & (g < 130)
    for scout in scouts:
        assert scout.qr is not None and scout.qr.rotation == 0
        read = next(x for x in kit.reads[scout.sheet - 1] if x.text == scout.qr.payload)
        (tlx, tly), (trx, try_), _, (_, bly) = read.corners
        assert try_ == pytest.approx(tly, abs=0.3) and trx > tlx  # the code's top runs across
        assert bly > tly  # and its top is the upper edge on the page
        cut = scout.cut
        ys, _ = np.nonzero(
            blue[px(cut.y) : px(cut.y + cut.height), px(cut.x) : px(cut.x + cut.width)]
        )
        assert len(ys) > 100, scout.id
        centre_y = ys.mean() / PX + cut.y
        assert centre_y < tly - 1.0, scout.id  # the blue arrow is ahead of the code's top


def test_a_scout_and_a_board_cell_print_at_their_exact_sizes(
    kits: dict[tuple[str, int], Kit],
) -> None:
    kit = kits[("a4", 2)]
    for scout in kit.manifest.by_role("scout")[::3]:
        page, cut = kit.pages[scout.sheet - 1], scout.cut
        cy = cut.y + cut.height / 2
        # Over a few rows: a patterned rim leaves paper at its edge in some rows.
        band = page[px(cy - 1.5) : px(cy + 1.5), px(cut.x - 2) : px(cut.x + cut.width + 2)]
        ink = runs((band < 200).any(axis=0))
        width = (ink[-1][1] - ink[0][0]) / PX
        # The patrol's colour runs 0.5 mm past the cut on either side.
        assert width == pytest.approx(GrandJeu.SCOUT_FLATS_MM + 1.0, abs=0.15), scout.id
        assert scout.qr is not None
        read = next(r for r in kit.reads[scout.sheet - 1] if r.text == scout.qr.payload)
        side = max(x for x, _ in read.corners) - min(x for x, _ in read.corners)
        assert side == pytest.approx(GrandJeu.SCOUT_CODE_MM, abs=0.2)
    for paper, players in KITS:
        kit = kits[(paper, players)]
        for sheet_item in kit.manifest.by_role("board-sheet"):
            page = kit.pages[sheet_item.sheet - 1]
            ox, oy = sheet_item.attrs["origin"]
            columns = sheet_item.attrs["cells"]["columns"]
            rows = sheet_item.attrs["cells"]["rows"]
            row_y = oy + (rows // 2 - 0.5) * GrandJeu.CELL_MM  # a row with no tint and no band
            line = page[px(row_y), px(ox + 3.5) : px(ox + columns * 32 - 3.5)] < 100
            centres = [(start + stop - 1) / 2 / PX for start, stop in runs(line)]
            assert len(centres) == columns - 1, sheet_item.id
            for a, b in pairwise(centres):
                assert b - a == pytest.approx(32.0, abs=0.1), sheet_item.id


@pytest.mark.parametrize("key", KITS)
def test_the_pdf_is_sized_checked_and_self_contained(
    kits: dict[tuple[str, int], Kit], key: tuple[str, int]
) -> None:
    kit = kits[key]
    assert kit.manifest.pages == PAGES[key]
    assert_pages_as_listed(kit.pdf, kit.manifest)
    assert_ruler_is_100_mm(kit.pages[0])
    assert_fonts_embedded(kit.pdf)
    for page in kit.pages:
        assert_margins_light(page, 5.9)  # a home printer reaches 6 mm from the edge


def test_the_same_seed_gives_the_same_pdf_and_another_seed_another_kit() -> None:
    first, again = render_kit(5, "a4", 2), render_kit(5, "a4", 2)
    assert first[0] == again[0]
    assert first[1] == again[1]
    other = render_kit(6, "a4", 2)
    assert other[1].layout["kit"] != first[1].layout["kit"] == kit_code(5, 2)


def test_the_arrow_option_is_printed_and_recorded() -> None:
    """Red arrows on the left and right flats only: red ink there, none ahead."""
    pdf, manifest = render_kit(0, "a4", 2, (2, 6))
    assert manifest.options["arrows"] == "26"
    assert manifest.layout["arrows"] == ["right", "left"]
    scout = manifest.by_role("scout")[0]
    page = colour(pdf, scout.sheet).astype(int)
    red = (page[:, :, 0] > 160) & (page[:, :, 1] < 90) & (page[:, :, 2] < 90)
    cx, cy = scout.cut.centre
    tip = GrandJeu.SCOUT_APOTHEM_MM - 3.0

    def red_near(x: float, y: float) -> bool:
        return bool(red[px(y - 0.6) : px(y + 0.6), px(x - 0.6) : px(x + 0.6)].any())

    assert red_near(cx + tip, cy) and red_near(cx - tip, cy)
    assert not red_near(cx, cy - tip)


def test_a_kit_folder_is_not_overwritten_unless_forced(tmp_path: Path) -> None:
    assert_refuses_to_overwrite(
        lambda folder, force: write_kit(folder, paper="a3", force=force), tmp_path / "kit"
    )


def test_bad_options_are_one_sentence() -> None:
    with pytest.raises(KitError, match="2, 3 or 4 patrols"):
        render_kit(0, "a4", 5)
    with pytest.raises(KitError, match="red arrows"):
        render_kit(0, "a4", 2, (0, 8))
    with pytest.raises(KitError, match="paper"):
        render_kit(0, "b5", 2)
    with pytest.raises(KitError, match="seed"):
        render_kit(-1, "a4", 2)


def test_the_command_line_writes_the_kit(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    argv = ["kit", "grand-jeu", "--players", "3", "--arrows", "0,2,6", "--paper", "letter"]
    assert main([*argv, "--seed", "4", "--out", str(out)]) == 0
    manifest = Manifest.load(out / "kit.json")
    assert manifest.options == {"seed": 4, "paper": "letter", "players": 3, "arrows": "026"}
    for bad in (["--players", "5"], ["--arrows", "09"], ["--paper", "b5"]):
        with pytest.raises(SystemExit) as refused:
            main(["kit", "grand-jeu", *bad, "--out", str(tmp_path / "other")])
        assert refused.value.code == 2
    assert not (tmp_path / "other").exists()


PHONE_PX_PER_MM = 6.0
"""A 12 MP photo (4000 px) of the 10 x 10 board with its prisons and corner codes (about 476 mm)
sees 8.4 px/mm; 6 is what is left at the far side of a photo tilted by 35°, with a margin."""


@pytest.mark.slow
@pytest.mark.parametrize("turn", [0, 45, 135, 270])
def test_a_scout_code_reads_at_phone_resolution_in_every_direction(
    kits: dict[tuple[str, int], Kit], turn: int
) -> None:
    """Each sampled scout, shrunk to what a phone sees, turned as it would lie facing another
    way, still reads, and the code's top edge gives the direction it was turned to."""
    kit = kits[("letter", 4)]
    scale = PHONE_PX_PER_MM / PX
    for scout in kit.manifest.by_role("scout")[::2]:
        assert scout.qr is not None
        cut = scout.cut
        margin = 4.0
        crop = kit.pages[scout.sheet - 1][
            px(cut.y - margin) : px(cut.y + cut.height + margin),
            px(cut.x - margin) : px(cut.x + cut.width + margin),
        ]
        h, w = crop.shape
        small = cv2.resize(crop, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
        size = small.shape[1]
        matrix = cv2.getRotationMatrix2D((size / 2, size / 2), -turn, 1.0)
        seen = cv2.warpAffine(small, matrix, (size, size), flags=cv2.INTER_LINEAR, borderValue=255)
        reads = [r for r in read_codes(seen) if r.text == scout.qr.payload]
        assert reads, (scout.id, turn)
        (tlx, tly), (trx, try_), _, _ = reads[0].corners
        bearing = np.degrees(np.arctan2(try_ - tly, trx - tlx)) % 360
        assert min(abs(bearing - turn) % 360, 360 - abs(bearing - turn) % 360) < 6, (scout.id, turn)
