"""The rules of 12 Patrols: requirements, when they are judged and the win check
(docs/rules/twelve-patrols.md)."""

from __future__ import annotations

import pytest

from patrolkit.games.twelve_patrols import (
    SLOTS,
    Deck,
    Item,
    Kingdom,
    Requirement,
    Side,
    Slot,
    failures,
    is_win,
    judge,
    problems,
    scope,
)
from tests.twelve_patrols.helpers import (
    GREEN_VALLEY,
    LEFT,
    LOST_CANYON,
    RIGHT,
    WILD_PLAINS,
    B,
    N,
    W,
    Y,
    card,
    cube,
    deck_of,
    die,
    full_kingdom,
    sentences,
    top_row,
)

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


# -- the win check ---------------------------------------------------------------------------------


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
