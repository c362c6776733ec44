"""How many sheets of paper a 12 Patrols kit takes, and that saving them loses nothing: the dice
and cubes packed closer, and on Letter partly in the free foot of the last card sheet, keep clear
of each other, of the cards and of their crop marks, have blank paper behind them, read like the
others, and the cover names every sheet they are on, in English and in French.

A duplex kit is printed double-sided as a whole (two pages a sheet); a gutter-fold kit
single-sided (a page a sheet).
"""

from __future__ import annotations

import math
import re
from itertools import combinations

import pypdfium2 as pdfium
import pytest

from generator.page import PAPERS
from generator.twelve_patrols.cards import BEHIND_CLEAR_MM, free_foot
from generator.twelve_patrols.items import HEADER_MM
from generator.twelve_patrols.kit import nets_for, render_kit
from generator.twelve_patrols.net_sheets import (
    EDGE_MM,
    NET_GAP_MM,
    NetLayout,
    PlacedNet,
    in_rows,
    packed,
)
from patrolkit.i18n import _, speaking
from patrolkit.manifest import Box, Manifest
from tests.generator.print_kits import TWELVE_PATROLS, kit, twelve_patrols
from tests.generator.test_print_duplex import behind, ink_in
from tests.kit_helpers import grey, read_codes
from tests.twelve_patrols.kit_sample import DECK, SOLUTION

Rect = tuple[float, float, float, float]
ITEM_ROLES = ("die-face", "cube-face", "die-token", "cube-token")
NETS = [name for name in TWELVE_PATROLS if "flat" not in name]

SHEETS = {
    # name: pages, sheets of paper (before the nets were packed: pages, sheets)
    "a4-duplex-nets-solution": (13, 7),  # was 15, 8
    "letter-duplex-nets": (11, 6),  # was 13, 7
    "a4-duplex-flat-solution": (9, 5),  # unchanged
    "letter-duplex-flat": (9, 5),  # unchanged
    "a4-gutter-nets-solution": (9, 9),  # was 10, 10
    "letter-gutter-flat": (7, 7),  # unchanged
}


def _paper_sheets(name: str, pages: int) -> int:
    return pages if "gutter" in name else math.ceil(pages / 2)


@pytest.mark.parametrize("name", list(SHEETS))
def test_each_kit_prints_on_its_sheets_of_paper(name: str) -> None:
    _pdf, manifest = twelve_patrols(name)
    pages, sheets = SHEETS[name]
    assert manifest.pages == pages
    assert _paper_sheets(name, manifest.pages) == sheets


def test_the_default_kit_prints_on_7_sheets() -> None:
    """A4, duplex backs, dice and cubes to fold, the solution: once 8 sheets."""
    _pdf, manifest = render_kit(DECK, solution=SOLUTION)
    assert _paper_sheets("a4-duplex", manifest.pages) == 7


@pytest.mark.parametrize(
    ("paper", "per_sheet"), [("a4", {"die": 3, "cube": 3}), ("letter", {"die": 4, "cube": 1})]
)
def test_a_packed_sheet_holds_more_than_a_row_of_dice(
    paper: str, per_sheet: dict[str, int]
) -> None:
    """In rows a sheet holds four dice; packed, three dice and three cubes (A4) or four dice and
    a cube (Letter)."""
    width, height = PAPERS[paper].size
    first = packed(width, height, None).pages[0]
    assert {kind: sum(p.net.kind == kind for p in first) for kind in ("die", "cube")} == per_sheet
    assert [p.net.kind for p in in_rows(width, height).pages[0]] == ["die"] * 4


@pytest.mark.parametrize(
    ("paper", "backs", "foot", "sheets"),
    [
        ("a4", "duplex", 0, 3),  # packing alone saves the sheet: the card sheet keeps no nets
        ("letter", "duplex", 2, 3),  # a die and a cube in the foot of sheet 5
        ("a4", "gutter", 0, 3),
        ("letter", "gutter", 0, 4),  # packed, still four sheets: printed in rows as before
    ],
)
def test_the_nets_take_a_sheet_fewer_where_they_can(
    paper: str, backs: str, foot: int, sheets: int
) -> None:
    width, height = PAPERS[paper].size
    layout = nets_for(width, height, backs)
    assert len(layout.foot) == foot and len(layout.pages) == sheets
    assert sorted(_names(layout)) == sorted(_names(in_rows(width, height)))
    if sheets == 4:
        assert layout == in_rows(width, height)


def _names(layout: NetLayout) -> list[tuple[str, str]]:
    return [(p.net.kind, p.net.name) for page in (layout.foot, *layout.pages) for p in page]


# -- nothing lost: clear cuts, blank paper behind, codes that read ---------------------------------


def _layout(manifest: Manifest) -> NetLayout:
    width, height = manifest.page_size
    return nets_for(width, height, str(manifest.options["backs"]))


def _sheets_of_nets(manifest: Manifest) -> dict[int, tuple[PlacedNet, ...]]:
    """The nets of each sheet, as laid out; checked against the faces kit.json lists there."""
    layout = _layout(manifest)
    sheets = sorted({i.sheet for i in manifest.items if i.role in ("die-face", "cube-face")})
    groups = ([layout.foot] if layout.foot else []) + list(layout.pages)
    assert len(sheets) == len(groups)
    placed = dict(zip(sheets, groups, strict=True))
    for sheet, nets in placed.items():
        listed = {(i.id, i.cut) for i in manifest.items if i.sheet == sheet and i.qr is not None}
        listed = {(name, cut) for name, cut in listed if name.startswith(("die-", "cube-"))}
        assert listed == {face for here in nets for face in _faces(here)}, sheet
    return placed


def _faces(here: PlacedNet) -> set[tuple[str, Box]]:
    """The ids and cut boxes kit.json gives the faces of the net ``here``."""
    net = here.net
    ox, oy = net.origin(here.x, here.y)
    found = set()
    for name, (column, row), value in net.cells():
        label = value if net.kind == "die" else "ALBRCD".index(name) + 1
        box = Box(ox + column * net.face, oy + row * net.face, net.face, net.face)
        found.add((f"{net.kind}-{net.name}-{label}", box))
    return found


def _apart(a: Rect, b: Rect) -> float:
    """How far apart two boxes are, along whichever axis they are furthest apart on."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


@pytest.mark.parametrize("name", NETS)
def test_no_cut_line_crosses_another_piece(name: str) -> None:
    """Every net's parts (faces, glue tabs, its name) keep 4 mm from every other net's and from
    the cards' crop marks, stay 7 mm inside the paper and under the heading, and on a card sheet
    start 5 mm below the cards' bleed, so one straight cut across the sheet parts cards from nets
    and the cards' cut lines run through no net."""
    _pdf, manifest = twelve_patrols(name)
    width, height = manifest.page_size
    cards = {i.sheet for i in manifest.by_role("card")}
    foot = free_foot(width, height, str(manifest.options["backs"]))
    for sheet, nets in _sheets_of_nets(manifest).items():
        parts = [(here, part) for here in nets for part in here.parts()]
        for (one, a), (other, b) in combinations(parts, 2):
            if one is not other:
                assert _apart(a, b) >= NET_GAP_MM - 1e-6, (sheet, one.net.name, other.net.name)
        for _here, (left, top, right, bottom) in parts:
            assert left >= EDGE_MM - 1e-6 and right <= width - EDGE_MM + 1e-6
            assert bottom <= height - EDGE_MM + 1e-6 and top >= HEADER_MM - 1e-6
        if sheet not in cards:
            continue
        assert foot is not None
        block = [i.cut for i in manifest.items if i.sheet == sheet and i.role == "card"]
        bleed = max(c.y + c.height for c in block) + 3.0
        assert min(part[1] for _here, part in parts) >= bleed + BEHIND_CLEAR_MM - 1e-6
        for mark in foot.marks:
            assert all(_apart(mark, part) >= NET_GAP_MM - 1e-6 for _here, part in parts)


@pytest.mark.slow
@pytest.mark.parametrize("offset", [(0.0, 0.0), (4.0, 4.0), (-4.0, -4.0)])
def test_behind_every_net_on_a_card_sheet_the_back_is_blank(offset: tuple[float, float]) -> None:
    """Letter, duplex backs, at no offset and the largest: behind each net of sheet 5 (every part,
    0.5 mm round it) sheet 6 is blank paper. Behind the free card place beside card 9 it is blank
    too (card 9's own back lies behind card 9): that place keeps no net only because the cards'
    cut lines run through it."""
    pdf, manifest = render_kit(DECK, "letter", duplex_offset=offset)
    document = pdfium.PdfDocument(pdf)
    width = manifest.page_size[0]
    back = grey(document[5], 75)
    nets = _sheets_of_nets(manifest)[5]
    assert {here.net.kind for here in nets} == {"die", "cube"}
    for here in nets:
        for left, top, right, bottom in here.parts():
            hidden = Box(left - 0.5, top - 0.5, right - left + 1.0, bottom - top + 1.0)
            assert ink_in(back, behind(hidden, width)) == 0, here.net.name
    last = max(
        (i for i in manifest.by_role("card") if i.sheet == 5), key=lambda i: i.attrs["number"]
    )
    cut = last.cut
    free = Box(width - cut.x - cut.width, cut.y, cut.width, cut.height)
    if offset == (0.0, 0.0):
        assert ink_in(back, behind(free, width)) == 0
    assert ink_in(back, behind(cut, width)) > 0


@pytest.mark.slow
def test_the_dice_and_cubes_on_the_card_sheet_read_like_the_others() -> None:
    """Every code of sheet 5 of the Letter kit (cards, a die and a cube) reads from the page, and
    reads exactly what kit.json says is there."""
    pdf, manifest = twelve_patrols("letter-duplex-nets")
    faces = [i for i in manifest.items if i.sheet == 5 and i.role in ("die-face", "cube-face")]
    assert len(faces) == 12
    found = sorted(r.text for r in read_codes(grey(pdfium.PdfDocument(pdf)[4])))
    assert found == sorted(manifest.payloads(5))
    assert len(manifest.by_role("die-face")) == 54 and len(manifest.by_role("cube-face")) == 54


# -- the cover says where everything is ------------------------------------------------------------


def _section(text: str, start: str, end: str) -> str:
    text = " ".join(text.split())
    return text[text.index(start) + len(start) : text.index(end, text.index(start))]


def _span(first: int, last: int) -> list[int]:
    return [first] if first == last else [first, last]


def _where_things_are(manifest: Manifest) -> tuple[list[int], list[int]]:
    """From kit.json: the sheet numbers the cover's list gives, in order (the cover, the rules,
    the card sheets, the card sheet that also holds items, the item sheets with their blank
    backs, the blank backs, the solution), and the blank sheets."""
    roles: dict[int, set[str]] = {}
    for item in manifest.items:
        roles.setdefault(item.sheet, set()).add(item.role)
    cards = sorted(s for s, r in roles.items() if r & {"card", "card-back"})
    shared = sorted(s for s, r in roles.items() if "card" in r and r & set(ITEM_ROLES))
    own = sorted(s for s, r in roles.items() if not r & {"card", "card-back"})
    solution = bool(manifest.options["solution"])
    last = manifest.pages - 1 if solution else manifest.pages
    blanks = [p for p in range(own[0], last + 1) if p not in roles]
    numbers = [1, 2, *_span(cards[0], cards[-1]), *shared, *_span(own[0], max(own + blanks))]
    numbers += blanks + ([manifest.pages] if solution else [])
    return numbers, blanks


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", list(TWELVE_PATROLS))
def test_the_cover_names_every_sheet_as_it_is_printed(name: str, language: str) -> None:
    """The cover's list of sheets and its word on double-sided printing give exactly the sheets
    kit.json puts the pieces on, and the blank sheets are those that carry nothing."""
    pdf, manifest = kit(f"twelve-patrols-{name}", language)
    assert manifest is not None
    cover = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    numbers, blanks = _where_things_are(manifest)
    with speaking(language):
        listed = _section(cover, _("In this kit"), _("Making the kit"))
        making = " ".join(cover.split()).split(_("Making the kit"), 1)[1]
    assert [int(n) for n in re.findall(r"\d+", listed)] == numbers
    if "duplex" in name:
        # "Or print sheets 3–6 double-sided ... leaving out the blank sheets 8 and 10", then the
        # cards' "1 mm or more".
        said = [int(n) for n in re.findall(r"\d+", making)]
        assert said[: 3 + len(blanks)] == [3, 6, *blanks, 1]
