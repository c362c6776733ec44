"""Bad input a player can give: every case ends in one line on standard error and exit 2 (never
the catch-all exit 70, never a traceback), or — for names with markup — is printed as typed."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image

from companion.load import load_picture
from generator.twelve_patrols.decks import decks_toml
from patrolkit.cli import main
from patrolkit.games import twelve_patrols

ROOT = Path(__file__).resolve().parents[1]
CLASSIC_LAYOUT = (ROOT / "templates" / "rodeurs.toml").read_text(encoding="utf-8")
GAMES = ("rodeurs", "patrolis", "twelve-patrols")


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in args])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def command(*args: object, cwd: Path, timeout: float = 120, **env: str) -> subprocess.Popen[str]:
    """``patrolkit args`` started in its own process, standard output and error piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "patrolkit", *map(str, args)],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
    )


def refused(code: int, err: str, *words: str) -> None:
    """Exit 2 and one line on standard error holding ``words``."""
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    for word in words:
        assert word in err, err


def pdf_text(path: Path) -> str:
    document = pdfium.PdfDocument(path)
    return "\n".join(page.get_textpage().get_text_range() for page in document)


# -- photos ------------------------------------------------------------------------------------


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels but holds almost no data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    signature = b"\x89PNG\r\n\x1a\n"
    idat = zlib.compress(b"\0" * 64)
    return signature + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("size", "words"),
    [
        ((70_000, 16), ("70000 x 16", "over 30,000 pixels")),
        ((16, 65_536), ("16 x 65536", "over 30,000 pixels")),
        ((2, 600), ("only 2 x 600", "at least 16 pixels")),
        ((600, 2), ("only 600 x 2", "at least 16 pixels")),
    ],
)
def test_a_photo_with_an_absurd_side_is_refused_by_every_game(
    game: str,
    size: tuple[int, int],
    words: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    photo = tmp_path / "photo.png"
    photo.write_bytes(png_header(*size))
    refused(*run(capsys, "score", game, photo)[::2], *words)


def test_a_palette_photo_leaks_no_image_library_warning(tmp_path: Path) -> None:
    palette = Image.new("P", (64, 64))
    palette.putpalette([0, 0, 0, 255, 255, 255] + [0] * 762)
    palette.save(tmp_path / "photo.png", transparency=b"\x00\x80")
    process = command("score", "rodeurs", "photo.png", cwd=tmp_path)
    _, err = process.communicate(timeout=120)
    refused(process.returncode, err, "No Rôdeurs board")
    assert "Warning" not in err


@pytest.fixture(scope="module")
def rodeurs_photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rodeurs-photo")
    assert main(["simulate", "rodeurs", "--seed", "3", "--out", str(folder / "colour.png")]) == 0
    return folder / "colour.png"


@pytest.mark.slow
def test_a_16_bit_png_reads_like_the_8_bit_one(
    rodeurs_photo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = rodeurs_photo.parent
    bgr = cv2.imread(str(rodeurs_photo))
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    cv2.imwrite(str(folder / "grey8.png"), grey)
    cv2.imwrite(str(folder / "grey16.png"), grey.astype(np.uint16) * 257)
    cv2.imwrite(str(folder / "colour16.png"), bgr.astype(np.uint16) * 257)
    assert Image.open(folder / "grey16.png").mode.startswith("I")
    wide = load_picture(folder / "grey16.png")
    assert np.array_equal(wide.gray, load_picture(folder / "grey8.png").gray)
    assert wide.gray.mean() < 200  # not read as all white
    assert np.array_equal(
        load_picture(folder / "colour16.png").rgb, load_picture(rodeurs_photo).rgb
    )
    verdicts = []
    for name in ("grey8.png", "grey16.png"):
        code, out, err = run(capsys, "score", "rodeurs", folder / name, "--json")
        assert code in (0, 3), err
        verdict = json.loads(out)
        verdict.pop("timings_s")
        verdicts.append(verdict)
    assert verdicts[0]["board"]["corners_seen"]
    assert verdicts[0] == verdicts[1]


# -- layout and deck files -----------------------------------------------------------------------


def layout_named(name: str) -> str:
    return CLASSIC_LAYOUT.replace('name = "classic"', f"name = {name}")


def test_markup_in_a_layout_name_is_printed_as_typed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "layout.toml").write_text(layout_named("'<b>Bold</b> & <font size=99>x'"))
    code, _, err = run(
        capsys, "kit", "rodeurs", "--layout", tmp_path / "layout.toml", "--out", tmp_path / "kit"
    )
    assert code == 0, err
    assert "Layout: <b>Bold</b> & <font size=99>x" in pdf_text(tmp_path / "kit" / "kit.pdf")


def deep_toml(kind: str, levels: int = 1000) -> str:
    if kind == "arrays":
        return f"a = {'[' * levels}{']' * levels}\n"
    if kind == "inline tables":
        return "a = " + "{b = " * levels + "1" + "}" * levels + "\n"
    return "[" + ".".join(["t"] * levels) + "]\nx = 1\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (layout_named(f"'{'x' * 300}'"), ("300 characters long", "at most 40")),
        (layout_named('"two\\nlines"'), ("control character",)),
        (layout_named("[1, 2]"), ("'name' must be some text",)),
        (deep_toml("arrays"), ("nests deeper than 32 levels",)),
        (deep_toml("inline tables"), ("nests deeper than 32 levels",)),
        (deep_toml("tables"), ("nests deeper than 32 levels",)),
        ("x" * (1024 * 1024 + 1), ("at most 1,048,576 bytes",)),
        (b"\xff\xfe name", ("not UTF-8",)),
    ],
    ids=[
        "long name",
        "two lines",
        "list name",
        "arrays",
        "inline tables",
        "tables",
        "huge",
        "bytes",
    ],
)
def test_a_bad_layout_file_is_one_line(
    text: str | bytes, words: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = tmp_path / "layout.toml"
    if isinstance(text, bytes):
        layout.write_bytes(text)
    else:
        layout.write_text(text, encoding="utf-8")
    refused(
        *run(capsys, "kit", "rodeurs", "--layout", layout, "--out", tmp_path / "kit")[::2], *words
    )
    assert not (tmp_path / "kit").exists()


@pytest.fixture(scope="module")
def deck_text() -> str:
    """The shipped easy deck as a deck file, as ``patrolkit deck`` writes one."""
    return decks_toml({"easy": twelve_patrols.shipped_decks()["easy"]})


LONG = "Long" * 60


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("rolls = 50", "rolls = inf", ("rolls", "whole number, not infinite")),
        ("rolls = 50", "rolls = 5e300", ("rolls", "whole number")),
        ("rolls = 50", "rolls = 10_000_000", ("rolls", "at most 1,000,000")),
        ("roll_seed = 2", "roll_seed = nan", ("roll seed", "not nan")),
        ('    "Gallows Hill",\n', '    ["Gallows Hill"],\n', ("witness", "nine cards")),
        ('{ name = "Ashen Moor"', '{ name = ["Ashen Moor"]', ("Card 1", "'name'")),
        (
            'name = "The Vales of Oakshade March"',
            f'name = "{LONG}"',
            ("240 characters", "at most 40"),
        ),
        ("Ashen Moor", LONG, ("card 1", "240 characters", "at most 24")),
    ],
    ids=["inf", "huge float", "huge", "nan", "list card", "list name", "long deck", "long card"],
)
def test_a_bad_deck_file_is_one_line(
    deck_text: str,
    old: str,
    new: str,
    words: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert old in deck_text
    deck = tmp_path / "deck.toml"
    deck.write_text(deck_text.replace(old, new), encoding="utf-8")
    out = tmp_path / "kit"
    refused(*run(capsys, "kit", "twelve-patrols", "--deck-file", deck, "--out", out)[::2], *words)


def test_markup_in_a_deck_name_is_printed_as_typed(
    deck_text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.toml"
    name = "<i>Oak</i> & <font name=Nope>x"
    deck.write_text(deck_text.replace("The Vales of Oakshade March", name), encoding="utf-8")
    code, _, err = run(
        capsys, "kit", "twelve-patrols", "--deck-file", deck, "--out", tmp_path / "kit"
    )
    assert code == 0, err
    assert f"This kit's deck is\r\n{name}" in pdf_text(tmp_path / "kit" / "kit.pdf")


@pytest.mark.parametrize(
    "option", [("kit", "rodeurs", "--layout"), ("kit", "twelve-patrols", "--deck-file")]
)
def test_a_fifo_given_as_a_file_is_refused_at_once(option: tuple[str, ...], tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "input.toml")
    process = command(*option, "input.toml", "--out", "kit", cwd=tmp_path)
    try:
        _, err = process.communicate(timeout=60)  # a read waiting for a writer never returns
    finally:
        process.kill()
    refused(process.returncode, err, "input.toml is not a regular file")


# -- pipes and terminals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "exit_code"),
    [
        (("games",), 0),
        (("kit", "rodeurs", "--out", "kit"), 0),
        (("kit", "rodeurs", "--layout", "none.toml"), 2),
    ],
)
def test_a_reader_that_stops_early_keeps_the_commands_exit_code(
    args: tuple[str, ...], exit_code: int, tmp_path: Path
) -> None:
    process = command(*args, cwd=tmp_path)
    assert process.stdout is not None
    process.stdout.close()  # like `| head -1` once it has its line: nothing more is read
    _, err = process.communicate(timeout=120)
    assert process.returncode == exit_code
    assert "Broken pipe" not in err and "Traceback" not in err


def test_head_one_keeps_the_exit_code_of_a_written_kit(tmp_path: Path) -> None:
    line = f"{sys.executable} -m patrolkit kit rodeurs --out kit | head -1"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", line],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Rôdeurs kit")
    assert (tmp_path / "kit" / "kit.json").is_file()


@pytest.mark.parametrize(
    "terminal",
    [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C"}],
)
def test_an_ascii_only_terminal_still_gets_its_kit(
    terminal: dict[str, str], tmp_path: Path
) -> None:
    process = command("kit", "rodeurs", "--out", "kit", cwd=tmp_path, **terminal)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "deurs kit (classic" in out
    assert (tmp_path / "kit" / "kit.pdf").is_file()
    process = command("kit", "rodeurs", "--out", "kit", cwd=tmp_path, **terminal)
    _, err = process.communicate(timeout=120)
    refused(process.returncode, err, "already exist")
