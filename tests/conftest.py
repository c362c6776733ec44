"""Every test speaks English unless it asks for another language: the machine's locale
(``LANG=fr_FR.UTF-8`` on a French desktop) never changes what a test reads. Kits and photos
several test files need are made once for all workers (:mod:`tests.shared`)."""

from __future__ import annotations

import pytest

from patrolkit.i18n import use_language
from tests import shared


@pytest.fixture(scope="session", autouse=True)
def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    shared.start(tmp_path_factory)


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    use_language("en")
