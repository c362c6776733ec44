"""A bad ``kit.json`` beside a Patrolis photo is named in one line (exit 2); a bad one under
``output/kits/`` never blocks a valid photo, and is named only when the deal is not found."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.patrolis.deal import find_deal
from patrolkit.cli import main
from patrolkit.games.patrolis import Colour
from tests.test_bad_input import command, refused, run


@pytest.fixture(scope="module")
def patrolis_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A Patrolis kit and a photo of its table (in a folder without a kit)."""
    root = tmp_path_factory.mktemp("patrolis")
    kit, photo = root / "kit", root / "shots" / "table.jpg"
    assert main(["kit", "patrolis", "--seed", "4", "--out", str(kit)]) == 0
    assert (
        main(["simulate", "patrolis", "--kit", str(kit), "--seed", "1", "--out", str(photo)]) == 0
    )
    return kit, photo


def kit_json_cases() -> Iterator[object]:
    """Bad ``kit.json`` texts (``DIGEST`` stands for the photo's map digest) and what the
    refusal says."""
    yield pytest.param("[" * 100_000 + "]" * 100_000, ("nests deeper than 32",), id="deep")
    yield pytest.param("hello", ("not a readable kit.json",), id="not json")
    yield pytest.param('{"game": "patrolis", "maps": Infinity}', ("Infinity",), id="infinity")
    yield pytest.param('{"layout": {}}', ("is not a patrolkit kit.json",), id="no game")
    map_entry = '"maps": [{"number": 1, "size": 16, "digest": "DIGEST"}]'
    wrong = '"deals": [{"map": 1, "objectives": [{"cell": ["F10"], "colour": "B"}]}]'
    yield pytest.param(
        f'{{"game": "patrolis", "layout": {{{map_entry}, {wrong}}}}}',
        ("damaged Patrolis kit.json", "cell name"),
        id="list cell",
    )
    yield pytest.param(
        '{"game": "patrolis", "layout": {"maps": []}}', ("no 'deals'",), id="no deals"
    )


@pytest.mark.slow
@pytest.mark.parametrize(("text", "words"), list(kit_json_cases()))
def test_a_bad_kit_json_beside_a_patrolis_photo_is_named(
    patrolis_table: tuple[Path, Path],
    text: str,
    words: tuple[str, ...],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    photo = tmp_path / "table.jpg"
    shutil.copy(patrolis_table[1], photo)
    digest = json.loads((patrolis_table[0] / "kit.json").read_text())["layout"]["maps"][0]["digest"]
    (tmp_path / "kit.json").write_text(text.replace("DIGEST", digest))
    refused(*run(capsys, "score", "patrolis", photo)[::2], "kit.json", *words)


@pytest.mark.slow
def test_a_fifo_kit_json_beside_a_patrolis_photo_is_refused(
    patrolis_table: tuple[Path, Path], tmp_path: Path
) -> None:
    shutil.copy(patrolis_table[1], tmp_path / "table.jpg")
    os.mkfifo(tmp_path / "kit.json")
    process = command("score", "patrolis", "table.jpg", cwd=tmp_path)
    try:
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    refused(process.returncode, err, "kit.json is not a regular file")


@pytest.mark.slow
def test_a_bad_kit_under_output_kits_does_not_block_a_valid_photo(
    patrolis_table: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    broken = tmp_path / "output" / "kits" / "a-broken" / "kit.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("[" * 5000 + "]" * 5000)
    code, out, err = run(capsys, "score", "patrolis", patrolis_table[1], "--json")
    assert code in (0, 3), err
    assert json.loads(out)["map"]["digest"]
    assert err == "" or (len(err.splitlines()) == 1 and "a-broken/kit.json" in err), err


def test_a_bad_kit_under_output_kits_is_skipped_and_named_only_when_it_matters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    kits = tmp_path / "output" / "kits"
    (kits / "a-broken").mkdir(parents=True)
    (kits / "a-broken" / "kit.json").write_text("[" * 5000 + "]" * 5000)
    (kits / "b-fifo").mkdir()
    os.mkfifo(kits / "b-fifo" / "kit.json")
    (kits / "c-good").mkdir()
    good = '{"game": "patrolis", "layout": {"maps": [{"number": 1, "size": 8, "digest": "D1"}],'
    good += ' "deals": [{"map": 1, "objectives": [{"cell": "B2", "colour": "R"}]}]}}'
    (kits / "c-good" / "kit.json").write_text(good)
    (tmp_path / "kit.json").write_text("not ours")  # in the photo folder's parent
    assert find_deal("D1", [tmp_path / "photos"]) == {9: Colour.RED}
    assert capsys.readouterr().err == ""
    assert find_deal("OTHER", [tmp_path / "photos"]) is None
    assert capsys.readouterr().err == (
        f"patrolkit: the printed deal of this map was not found; {tmp_path / 'kit.json'},"
        " output/kits/a-broken/kit.json, output/kits/b-fifo/kit.json could not be read and"
        " were skipped\n"
    )
