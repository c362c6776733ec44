"""The 12 Patrols kit as printed: card trim and bleed measured on the rasterised PDF, every QR code
decoded and matched with kit.json, fronts and backs in register, fonts embedded, reproducible
bytes, the refusal to overwrite and the refusal of bad options."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from generator.page import MIN_MARGIN_MM
from generator.twelve_patrols.card_faces import FRONT_TURN
from generator.twelve_patrols.kit import render_kit, write_kit
from patrolkit import __version__
from patrolkit.errors import KitError
from patrolkit.games.twelve_patrols import (
    Card,
    Deck,
    Kingdom,
    Side,
    Solution,
    Witness,
)
from patrolkit.manifest import Box, Manifest, QrCode
from patrolkit.payload import PatrolsCard, PatrolsCube, PatrolsDie, decode
from patrolkit.sizes import MIN_MODULE_MM, TwelvePatrols
from tests.kit_helpers import (
    PAPER_MM,
    assert_fonts_embedded,
    assert_margins_light,
    assert_page_sizes,
    assert_refuses_to_overwrite,
    quiet_ring,
    read_codes,
)
from tests.twelve_patrols.kit_sample import DECK, KITS, SOLUTION, Kit, make_kits


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Kit]:
    return make_kits(tmp_path_factory)


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
        found = read_codes(kit.grey(sheet))
        assert sorted(r.text for r in found) == sorted(manifest.payloads(sheet)), sheet
        for result in found:
            corners = result.corners
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
    turns = set()
    for boxes in dice.values():
        side = boxes[0].width
        # In a cross, faces two apart in the long arm are opposite, and so are the two wings;
        # the long arm runs down the sheet or across it, as the net is turned.
        xs, ys = sorted({b.x for b in boxes}), sorted({b.y for b in boxes})
        assert len(boxes) == 6 and {len(xs), len(ys)} == {3, 4}
        if len(ys) == 4:
            arm = sorted((b for b in boxes if b.x == xs[1]), key=lambda b: b.y)
            wings = [b for b in boxes if b.x != xs[1]]
        else:
            arm = sorted((b for b in boxes if b.y == ys[1]), key=lambda b: b.x)
            wings = [b for b in boxes if b.y != ys[1]]
        turns.add(len(ys) == 4)
        pairs = [(arm[0], arm[2]), (arm[1], arm[3]), (wings[0], wings[1])]
        for a, b in pairs:
            assert values[(a.x, a.y)] + values[(b.x, b.y)] == 7
        assert all(b.height == side for b in boxes)
    assert turns == {True, False}, "the packed sheets hold dice upright and on their side"


# -- ink kept where it belongs ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(KITS))
def test_quiet_zones_and_margins_are_light(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    for item in kit.manifest.items:
        if item.qr is None:
            continue
        box, quiet = item.qr.box, item.qr.quiet_modules * item.qr.module_mm
        assert quiet_ring(kit.grey(item.sheet), box, quiet).min() > 235, item.id
    for sheet in range(1, kit.manifest.pages + 1):
        assert_margins_light(kit.grey(sheet), MIN_MARGIN_MM)


@pytest.mark.parametrize("offset", [(-4.0, -4.0), (4.0, 4.0)])
def test_backs_keep_the_margins_at_the_largest_offsets(offset: tuple[float, float]) -> None:
    pdf, manifest = render_kit(DECK, "a4", duplex_offset=offset)
    kit = Kit(f"offset {offset}", pdf, manifest)
    for sheet in sorted({i.sheet for i in manifest.by_role("card-back")}):
        assert_margins_light(kit.grey(sheet), MIN_MARGIN_MM)


# -- the PDF itself --------------------------------------------------------------------------------


def test_every_font_is_embedded(kits: dict[str, Kit]) -> None:
    for kit in kits.values():
        assert_fonts_embedded(kit.pdf)


@pytest.mark.parametrize("name", list(KITS))
def test_page_size_read_from_the_pdf(kits: dict[str, Kit], name: str) -> None:
    kit = kits[name]
    assert_page_sizes(kit.pdf, kit.manifest.paper, kit.manifest.pages)


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
    assert_refuses_to_overwrite(
        lambda folder, force: write_kit(DECK, folder, force=force), tmp_path
    )


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
