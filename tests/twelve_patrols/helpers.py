"""Cards, decks and kingdoms shared by the 12 Patrols rules tests."""

from __future__ import annotations

from patrolkit.games.twelve_patrols import (
    Card,
    Deck,
    Item,
    ItemColour,
    ItemKind,
    Kingdom,
    RequirementKind,
    Slot,
    State,
    failures,
    new_game,
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


def play(deck: Deck = ROW) -> State:
    return new_game(deck, (1, 2, 3, 4, 5, 6, 1, 2, 3))


def full_kingdom(deck: Deck, patrols: dict[Slot, list[Item]]) -> Kingdom:
    cards = {(r, c): deck.cards[3 * r + c] for r in range(3) for c in range(3)}
    return Kingdom.build(deck, cards, patrols)
