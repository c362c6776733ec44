"""12 Patrols in French ("12 patrouilles"): every kit variant prints in French on its paper with
its codes intact and no English word left but the regions' own names, the rules still fit their
one page, the referee's verdicts and the rules' refusals are said in French while the notation
and the verdict's keys stay the same in both languages, and the French catalog matches the code.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from companion.camera.twelve_patrols.layout import Setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.verdict import format_verdict, score_verdict
from generator.page import PAPERS, Sheet
from generator.twelve_patrols.cover import draw_cover
from generator.twelve_patrols.kit import write_kit
from generator.twelve_patrols.rules_sheet import draw_rules
from patrolkit.cli import main
from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Deck,
    Kingdom,
    Slot,
    Turn,
    apply,
    failures,
    new_game,
    parse_turn,
    problems,
    shipped_decks,
)
from patrolkit.i18n import speaking
from tests.generator.test_print_languages import collisions
from tests.language import english_left

EASY = shipped_decks()["easy"]
NBSP = "\u00a0"


def _without_names(text: str, names: list[str]) -> str:
    """``text`` without the deck's and the regions' names: proper names, printed as they are
    in both languages."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _page_text(document: pdfium.PdfDocument) -> str:
    return "\n".join(page.get_textpage().get_text_range() for page in document)


# -- the kits -----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_the_french_rules_and_cover_fit_and_say_no_english(paper: str, difficulty: str) -> None:
    deck = shipped_decks()[difficulty].deck
    out = io.BytesIO()
    with speaking("fr"):
        sheet = Sheet(out, PAPERS[paper], title="", subject="")
        draw_cover(sheet, deck, ["<b>Feuille 1</b> — cette couverture."], "duplex", False, (8,))
        sheet.next_page()
        pages = draw_rules(sheet, f"Le paquet de ce kit est <b>{deck.name}</b>.", True)
        sheet.save()
    assert pages == 1
    document = pdfium.PdfDocument(out.getvalue())
    assert collisions(document) == []
    text = _page_text(document)
    names = [deck.name] + [card.name for card in deck.cards]
    assert english_left(_without_names(text, names)) == []
    for words in ("Besoin d’aide", "Écartement", "Somme des dés", "Fabriquer le kit", "Nord"):
        assert words in text
    # French numbers in a sentence take a decimal comma: a die is 2,8 cm across.
    assert re.search(r"\d,\d cm", text) and not re.search(r"\d\.\d cm", text)


def test_the_kit_command_speaks_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["kit", "twelve-patrols", "--help", "--lang", "fr"])
    said = capsys.readouterr().out
    assert "jetons plats au lieu de dés à plier" in said
    assert "sans la page de solution" in said
    out = tmp_path / "deck.toml"
    assert main(["deck", "twelve-patrols", "--seed", "1", "--difficulty", "easy",
                 "--out", str(out), "--lang", "fr"]) == 0  # fmt: skip
    said = capsys.readouterr().out
    assert "lancers gagnables sur" in said and "fichier du paquet" in said


# -- the referee --------------------------------------------------------------------------------


def _partial(kingdom: Kingdom, places: list[tuple[int, int]]) -> Kingdom:
    cards = {p: c for p in places if (c := kingdom.card_at(p)) is not None}
    patrols = {s: kingdom.patrol(s) for s in SLOTS if s.a in cards and s.b in cards}
    return Kingdom.build(kingdom.deck, cards, patrols)


def _keys(value: object) -> object:
    """The shape of a verdict: its keys, nested, without the sentences."""
    if isinstance(value, dict):
        return {key: _keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_keys(item) for item in value]
    return type(value).__name__


@pytest.mark.slow
def test_a_french_verdict_says_its_sentences_in_french_and_keeps_its_notation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = EASY.witness.solution.kingdom
    kingdom = _partial(whole, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)])
    # Two patrols trade places: requirements of the top row break, and no win is left.
    a, b = Slot((0, 0), (0, 1)), Slot((0, 1), (1, 1))
    broken = kingdom.with_patrol(a, ()).with_patrol(b, kingdom.patrol(a))
    broken = broken.with_patrol(a, kingdom.patrol(b))
    assert failures(broken)
    write_kit(EASY.deck, tmp_path / "kit")
    photo = tmp_path / "broken.jpg"
    setup = Setup.from_text(broken.text, EASY.deck)
    photo.write_bytes(photograph(tmp_path / "kit", setup, preset="top", seed=5).jpeg)
    reading = read_photo(photo)
    english = score_verdict(reading)
    with speaking("fr"):
        french = score_verdict(reading)
        words = format_verdict(french)
    assert _keys(french) == _keys(english)
    for key in ("state", "deck", "pool", "edges", "complete", "win", "reachable", "judged"):
        assert french[key] == english[key], key
    assert [f["side"] for f in french["failing"]] == [f["side"] for f in english["failing"]]
    assert french["failing"] and all(" demande " in f["sentence"] for f in french["failing"])
    assert french["why_not"] and french["why_not"] != english["why_not"]
    names = [card.name for card in EASY.deck.cards] + [EASY.deck.name]
    assert f"Royaume en cours{NBSP}: 5 cartes posées sur 9" in words
    assert "Déjà en échec" in words and "La victoire est désormais hors de portée" in words
    assert english_left(_without_names(words, names)) == []
    code = main(["score", "twelve-patrols", str(photo), "--json", "--lang", "fr"])
    said = json.loads(capsys.readouterr().out)
    assert code == 0
    assert _keys(said) == _keys(english) and said["state"] == english["state"]
    assert said["problems"] == french["problems"]


# -- the rules ----------------------------------------------------------------------------------


def test_an_illegal_turn_is_refused_in_french_and_unchanged_in_english() -> None:
    game = new_game(EASY.deck, (1, 2, 3, 4, 5, 6, 1, 2, 3))
    with pytest.raises(IllegalTurn) as english:
        parse_turn(game, "9@mc")
    assert str(english.value).startswith("Wolfsgate is not face up: the cards to choose from are")
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        parse_turn(game, "9@mc")
    assert str(french.value) == (
        f"Wolfsgate n’est pas visible{NBSP}: les cartes à choisir sont Ashen Moor, Gallows Hill"
        " et Glimmer Lake."
    )
    state = apply(game, Turn.parse("1@mc"))
    with speaking("fr"):
        with pytest.raises(IllegalTurn, match="La place en bas à droite ne touche aucune carte"):
            parse_turn(state, "2@br")
        with pytest.raises(IllegalTurn) as closed:
            parse_turn(state, "mc-mr:Q-W1")
        assert str(closed.value) == (
            "L’emplacement entre la place au centre et la place au milieu à droite attend"
            " d’abord une carte de chaque côté."
        )
        state = apply(apply(state, Turn.parse("2@mr")), Turn.parse("mc-mr:Q-W1"))
        with pytest.raises(IllegalTurn, match="Gallows Hill est déjà dans le royaume"):
            parse_turn(state, "2@bc")
        with pytest.raises(IllegalTurn, match="Le cube blanc 1 est déjà dans une patrouille"):
            parse_turn(apply(state, Turn.parse("3@tc")), "tc-mc:Q-W1")
        with pytest.raises(NotationError, match=f"«{NBSP}zz{NBSP}» n’est pas un tour{NBSP}:"):
            Turn.parse("zz")
    with pytest.raises(NotationError, match="'zz' is not a turn"):
        Turn.parse("zz")
    # The notation of a turn is the same in both languages.
    with speaking("fr"):
        assert Turn.parse("tl-tc:Q-Y1,D-B2=4").notation == "tl-tc:Q-Y1,D-B2=4"


def test_the_win_check_names_places_and_requirements_in_french() -> None:
    deck: Deck = EASY.deck
    kingdom = Kingdom.from_placed(deck, "1@tl 2@tc tl-tc:Q-W1,D-B2=2")
    with speaking("fr"):
        said = problems(kingdom)
    assert "Aucune carte n’est encore posée en haut à droite." in said
    assert (
        "L’emplacement entre la place au milieu à gauche et la place en bas à gauche n’a pas"
        " de patrouille." in said
    )
    assert (
        "Ashen Moor (en haut à gauche) demande exactement 1 objet sur son côté est, mais il y"
        " en a 2." in said
    )
    assert "No card lies at the top right position yet." in problems(kingdom)
