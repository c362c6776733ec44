"""The Stratego referee over a game's photos, judged from readings (no camera): the two-square
rule across photos, a game that ends, and pieces that are not the kit's."""

from __future__ import annotations

import numpy as np
import pytest

from companion.camera.stratego.positions import with_kit_ids
from companion.stratego.reading import PieceReading, StrategoReading
from companion.stratego.verdict import check_verdict, format_verdict, score_verdict
from patrolkit.games.stratego import Army, Rank, Rules, State, parse_square
from patrolkit.games.stratego.secret import Secret, Variant

KIT = "7QK2MZ"
SECRETS = (
    Secret(KIT, Army.RED, Variant.CLASSIC, "ABCDEFGHJKMNPQRS"),
    Secret(KIT, Army.BLUE, Variant.CLASSIC, "0123456789ABCDEF"),
)


def _reading(state: State, kit: str = KIT) -> StrategoReading:
    pieces = {
        sq: PieceReading("", p.army, p.id, sq, np.zeros((4, 2)), "photo")
        for sq, p in enumerate(state.cells)
        if p is not None
    }
    return StrategoReading(kit, 30.0, (), pieces, (), (), (), (4000, 3000), "zxing")


def _game(*positions: str) -> list[StrategoReading]:
    """Readings of the positions written, each piece keeping its id from one to the next."""
    first = with_kit_ids(State.from_pieces(positions[0]), SECRETS)
    ids = {(p.army, p.rank): p.id for p in first.cells if p is not None}
    readings = []
    for text in positions:
        state = State.from_pieces(text)
        readings.append(
            _reading(
                state.with_ids(
                    {sq: ids[p.army, p.rank] for sq, p in enumerate(state.cells) if p is not None}
                )
            )
        )
    return readings


BACK_AND_FORTH = [
    "a1=F e4=K j10=f b9=g",
    "a1=F e5=K j10=f b9=g",
    "a1=F e5=K j10=f b8=g",
    "a1=F e4=K j10=f b8=g",
    "a1=F e4=K j10=f b9=g",
    "a1=F e5=K j10=f b9=g",
    "a1=F e5=K j10=f b8=g",
    "a1=F e4=K j10=f b8=g",
]
"""Red's marshal goes e4-e5 and back twice, blue's piece b9-b8 and back between."""


def test_the_two_square_rule_applies_across_the_photos_of_a_game() -> None:
    verdict = check_verdict(_game(*BACK_AND_FORTH), SECRETS)
    assert verdict["legal"] is False
    assert verdict["refused_at"] == 8
    assert len(verdict["moves"]) == 6
    assert "e5" in verdict["reason"] and "e4" in verdict["reason"]
    assert verdict["rules"] == "two-square=3 chase=on"


def test_players_who_agreed_a_limit_of_five_may_make_the_fourth_move() -> None:
    verdict = check_verdict(_game(*BACK_AND_FORTH), SECRETS, rules=Rules(two_square=5))
    assert verdict["legal"] is True
    assert len(verdict["moves"]) == 7
    assert verdict["rules"] == "two-square=5 chase=on"


def test_taking_the_flag_ends_the_game() -> None:
    verdict = check_verdict(_game("a1=F e6=K e7=f", "a1=F e7=K"), SECRETS)
    assert verdict["legal"] is True
    assert verdict["over"] is not None and "red" in verdict["over"].lower()
    assert "Game over" in format_verdict(verdict)


def test_a_piece_of_another_kit_is_named_and_nothing_is_judged() -> None:
    state = with_kit_ids(State.from_pieces("a1=F e4=K j10=f"), SECRETS)
    cells = list(state.cells)
    stranger = cells[parse_square("e4")]
    assert stranger is not None
    from dataclasses import replace

    cells[parse_square("e4")] = replace(stranger, id="ZZZZZZZZ", rank=None)
    verdict = score_verdict(_reading(State(tuple(cells))), SECRETS)
    assert verdict["judged"] is False
    assert "The red piece on e4 (id ZZZZZZZZ) is not a piece of this kit" in " ".join(
        verdict["problems"]
    )


def test_secrets_of_another_kit_than_the_board_are_refused() -> None:
    from patrolkit.games.stratego.secret import SecretError

    reading = _reading(with_kit_ids(State.from_pieces("a1=F j10=f"), SECRETS), kit="AAAAAA")
    with pytest.raises(SecretError, match="kit 7QK2MZ, but the board in the photo is kit AAAAAA"):
        score_verdict(reading, SECRETS)


def test_a_score_never_prints_a_rank() -> None:
    state = with_kit_ids(State.from_pieces("a1=F b1=B e5=K e6=t j10=f"), SECRETS)
    text = format_verdict(score_verdict(_reading(state), SECRETS))
    for rank in Rank:
        assert rank.title not in text.lower()


def test_two_pieces_with_one_id_are_named_not_a_crash() -> None:
    state = with_kit_ids(State.from_pieces("a1=F e4=K j10=f"), SECRETS)
    reading = _reading(state)
    twin = reading.pieces[parse_square("e4")]
    reading.pieces[parse_square("e5")] = PieceReading(
        "", twin.army, twin.id, parse_square("e5"), twin.corners_px, "photo"
    )
    verdict = score_verdict(reading, SECRETS)
    assert verdict["judged"] is False and verdict["position"] is None
    assert "The piece on e5 carries an id another piece carries too." in verdict["problems"]
    check = check_verdict([_reading(state), reading], SECRETS)
    assert check["legal"] is None and check["judged"] is False


def test_a_piece_in_a_lake_is_named() -> None:
    state = with_kit_ids(State.from_pieces("a1=F e4=K j10=f"), SECRETS)
    reading = _reading(state)
    piece = reading.pieces.pop(parse_square("e4"))
    reading.pieces[parse_square("c5")] = PieceReading(
        "", piece.army, piece.id, parse_square("c5"), piece.corners_px, "photo"
    )
    verdict = score_verdict(reading, SECRETS)
    assert (
        "A red piece stands in the lake on c5: no piece ever stands there." in (verdict["problems"])
    )
    assert verdict["position"] is None
