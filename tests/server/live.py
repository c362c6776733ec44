"""The web companion as players meet it: ``patrolkit serve`` started for real, on a free port,
in its own process group (so a test can kill it and its pool at once)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(
    data: Path, *options: str, scheme: str = "http"
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``patrolkit serve`` on a free port in its own process group, ready to answer."""
    port = free_port()
    command = [sys.executable, "-m", "patrolkit.cli", "serve", "--data", str(data)]
    process = subprocess.Popen(
        [*command, "--port", str(port), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, "PATROLKIT_WORKERS": "1"},
    )
    url = f"{scheme}://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/api/kinds", timeout=2, verify=False).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {process.stderr.read()!r}")  # type: ignore[union-attr]
            time.sleep(0.2)
        yield url, process
    finally:
        kill(process)


def kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the server and its pool workers at once, as a power cut would."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
