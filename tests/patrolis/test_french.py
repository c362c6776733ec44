"""Patrolis in French: the kit printed in French on A4, Letter and A3 (codes intact, fonts
embedded, no English word left, no text off its page), a verdict from photos said in French with
the same JSON keys and notation as in English, the rules' refusals in French, and the catalog
complete."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from companion.camera.patrolis.scene import photograph
from companion.camera.photo import write_photo
from generator.patrolis.kit import write_kit
from patrolkit.cli import main
from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import Result, State, Terrain, parse_turn, play
from patrolkit.i18n import speaking
from patrolkit.manifest import Manifest
from tests.language import english_left
from tests.patrolis.helpers import game
from tests.patrolis.reader_checks import shared_kit
from tests.patrolis.test_reader import KIT_SEED, _laid, _run_from_west

# -- the French kit --------------------------------------------------------------------------------


def test_the_french_kit_prints_the_same_codes_and_layout_as_the_english_one(tmp_path: Path) -> None:
    write_kit(3, tmp_path / "en", paper="a4", players=2, maps=1)
    with speaking("fr"):
        write_kit(3, tmp_path / "fr", paper="a4", players=2, maps=1)
    english = Manifest.load(tmp_path / "en" / "kit.json")
    french = Manifest.load(tmp_path / "fr" / "kit.json")
    assert sorted(french.payloads()) == sorted(english.payloads())
    assert french.layout == english.layout
    assert [i.id for i in french.items] == [i.id for i in english.items]
    # The cover lists the rules' sheets as the French rules take them (longer than the English).
    pages = [
        p.get_textpage().get_text_range() for p in pdfium.PdfDocument(tmp_path / "fr" / "kit.pdf")
    ]
    rules = sum("Patrolis — règle" in text for text in pages)
    assert rules >= 1
    listed = "Feuille 2 —" if rules == 1 else f"Feuilles 2–{1 + rules} —"
    assert listed in pages[0].replace("\r\n", " ")


# -- a verdict from photos ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kit() -> Path:
    return shared_kit(KIT_SEED, 2)


def _photo(kit: Path, state: State, path: Path, seed: int) -> Path:
    written, _ = write_photo(photograph(kit, state, preset="top", seed=seed), path, force=True)
    return written


@pytest.mark.slow
def test_a_french_verdict_says_its_sentences_in_french_with_the_english_keys_and_notation(
    kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.camera.patrolis.kit import patrolis_kit_raster
    from patrolkit.games.patrolis import new_game

    raster = patrolis_kit_raster(kit)
    start = new_game(raster.game_map, raster.players, seed=KIT_SEED)
    row = _run_from_west(start.map, [Terrain.COUNTRYSIDE] * 4, {o.cell for o in start.objectives})
    assert row is not None
    before = _photo(kit, start, tmp_path / "before.jpg", 31)
    too_far = _photo(kit, _laid(start, row, 4), tmp_path / "too-far.jpg", 33)

    verdicts = {}
    for lang in ("en", "fr"):
        assert main(["check", "patrolis", str(before), str(too_far), "--json", "--lang", lang]) == 1
        verdicts[lang] = json.loads(capsys.readouterr().out)
    english, french = verdicts["en"], verdicts["fr"]
    assert set(french) == set(english)
    assert french["reason"] == "4 pas en terrain campagne, alors que la limite y est de 3."
    assert english["reason"] == "4 steps on countryside, but the limit there is 3."
    for key in ("steps", "tracks", "state", "before", "mover", "legal", "map", "score"):
        assert french[key] == english[key], key

    assert main(["check", "patrolis", str(before), str(too_far), "--lang", "fr"]) == 1
    said = capsys.readouterr().out
    assert "\u00a0: 4 pas en terrain campagne, alors que la limite y est de 3." in said
    assert "Illegal" not in said and english_left(said) == []
    assert "Carte " in said and "Points\u00a0: Joueur 1 " in said


# -- the rules ------------------------------------------------------------------------------------


def test_an_illegal_turn_is_refused_in_french_and_unchanged_in_english() -> None:
    state = game()
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        parse_turn(state, "D4SN")
    with pytest.raises(IllegalTurn) as english:
        parse_turn(state, "D4SN")
    assert str(french.value) == (
        "Joueur 1 n’a pas de piste en jeu\u00a0: le pas sur D4 doit en commencer une nouvelle"
        " sur la bordure."
    )
    assert str(english.value) == (
        "Player 1 has no track in play, so the step on D4 must start a new one on the border."
    )


def test_the_terrain_rule_and_an_incident_are_said_in_french() -> None:
    state = game()
    with speaking("fr"), pytest.raises(IllegalTurn) as caught:
        parse_turn(state, "A1WE B1WE C1WE D1WE")
    assert str(caught.value) == "4 pas en terrain campagne, alors que la limite y est de 3."
    leaving = game((0, "A5SN A6SN A7SN"))
    played = play(leaving, parse_turn(leaving, "A8SN"))
    with speaking("fr"):
        assert played.sentences == (
            "La piste de Joueur 1 sort du plateau en A8 et est abandonnée.",
        )
    assert played.sentences == ("Player 1's track leaves the board at A8 and is abandoned.",)


def test_a_tie_is_shared_in_french_words() -> None:
    result = Result((5, 5, 2))
    with speaking("fr"):
        assert result.description == "Joueur 1 et Joueur 2 se partagent la tête avec 5 points."
    assert result.description == "Player 1 and Player 2 share the lead with 5 points."
