"""The languages patrolkit speaks, and the one way its code says a text to a player.

Every text a player reads — a rules sheet, a kit's cover, a label on a piece, a verdict, an
error — is written in English in the code, wrapped in :func:`_` (or :func:`ngettext` when it
counts something, :func:`pgettext` when the same English needs two translations), and
translated from gettext catalogs at the moment it is said, in the language in force:

>>> with speaking("fr"):
...     text = _("Player")

The catalogs live in ``patrolkit/locale/<language>/LC_MESSAGES/<domain>.po`` (compiled beside
them as ``.mo``), one domain per game and one for what every game shares, so each game's words
stay with the game (:data:`DOMAINS` says which folders each domain's strings come from).
``tools/catalogs.py`` extracts, updates and compiles them with Babel.

A text fixed at import time (a table of names, a constant message) is marked with :func:`N_`
and translated where it is used: ``_(PAWN_NAMES[colour])``.

English is the source language: it needs no catalog. Placeholders are named and filled after
translation (``_("{count} cells").format(count=n)``), so a translation may move them.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from patrolkit.errors import KitError

LANGUAGES: Final = ("en", "fr")
"""The languages patrolkit speaks, English (its source language) first."""

LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français"}
"""Each language's name in itself, for a language switch."""

LOCALE_DIR: Final = Path(__file__).parent / "locale"

DOMAINS: Final[Mapping[str, tuple[str, ...]]] = {
    "common": ("patrolkit", "generator", "companion", "templates"),
    "rodeurs": (
        "patrolkit/games/rodeurs",
        "generator/rodeurs",
        "companion/rodeurs",
        "companion/camera/rodeurs",
    ),
    "twelve_patrols": (
        "patrolkit/games/twelve_patrols",
        "generator/twelve_patrols",
        "companion/twelve_patrols",
        "companion/camera/twelve_patrols",
    ),
    "patrolis": (
        "patrolkit/games/patrolis",
        "generator/patrolis",
        "companion/patrolis",
        "companion/camera/patrolis",
    ),
    "grand_jeu": (
        "patrolkit/games/grand_jeu",
        "generator/grand_jeu",
        "companion/grand_jeu",
        "companion/camera/grand_jeu",
    ),
    "stratego": (
        "patrolkit/games/stratego",
        "generator/stratego",
        "companion/stratego",
        "companion/camera/stratego",
    ),
    "server": ("server",),
}
"""Each catalog domain and the folders (from the project's root) whose strings it holds. A
folder owned by a more specific domain is left out of a shorter one: ``common`` holds what is
in ``generator/`` but not in ``generator/rodeurs/``."""

_language: ContextVar[str] = ContextVar("patrolkit_language", default="en")


def language() -> str:
    """The language in force: ``"en"`` unless :func:`speaking` or :func:`use_language` chose."""
    return _language.get()


def checked_language(name: str) -> str:
    """``name`` as one of :data:`LANGUAGES` (``"fr_FR"`` and ``"FR"`` are ``"fr"``); raise
    :class:`KitError` naming the languages patrolkit speaks if it is none of them."""
    short = name.strip().replace("-", "_").split("_")[0].lower()
    if short not in LANGUAGES:
        raise KitError(
            _("Unknown language '{name}': patrolkit speaks {languages}.").format(
                name=name, languages=", ".join(LANGUAGES)
            )
        )
    return short


def use_language(name: str) -> None:
    """Speak ``name`` from now on in this context (a command's whole run)."""
    _language.set(checked_language(name))


@contextmanager
def speaking(name: str) -> Iterator[None]:
    """Speak ``name`` inside the ``with`` block, and the language before it after."""
    token = _language.set(checked_language(name))
    try:
        yield
    finally:
        _language.reset(token)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment's locale asks for, as gettext reads it (``LANGUAGE``,
    then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``): the first one patrolkit speaks, else English."""
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            short = name.split(".")[0].split("@")[0].split("_")[0].lower()
            if short in LANGUAGES:
                return short
        if variable != "LANGUAGE":
            break  # the first locale variable set decides, as in gettext
    return "en"


def language_from_header(accept_language: str | None) -> str:
    """The language a browser's ``Accept-Language`` header prefers among those patrolkit
    speaks (``"fr-CH,fr;q=0.9,en;q=0.8"`` is ``"fr"``), English when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept_language or "").split(",")):
        name, _sep, quality = part.strip().partition(";q=")
        short = name.strip().split("-")[0].lower()
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if short in LANGUAGES and weight > 0:
            ranked.append((-weight, order, short))
    return min(ranked)[2] if ranked else "en"


@cache
def _catalog(name: str) -> gettext.NullTranslations:
    """Every domain's compiled catalog for ``name``, chained into one (English: none)."""
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if name == "en":
        return catalog
    for domain in DOMAINS:
        catalog.add_fallback(
            gettext.translation(domain, LOCALE_DIR, languages=[name], fallback=True)
        )
    return catalog


def _(message: str) -> str:
    """``message`` in the language in force."""
    return _catalog(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural``, as ``count`` asks in the language in force (French says
    "1 case", "0 case", "2 cases"); the caller fills ``{count}`` in."""
    return _catalog(_language.get()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in force, where ``context`` tells apart two meanings the
    same English word has ("Black" the player, "black" the cell)."""
    return _catalog(_language.get()).pgettext(context, message)


def N_(message: str) -> str:
    """``message`` itself, marked for the catalogs: translate it where it is used."""
    return message
