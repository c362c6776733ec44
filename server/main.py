"""The web companion's app: the API routers, the static page, and one error handler that answers
each patrolkit error with its status and its one sentence, in the language the request asks for
(:class:`server.core.language.Speaking`)."""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from pathlib import Path
from string import Template
from typing import Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from patrolkit import __version__
from patrolkit.errors import PatrolkitError
from patrolkit.i18n import _, language
from server.api.main import api_router
from server.core.config import Settings
from server.core.errors import status_of
from server.core.language import Speaking
from server.referee.flow import Flow
from server.referee.pool import Referee
from server.storage.store import Store

STATIC: Final = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings``: the database is opened (and migrated) and the reading pool
    started when the app starts, both closed when it stops."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings)
        referee = Referee(settings.pool_size)
        referee.warm_up()
        app.state.settings = settings
        app.state.flow = Flow(settings, store, referee)
        try:
            yield
        finally:
            referee.close()
            store.close()

    app = FastAPI(title="patrolkit", version=__version__, lifespan=lifespan)
    app.add_middleware(Speaking)
    app.include_router(api_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> HTMLResponse:
        return HTMLResponse(index_page(), headers={"Cache-Control": "no-cache"})

    @app.exception_handler(PatrolkitError)
    async def refusal(request: Request, exc: PatrolkitError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=status_of(exc))

    @app.exception_handler(BrokenProcessPool)
    async def pool_gone(request: Request, exc: BrokenProcessPool) -> JSONResponse:
        return JSONResponse(
            {"detail": _("The photo reader stopped (out of memory?); restart the server.")},
            status_code=503,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _one_line(exc)}, status_code=422)

    return app


def index_page() -> str:
    """The page in the language of the request (the browser's, before any script runs): its
    ``lang``, its title and what it says without JavaScript; the script says the rest."""
    template = Template((STATIC / "index.html").read_text(encoding="utf-8"))
    return template.safe_substitute(
        lang=language(),
        title=html.escape(_("patrolkit — table referee")),
        noscript=html.escape(_("This page needs JavaScript.")),
    )


def _one_line(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return _("The request is not one the page makes.")
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
    kind = str(first.get("type", ""))
    if kind == "missing":
        return _("The request lacks its {field}.").format(field=where)
    if kind.endswith("_too_long"):
        return _("The request's {field} is too long.").format(field=where)
    if kind.endswith("_too_short"):
        return _("The request's {field} is empty or too short.").format(field=where)
    return _("The request's {field} is not right: {detail}.").format(
        field=where, detail=str(first.get("msg", "invalid")).rstrip(".")
    )
