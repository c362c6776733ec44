"""The payload codec: what a token's QR code carries, and strict refusal of anything else."""

import pytest

from patrolkit.errors import PayloadError
from patrolkit.payload import (
    ALPHANUMERIC,
    Corner,
    RodeursFiducial,
    RodeursPawn,
    decode,
    encode,
)


def test_a_pawn_carries_game_kind_colour_and_serial() -> None:
    assert encode(RodeursPawn("G", 7)) == "PK1:RD:P:G07"
    assert decode("PK1:RD:P:R56") == RodeursPawn("R", 56)


def test_a_fiducial_carries_its_corner_and_the_whole_board() -> None:
    text = encode(RodeursFiducial(Corner.SE, "0K3F9Q"))
    assert text == "PK1:RD:F:SE:0K3F9Q"
    assert decode(text) == RodeursFiducial(Corner.SE, "0K3F9Q")


@pytest.mark.parametrize(
    "item",
    [RodeursPawn(c, n) for c in "RYG" for n in (1, 42, 99)]
    + [RodeursFiducial(corner, "ZZZZZZ") for corner in Corner],
)
def test_every_payload_round_trips_in_the_alphanumeric_charset(item: object) -> None:
    text = encode(item)  # type: ignore[arg-type]
    assert set(text) <= ALPHANUMERIC
    assert len(text) <= 20, "fits a version-1 QR code at level M"
    assert decode(text) == item


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("https://example.com/product/123", "not a patrolkit code"),
        ("4006381333931", "not a patrolkit code"),
        ("PK2:RD:P:G07", "version 2"),
        ("PK1:XX:P:G07", "unknown game"),
        ("PK1:RD:Q:G07", "unknown kind"),
        ("PK1:RD:P:B07", "not a Rôdeurs pawn"),
        ("PK1:RD:P:G7", "not a Rôdeurs pawn"),
        ("PK1:RD:P:G07:EXTRA", "not a Rôdeurs pawn"),
        ("PK1:RD:F:XX:0K3F9Q", "not a Rôdeurs fiducial"),
        ("pk1:rd:p:g07", "charset"),
        ("", "length"),
        ("PK1:RD:P:G07" * 20, "length"),
    ],
)
def test_anything_else_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(PayloadError, match=why):
        decode(text)
