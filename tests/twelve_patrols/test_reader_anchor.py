"""Never a guess on a 12 Patrols table: the cards read are given a place in the 3 x 3 grid only
when the photo shows where they lie. A small kingdom with nothing unread round it is put at the
top left (the verdict tries every place); cards unread round the cards read must, with them,
span the grid, or the cards read get no place at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.camera.twelve_patrols.layout import Setup, random_setup
from companion.camera.twelve_patrols.scene import photograph
from companion.twelve_patrols.anchor import beyond, pin
from companion.twelve_patrols.reader import read_photo
from companion.twelve_patrols.reading import CARD_UNREAD, PLACE_WORDS
from companion.twelve_patrols.verdict import format_verdict, score_verdict
from generator.twelve_patrols.kit import write_kit
from patrolkit.games.twelve_patrols import DIFFICULTIES, SLOTS, Kingdom, shipped_decks

LOW_LIGHT_SEED = 70002
"""A dim, grainy photo of three cards where the code of only one can be read."""


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for difficulty in DIFFICULTIES:
        made[difficulty] = tmp_path_factory.mktemp(difficulty)
        write_kit(shipped_decks()[difficulty].deck, made[difficulty])
    return made


def _true_places(kingdom: Kingdom) -> dict[int, tuple[int, int]]:
    return {kingdom.deck.number(c): p for p in kingdom.placed if (c := kingdom.card_at(p))}


# -- what the cards seen pin down -------------------------------------------------------------


def test_cards_with_nothing_unread_round_them_stay_at_the_top_left() -> None:
    assert pin([(0, 0), (0, 1)], []) == (0, 0)


def test_unread_cards_spanning_the_grid_with_the_cards_read_place_them() -> None:
    # One card read; cards unread above it, to its left and right, and two rows below.
    assert pin([(0, 0)], [(-1, 0), (0, -1), (0, 1), (1, 0)]) == (1, 1)
    assert pin([(0, 0), (0, 1)], [(1, 2), (-1, 0)]) == (1, 0)


def test_unread_cards_that_do_not_span_the_grid_leave_the_cards_read_without_a_place() -> None:
    assert pin([(0, 0)], [(0, 1)]) is None
    assert pin([(0, 0)], [(-1, 0), (1, 0)]) is None  # three rows, but only one column
    assert pin([(0, 0), (1, 0)], [(-1, 0), (2, 0), (0, 1), (0, 2)]) is None  # four rows


def test_the_places_beyond_the_grid_spanned_are_those_where_no_card_can_lie() -> None:
    outside = beyond([(0, 0)], [(-1, 0), (0, -1), (0, 1), (1, 0)])
    assert outside == [(-2, 0), (0, -2), (0, 2), (2, 0)]
    row, column = [(0, 0), (0, 1), (0, 2)], [(1, 1), (2, 1)]
    assert beyond(row, column) == [(-1, 0), (-1, 1), (-1, 2), (0, -1), (0, 3), (3, 1)]


# -- photos -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_dim_photo_never_puts_a_card_on_a_place_it_does_not_lie_on(
    kits: dict[str, Path],
) -> None:
    difficulty = DIFFICULTIES[LOW_LIGHT_SEED % len(DIFFICULTIES)]
    setup = random_setup(shipped_decks()[difficulty].deck, LOW_LIGHT_SEED)
    kingdom = setup.kingdom
    assert len(kingdom.placed) == 3
    photo = photograph(kits[difficulty], setup, preset="low-light", seed=LOW_LIGHT_SEED)
    reading = read_photo(photo.jpeg)
    truth = _true_places(kingdom)
    for card in reading.cards:
        assert truth[card.number] == card.position
    for u in reading.unread:
        if u.reason == CARD_UNREAD and u.where in PLACE_WORDS:
            assert kingdom.card_at(PLACE_WORDS[u.where]) is not None, u.where
    verdict = score_verdict(reading)
    assert not verdict["judged"]
    if reading.unplaced:
        assert verdict["state"] is None and reading.cards == ()
        assert verdict["cards_read"] == len(reading.unplaced)
        first = verdict["unreadable"][0]["what"]
        assert first.startswith("the cards read do not show where they lie in the kingdom;")
        assert "could not be read" in first
        assert not any(u["where"] in PLACE_WORDS for u in verdict["unreadable"])
        assert "Cannot judge" in format_verdict(verdict)


@pytest.mark.slow
def test_a_small_kingdom_in_progress_with_nothing_unread_is_read_at_the_top_left(
    kits: dict[str, Path],
) -> None:
    whole = shipped_decks()["easy"].witness.solution.kingdom
    cards = {p: c for p in [(1, 1), (1, 2)] if (c := whole.card_at(p)) is not None}
    patrols = {s: whole.patrol(s) for s in SLOTS if s.a in cards and s.b in cards}
    kingdom = Kingdom.build(whole.deck, cards, patrols).anchored()
    setup = Setup(kingdom, ())
    reading = read_photo(photograph(kits["easy"], setup, preset="top", seed=3).jpeg)
    assert reading.unplaced == () and reading.unread == ()
    assert {c.number: c.position for c in reading.cards} == _true_places(kingdom)
    assert sorted(c.position for c in reading.cards) == [(0, 0), (0, 1)]
    verdict = score_verdict(reading)
    assert verdict["judged"] and verdict["state"] == kingdom.text
    assert verdict["reachable"] is not None
