"""The API router: every resource's routes under ``/api``."""

from __future__ import annotations

from fastapi import APIRouter

from server.api.routes import files, games, kinds, messages, readings

api_router = APIRouter(prefix="/api")
api_router.include_router(kinds.router)
api_router.include_router(games.router)
api_router.include_router(readings.router)
api_router.include_router(files.router)
api_router.include_router(messages.router)
