"""``/api/languages`` and ``/api/messages/{lang}``: the languages the page speaks, and its own
words in one of them (the ``server`` catalog, compiled)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from patrolkit.i18n import checked_language
from server.core.language import languages, page_messages

router = APIRouter(tags=["languages"])
FRESH = {"Cache-Control": "no-cache"}
"""Asked again on each load: a new version of patrolkit may say things otherwise."""


@router.get("/languages")
def list_languages() -> list[dict[str, str]]:
    """Each language the page speaks (``code``, ``name`` in itself), English first."""
    return languages()


@router.get("/messages/{lang}")
def messages(lang: str) -> JSONResponse:
    """The page's words in ``lang``: ``messages`` (each English text and its translation),
    ``plural`` (the expression choosing a counted text's form); :class:`KitError` for a
    language patrolkit does not speak."""
    body: dict[str, Any] = page_messages(checked_language(lang))
    return JSONResponse(body, headers=FRESH)
