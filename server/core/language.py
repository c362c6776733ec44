"""The language each request is answered in, and the page's own words in each language.

The page chooses its language (the browser's, or the one its switch keeps) and sends it with
every request, as ``Accept-Language`` (or ``?lang=`` on a link the browser follows by itself: an
export to download). :class:`Speaking` answers the whole request in it, with
:func:`patrolkit.i18n.speaking`: every verdict said and every refusal. A request that names no
language patrolkit speaks is answered in English.

The page's own words are the ``server`` catalog's: :func:`page_messages` gives the compiled
catalog of a language as plain data the page translates with.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from typing import Any, Final
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from patrolkit.i18n import LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR, language_from_header, speaking

DOMAIN: Final = "server"
"""The catalog domain of the server and its page."""
_PLURAL: Final = re.compile(r"[n0-9\s()?:|&%=!<>+\-*/]+")
"""What a catalog's plural expression may hold: ``n``, numbers, C's operators."""


def request_language(scope: Scope) -> str:
    """The language ``scope``'s request asks for: its ``lang`` query parameter when that names
    a language patrolkit speaks, else its ``Accept-Language`` header's first such language,
    else English."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    for name in query.get("lang", []):
        if name in LANGUAGES:
            return name
    headers = dict(scope.get("headers") or [])
    header = headers.get(b"accept-language", b"").decode("latin-1")
    return language_from_header(header)


class Speaking:
    """Answer each HTTP request in the language it asks for (:func:`request_language`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with speaking(request_language(scope)):
            await self.app(scope, receive, send)


def languages() -> list[dict[str, str]]:
    """The languages the page offers, each with its name in itself, English first."""
    return [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]


@cache
def page_messages(name: str) -> dict[str, Any]:
    """The ``server`` catalog in language ``name`` as the page reads it: ``messages`` maps
    each English text (``context\\u0004text`` for one said with a context) to its translation,
    a list of forms for one that counts; ``plural`` is the expression choosing a form for a
    count ``n`` (C syntax, which is JavaScript's too). English has no catalog: its messages
    are empty and the page says its own English."""
    catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[name], fallback=True)
    if name == "en" or not isinstance(catalog, gettext.GNUTranslations):
        return {"language": name, "plural": "n != 1", "messages": {}}
    held: dict[object, str] = getattr(catalog, "_catalog", {})
    messages: dict[str, Any] = {}
    for key, text in held.items():
        if isinstance(key, tuple):
            singular, form = key
            forms = messages.setdefault(singular, [])
            forms.extend([""] * (form + 1 - len(forms)))
            forms[form] = text
        elif isinstance(key, str) and key:
            messages[key] = text
    return {"language": name, "plural": _plural_expression(catalog), "messages": messages}


def _plural_expression(catalog: gettext.GNUTranslations) -> str:
    """The catalog's plural expression (``Plural-Forms: …; plural=EXPR;``), checked to be
    nothing but arithmetic on ``n``."""
    header = catalog.info().get("plural-forms", "")
    found = re.search(r"plural=(.*?);?\s*$", header)
    expression = found.group(1).strip() if found else "n != 1"
    return expression if _PLURAL.fullmatch(expression) else "n != 1"
