"""The rules of 12 Patrols as the engine judges and plays them (docs/rules/twelve-patrols.md)."""

from __future__ import annotations

import pytest

from patrolkit.errors import IllegalTurn, LayoutError, NotationError
from patrolkit.games.twelve_patrols import (
    SLOTS,
    Card,
    Deck,
    Item,
    ItemColour,
    ItemKind,
    Kingdom,
    Requirement,
    RequirementKind,
    Side,
    Slot,
    State,
    failures,
    is_win,
    judge,
    new_game,
    place_card,
    place_patrol,
    problems,
    reroll,
    scope,
)

W, Y, B = ItemColour.WHITE, ItemColour.YELLOW, ItemColour.BLUE
N = RequirementKind


def die(colour: ItemColour, serial: int, value: int) -> Item:
    return Item(ItemKind.DIE, colour, serial, value)


def cube(colour: ItemColour, serial: int) -> Item:
    return Item(ItemKind.CUBE, colour, serial)


def card(name: str, code: str = "-:-:-:-") -> Card:
    return Card.from_code(name, code)


def deck_of(*cards: Card) -> Deck:
    """A deck of ``cards`` filled up to nine with cards without requirements."""
    blanks = tuple(card(f"Blank {i}") for i in range(9 - len(cards)))
    return Deck("test", cards + blanks)


# The seed's worked example: the top row Wild Plains, Green Valley, Lost Canyon.
WILD_PLAINS = card("Wild Plains", "S3:N3:-:-")
GREEN_VALLEY = card("Green Valley", "-:B:-:N1")
LOST_CANYON = card("Lost Canyon", "N3:-:-:S6")
ROW = deck_of(WILD_PLAINS, GREEN_VALLEY, LOST_CANYON)
LEFT = Slot((0, 0), (0, 1))
RIGHT = Slot((0, 1), (0, 2))


def top_row(left: list[Item], right: list[Item]) -> Kingdom:
    return Kingdom.build(
        ROW,
        {(0, 0): WILD_PLAINS, (0, 1): GREEN_VALLEY, (0, 2): LOST_CANYON},
        {LEFT: left, RIGHT: right},
    )


def sentences(kingdom: Kingdom) -> list[str]:
    return [failure.sentence for failure in failures(kingdom)]


# -- requirements and their scope ------------------------------------------------------------------


def test_the_seeds_worked_row_satisfies_every_requirement() -> None:
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 2), cube(Y, 1)])
    assert failures(kingdom) == []
    # Wild Plains' east side counts the items of both patrols of the row: 1 + 2 = 3.
    assert judge(Requirement(N.COUNT, 3), [kingdom.patrol(LEFT), kingdom.patrol(RIGHT)])
    # Lost Canyon's west side adds the dice of both patrols: 4 + 2 = 6.
    assert judge(Requirement(N.DICE_SUM, 6), [kingdom.patrol(LEFT), kingdom.patrol(RIGHT)])


def test_requirements_on_the_outer_edges_of_the_kingdom_are_ignored() -> None:
    # Wild Plains' "sum = 3" and Lost Canyon's "3 items" face the top edge: no slot, no judgement.
    assert scope((0, 0), Side.NORTH) == () and scope((0, 2), Side.NORTH) == ()
    assert scope((0, 0), Side.WEST) == () and scope((0, 2), Side.EAST) == ()
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 2), cube(Y, 1)])
    assert not any(f.side is Side.NORTH for f in failures(kingdom))


def test_a_requirement_covers_every_patrol_on_its_side_within_the_row_or_column() -> None:
    assert scope((0, 0), Side.EAST) == (LEFT, RIGHT)
    assert scope((0, 1), Side.WEST) == (LEFT,)
    assert scope((0, 1), Side.EAST) == (RIGHT,)
    assert scope((0, 2), Side.WEST) == (LEFT, RIGHT)
    assert scope((1, 1), Side.NORTH) == (Slot((0, 1), (1, 1)),)
    assert scope((0, 1), Side.SOUTH) == (Slot((0, 1), (1, 1)), Slot((1, 1), (2, 1)))
    assert scope((2, 2), Side.SOUTH) == ()


def test_a_second_item_on_the_left_breaks_both_counts_that_see_it() -> None:
    kingdom = top_row([die(B, 1, 4), cube(W, 1)], [die(B, 2, 2), cube(Y, 1)])
    assert sentences(kingdom) == [
        "Wild Plains (top left) asks for exactly 3 items on its east side, but there are 4.",
        "Green Valley (top centre) asks for exactly 1 item on its west side, but there are 2.",
    ]


def test_a_right_patrol_of_one_colour_breaks_two_colours() -> None:
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 2), cube(B, 1)])
    assert sentences(kingdom) == [
        "Green Valley (top centre) asks for items of exactly two colours on its east side,"
        " but they are all blue."
    ]


def test_dice_that_do_not_add_up_break_the_sum() -> None:
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 3), cube(Y, 1)])
    assert sentences(kingdom) == [
        "Lost Canyon (top right) asks for dice adding up to 6 on its west side,"
        " but they add up to 7 (4 + 3)."
    ]


def test_a_missing_cube_breaks_the_count_and_the_colours() -> None:
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 2)])
    assert sentences(kingdom) == [
        "Wild Plains (top left) asks for exactly 3 items on its east side, but there are 2.",
        "Green Valley (top centre) asks for items of exactly two colours on its east side,"
        " but they are all blue.",
    ]


@pytest.mark.parametrize(
    ("code", "patrols", "holds"),
    [
        ("N2", [[cube(W, 1)], [die(Y, 1, 3)]], True),
        ("N2", [[cube(W, 1), cube(W, 2)], [die(Y, 1, 3)]], False),
        ("A", [[cube(W, 1)], [die(W, 1, 6), cube(W, 2)]], True),
        ("A", [[cube(W, 1)], [cube(Y, 1)]], False),
        ("B", [[cube(W, 1), die(W, 2, 1)], [cube(B, 1)]], True),
        ("B", [[cube(W, 1)], [cube(W, 2)]], False),
        ("B", [[cube(W, 1), cube(Y, 1)], [cube(B, 1)]], False),
        ("C", [[cube(W, 1), cube(Y, 1)], [die(B, 1, 2)]], True),
        ("C", [[cube(W, 1), cube(Y, 1)], [cube(Y, 2)]], False),
        ("S5", [[die(W, 1, 2), cube(B, 1)], [die(Y, 1, 3), cube(B, 2)]], True),
        ("S5", [[die(W, 1, 2)], [die(Y, 1, 4)]], False),
        ("S0", [[cube(B, 1)], [cube(W, 1)]], True),
        ("S0", [[cube(B, 1)], [die(W, 1, 1)]], False),
    ],
)
def test_each_kind_of_requirement(code: str, patrols: list[list[Item]], holds: bool) -> None:
    assert judge(Requirement.parse(code), [tuple(p) for p in patrols]) is holds


def test_cubes_add_nothing_to_a_dice_sum() -> None:
    assert judge(Requirement(N.DICE_SUM, 4), [(die(W, 1, 4), cube(W, 1), cube(Y, 2))])
    assert not judge(Requirement(N.DICE_SUM, 5), [(die(W, 1, 4), cube(W, 1))])


def test_every_requirement_on_an_edge_must_hold() -> None:
    deck = deck_of(card("Ashen Moor", "-:N2+A:-:-"))
    kingdom = Kingdom.build(
        deck, {(0, 0): deck.cards[0], (0, 1): deck.cards[1], (0, 2): deck.cards[2]}
    )
    two_colours = kingdom.with_patrol(LEFT, [cube(W, 1)]).with_patrol(RIGHT, [cube(Y, 1)])
    assert [f.requirement.code for f in failures(two_colours)] == ["A"]
    three = kingdom.with_patrol(LEFT, [cube(W, 1), cube(W, 2)]).with_patrol(RIGHT, [cube(W, 3)])
    assert [f.requirement.code for f in failures(three)] == ["N2"]


# -- when a requirement is judged ------------------------------------------------------------------


def test_a_requirement_waits_until_every_slot_of_its_scope_holds_a_patrol() -> None:
    kingdom = top_row([die(B, 1, 4)], [])
    # Wild Plains wants 3 items, Lost Canyon dice adding up to 6: the right patrol may bring them.
    assert failures(kingdom) == []


def test_a_count_already_exceeded_fails_at_once() -> None:
    kingdom = top_row([die(B, 1, 4), cube(W, 1), cube(W, 2), cube(W, 3)], [])
    found = failures(kingdom)
    assert [(f.card.name, f.requirement.code, f.final) for f in found] == [
        ("Wild Plains", "N3", False),
        ("Green Valley", "N1", True),
    ]


def test_a_sum_already_exceeded_fails_at_once() -> None:
    kingdom = top_row([die(B, 1, 4), die(W, 1, 3)], [])
    assert ("Lost Canyon", "S6", False) in [
        (f.card.name, f.requirement.code, f.final) for f in failures(kingdom)
    ]


def test_too_many_colours_fail_at_once_but_three_colours_waits() -> None:
    deck = deck_of(card("Heron Marsh", "-:A:-:-"), card("Iron Gate", "-:-:-:C"))
    cards = {(0, 0): deck.cards[0], (0, 1): deck.cards[2], (0, 2): deck.cards[1]}
    kingdom = Kingdom.build(deck, cards, {LEFT: [cube(W, 1), cube(Y, 1)]})
    assert [(f.card.name, f.requirement.code) for f in failures(kingdom)] == [("Heron Marsh", "A")]


# -- playing: cards --------------------------------------------------------------------------------


def play(deck: Deck = ROW) -> State:
    return new_game(deck, (1, 2, 3, 4, 5, 6, 1, 2, 3))


def test_the_first_card_may_go_anywhere_and_the_next_ones_touch_a_placed_card() -> None:
    state = place_card(play(), WILD_PLAINS, (2, 2))
    state = place_card(state, GREEN_VALLEY, (2, 1))
    with pytest.raises(IllegalTurn, match="top left position touches no placed card"):
        place_card(state, LOST_CANYON, (0, 0))
    with pytest.raises(IllegalTurn, match="touches no placed card"):
        place_card(state, LOST_CANYON, (1, 0))  # diagonal neighbours do not count


def test_no_card_goes_off_the_kingdom_or_on_another_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    with pytest.raises(IllegalTurn, match="the kingdom is 3 cards by 3"):
        place_card(state, GREEN_VALLEY, (0, 3))
    with pytest.raises(IllegalTurn, match="the kingdom is 3 cards by 3"):
        place_card(state, GREEN_VALLEY, (-1, 0))
    with pytest.raises(IllegalTurn, match="A card already lies at the top left position"):
        place_card(state, GREEN_VALLEY, (0, 0))
    with pytest.raises(IllegalTurn, match="already in the kingdom; placed cards never move"):
        place_card(state, WILD_PLAINS, (0, 1))


def test_only_a_face_up_card_may_be_placed() -> None:
    state = play()
    assert state.offer == ROW.cards[:3]
    with pytest.raises(IllegalTurn, match="is not face up: the cards to choose from are"):
        place_card(state, ROW.cards[5], (0, 0))
    state = place_card(state, GREEN_VALLEY, (1, 1))
    assert state.offer == (WILD_PLAINS, LOST_CANYON, ROW.cards[3])


def test_the_pile_is_drawn_in_the_order_given() -> None:
    state = new_game(ROW, (1,) * 9, order=[9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert state.offer == (ROW.cards[8], ROW.cards[7], ROW.cards[6])
    with pytest.raises(LayoutError, match="names each card number 1 to 9 once"):
        new_game(ROW, (1,) * 9, order=[1, 1, 2, 3, 4, 5, 6, 7, 8])


# -- playing: patrols and forced filling -----------------------------------------------------------


def test_a_patrol_may_stand_on_any_open_slot_at_any_time() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 1, 1)])
    assert state.kingdom.patrol(LEFT) == (die(B, 1, 1),)
    assert die(B, 1, 1) not in state.supply
    with pytest.raises(IllegalTurn, match="needs a card on both sides first"):
        place_patrol(state, RIGHT, [cube(W, 1)])


def test_a_patrol_is_placed_whole_and_never_changes() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="already holds a patrol; placed items never move"):
        place_patrol(state, LEFT, [cube(W, 2)])
    with pytest.raises(IllegalTurn, match="A patrol holds at least one item"):
        place_patrol(place_card(state, LOST_CANYON, (0, 2)), RIGHT, [])


def test_a_placed_item_cannot_be_placed_again() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_card(state, LOST_CANYON, (0, 2))
    state = place_patrol(state, LEFT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="white cube 1 already stands in a patrol"):
        place_patrol(state, RIGHT, [cube(W, 1)])


def test_a_die_is_placed_showing_what_it_shows() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    with pytest.raises(IllegalTurn, match="The white die 1 shows 1, not 6"):
        place_patrol(state, LEFT, [die(W, 1, 6)])


def test_a_patrol_that_breaks_a_requirement_is_placed_and_loses() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [cube(W, 1), cube(W, 2)])
    assert [f.requirement.code for f in failures(state.kingdom)] == ["N1"]


def test_a_complete_row_must_be_patrolled_before_the_next_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 0))
    state = place_card(state, GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 3, 3)])
    state = place_card(state, LOST_CANYON, (0, 2))
    with pytest.raises(
        IllegalTurn,
        match="the top row is complete, so the patrol between top centre and top right must be"
        " placed first",
    ):
        place_card(state, ROW.cards[3], (1, 0))
    state = place_patrol(state, RIGHT, [die(B, 2, 2), cube(Y, 1)])
    assert place_card(state, ROW.cards[3], (1, 0)).kingdom.card_at((1, 0)) == ROW.cards[3]


def test_a_complete_column_must_be_patrolled_before_the_next_card() -> None:
    state = place_card(play(), WILD_PLAINS, (0, 1))
    state = place_card(state, GREEN_VALLEY, (1, 1))
    state = place_card(state, LOST_CANYON, (2, 1))
    state = place_patrol(state, Slot((0, 1), (1, 1)), [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="the centre column is complete"):
        place_card(state, ROW.cards[3], (1, 0))


# -- re-rolls --------------------------------------------------------------------------------------


def test_an_unused_die_may_change_value_by_discarding_another_unused_item() -> None:
    state = reroll(play(), die(W, 1, 1), 6, cube(B, 3))
    assert die(W, 1, 6) in state.supply and die(W, 1, 1) not in state.supply
    assert state.discarded == (cube(B, 3),)
    assert cube(B, 3) not in state.supply


def test_a_reroll_must_change_the_value() -> None:
    with pytest.raises(IllegalTurn, match="already shows 1: a re-roll must change its value"):
        reroll(play(), die(W, 1, 1), 1, cube(B, 3))


def test_a_die_cannot_pay_for_its_own_reroll() -> None:
    with pytest.raises(IllegalTurn, match="cannot pay for its own re-roll"):
        reroll(play(), die(W, 1, 1), 5, die(W, 1, 1))


def test_the_discarded_item_may_be_a_die_even_one_already_rerolled() -> None:
    state = reroll(play(), die(W, 1, 1), 6, cube(B, 3))
    state = reroll(state, die(W, 2, 2), 6, die(W, 1, 6))
    assert state.discarded == (cube(B, 3), die(W, 1, 6))
    state = reroll(state, die(W, 2, 6), 4, cube(B, 2))  # the same die, again: another item
    assert die(W, 2, 4) in state.supply


def test_a_placed_or_discarded_item_cannot_be_rerolled_or_discarded() -> None:
    state = place_card(place_card(play(), WILD_PLAINS, (0, 0)), GREEN_VALLEY, (0, 1))
    state = place_patrol(state, LEFT, [die(B, 1, 1)])
    with pytest.raises(IllegalTurn, match="blue die 1 already stands in a patrol"):
        reroll(state, die(B, 1, 1), 4, cube(W, 1))
    with pytest.raises(IllegalTurn, match="blue die 1 already stands in a patrol"):
        reroll(state, die(W, 1, 1), 4, die(B, 1, 1))
    state = reroll(state, die(W, 1, 1), 4, cube(W, 1))
    with pytest.raises(IllegalTurn, match="white cube 1 was discarded"):
        place_patrol(place_card(state, LOST_CANYON, (0, 2)), RIGHT, [cube(W, 1)])
    with pytest.raises(IllegalTurn, match="is a cube: only a die can be re-rolled"):
        reroll(state, cube(W, 2), 4, cube(W, 3))


# -- the win check ---------------------------------------------------------------------------------


def full_kingdom(deck: Deck, patrols: dict[Slot, list[Item]]) -> Kingdom:
    cards = {(r, c): deck.cards[3 * r + c] for r in range(3) for c in range(3)}
    return Kingdom.build(deck, cards, patrols)


def test_the_win_check_names_every_failing_requirement() -> None:
    deck = Deck(
        "test",
        (
            card("Ashen Moor", "-:N2:-:-"),
            card("Bramble March", "-:-:S4:-"),
            card("Cinder Heath", "-:-:A:B"),
            *(card(f"Blank {i}") for i in range(6)),
        ),
    )
    patrols = {
        LEFT: [cube(W, 1)],
        RIGHT: [cube(W, 2)],
        Slot((0, 1), (1, 1)): [die(Y, 1, 1)],
        Slot((1, 1), (2, 1)): [die(W, 1, 5)],
        Slot((0, 2), (1, 2)): [cube(Y, 2)],
        Slot((1, 2), (2, 2)): [cube(B, 1)],
    }
    spare = iter([cube(W, 3), cube(Y, 1), cube(Y, 3), cube(B, 2), cube(B, 3), die(B, 1, 2)])
    patrols.update({slot: [next(spare)] for slot in SLOTS if slot not in patrols})
    kingdom = full_kingdom(deck, patrols)
    assert not is_win(kingdom)
    assert problems(kingdom) == [
        "Bramble March (top centre) asks for dice adding up to 4 on its south side,"
        " but they add up to 6 (1 + 5).",
        "Cinder Heath (top right) asks for items all of one colour on its south side,"
        " but there are yellow and blue items.",
        "Cinder Heath (top right) asks for items of exactly two colours on its west side,"
        " but they are all white.",
    ]


def test_a_kingdom_with_a_missing_card_or_an_empty_slot_does_not_win() -> None:
    kingdom = top_row([die(B, 1, 4)], [die(B, 2, 2), cube(Y, 1)])
    found = problems(kingdom)
    assert "No card lies at the centre position yet." in found
    assert "The slot between top left and middle left holds no patrol." in found
    assert not is_win(kingdom)


def test_a_full_kingdom_that_meets_every_requirement_wins() -> None:
    deck = deck_of(WILD_PLAINS, GREEN_VALLEY, LOST_CANYON)
    items = [cube(c, s) for c in (W, Y, B) for s in (1, 2, 3)] + [die(W, 2, 1), die(W, 3, 1)]
    patrols = {LEFT: [die(B, 1, 4)], RIGHT: [die(B, 2, 2), cube(Y, 1)]}
    rest = [s for s in SLOTS if s not in patrols]
    spare = [i for i in items if i != cube(Y, 1)]
    patrols.update({slot: [spare[n]] for n, slot in enumerate(rest)})
    assert is_win(full_kingdom(deck, patrols))


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
