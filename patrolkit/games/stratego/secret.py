"""An army's secret: which of its printed ids carries which rank.

Import these names from this module (the kit and the photo referee use it; the rules do not).

Vocabulary
----------
* A kit has a *kit code*: six characters, random per kit, printed in the board's corner codes.
* Each army of the kit has a :class:`Secret`: the kit code, the army, the variant (classic or
  training) and a *key* of 16 random characters (80 bits). The key alone gives every id of the
  army and its rank (:attr:`Secret.ranks`): piece ``i`` of the army's ranks in
  :data:`~patrolkit.games.stratego.CLASSIC_ARMY` order gets the id drawn from a keyed hash of
  its number, so an id read on a piece tells nothing without the key.
* The secret travels as a **short code** (:attr:`Secret.code`, printed on the owner's private
  slip as text and as a QR code): ``RC`` (red, classic) or ``BT`` (blue, training) and the kit
  code, the key in four groups of four, and two check characters —
  ``RC7QK2MZ-ABCD-EFGH-JKMN-PQRS-XY``. And as a **secret file** (:attr:`Secret.text`, written
  beside the kit as ``red.secret``/``blue.secret``): a header with the format version, the same
  facts, every id with its rank, and a check line over everything above it.

Reading either refuses, in one sentence, anything that is not exactly a secret of ours: another
format, another version, a wrong check (a mistyped code, a damaged file), or a list of ids that
does not match its key.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from patrolkit.errors import KitError
from patrolkit.games.stratego.model import Army, Rank
from patrolkit.games.stratego.setup import Variant
from patrolkit.games.stratego.words import player
from patrolkit.i18n import _

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The 32 characters of kit codes, keys, ids and checks (no I, L, O or U to misread)."""
KIT_CODE_LENGTH: Final = 6
KEY_LENGTH: Final = 16
ID_LENGTH: Final = 8
"""40 bits: two kits (80 ids each) share an id about once in 10⁸ pairs of kits."""
CHECK_LENGTH: Final = 2
FORMAT: Final = "patrolkit stratego secret"
VERSION: Final = 1
FILE_CHECK_LENGTH: Final = 16

_ARMY_LETTER: Final = {Army.RED: "R", Army.BLUE: "B"}
_VARIANT_LETTER: Final = {Variant.CLASSIC: "C", Variant.TRAINING: "T"}


class SecretError(KitError):
    """A secret (a short code or a secret file) that is damaged, foreign or of another kit."""


def _base32(data: bytes, length: int) -> str:
    """The first ``length`` characters of ``data`` written in :data:`ALPHABET`."""
    number = int.from_bytes(data, "big")
    bits = len(data) * 8
    return "".join(ALPHABET[(number >> (bits - 5 * (i + 1))) & 31] for i in range(length))


def random_text(entropy: bytes, length: int) -> str:
    """``length`` characters of :data:`ALPHABET` from ``entropy`` (at least ``5 * length`` bits,
    from a secure source such as :func:`secrets.token_bytes`).

    >>> random_text(bytes(10), 16)
    '0000000000000000'
    """
    if len(entropy) * 8 < 5 * length:
        raise ValueError(f"{length} characters need {5 * length} bits of entropy")
    return _base32(entropy, length)


def _check(text: str) -> str:
    return _base32(hashlib.sha256(text.encode()).digest(), CHECK_LENGTH)


def _plain(text: str) -> str:
    return "".join(text.split()).replace("-", "").upper()


@dataclass(frozen=True)
class Secret:
    """One army's secret; build it with :meth:`new`, read it with :meth:`from_code` or
    :meth:`from_text`.

    >>> secret = Secret(kit="7QK2MZ", army=Army.RED, variant=Variant.TRAINING,
    ...                 key="ABCDEFGHJKMNPQRS")
    >>> secret.code
    'RT7QK2MZ-ABCD-EFGH-JKMN-PQRS-VK'
    >>> Secret.from_code(secret.code.lower().replace("-", " ")) == secret
    True
    >>> Secret.from_text(secret.text) == secret
    True
    >>> sorted(rank.title for rank in secret.ranks.values())[:3]
    ['bomb', 'bomb', 'flag']
    """

    kit: str
    army: Army
    variant: Variant
    key: str

    def __post_init__(self) -> None:
        for what, value, length in (
            (_("A secret's kit code is {length} characters of {alphabet}, not '{value}'."),
             self.kit, KIT_CODE_LENGTH),
            (_("A secret's key is {length} characters of {alphabet}, not '{value}'."),
             self.key, KEY_LENGTH),
        ):  # fmt: skip
            if len(value) != length or not set(value) <= set(ALPHABET):
                raise SecretError(what.format(length=length, alphabet=ALPHABET, value=value))

    @classmethod
    def new(cls, kit: str, army: Army, variant: Variant, entropy: bytes) -> Secret:
        """A fresh secret for ``army`` of kit ``kit``; ``entropy`` is at least 10 random bytes
        from a secure source (:func:`secrets.token_bytes`)."""
        return cls(kit, army, variant, random_text(entropy, KEY_LENGTH))

    # -- the map --------------------------------------------------------------------------------

    @cached_property
    def pieces(self) -> tuple[tuple[str, Rank], ...]:
        """``(id, rank)`` of every piece of the army, in the order of the variant's ranks."""
        ranks = [rank for rank, count in self.variant.counts.items() for _unused in range(count)]
        found: list[tuple[str, Rank]] = []
        used: set[str] = set()
        for number, rank in enumerate(ranks):
            attempt = 0
            while True:
                message = f"{self.kit}:{self.army.value}:{number}:{attempt}".encode()
                digest = hmac.new(self.key.encode(), message, hashlib.sha256).digest()
                identity = _base32(digest, ID_LENGTH)
                if identity not in used:
                    break
                attempt += 1
            used.add(identity)
            found.append((identity, rank))
        return tuple(found)

    @property
    def ranks(self) -> dict[str, Rank]:
        """The army's ids and their ranks, for :meth:`State.with_ranks`."""
        return dict(self.pieces)

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(identity for identity, _rank in self.pieces)

    # -- the short code -------------------------------------------------------------------------

    @property
    def code(self) -> str:
        """The short code printed on the private slip (see the module's docstring)."""
        body = _ARMY_LETTER[self.army] + _VARIANT_LETTER[self.variant] + self.kit + self.key
        groups = [self.key[i : i + 4] for i in range(0, KEY_LENGTH, 4)]
        head = body[: 2 + KIT_CODE_LENGTH]
        return "-".join([head, *groups, _check(body)])

    @classmethod
    def from_code(cls, text: str) -> Secret:
        """The secret written ``text`` (any case; dashes and spaces ignored);
        :class:`SecretError` if it is not one, or a character is wrong."""
        plain = _plain(text)
        size = 2 + KIT_CODE_LENGTH + KEY_LENGTH + CHECK_LENGTH
        if len(plain) != size or not set(plain) <= set(ALPHABET):
            raise SecretError(
                _(
                    "'{text}' is not a Stratego secret code: it has {size} letters and digits,"
                    " like RC7QK2MZ-ABCD-EFGH-JKMN-PQRS-XY."
                ).format(text=text[:40], size=size)
            )
        body, check = plain[:-CHECK_LENGTH], plain[-CHECK_LENGTH:]
        armies = {v: k for k, v in _ARMY_LETTER.items()}
        variants = {v: k for k, v in _VARIANT_LETTER.items()}
        if body[0] not in armies or body[1] not in variants:
            raise SecretError(
                _(
                    "'{text}' is not a Stratego secret code: it starts with R or B, then C or T."
                ).format(text=text[:40])
            )
        if _check(body) != check:
            raise SecretError(
                _("This secret code has a wrong character: check it against your slip.")
            )
        kit = body[2 : 2 + KIT_CODE_LENGTH]
        return cls(kit, armies[body[0]], variants[body[1]], body[2 + KIT_CODE_LENGTH :])

    # -- the secret file ------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The secret file's text: one fact a line, ``name value``, and a check line last.

        ::

            patrolkit stratego secret 1
            kit 7QK2MZ
            army red
            variant classic
            code RC7QK2MZ-ABCD-EFGH-JKMN-PQRS-XY
            piece 04G1ZK3A marshal
            …
            check 9F2C44A10B7E5D31
        """
        lines = [
            f"{FORMAT} {VERSION}",
            f"kit {self.kit}",
            f"army {self.army.title}",
            f"variant {self.variant.value}",
            f"code {self.code}",
        ]
        lines += [f"piece {identity} {rank.title}" for identity, rank in sorted(self.pieces)]
        return "\n".join([*lines, f"check {_file_check(lines)}"]) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Secret:
        """The secret in a secret file's ``text``; :class:`SecretError` in one sentence if it is
        not one of ours, of another version, or damaged."""
        lines = text.strip().splitlines()
        if not lines or not lines[0].startswith(FORMAT + " "):
            raise SecretError(_("This file is not a patrolkit Stratego secret."))
        version = lines[0][len(FORMAT) + 1 :].strip()
        if version != str(VERSION):
            raise SecretError(
                _("This secret file is format version {version}; we read {ours}.").format(
                    version=version, ours=VERSION
                )
            )
        *body, last = lines
        if not last.startswith("check ") or last[6:].strip() != _file_check(body):
            raise SecretError(
                _(
                    "This secret file is damaged (its check line does not match); use the code on"
                    " your private slip instead."
                )
            )
        facts = [line.split(" ", 1) for line in body[1:]]
        values: Mapping[str, str] = {f[0]: f[1] for f in facts if len(f) == 2 and f[0] != "piece"}
        try:
            secret = cls.from_code(values["code"])
        except KeyError:
            raise SecretError(_("This secret file has no code line.")) from None
        listed = sorted(tuple(f[1].split(" ")) for f in facts if f[0] == "piece" and len(f) == 2)
        expected = sorted((identity, rank.title) for identity, rank in secret.pieces)
        same = (
            values.get("kit") == secret.kit
            and values.get("army") == secret.army.title
            and values.get("variant") == secret.variant.value
            and listed == expected
        )
        if not same:
            raise SecretError(_("This secret file is damaged: its pieces do not match its code."))
        return secret


def _file_check(lines: list[str]) -> str:
    digest = hashlib.sha256(("\n".join(lines) + "\n").encode()).hexdigest()
    return digest[:FILE_CHECK_LENGTH].upper()


def check_pair(red: Secret, blue: Secret) -> None:
    """:class:`SecretError` unless ``red`` and ``blue`` are the two secrets of one kit."""
    if red.army is not Army.RED or blue.army is not Army.BLUE:
        raise SecretError(
            _("Give {red}'s secret first, then {blue}'s.").format(
                red=player(Army.RED), blue=player(Army.BLUE)
            )
        )
    if red.kit != blue.kit:
        raise SecretError(
            _("These secrets are of two kits ({first} and {second}).").format(
                first=red.kit, second=blue.kit
            )
        )
    if red.variant is not blue.variant:
        raise SecretError(_("These secrets are of two armies of different variants."))
