"""``/api/photos/{hash}`` and ``/api/pictures/{hash}``: the photos kept and their annotated
pictures, by content hash (so they never change and may be cached for good)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from patrolkit.i18n import _
from server.api.deps import FlowDep
from server.core.errors import NotFound

router = APIRouter(tags=["files"])
FOREVER = {"Cache-Control": "public, max-age=31536000, immutable"}


@router.get("/photos/{digest}")
def photo(digest: str, flow: FlowDep) -> FileResponse:
    path = flow.store.photos.path(digest)
    if not path.is_file():
        raise NotFound(_("There is no such photo here."))
    return FileResponse(path, media_type=_media(path.read_bytes()[:16]), headers=FOREVER)


@router.get("/pictures/{digest}")
def picture(digest: str, flow: FlowDep) -> FileResponse:
    path = flow.store.pictures.path(digest)
    if not path.is_file():
        raise NotFound(_("There is no such picture here."))
    return FileResponse(path, media_type="image/jpeg", headers=FOREVER)


def _media(head: bytes) -> str:
    if head.startswith(b"\x89PNG"):
        return "image/png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    if head[4:8] == b"ftyp":
        return "image/heic"
    return "image/jpeg"
