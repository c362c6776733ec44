"""12 Patrols decks: the shipped ones, the generator, ratings and the deck file format."""

from __future__ import annotations

import random
import tomllib
from importlib import resources

import pytest

from generator.twelve_patrols.decks import (
    HEADER,
    REGIONS,
    SHIPPED,
    STYLES,
    decks_toml,
    random_cards,
    random_deck,
    rate,
)
from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.twelve_patrols import (
    DIFFICULTIES,
    Deck,
    RequirementKind,
    deck_from_dict,
    deck_to_dict,
    difficulty_of,
    is_win,
    new_game,
    rated_decks_from_dict,
    rated_to_dict,
    replay,
    shipped_decks,
    solve,
)

SEED_NAMES = {"Wild Plains", "Green Valley", "Lost Canyon"}


def rows_order(deck: Deck, cards: tuple[object, ...]) -> list[int]:
    return [deck.cards.index(card) + 1 for card in cards]


# -- the shipped decks -----------------------------------------------------------------------------


def test_we_ship_an_easy_a_medium_and_a_hard_deck() -> None:
    decks = shipped_decks()
    assert list(decks) == list(DIFFICULTIES)
    for key, rated in decks.items():
        assert rated.difficulty == key == rated.rating.difficulty
    assert len({rated.deck.name for rated in decks.values()}) == 3
    assert len({rated.deck.id for rated in decks.values()}) == 3


@pytest.mark.parametrize("key", DIFFICULTIES)
def test_every_shipped_deck_is_proved_winnable(key: str) -> None:
    rated = shipped_decks()[key]
    witness = rated.witness
    assert is_win(witness.solution.kingdom)
    order = rows_order(rated.deck, witness.solution.kingdom.cards)
    final = replay(new_game(rated.deck, witness.roll, order), witness.solution)
    assert final.kingdom == witness.solution.kingdom
    found = solve(rated.deck, witness.roll)
    assert found is not None and is_win(found.kingdom)


def test_the_shipped_decks_are_our_own() -> None:
    for rated in shipped_decks().values():
        assert "our own" in rated.note
        names = {card.name for card in rated.deck.cards}
        assert names <= set(REGIONS)
        assert not names & SEED_NAMES


def test_the_shipped_file_is_written_by_the_generator() -> None:
    text = resources.files("templates").joinpath("twelve_patrols.toml").read_text("utf-8")
    decks = shipped_decks()
    assert text == decks_toml(decks, HEADER)
    assert {key: rated.seed for key, rated in decks.items()} == SHIPPED


@pytest.mark.parametrize("key", ["easy", "hard"])
def test_a_shipped_deck_is_what_its_seed_gives(key: str) -> None:
    assert random_deck(SHIPPED[key], key) == shipped_decks()[key]


# -- the generator ---------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_generated_decks_are_proved_winnable_and_rated_as_asked(difficulty: str) -> None:
    for seed in (1, 5):
        rated = random_deck(seed, difficulty, rolls=10)
        assert rated.difficulty == difficulty == rated.rating.difficulty
        assert rated.rating.rolls == 10 and rated.rating.roll_seed == seed
        assert is_win(rated.witness.solution.kingdom)
        assert solve(rated.deck, rated.witness.roll) is not None


def test_a_rating_can_be_made_again_and_the_same_seed_gives_the_same_deck() -> None:
    rated = random_deck(1, "medium", rolls=10)
    again = rate(rated.deck, rolls=10, roll_seed=1)
    assert again is not None and again[0] == rated.rating
    assert random_deck(1, "medium", rolls=10) == rated
    assert random_deck(2, "hard", rolls=10).deck != rated.deck


def test_an_unknown_difficulty_or_a_negative_seed_is_refused() -> None:
    with pytest.raises(LayoutError, match="There is no 'brutal' difficulty: choose easy, medium"):
        random_deck(1, "brutal")
    with pytest.raises(LayoutError, match="Seed -1 is impossible"):
        random_deck(-1, "easy")


def test_generated_edges_carry_every_kind_of_requirement_zero_one_or_two() -> None:
    rng = random.Random(0)
    kinds: set[RequirementKind] = set()
    per_edge: set[int] = set()
    for difficulty in STYLES:
        for _ in range(6):
            for card in random_cards(rng, difficulty).cards:
                for edge in (card.north, card.east, card.south, card.west):
                    per_edge.add(len(edge))
                    kinds.update(r.kind for r in edge)
    assert kinds == set(RequirementKind)
    assert per_edge == {0, 1, 2}


def test_difficulty_comes_from_the_share_of_winnable_rolls_and_the_arrangements() -> None:
    assert difficulty_of(1.0, 200) == "easy"
    assert difficulty_of(0.8, 100) == "easy"
    assert difficulty_of(0.78, 200) == "medium"
    assert difficulty_of(1.0, 99) == "medium"
    assert difficulty_of(0.45, 10) == "medium"
    assert difficulty_of(1.0, 9) == "hard"
    assert difficulty_of(0.44, 200) == "hard"
    assert difficulty_of(0.15, 1) == "hard"
    assert difficulty_of(0.14, 200) is None


# -- the deck file format --------------------------------------------------------------------------


def test_decks_round_trip_through_toml() -> None:
    decks = shipped_decks()
    text = decks_toml(decks, ["a header line"])
    assert text.startswith("# a header line\n")
    assert rated_decks_from_dict(tomllib.loads(text)) == decks
    for rated in decks.values():
        assert deck_from_dict(deck_to_dict(rated.deck)) == rated.deck


def test_a_deck_file_with_a_mistake_is_refused_with_one_sentence() -> None:
    table = rated_to_dict(shipped_decks()["easy"])
    wrong = dict(table, difficulty="hard")
    with pytest.raises(LayoutError, match="is marked hard, but its figures make it easy"):
        rated_decks_from_dict({"decks": {"easy": wrong}})
    cheat = dict(table, witness=dict(table["witness"], patrols=table["witness"]["patrols"][::-1]))
    with pytest.raises(LayoutError, match="does not win"):
        rated_decks_from_dict({"decks": {"easy": cheat}})
    cards = [dict(table["cards"][0], edges="N3+Q:-:-:-"), *table["cards"][1:]]
    with pytest.raises(NotationError, match=r"Card 1 \(Ashen Moor\) of .*: 'Q' is not a"):
        deck_from_dict(dict(table, cards=cards))
    with pytest.raises(LayoutError, match="A deck has 9 cards, not 8"):
        deck_from_dict(dict(table, cards=table["cards"][:8]))
    with pytest.raises(LayoutError, match="holds a 'decks' table"):
        rated_decks_from_dict({})
