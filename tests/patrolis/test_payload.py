"""The Patrolis payloads: step tiles, objectives, board fiducials and the map code in parts."""

from __future__ import annotations

import pytest

from generator.patrolis.sheets import map_code_payloads
from generator.patrolis.terrain import generate_map
from patrolkit.errors import PayloadError
from patrolkit.games.patrolis import Map
from patrolkit.payload import (
    ALPHANUMERIC,
    MAX_LENGTH,
    Corner,
    PatrolisFiducial,
    PatrolisMapPart,
    PatrolisObjective,
    PatrolisStep,
    decode,
    encode,
)
from patrolkit.sizes import Patrolis


def test_a_step_carries_its_shape_owner_and_serial() -> None:
    assert encode(PatrolisStep("C", 2, 7)) == "PK1:PT:T:C2:07"
    assert decode("PK1:PT:T:X6:20") == PatrolisStep("X", 6, 20)


def test_an_objective_carries_its_colour_and_number() -> None:
    assert encode(PatrolisObjective("B", 1)) == "PK1:PT:O:B1"
    assert decode("PK1:PT:O:Y2") == PatrolisObjective("Y", 2)


def test_a_fiducial_carries_corner_map_sheet_and_cell_size() -> None:
    fiducial = PatrolisFiducial(Corner.SE, "3HFQ9C", 2, 1, 20)
    text = encode(fiducial)
    assert text == "PK1:PT:F:SE:3HFQ9C:21:20"
    assert decode(text) == fiducial


@pytest.mark.parametrize("size", [8, 16, 24])
def test_the_map_code_parts_join_into_the_code_and_check_the_digest(size: int) -> None:
    game_map = generate_map(3, size=size)
    texts = map_code_payloads(game_map)
    assert len(texts) == Patrolis.map_code_parts(size)
    parts = [decode(text) for text in texts]
    assert all(isinstance(p, PatrolisMapPart) for p in parts)
    assert [p.part for p in parts] == list(range(1, len(parts) + 1))  # type: ignore[union-attr]
    code = "".join(p.chunk for p in parts)  # type: ignore[union-attr]
    assert code == game_map.code
    assert {p.digest for p in parts} == {Map.from_code(code).digest}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "item",
    [PatrolisStep(s, p, n) for s in "SCX" for p in (1, 6) for n in (1, 60)]
    + [PatrolisObjective(c, n) for c in "BRGY" for n in (1, 2)]
    + [PatrolisFiducial(corner, "ZZZZZZ", 2, 2, 17) for corner in Corner]
    + [PatrolisMapPart("0A1B2C", 3, 6, "Z" * 80)],
)
def test_every_payload_round_trips_short_and_in_the_alphanumeric_charset(item: object) -> None:
    text = encode(item)  # type: ignore[arg-type]
    assert set(text) <= ALPHANUMERIC
    assert len(text) <= MAX_LENGTH
    assert decode(text) == item


def test_tiles_and_objectives_fit_a_version_1_code_at_level_m() -> None:
    assert len(encode(PatrolisStep("S", 1, 60))) <= 20
    assert len(encode(PatrolisObjective("B", 2))) <= 20


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("PK1:PT:T:Q1:07", "not a Patrolis step"),
        ("PK1:PT:T:S7:07", "not a Patrolis step"),
        ("PK1:PT:T:S1:7", "not a Patrolis step"),
        ("PK1:PT:O:P1", "not a Patrolis objective"),
        ("PK1:PT:O:B3", "not a Patrolis objective"),
        ("PK1:PT:F:NN:3HFQ9C:12:20", "not a Patrolis fiducial"),
        ("PK1:PT:F:NW:3HFQ9C:12", "not a Patrolis fiducial"),
        ("PK1:PT:M:3HFQ9C:43:ABC", "not a part of a Patrolis map code"),
        ("PK1:PT:M:3HFQ9C:13:" + "A" * 81, "not a part of a Patrolis map code"),
        ("PK1:PT:Z:B1", "unknown kind"),
    ],
)
def test_anything_else_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(PayloadError, match=why):
        decode(text)
