"""Uploads the web companion refuses — too large, too many pixels, cut short, not an image, no
photo at all — each with a 4xx status, one line saying why, and nothing kept."""

from __future__ import annotations

import io
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from PIL import Image

from server.core.config import Settings
from tests.server.conftest import client_for, send, stored
from tests.server.photos import Photos


def _game(client: TestClient) -> str:
    return str(client.post("/api/games", json={"game": "rodeurs"}).json()["id"])


def _refused(
    client: TestClient, token: str, response: httpx.Response, status: int, words: str
) -> None:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert words in detail, detail
    assert "\n" not in detail and detail.endswith(".")
    assert client.get(f"/api/games/{token}").json()["readings"] == []


def _png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


def test_a_photo_over_the_size_cap_is_refused_and_not_kept(data: Path) -> None:
    with client_for(Settings(data=data, workers=1, max_upload_bytes=200_000)) as client:
        token = _game(client)
        response = send(client, token, b"\xff\xd8\xff" + bytes(300_000))
        _refused(
            client,
            token,
            response,
            413,
            "This upload is 0.3 MiB; the server takes photos up to 0.2 MiB.",
        )
        assert stored(data) == []
    # within the form's slack, the photo itself is measured
    with client_for(Settings(data=data, workers=1, max_upload_bytes=250_000)) as client:
        token = _game(client)
        response = send(client, token, b"\xff\xd8\xff" + bytes(280_000))
        _refused(
            client, token, response, 413, "This photo is over 0.2 MiB, the most the server takes."
        )
        assert stored(data) == []


def test_a_photo_over_the_pixel_cap_is_refused_from_its_header(data: Path) -> None:
    with client_for(Settings(data=data, workers=1, max_upload_pixels=1_000_000)) as client:
        token = _game(client)
        response = send(client, token, _png(1500, 1000))
        _refused(client, token, response, 413, "1500 x 1000 pixels (2 MP)")
        assert stored(data) == []


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"Dear players, this is a letter, not a photo of a table.", "not a photo the companion"),
        (b"%PDF-1.7\n" + bytes(5000), "not a photo the companion reads"),
        (_png(640, 480), "board"),
    ],
    ids=["text", "pdf", "blank-picture"],
)
def test_what_is_no_photo_of_a_board_is_refused_in_one_line(
    client: TestClient, data: Path, content: bytes, words: str
) -> None:
    token = _game(client)
    _refused(client, token, send(client, token, content), 422, words)
    assert stored(data) == []


@pytest.mark.slow
def test_a_photo_cut_short_is_refused_and_not_kept(
    client: TestClient, data: Path, rodeurs: Photos
) -> None:
    token = _game(client)
    whole = rodeurs.start.read_bytes()
    response = send(client, token, whole[: len(whole) // 2])
    _refused(client, token, response, 422, "cut short")
    assert stored(data) == []


def test_an_upload_without_a_photo_is_refused(client: TestClient, data: Path) -> None:
    token = _game(client)
    no_field = client.post(f"/api/games/{token}/photos", data={"by": "Ann"})
    _refused(client, token, no_field, 400, "holds no photo")
    empty = send(client, token, b"")
    _refused(client, token, empty, 400, "empty")
    raw = client.post(
        f"/api/games/{token}/photos", content=b"\xff\xd8", headers={"content-type": "image/jpeg"}
    )
    _refused(client, token, raw, 400, "holds no photo")
    assert stored(data) == []
