"""``/api/games``: start a game, list them, a game's history and running score, its export,
and undoing its last accepted turn."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from patrolkit.inputs import printable_name
from server.api.deps import FlowDep
from server.referee.flow import Flow, export, notation, running_score
from server.referee.kinds import kind_named

router = APIRouter(prefix="/games", tags=["games"])


class NewGame(BaseModel):
    game: str = Field(max_length=40)
    title: str | None = Field(default=None, max_length=200)


class Player(BaseModel):
    by: str | None = Field(default=None, max_length=200)


@router.get("")
def list_games(flow: FlowDep) -> list[dict[str, Any]]:
    """Every game started here, the newest first."""
    return [_with_title(flow, game) for game in flow.store.games()]


@router.post("", status_code=201)
def start_game(body: NewGame, flow: FlowDep) -> dict[str, Any]:
    """Start a game of ``body.game``; its history (empty) and its unguessable ``id``."""
    kind = kind_named(body.game)
    title = printable_name(body.title, "game's name") if body.title else kind.entry.title
    token = flow.store.create_game(kind.name, title)
    return history(flow, token)


@router.get("/{token}")
def game(token: str, flow: FlowDep) -> dict[str, Any]:
    """The game's every photo, reading, correction and verdict, in order, and its score."""
    return history(flow, token)


@router.get("/{token}/export")
def export_game(token: str, flow: FlowDep) -> JSONResponse:
    """The game as one JSON file to download."""
    found = flow.store.game(token)
    kind = kind_named(found["game"])
    document = export(found, kind, flow.store.readings(token), flow.store.events(token))
    name = f"patrolkit-{kind.name}-{found['created'][:10]}.json"
    return JSONResponse(document, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/{token}/notation")
def export_notation(token: str, flow: FlowDep) -> PlainTextResponse:
    """The accepted positions (and turns) in the game's own text notation, to download."""
    found = flow.store.game(token)
    kind = kind_named(found["game"])
    name = f"patrolkit-{kind.name}-{found['created'][:10]}.txt"
    return PlainTextResponse(
        notation(found, kind, flow.store.readings(token)),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/{token}/undo")
async def undo(token: str, body: Player, flow: FlowDep) -> dict[str, Any]:
    """Take back the last accepted turn."""
    await flow.undo(token, body.by)
    return history(flow, token)


def history(flow: Flow, token: str) -> dict[str, Any]:
    found = flow.store.game(token)
    kind = kind_named(found["game"])
    readings = [with_links(r) for r in flow.store.readings(token)]
    return {
        **found,
        "kind": kind.as_json(),
        "readings": readings,
        "events": flow.store.events(token),
        "score": running_score(kind, readings),
    }


def with_links(reading: dict[str, Any]) -> dict[str, Any]:
    return {
        **reading,
        "photo_url": f"/api/photos/{reading['photo']}",
        "picture_url": f"/api/pictures/{reading['picture']}" if reading["picture"] else None,
    }


def _with_title(flow: Flow, game: dict[str, Any]) -> dict[str, Any]:
    return {**game, "kind": kind_named(game["game"]).as_json()}
