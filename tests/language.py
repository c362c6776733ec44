"""What a text in another language must not hold: English words left untranslated.

The English words are those of the catalogs' English strings (every text the project says)
that no French translation uses; proper names and the project's codes are neither.
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from patrolkit.i18n import DOMAINS, LOCALE_DIR

_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]{3,}")

NAMES = frozenset(
    {"patrolkit", "rôdeurs", "patrolis", "stratego", "grand", "jeu", "des", "patrouilles"}
    | {"json", "pdf", "png", "jpeg", "webp", "heic", "zxing"}
)
"""Words both languages write the same way: game and file-format names."""


def words(text: str) -> set[str]:
    """The words of ``text`` (three letters or more), lower-cased."""
    return {word.lower() for word in _WORD.findall(text)}


@cache
def english_only(language: str = "fr") -> frozenset[str]:
    """Words the English strings of every catalog use and no translation into ``language``
    does."""
    english: set[str] = set()
    french: set[str] = set()
    for domain in DOMAINS:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
        if not path.exists():
            continue
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in ids:
                english |= words(re.sub(r"<[^>]+>|\{[^}]*\}|&\w+;", " ", text))
            for text in strings:
                french |= words(text or "")
    return frozenset(english - french - NAMES)


def english_left(text: str, language: str = "fr") -> list[str]:
    """The English words in ``text``, a text that should be in ``language``, sorted."""
    leaks = english_only(language)
    return sorted({word for word in words(text) if word in leaks})
