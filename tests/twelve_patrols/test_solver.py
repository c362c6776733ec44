"""The 12 Patrols solver: its wins are real wins, its refusals say why, its counts are exact."""

from __future__ import annotations

import itertools

import pytest

from patrolkit.errors import IllegalTurn, LayoutError
from patrolkit.games.twelve_patrols import (
    POSITIONS,
    SLOTS,
    Card,
    Deck,
    Item,
    Kingdom,
    Slot,
    count_completions,
    count_solutions,
    is_win,
    new_game,
    problems,
    prove,
    reachable,
    replay,
    shipped_decks,
    solve,
    supply,
    why_not,
)
from tests.twelve_patrols.helpers import B, W, Y, cube, die

ROLL = (1, 2, 3, 4, 5, 6, 1, 2, 3)


def deck_of(*codes: tuple[str, str]) -> Deck:
    cards = tuple(Card.from_code(name, code) for name, code in codes)
    return Deck("test", cards + tuple(Card(f"Blank {i}") for i in range(9 - len(cards))))


WORKED = deck_of(
    ("Wild Plains", "S3:N3:-:-"), ("Green Valley", "-:B:-:N1"), ("Lost Canyon", "N3:-:-:S6")
)


def order_of(kingdom: Kingdom) -> list[int]:
    """The draw order that offers the kingdom's cards row by row."""
    deck = kingdom.deck
    return [deck.number(card) for card in kingdom.cards if card is not None]


# -- wins --------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [WORKED, *(r.deck for r in shipped_decks().values())])
def test_the_witness_passes_the_win_check_and_can_be_played_by_the_rules(deck: Deck) -> None:
    found = solve(deck, ROLL)
    if found is None:  # the hard deck does not win every roll; its own witness roll does
        return
    assert problems(found.kingdom) == []
    final = replay(new_game(deck, ROLL, order_of(found.kingdom)), found)
    assert final.kingdom == found.kingdom
    assert is_win(final.kingdom)
    assert len(final.discarded) == len(found.rerolls)


def test_the_solver_uses_re_rolls_when_the_dice_do_not_fit() -> None:
    deck = deck_of(("Ashen Moor", "-:S12:-:-"), ("Bramble March", "-:-:-:S12"))
    low = (1, 1, 1, 1, 1, 1, 1, 1, 1)
    found = solve(deck, low)
    assert found is not None and found.rerolls
    assert problems(found.kingdom) == []
    final = replay(new_game(deck, low, order_of(found.kingdom)), found)
    assert is_win(final.kingdom)


def test_requirements_that_can_never_hold_together_only_ever_face_outward() -> None:
    deck = deck_of(("Raven Tor", "N1+N2:-:-:N1+N2"), ("Stag Leap", "-:N1+N2:N1+N2:-"))
    found = solve(deck, ROLL)
    assert found is not None and is_win(found.kingdom)
    assert found.kingdom.card_at((0, 0)) == deck.cards[0]
    assert found.kingdom.card_at((2, 2)) == deck.cards[1]
    assert count_solutions(deck, ROLL) == 5040  # the seven others anywhere: 7!


def test_the_worked_row_is_found_where_the_dice_allow_it() -> None:
    # A 4 and a 2 among the blue dice, as in the worked example, and a yellow cube to spare.
    found = solve(WORKED, (6, 6, 6, 6, 6, 6, 4, 2, 6))
    assert found is not None and is_win(found.kingdom)


# -- refusals ----------------------------------------------------------------------------------


def test_a_deck_made_unwinnable_on_purpose_is_refused_with_the_reason() -> None:
    # Nine items on one side of a card: two slots would take nine items, the ten others at
    # least ten: more than the eighteen there are, wherever the card lies.
    deck = deck_of(("Iron Gate", "N9:N9:N9:N9"))
    assert solve(deck, ROLL) is None
    with pytest.raises(
        LayoutError,
        match=r"cannot be won with this roll\. Iron Gate fits nowhere: wherever it lies, its"
        r" row or its column cannot be patrolled with these items\.",
    ):
        prove(deck, ROLL)


def test_a_deck_whose_lines_never_work_together_is_refused_too() -> None:
    # Every slot must show two colours, so hold two items: 24 in all, and there are 18. Each row
    # and column alone can be patrolled.
    deck = Deck("greedy", tuple(Card.from_code(f"Card {i}", "B:B:B:B") for i in range(9)))
    assert solve(deck, ROLL) is None
    assert why_not(Kingdom(deck), supply(ROLL)) == (
        "Every card fits somewhere, but no arrangement lets the three rows and the three columns"
        " be patrolled together: the items run out."
    )


def test_a_kingdom_already_broken_cannot_be_completed() -> None:
    wild_plains, green_valley = WORKED.cards[0], WORKED.cards[1]
    broken = Kingdom.build(
        WORKED,
        {(0, 0): wild_plains, (0, 1): green_valley},
        {Slot((0, 0), (0, 1)): [cube(W, 1), cube(W, 2)]},  # Green Valley wants 1 item there
    )
    pool = [i for i in supply(ROLL) if i not in broken.items]
    assert reachable(broken, pool) is None
    assert why_not(broken, pool) == (
        "No card in hand can lie at the top right position: its row or its column could not be"
        " patrolled with these items."
    )


# -- reachable ---------------------------------------------------------------------------------


def partial(kingdom: Kingdom, keep: list[tuple[int, int]]) -> Kingdom:
    """``kingdom`` with only the cards at ``keep`` and the patrols between them."""
    cards = {p: kingdom.card_at(p) for p in keep}
    patrols = {s: kingdom.patrol(s) for s in SLOTS if s.a in cards and s.b in cards}
    return Kingdom.build(kingdom.deck, cards, patrols)  # type: ignore[arg-type]


def test_a_kingdom_in_progress_is_completed_without_moving_anything() -> None:
    rated = shipped_decks()["medium"]
    witness = rated.witness.solution.kingdom
    start = partial(witness, [(0, 0), (0, 1), (1, 1)])
    pool = [i for i in supply(rated.witness.roll) if i not in start.items]
    found = reachable(start, pool)
    assert found is not None and is_win(found.kingdom)
    for position in start.placed:
        assert found.kingdom.card_at(position) == start.card_at(position)
    for slot in SLOTS:
        if start.patrol(slot):
            assert found.kingdom.patrol(slot) == start.patrol(slot)


def test_a_kingdom_in_progress_can_be_a_dead_end() -> None:
    deck = deck_of(("Ashen Moor", "-:N1:-:-"))
    start = Kingdom.build(
        deck,
        {(0, 0): deck.cards[0], (0, 1): deck.cards[1]},
        {Slot((0, 0), (0, 1)): [cube(W, 1)]},
    )
    # Ashen Moor wants one item on its east side, where one already stands: the top right slot
    # can never be filled.
    pool = [i for i in supply(ROLL) if i != cube(W, 1)]
    assert reachable(start, pool) is None
    assert why_not(start, pool).startswith("No card in hand can lie at the top right position")


# -- counting ----------------------------------------------------------------------------------


def brute_count(kingdom: Kingdom, pool: list[Item]) -> int:
    """Winning arrangements, by trying every placement of the cards in hand and every way to
    share the pool between the empty slots, unused items and discarded ones (each discard pays
    for one die of the patrols turned to any other value)."""
    empty = [p for p in POSITIONS if kingdom.card_at(p) is None]
    slots = [s for s in SLOTS if not kingdom.patrol(s)]
    winners: set[tuple[Card, ...]] = set()
    arrangements = list(itertools.permutations(kingdom.remaining))
    for destinations in itertools.product(range(len(slots) + 2), repeat=len(pool)):
        if not set(range(len(slots))) <= set(destinations):
            continue
        paid = destinations.count(len(slots) + 1)
        used = [i for i, d in enumerate(destinations) if d < len(slots)]
        changes: list[dict[int, int]] = [{}]
        for k in range(1, paid + 1):
            for chosen in itertools.combinations([i for i in used if pool[i].is_die], k):
                for values in itertools.product(range(1, 7), repeat=k):
                    if all(v != pool[i].value for i, v in zip(chosen, values, strict=True)):
                        changes.append(dict(zip(chosen, values, strict=True)))
        for change in changes:
            patrols = list(kingdom.patrols)
            for i in used:
                item = pool[i].showing(change[i]) if i in change else pool[i]
                where = SLOTS.index(slots[destinations[i]])
                patrols[where] = (*patrols[where], item)
            for cards in arrangements:
                if cards in winners:
                    continue
                grid = list(kingdom.cards)
                for position, card in zip(empty, cards, strict=True):
                    grid[POSITIONS.index(position)] = card
                if is_win(Kingdom(kingdom.deck, tuple(grid), tuple(patrols))):
                    winners.add(cards)
    return len(winners)


COUNTED = deck_of(
    ("Ashen Moor", "S5:-:-:-"),
    ("Bramble March", "A:N2:-:-"),
    ("Cinder Heath", "-:-:-:B"),
)


def counted_start() -> tuple[Kingdom, list[Item]]:
    """Two full rows of blank cards, patrolled; Ashen Moor, Bramble March and Cinder Heath to
    lay in the bottom row, with six items left."""
    blanks = COUNTED.cards[3:]
    cards = {(r, c): blanks[3 * r + c] for r in range(2) for c in range(3)}
    fixed = [cube(W, 1), cube(Y, 1), cube(B, 1), cube(W, 2), cube(Y, 2), cube(B, 2), die(W, 3, 1)]
    slots = [s for s in SLOTS if s.b[0] <= 1]
    start = Kingdom.build(COUNTED, cards, {s: [i] for s, i in zip(slots, fixed, strict=True)})
    pool = [cube(W, 3), cube(Y, 3), die(W, 1, 2), die(Y, 1, 5), die(B, 1, 6), cube(B, 3)]
    return start, pool


def test_solution_counts_agree_with_a_simple_brute_force() -> None:
    start, pool = counted_start()
    expected = brute_count(start, pool)
    assert 0 < expected < 6, "a case where the cards' places matter"
    assert count_completions(start, pool) == expected
    assert count_completions(start, pool[:5]) == brute_count(start, pool[:5])


def test_a_count_stops_at_its_limit() -> None:
    blank = Deck("blank", tuple(Card(f"Blank {i}") for i in range(9)))
    assert count_solutions(blank, ROLL, limit=50) == 50
    assert count_solutions(WORKED, ROLL, limit=1) == 1


def test_the_draw_order_may_forbid_a_kingdom_the_solver_found() -> None:
    found = solve(WORKED, ROLL)
    assert found is not None
    corners = [(0, 0), (0, 2), (2, 0), (2, 2)]
    first = [WORKED.number(found.kingdom.card_at(p)) for p in corners]  # type: ignore[arg-type]
    order = first + [n for n in range(1, 10) if n not in first]
    with pytest.raises(IllegalTurn, match="None of the face-up cards can go next to"):
        replay(new_game(WORKED, ROLL, order), found)
