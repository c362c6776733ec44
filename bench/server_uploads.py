"""The web companion under load: concurrent photo uploads on loopback, against the CLI's time.

Run from the project root: ``python -m bench.server_uploads [--uploads 50] [--photos 10]
[--workers N]``. Writes ``bench/results/server_uploads.json``.

``--photos`` Rôdeurs positions are photographed (``phone`` preset); each upload sends one of them
with a JPEG comment of its own added (same pixels, new bytes), so no upload finds another's
reading kept and every one is read for real. ``patrolkit serve`` is started on a free port with a
fresh data folder and a pool of ``--workers`` (default: one per core); one game is started per
upload, then every upload is sent at once (``httpx``, bounded by ``--timeout``).

Figures:

* ``answered``, ``refused``, ``mixed_up``: uploads answered 201; refused or failed; answered with
  another photo's hash or position (a cell read unlike the truth; the target is zero).
* ``latency_s``: median, 95th percentile and maximum time from sending an upload to its answer —
  queueing behind the others included — and ``wall_s``, the time for all of them.
* ``reading_s``: the reader's own time per photo inside the server (the verdict's ``timings_s``).
* ``cli_s``: ``patrolkit score rodeurs PHOTO --json --annotate OUT`` run once per photo (a new
  process each: start-up and imports included), and ``in_process_s``: the same reading, verdict
  and annotated picture in this process, as a pool worker does them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from hashlib import sha256
from pathlib import Path
from typing import Any

import httpx
from PIL import Image

from bench.common import save, stopwatch, summary
from companion.camera.rodeurs.position import random_position
from companion.camera.rodeurs.scene import photograph
from companion.rodeurs.annotate import render
from companion.rodeurs.reader import read_photo
from companion.rodeurs.verdict import score_verdict
from generator.rodeurs.kit import write_kit
from generator.rodeurs.layouts import random_layout

FIRST_SEED = 30_000


def make_photos(count: int, out: Path) -> list[tuple[bytes, str]]:
    """``count`` phone photos of random positions on one kit, with each position's rows."""
    layout = random_layout(FIRST_SEED)
    kit = out / "kit"
    write_kit(layout, kit)
    photos = []
    for seed in range(FIRST_SEED, FIRST_SEED + count):
        state = random_position(layout, seed)
        photos.append((photograph(kit, state, preset="phone", seed=seed).jpeg, state.text))
    return photos


def with_comment(jpeg: bytes, text: str) -> bytes:
    """``jpeg`` with a comment segment after its start marker: the same pixels, other bytes."""
    body = text.encode()
    return jpeg[:2] + b"\xff\xfe" + (len(body) + 2).to_bytes(2, "big") + body + jpeg[2:]


def agrees(read: str, truth: str) -> bool:
    """Whether the rows read are the true rows, an unreadable cell (``?``) agreeing with any."""
    return len(read) == len(truth) and all(a in ("?", b) for a, b in zip(read, truth, strict=True))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(data: Path, workers: int | None) -> Iterator[str]:
    port = free_port()
    env = {**os.environ}
    if workers:
        env["PATROLKIT_WORKERS"] = str(workers)
    process = subprocess.Popen(
        [sys.executable, "-m", "patrolkit.cli", "serve", "--data", str(data), "--port", str(port)],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{url}/api/kinds", timeout=2).status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        time.sleep(3)  # the pool's workers import the readers
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


async def upload_all(
    url: str, uploads: list[tuple[bytes, str]], timeout: float
) -> tuple[list[dict[str, Any]], float]:
    limits = httpx.Limits(max_connections=len(uploads))
    async with httpx.AsyncClient(base_url=url, timeout=timeout, limits=limits) as client:
        games = [
            (await client.post("/api/games", json={"game": "rodeurs"})).json()["id"]
            for _ in uploads
        ]

        async def one(token: str, photo: bytes) -> dict[str, Any]:
            start = time.perf_counter()
            try:
                response = await client.post(
                    f"/api/games/{token}/photos",
                    files={"photo": ("table.jpg", photo, "image/jpeg")},
                )
            except httpx.HTTPError as exc:
                return {"token": token, "status": 0, "error": type(exc).__name__}
            seconds = time.perf_counter() - start
            return {
                "token": token,
                "status": response.status_code,
                "seconds": seconds,
                "body": response.json(),
            }

        start = time.perf_counter()
        answers = await asyncio.gather(
            *(one(token, photo) for token, (photo, _) in zip(games, uploads, strict=True))
        )
        return list(answers), time.perf_counter() - start


def cli_times(photos: list[tuple[bytes, str]], folder: Path) -> dict[str, Any]:
    separate: list[float] = []
    inside: list[float] = []
    for k, (jpeg, _) in enumerate(photos):
        path = folder / f"cli-{k}.jpg"
        path.write_bytes(jpeg)
        command = [
            sys.executable,
            "-m",
            "patrolkit.cli",
            "score",
            "rodeurs",
            str(path),
            "--json",
            "--annotate",
            str(folder / f"cli-{k}-read.jpg"),
            "--force",
        ]
        with stopwatch(separate):
            subprocess.run(command, capture_output=True, check=False)
        with stopwatch(inside):
            reading = read_photo(jpeg)
            picture = render(jpeg, reading, score_verdict(reading))
            Image.fromarray(picture).save(io.BytesIO(), format="JPEG", quality=85)
    return {
        "cli_s": {k: round(v, 3) for k, v in summary(separate).items()},
        "in_process_s": {k: round(v, 3) for k, v in summary(inside).items()},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=50, help="concurrent uploads (50)")
    parser.add_argument("--photos", type=int, default=10, help="distinct positions (10)")
    parser.add_argument("--workers", type=int, default=None, help="pool size (one per core)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per upload (600)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pk-bench-") as tmp:
        folder = Path(tmp)
        photos = make_photos(args.photos, folder)
        uploads = [
            (with_comment(photos[k % len(photos)][0], f"upload {k}"), photos[k % len(photos)][1])
            for k in range(args.uploads)
        ]
        with serving(folder / "data", args.workers) as url:
            answers, wall = asyncio.run(upload_all(url, uploads, args.timeout))
        figures: dict[str, Any] = {
            "uploads": args.uploads,
            "photos": args.photos,
            "workers": args.workers or os.cpu_count(),
            "cores": os.cpu_count(),
        }
        answered = [a for a in answers if a["status"] == 201]
        mixed = 0
        for answer, (photo, truth) in zip(answers, uploads, strict=True):
            if answer["status"] != 201:
                continue
            body = answer["body"]
            rows = body["verdict"]["state"].split()[0]
            if body["photo"] != sha256(photo).hexdigest() or not agrees(rows, truth.split()[0]):
                mixed += 1
        readings = [sum(a["body"]["verdict"]["timings_s"].values()) for a in answered]
        figures.update(
            {
                "answered": len(answered),
                "refused": len(answers) - len(answered),
                "mixed_up": mixed,
                "wall_s": round(wall, 2),
                "uploads_per_s": round(len(answered) / wall, 2),
                "latency_s": {
                    k: round(v, 3) for k, v in summary([a["seconds"] for a in answered]).items()
                },
                "reading_s": {k: round(v, 3) for k, v in summary(readings).items()},
            }
        )
        figures.update(cli_times(photos, folder))
    save("server_uploads", figures)


if __name__ == "__main__":
    main()
