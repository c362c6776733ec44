"""The 12 Patrols kit as printed: card trim and bleed measured on the rasterised PDF, every QR code
decoded and matched with kit.json, fronts and backs in register, fonts embedded, reproducible
bytes, the refusal to overwrite and the refusal of bad options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pypdfium2 as pdfium
import pytest
import zxingcpp

from generator.page import MIN_MARGIN_MM
from generator.twelve_patrols.cards import BACK_TURN, FRONT_TURN, MARK_CLEAR_MM, MARK_LENGTH_MM
from generator.twelve_patrols.kit import render_kit, write_kit
from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Card,
    Deck,
    Item,
    ItemColour,
    ItemKind,
    Kingdom,
    Reroll,
    Side,
    Solution,
    Witness,
    is_win,
)
from patrolkit.manifest import Box, Manifest, QrCode
from patrolkit.payload import PatrolsCard, PatrolsCube, PatrolsDie, decode
from patrolkit.sizes import MIN_MODULE_MM, TwelvePatrols

DPI = 300
PX = DPI / 25.4
"""Pixels per millimetre in the rasters."""
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BLEED = TwelvePatrols.CARD_BLEED_MM
GOLD = np.array([0xD9, 0xB6, 0x5A])
"""The backs' keyline, 3.5 mm inside the trim all round."""
BACK_KEYLINE_MM = 3.5

# -- a hand-made deck and a winning kingdom for it ------------------------------------------------

W, Y, B = ItemColour.WHITE, ItemColour.YELLOW, ItemColour.BLUE
CARDS = (  # name, edges (north:east:south:west), where it lies in the winning kingdom
    ("Grey Peaks", "N1:C+N3:S1:-", (1, 0)),
    ("Amber Plains", "S3:N2:B:-", (0, 0)),
    ("Old Keep", "N4:-:C:S2", (2, 2)),
    ("Willow Vale", "-:S6:A+N2:A", (0, 1)),
    ("Mirror Lake", "S5:A:-:N2", (1, 1)),
    ("Gull Coast", "N2:B:-:S2", (2, 1)),
    ("Red Canyon", "-:N1:S7:B", (0, 2)),
    ("Reed Marsh", "S1:C:-:A", (2, 0)),
    ("Dark Forest", "B:-:S4:N3", (1, 2)),
)


def cube(colour: ItemColour, serial: int) -> Item:
    return Item(ItemKind.CUBE, colour, serial)


def die(colour: ItemColour, serial: int, value: int) -> Item:
    return Item(ItemKind.DIE, colour, serial, value)


PATROLS = (  # in the order of SLOTS: six across the rows, then six down the columns
    [cube(W, 1)], [die(Y, 1, 6)], [cube(Y, 1), die(W, 1, 3)], [cube(B, 1)], [die(B, 1, 2)],
    [cube(W, 2), cube(Y, 2)], [cube(B, 2)], [die(W, 2, 5)], [cube(Y, 3), die(B, 2, 3)],
    [die(Y, 2, 1)], [cube(W, 3)], [cube(B, 3), die(Y, 3, 4)],
)  # fmt: skip
DECK = Deck("Sample", tuple(Card.from_code(name, code) for name, code, _ in CARDS))


def winning() -> Solution:
    cards = {where: DECK.cards[i] for i, (_, _, where) in enumerate(CARDS)}
    kingdom = Kingdom.build(DECK, cards, dict(zip(SLOTS, PATROLS, strict=True)))
    assert is_win(kingdom)
    return Solution(kingdom, (Reroll(die(W, 2, 1), 5, die(W, 3, 2)),))


SOLUTION = winning()

# -- the kits under test --------------------------------------------------------------------------


@dataclass(frozen=True)
class Kit:
    name: str
    pdf: bytes
    manifest: Manifest

    @property
    def document(self) -> pdfium.PdfDocument:
        return pdfium.PdfDocument(self.pdf)

    @cache  # noqa: B019 - a handful of kits, each kept for the whole module
    def grey(self, sheet: int) -> np.ndarray:
        image = self.document[sheet - 1].render(scale=DPI / 72, grayscale=True).to_numpy()
        return image if image.ndim == 2 else image[:, :, 0]

    @cache  # noqa: B019
    def colour(self, sheet: int) -> np.ndarray:
        page = self.document[sheet - 1]
        return np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(np.int16)

    @cache  # noqa: B019
    def gold(self, sheet: int) -> np.ndarray:
        """Where the backs' gold keyline colour is on ``sheet``."""
        return (np.abs(self.colour(sheet) - GOLD) < 45).all(axis=2)

    def __hash__(self) -> int:
        return hash(self.name)


KITS: dict[str, dict[str, Any]] = {
    "a4-duplex": dict(paper="a4", solution=SOLUTION),
    "letter-duplex-offset-flat": dict(paper="letter", duplex_offset=(1.5, -2.0), flat_items=True),
    "a4-gutter-flat": dict(paper="a4", backs="gutter", flat_items=True),
    "letter-gutter": dict(paper="letter", backs="gutter", solution=SOLUTION),
}


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    made = {}
    for name, options in KITS.items():
        pdf_path, json_path = write_kit(DECK, tmp_path_factory.mktemp(name), **options)
        made[name] = Kit(name, pdf_path.read_bytes(), Manifest.load(json_path))
    return made


def _px(mm: float) -> int:
    return round(mm * PX)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """``(start, stop)`` of every run of True in a 1-D mask."""
    padded = np.concatenate(([False], mask, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def _centres(mask: np.ndarray, start: int) -> list[float]:
    """The centres (page mm) of the runs of ``mask``, a line of pixels from pixel ``start``."""
    return [(start + (a + b) / 2) / PX for a, b in _runs(mask)]


# -- measuring cards on the pixels -----------------------------------------------------------------


def _front_block(kit: Kit, sheet: int) -> Box:
    """The bleed box round the fronts on ``sheet`` (from the manifest, to know where to look)."""
    cuts = [i.cut for i in kit.manifest.by_role("card") if i.sheet == sheet]
    left = min(c.x for c in cuts) - BLEED
    top = min(c.y for c in cuts) - BLEED
    right = max(c.x + c.width for c in cuts) + BLEED
    bottom = max(c.y + c.height for c in cuts) + BLEED
    return Box(left, top, right - left, bottom - top)


def _cut_lines(kit: Kit, sheet: int) -> tuple[list[float], list[float]]:
    """The cut lines the crop marks of ``sheet`` point at, read on the pixels: the marks above the
    block give the vertical cuts, the marks left of it the horizontal ones."""
    block = _front_block(kit, sheet)
    image = kit.grey(sheet) < 128
    mark = MARK_CLEAR_MM + MARK_LENGTH_MM / 2
    left, top = _px(block.x - 1), _px(block.y - 1)
    row = image[_px(block.y - mark), left : _px(block.x + block.width + 1)]
    column = image[top : _px(block.y + block.height + 1), _px(block.x - mark)]
    return _centres(row, left), _centres(column, top)


def _measured_fronts(kit: Kit, sheet: int) -> list[Box]:
    """Every front's trim box on ``sheet`` from its crop marks: cut lines pair up card by card."""
    xs, ys = _cut_lines(kit, sheet)
    boxes = []
    for item in kit.manifest.by_role("card"):
        if item.sheet != sheet:
            continue
        x0 = min(xs, key=lambda x: abs(x - item.cut.x))
        x1 = min(xs, key=lambda x: abs(x - item.cut.x - item.cut.width))
        y0 = min(ys, key=lambda y: abs(y - item.cut.y))
        y1 = min(ys, key=lambda y: abs(y - item.cut.y - item.cut.height))
        boxes.append(Box(x0, y0, x1 - x0, y1 - y0))
    return boxes


def _keyline(line: np.ndarray, start: int, expected: float) -> float:
    """The centre (mm) of the gold run near ``expected`` on ``line``, from pixel ``start``."""
    found = [c for c in _centres(line, start) if abs(c - expected) < 1.2]
    assert len(found) == 1, (expected, _centres(line, start))
    return found[0]


def _measured_back(kit: Kit, expected: Box) -> Box:
    """A back's trim box read from its gold keyline, 3.5 mm inside the trim all round, near where
    ``expected`` says the back is."""
    sheet = next(i.sheet for i in kit.manifest.by_role("card-back") if i.cut == expected)
    gold = kit.gold(sheet)
    e = expected
    k = BACK_KEYLINE_MM
    start_x, start_y = _px(e.x - 3), _px(e.y - 3)
    across = gold[_px(e.y + e.height / 2), start_x : _px(e.x + e.width + 3)]
    down = gold[start_y : _px(e.y + e.height + 3), _px(e.x + e.width / 2)]
    left = _keyline(across, start_x, e.x + k) - k
    right = _keyline(across, start_x, e.x + e.width - k) + k
    top = _keyline(down, start_y, e.y + k) - k
    bottom = _keyline(down, start_y, e.y + e.height - k) + k
    return Box(left, top, right - left, bottom - top)


def _mirror(box: Box, width: float) -> Box:
    """``box`` as it lands on the other side of a sheet ``width`` wide flipped on its long edge."""
    return Box(width - box.x - box.width, box.y, box.width, box.height)


# -- trim and bleed --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a4-duplex", "letter-gutter"])
def test_cards_are_63_by_88_with_3_mm_bleed(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    for sheet in sorted({i.sheet for i in kit.manifest.by_role("card")}):
        xs, ys = _cut_lines(kit, sheet)
        # Cards lie on their side: 88 mm across, 63 mm down, 6 mm (two bleeds) between them.
        widths = [b - a for a, b in zip(xs[::2], xs[1::2], strict=True)]
        heights = [b - a for a, b in zip(ys[::2], ys[1::2], strict=True)]
        assert widths == pytest.approx([88.0] * len(widths), abs=0.1)
        assert heights == pytest.approx([63.0] * len(heights), abs=0.1)
        gaps = [b - a for a, b in zip(xs[1:-1:2], xs[2::2], strict=True)]
        gaps += [b - a for a, b in zip(ys[1:-1:2], ys[2::2], strict=True)]
        assert gaps == pytest.approx([2 * BLEED] * len(gaps), abs=0.1)
        # The art runs exactly 3 mm past the outermost cuts, and no further.
        block = _front_block(kit, sheet)
        image = kit.colour(sheet)
        x0, y0 = _px(block.x - 1), _px(block.y - 1)
        window = image[
            y0 : _px(block.y + block.height + 1),
            x0 : _px(min(block.x + block.width, kit.manifest.page_size[0] / 2) + 1),
        ]
        inked = np.argwhere((window < 250).any(axis=2))
        top, left = inked.min(axis=0) + np.array([y0, x0])
        bottom = inked[:, 0].max() + y0 + 1
        assert xs[0] - left / PX == pytest.approx(BLEED, abs=0.1)
        assert ys[0] - top / PX == pytest.approx(BLEED, abs=0.1)
        assert bottom / PX - ys[-1] == pytest.approx(BLEED, abs=0.1)
        # Between two cards the bleeds meet: colour all the way across every gap.
        for a, b in zip(ys[1:-1:2], ys[2::2], strict=True):
            gap = image[_px(a + 0.2) : _px(b - 0.2), _px(xs[0] + 10) : _px(xs[1] - 10)]
            assert (gap < 250).any(axis=2).all()
        # The manifest's trim boxes are the ones the marks point at.
        for measured in _measured_fronts(kit, sheet):
            cut = min(
                (i.cut for i in kit.manifest.by_role("card") if i.sheet == sheet),
                key=lambda c: abs(c.x - measured.x) + abs(c.y - measured.y),
            )
            assert (measured.x, measured.y, measured.width, measured.height) == pytest.approx(
                (cut.x, cut.y, cut.width, cut.height), abs=0.1
            )


# -- registration of fronts and backs --------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["a4-duplex", "letter-duplex-offset-flat", "a4-gutter-flat", "letter-gutter"]
)
def test_backs_register_with_their_fronts(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    manifest = kit.manifest
    width = manifest.page_size[0]
    dx, dy = manifest.options["duplex_offset"]
    duplex = manifest.options["backs"] == "duplex"
    fronts = {i.attrs["number"]: i for i in manifest.by_role("card")}
    backs = {i.attrs["number"]: i for i in manifest.by_role("card-back")}
    assert sorted(fronts) == sorted(backs) == list(range(1, 10))
    measured_fronts = {
        (round(b.x), round(b.y), sheet): b
        for sheet in {i.sheet for i in fronts.values()}
        for b in _measured_fronts(kit, sheet)
    }
    worst = 0.0
    for number, front in fronts.items():
        back = backs[number]
        assert back.sheet == (front.sheet + 1 if duplex else front.sheet)
        measured_front = measured_fronts[(round(front.cut.x), round(front.cut.y), front.sheet)]
        measured_back = _measured_back(kit, back.cut)
        # Flipped over, the back (less the offset the player asked for) lies on the front.
        landed = _mirror(
            Box(measured_back.x - dx, measured_back.y - dy, measured_back.width,
                measured_back.height),
            width,
        )  # fmt: skip
        got = np.array([landed.x, landed.y, landed.width, landed.height])
        want = np.array(
            [measured_front.x, measured_front.y, measured_front.width, measured_front.height]
        )
        assert got == pytest.approx(want, abs=0.1), number
        worst = max(worst, float(np.abs(got - want).max()))
        # And exactly so in the manifest.
        mirrored = _mirror(front.cut, width)
        assert (back.cut.x, back.cut.y) == pytest.approx((mirrored.x + dx, mirrored.y + dy))
        assert back.attrs["turn"] == BACK_TURN and front.attrs["turn"] == FRONT_TURN
    assert worst < 0.1


def test_offset_moves_the_backs_and_nothing_else() -> None:
    _, plain = render_kit(DECK, "a4")
    _, moved = render_kit(DECK, "a4", duplex_offset=(-3.0, 2.5))
    for a, b in zip(plain.items, moved.items, strict=True):
        shift = (b.cut.x - a.cut.x, b.cut.y - a.cut.y)
        expected = (-3.0, 2.5) if a.role == "card-back" else (0.0, 0.0)
        assert shift == pytest.approx(expected, abs=1e-9), a.id
    assert moved.options["duplex_offset"] == [-3.0, 2.5]


# -- codes: decoded from the pixels, matched with kit.json -----------------------------------------


@pytest.mark.parametrize("name", list(KITS))
def test_every_page_decodes_to_exactly_its_manifest_codes(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    manifest = kit.manifest
    assert len(kit.document) == manifest.pages
    records: dict[tuple[int, str], list[QrCode]] = {}
    for item in manifest.items:
        if item.qr is not None:
            records.setdefault((item.sheet, item.qr.payload), []).append(item.qr)
    total = 0
    for sheet in range(1, manifest.pages + 1):
        found = zxingcpp.read_barcodes(kit.grey(sheet), formats=zxingcpp.BarcodeFormat.QRCode)
        assert sorted(r.text for r in found) == sorted(manifest.payloads(sheet)), sheet
        for result in found:
            p = result.position
            corners = [
                (q.x / PX, q.y / PX)
                for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left)
            ]
            centre = np.mean(corners, axis=0)
            qr = min(
                records[(sheet, result.text)],
                key=lambda q: float(np.hypot(*(centre - np.array(q.box.centre)))),
            )
            assert tuple(centre) == pytest.approx(qr.box.centre, abs=1.0), result.text
            # The code's own top-left corner is where its turn puts it within its box.
            b = qr.box
            expected = {
                0: (b.x, b.y),
                90: (b.x + b.width, b.y),
                180: (b.x + b.width, b.y + b.height),
                270: (b.x, b.y + b.height),
            }[qr.rotation]
            assert corners[0] == pytest.approx(expected, abs=1.0), result.text
            assert result.ec_level == "M"
        total += len(found)
    flat = manifest.options["flat_items"]
    assert total == 9 + (54 + 9 if flat else 54 + 54)


def test_payloads_say_what_each_piece_is(kits: dict[str, Kit]) -> None:
    manifest = kits["a4-duplex"].manifest
    cards = manifest.by_role("card")
    assert [c.attrs["number"] for c in cards] == list(range(1, 10))
    for item, card in zip(cards, DECK.cards, strict=True):
        assert item.qr is not None
        assert item.qr.payload == f"PK1:TP:C:{DECK.id}:{item.attrs['number']}:{card.code}"
        assert decode(item.qr.payload) == PatrolsCard(DECK.id, item.attrs["number"], card.code)
        assert item.attrs["name"] == card.name and item.attrs["deck"] == DECK.id
        assert item.attrs["edges"] == dict(zip("NESW", card.code.split(":"), strict=True))
        assert item.qr.rotation == FRONT_TURN
        assert item.qr.modules == 17 + 4 * TwelvePatrols.CARD_QR_VERSION
        assert item.qr.module_mm >= MIN_MODULE_MM and item.qr.error_correction == "M"
        assert item.qr.quiet_modules >= 3
        on_card = item.attrs["qr_on_card"]
        assert tuple(on_card.values()) == TwelvePatrols.card_qr_box()
        (left, top), _, (right, bottom), _ = TwelvePatrols.card_outline()
        assert (right - left, bottom - top) == (63.0, 88.0)
        assert (-left, -top) == (on_card["x"], on_card["y"])
        assert (item.cut.width, item.cut.height) == (88.0, 63.0)
    for back in manifest.by_role("card-back"):
        assert back.qr is None
    faces = manifest.by_role("die-face")
    assert len(faces) == 54 and len(manifest.by_role("cube-face")) == 54
    assert {(f.attrs["colour"], f.attrs["serial"], f.attrs["value"]) for f in faces} == {
        (c, s, v) for c in "WYB" for s in (1, 2, 3) for v in range(1, 7)
    }
    for face in faces:
        assert face.qr is not None and face.cut.width == TwelvePatrols.DIE_FACE_MM
        a = face.attrs
        assert face.qr.payload == f"PK1:TP:D:{a['colour']}{a['serial']}:{a['value']}"
        assert decode(face.qr.payload) == PatrolsDie(a["colour"], a["serial"], a["value"])
        assert face.qr.quiet_modules >= TwelvePatrols.ITEM_QUIET_MODULES
        assert face.qr.module_mm >= MIN_MODULE_MM
    for face in manifest.by_role("cube-face"):
        assert face.qr is not None and face.cut.width == TwelvePatrols.CUBE_FACE_MM
        assert face.qr.payload == f"PK1:TP:Q:{face.attrs['colour']}{face.attrs['serial']}"
        assert decode(face.qr.payload) == PatrolsCube(face.attrs["colour"], face.attrs["serial"])
        assert face.qr.quiet_modules >= TwelvePatrols.ITEM_QUIET_MODULES
    flat = kits["a4-gutter-flat"].manifest
    assert len(flat.by_role("die-token")) == 54 and len(flat.by_role("cube-token")) == 9
    assert not flat.by_role("die-face") and not flat.by_role("cube-face")


def test_opposite_faces_of_every_die_add_up_to_seven(kits: dict[str, Kit]) -> None:
    faces = kits["a4-duplex"].manifest.by_role("die-face")
    dice: dict[tuple[str, int], list[Box]] = {}
    values: dict[tuple[float, float], int] = {}
    for face in faces:
        dice.setdefault((face.attrs["colour"], face.attrs["serial"]), []).append(face.cut)
        values[(face.cut.x, face.cut.y)] = face.attrs["value"]
    for boxes in dice.values():
        side = boxes[0].width
        # In a cross, faces two apart in the long arm are opposite, and so are the two wings.
        xs, ys = sorted({b.x for b in boxes}), sorted({b.y for b in boxes})
        assert len(boxes) == 6 and len(xs) == 3 and len(ys) == 4
        arm = sorted((b for b in boxes if b.x == xs[1]), key=lambda b: b.y)
        wings = [b for b in boxes if b.x != xs[1]]
        pairs = [(arm[0], arm[2]), (arm[1], arm[3]), (wings[0], wings[1])]
        for a, b in pairs:
            assert values[(a.x, a.y)] + values[(b.x, b.y)] == 7
        assert all(b.height == side for b in boxes)


# -- ink kept where it belongs ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(KITS))
def test_quiet_zones_and_margins_are_light(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    aa = 0.1  # anti-aliasing at the codes' own edges
    for item in kit.manifest.items:
        if item.qr is None:
            continue
        box, quiet = item.qr.box, item.qr.quiet_modules * item.qr.module_mm
        outer = kit.grey(item.sheet)[
            _px(box.y - quiet + aa) : _px(box.y + box.height + quiet - aa),
            _px(box.x - quiet + aa) : _px(box.x + box.width + quiet - aa),
        ].copy()
        margin = _px(quiet - 2 * aa)
        outer[margin:-margin, margin:-margin] = 255
        assert outer.min() > 235, item.id
    for sheet in range(1, kit.manifest.pages + 1):
        image = kit.grey(sheet)
        m = _px(MIN_MARGIN_MM)
        for strip in (image[:m], image[-m:], image[:, :m], image[:, -m:]):
            assert strip.min() > 250, sheet


@pytest.mark.parametrize("offset", [(-4.0, -4.0), (4.0, 4.0)])
def test_backs_keep_the_margins_at_the_largest_offsets(offset: tuple[float, float]) -> None:
    pdf, manifest = render_kit(DECK, "a4", duplex_offset=offset)
    kit = Kit(f"offset {offset}", pdf, manifest)
    for sheet in sorted({i.sheet for i in manifest.by_role("card-back")}):
        image = kit.grey(sheet)
        m = _px(MIN_MARGIN_MM)
        for strip in (image[:m], image[-m:], image[:, :m], image[:, -m:]):
            assert strip.min() > 250, sheet


# -- the PDF itself --------------------------------------------------------------------------------


def test_every_font_is_embedded(kits: dict[str, Kit]) -> None:
    for kit in kits.values():
        names = set(re.findall(rb"/BaseFont\s*/([^\s/<>\[\]]+)", kit.pdf))
        assert names, "the kit prints text"
        for font in names:
            assert re.fullmatch(rb"[A-Z]{6}\+BitstreamVeraSans-\w+", font), font
        descriptors = len(re.findall(rb"/Type\s*/FontDescriptor", kit.pdf))
        assert descriptors == len(re.findall(rb"/FontFile2", kit.pdf)) == len(names)
        for base14 in (b"Helvetica", b"Times", b"Courier", b"Symbol", b"ZapfDingbats"):
            assert b"/" + base14 not in kit.pdf


@pytest.mark.parametrize("name", list(KITS))
def test_page_size_read_from_the_pdf(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    for page in kit.document:
        width, height = page.get_size()
        size = (width / 72 * 25.4, height / 72 * 25.4)
        assert size == pytest.approx(PAPER_MM[kit.manifest.paper], abs=0.01)


def test_same_inputs_same_bytes(tmp_path: Path) -> None:
    first, first_json = write_kit(DECK, tmp_path / "one", solution=SOLUTION)
    again, again_json = write_kit(DECK, tmp_path / "two", solution=SOLUTION)
    assert first.read_bytes() == again.read_bytes()
    assert first_json.read_bytes() == again_json.read_bytes()
    assert render_kit(DECK, "a4")[0] != first.read_bytes()
    assert render_kit(DECK, "a4", backs="gutter")[0] == render_kit(DECK, "a4", backs="gutter")[0]


def test_card_sheets_print_fronts_on_odd_pages(kits: dict[str, Kit]) -> None:
    """Printed double-sided as a whole, the file still puts every back behind its front."""
    manifest = kits["a4-duplex"].manifest
    assert {i.sheet for i in manifest.by_role("card")} == {3, 5}
    assert {i.sheet for i in manifest.by_role("card-back")} == {4, 6}


def test_solution_page_is_upside_down(kits: dict[str, Kit]) -> None:
    kit = kits["a4-duplex"]
    last = kit.manifest.pages
    page = kit.document[last - 1]
    text = page.get_textpage()
    assert "One way to win" in text.get_text_range()
    searcher = text.search("One way to win")
    index, count = searcher.get_next()
    left, bottom, _, _ = text.get_charbox(index)
    width, height = page.get_size()
    # Turned half a turn, the title sits at the page's bottom right.
    assert bottom < height / 4 and left > width / 2
    first, last_char = text.get_charbox(index), text.get_charbox(index + count - 1)
    assert first[0] > last_char[0], "the title reads right to left, as upside-down text does"
    assert "solution" not in kits["a4-gutter-flat"].manifest.layout
    record = kit.manifest.layout["solution"]
    assert record["cards"][0] == 2 and record["rerolls"][0]["value"] == 5
    assert record["patrols"]["r0c0-r0c1"] == ["Q-W1"]
    # The roll, as far as the solution tells it: white die 2 showed 1 before its re-roll, white
    # die 3 was discarded showing 2, blue die 3 is not needed.
    assert record["roll"] == [3, 1, 2, 6, 1, 4, 2, 3, None]
    assert "white 3, 1, 2; yellow 6, 1, 4; blue 2, 3, any." in text.get_text_range()


def test_a_witness_prints_its_whole_roll() -> None:
    roll = (3, 1, 2, 6, 1, 4, 2, 3, 6)
    pdf, manifest = render_kit(DECK, solution=Witness(roll, SOLUTION))
    assert manifest.layout["solution"]["roll"] == list(roll)
    last = pdfium.PdfDocument(pdf)[manifest.pages - 1].get_textpage().get_text_range()
    assert "blue 2, 3, 6." in last


# -- the manifest and the files --------------------------------------------------------------------


def test_manifest_describes_the_kit(kits: dict[str, Kit]) -> None:
    for name, kit in kits.items():
        manifest = kit.manifest
        options = KITS[name]
        assert manifest.game == "twelve-patrols" and manifest.board is None
        assert manifest.paper == options["paper"]
        assert manifest.page_size == PAPER_MM[manifest.paper]
        assert manifest.generator == f"patrolkit {__version__}"
        assert manifest.options == {
            "backs": options.get("backs", "duplex"),
            "duplex_offset": list(options.get("duplex_offset", (0.0, 0.0))),
            "flat_items": options.get("flat_items", False),
            "solution": "solution" in options,
        }
        assert manifest.layout["deck"] == "Sample" and manifest.layout["id"] == DECK.id
        assert [c["code"] for c in manifest.layout["cards"]] == [c.code for c in DECK.cards]
        assert len({item.id for item in manifest.items}) == len(manifest.items)
        assert Manifest.from_json(manifest.to_json()) == manifest
        with pytest.raises(KitError, match="no printed board"):
            _ = manifest.board_geometry


def test_refuses_to_overwrite_unless_forced(tmp_path: Path) -> None:
    write_kit(DECK, tmp_path)
    (tmp_path / "kit.pdf").write_bytes(b"mine")
    with pytest.raises(KitError, match="already exist; add --force"):
        write_kit(DECK, tmp_path)
    assert (tmp_path / "kit.pdf").read_bytes() == b"mine"
    (tmp_path / "kit.pdf").unlink()
    with pytest.raises(KitError, match=r"kit\.json already exists"):
        write_kit(DECK, tmp_path)
    write_kit(DECK, tmp_path, force=True)
    assert (tmp_path / "kit.pdf").read_bytes().startswith(b"%PDF")


OTHER_DECK = Deck("Other", tuple(Card.from_code(f"Region {n}", "N1:-:-:-") for n in range(9)))
GREEDY = Card.from_code("Greedy Fen", ":".join(["N12+S34+A+N56+S78"] * 4))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"paper": "a5"}, "paper size 'a5'"),
        ({"backs": "simplex"}, "no 'simplex' way"),
        ({"duplex_offset": (4.5, 0.0)}, "within ±4 mm"),
        ({"duplex_offset": (0.0, float("nan"))}, "two numbers"),
        ({"duplex_offset": ("1", 0)}, "two numbers"),
        ({"duplex_offset": (1.0,)}, "two numbers"),
        ({"backs": "gutter", "duplex_offset": (1.0, 0.0)}, "duplex backs only"),
        ({"flat_items": "yes"}, "true or false"),
        ({"solution": "a solution"}, "solver's Solution"),
        ({"solution": Solution(Kingdom(OTHER_DECK))}, "another deck"),
        ({"solution": Solution(Kingdom(DECK))}, "does not win"),
    ],
)
def test_bad_options_are_refused_and_write_nothing(
    tmp_path: Path, options: dict[str, object], message: str
) -> None:
    with pytest.raises(KitError, match=message):
        write_kit(DECK, tmp_path / "kit", **options)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_deck_too_rich_for_its_codes_is_refused(tmp_path: Path) -> None:
    deck = Deck("Rich", (GREEDY, *DECK.cards[1:]))
    with pytest.raises(KitError, match="Greedy Fen carries too many requirements"):
        write_kit(deck, tmp_path)
    with pytest.raises(KitError, match="deck of nine cards"):
        write_kit("not a deck", tmp_path)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_every_requirement_kind_is_on_the_sample_deck() -> None:
    codes = {r.kind for card in DECK.cards for side in Side for r in card.edge(side)}
    assert len(codes) == 5
