"""Le grand jeu des patrouilles in French: the kit prints French with every code intact, the
referee and the rules speak French, and what is notation (cells, turns, positions, JSON keys)
stays the same in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.grand_jeu.commands import correct, unreadable_choices
from companion.grand_jeu.reading import GrandJeuReading
from companion.grand_jeu.verdict import format_verdict, score_verdict
from patrolkit.cli import main
from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.grand_jeu import Options, State, apply, early_stop, explain, outcome, play
from patrolkit.i18n import speaking
from tests.grand_jeu import photos
from tests.grand_jeu.helpers import N, position, turn

NBSP = "\u00a0"


# -- the kit ----------------------------------------------------------------------------------


def test_the_french_rules_take_as_many_pages_as_the_english_on_every_paper() -> None:
    from generator.grand_jeu.rules_sheet import rules_pages
    from generator.page import A3, PAPERS

    for paper in (PAPERS["a4"], PAPERS["letter"], A3):
        english = rules_pages(paper, (0, 1, 7))
        with speaking("fr"):
            assert rules_pages(paper, (0, 1, 7)) == english == 1


# -- the rules --------------------------------------------------------------------------------


def test_an_illegal_turn_is_refused_in_french_and_still_in_english() -> None:
    state = position("b2n d4n g2n", "e5s c3s")  # d4 next to two enemies
    illegal = turn("g2-g3 g3-g4 d4>e")
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        play(state, illegal)
    with pytest.raises(IllegalTurn) as english:
        play(state, illegal)
    assert str(french.value) == (
        "Réorienter le scout en d4 à côté des ennemis en c3 et e5 coûte 3 foulards, et il ne"
        " reste que 2 foulards."
    )
    assert str(english.value) == (
        "Turning the scout on d4 next to the enemies on c3 and e5 costs 3 foulards, and only 2"
        " foulards are left."
    )


def test_a_capture_without_two_red_arrows_is_refused_in_french() -> None:
    state = position("c4n e4e a2n", "d5s h7s")  # e4 faces east: only c4 points at d5
    with speaking("fr"), pytest.raises(IllegalTurn) as refused:
        play(state, turn("a2-a3 xd5"))
    assert str(refused.value) == (
        "Pour capturer le scout en d5, il faut deux scouts Sud voisins qui pointent une flèche"
        " rouge sur lui, et seul celui en c4 le fait."
    )


def test_french_typography_puts_a_no_break_space_before_a_colon_and_in_guillemets() -> None:
    with speaking("fr"), pytest.raises(NotationError) as unknown:
        Options.from_text("speed=2")
    said = str(unknown.value)
    assert f"«{NBSP}speed{NBSP}»" in said and f"{NBSP}:" in said and " :" not in said
    with speaking("fr"), pytest.raises(LayoutError) as too_many:
        Options.from_text("win=9")
    assert (
        str(too_many.value)
        == "Le nombre K de scouts sur la rangée lointaine vaut 2, 3 ou 4, pas 9."
    )


def test_a_turn_found_is_described_in_french_with_the_same_notation() -> None:
    before = position("c4n e4n a2n", "d5s h7s g7s")
    after = apply(before, turn("a2-a3 xd5"))
    english = explain(before, after)
    with speaking("fr"):
        french = explain(before, after)
        said = french.description
    assert str(french.turn) == str(english.turn) == "a2-a3 xd5"
    assert said == (
        f"Sud a joué a2-a3 xd5 (1 foulard). Cette patrouille a capturé{NBSP}: elle peut jouer un"
        " tour bonus."
    )
    assert english.description.startswith("South played a2-a3 xd5 (1 foulard).")


def test_who_wins_is_said_in_french_and_positions_read_the_same() -> None:
    won = position("a8n b8n c8n d4n", "e6s f6s", to_move=N)
    level = position("b2n d4n", "e7s c7s")
    with speaking("fr"):
        over = outcome(won)
        stopped = early_stop(level)
        text = won.text
    assert over is not None
    assert over.description == "Sud gagne avec 3 scouts sur sa rangée lointaine."
    assert stopped.description.startswith("Match nul") or " gagne avec plus de scouts" in (
        stopped.description
    )
    assert text == won.text and State.from_text(text) == won


# -- the referee ------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_french_check_says_its_turn_in_french_with_the_same_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = str(photos.before_photo()), str(photos.after_photo())
    capsys.readouterr()
    assert main(["check", "grand-jeu", before, after, "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    picture = tmp_path / "verdict.png"
    args = ["check", "grand-jeu", before, after, "--json", "--annotate", str(picture)]
    assert main([*args, "--lang", "fr"]) == 0
    french = json.loads(capsys.readouterr().out)
    assert french.keys() == english.keys()
    for key in ("legal", "mover", "turn", "acts", "foulards", "bonus_allowed", "position"):
        assert french[key] == english[key]
    assert french["description"].startswith("Nord a joué ")
    assert "tour bonus" in french["description"]
    assert picture.exists()
    assert main(["check", "grand-jeu", before, after, "--lang", "fr"]) == 0
    words = capsys.readouterr().out
    assert words.startswith("Le grand jeu des patrouilles, kit ") and "Légal" in words


@pytest.mark.slow
def test_what_a_french_photo_could_not_read_is_said_in_french_at_the_same_cells() -> None:
    english = score_verdict(photos.reading(photos.faulty_photo()))
    with speaking("fr"):
        from companion.grand_jeu.reader import read_photo

        reading = read_photo(photos.faulty_photo())
        french = score_verdict(reading)
        words = format_verdict(french)
        choices = unreadable_choices(reading)
    assert [u["cell"] for u in french["unreadable"]] == [u["cell"] for u in english["unreadable"]]
    reasons = " ".join(u["reason"] for u in french["unreadable"])
    assert "à cheval sur" in reasons and "entre deux directions" in reasons
    assert "sur le plateau" in words and "en prison" in words
    place, offered = next(iter(choices.items()))
    assert offered[0] == "vide" and all(o.startswith("Scout ") for o in offered[1:])
    # a correction said in French and the same one said in English read the same
    with speaking("fr"):
        in_french = correct(reading, place, offered[1])
    english_name = next(
        o for o in unreadable_choices(reading)[place] if o.endswith(offered[1].split()[-1])
    )
    assert english_name.split()[:3] == [
        {"Sud": "South", "Nord": "North"}[offered[1].split()[1]],
        "scout",
        offered[1].split()[2],
    ]
    in_english = correct(reading, place, english_name)
    assert _placed(in_french) == _placed(in_english)
    assert correct(reading, place, "vide").scouts == correct(reading, place, "empty").scouts


def _placed(reading: GrandJeuReading) -> list[tuple[int, str, int, str]]:
    """Each scout a reading places: cell, patrol, number, direction."""
    return [
        (c, s.patrol.letter, s.number, s.direction.value) for c, s in sorted(reading.scouts.items())
    ]
