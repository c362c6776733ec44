"""An army's secret: its short code and its file read back, and anything damaged, foreign or of
another kit is refused in one sentence."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

import patrolkit.games.stratego.secret as secret_module
from patrolkit.errors import PayloadError
from patrolkit.games.stratego import CLASSIC_ARMY, TRAINING_ARMY, Army, State, Variant
from patrolkit.games.stratego.secret import (
    ALPHABET,
    ID_LENGTH,
    Secret,
    SecretError,
    check_pair,
)
from patrolkit.payload import (
    Corner,
    StrategoFiducial,
    StrategoPiece,
    StrategoSecret,
    decode,
    encode,
)

RED = Secret("7QK2MZ", Army.RED, Variant.CLASSIC, "ABCDEFGHJKMNPQRS")
BLUE = Secret("7QK2MZ", Army.BLUE, Variant.CLASSIC, "0123456789ABCDEF")


def test_a_secret_holds_every_piece_of_its_army_once_with_its_rank() -> None:
    for variant, counts in ((Variant.CLASSIC, CLASSIC_ARMY), (Variant.TRAINING, TRAINING_ARMY)):
        secret = Secret("7QK2MZ", Army.RED, variant, "ABCDEFGHJKMNPQRS")
        assert Counter(secret.ranks.values()) == Counter(dict(counts))
        assert len(secret.ids) == sum(counts.values())
        for identity in secret.ids:
            assert len(identity) == ID_LENGTH and set(identity) <= set(ALPHABET)


def test_the_key_alone_gives_the_ids_and_another_key_gives_other_ids() -> None:
    again = Secret("7QK2MZ", Army.RED, Variant.CLASSIC, "ABCDEFGHJKMNPQRS")
    assert again.pieces == RED.pieces
    other = Secret("7QK2MZ", Army.RED, Variant.CLASSIC, "ABCDEFGHJKMNPQRT")
    assert not other.ids & RED.ids
    assert not BLUE.ids & RED.ids


def test_the_short_code_reads_back_however_it_is_typed() -> None:
    code = RED.code
    assert len(code) == 31 and code.startswith("RC7QK2MZ-")
    assert Secret.from_code(code) == RED
    assert Secret.from_code(code.lower().replace("-", " ")) == RED


def test_a_mistyped_code_is_refused_by_its_check() -> None:
    code = RED.code
    wrong = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    with pytest.raises(SecretError, match="wrong character"):
        Secret.from_code(wrong)
    with pytest.raises(SecretError, match="is not a Stratego secret code"):
        Secret.from_code("PK1:RD:P:G07")


def test_the_secret_file_reads_back_and_lists_every_id_with_its_rank() -> None:
    text = RED.text
    assert text.startswith("patrolkit stratego secret 1\n")
    assert Secret.from_text(text) == RED
    pieces = [line.split() for line in text.splitlines() if line.startswith("piece ")]
    assert {identity: rank for _, identity, rank in pieces} == {
        identity: rank.title for identity, rank in RED.pieces
    }


def test_a_damaged_secret_file_is_refused_in_one_sentence() -> None:
    lines = RED.text.splitlines()
    piece = next(i for i, line in enumerate(lines) if line.startswith("piece "))
    swapped = lines[piece].replace(lines[piece].split()[2], "spy")
    damaged = "\n".join([*lines[:piece], swapped, *lines[piece + 1 :]])
    with pytest.raises(SecretError, match=r"damaged \(its check line does not match\)"):
        Secret.from_text(damaged)
    with pytest.raises(SecretError, match="damaged"):
        Secret.from_text(RED.text[:-30])


def test_a_file_that_is_not_a_secret_or_of_another_version_is_refused() -> None:
    with pytest.raises(SecretError, match="not a patrolkit Stratego secret"):
        Secret.from_text('{"game": "stratego"}')
    with pytest.raises(SecretError, match="format version 2"):
        Secret.from_text(RED.text.replace("secret 1", "secret 2", 1))


def test_a_file_whose_pieces_do_not_match_its_code_is_refused_even_with_a_fresh_check() -> None:
    """Someone editing a rank and recomputing the check still cannot change what a key means."""
    import hashlib

    lines = RED.text.splitlines()[:-1]
    piece = next(i for i, line in enumerate(lines) if line.startswith("piece "))
    lines[piece] = " ".join([*lines[piece].split()[:2], "marshal"])
    check = hashlib.sha256(("\n".join(lines) + "\n").encode()).hexdigest()[:16].upper()
    with pytest.raises(SecretError, match="its pieces do not match its code"):
        Secret.from_text("\n".join([*lines, f"check {check}"]))


def test_two_secrets_of_one_kit_pair_and_a_secret_of_another_kit_does_not() -> None:
    check_pair(RED, BLUE)
    stranger = Secret("9XY3PQ", Army.BLUE, Variant.CLASSIC, "0123456789ABCDEF")
    with pytest.raises(SecretError, match="of two kits"):
        check_pair(RED, stranger)
    with pytest.raises(SecretError, match="red's secret first"):
        check_pair(BLUE, RED)


def test_the_slip_payload_carries_the_code_and_reads_back() -> None:
    payload = encode(StrategoSecret(RED.code))
    assert payload == f"PK1:ST:S:{RED.code}"
    item = decode(payload)
    assert isinstance(item, StrategoSecret)
    assert Secret.from_code(item.code) == RED


def test_piece_and_fiducial_payloads_read_back_and_anything_else_is_refused() -> None:
    piece = StrategoPiece("R", "04G1ZK3A")
    assert encode(piece) == "PK1:ST:P:R:04G1ZK3A" and decode(encode(piece)) == piece
    fiducial = StrategoFiducial(Corner.SW, "7QK2MZ", 1, 2, 30)
    assert encode(fiducial) == "PK1:ST:F:SW:7QK2MZ:12:30"
    assert decode(encode(fiducial)) == fiducial
    for foreign in ("PK1:ST:P:X:04G1ZK3A", "PK1:ST:P:R:04G1ZK3", "PK1:ST:F:NW:7QK2MZ:33:30"):
        with pytest.raises(PayloadError):
            decode(foreign)


def test_the_examples_in_the_secret_module_hold() -> None:
    assert doctest.testmod(secret_module).failed == 0


def test_a_photo_position_takes_its_ranks_from_the_two_secrets() -> None:
    red_id, red_rank = RED.pieces[0]
    blue_id, blue_rank = BLUE.pieces[-1]
    photo = State.from_pieces(f"a1=X#{red_id} j10=x#{blue_id}", to_move=None)
    judged = photo.with_ranks(RED.ranks).with_ranks(BLUE.ranks)
    red_piece, blue_piece = judged.piece(0), judged.piece(99)
    assert red_piece is not None and red_piece.rank is red_rank
    assert blue_piece is not None and blue_piece.rank is blue_rank
