"""A board's fairness rating: equal players, both seats, the same rating for the same seed."""

from __future__ import annotations

import doctest
import json

import pytest

from generator.rodeurs.layouts import random_layout
from patrolkit.games.rodeurs import Player, apply, fairness, is_legal, is_over, parse_turn
from patrolkit.games.rodeurs.engine import CannotPlay
from patrolkit.games.rodeurs.fairness import GameRecord, play_game, rate, summarise, wilson
from tests.rodeurs.helpers import CLASSIC

FAST = (1, 1)
"""Both players at the fastest level: these tests are about the rating, not the players."""


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(fairness).failed == 0


def test_the_wilson_interval_matches_known_values() -> None:
    assert wilson(0, 10).low == 0.0
    assert round(wilson(0, 10).high, 3) == 0.278
    assert round(wilson(10, 10).low, 3) == 0.722
    assert round(wilson(8, 20).low, 3) == 0.219 and round(wilson(8, 20).high, 3) == 0.613
    assert wilson(50, 100).inside(0.4, 0.6) and not wilson(40, 100).inside(0.4, 0.6)


def test_a_rated_game_is_a_legal_game_played_to_its_end() -> None:
    game = play_game(CLASSIC, 0, levels=FAST, seed=3)
    state = CLASSIC.state
    for notation in game.turns:
        turn = parse_turn(state, notation)
        assert is_legal(state, turn)
        state = apply(state, turn)
    assert is_over(state)


@pytest.mark.slow
def test_the_same_seed_gives_the_same_rating_and_another_seed_other_games() -> None:
    layout = random_layout(12)
    first = rate(layout, games=2, levels=FAST, seed=5)
    assert first == rate(layout, games=2, levels=FAST, seed=5)
    assert first.wins + first.draws + first.losses == 2
    assert first.nodes > 0 and first.seconds > 0
    games = {
        play_game(layout, index, levels=FAST, seed=seed).turns
        for index, seed in ((0, 5), (0, 6), (1, 5))
    }
    assert len(games) > 1


def test_games_shared_out_add_up_to_the_same_rating() -> None:
    layout = random_layout(3)
    records = [play_game(layout, index, levels=FAST, seed=9) for index in (2, 0, 1)]
    assert summarise(records, levels=(1, 1), seed=9) == rate(layout, games=3, levels=FAST, seed=9)


def test_two_levels_take_turns_at_moving_first() -> None:
    firsts = [play_game(CLASSIC, index, levels=(1, 2)).first_level for index in range(2)]
    assert firsts == [1, 2]


def test_the_rating_counts_from_the_first_players_side() -> None:
    records = [
        GameRecord(("d3xd5",), Player.WHITE, 4, 1, 10),
        GameRecord(("d3xd5",), Player.BLACK, -2, 1, 10),
        GameRecord(("d3xd5",), Player.WHITE, 1, 1, 10),
        GameRecord(("d3xd5",), None, 0, 1, 10),
    ]
    rating = summarise(records, levels=(1, 1), seed=0)
    assert (rating.wins, rating.draws, rating.losses) == (2, 1, 1)
    assert rating.margin_mean == 0.75 and rating.score == 0.625
    assert rating.to_json()["first_player"]["score"]["rate"] == 0.625
    assert rating.to_json()["cost"]["nodes"] == 40


def test_an_unknown_level_is_refused_before_any_game() -> None:
    with pytest.raises(CannotPlay, match="no level 7"):
        rate(CLASSIC, games=100, levels=(1, 7))


def test_the_rate_command_prints_the_rating_of_a_seeded_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from patrolkit.cli import main

    assert main(["rate", "rodeurs", "--seed", "12", "--games", "2", "--level", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = rate(random_layout(12), games=2, levels=FAST)
    assert printed["layout"]["board"] == random_layout(12).board.code
    assert printed["rating"]["first_player"] == expected.to_json()["first_player"]
    assert main(["rate", "rodeurs", "--games", "1", "--level", "1"]) == 0
    assert "First player over 1 game:" in capsys.readouterr().out
    assert main(["rate", "rodeurs", "--games", "1", "--level", "9"]) == 2
    assert "no level 9" in capsys.readouterr().err


@pytest.mark.slow
def test_a_game_at_the_default_level_repeats_for_its_seed() -> None:
    layout = random_layout(5)
    assert play_game(layout, 0, seed=1) == play_game(layout, 0, seed=1)
