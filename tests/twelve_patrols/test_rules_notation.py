"""12 Patrols notation: cards, items and turns written out, and read back."""

from __future__ import annotations

import doctest
import random

import pytest

from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Card,
    Deck,
    Item,
    ItemKind,
    Kingdom,
    PlaceCard,
    PlacePatrol,
    Requirement,
    Reroll,
    State,
    Turn,
    apply,
    format_turn,
    is_legal,
    kingdom,
    new_game,
    parse_turn,
    places,
    shipped_decks,
    turns,
)
from patrolkit.games.twelve_patrols import play as play_module
from tests.twelve_patrols.helpers import (
    LEFT,
    ROW,
    B,
    W,
    Y,
    card,
    cube,
    die,
    play,
    top_row,
)

# -- notation --------------------------------------------------------------------------------------


def test_card_codes_and_item_notations_read_back() -> None:
    assert Card.from_code("X", "N3+B:-:S6:A").code == "N3+B:-:S6:A"
    assert Item.parse("D-B2=4") == die(B, 2, 4) and Item.parse("Q-Y1") == cube(Y, 1)
    for bad in ("N3+Q:-:-:-", "N:-:-:-", "N100:-:-:-", "N0:-:-:-"):
        with pytest.raises(NotationError):
            Card.from_code("X", bad)
    with pytest.raises(NotationError, match="not an item"):
        Item.parse("D-G2=4")
    with pytest.raises(NotationError, match="numbered 1 to 3"):
        Item(ItemKind.CUBE, W, 4)


def test_items_and_requirements_sort() -> None:
    assert sorted([die(B, 1, 2), cube(Y, 2), cube(W, 3)]) == [cube(W, 3), cube(Y, 2), die(B, 1, 2)]
    assert sorted(Requirement.parse(c) for c in ("S6", "A", "N2")) == [
        Requirement.parse("N2"),
        Requirement.parse("A"),
        Requirement.parse("S6"),
    ]


def test_a_deck_has_nine_cards_with_different_names() -> None:
    with pytest.raises(LayoutError, match="A deck has 9 cards, not 2"):
        Deck("small", (card("A"), card("B")))
    with pytest.raises(LayoutError, match="are both called Blank 0"):
        Deck("twice", (card("Blank 0"), *(card(f"Blank {i}") for i in range(8))))


# -- turns -----------------------------------------------------------------------------------------


def test_each_kind_of_turn_is_written_by_its_mark_and_reads_back() -> None:
    turns = {
        "4@tl": PlaceCard(4, (0, 0)),
        "tl-tc:Q-W1,D-B2=4": PlacePatrol(LEFT, (die(B, 2, 4), cube(W, 1))),
        "D-B2=4>6/Q-Y1": Reroll(die(B, 2, 4), 6, cube(Y, 1)),
    }
    for text, turn in turns.items():
        assert Turn.parse(text) == turn and Turn.parse(turn.notation) == turn
        assert type(turn).parse(turn.notation) == turn
    assert Turn.parse("9@MC").notation == "9@mc" and Turn.parse("tc-tl:Q-W1") == Turn.parse(
        "tl-tc:Q-W1"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4-tl", "is not a turn: lay a card like 4@tl"),
        ("0@tl", "numbered 1 to 9, not 0"),
        ("x@tl", "named by its number"),
        ("4@tx", "write its row \\(t, m, b\\) and column \\(l, c, r\\)"),
        ("tl-mc:Q-W1", "not side by side"),
        ("tl:Q-W1", "write its two positions joined by -"),
        ("tl-tc:", "at least one item"),
        ("tl-tc:Q-G1", "not an item"),
        ("D-B2=4>7/Q-Y1", "its new value \\(1 to 6\\)"),
        ("D-B2=4>6", "its new value \\(1 to 6\\) and the item discarded"),
    ],
)
def test_a_turn_that_cannot_be_read_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Turn.parse(text)
    with pytest.raises(NotationError):
        PlaceCard.parse("tl-tc:Q-W1")


def test_a_turn_is_read_against_the_game_it_is_played_in() -> None:
    game = play()
    assert parse_turn(game, "2@mc") == PlaceCard(2, (1, 1))
    with pytest.raises(IllegalTurn, match="not face up"):
        parse_turn(game, "9@mc")
    second = apply(apply(game, PlaceCard(1, (0, 0))), PlaceCard(2, (0, 1)))
    with pytest.raises(IllegalTurn, match="shows 1, not 4"):
        parse_turn(second, "tl-tc:D-W1=4")
    assert parse_turn(second, "tl-tc:D-W1=1") == PlacePatrol(LEFT, (die(W, 1, 1),))


def test_is_legal_answers_without_comparing_games() -> None:
    game = play()
    assert is_legal(game, PlaceCard(1, (2, 2)))
    assert not is_legal(game, PlaceCard(7, (2, 2)))
    assert is_legal(game, Reroll(die(W, 1, 1), 6, cube(Y, 1)))
    assert not is_legal(game, Reroll(die(W, 1, 1), 1, cube(Y, 1)))


def random_turns(state: State, rng: random.Random) -> list[Turn]:
    """Candidate turns, legal or not: every face-up card anywhere, a patrol or a re-roll."""
    numbers = [state.deck.number(c) for c in state.offer]
    turns: list[Turn] = [PlaceCard(n, (r, c)) for n in numbers for r in range(3) for c in range(3)]
    items = list(state.supply)
    if items:
        for slot in SLOTS:
            turns.append(PlacePatrol(slot, tuple(rng.sample(items, min(len(items), 2)))))
        dice = [item for item in items if item.is_die]
        if dice and len(items) > 1:
            die_ = rng.choice(dice)
            other = rng.choice([item for item in items if item.key != die_.key])
            turns.append(
                Reroll(die_, rng.choice([v for v in range(1, 7) if v != die_.value]), other)
            )
    return turns


def test_every_turn_of_random_games_reads_back_from_what_format_turn_writes() -> None:
    rng = random.Random(12)
    played = 0
    for name, deck in sorted((n, rated.deck) for n, rated in shipped_decks().items()):
        state = new_game(deck, tuple(rng.randint(1, 6) for _ in range(9)))
        while legal := [t for t in random_turns(state, rng) if is_legal(state, t)]:
            turn = rng.choice(legal)
            assert parse_turn(state, format_turn(state, turn)) == turn, name
            state = apply(state, turn)
            played += 1
    assert played > 30


# -- sparse kingdoms ----------------------------------------------------------------------------


def test_a_kingdom_holds_only_the_cards_and_patrols_written_out() -> None:
    kingdom = Kingdom.from_placed(ROW, "1@tl 2@tc 3@tr tl-tc:Q-W1,D-B2=4")
    assert kingdom == top_row([cube(W, 1), die(B, 2, 4)], [])
    assert Kingdom.from_placed(ROW, kingdom.placed_text) == kingdom
    assert Kingdom.from_placed(ROW, "") == Kingdom(ROW)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1@tl 2@tl", "Two cards lie at the top left position"),
        ("1@tl 1@tc", "lies twice in the kingdom"),
        ("1@tl tl-tc:Q-W1", "a patrol needs a card on both sides"),
        ("1@tl 2@tc tl-tc:Q-W1 tc-tl:Q-W2", "Two patrols stand between top left and top centre"),
        ("D-B2=4>6/Q-Y1", "is a re-roll"),
    ],
)
def test_a_sparse_kingdom_that_cannot_be_read_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Kingdom.from_placed(ROW, text)


def test_the_examples_of_kingdoms_places_and_turns_hold() -> None:
    for module in (kingdom, places, play_module, turns):
        assert not doctest.testmod(module).failed, module.__name__
