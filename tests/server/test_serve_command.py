"""``patrolkit serve``: its help, and options it refuses in one line before serving anything."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from patrolkit.cli import main
from tests.server.live import serving


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_serve_has_help_naming_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "serve", "--help")
    assert code == 0 and "usage: patrolkit serve" in out
    for option in ("--host", "--port", "--data", "--cert", "--key"):
        assert option in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--port", "70000"), "--port must be from 1 to 65535, not 70000."),
        (("--cert", "cert.pem"), "Give both --cert and --key for HTTPS, or neither."),
        (("--cert", "nothing.pem", "--key", "nothing.key"), "There is no file at nothing.pem."),
    ],
)
def test_serve_refuses_bad_options_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    code, out, err = run(capsys, "serve", "--data", str(tmp_path), *args)
    assert code == 2 and out == ""
    assert err.strip() == f"patrolkit: {words}"
    assert not (tmp_path / "patrolkit.sqlite3").exists()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_serve_speaks_https_with_a_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    options = ("--cert", str(cert), "--key", str(key))
    with serving(tmp_path / "data", *options, scheme="https") as (url, _):
        page = httpx.get(f"{url}/", verify=False)
        assert page.status_code == 200 and "/static/app.js" in page.text
