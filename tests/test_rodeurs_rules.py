"""The rules of Rôdeurs, as the engine plays and referees them (see docs/rules/rodeurs.md)."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.rodeurs.layouts import random_layout
from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.rodeurs import (
    Board,
    CellColour,
    DecidedBy,
    Jump,
    PawnColour,
    Player,
    State,
    Tally,
    Turn,
    apply,
    classic_layout,
    is_over,
    jumps,
    legal_turns,
    parse_square,
    pawn_rows,
    result,
    score,
    validate,
)

PERFT = tomllib.loads((Path(__file__).parent / "data" / "rodeurs_perft.toml").read_text())
CLASSIC = classic_layout()
RED, YELLOW, GREEN = PawnColour.RED, PawnColour.YELLOW, PawnColour.GREEN


def position(
    pawns: str,
    *,
    opening: bool = False,
    to_move: Player = Player.WHITE,
    diagonal: bool = False,
    board: Board | None = None,
) -> State:
    """A position on the classic board from pawns written colour then cell: ``"ra1 ya2"``."""
    cells: list[PawnColour | None] = [None] * 63
    for word in pawns.split():
        cells[parse_square(word[1:])] = PawnColour(word[0])
    board = board or Board(CLASSIC.board.colours, diagonal)
    return State(board, tuple(cells), to_move, opening)


def play(turn: str, state: State) -> State:
    return apply(state, Turn.parse(turn, opening=state.opening))


def notations(state: State) -> set[str]:
    return {turn.notation for turn in legal_turns(state)}


def random_game(layout_state: State, seed: int) -> list[State]:
    rng = random.Random(seed)
    states = [layout_state]
    while not is_over(states[-1]):
        states.append(apply(states[-1], rng.choice(legal_turns(states[-1]))))
    return states


# -- jumps --------------------------------------------------------------------------------------


def test_a_jump_moves_a_pawn_two_cells_and_removes_the_pawn_jumped_over() -> None:
    after = play("a1xa3", position("ra1 ya2"))
    assert after == position("ra3", to_move=Player.BLACK)


def test_a_jump_needs_a_pawn_to_jump_with() -> None:
    with pytest.raises(IllegalTurn, match="There is no pawn on a1 to jump"):
        play("a1xa3", position("ya2 gc1 gd1"))


def test_landing_on_an_occupied_cell_is_refused() -> None:
    state = position("ra1 ya2 ga3")
    assert Jump.between(parse_square("a1"), parse_square("a3")) not in jumps(state)
    with pytest.raises(IllegalTurn, match="cannot land on a3: that cell is occupied"):
        play("a1xa3", state)


def test_jumping_over_an_empty_cell_is_refused() -> None:
    state = position("ra1 gc1 gd1")
    assert "a1xa3" not in notations(state)
    with pytest.raises(IllegalTurn, match="cannot jump over a2: that cell is empty"):
        play("a1xa3", state)


def test_a_jump_goes_exactly_two_cells_in_a_straight_line() -> None:
    with pytest.raises(NotationError, match="a1 to a4 is not a jump"):
        Turn.parse("a1xa4")
    with pytest.raises(IllegalTurn, match="is not a jump"):
        Jump(parse_square("a1"), parse_square("b1"), parse_square("a3"))


def test_jumps_run_along_rows_and_columns_in_every_direction() -> None:
    state = position("yd4 rd3 rd5 rc4 re4")
    assert {str(j) for j in jumps(state) if j.start == parse_square("d4")} == {
        "d4xd2",
        "d4xd6",
        "d4xb4",
        "d4xf4",
    }


def test_a_diagonal_jump_is_legal_only_with_the_diagonal_option() -> None:
    straight = position("rc3 yd4 ga8 ga9")
    assert [str(jump) for jump in jumps(straight)] == ["a9xa7"]
    with pytest.raises(IllegalTurn, match="c3xe5 is a diagonal jump"):
        play("c3xe5", straight)
    slanted = position("rc3 yd4 ga8 ga9", diagonal=True)
    assert Jump.between(parse_square("c3"), parse_square("e5")) in jumps(slanted)
    assert play("c3xe5", slanted).pawns == position("re5 ga8 ga9").pawns


# -- turns --------------------------------------------------------------------------------------


def test_the_opening_turn_is_a_single_jump() -> None:
    turns = legal_turns(CLASSIC.state)
    assert len(turns) == 14
    assert all(len(turn.jumps) == 1 and turn.kind == "opening jump" for turn in turns)


def test_an_opening_turn_of_two_jumps_is_refused() -> None:
    with pytest.raises(IllegalTurn, match="The opening turn is a single jump, not 2 jumps"):
        play("c3xc5 e3xe5", CLASSIC.state)


def test_a_turn_passes_the_move_to_the_other_player_and_ends_the_opening() -> None:
    after = play("c3xc5", CLASSIC.state)
    assert after.to_move is Player.BLACK and not after.opening
    assert play("d7xd5", after).to_move is Player.WHITE


def test_a_later_turn_may_be_two_jumps_by_two_pawns() -> None:
    state = position("ra1 ya2 ge1 ge2")
    turn = Turn.parse("a1xa3 e1xe3")
    assert turn in legal_turns(state) and turn.kind == "two jumps"
    assert apply(state, turn).pawns == position("ra3 ge3").pawns


def test_the_second_of_two_jumps_may_jump_the_pawn_that_just_moved() -> None:
    state = position("ra1 ya2 ga4")
    assert play("a1xa3 a4xa2", state).pawns == position("ga2").pawns


def test_two_jumps_may_be_made_by_the_same_pawn() -> None:
    state = position("ra1 ya2 ya4")
    assert Turn.parse("a1xa3 a3xa5") == Turn.parse("a1xa3xa5")
    assert "a1xa3xa5" in notations(state)
    assert Turn.parse("a1xa3 a3xa5").kind == "multi-jump"


def test_a_two_jump_turn_without_a_second_jump_is_the_single_jump() -> None:
    state = position("ra1 ya2")
    assert notations(state) == {"a1xa3"}
    assert is_over(play("a1xa3", state))


def test_a_single_jump_is_always_a_legal_later_turn() -> None:
    state = position("ra1 ya2 ge1 ge2")
    assert {"a1xa3", "e1xe3"} <= notations(state)
    assert Turn.parse("a1xa3").kind == "multi-jump"


def test_a_multi_jump_may_stop_early() -> None:
    state = position("ra1 ya2 ya4 ya6")
    assert {"a1xa3", "a1xa3xa5", "a1xa3xa5xa7"} <= notations(state)
    assert play("a1xa3xa5", state).pawns == position("ra5 ya6").pawns


def test_a_multi_jump_may_change_direction() -> None:
    state = position("ra1 ya2 yb3 gd3")
    assert "a1xa3xc3xe3" in notations(state)
    assert play("a1xa3xc3xe3", state).pawns == position("re3").pawns


def test_a_multi_jump_that_switches_pawn_is_refused() -> None:
    state = position("ra1 ya2 ge1 ge2 ge4")
    assert "e1xe3xe5" in notations(state)
    with pytest.raises(IllegalTurn, match="not made by the pawn that landed on a3"):
        play("a1xa3 e1xe3xe5", state)


def test_pawns_may_jump_over_and_land_on_the_grey_row() -> None:
    assert CLASSIC.board.colour(parse_square("d5")) is CellColour.GREY
    assert play("d3xd5", position("rd3 yd4")).pawns == position("rd5").pawns
    assert play("d4xd6", position("rd4 yd5")).pawns == position("rd6").pawns


def test_turns_leading_to_the_same_position_count_once() -> None:
    state = position("ra1 ya2 ge1 ge2")
    assert notations(state) == {"a1xa3", "e1xe3", "a1xa3 e1xe3"}
    assert play("e1xe3 a1xa3", state) == play("a1xa3 e1xe3", state)


def test_legal_turns_come_in_the_same_order_every_time() -> None:
    state = State.from_text(PERFT["position"][1]["text"])
    assert legal_turns(state) == legal_turns(state)
    assert [t.notation for t in legal_turns(state)[:3]] == [
        t.notation for t in legal_turns(State.from_text(state.text))[:3]
    ]


def test_each_jump_of_a_turn_removes_one_pawn() -> None:
    state = State.from_text(PERFT["position"][2]["text"])
    for turn in legal_turns(state):
        assert apply(state, turn).pawn_count == state.pawn_count - len(turn.jumps)


# -- notation -----------------------------------------------------------------------------------


def test_a_turn_is_written_as_the_cells_each_pawn_visits() -> None:
    assert Turn.parse("c3xc5").jumps == (Jump.between(parse_square("c3"), parse_square("c5")),)
    assert str(Turn.parse("c3xc5 c5xe5")) == "c3xc5xe5"
    assert str(Turn.parse("C3xC5  D1xD3")) == "c3xc5 d1xd3"


@pytest.mark.parametrize("text", ["", "c3", "c3xc6", "c3-c5", "h1xh3", "c3xc5 d"])
def test_a_turn_that_cannot_be_read_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Turn.parse(text)


def test_every_legal_turn_reads_back_from_its_notation() -> None:
    for entry in PERFT["position"]:
        state = State.from_text(entry["text"])
        for turn in legal_turns(state):
            assert Turn.parse(turn.notation, opening=state.opening) == turn


# -- end of the game and result -----------------------------------------------------------------


def test_the_game_is_over_exactly_when_no_jump_exists() -> None:
    assert is_over(position("ra1 yc1 ge3 gg9"))
    assert not is_over(position("ra1 ya2"))
    for state in random_game(CLASSIC.state, 3):
        assert is_over(state) == (jumps(state) == []) == (legal_turns(state) == [])


def test_neighbours_without_an_empty_landing_cell_leave_no_jump() -> None:
    assert is_over(position(" ".join(f"y{c}1" for c in "abcdefg")))


def test_the_end_does_not_depend_on_who_is_to_move() -> None:
    for pawns in ("ra1 ya2", "ra1 yc1"):
        assert is_over(position(pawns)) == is_over(position(pawns, to_move=Player.BLACK))


def test_a_turn_in_a_finished_game_is_refused() -> None:
    with pytest.raises(IllegalTurn, match="The game is over"):
        play("a1xa3", position("ra1 yc1"))


def test_each_pawn_costs_its_colour_in_points_to_the_district_it_ends_in() -> None:
    # a1, d1, g1 are white cells; b1, c1 are black; a5 is grey.
    tallies = score(position("ra1 yd1 gg1 yb1 gc1 ga5"))
    assert tallies[Player.WHITE] == Tally(red=1, yellow=1, green=1)
    assert tallies[Player.WHITE].points == 3 + 2 + 1
    assert tallies[Player.BLACK] == Tally(red=0, yellow=1, green=1)
    assert tallies[Player.BLACK].points == 2 + 1


def test_pawns_on_the_grey_row_score_nothing() -> None:
    tallies = score(position("ra5 rb5 yc5 gd5"))
    assert tallies[Player.WHITE].points == tallies[Player.BLACK].points == 0


def test_the_lowest_total_wins() -> None:
    outcome = result(position("ra1 yd1 gg1 yb1 gc1"))
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.POINTS)
    assert outcome.description == "Black wins with 3 points against 6."


def test_on_equal_points_more_red_pawns_in_your_district_loses() -> None:
    outcome = result(position("ra1 yb1 ge1"))  # White: red (3); Black: yellow + green (3)
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.RED)
    outcome = result(position("rb1 ya1 gd1"))  # colours swapped between the districts
    assert (outcome.winner, outcome.decided_by) == (Player.WHITE, DecidedBy.RED)


def test_on_equal_points_and_red_more_yellow_pawns_in_your_district_loses() -> None:
    outcome = result(position("ya1 yd1 yb1 ge1 gf1"))  # White 2 + 2; Black 2 + 1 + 1
    assert (outcome.winner, outcome.decided_by) == (Player.BLACK, DecidedBy.YELLOW)
    outcome = result(position("yb1 ye1 ya1 gd1 gg1"))
    assert (outcome.winner, outcome.decided_by) == (Player.WHITE, DecidedBy.YELLOW)
    assert "more yellow pawns" in outcome.description


def test_the_same_pawns_in_both_districts_is_a_draw() -> None:
    outcome = result(position("ra1 gd1 rb1 ge1"))
    assert (outcome.winner, outcome.decided_by) == (None, DecidedBy.DRAW)
    assert result(CLASSIC.state).winner is None


def test_the_result_can_be_read_at_any_moment() -> None:
    # The yellow pawn leaves c3 (white) for the grey row; the green pawn on c4 (black) is gone.
    state = play("c3xc5", CLASSIC.state)
    assert not is_over(state)
    assert (score(state)[Player.WHITE].points, score(state)[Player.BLACK].points) == (52, 53)
    assert result(state).winner is Player.WHITE


# -- text and JSON ------------------------------------------------------------------------------


def test_every_position_of_a_game_round_trips_through_text_and_json() -> None:
    layout = random_layout(5, diagonal=True)
    for state in random_game(CLASSIC.state, 1) + random_game(layout.state, 2):
        assert State.from_text(state.text) == state
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


boards = st.builds(
    Board.from_lower_half,
    st.lists(st.sampled_from([CellColour.BLACK, CellColour.WHITE]), min_size=28, max_size=28),
    diagonal=st.booleans(),
)
states = st.builds(
    State,
    boards,
    st.lists(st.sampled_from([None, *PawnColour]), min_size=63, max_size=63).map(tuple),
    st.sampled_from(Player),
    st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(states)
def test_any_position_round_trips_through_text_and_json(state: State) -> None:
    assert State.from_text(state.text) == state
    assert State.from_text(state.text).text == state.text
    assert State.from_json(json.loads(json.dumps(state.to_json()))) == state


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ggygygg/ryryryr w o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygx w o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg x o 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w ? 2JOEO9",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w o 2JOE",
        "ggygygg/ryryryr/yrygyry/grgygrg/......./grgygrg/yrygyry/ryryryr/ggygygg w o ZZZZZZ",
    ],
)
def test_a_damaged_position_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        State.from_text(text)


def test_a_damaged_position_json_is_refused() -> None:
    data = CLASSIC.state.to_json()
    for broken in ({**data, "opening": "yes"}, {**data, "to_move": "x"}, {"game": "rodeurs"}):
        with pytest.raises(NotationError):
            State.from_json(broken)


# -- refereeing two positions -------------------------------------------------------------------


def test_validate_names_the_turn_that_was_played() -> None:
    state = State.from_text(PERFT["position"][3]["text"])
    for turn in legal_turns(state)[::7]:
        assert validate(state, apply(state, turn)) == turn


def test_validate_refuses_positions_on_different_boards() -> None:
    before = position("ra1 ya2")
    elsewhere = position("ra3", board=random_layout(1).board, to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="different boards"):
        validate(before, elsewhere)
    with pytest.raises(IllegalTurn, match="only the second allows diagonal jumps"):
        validate(before, position("ra3", diagonal=True, to_move=Player.BLACK))


def test_validate_refuses_a_pawn_that_appeared() -> None:
    after = position("ra3 gc5", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="A green pawn appeared on c5"):
        validate(position("ra1 ya2"), after)


def test_validate_refuses_a_pawn_that_changed_colour() -> None:
    after = position("ra1 ga2", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="The pawn on a2 changed from yellow to green"):
        validate(position("ra1 ya2"), after)


def test_validate_refuses_when_nothing_changed() -> None:
    with pytest.raises(IllegalTurn, match="Nothing changed"):
        validate(position("ra1 ya2"), position("ra1 ya2", to_move=Player.BLACK))


def test_validate_refuses_when_the_player_to_move_did_not_change() -> None:
    before = position("ra1 ya2")
    with pytest.raises(IllegalTurn, match="White was to move and still is"):
        validate(before, position("ra3"))


def test_validate_can_ignore_the_player_to_move_as_a_photo_does_not_show_it() -> None:
    before = position("ra1 ya2")
    photo = position("ra3", opening=True)  # a photo knows neither flag
    assert validate(before, photo, check_mover=False) == Turn.parse("a1xa3")
    with pytest.raises(IllegalTurn, match="still waits for the opening turn"):
        validate(before, position("ra3", opening=True, to_move=Player.BLACK))


def test_validate_refuses_more_than_one_jump_in_the_opening() -> None:
    after = play("e3xe5", play("c3xc5", CLASSIC.state))
    with pytest.raises(IllegalTurn, match=r"opening turn is a single jump, but .* 2 jumps"):
        validate(CLASSIC.state, after, check_mover=False)
    vanished = list(play("c3xc5", CLASSIC.state).pawns)
    vanished[parse_square("g9")] = None
    after = State(CLASSIC.board, tuple(vanished), Player.BLACK, False)
    with pytest.raises(
        IllegalTurn, match=r"opening turn .* removes one pawn, but 2 pawns are gone"
    ):
        validate(CLASSIC.state, after)


def test_validate_refuses_more_pawns_removed_than_any_turn_removes() -> None:
    before = position("ra1 ya2 ge1 ge2 gg8 gg9")
    with pytest.raises(IllegalTurn, match=r"4 pawns are gone, but no turn .* more than 2"):
        validate(before, position("ra3 ge3", to_move=Player.BLACK))


def test_validate_refuses_pawns_removed_without_a_jump() -> None:
    with pytest.raises(IllegalTurn, match="Pawns left c1 but no pawn landed"):
        validate(position("ra1 ya2 gc1"), position("ra1 ya2", to_move=Player.BLACK))


def test_validate_names_a_landing_on_an_occupied_cell() -> None:
    after = position("ra3 gc1", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped onto a3, which was occupied"):
        validate(position("ra1 ya2 ga3 gc1"), after)


def test_validate_names_a_jump_over_an_empty_cell() -> None:
    after = position("ra3 gc1 gd1", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped to a3 over a2, which was empty"):
        validate(position("ra1 gc1 gd1"), after)


def test_validate_names_a_multi_jump_that_switches_pawn() -> None:
    after = position("ra3 ge5", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="multi-jump by one pawn"):
        validate(position("ra1 ya2 ge1 ge2 ge4"), after)


def test_validate_names_a_diagonal_jump_on_a_board_without_them() -> None:
    after = position("re5 ga1 ga2", to_move=Player.BLACK)
    with pytest.raises(IllegalTurn, match="jumped diagonally to e5"):
        validate(position("rc3 yd4 ga1 ga2"), after)


def test_validate_refuses_a_turn_after_the_end() -> None:
    with pytest.raises(IllegalTurn, match="already over"):
        validate(position("ra1 yc1"), position("ra3", to_move=Player.BLACK))


def test_validate_otherwise_names_the_closest_legal_turn() -> None:
    after = position("ra3 gc3 ge1 gf1", to_move=Player.BLACK)  # two jumps over empty cells
    with pytest.raises(IllegalTurn, match=r"closest, .*, differs on"):
        validate(position("ra1 gc1 ge1 gf1"), after)


# -- perft: counts fixed in tests/data, and a second, deliberately simple generator ----------


def simple_turns(text: str) -> set[str]:
    """Every pawn layout one turn can reach, by brute force on a grid of letters.

    Written independently of the engine: copy the grid for every jump, and recurse.
    """
    rows, _, phase, code = text.split()
    grid = [list(row) for row in rows.split("/")]  # grid[0] is row 9
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if Board.from_code(code).diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]

    def single_jumps(g: list[list[str]]) -> list[tuple[int, int, int, int]]:
        found = []
        for r in range(9):
            for c in range(7):
                for dr, dc in steps:
                    if not (0 <= r + 2 * dr < 9 and 0 <= c + 2 * dc < 7):
                        continue
                    over, land = g[r + dr][c + dc], g[r + 2 * dr][c + 2 * dc]
                    if g[r][c] != "." and over != "." and land == ".":
                        found.append((r, c, dr, dc))
        return found

    def jump(g: list[list[str]], r: int, c: int, dr: int, dc: int) -> list[list[str]]:
        new = [row[:] for row in g]
        new[r + 2 * dr][c + 2 * dc] = new[r][c]
        new[r][c] = new[r + dr][c + dc] = "."
        return new

    def key(g: list[list[str]]) -> str:
        return "/".join("".join(row) for row in g)

    reached: set[str] = set()

    def one_pawn_on(g: list[list[str]], r: int, c: int) -> None:
        for dr, dc in steps:
            if (r, c, dr, dc) in single_jumps(g):
                after = jump(g, r, c, dr, dc)
                reached.add(key(after))
                one_pawn_on(after, r + 2 * dr, c + 2 * dc)

    for r, c, dr, dc in single_jumps(grid):
        first = jump(grid, r, c, dr, dc)
        reached.add(key(first))
        if phase == "o":
            continue
        for second in single_jumps(first):
            reached.add(key(jump(first, *second)))
        one_pawn_on(first, r + 2 * dr, c + 2 * dc)
    return reached


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_legal_turn_counts_match_the_recorded_perft(entry: dict[str, object]) -> None:
    assert len(legal_turns(State.from_text(str(entry["text"])))) == entry["turns"]


@pytest.mark.parametrize("entry", PERFT["position"], ids=lambda entry: entry["name"])
def test_a_simple_brute_force_generator_reaches_the_same_positions(
    entry: dict[str, object],
) -> None:
    state = State.from_text(str(entry["text"]))
    engine = {pawn_rows(apply(state, turn).pawns) for turn in legal_turns(state)}
    assert simple_turns(state.text) == engine
    assert len(engine) == entry["turns"]


def test_the_positions_after_two_turns_match_the_recorded_perft_and_the_simple_generator() -> None:
    start = State.from_text(PERFT["depth2"]["text"])
    engine = set()
    simple = set()
    for turn in legal_turns(start):
        middle = apply(start, turn)
        engine |= {apply(middle, reply).pawns for reply in legal_turns(middle)}
        simple |= simple_turns(middle.text)
    assert len(engine) == len(simple) == PERFT["depth2"]["positions"]
    assert {pawn_rows(pawns) for pawns in engine} == simple
