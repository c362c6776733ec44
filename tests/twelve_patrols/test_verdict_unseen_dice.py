"""A die far beside the kingdom whose top face the photo does not show: the referee still says
what the rules say without its value, and says nothing that depends on it."""

from __future__ import annotations

from companion.twelve_patrols.verdict import judgement
from patrolkit.games.twelve_patrols import Item, Kingdom, is_win, shipped_decks, supply
from tests.twelve_patrols.test_solver import partial


def _unseen(die: Item) -> str:
    """``D-W2``: what the reader knows of a die seen only from the side."""
    return die.notation.split("=")[0]


def test_a_complete_kingdom_is_judged_whatever_a_die_beside_it_shows() -> None:
    rated = shipped_decks()["medium"]
    kingdom = rated.witness.solution.kingdom
    left = [i for i in supply(rated.witness.roll) if i not in kingdom.items]
    dice = [i for i in left if i.is_die]
    found = judgement(
        kingdom, [i for i in left if not i.is_die], known=True, unseen=[_unseen(d) for d in dice]
    )
    assert found is not None
    assert found["complete"] and found["win"] is is_win(kingdom) is True


def _medium_start(keep: list[tuple[int, int]]) -> tuple[Kingdom, list[Item]]:
    """The medium deck's witness with only the cards at ``keep``, and the items left."""
    rated = shipped_decks()["medium"]
    start = partial(rated.witness.solution.kingdom, keep)
    return start, [i for i in supply(rated.witness.roll) if i not in start.items]


def test_a_win_in_reach_without_the_unseen_dice_is_in_reach() -> None:
    start, left = _medium_start([(0, 0), (0, 1), (1, 1)])
    dice = [i for i in left if i.notation.startswith(("D-B2", "D-B3"))]
    seen = [i for i in left if i not in dice]
    found = judgement(start, seen, known=True, unseen=[_unseen(d) for d in dice])
    assert found is not None and found["reachable"] is True


def test_a_dead_end_is_one_whatever_the_die_shows() -> None:
    start, left = _medium_start([(0, 0), (0, 1)])
    die = next(i for i in left if i.notation.startswith("D-W2"))
    pool = [i for i in left if i != die][3:]  # three cubes fewer than the witness had
    found = judgement(start, pool, known=True, unseen=[_unseen(die)])
    assert found is not None and found["reachable"] is False
    assert found["why_not"]


def test_a_win_that_hangs_on_the_unseen_face_is_not_judged() -> None:
    start, left = _medium_start([(0, 0), (0, 1)])
    die = next(i for i in left if i.notation.startswith("D-W2"))
    pool = [i for i in left if i != die][2:]
    # With the white die 2 showing 3 no win can be reached; with any other face one can.
    reach = {}
    for value in range(1, 7):
        shown = die if value == die.value else die.showing(value)
        found = judgement(start, [*pool, shown], known=True)
        assert found is not None
        reach[value] = found["reachable"]
    assert reach == {1: True, 2: True, 3: False, 4: True, 5: True, 6: True}
    assert judgement(start, pool, known=True, unseen=[_unseen(die)]) is None
