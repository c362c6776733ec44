"""Stratego played from two phone-sized browsers (360 x 740), red's and blue's: the game started
with a link for each army; each player joins on their own phone with their own secret (red
types its slip's code after a wrong one is refused, blue picks its secret file); a move refused
for red's bomb, told in full to red and only as a hidden rank to blue; an attack both players
see with its two ranks; undo; the history intact after a reload. Every step's screenshot goes
to ``output/screenshots/stratego/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.test_api_stratego import BOMB_MOVED, SCOUT_LOST, SMALL, Table, stratego_table

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, Page, expect

from tests.server.browser import CHROMIUM, PHONE, READ_MS, Player
from tests.server.live import serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (apt-get install)"),
]

BOMB = "Illegal: The bomb on b1 moved: bombs and the flag never move."
HIDDEN = "Illegal: The rules refuse this move for the rank of a red piece"
ATTACK = "Red played e4xe7: the scout attacked the sergeant and lost."


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("served")) as (address, _):
        yield address


class Phones:
    """Both players' phones, their screenshots numbered in one sequence."""

    def __init__(self, red: Page, blue: Page) -> None:
        self.red = Player(red, "stratego")
        self.blue = Player(blue, "stratego")

    def shot(self, player: Player, name: str) -> None:
        other = self.blue if player is self.red else self.red
        player.step = max(player.step, other.step)
        player.shot(name)
        other.step = player.step


def test_stratego_played_on_two_phones(browser: Browser, url: str, tmp_path: Path) -> None:
    table: Table = stratego_table()
    red_phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    blue_phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    phones = Phones(red_phone.new_page(), blue_phone.new_page())
    red, blue = phones.red, phones.blue

    # red starts the game: a link for each army
    red.page.goto(url)
    red.page.get_by_test_id("start-stratego").click()
    # the rules the players agreed: a limit of 5 for the two-square rule, the chase rule kept
    two_square = red.page.get_by_test_id("rule-two-square")
    expect(two_square).to_have_value("3")
    expect(red.page.get_by_test_id("rule-chase")).to_be_checked()
    two_square.select_option("5")
    red.fits_the_screen()
    phones.shot(red, "rules")
    red.page.get_by_test_id("start-with-rules").click()
    links = red.page.get_by_test_id("links")
    expect(links.locator("li")).to_have_count(2)
    red.fits_the_screen()
    phones.shot(red, "links")
    blue_link = str(red.page.get_by_test_id("open-blue").get_attribute("href"))
    red.page.get_by_test_id("open-red").click()

    # red types blue's code by mistake: refused; then its own
    expect(red.page.get_by_test_id("side")).to_have_text("you are red")
    expect(red.page.get_by_test_id("rules")).to_have_text("Rules: two-square=5 chase=on")
    red.page.get_by_test_id("secret").fill(table.blue.code)
    red.page.get_by_test_id("join-button").click()
    expect(red.page.get_by_test_id("error")).to_contain_text("this link is red's")
    phones.shot(red, "wrong-secret")
    red.page.get_by_test_id("secret").fill(table.red.code)
    red.page.get_by_test_id("join-button").click()
    expect(red.page.get_by_test_id("photo")).to_be_disabled()
    expect(red.page.locator("main")).to_contain_text("once blue has given their army's secret")
    red.fits_the_screen()
    phones.shot(red, "waiting-for-blue")

    # blue opens its own link on its own phone and picks its secret file
    blue.page.goto(url + "/" + blue_link)
    expect(blue.page.get_by_test_id("side")).to_have_text("you are blue")
    secret_file = tmp_path / "blue.secret"
    secret_file.write_text(table.blue.text, encoding="utf-8")
    phones.shot(blue, "blue-joins")
    blue.page.get_by_test_id("secret-file").set_input_files(str(secret_file))
    expect(blue.page.get_by_test_id("photo")).to_be_enabled(timeout=READ_MS)
    phones.shot(blue, "blue-joined")

    # red photographs the table
    red.page.reload()
    red.send(table.photos[SMALL], 1)
    red.expect_status("accepted")
    expect(red.latest().get_by_test_id("picture")).to_be_visible()
    red.fits_the_screen()
    phones.shot(red, "first-photo")

    # red moved its bomb; blue sends the photo: blue is told only that a hidden rank is at fault
    blue.page.reload()
    blue.send(table.photos[BOMB_MOVED], 2)
    blue.expect_status("illegal")
    expect(blue.verdict()).to_contain_text(HIDDEN)
    assert "bomb" not in blue.page.content().lower()
    blue.fits_the_screen()
    phones.shot(blue, "refused-as-blue-sees-it")
    red.page.reload()
    red.expect_status("illegal")
    expect(red.verdict()).to_have_text(BOMB)
    expect(red.latest().get_by_test_id("photo-hidden")).to_be_visible()
    phones.shot(red, "refused-as-red-sees-it")
    red.latest().get_by_test_id("reject").click()
    red.expect_status("rejected")

    # red's scout attacks blue's sergeant: both see the two ranks and the outcome
    red.send(table.photos[SCOUT_LOST], 3)
    red.expect_status("accepted")
    expect(red.verdict()).to_have_text("Legal turn: e4xe7")
    expect(red.latest().get_by_test_id("description")).to_have_text(ATTACK)
    phones.shot(red, "attack")
    blue.page.reload()
    expect(blue.latest().get_by_test_id("description")).to_have_text(ATTACK)
    expect(blue.page.get_by_test_id("score")).to_contain_text("Blue to move.")
    assert "bomb" not in blue.page.content().lower()
    blue.fits_the_screen()
    phones.shot(blue, "attack-as-blue-sees-it")

    # blue undoes the attack; the history is intact after a reload on both phones
    blue.page.get_by_test_id("undo").click()
    blue.expect_status("undone")
    phones.shot(blue, "undone")
    for player in (red, blue):
        player.page.reload()
        expect(player.page.get_by_test_id("history")).to_be_visible()
        assert player.history_statuses() == ["undone", "rejected", "accepted"]
    phones.shot(red, "reloaded")

    # the start page lists the game, without a link into it
    red.page.goto(url)
    expect(red.page.get_by_test_id("games")).to_contain_text("each player's own link")
    phones.shot(red, "games-listed")
    red_phone.close()
    blue_phone.close()
