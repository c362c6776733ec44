"""A server killed in the middle of an upload: started again on the same data folder, the
database opens and every photo it acknowledged is there, whole."""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import time
from pathlib import Path

import httpx
import pytest

from tests.server.live import kill, serving
from tests.server.photos import Photos


@pytest.mark.slow
def test_a_server_killed_mid_upload_keeps_every_acknowledged_photo(
    tmp_path: Path, rodeurs: Photos
) -> None:
    data = tmp_path / "data"
    photo = rodeurs.start.read_bytes()
    with serving(data) as (url, process):
        token = httpx.post(f"{url}/api/games", json={"game": "rodeurs"}).json()["id"]
        first = httpx.post(
            f"{url}/api/games/{token}/photos",
            files={"photo": ("start.jpg", photo, "image/jpeg")},
            timeout=120,
        )
        assert first.status_code == 201, first.text
        # half of the next photo is sent, then the server dies
        host, port = url.removeprefix("http://").split(":")
        boundary = "cut"
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="photo";'
            f' filename="next.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'
        ).encode()
        with socket.create_connection((host, int(port))) as raw:
            raw.sendall(
                (
                    f"POST /api/games/{token}/photos HTTP/1.1\r\nHost: {host}\r\n"
                    f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
                    f"Content-Length: {len(head) + len(photo) + 100}\r\n\r\n"
                ).encode()
                + head
                + photo[: len(photo) // 2]
            )
            time.sleep(0.5)
            kill(process)

    database = data / "patrolkit.sqlite3"
    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with serving(data) as (url, _):
        history = httpx.get(f"{url}/api/games/{token}").json()
        assert [(r["seq"], r["status"]) for r in history["readings"]] == [(1, "accepted")]
        kept = httpx.get(f"{url}{history['readings'][0]['photo_url']}")
        assert kept.content == photo
    assert not list((data / "photos").glob("*.part"))
