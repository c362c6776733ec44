"""The game registry: one entry per game, from which the command line is built."""

from __future__ import annotations

import importlib

import pytest

from patrolkit import registry
from patrolkit.cli import main
from patrolkit.errors import UnknownGame
from patrolkit.payload import Game
from patrolkit.registry import Offer

NEEDS = {
    Offer.KIT: ("add_kit_arguments", "run_kit"),
    Offer.BOARDS: ("add_boards_arguments", "run_boards"),
    Offer.DECK: ("add_deck_arguments", "run_deck"),
    Offer.RATE: ("add_rate_arguments", "run_rate"),
    Offer.SIMULATE: ("run_simulate",),
    Offer.SCORE: ("run_score",),
    Offer.CHECK: ("run_check",),
    Offer.HINT: ("add_hint_arguments", "run_hint"),
}


def test_every_payload_game_has_one_entry() -> None:
    assert sorted(game.code.value for game in registry.GAMES) == sorted(g.value for g in Game)
    assert len(set(registry.names())) == len(registry.GAMES)


def test_a_game_title_comes_from_the_registry() -> None:
    assert Game.TWELVE_PATROLS.title == "12 Patrols"
    assert Game.RODEURS.title == registry.find_game("rodeurs").title == "Rôdeurs"


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.names())
def test_every_offer_is_backed_by_the_module_the_registry_names(game: registry.GameEntry) -> None:
    if game.offers:
        assert importlib.import_module(game.rules)
    for offer in game.offers:
        module = importlib.import_module(game.module(offer))
        for name in NEEDS[offer]:
            assert callable(getattr(module, name)), f"{game.module(offer)} lacks {name}"


def test_an_unknown_game_is_named_in_one_sentence() -> None:
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        registry.find_game("chess")


def test_the_kit_command_lists_exactly_the_games_that_offer_a_kit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["kit", "--help"])
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.split("GAME\n", 1)[1].split("\n\n")[0].splitlines()]
    listed = [name for name in listed if name in registry.names()]
    assert listed == [game.name for game in registry.games_offering(Offer.KIT)]


def test_games_lists_every_game_and_what_it_offers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line for line in out[1:]}
    assert set(rows) == set(registry.names())
    assert rows["rodeurs"].endswith("kit, boards, rate, simulate, score, check, hint")
    assert rows["twelve-patrols"].endswith("kit, deck, simulate, score")
    assert rows["stratego"].endswith("kit, simulate, score, check")
    assert rows["grand-jeu"].endswith("kit, simulate, score, check")
