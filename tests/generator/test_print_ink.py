"""``--ink low``: every game's kit spends far less ink, prints the very same codes (which still
read from the printed page and from a photo of the table), and says in kit.json that it is a
low-ink kit.

Ink is :mod:`bench.kit_ink`'s measure: the kit's darkness (``1 - luma``) summed over its pages,
in 5 %-coverage page equivalents, rendered here at 50 dpi.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from bench.kit_ink import render
from bench.kit_sheets import ink
from companion.camera.patrolis.kit import patrolis_kit_raster
from companion.camera.patrolis.midgame import mid_game
from companion.camera.patrolis.scene import photograph as photograph_patrolis
from companion.camera.photo import write_photo
from companion.camera.rodeurs.scene import photograph as photograph_rodeurs
from companion.rodeurs.reader import read_photo as read_rodeurs
from generator.grand_jeu.kit import render_kit as grand_jeu_kit
from generator.patrolis.kit import render_kit as patrolis_kit
from generator.patrolis.kit import write_kit as write_patrolis_kit
from generator.rodeurs.kit import render_kit as rodeurs_kit
from generator.rodeurs.kit import write_kit as write_rodeurs_kit
from generator.rodeurs.layouts import random_layout
from generator.stratego.kit import render_kit as stratego_kit
from generator.twelve_patrols.kit import render_kit as twelve_patrols_kit
from patrolkit.cli import main
from patrolkit.errors import KitError
from patrolkit.games.patrolis import State as PatrolisState
from patrolkit.manifest import Manifest
from tests.kit_helpers import grey, read_codes
from tests.rodeurs.reader_photos import play, rows
from tests.twelve_patrols.kit_sample import DECK, SOLUTION

Make = Callable[[str], tuple[bytes, Manifest]]


def _stratego(ink_mode: str) -> tuple[bytes, Manifest]:
    kit = stratego_kit(3, "a4", entropy=random.Random(3).randbytes, ink=ink_mode)
    return kit.pdf, kit.manifest


KITS: dict[str, Make] = {
    "rodeurs": lambda i: rodeurs_kit(random_layout(7), "a4", ink=i),
    "twelve-patrols": lambda i: twelve_patrols_kit(DECK, "a4", solution=SOLUTION, ink=i),
    "patrolis": lambda i: patrolis_kit(0, "a4", maps=1, ink=i),
    "stratego": _stratego,
    "grand-jeu": lambda i: grand_jeu_kit(0, "a4", 2, ink=i),
}
"""One kit of each game, made from a fixed seed (Stratego: a fixed source of randomness)."""

SHARE: dict[str, float] = {
    "rodeurs": 0.72,
    "twelve-patrols": 0.62,
    "patrolis": 0.75,
    "stratego": 0.80,
    "grand-jeu": 0.97,
}
"""The most ink a low-ink kit may spend, as a share of the normal kit's. What stays is what the
photo's reader looks at (every code, Rôdeurs' pawn frames, Stratego's bands round the codes,
the 12 Patrols card fronts and items) and the text; the grand jeu's kit was nearly all text and
light tints already."""


@cache
def kit(game: str, ink_mode: str) -> tuple[bytes, Manifest]:
    return KITS[game](ink_mode)


def darkness(pdf: bytes) -> float:
    return ink(render(pdf, 50))[1]


@pytest.mark.parametrize("game", list(KITS))
def test_a_low_ink_kit_spends_at_most_its_share_of_the_normal_kits_ink(game: str) -> None:
    normal, low = darkness(kit(game, "normal")[0]), darkness(kit(game, "low")[0])
    assert low <= SHARE[game] * normal, (low, normal)


@pytest.mark.parametrize("game", list(KITS))
def test_a_low_ink_kit_prints_the_same_pieces_and_codes_and_says_it_is_low_ink(game: str) -> None:
    _, normal = kit(game, "normal")
    _, low = kit(game, "low")
    assert "ink" not in normal.options
    assert low.options == {**normal.options, "ink": "low"}
    assert replace(low, options=normal.options) == normal
    assert low.to_json()["options"]["ink"] == "low"


@pytest.mark.parametrize("game", list(KITS))
def test_every_code_of_a_low_ink_kit_reads_from_its_printed_pages(game: str) -> None:
    pdf, manifest = kit(game, "low")
    document = pdfium.PdfDocument(pdf)
    unread = []
    for number in sorted({i.sheet for i in manifest.items if i.qr is not None}):
        printed = {i.qr.payload for i in manifest.items if i.sheet == number and i.qr is not None}
        read = {r.text for r in read_codes(grey(document[number - 1]))}
        unread += sorted(printed - read)
    assert unread == []


@pytest.mark.parametrize("game", ["rodeurs", "twelve-patrols", "patrolis", "stratego", "grand-jeu"])
def test_an_unknown_ink_is_refused_in_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["kit", game, "--ink", "pale", "--out", str(tmp_path / "kit")])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert len(err.strip().splitlines()) == 1 and "--ink" in err and "pale" in err
    assert not (tmp_path / "kit").exists()


def test_the_command_writes_a_low_ink_kit_that_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["kit", "rodeurs", "--seed", "7", "--ink", "low", "--out", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "kit.json").read_text())["options"]["ink"] == "low"
    assert (tmp_path / "kit.pdf").read_bytes() == kit("rodeurs", "low")[0]


def test_an_unknown_ink_is_refused_by_the_kit_functions() -> None:
    with pytest.raises(KitError, match="no ink mode 'pale'; choose normal or low"):
        rodeurs_kit(random_layout(7), "a4", ink="pale")


@pytest.mark.slow
def test_photos_of_low_ink_rodeurs_and_patrolis_tables_read_back_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = random_layout(11)
    write_rodeurs_kit(layout, tmp_path / "rodeurs", ink="low")
    state = play(layout, 6, seed=1)
    photo = photograph_rodeurs(tmp_path / "rodeurs", state, preset="phone", seed=1)
    reading = read_rodeurs(photo.jpeg)
    assert reading.unreadable == ()
    assert rows(reading.state_text) == rows(state.text)

    write_patrolis_kit(5, tmp_path / "patrolis", ink="low")
    table = mid_game(patrolis_kit_raster(tmp_path / "patrolis"), 21)
    taken = photograph_patrolis(tmp_path / "patrolis", table, preset="phone", seed=21)
    path, _ = write_photo(taken, tmp_path / "patrolis.jpg", force=True)
    assert main(["score", "patrolis", str(path), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["judged"]
    assert PatrolisState.from_text(verdict["state"]).view == table.view
