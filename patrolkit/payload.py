"""The one codec for every QR code patrolkit prints.

A payload is short text in the QR *alphanumeric* charset (digits, upper-case letters and
`` $%*+-./:``), so codes stay small and dense. Its fields are separated by ``:``::

    PK1:RD:P:G07          a Rôdeurs pawn, green, serial 7
    PK1:RD:F:NW:0K3F9Q    a Rôdeurs board fiducial, north-west corner, board code 0K3F9Q

* ``PK1`` — the project mark and the format version. A code without it is foreign.
* ``RD`` — the game; every payload names its game.
* ``P`` / ``F`` — the kind of item; the remaining fields are the kind's own.

Decoding is strict: anything that is not exactly one of our payloads raises
:class:`~patrolkit.errors.PayloadError`, so a product label lying on the table is reported as
foreign, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from patrolkit.errors import PayloadError

MARK = "PK"
VERSION = 1
SEPARATOR = ":"
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
MAX_LENGTH = 120
"""No payload of ours is longer; a longer text is refused before it is parsed."""


class Game(Enum):
    """The games, with the two-letter code their payloads carry."""

    RODEURS = "RD"
    TWELVE_PATROLS = "TP"
    PATROLIS = "PT"
    GRAND_JEU = "GJ"
    STRATEGO = "ST"


class Corner(Enum):
    """A corner of a board, as printed (north = the top edge of the board sheet)."""

    NW = "NW"
    NE = "NE"
    SE = "SE"
    SW = "SW"


@dataclass(frozen=True)
class RodeursPawn:
    """A Rôdeurs pawn token: its colour letter (``R``, ``Y`` or ``G``) and serial number."""

    colour: str
    serial: int

    GAME: ClassVar[Game] = Game.RODEURS
    KIND: ClassVar[str] = "P"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([RYG])(\d{2})")

    def fields(self) -> str:
        return f"{self.colour}{self.serial:02d}"

    @classmethod
    def parse(cls, fields: str) -> RodeursPawn:
        match = cls.PATTERN.fullmatch(fields)
        if match is None:
            raise PayloadError(f"'{fields}' is not a Rôdeurs pawn (colour R, Y or G, two digits).")
        return cls(match.group(1), int(match.group(2)))


@dataclass(frozen=True)
class RodeursFiducial:
    """A Rôdeurs board fiducial: which corner it marks and the board's layout code.

    The board code (see :attr:`patrolkit.games.rodeurs.Board.code`) holds every cell colour and
    the jump option, so a photo of the board is enough to know which rules judge it.
    """

    corner: Corner
    board: str

    GAME: ClassVar[Game] = Game.RODEURS
    KIND: ClassVar[str] = "F"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"(NW|NE|SE|SW):([0-9A-Z]{6})")

    def fields(self) -> str:
        return f"{self.corner.value}{SEPARATOR}{self.board}"

    @classmethod
    def parse(cls, fields: str) -> RodeursFiducial:
        match = cls.PATTERN.fullmatch(fields)
        if match is None:
            raise PayloadError(f"'{fields}' is not a Rôdeurs fiducial (corner and board code).")
        return cls(Corner(match.group(1)), match.group(2))


Item = RodeursPawn | RodeursFiducial
KINDS: dict[tuple[Game, str], type[RodeursPawn] | type[RodeursFiducial]] = {
    (cls.GAME, cls.KIND): cls for cls in (RodeursPawn, RodeursFiducial)
}


def encode(item: Item) -> str:
    """The QR text of ``item``; always in the alphanumeric charset."""
    text = SEPARATOR.join((f"{MARK}{VERSION}", item.GAME.value, item.KIND, item.fields()))
    assert set(text) <= ALPHANUMERIC, text
    return text


def decode(text: str) -> Item:
    """Read one of our payloads, or raise :class:`PayloadError` saying why it is not one."""
    if len(text) > MAX_LENGTH or not text:
        raise PayloadError("This QR code is not a patrolkit code (wrong length).")
    if not set(text) <= ALPHANUMERIC:
        raise PayloadError("This QR code is not a patrolkit code (characters outside the charset).")
    parts = text.split(SEPARATOR, 3)
    if len(parts) != 4 or not parts[0].startswith(MARK):
        raise PayloadError("This QR code is not a patrolkit code.")
    version = parts[0][len(MARK) :]
    if version != str(VERSION):
        raise PayloadError(f"This patrolkit code is format version {version}; we read {VERSION}.")
    try:
        game = Game(parts[1])
    except ValueError:
        raise PayloadError(f"This patrolkit code names an unknown game '{parts[1]}'.") from None
    kind = KINDS.get((game, parts[2]))
    if kind is None:
        raise PayloadError(f"This patrolkit code names an unknown kind '{parts[2]}' ({game.name}).")
    return kind.parse(parts[3])
