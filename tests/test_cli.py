"""The command line: every mistake a user can make ends in one line and a non-zero exit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from patrolkit.cli import build_parser, main

SUBCOMMANDS = ("kit", "boards", "deck", "simulate", "score", "check", "games", "demo")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse exits on its own errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    assert "usage: patrolkit " + command in out


def test_an_unknown_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "chess"], capsys)
    assert_one_line_error(code, err, "unknown game 'chess'")


def test_a_game_not_yet_available_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["boards", "grand-jeu"], capsys)
    assert_one_line_error(code, err, "does not take grand-jeu yet")


def test_a_game_that_checks_one_turn_refuses_a_third_photo(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["check", "rodeurs", "a.jpg", "b.jpg", "c.jpg"], capsys)
    assert_one_line_error(code, err, "one turn", "BEFORE and AFTER")


def test_secrets_are_refused_by_a_game_that_hides_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["score", "patrolis", "t.jpg", "--secrets", "a", "b"], capsys)
    assert_one_line_error(code, err, "hides nothing", "--secrets")


def test_stratego_without_its_secrets_says_what_to_add(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["score", "stratego", "table.jpg"], capsys)
    assert_one_line_error(code, err, "--secrets RED BLUE")


def test_a_seed_that_is_not_a_number_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--seed", "seven"], capsys)
    assert_one_line_error(code, err, "whole number", "seven")


def test_a_negative_seed_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--seed", "-3"], capsys)
    assert_one_line_error(code, err, "0 or more")


def test_an_unknown_paper_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--paper", "a5"], capsys)
    assert_one_line_error(code, err, "a5")


def test_an_unknown_option_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--colour", "blue"], capsys)
    assert_one_line_error(code, err, "--colour")


def test_an_impossible_mix_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--mix", "15,21,20", "--out", str(tmp_path)], capsys)
    assert_one_line_error(code, err)


def test_an_invalid_hand_made_layout_names_the_broken_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = tmp_path / "mine.toml"
    rows = ["bwbwbwb", "wbwbwbw", "bwbwbwb", "wbwbwbw", "-------"]
    mirrored = list(reversed(rows[:4]))  # each cell the same colour as its mirror
    pawns = ["ryggyry"] * 4 + ["......."] + ["ryggyry"] * 4
    layout.write_text(
        f'name = "mine"\ncells = """\n{chr(10).join(rows + mirrored)}\n"""\n'
        f'pawns = """\n{chr(10).join(pawns)}\n"""\n'
    )
    code, _, err = run(
        ["kit", "rodeurs", "--layout", str(layout), "--out", str(tmp_path / "k")], capsys
    )
    assert_one_line_error(code, err, "mirror")


def test_a_missing_layout_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["kit", "rodeurs", "--layout", str(tmp_path / "nope.toml")], capsys)
    assert_one_line_error(code, err, "no layout file")


def test_an_existing_kit_is_not_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "kit"
    assert run(["kit", "rodeurs", "--seed", "7", "--out", str(out)], capsys)[0] == 0
    before = (out / "kit.pdf").read_bytes()
    code, _, err = run(["kit", "rodeurs", "--seed", "8", "--out", str(out)], capsys)
    assert_one_line_error(code, err, "--force")
    assert (out / "kit.pdf").read_bytes() == before
    assert run(["kit", "rodeurs", "--seed", "8", "--out", str(out), "--force"], capsys)[0] == 0
    assert (out / "kit.pdf").read_bytes() != before


def test_the_installed_command_finds_its_templates_from_any_folder(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "patrolkit", "kit", "rodeurs", "--out", "classic"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "classic" / "kit.pdf").stat().st_size > 10_000
    assert (tmp_path / "classic" / "kit.json").exists()


def test_the_parser_knows_every_subcommand() -> None:
    help_text = build_parser().format_help()
    for command in SUBCOMMANDS:
        assert command in help_text


def test_patrolis_players_outside_two_to_six_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["kit", "patrolis", "--players", "7"], capsys)
    assert_one_line_error(code, err, "2 to 6 players")


def test_a_patrolis_map_too_big_for_the_paper_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["kit", "patrolis", "--size", "30", "--out", str(tmp_path / "k")], capsys)
    assert_one_line_error(code, err)
    assert not (tmp_path / "k" / "kit.pdf").exists()


def test_a3_is_only_for_boards_that_need_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "rodeurs", "--paper", "a3"], capsys)
    assert_one_line_error(code, err, "a3")


def test_a_new_twelve_patrols_deck_is_written_and_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "deck.toml"
    code, out, _ = run(["deck", "twelve-patrols", "--seed", "4", "--out", str(deck)], capsys)
    assert code == 0 and "rolls winnable" in out
    kit = tmp_path / "kit"
    code, _, err = run(
        ["kit", "twelve-patrols", "--deck-file", str(deck), "--out", str(kit)], capsys
    )
    assert code == 0, err
    assert (kit / "kit.pdf").exists() and (kit / "kit.json").exists()
    code, _, err = run(["deck", "twelve-patrols", "--seed", "4", "--out", str(deck)], capsys)
    assert_one_line_error(code, err, "--force")


def test_a_bad_duplex_offset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["kit", "twelve-patrols", "--duplex-offset", "left"], capsys)
    assert_one_line_error(code, err, "X,Y")


def test_rules_are_refused_by_a_game_with_no_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "rodeurs", "a.jpg", "b.jpg", "--rules", "win=3"], capsys)
    assert_one_line_error(code, err, "no options", "--rules")
