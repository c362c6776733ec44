"""French and English: which language a command speaks, the shared words said in it, and the
catalogs that hold them (complete for every domain, French typography in every French one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.load import load_picture
from companion.verdict import foreign_codes_lines, join_photos
from generator.frame import sheets_text
from patrolkit.cli import main
from patrolkit.errors import PhotoError
from patrolkit.i18n import (
    DOMAINS,
    LANGUAGES,
    LOCALE_DIR,
    _,
    language,
    language_from_environment,
    language_from_header,
    speaking,
)
from patrolkit.numbers import grouped
from patrolkit.registry import find_game
from tests.language import english_left
from tools.catalogs import conflicts, gaps

NO_BREAK = "\u00a0"
FRENCH_CATALOGS = sorted((LOCALE_DIR / "fr" / "LC_MESSAGES").glob("*.po"))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse exits on its own after --help and its errors
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def prose(help_text: str) -> str:
    """The sentences of a ``--help`` text: without its usage lines, option names, metavars,
    choices, paths, quoted option examples and the command names of its command list."""
    lines = []
    in_usage = False
    for line in help_text.splitlines():
        if line.startswith("utilisation") or line.startswith("usage"):
            in_usage = True
        elif not line.strip():
            in_usage = False
        if in_usage:
            continue
        lines.append(re.sub(r"^ {4}[\w-]+(?= {2,}|$)", "", line))
    text = "\n".join(lines)
    for pattern in (r"\{[^}]*\}", r"'[^']*'", r"\S*/\S*", r"--?[\w-]+", r"\b[A-Z_]{2,}\b"):
        text = re.sub(pattern, " ", text)
    return text


# -- which language ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_BE.UTF-8"}, "fr"),
        ({"LANG": "C"}, "en"),
    ],
)
def test_the_environment_s_locale_chooses_the_language(
    environ: dict[str, str], expected: str
) -> None:
    assert language_from_environment(environ) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-CH,fr;q=0.9,en;q=0.8", "fr"),
        ("en-US,en;q=0.9,fr;q=0.5", "en"),
        ("de-DE,fr;q=0.3", "fr"),
        ("de,it", "en"),
        ("fr;q=0,en;q=0.1", "en"),
        ("en;q=0.2,fr;q=0.8", "fr"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_a_browser_s_accept_language_chooses_the_language(
    header: str | None, expected: str
) -> None:
    assert language_from_header(header) == expected


def test_a_french_locale_makes_the_commands_speak_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _err = run(["games"], capsys)
    assert code == 0
    assert out.split()[:2] == ["jeu", "titre"]
    assert "12 patrouilles" in out


def test_lang_wins_over_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _err = run(["games", "--lang", "en"], capsys)
    assert code == 0
    assert out.split()[:2] == ["game", "title"]
    assert "12 Patrols" in out


@pytest.mark.parametrize("argv", [["--lang", "de", "games"], ["games", "--lang=de"]])
def test_a_language_patrolkit_does_not_speak_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert "'de'" in err and "en, fr" in err


# -- --help and the command line's own errors ---------------------------------------------------


def test_patrolkit_help_reads_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(["--lang", "fr", "--help"], capsys)
    assert code == 0
    assert out.startswith(f"utilisation{NO_BREAK}: patrolkit ")
    assert f"options{NO_BREAK}:" in out
    assert "afficher cette aide et quitter" in out
    assert "imprimer un kit complet" in out
    assert english_left(prose(out)) == []


def test_the_help_of_a_game_s_kit_reads_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(["--lang", "fr", "kit", "rodeurs", "--help"], capsys)
    assert code == 0
    assert out.startswith(f"utilisation{NO_BREAK}: patrolkit kit rodeurs ")
    assert "format du papier (par défaut a4)" in out
    assert "écraser un kit existant" in out
    assert english_left(prose(out)) == []


def test_the_help_stays_english_without_lang(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(["kit", "rodeurs", "--help"], capsys)
    assert code == 0
    assert out.startswith("usage: patrolkit kit rodeurs ")
    assert "show this help message and exit" in out
    assert "paper size (default a4)" in out


def test_an_option_mistake_is_one_french_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(["--lang", "fr", "kit", "rodeurs", "--paper", "a5"], capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert f"argument --paper{NO_BREAK}: choix invalide{NO_BREAK}: 'a5'" in err
    assert "(voir --help)" in err


def test_an_unknown_game_is_said_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(["--lang", "fr", "kit", "chess"], capsys)
    assert code == 2
    assert f"jeu inconnu «{NO_BREAK}chess{NO_BREAK}»" in err


# -- the shared words ------------------------------------------------------------------------------


def test_a_missing_photo_is_refused_in_french(tmp_path: Path) -> None:
    missing = tmp_path / "table.jpg"
    with speaking("fr"), pytest.raises(PhotoError) as refusal:
        load_picture(missing)
    assert str(refusal.value) == f"Il n’y a pas de fichier photo à l’emplacement {missing}."
    with pytest.raises(PhotoError, match="There is no photo file at"):
        load_picture(missing)


def test_a_file_that_is_no_photo_is_refused_in_one_french_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    photo = tmp_path / "table.jpg"
    photo.write_text("not a photo at all")
    code, out, err = run(["--lang", "fr", "score", "rodeurs", str(photo)], capsys)
    assert code == 2 and out == ""
    assert err == (
        f"patrolkit{NO_BREAK}: Ce fichier n’est pas une photo que le compagnon sait lire"
        " (JPEG, PNG, WebP ou HEIC).\n"
    )


def test_an_image_too_large_says_its_limit_the_french_way() -> None:
    with speaking("fr"):
        assert grouped(30_000) == f"30{NO_BREAK}000"
    assert grouped(30_000) == "30,000"


def test_the_verdict_s_shared_lines_are_french_and_keep_their_keys() -> None:
    first = {"judged": True, "unreadable": [], "foreign_codes": [], "problems": ["a"]}
    english = {"judged": True, "unreadable": [], "foreign_codes": [{}, {}], "problems": ["b"]}
    french = dict(english)
    join_photos(english, first)
    with speaking("fr"):
        join_photos(french, first)
        lines = foreign_codes_lines(french)
    assert english["problems"] == ["Before: a", "After: b"]
    assert french["problems"] == [f"Avant{NO_BREAK}: a", f"Après{NO_BREAK}: b"]
    assert french.keys() == english.keys()
    assert lines == [
        f"2 codes QR sur la table n’appartiennent à aucun jeu de ce kit{NO_BREAK}: ils ont été"
        " ignorés."
    ]
    assert foreign_codes_lines({"foreign_codes": [{}]}) == [
        "Ignored a QR code on the table that belongs to no game of this kit."
    ]


def test_the_kit_frame_is_french_at_the_moment_it_is_drawn() -> None:
    assert sheets_text(3, 2) == "Sheets 3–4"
    with speaking("fr"):
        assert sheets_text(3, 1) == "Feuille 3"
        assert find_game("twelve-patrols").local_title == "12 patrouilles"
        assert language() == "fr"
    assert find_game("twelve-patrols").local_title == "12 Patrols"


# -- the catalogs -------------------------------------------------------------------------------


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_catalog_holds_every_string_its_code_says(domain: str) -> None:
    """Nothing missing, nothing stale, everything translated and compiled, the same
    placeholders in both languages."""
    for lang in LANGUAGES[1:]:
        assert (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").exists()
        found = gaps(lang, domain)
        assert not found, found


def test_no_two_catalogs_say_the_same_english_differently() -> None:
    """The catalogs are chained into one when said, so a string two games translate differently
    would come out in one game's words in both."""
    for lang in LANGUAGES[1:]:
        assert conflicts(lang) == {}


def _strings(path: Path) -> list[str]:
    with path.open("rb") as file:
        catalog = read_po(file)
    said: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        said += [text for text in strings if text]
    return said


@pytest.mark.parametrize("path", FRENCH_CATALOGS, ids=lambda path: path.stem)
def test_every_french_catalog_follows_french_typography(path: Path) -> None:
    """A no-break space (never a narrow one, which the PDF font lacks) before : ; ! ? and
    inside guillemets."""
    for text in _strings(path):
        assert "\u202f" not in text, text
        assert not re.search(r" [:;!?]", text), text
        assert not re.search(r"«(?!\u00a0)", text), text
        assert not re.search(r"(?<!\u00a0)»", text), text


def test_the_french_catalogs_are_there() -> None:
    assert {path.stem for path in FRENCH_CATALOGS} == set(DOMAINS)
    with speaking("fr"):
        assert _("usage: ") == f"utilisation{NO_BREAK}: "
