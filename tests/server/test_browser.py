"""Each game played from a phone-sized browser (360 x 740): start it, photograph the table, see
the verdict; the next photo judged; an illegal turn (or a failing kingdom) and why; a piece the
reader cannot read, corrected by tapping its place; undo; the history intact after a reload; the
game listed on the start page. Every step's screenshot goes to ``output/screenshots/<game>/``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.server.photos import Photos, twelve_patrols_card_photo
from tests.server.test_api_grand_jeu import ILLEGAL as grand_jeu_illegal
from tests.server.test_api_grand_jeu import grand_jeu_photos, prison_glare_photo

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, expect

from tests.server.browser import CHROMIUM, PHONE, READ_MS, Player, words
from tests.server.live import serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install)"),
]


@dataclass(frozen=True)
class Expected:
    """What the page says of a game's photos."""

    title: str
    legal: str
    illegal_status: str
    illegal: str
    tally: str


EXPECTED = {
    "rodeurs": Expected(
        "Rôdeurs",
        "Legal turn: {turn}",
        "illegal",
        "Illegal: A red pawn appeared on d4: a turn removes pawns, it never adds one.",
        "Turns",
    ),
    "patrolis": Expected(
        "Patrolis", "Legal turn: {turn}", "illegal", "Illegal: Steps were taken off", "Turns"
    ),
    "twelve-patrols": Expected(
        "12 Patrols",
        "The kingdom is complete: a win",
        "accepted",
        "The kingdom fails: ",
        "Attempts",
    ),
    "grand-jeu": Expected(
        "Le grand jeu des patrouilles",
        "Legal turn: {turn}",
        "illegal",
        f"Illegal: {grand_jeu_illegal}",
        "Turns",
    ),
}


GRAND_JEU_DEFAULTS = "arrows=017 win=3 fewest=2 bonus=4 culs-de-pat=off"


@pytest.fixture(scope="module")
def grand_jeu() -> Photos:
    return grand_jeu_photos()


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("served")) as (address, _):
        yield address


@pytest.mark.parametrize("game", list(EXPECTED))
def test_a_game_played_on_a_phone(
    browser: Browser, url: str, game: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    photos: Photos = request.getfixturevalue(game.replace("-", "_"))
    expected = EXPECTED[game]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    player = Player(page, game)
    page.goto(url)
    page.locator("#who").fill("Tester")
    player.shot("start-page")

    page.get_by_test_id(f"start-{game}").click()
    if game == "grand-jeu":  # its players fix its options first: here the defaults, kept
        for digit in "01234567":  # a checkbox per red arrow: ahead, ahead right, ahead left
            arrow = page.get_by_test_id(f"rule-arrows-{digit}")
            expect(arrow).to_be_checked(checked=digit in "017")
        for option, default in (("win", "3"), ("fewest", "2"), ("bonus", "4")):
            expect(page.get_by_test_id(f"rule-{option}")).to_have_value(default)
        expect(page.get_by_test_id("rule-culs-de-pat")).not_to_be_checked()
        player.fits_the_screen()
        player.shot("rules")
        page.get_by_test_id("start-with-rules").click()
        expect(page.get_by_test_id("rules")).to_have_text(f"Rules: {GRAND_JEU_DEFAULTS}")
    photo_input = page.get_by_test_id("photo")
    expect(photo_input).to_have_attribute("accept", "image/*")
    expect(photo_input).to_have_attribute("capture", "environment")
    player.fits_the_screen()
    player.shot("new-game")

    # a file that is no photo: refused on the page in one line, nothing kept
    letter = tmp_path / "letter.jpg"
    letter.write_bytes(b"Dear players, this is a letter, not a photo.")
    photo_input.set_input_files(str(letter))
    expect(page.get_by_test_id("error")).to_have_text(
        "This file is not a photo the companion reads (JPEG, PNG, WebP or HEIC).", timeout=READ_MS
    )
    expect(page.get_by_test_id("latest")).to_have_count(0)
    player.shot("refused")

    # the first photo: "reading…", then the verdict and the annotated picture
    photo_input.set_input_files(str(photos.start))
    expect(page.get_by_test_id("reading")).to_contain_text("reading…")
    player.shot("reading")
    expect(page.locator("[data-testid=latest]:has-text('Photo 1')")).to_be_visible(timeout=READ_MS)
    player.expect_status("accepted")
    expect(player.latest().get_by_test_id("picture")).to_be_visible()
    player.fits_the_screen()
    player.shot("first-photo")

    # Rôdeurs has a computer player: its hint for the position, with arrows on the picture
    if game == "rodeurs":
        player.latest().get_by_test_id("hint-white").click()
        expect(page.get_by_test_id("hint-line")).to_contain_text(
            "Hint for White (level", timeout=READ_MS
        )
        expect(page.get_by_test_id("hint-picture")).to_be_visible()
        player.fits_the_screen()
        player.shot("hint")
    else:
        expect(page.get_by_test_id("hint")).to_have_count(0)

    # the next photo: a legal turn (12 Patrols: the whole kingdom, won)
    player.send(photos.legal, 2)
    player.expect_status("accepted")
    expect(player.verdict()).to_have_text(words(expected.legal.format(turn=photos.legal_turn)))
    if game == "grand-jeu":  # who played, the foulards spent, and the bonus turn earned
        expect(player.latest().get_by_test_id("description")).to_have_text(
            f"North played {photos.legal_turn} (4 foulards). It captured, so it may play a"
            " bonus turn."
        )
    player.shot("next-photo")

    # an illegal turn (12 Patrols: a kingdom that fails), and why
    player.send(photos.illegal, 3)
    player.expect_status(expected.illegal_status)
    expect(player.verdict()).to_contain_text(expected.illegal)
    player.fits_the_screen()
    player.shot("illegal")
    if expected.illegal_status == "illegal":
        player.latest().get_by_test_id("reject").click()
        player.expect_status("rejected")

    # a piece under a sticker: its place is shown; tap it and pick what is there
    player.send(photos.covered, 4)
    player.expect_status("waiting")
    place = player.latest().locator(f"[data-place='{photos.place}']")
    expect(place).to_be_visible()
    player.shot("unreadable")
    place.click()
    choices = page.get_by_test_id("choices")
    expect(choices).to_be_visible()
    player.fits_the_screen()
    player.shot("choices")
    choices.locator(f"[data-value='{photos.value}']").click()
    player.expect_status("accepted")
    expect(page.get_by_test_id("correction")).to_have_text(
        words(f"corrected: {photos.place} = {photos.value}, by Tester")
    )
    player.shot("corrected")

    # undo the last accepted photo
    page.get_by_test_id("undo").click()
    player.expect_status("undone")
    player.shot("undone")
    statuses = player.history_statuses()
    assert statuses[0] == "undone" and statuses[-2:] == ["accepted", "accepted"]
    assert len(statuses) == 4

    # the history survives a reload, the correction with it
    page.reload()
    expect(page.get_by_test_id("history")).to_be_visible()
    assert player.history_statuses() == statuses
    expect(page.get_by_test_id("correction")).to_contain_text(f"{photos.place} = {photos.value}")
    expect(page.get_by_test_id("score")).to_contain_text(expected.tally)
    player.shot("reloaded")

    # the same game on a desktop screen
    desktop = browser.new_page(viewport={"width": 1280, "height": 900})
    desktop.goto(page.url)
    expect(desktop.get_by_test_id("history")).to_be_visible()
    Player(desktop, game, step=player.step).shot("desktop")
    desktop.close()
    player.step += 1

    page.goto(url)
    expect(page.get_by_test_id("games")).to_contain_text(expected.title)
    player.shot("games-listed")
    context.close()


def test_a_12_patrols_card_picked_on_a_phone(
    browser: Browser, url: str, twelve_patrols: Photos
) -> None:
    """A card whose code is under a sticker: tap its place, pick the card (the deck's one the
    photo shows nowhere), then the items beside it, each offered first in its slot; the kingdom
    is judged won and the history shows every pick, by whom."""
    card = twelve_patrols_card_photo(twelve_patrols.start.parent)
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    player = Player(page, "twelve-patrols-card")
    page.goto(url)
    page.locator("#who").fill("Tester")
    page.get_by_test_id("start-twelve-patrols").click()
    player.send(card.photo, 1)
    player.expect_status("waiting")
    expect(page.locator("main")).not_to_contain_text("null")
    player.shot("card-unreadable")

    player.latest().locator(f"[data-place='{card.place}']").click()
    choices = page.get_by_test_id("choices")
    expect(choices.locator("button")).to_have_count(2)
    player.fits_the_screen()
    player.shot("card-choices")
    choices.locator(f"[data-value='{card.card}']").click()
    expect(page.get_by_test_id("correction")).to_have_count(1, timeout=READ_MS)
    player.expect_status("waiting")
    player.shot("card-picked")

    slots = player.latest().get_by_test_id("unreadable").locator("button")
    total = slots.count()
    assert total >= 1
    for done in range(1, total + 1):
        slots.first.click()
        choices.locator("button").nth(1).click()  # the item seen there, offered first
        expect(page.get_by_test_id("correction")).to_have_count(1 + done, timeout=READ_MS)
        player.shot(f"item-picked-{done}")
    player.expect_status("accepted")
    expect(player.verdict()).to_have_text(words("The kingdom is complete: a win"))
    fixes = page.get_by_test_id("correction")
    expect(fixes.first).to_have_text(words(f"corrected: {card.place} = {card.card}, by Tester"))
    page.reload()
    expect(page.get_by_test_id("correction").first).to_contain_text(card.card)
    player.fits_the_screen()
    player.shot("card-history")
    context.close()


def test_a_grand_jeu_prison_slot_corrected_on_a_phone(browser: Browser, url: str) -> None:
    """A prisoner's code under a glare spot: the prison is listed with what could not be read
    there; tap it, pick the prisoner (the one scout of that patrol the photo shows nowhere);
    the position is read whole and the history keeps the correction, by whom."""
    glare = prison_glare_photo()
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    player = Player(page, "grand-jeu-prison")
    page.goto(url)
    page.locator("#who").fill("Tester")
    page.get_by_test_id("start-grand-jeu").click()
    page.get_by_test_id("start-with-rules").click()
    player.send(glare.photo, 1)
    player.expect_status("waiting")
    prison = player.latest().locator(f'[data-place="{glare.place}"]')
    expect(prison).to_have_attribute("title", words(f"Glare hides a slot of {glare.place}"))
    player.shot("prison-unreadable")
    prison.click()
    choices = page.get_by_test_id("choices")
    expect(choices.locator("button")).to_have_count(2)
    expect(player.latest()).to_contain_text(f"{glare.place}: Glare hides a slot of")
    player.fits_the_screen()
    player.shot("prison-choices")
    choices.locator(f'[data-value="{glare.value}"]').click()
    player.expect_status("accepted")
    expect(page.get_by_test_id("correction")).to_have_text(
        words(f"corrected: {glare.place} = {glare.value}, by Tester")
    )
    page.reload()
    expect(page.get_by_test_id("correction")).to_contain_text(glare.value)
    player.fits_the_screen()
    player.shot("prison-corrected")
    context.close()
