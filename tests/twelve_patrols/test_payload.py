"""The 12 Patrols QR payloads: region cards, die faces and cubes, and refusal of anything else."""

import pytest

from patrolkit.errors import PayloadError
from patrolkit.games.twelve_patrols import (
    Card,
    Deck,
    Item,
    ItemColour,
    ItemKind,
    card_from_payload,
    card_payload,
    item_from_payload,
    item_payload,
    supply,
)
from patrolkit.payload import (
    ALPHANUMERIC,
    Game,
    PatrolsCard,
    PatrolsCube,
    PatrolsDie,
    decode,
    encode,
)

DECK = Deck(
    "payload test",
    (
        Card.from_code("Ashen Moor", "N3+B:-:S6:A"),
        Card.from_code("Twin Fords", "S12+C:A+N4:-:B"),
        *(Card(f"Blank {i}") for i in range(7)),
    ),
)


def test_a_card_carries_its_deck_its_number_and_its_edges_but_not_its_name() -> None:
    code = card_payload(DECK, DECK.cards[0])
    text = encode(code)
    assert text == f"PK1:TP:C:{DECK.id}:1:N3+B:-:S6:A"
    assert "Ashen" not in text
    assert decode(text) == PatrolsCard(DECK.id, 1, "N3+B:-:S6:A")
    assert card_from_payload(DECK, decode(text)) == DECK.cards[0]  # type: ignore[arg-type]


def test_a_card_of_another_deck_or_with_other_edges_is_refused() -> None:
    with pytest.raises(PayloadError, match="belongs to the deck ZZZZZ"):
        card_from_payload(DECK, PatrolsCard("ZZZZZ", 1, "N3+B:-:S6:A"))
    with pytest.raises(PayloadError, match="Card 1 of 'payload test' reads N3\\+B:-:S6:A"):
        card_from_payload(DECK, PatrolsCard(DECK.id, 1, "-:-:-:-"))


def test_every_face_of_a_die_carries_its_own_value() -> None:
    faces = [encode(PatrolsDie("B", 2, value)) for value in range(1, 7)]
    assert faces == [f"PK1:TP:D:B2:{value}" for value in range(1, 7)]
    die = item_from_payload(decode("PK1:TP:D:B2:4"))  # type: ignore[arg-type]
    assert die == Item(ItemKind.DIE, ItemColour.BLUE, 2, 4)


def test_a_cube_carries_its_colour_and_serial() -> None:
    assert encode(PatrolsCube("Y", 1)) == "PK1:TP:Q:Y1"
    cube = item_from_payload(decode("PK1:TP:Q:Y1"))  # type: ignore[arg-type]
    assert cube == Item(ItemKind.CUBE, ItemColour.YELLOW, 1)


@pytest.mark.parametrize("item", supply((1, 2, 3, 4, 5, 6, 6, 5, 4)), ids=lambda i: i.notation)
def test_every_item_round_trips(item: Item) -> None:
    text = encode(item_payload(item))
    assert set(text) <= ALPHANUMERIC
    assert item_from_payload(decode(text)) == item  # type: ignore[arg-type]


@pytest.mark.parametrize("number", range(1, 10))
def test_every_card_round_trips_in_the_alphanumeric_charset(number: int) -> None:
    code = card_payload(DECK, DECK.card(number))
    text = encode(code)
    assert set(text) <= ALPHANUMERIC
    assert decode(text) == code
    assert code.GAME is Game.TWELVE_PATROLS


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("PK1:TP:C:4K2ZQ:0:-:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:C:4K2ZQ:3:N3+:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:C:4K2ZQ:3:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:C:4K2Z:3:-:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:C:4K2ZQ:3:N123:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:C:4K2ZQ:3:X:-:-:-", "not a 12 Patrols card"),
        ("PK1:TP:D:B4:4", "not a 12 Patrols die face"),
        ("PK1:TP:D:B2:7", "not a 12 Patrols die face"),
        ("PK1:TP:D:B2", "not a 12 Patrols die face"),
        ("PK1:TP:D:G2:1", "not a 12 Patrols die face"),
        ("PK1:TP:Q:G1", "not a 12 Patrols cube"),
        ("PK1:TP:Q:W0", "not a 12 Patrols cube"),
        ("PK1:TP:Q:W1:1", "not a 12 Patrols cube"),
        ("PK1:TP:P:G07", "unknown kind"),
        ("pk1:tp:q:w1", "charset"),
    ],
)
def test_anything_else_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(PayloadError, match=why):
        decode(text)
