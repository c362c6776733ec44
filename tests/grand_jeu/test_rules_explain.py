"""Refereeing Le grand jeu des patrouilles: the turn that leads from one position to another, or
one sentence saying why none does."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import permutations

import pytest

from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu import (
    Capture,
    Free,
    Move,
    Options,
    Part,
    Reorient,
    State,
    Turn,
    apply,
    explain,
    is_blocked,
    is_legal,
    outcome,
    random_game,
    random_position,
    random_turn,
)
from tests.grand_jeu.helpers import N, S, acts, position, turn


def assert_explained(before: State, after: State) -> Turn:
    """``explain`` finds a turn, and that turn does lead from ``before`` to ``after``."""
    found = explain(before, after)
    assert apply(before, found.turn).same_position(after)
    return found.turn


def kinds(found: Turn) -> set[type]:
    return {type(a) for a in (*found.acts, *(found.bonus or ()))}


# -- finding the turn -----------------------------------------------------------------------------


def test_a_single_move_is_found_with_its_cost() -> None:
    before = position("d4n b2n", "e5s h7s")
    found = explain(before, apply(before, turn("d4-d5")))
    assert str(found.turn) == "d4-d5" and found.foulards == 2
    assert found.description == "South played d4-d5 (2 foulards)."


def test_a_capture_says_a_bonus_turn_may_follow() -> None:
    before = position("c4n e4n a2n", "d5s h7s g7s")
    found = explain(before, apply(before, turn("a2-a3 xd5")))
    assert found.bonus_allowed and "may play a bonus turn" in found.description


def test_a_turn_and_its_bonus_turn_are_found_together() -> None:
    before = position("c4n e4n a2n", "d5s h7s g7s")
    after = apply(before, turn("a2-a3 a3-a4 a4-a5 xd5 | a5-a6 a6-a7"))
    found = explain(before, after)
    assert found.turn.bonus is not None and found.bonus_foulards is not None


def test_a_turn_needing_a_reorientation_before_its_move_is_found() -> None:
    before = position("c4n f3n a2n", "d5s h7s g7s")  # f3 turns nw, steps to e4, points at d5
    assert_explained(before, apply(before, turn("f3>nw f3-e4 xd5")))


# f3 must turn north-west and step to e4 to catch d5 with c4; g4 turns; a prisoner comes back.
NEEDS_TURN = position("c4n f3n a2n g4e", "d5s h7s g7s", prisoners={S: 1})
# d5 already stands between c4 and e4's arrows; a2 and h2 move; g4 turns; a prisoner comes back.
CAUGHT = position("c4n e4n a2n h3n g4e", "d5s a7s g7s", prisoners={S: 1})


@pytest.mark.parametrize(
    "text",
    [
        "f3>nw f3-e4 xd5 | +c2n c2-c3",
        "f3>nw f3-e4 xd5 g4>s | +c2n c2-c3",
        "f3>nw f3-e4 xd5 | a2-a3 +c2n",
        "a2-a3 f3>nw f3-e4 xd5 | +c2e c2-d2",
        "g4>s a2-a3 f3>nw f3-e4 xd5 | +c2n c2-c3",
    ],
)
def test_turns_that_must_turn_a_capturer_before_moving_it_are_found(text: str) -> None:
    before = NEEDS_TURN
    if not is_legal(before, turn(text)):
        pytest.fail(f"{text} should be legal")
    found = assert_explained(before, apply(before, turn(text)))
    assert {Move, Reorient, Free} <= kinds(found)


def every_order() -> list[Turn]:
    """Every legal turn (with a bonus turn) made of the same five acts — a turn, two moves, a
    capture and a freeing — in every order and every split between the turn and the bonus."""
    pieces = acts("g4>s a2-a3 h3-h4 xd5 +c2n")
    found = []
    for order in permutations(pieces):
        for split in range(1, len(order)):
            candidate = Turn(order[:split], order[split:])
            if is_legal(CAUGHT, candidate):
                found.append(candidate)
    return found


def test_reorient_move_capture_and_free_are_found_in_any_order() -> None:
    turns = every_order()
    orders = {tuple(type(a).__name__ for a in (*t.acts, *(t.bonus or ()))) for t in turns}
    assert len(orders) >= 10  # many different orders of the four kinds of act are legal
    for played in turns:
        found = assert_explained(CAUGHT, apply(CAUGHT, played))
        assert kinds(found) == {Move, Reorient, Capture, Free}


def test_the_patrol_to_move_is_found_when_the_positions_do_not_say() -> None:
    before = position("d4n b2n", "e6s h7s", to_move=N)
    after = apply(before, turn("e6-e5"))
    found = explain(before.with_mover(None), after.with_mover(None))
    assert found.mover is N


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_turn_of_random_games_is_found(players: int) -> None:
    """How fast is measured by ``bench/grand_jeu_explain.py`` (at most 1 s a turn)."""
    rng = random.Random(players)
    turns = 0
    options = Options(players, culs_de_pat=players == 3)
    for _ in range(6):
        for before, played in random_game(State.start(options), rng, turns=25):
            assert_explained(before, apply(before, played))
            turns += 1
    assert turns > 60


# -- saying why no turn does ----------------------------------------------------------------------


def refusal(before: State, after: State) -> str:
    with pytest.raises(IllegalTurn) as error:
        explain(before, after)
    return str(error.value)


def test_too_many_foulards_next_to_enemies_are_named() -> None:
    before = position("d4n b2n", "e5s e3s h7s")
    after = position("c3sw b2n", "e5s e3s h7s", to_move=N)
    assert refusal(before, after) == (
        "The scout on d4 turned and moved to c3: that needs 5 foulards next to the enemies on"
        " e3 and e5, more than the 4 a turn can spend."
    )


def test_a_change_spread_over_several_scouts_adds_up() -> None:
    before = position("d4n b2n f2n", "a7s h7s")
    after = position("d6n b4n f3e", "a7s h7s", to_move=N)
    assert "together at least 6 foulards, more than the 4 a turn can spend" in refusal(
        before, after
    )


def test_an_enemy_scout_that_changed_is_named() -> None:
    before = position("d4n b2n", "e6s h7s")
    after = position("d5n b2n", "e6w h7s", to_move=N)
    assert refusal(before, after) == "The North scout on e6 turned, but South plays this turn."


def test_a_frozen_scout_that_changed_is_named() -> None:
    before = position("d8n b2n c2n", "e6s h7s")
    after = position("d8w b3n c2n", "e6s h7s", to_move=N)
    assert "d8 is frozen on its far row" in refusal(before, after)


def test_a_capture_without_two_pointing_scouts_is_refused() -> None:
    # (with a bonus turn of 4, a2 could walk up to c5, capture, and walk back)
    before = position("c4n a2n h2n", "d5s h7s g7s", bonus_foulards=2)
    after = position("c4n a3n h2n", "h7s g7s", to_move=N, prisoners={N: 1}, bonus_foulards=2)
    assert refusal(before, after).startswith(
        "Capturing the scout on d5 needs two South scouts next to it pointing a red arrow at it"
    )


def test_a_scout_gone_without_going_to_prison_is_refused() -> None:
    before = position("c4n e4n a2n", "d5s h7s g7s")
    after = position("c4n e4n a3n", "h7s g7s", to_move=N)
    assert "left the board without going to prison" in refusal(before, after)


def test_a_frozen_scout_gone_is_refused() -> None:
    before = position("c2se e2sw a3n", "d1s h7s g7s")
    after = position("c2se e2sw a4n", "h7s g7s", to_move=N, prisoners={N: 1})
    assert "frozen on its far row and cannot be captured" in refusal(before, after)


def test_turning_alone_is_not_a_turn() -> None:
    before = position("d4n d3n", "e5s e3s h7s")
    after = position("d4e d3n", "e5s e3s h7s", to_move=N)
    assert refusal(before, after).startswith("South's scouts only turned")


def test_nothing_changed_is_not_a_turn_when_no_scout_can_go_out_and_back() -> None:
    before = position("d4n d3n", "e5s e3s h7s")
    assert refusal(before, before.with_mover(N)) == (
        "Nothing changed on the board: a turn moves at least one scout."
    )


def test_a_scout_that_goes_out_and_comes_back_explains_an_unchanged_board() -> None:
    before = position("d4n b2n", "e5s e3s h7s")
    found = assert_explained(before, before.with_mover(N))
    assert found.acts == acts("b2-b3 b3>s b3-b2 b2>n")


def test_the_same_patrol_still_to_move_is_refused() -> None:
    before = position("d4n b2n", "a7s h7s")
    after = apply(before, turn("d4-d5")).with_mover(S)
    assert "was to move and still is" in refusal(before, after)


def test_a_game_already_over_has_no_next_turn() -> None:
    before = position("a8n b8n c8n d2n", "h6s g6s", to_move=N)
    after = position("a8n b8n c8n d2n", "h5s g6s", to_move=S)
    assert refusal(before, after).startswith("The game was already over")


def test_changes_next_to_a_real_turn_are_explained_or_refused_in_a_sentence() -> None:
    """One scout of the position after a random turn is turned: either some other turn explains
    it, or the refusal is a sentence. How fast is measured by ``bench/grand_jeu_explain.py``."""
    rng = random.Random(3)
    judged = refused = 0
    while judged < 60:
        before = random_position(Options(rng.choice((2, 3, 4))), rng)
        if outcome(before) is not None or is_blocked(before):
            continue
        after = apply(before, random_turn(before, rng, stop=0.05))
        mine = [s for s in after.scouts_of(before.to_move) if not after.is_frozen(s)]
        changed = replace(mine[0], direction=mine[0].direction.turned(rng.randrange(1, 8)))
        odd = replace(after, scouts=tuple(changed if s == mine[0] else s for s in after.scouts))
        try:
            assert_explained(before, odd)
        except IllegalTurn as error:
            refused += 1
            assert str(error).endswith(".")
        judged += 1
    assert refused > 10


def every_position_one_turn_reaches(state: State) -> dict[tuple, tuple]:
    """Brute force: every position a normal turn reaches, with one act sequence reaching it."""
    reached: dict[tuple, tuple] = {}
    seen: set[tuple] = set()

    def go(part: Part) -> None:
        where = part.position
        key = (where.scouts, where.prisoners, part.spent, part.moved, min(len(part.acts), 2))
        if key in seen:
            return
        seen.add(key)
        if part.can_end:
            reached.setdefault((where.scouts, where.prisoners), part.acts)
        for act in part.legal_acts():
            go(part.play(act))

    go(Part.start(state))
    return reached


def test_explain_finds_every_position_a_brute_force_search_reaches() -> None:
    before = position("c3n e3nw b2ne", "d4s g6s", prisoners={S: 1})
    reached = every_position_one_turn_reaches(before)
    assert len(reached) > 300
    for sequence in reached.values():
        assert_explained(before, apply(before, Turn(sequence)))


def test_a_patrol_out_for_its_starred_scout_still_has_a_turn_found() -> None:
    before = position(
        "c4n e4n a2n",
        "h9s g9s f9s",
        west="b7e b8e",
        players=3,
        to_move=N,
        prisoners={N: 1},
        starred_prisoners=(N,),
        culs_de_pat=True,
    )
    after = apply(before, turn("h9-h8"))
    assert not after.scouts_of(N)
    found = explain(before, after)
    assert found.mover is N and apply(before, found.turn).same_position(after)
