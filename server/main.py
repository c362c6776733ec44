"""The web companion's app: the API routers, the static page, and one error handler that answers
each patrolkit error with its status and its one sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from patrolkit import __version__
from patrolkit.errors import PatrolkitError
from server.api.main import api_router
from server.core.config import Settings
from server.core.errors import status_of
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
    app.include_router(api_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.exception_handler(PatrolkitError)
    async def refusal(request: Request, exc: PatrolkitError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=status_of(exc))

    @app.exception_handler(BrokenProcessPool)
    async def pool_gone(request: Request, exc: BrokenProcessPool) -> JSONResponse:
        return JSONResponse(
            {"detail": "The photo reader stopped (out of memory?); restart the server."},
            status_code=503,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _one_line(exc)}, status_code=422)

    return app


def _one_line(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return "The request is not one the page makes."
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"The request's {where or 'body'} is not right: {first.get('msg', 'invalid')}."
