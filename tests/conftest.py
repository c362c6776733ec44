"""Every test speaks English unless it asks for another language: the machine's locale
(``LANG=fr_FR.UTF-8`` on a French desktop) never changes what a test reads."""

from __future__ import annotations

import pytest

from patrolkit.i18n import use_language


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    use_language("en")
