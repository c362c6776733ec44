"""The web companion under test: an app on a fresh data folder, and each game's photos."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from fastapi.testclient import TestClient

from server.core.config import Settings
from server.main import create_app
from server.storage.db import MIGRATIONS
from tests import shared
from tests.server.photos import Photos, patrolis_photos, rodeurs_photos, twelve_patrols_photos

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def client_for(settings: Settings) -> TestClient:
    return TestClient(create_app(settings), raise_server_exceptions=False)


@contextlib.contextmanager
def database_of_schema(data: Path, version: int) -> Iterator[sqlite3.Connection]:
    """A database in the new folder ``data`` as schema ``version`` left it (its first
    ``version`` migrations run), open for a test to fill; committed and closed after."""
    data.mkdir()
    with contextlib.closing(sqlite3.connect(data / "patrolkit.sqlite3")) as db:
        for step in MIGRATIONS[:version]:
            db.executescript(step)
        db.execute(f"PRAGMA user_version = {version}")
        yield db
        db.commit()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def client(data: Path) -> Iterator[TestClient]:
    with client_for(Settings(data=data, workers=1)) as client:
        yield client


@pytest.fixture(scope="session")
def rodeurs() -> Photos:
    with shared.folder("rodeurs-photos") as folder:
        return rodeurs_photos(folder)


@pytest.fixture(scope="session")
def patrolis() -> Photos:
    with shared.folder("patrolis-photos") as folder:
        return patrolis_photos(folder)


@pytest.fixture(scope="session")
def twelve_patrols() -> Photos:
    with shared.folder("twelve-patrols-photos") as folder:
        return twelve_patrols_photos(folder)


def stored(data: Path) -> list[Path]:
    """Every photo file kept in ``data``."""
    folder = data / "photos"
    return sorted(folder.iterdir()) if folder.exists() else []


def send(client: TestClient, token: str, photo: Path | bytes, by: str = "Ann") -> httpx.Response:
    content = photo.read_bytes() if isinstance(photo, Path) else photo
    return client.post(
        f"/api/games/{token}/photos",
        files={"photo": ("table.jpg", content, "image/jpeg")},
        data={"by": by},
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium (:data:`tests.server.browser.CHROMIUM`), once per test file."""
    from playwright.sync_api import sync_playwright

    from tests.server.browser import CHROMIUM

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()
