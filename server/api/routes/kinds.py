"""``/api/kinds``: the games the page can referee."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from server.referee.kinds import kinds

router = APIRouter(prefix="/kinds", tags=["kinds"])


@router.get("")
def list_kinds() -> list[dict[str, Any]]:
    """Every game with a photo reader, whether its turns are judged photo to photo, and the
    rules its players choose at its start, option by option (``options``)."""
    return [kind.as_json() for kind in kinds()]
