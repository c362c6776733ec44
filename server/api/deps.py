"""What the routes depend on, as ``Depends`` aliases: the settings and the game flow."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from server.core.config import Settings
from server.referee.flow import Flow


def get_flow(request: Request) -> Flow:
    flow: Flow = request.app.state.flow
    return flow


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


FlowDep = Annotated[Flow, Depends(get_flow)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
