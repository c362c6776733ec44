"""``/api/games``: start a game, list them, a game's history and running score, its export,
and undoing its last accepted turn; for a game that hides information (Stratego), each side's
own link and the secret its player gives (``/api/games/{token}/secret``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from patrolkit.i18n import N_
from patrolkit.inputs import printable_name
from server.api.deps import FlowDep
from server.referee.flow import Flow, export, notation, running_score
from server.referee.kinds import kind_named

router = APIRouter(prefix="/games", tags=["games"])


class NewGame(BaseModel):
    game: str = Field(max_length=40)
    title: str | None = Field(default=None, max_length=200)
    rules: str | None = Field(default=None, max_length=200)
    """The rules the players chose (``two-square=5 chase=off``), each left out at its default."""


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
    title = printable_name(body.title, N_("game's name")) if body.title else kind.entry.local_title
    rules = kind.read_rules(body.rules or "")
    token = flow.store.create_game(kind.name, title, kind.sides, rules)
    if not kind.sides:
        return history(flow, token)
    return {
        **flow.store.game(token),
        "kind": kind.as_json(),
        "links": [
            {"side": p["side"], "token": p["token"], "url": f"/#/game/{p['token']}"}
            for p in flow.store.players(token)
        ],
    }


class Secret(BaseModel):
    secret: str = Field(min_length=1, max_length=16_000)


@router.post("/{token}/secret")
async def give_secret(token: str, body: Secret, flow: FlowDep) -> dict[str, Any]:
    """Keep the secret of this link's side (its private slip's code, or its secret file's
    text); the game as this side sees it."""
    await flow.join(token, body.secret)
    return history(flow, token)


@router.get("/{token}")
def game(token: str, flow: FlowDep) -> dict[str, Any]:
    """The game's every photo, reading, correction and verdict, in order, and its score."""
    return history(flow, token)


@router.get("/{token}/export")
def export_game(token: str, flow: FlowDep) -> JSONResponse:
    """The game as one JSON file to download."""
    access = flow.access(token)
    found, kind = {**flow.store.game(access.game_id), "id": token}, access.kind
    events = flow.store.events(access.game_id)
    document = export(found, kind, flow.readings(access), events)
    name = f"patrolkit-{kind.name}-{found['created'][:10]}.json"
    return JSONResponse(document, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/{token}/notation")
def export_notation(token: str, flow: FlowDep) -> PlainTextResponse:
    """The accepted positions (and turns) in the game's own text notation, to download."""
    access = flow.access(token)
    found, kind = flow.store.game(access.game_id), access.kind
    name = f"patrolkit-{kind.name}-{found['created'][:10]}.txt"
    return PlainTextResponse(
        notation(found, kind, flow.readings(access)),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/{token}/undo")
async def undo(token: str, body: Player, flow: FlowDep) -> dict[str, Any]:
    """Take back the last accepted turn."""
    await flow.undo(token, body.by)
    return history(flow, token)


def history(flow: Flow, token: str) -> dict[str, Any]:
    """The game of link ``token`` as that link may see it; in a game that hides information,
    with the link's ``side`` and which ``sides`` have given their secret (never the secrets),
    and the link's token as the game's ``id``."""
    access = flow.access(token)
    found = flow.store.game(access.game_id)
    kind = access.kind
    readings = [with_links(r) for r in flow.readings(access)]
    game = {
        **found,
        "rules": kind.read_rules(found["rules"]) if kind.rules is not None else None,
        "kind": kind.as_json(),
        "readings": readings,
        "events": flow.store.events(access.game_id),
        "score": running_score(kind, readings),
    }
    if access.side is not None:
        game["id"] = token
        game["side"] = access.side
        game["sides"] = [
            {"side": p["side"], "joined": p["secret"] is not None}
            for p in flow.store.players(access.game_id)
        ]
    return game


def with_links(reading: dict[str, Any]) -> dict[str, Any]:
    photo, picture = reading["photo"], reading["picture"]
    return {
        **reading,
        "photo_url": f"/api/photos/{photo}" if photo else None,
        "picture_url": f"/api/pictures/{picture}" if picture else None,
    }


def _with_title(flow: Flow, game: dict[str, Any]) -> dict[str, Any]:
    return {**game, "kind": kind_named(game["game"]).as_json()}
