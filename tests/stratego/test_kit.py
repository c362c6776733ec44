"""The Stratego kit as printed: every code read back from the pages at 300 dpi, no rank in
kit.json or in any payload, no id shared by two kits, the secrets beside the kit, and the sizes
of a piece and a board cell measured on the pixels."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.stratego.kit import render_kit, write_kit
from patrolkit.cli import main
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army, Rank
from patrolkit.games.stratego.secret import Secret
from patrolkit.manifest import Manifest
from patrolkit.payload import StrategoFiducial, StrategoPiece, StrategoSecret, decode
from patrolkit.sizes.stratego import Stratego
from tests.kit_helpers import (
    PX,
    Read,
    assert_fonts_embedded,
    assert_pages_as_listed,
    assert_ruler_is_100_mm,
    grey,
    px,
    read_codes,
    runs,
)

PAPERS = ("a4", "letter", "a3")
SHEETS = {"a4": 12, "letter": 12, "a3": 9}


@dataclass(frozen=True)
class Kit:
    folder: Path
    pdf: bytes
    manifest: Manifest
    secrets: tuple[Secret, Secret]
    pages: tuple[np.ndarray, ...]
    reads: tuple[tuple[Read, ...], ...]


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    made = {}
    for name in PAPERS:
        folder = tmp_path_factory.mktemp(name) / "kit"
        write_kit(folder, seed=7, paper=name)
        pdf = (folder / "kit.pdf").read_bytes()
        pages = tuple(grey(page) for page in pdfium.PdfDocument(pdf))
        secrets = (
            Secret.from_text((folder / "red.secret").read_text()),
            Secret.from_text((folder / "blue.secret").read_text()),
        )
        made[name] = Kit(
            folder,
            pdf,
            Manifest.load(folder / "kit.json"),
            secrets,
            pages,
            tuple(read_codes(page) for page in pages),
        )
    return made


@pytest.mark.parametrize("name", PAPERS)
def test_every_code_on_every_sheet_reads_back_as_the_manifest_or_a_private_slip_says(
    kits: dict[str, Kit], name: str
) -> None:
    kit = kits[name]
    slips = {item.sheet for item in kit.manifest.by_role("secret-slip")}
    secret_payloads = {f"PK1:ST:S:{secret.code}" for secret in kit.secrets}
    assert len(kit.reads) == kit.manifest.pages == SHEETS[name]
    for sheet, reads in enumerate(kit.reads, start=1):
        found = sorted(read.text for read in reads)
        expected = list(kit.manifest.payloads(sheet))
        if sheet in slips:
            expected += secret_payloads
        assert found == sorted(expected), sheet
    assert len(kit.manifest.by_role("piece")) == 80
    assert len(kit.manifest.by_role("board-fiducial")) == (12 if name != "a3" else 4)


@pytest.mark.parametrize("name", PAPERS)
def test_each_code_is_read_where_the_manifest_puts_it(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
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


def test_a_piece_code_is_upright_towards_the_opponent(kits: dict[str, Kit]) -> None:
    """The code's top row runs along the fold to the back wall (page right on the strip)."""
    kit = kits["a4"]
    item = kit.manifest.by_role("piece")[0]
    assert item.qr is not None and item.qr.rotation == 90
    read = next(r for r in kit.reads[item.sheet - 1] if r.text == item.qr.payload)
    (tlx, tly), (trx, try_), _, _ = read.corners
    assert trx == pytest.approx(tlx, abs=0.3) and try_ > tly  # the top edge runs down the page
    assert tlx > item.cut.x + Stratego.PIECE_HEIGHT_MM + Stratego.PIECE_DEPTH_MM / 2


@pytest.mark.parametrize("name", PAPERS)
def test_no_rank_and_no_secret_is_in_kit_json_or_in_a_payload(
    kits: dict[str, Kit], name: str
) -> None:
    kit = kits[name]
    text = (kit.folder / "kit.json").read_text().lower()
    for rank in Rank:
        assert not re.search(rf"\b{rank.title}s?\b", text), rank
    for secret in kit.secrets:
        assert secret.key.lower() not in text
        assert secret.code.lower() not in text
    for payload in kit.manifest.payloads():
        item = decode(payload)
        assert isinstance(item, StrategoPiece | StrategoFiducial)
        assert not isinstance(item, StrategoSecret)
    for slip in kit.manifest.by_role("secret-slip"):
        assert slip.qr is None


@pytest.mark.parametrize("name", PAPERS)
def test_pieces_are_printed_in_id_order_so_their_places_tell_no_rank(
    kits: dict[str, Kit], name: str
) -> None:
    kit = kits[name]
    for secret in kit.secrets:
        pieces = [i for i in kit.manifest.by_role("piece") if i.attrs["army"] == secret.army.title]
        assert [p.attrs["id"] for p in pieces] == sorted(secret.ids)
        places = [(p.sheet, p.cut.y, p.cut.x) for p in pieces]
        assert places == sorted(places)
        assert {frozenset(p.attrs) for p in pieces} == {frozenset({"army", "id", "panels"})}
        for piece in pieces:
            assert piece.qr is not None
            payload = decode(piece.qr.payload)
            assert payload == StrategoPiece(secret.army.name[0], piece.attrs["id"])


def test_two_kits_share_no_id_and_no_kit_code(kits: dict[str, Kit]) -> None:
    seen: dict[str, str] = {}
    codes = set()
    for name, kit in kits.items():
        codes.add(kit.secrets[0].kit)
        for secret in kit.secrets:
            for identity in secret.ids:
                assert identity not in seen, (identity, name, seen.get(identity))
                seen[identity] = name
    assert len(codes) == len(kits)
    assert len(seen) == 80 * len(kits)


def test_the_same_seed_draws_fresh_secrets_every_time() -> None:
    first, second = render_kit(3, "a3"), render_kit(3, "a3")
    assert first.secrets[0].kit != second.secrets[0].kit
    assert not first.secrets[0].ids & second.secrets[0].ids


@pytest.mark.parametrize("name", PAPERS)
def test_the_secrets_beside_the_kit_are_its_armies_and_its_board(
    kits: dict[str, Kit], name: str
) -> None:
    kit = kits[name]
    red, blue = kit.secrets
    assert (red.army, blue.army) == (Army.RED, Army.BLUE)
    assert red.kit == blue.kit == kit.manifest.layout["kit"]
    for fiducial in kit.manifest.by_role("board-fiducial"):
        assert fiducial.qr is not None
        payload = decode(fiducial.qr.payload)
        assert isinstance(payload, StrategoFiducial) and payload.kit == red.kit
    printed = {p.attrs["id"] for p in kit.manifest.by_role("piece")}
    assert printed == red.ids | blue.ids
    listed = kit.manifest.layout["armies"]
    assert set(listed["red"]["ids"]) == red.ids and set(listed["blue"]["ids"]) == blue.ids
    assert json.loads((kit.folder / "kit.json").read_text())["game"] == "stratego"


@pytest.mark.parametrize("name", PAPERS)
def test_a_piece_strip_prints_at_its_exact_size(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    length, width = Stratego.strip_length(), Stratego.PIECE_WIDTH_MM
    assert (length, width) == (92.0, 24.0)
    for piece in kit.manifest.by_role("piece")[::13]:
        page, cut = kit.pages[piece.sheet - 1], piece.cut
        along = page[px(cut.y + width / 2), px(cut.x - 1.5) : px(cut.x + length + 1.5)] < 200
        ink = runs(along)
        measured = (ink[-1][1] - ink[0][0]) / PX
        assert measured == pytest.approx(length + 0.15, abs=0.15), piece.id
        top = cut.x + Stratego.PIECE_HEIGHT_MM + Stratego.PIECE_DEPTH_MM / 2
        across = page[px(cut.y - 1.5) : px(cut.y + width + 1.5), px(top)] < 200
        ink = runs(across)
        measured = (ink[-1][1] - ink[0][0]) / PX
        assert measured == pytest.approx(width + 0.15, abs=0.15), piece.id
        assert piece.qr is not None
        read = next(r for r in kit.reads[piece.sheet - 1] if r.text == piece.qr.payload)
        side = max(y for _, y in read.corners) - min(y for _, y in read.corners)
        assert side == pytest.approx(Stratego.PIECE_CODE_MM, abs=0.2)


PHONE_PX_PER_MM = 5.6
"""A 12 MP photo framing the whole board (about 378 mm over 3000 px) sees the tops at about 8
px/mm; 5.6 is what is left at the far side of a photo tilted by 35°, with a margin."""


@pytest.mark.parametrize("tilt", [0, 35, 45])
def test_a_piece_code_reads_at_phone_resolution_seen_tilted(
    kits: dict[str, Kit], tilt: int
) -> None:
    """Each sampled top, with what is printed round it, shrunk to what a phone sees: foreshortened
    by the tilt along the piece, and narrowing 4 % from one side of the code to the other (a
    phone 500 mm away, tilted 35°, sees the code's far side 8 mm farther: 1.7 %), still reads."""
    kit = kits["a4"]
    scale = PHONE_PX_PER_MM / PX
    squeeze = math.cos(math.radians(tilt))
    for piece in kit.manifest.by_role("piece")[::5]:
        assert piece.qr is not None
        box, margin = piece.qr.box, 6.0
        crop = kit.pages[piece.sheet - 1][
            px(box.y - margin) : px(box.y + box.height + margin),
            px(box.x - margin) : px(box.x + box.width + margin),
        ]
        h, w = crop.shape
        width, height = round(w * scale * squeeze), round(h * scale)
        small = cv2.resize(crop, (width, height), interpolation=cv2.INTER_AREA)
        corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
        keystone = np.array(
            [[0, 0], [width, height * 0.02], [width, height * 0.98], [0, height]], dtype=np.float32
        )
        seen = cv2.warpPerspective(
            small,
            cv2.getPerspectiveTransform(corners, keystone),
            (width, height),
            flags=cv2.INTER_LINEAR,
            borderValue=255,
        )
        assert piece.qr.payload in {r.text for r in read_codes(seen)}, (piece.id, tilt)


@pytest.mark.parametrize("name", PAPERS)
def test_a_board_cell_prints_at_its_exact_size(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    cell = Stratego.cell_mm(name)
    for sheet_item in kit.manifest.by_role("board-sheet"):
        page = kit.pages[sheet_item.sheet - 1]
        ox, oy = sheet_item.attrs["origin"]
        columns = sheet_item.attrs["cells"]["columns"]
        row_y = oy + 0.5 * cell  # the sheet's top row: a home row, never a lake
        line = page[px(row_y), px(ox - 0.8) : px(ox + columns * cell + 0.8)] < 100
        centres = [(start + stop - 1) / 2 / PX for start, stop in runs(line)]
        assert len(centres) == columns + 1, sheet_item.id
        for a, b in pairwise(centres):
            assert b - a == pytest.approx(cell, abs=0.1), sheet_item.id
        assert centres[-1] - centres[0] == pytest.approx(columns * cell, abs=0.1)


def test_a_fiducial_payload_alone_places_its_sheet_in_the_board() -> None:
    """What a photo reader needs: from the payload's sheet and cell size, the code's box in the
    sheet's cell frame and the sheet's place in the assembled board."""
    for paper_name in PAPERS:
        cell = Stratego.cell_mm(paper_name)
        plans = {(plan.column, plan.row): plan for plan in Stratego.sheets(cell)}
        assert len(plans) == (1 if paper_name == "a3" else 4)
        for plan in plans.values():
            x, y = plan.board_origin
            first_column, _, first_row, rows = plan.cells
            assert (x, y) == (first_column * cell, (10 - first_row - rows) * cell)
            assert len(plan.fiducials) == (4 if paper_name == "a3" else 3)
    south_west = Stratego.sheets(30.0)[2]
    assert (south_west.name, south_west.board_origin) == ("SW", (0.0, 150.0))


@pytest.mark.parametrize("name", PAPERS)
def test_the_pdf_is_sized_checked_and_self_contained(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    assert kit.manifest.pages == SHEETS[name]
    assert_pages_as_listed(kit.pdf, kit.manifest)
    assert_ruler_is_100_mm(kit.pages[0])
    assert_fonts_embedded(kit.pdf)


def test_a_kit_folder_is_not_overwritten_unless_forced(kits: dict[str, Kit]) -> None:
    folder = kits["a3"].folder
    before = (folder / "red.secret").read_text()
    with pytest.raises(KitError, match="already exist; add --force"):
        write_kit(folder, paper="a3")
    assert (folder / "red.secret").read_text() == before


def test_the_command_line_writes_the_kit_and_its_secrets(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert main(["kit", "stratego", "--paper", "a3", "--seed", "5", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "blue.secret",
        "kit.json",
        "kit.pdf",
        "red.secret",
    ]
    manifest = Manifest.load(out / "kit.json")
    assert manifest.options == {"seed": 5, "paper": "a3", "variant": "classic"}
    with pytest.raises(SystemExit) as refused:
        main(["kit", "stratego", "--paper", "b5", "--out", str(tmp_path / "other")])
    assert refused.value.code == 2
    assert not (tmp_path / "other").exists()
