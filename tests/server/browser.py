"""The phone page in a real browser: Debian's Chromium driven by Playwright, in a 360 x 740
viewport, with a screenshot of every step written to ``output/screenshots/<game>/``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, ViewportSize, expect

CHROMIUM = Path("/usr/bin/chromium")
PHONE: ViewportSize = {"width": 360, "height": 740}
SHOTS = Path("output") / "screenshots"
READ_MS = 90_000
"""How long a reading may take on a machine shared with other work."""


@dataclass
class Player:
    """One player at the page, writing a screenshot of each step."""

    page: Page
    game: str
    step: int = 0
    shots: list[Path] = field(default_factory=list)

    def shot(self, name: str) -> None:
        folder = SHOTS / self.game
        if self.step == 0 and folder.exists():  # a new run's steps, not mixed with the last's
            for old in folder.glob("*.png"):
                old.unlink()
        self.step += 1
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.step:02d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        self.shots.append(path)

    def latest(self) -> Locator:
        return self.page.get_by_test_id("latest")

    def send(self, photo: Path, seq: int) -> Locator:
        """Photograph the table (the file input), see "reading…", then the reading ``seq``."""
        self.page.get_by_test_id("photo").set_input_files(str(photo))
        latest = self.page.locator(f"[data-testid=latest]:has-text('Photo {seq}')")
        expect(latest).to_be_visible(timeout=READ_MS)
        expect(self.page.get_by_test_id("reading")).to_have_count(0)
        return latest

    def expect_status(self, status: str) -> None:
        expect(self.latest()).to_have_attribute("data-status", status, timeout=READ_MS)

    def verdict(self) -> Locator:
        return self.latest().get_by_test_id("verdict")

    def fits_the_screen(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        widest = self.page.evaluate(
            "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
            " > innerWidth).map(e => e.tagName + '.' + e.className).slice(0, 5).join(', ')"
        )
        assert width <= PHONE["width"], f"the page is {width} px wide on a phone: {widest}"

    def history_statuses(self) -> list[str]:
        items = self.page.get_by_test_id("history").locator("> li")
        return [str(items.nth(i).get_attribute("data-status")) for i in range(items.count())]


def words(text: str) -> re.Pattern[str]:
    return re.compile(re.escape(text))
