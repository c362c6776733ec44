"""Rôdeurs in French: the kits print in French and keep every code, the referee and the rules
explain themselves in French, and everything that is not a sentence (notation, positions, JSON
keys and values, payloads) stays the same in both languages."""

from __future__ import annotations

from typing import Any

import pypdfium2 as pdfium
import pytest

from companion.rodeurs.reader import read_photo
from companion.rodeurs.verdict import check_verdict, format_verdict
from generator.rodeurs import batch
from generator.rodeurs.batch import render_board_batch
from generator.rodeurs.board import rating_lines
from generator.rodeurs.layouts import random_layout
from patrolkit.cli import main
from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Board, Layout, State, classic_layout
from patrolkit.games.rodeurs.fairness import Rating
from patrolkit.i18n import speaking
from patrolkit.payload import decode
from tests.kit_helpers import grey, read_codes
from tests.language import english_left
from tests.rodeurs.reader_photos import LAYOUT_SEED, Shoot, play, shooter

NBSP = "\u00a0"


BATCH: tuple[Layout, ...] = (classic_layout(), random_layout(1), random_layout(2, diagonal=True))


def _page_texts(pdf: bytes) -> list[str]:
    return [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)]


# -- the kits --------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_french_batch_of_boards_is_french_and_each_board_keeps_its_codes() -> None:
    with speaking("fr"):
        pdf, boards = render_board_batch(BATCH, "letter", workers=1)
    pages = _page_texts(pdf)
    assert english_left("\n".join(pages)) == []
    assert "Rôdeurs — plateaux" in pages[0] and "3 plateaux" in pages[0]
    assert "aléatoire, graine 2" in pages[0] and "sauts en ligne droite et en diagonale" in pages[0]
    document = pdfium.PdfDocument(pdf)
    for geometry, layout in zip(boards, BATCH, strict=True):
        page = document[geometry.sheet - 1]
        assert f"Plateau Rôdeurs {layout.board.code}" in pages[geometry.sheet - 1]
        found = read_codes(grey(page, 200))
        assert len(found) == 4 and {decode(r.text).board for r in found} == {layout.board.code}  # type: ignore[union-attr]


@pytest.mark.slow
def test_a_french_batch_drawn_on_two_cores_is_the_one_drawn_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layouts = [random_layout(seed, diagonal=seed % 3 == 0) for seed in range(batch.SERIAL_BELOW)]
    with speaking("fr"):
        here = render_board_batch(layouts, "a4", workers=1)[0]

        def no_fallback(*args: object) -> None:
            raise AssertionError("the batch fell back to one process")

        monkeypatch.setattr(batch, "_pages_here", no_fallback)
        shared = render_board_batch(layouts, "a4", workers=2)[0]
    assert shared == here
    assert f"Plateau Rôdeurs {layouts[-1].board.code}" in _page_texts(shared)[-1]


def test_the_rating_printed_on_a_board_reads_french_numbers() -> None:
    rating = Rating(160, 80, 2, 78, 0.4, (1, 1), 0, 5000)
    with speaking("fr"):
        head, detail = rating_lines(rating)
        description = rating.description
    assert head == f"Premier joueur{NBSP}: 51{NBSP}%"
    assert detail == f"(43–58{NBSP}%) sur 160 parties, niv. 1"
    assert "écart moyen +0,4 points" in description
    assert rating_lines(rating) == ("First player scores 51%", "(43%–58%) in 160 games, level 1")


def test_kit_help_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["kit", "rodeurs", "--help", "--lang", "fr"])
    said = capsys.readouterr().out
    assert "autoriser les sauts en diagonale" in said
    assert "--diagonal" in said and "--rated" in said


# -- the rules -------------------------------------------------------------------------------------


def test_an_illegal_turn_is_explained_in_french_and_unchanged_in_english() -> None:
    start = classic_layout().state
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        rodeurs.parse_turn(start, "d3xd5 c3xe3")
    assert str(french.value) == "Le premier tour est un saut unique, pas 2 sauts."
    with pytest.raises(IllegalTurn, match=r"^The opening turn is a single jump, not 2 jumps\.$"):
        rodeurs.parse_turn(start, "d3xd5 c3xe3")
    with speaking("fr"):
        assert rodeurs.parse_turn(start, "d3xd5").notation == "d3xd5"


def test_a_change_no_turn_explains_is_refereed_in_french() -> None:
    before = classic_layout().state
    pawns = list(before.pawns)
    pawns[rodeurs.parse_square("d3")] = None
    after = State(before.board, tuple(pawns), rodeurs.Player.BLACK, opening=False)
    with speaking("fr"), pytest.raises(IllegalTurn) as french:
        rodeurs.validate(before, after)
    message = str(french.value)
    assert message.startswith("Des pions ont quitté d3") and english_left(message) == []
    with pytest.raises(IllegalTurn, match=r"^Pawns left d3 but no pawn landed anywhere"):
        rodeurs.validate(before, after)


def test_notation_and_layout_errors_are_french_and_notation_itself_is_neutral() -> None:
    state = classic_layout().state
    with speaking("fr"):
        with pytest.raises(NotationError, match=rf"^«{NBSP}z9{NBSP}» n’est pas une case"):
            rodeurs.parse_square("z9")
        with pytest.raises(LayoutError, match=r"^Seule la rangée du milieu"):
            Board.from_lower_half([rodeurs.CellColour.GREY] * 28)
        french_text = state.text
        french_json = state.to_json()
    assert french_text == state.text and french_json == state.to_json()


def test_the_result_names_the_players_in_french() -> None:
    end = rodeurs.State.from_pawns("a1=r", board=classic_layout().board)
    with speaking("fr"):
        said = rodeurs.result(end).description
    english = rodeurs.result(end).description
    assert english.endswith("wins with 0 points against 3.")
    assert said.endswith("gagne avec 0 point contre 3.") and said.split()[0] in ("Blanc", "Noir")


# -- the referee on photos -------------------------------------------------------------------------


def _shapes(value: Any) -> Any:
    """``value`` with every string left out: the keys and structure of a verdict."""
    if isinstance(value, dict):
        return {key: _shapes(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shapes(item) for item in value]
    return None if isinstance(value, str) else value


@pytest.mark.slow
def test_a_french_check_verdict_speaks_french_and_keeps_its_keys_and_notation(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    layout = random_layout(LAYOUT_SEED)
    shoot: Shoot = shooter(layout, tmp_path_factory)
    before = play(layout, 4, seed=5)
    pawns = list(before.pawns)
    gone = next(sq for sq, pawn in enumerate(pawns) if pawn is not None)
    pawns[gone] = None  # a pawn leaves the table without any jump
    after = State(before.board, tuple(pawns), None, opening=False)
    with speaking("fr"):
        first = read_photo(shoot(before.text, "top", 30))
        second = read_photo(shoot(after.text, "top", 31))
        french = check_verdict(first, second)
        words = format_verdict(french)
    english = check_verdict(first, second)
    assert french["legal"] is False and english["legal"] is False
    assert french["reason"].startswith("Des pions ont quitté")
    assert english["reason"].startswith("Pawns left")
    for key in ("state", "turn", "turn_kind", "mover", "winner", "decided_by"):
        assert french[key] == english[key]
    assert french["board"]["code"] == english["board"]["code"] == layout.board.code
    without_timings = {k: v for k, v in french.items() if k != "timings_s"}
    assert _shapes(without_timings) == _shapes(
        {k: v for k, v in english.items() if k != "timings_s"}
    )
    assert words.startswith(f"Illégal{NBSP}: Des pions ont quitté")
    assert f"Plateau {layout.board.code}" in words
    assert english_left(words) == []
