"""The phone page in French, in a phone-sized browser (360 x 740) whose language is French: the
page opens in French, its switch turns it English (kept over a reload) and French again, a game
is played with its verdicts said in French, and a verdict said in French stays as it was said
when the page turns English. Every step's screenshot goes to ``output/screenshots/french/``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.language import english_left
from tests.server.photos import Photos

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, expect

from tests.server.browser import CHROMIUM, PHONE, READ_MS, Player
from tests.server.live import serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install)"),
]

NBSP = "\u00a0"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("served")) as (address, _):
        yield address


def test_the_page_follows_a_french_browser_and_its_switch(
    browser: Browser, url: str, rodeurs: Photos
) -> None:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, locale="fr-FR"
    )
    page = context.new_page()
    player = Player(page, "french")
    page.goto(url)
    title = page.locator("main h1")
    expect(title).to_have_text("Lancer une partie")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_test_id("language-fr")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#languages")).to_have_attribute("aria-label", "Langue")
    expect(page).to_have_title("patrolkit — arbitre de table")
    expect(page.locator("main")).to_contain_text("Choisissez le jeu posé sur la table")
    assert english_left(page.locator("body").inner_text()) == []
    player.fits_the_screen()
    player.shot("start-page")

    # the switch: English, kept over a reload, and French again
    page.get_by_test_id("language-en").click()
    expect(title).to_have_text("Start a game")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    expect(title).to_have_text("Start a game")
    expect(page.get_by_test_id("language-en")).to_have_attribute("aria-pressed", "true")
    player.shot("switched-to-english")
    page.get_by_test_id("language-fr").click()
    expect(title).to_have_text("Lancer une partie")
    page.reload()
    expect(title).to_have_text("Lancer une partie")

    # the grand jeu's rules, chosen in French
    page.get_by_test_id("start-grand-jeu").click()
    expect(page.get_by_test_id("rules-form")).to_contain_text("Flèches rouges imprimées")
    player.fits_the_screen()
    player.shot("rules")

    # a Rôdeurs game, its verdicts said in French
    page.locator("#who").fill("Camille")
    page.get_by_test_id("start-rodeurs").click()
    expect(page.get_by_test_id("camera")).to_have_text("Photographiez la table")
    player.send(rodeurs.start, 1)
    player.expect_status("accepted")
    expect(player.latest().get_by_test_id("status")).to_have_text("acceptée")
    player.send(rodeurs.illegal, 2)
    player.expect_status("illegal")
    verdict = player.verdict()
    expect(verdict).to_contain_text(f"Illégal{NBSP}: ")
    french = verdict.inner_text()
    assert english_left(french) == [], french
    expect(page.get_by_test_id("history")).to_contain_text("envoyée par Camille")
    assert english_left(page.locator("main").inner_text()) == []
    player.fits_the_screen()
    player.shot("illegal")

    # turned English: the page's words are English; the verdict stays as it was said
    page.get_by_test_id("language-en").click()
    expect(page.get_by_test_id("camera")).to_have_text("Photograph the table after the turn")
    expect(verdict).to_contain_text("Illegal: ")
    reason = french.split(f"{NBSP}: ", 1)[1]
    expect(verdict).to_contain_text(reason)
    player.shot("kept-as-said")
    page.get_by_test_id("reject").click()
    player.expect_status("rejected")

    # French again: a reading waiting for a correction, said in French
    page.get_by_test_id("language-fr").click()
    expect(page.get_by_test_id("camera")).to_have_text("Photographiez la table après le tour")
    player.send(rodeurs.covered, 3)
    player.expect_status("waiting")
    expect(verdict).to_contain_text(f"Impossible de juger{NBSP}: ", timeout=READ_MS)
    expect(player.latest().get_by_test_id("status")).to_have_text("à corriger")
    expect(player.latest()).to_contain_text("Illisible — touchez un emplacement")
    assert english_left(page.locator("main").inner_text()) == []
    player.fits_the_screen()
    player.shot("waiting")
    context.close()
