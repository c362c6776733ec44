"""``/api/games/{token}/photos`` and ``.../readings/{seq}``: send a photo to a game, correct
what it could not read, reject it to retake it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.datastructures import UploadFile

from patrolkit.i18n import _
from server.api.deps import FlowDep, SettingsDep
from server.api.routes.games import Player, with_links
from server.core.errors import BadUpload, TooLarge
from server.referee.flow import check_size, mib

router = APIRouter(prefix="/games/{token}", tags=["readings"])
FORM_SLACK = 64 * 1024
"""What a multipart form adds round the photo's bytes, at most."""


class Correction(BaseModel):
    place: str = Field(max_length=200)
    value: str = Field(max_length=80)
    by: str | None = Field(default=None, max_length=200)


@router.post("/photos", status_code=201)
async def send_photo(
    token: str, request: Request, flow: FlowDep, settings: SettingsDep
) -> dict[str, Any]:
    """Read and judge the photo in the form field ``photo`` (``by``: who sent it)."""
    flow.access(token)
    declared = request.headers.get("content-length")
    if declared and declared.isdigit():
        check_size(int(declared), settings, slack=FORM_SLACK, what="upload")
    try:
        form = await request.form(max_files=1, max_fields=4)
    except Exception as exc:  # Starlette's form errors: one line, whatever the parser said
        raise BadUpload(
            _("The upload is not a form with a photo in it ({problem}).").format(problem=exc)
        ) from None
    photo = form.get("photo")
    if not isinstance(photo, UploadFile):
        raise BadUpload(_("The upload holds no photo (send it in the form field 'photo')."))
    data = await photo.read(settings.max_upload_bytes + 1)
    await form.close()
    if len(data) > settings.max_upload_bytes:  # only the cap and one byte more were read
        raise TooLarge(
            _("This photo is over {size} MiB, the most the server takes.").format(
                size=mib(settings.max_upload_bytes)
            )
        )
    if not data:
        raise BadUpload(_("The photo sent is empty."))
    by = form.get("by")
    reading = await flow.send_photo(token, data, by if isinstance(by, str) else None)
    return with_links(reading)


@router.post("/readings/{seq}/corrections")
async def correct(token: str, seq: int, body: Correction, flow: FlowDep) -> dict[str, Any]:
    """Say what an unreadable place holds; the reading, with its verdict recomputed."""
    return with_links(await flow.correct(token, seq, body.place, body.value, body.by))


class HintAsked(BaseModel):
    mover: str = Field(max_length=20)


@router.post("/readings/{seq}/hint")
async def hint(token: str, seq: int, body: HintAsked, flow: FlowDep) -> dict[str, Any]:
    """The computer player's turn for ``body.mover`` in the position this photo shows."""
    return await flow.hint(token, seq, body.mover)


@router.post("/readings/{seq}/reject")
async def reject(token: str, seq: int, body: Player, flow: FlowDep) -> dict[str, Any]:
    """Refuse this reading, to take the photo again."""
    return with_links(await flow.reject(token, seq, body.by))
