"""What the 12 Patrols kit tells a player at home reads clearly: the cover's deck name stands
clear of its id, the rules say how far apart to lay the cards and that the solution's roll may be
set, and no net's name is printed on a glue tab or a face."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from generator.page import PAPERS, Sheet
from generator.twelve_patrols.cover import draw_cover
from generator.twelve_patrols.nets import label_box, nets, tab_boxes
from generator.twelve_patrols.rules_sheet import draw_rules
from patrolkit.games import twelve_patrols
from patrolkit.sizes import TwelvePatrols
from tests.generator.print_kits import twelve_patrols as printed
from tests.kit_helpers import read_codes

Rect = tuple[float, float, float, float]


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _one_page(draw: object, paper: str = "a4") -> pdfium.PdfPage:
    out = io.BytesIO()
    sheet = Sheet(out, PAPERS[paper], title="", subject="")
    draw(sheet)  # type: ignore[operator]
    sheet.save()
    return pdfium.PdfDocument(out.getvalue())[0]


def _line_box(page: pdfium.PdfPage, text: str) -> Rect:
    """The box (PDF points) round the characters of ``text`` found on ``page``."""
    textpage = page.get_textpage()
    found = textpage.search(text).get_next()
    assert found is not None, text
    index, count = found
    boxes = [textpage.get_charbox(i) for i in range(index, index + count)]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_cover_prints_the_deck_name_clear_of_its_id(difficulty: str, paper: str) -> None:
    deck = twelve_patrols.shipped_decks()[difficulty].deck
    page = _one_page(
        lambda s: draw_cover(s, deck, ["<b>Sheet 1</b> — this cover."], "duplex", False), paper
    )
    name = _line_box(page, f"This deck: {deck.name}")
    code = _line_box(page, f"deck id {deck.id}")
    assert not _overlap(name, code)
    assert name[2] <= page.get_size()[0] - 6 / 25.4 * 72


def _rules_text(solution: bool) -> str:
    page = _one_page(lambda s: draw_rules(s, "This kit's deck is <b>Sample</b>.", solution))
    return " ".join(page.get_textpage().get_text_range().split())


def test_the_rules_say_how_far_apart_to_lay_the_cards() -> None:
    text = _rules_text(False)
    die = f"{TwelvePatrols.DIE_FACE_MM / 10:g} cm"
    cube = f"{TwelvePatrols.CUBE_FACE_MM / 10:g} cm"
    assert "Lay neighbouring cards about 4 cm apart" in text
    assert f"a die is {die} across and a cube {cube}" in text
    assert "a patrol of 3 items fits in a line" in text


def test_stuck_players_are_told_they_may_set_the_dice_to_the_solutions_roll() -> None:
    assert "you may set your dice to that roll" in _rules_text(True)
    assert "Stuck?" not in _rules_text(False)
    pdf, manifest = printed("a4-duplex-nets-solution")
    last = pdfium.PdfDocument(pdf)[manifest.pages - 1].get_textpage().get_text_range()
    assert "you may set your dice to that roll first" in last


def test_no_net_prints_its_name_on_a_glue_tab_or_a_face() -> None:
    """Whichever way a net is turned on its sheet."""
    for net in (n.turned(turn) for n in nets() for turn in range(4)):
        label = label_box(net)
        for tab in tab_boxes(net):
            assert not _overlap(label, tab), f"{net.name} {net.kind} {net.turn}: name on a tab"
        for _, (column, row), _ in net.cells():
            face = (
                column * net.face,
                row * net.face,
                (column + 1) * net.face,
                (row + 1) * net.face,
            )
            assert not _overlap(label, face), f"{net.name} {net.kind} {net.turn}: name on a face"


@pytest.mark.slow
def test_the_last_flat_tokens_fill_the_foot_of_the_last_card_sheet() -> None:
    """On A4 with duplex backs the tokens that once took a sheet of their own share the last
    card sheet, below its cards, and read there like the others."""
    pdf, manifest = printed("a4-duplex-flat-solution")
    tokens = [*manifest.by_role("die-token"), *manifest.by_role("cube-token")]
    assert len(tokens) == 63
    shared = {t.sheet for t in tokens} - {7}
    assert shared == {5}
    cards = [c for c in manifest.by_role("card") if c.sheet == 5]
    below = max(c.cut.y + c.cut.height for c in cards)
    assert all(t.cut.y > below for t in tokens if t.sheet == 5)
    page = pdfium.PdfDocument(pdf)[4]
    image = page.render(scale=300 / 72, grayscale=True).to_numpy()
    found = sorted(r.text for r in read_codes(image if image.ndim == 2 else image[:, :, 0]))
    assert found == sorted(manifest.payloads(5))
    assert manifest.pages == 9  # cover, rules, 4 card sheets, tokens, blank back, solution
