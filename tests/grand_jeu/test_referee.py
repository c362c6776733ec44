"""Judging a grand jeu turn from two photos: the turn found with its foulards (and the bonus
turn its capture allows), a change no legal turn explains refused with the reason, two
different boards refused."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.grand_jeu.verdict import check_verdict, format_verdict
from patrolkit.cli import main
from patrolkit.games.grand_jeu import Options, State
from tests.grand_jeu import photos

pytestmark = pytest.mark.slow


def test_a_legal_turn_is_found_from_two_photos_with_its_foulards_and_bonus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "check.png"
    before, after = photos.before_photo(), photos.after_photo()
    capsys.readouterr()  # what making the photos printed
    code = main(["check", "grand-jeu", str(before), str(after), "--json", "--annotate", str(out)])
    verdict = json.loads(capsys.readouterr().out)
    assert code == 0, verdict["reason"]
    assert verdict["legal"] is True and verdict["mover"] == "N"
    assert verdict["foulards"] == 4  # free 3, move 1, capture free
    assert verdict["bonus_allowed"] is True
    assert State.from_text(verdict["position"]).same_position(photos.after_state())
    kinds = [act["act"] for act in verdict["acts"]["acts"]]
    assert kinds.count("capture") == 1 and "free" in kinds and "move" in kinds
    assert out.exists()
    assert "may play a bonus turn" in format_verdict(verdict)


def test_a_change_no_turn_explains_is_refused_with_its_reason() -> None:
    before, after = photos.reading(photos.before_photo()), photos.reading(photos.after_photo())
    verdict = check_verdict(after, before)  # the capture undone: no turn does that
    assert verdict["legal"] is False
    assert verdict["reason"] and verdict["reason"].endswith(".")
    assert "Not a legal turn:" in format_verdict(verdict)


def test_two_photos_of_different_boards_are_refused() -> None:
    before, after = photos.reading(photos.before_photo()), photos.reading(photos.after_photo())
    verdict = check_verdict(before, replace(after, kit="ZZZZZZ"))
    assert verdict["legal"] is None and verdict["judged"] is False
    assert "two different boards" in verdict["reason"]


def test_a_turn_cannot_be_judged_while_a_scout_is_unreadable() -> None:
    verdict = check_verdict(
        photos.reading(photos.before_photo()), photos.reading(photos.faulty_photo())
    )
    assert verdict["legal"] is None
    assert "could not be read" in verdict["reason"]


def test_the_red_arrows_the_players_printed_decide_the_capture() -> None:
    before, after = photos.reading(photos.before_photo()), photos.reading(photos.after_photo())
    printed = check_verdict(before, after, rules=Options.from_text("arrows=017"))
    assert printed["legal"] is True and printed["rules"].startswith("arrows=017 ")
    backwards = check_verdict(before, after, rules=Options.from_text("arrows=4"))
    assert backwards["legal"] is False
    assert backwards["rules"].startswith("arrows=4 ")


def test_rules_the_game_does_not_have_are_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    photo = str(photos.before_photo())
    capsys.readouterr()
    assert main(["score", "grand-jeu", photo, "--rules", "win=9"]) == 2
    assert capsys.readouterr().err.strip().endswith("2, 3 or 4, not 9.")
    assert main(["score", "grand-jeu", photo, "--rules", "speed=2"]) == 2
    assert "no option 'speed'" in capsys.readouterr().err
