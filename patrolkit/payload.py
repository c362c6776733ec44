"""The one codec for every QR code patrolkit prints.

A payload is short text in the QR *alphanumeric* charset (digits, upper-case letters and
`` $%*+-./:``), so codes stay small and dense. Its fields are separated by ``:``::

    PK1:RD:P:G07          a Rôdeurs pawn, green, serial 7
    PK1:RD:F:NW:0K3F9Q    a Rôdeurs board fiducial, north-west corner, board code 0K3F9Q
    PK1:TP:C:4K2ZQ:3:N3+B:-:S6:A
                          a 12 Patrols region card: deck 4K2ZQ, card 3, its north, east, south
                          and west edges (``-`` for an edge without requirements)
    PK1:TP:D:B2:4         the face of a 12 Patrols die showing 4 (blue die 2)
    PK1:TP:Q:Y1           a 12 Patrols cube (yellow cube 1)
    PK1:PT:T:C2:07        a Patrolis step tile: a curve of player 2, serial 7
    PK1:PT:O:B1           a Patrolis objective, the first blue one
    PK1:PT:F:NW:3HFQ9C:12:20
                          a Patrolis board fiducial: north-west corner of the sheet in column
                          1, row 2 (from the south-west) of map 3HFQ9C, printed with 20 mm cells
    PK1:PT:M:3HFQ9C:13:G0000000DR…
                          part 1 of 3 of the code of map 3HFQ9C
    PK1:ST:P:R:04G1ZK3A   a Stratego piece of the red army, id 04G1ZK3A (opaque: no rank)
    PK1:ST:F:NW:7QK2MZ:12:30
                          a Stratego board fiducial: north-west corner of the sheet in column
                          1, row 2 (from the south-west) of kit 7QK2MZ's board, 30 mm cells
    PK1:ST:S:RC7QK2MZ-ABCD-EFGH-JKMN-PQRS-XY
                          an army's secret (its owner's private slip; never on the table)
    PK1:GJ:S:4TQ2ZB:W3    a grand jeu scout: kit 4TQ2ZB, the West patrol's scout 3 (the code's
                          top is where the scout's blue arrow points)
    PK1:GJ:F:NW:4TQ2ZB:12:10:32
                          a grand jeu board fiducial: north-west corner of the sheet in column
                          1, row 2 of kit 4TQ2ZB's 10 x 10 board, 32 mm cells

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
from patrolkit.i18n import N_, _

MARK = "PK"
VERSION = 1
SEPARATOR = ":"
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
MAX_LENGTH = 120
"""No payload of ours is longer; a longer text is refused before it is parsed."""


def _match(pattern: re.Pattern[str], fields: str, what: str) -> re.Match[str]:
    """``pattern`` matched against the whole of ``fields``, or :class:`PayloadError` saying the
    fields are not ``what``."""
    match = pattern.fullmatch(fields)
    if match is None:
        raise PayloadError(_("'{fields}' is not {what}.").format(fields=fields, what=_(what)))
    return match


class Game(Enum):
    """The games, with the two-letter code their payloads carry."""

    RODEURS = "RD"
    TWELVE_PATROLS = "TP"
    PATROLIS = "PT"
    GRAND_JEU = "GJ"
    STRATEGO = "ST"

    @property
    def title(self) -> str:
        """The game's name as players write it in the language in force (``12 Patrols``,
        ``12 patrouilles``), from the game registry."""
        from patrolkit.registry import entry_for

        return entry_for(self).local_title


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
        match = _match(cls.PATTERN, fields, N_("a Rôdeurs pawn (colour R, Y or G, two digits)"))
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
        match = _match(cls.PATTERN, fields, N_("a Rôdeurs fiducial (corner and board code)"))
        return cls(Corner(match.group(1)), match.group(2))


_REQUIREMENT = r"(?:N[0-9]{1,2}|A|B|C|S[0-9]{1,2})"
_EDGE = rf"(?:-|{_REQUIREMENT}(?:\+{_REQUIREMENT})*)"


@dataclass(frozen=True)
class PatrolsCard:
    """A 12 Patrols region card: its deck's id, its number in the deck (1 to 9) and its edges.

    ``edges`` is the card's code (north, east, south, west, see
    :attr:`patrolkit.games.twelve_patrols.Card.code`); the card's name is not carried, the deck
    id and number find it.
    """

    deck: str
    number: int
    edges: str

    GAME: ClassVar[Game] = Game.TWELVE_PATROLS
    KIND: ClassVar[str] = "C"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        rf"([0-9A-Z]{{5}}):([1-9]):({_EDGE}:{_EDGE}:{_EDGE}:{_EDGE})"
    )

    def fields(self) -> str:
        return f"{self.deck}{SEPARATOR}{self.number}{SEPARATOR}{self.edges}"

    @classmethod
    def parse(cls, fields: str) -> PatrolsCard:
        match = _match(
            cls.PATTERN, fields, N_("a 12 Patrols card (deck id, card number 1 to 9, four edges)")
        )
        return cls(match.group(1), int(match.group(2)), match.group(3))


@dataclass(frozen=True)
class PatrolsDie:
    """One face of a 12 Patrols die: the die's colour letter (``W``, ``Y`` or ``B``), its serial
    (1 to 3) and the value that face shows. Every face carries its own code, so the code read on
    top tells the value."""

    colour: str
    serial: int
    value: int

    GAME: ClassVar[Game] = Game.TWELVE_PATROLS
    KIND: ClassVar[str] = "D"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([WYB])([1-3]):([1-6])")

    def fields(self) -> str:
        return f"{self.colour}{self.serial}{SEPARATOR}{self.value}"

    @classmethod
    def parse(cls, fields: str) -> PatrolsDie:
        match = _match(
            cls.PATTERN,
            fields,
            N_("a 12 Patrols die face (colour W, Y or B, serial 1 to 3, value 1 to 6)"),
        )
        return cls(match.group(1), int(match.group(2)), int(match.group(3)))


@dataclass(frozen=True)
class PatrolsCube:
    """A 12 Patrols cube: its colour letter (``W``, ``Y`` or ``B``) and serial (1 to 3)."""

    colour: str
    serial: int

    GAME: ClassVar[Game] = Game.TWELVE_PATROLS
    KIND: ClassVar[str] = "Q"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([WYB])([1-3])")

    def fields(self) -> str:
        return f"{self.colour}{self.serial}"

    @classmethod
    def parse(cls, fields: str) -> PatrolsCube:
        match = _match(
            cls.PATTERN, fields, N_("a 12 Patrols cube (colour W, Y or B, serial 1 to 3)")
        )
        return cls(match.group(1), int(match.group(2)))


@dataclass(frozen=True)
class PatrolisStep:
    """A Patrolis step tile: its shape (``S`` straight, ``C`` curve, ``X`` crossing), its
    owner (player 1 to 6) and its serial among the owner's tiles. The code is printed upright
    on the tile with the straight running north–south and the curve joining north and east, so
    the code's own orientation gives the tile's rotation."""

    shape: str
    player: int
    serial: int

    GAME: ClassVar[Game] = Game.PATROLIS
    KIND: ClassVar[str] = "T"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([SCX])([1-6]):(\d{2})")

    def fields(self) -> str:
        return f"{self.shape}{self.player}{SEPARATOR}{self.serial:02d}"

    @classmethod
    def parse(cls, fields: str) -> PatrolisStep:
        match = _match(
            cls.PATTERN, fields, N_("a Patrolis step (shape S, C or X, player 1 to 6, two digits)")
        )
        return cls(match.group(1), int(match.group(2)), int(match.group(3)))


@dataclass(frozen=True)
class PatrolisObjective:
    """A Patrolis objective: its colour letter (``B``, ``R``, ``G`` or ``Y``) and which of the
    two of that colour it is."""

    colour: str
    number: int

    GAME: ClassVar[Game] = Game.PATROLIS
    KIND: ClassVar[str] = "O"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([BRGY])([12])")

    def fields(self) -> str:
        return f"{self.colour}{self.number}"

    @classmethod
    def parse(cls, fields: str) -> PatrolisObjective:
        match = _match(
            cls.PATTERN, fields, N_("a Patrolis objective (colour B, R, G or Y, number 1 or 2)")
        )
        return cls(match.group(1), int(match.group(2)))


@dataclass(frozen=True)
class PatrolisFiducial:
    """A fiducial near a corner of one sheet of a Patrolis board: the corner, the map's digest,
    the sheet's column (1 = west) and row (1 = south) in the assembled board, and the printed
    cell size in mm; with the map's size these place the code in the sheet's cell frame (see
    :class:`patrolkit.sizes.Patrolis`)."""

    corner: Corner
    digest: str
    column: int
    row: int
    cell_mm: int

    GAME: ClassVar[Game] = Game.PATROLIS
    KIND: ClassVar[str] = "F"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"(NW|NE|SE|SW):([0-9A-Z]{6}):([1-9])([1-9]):([0-9]{2})"
    )

    def fields(self) -> str:
        return SEPARATOR.join(
            (self.corner.value, self.digest, f"{self.column}{self.row}", f"{self.cell_mm:02d}")
        )

    @classmethod
    def parse(cls, fields: str) -> PatrolisFiducial:
        match = _match(
            cls.PATTERN,
            fields,
            N_("a Patrolis fiducial (corner, map digest, sheet column and row, cell size)"),
        )
        corner, digest, column, row, cell = match.groups()
        return cls(Corner(corner), digest, int(column), int(row), int(cell))


@dataclass(frozen=True)
class PatrolisMapPart:
    """One part of a Patrolis map's code: the map's digest, the part's number and the count of
    parts, and its chunk of :attr:`patrolkit.games.patrolis.Map.code`. Joined in order, the
    chunks give the code, whose map's digest must be the one every part names."""

    digest: str
    part: int
    parts: int
    chunk: str

    GAME: ClassVar[Game] = Game.PATROLIS
    KIND: ClassVar[str] = "M"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"([0-9A-Z]{6}):([1-9])([1-9]):([0-9A-Z]{1,80})"
    )

    def fields(self) -> str:
        return SEPARATOR.join((self.digest, f"{self.part}{self.parts}", self.chunk))

    @classmethod
    def parse(cls, fields: str) -> PatrolisMapPart:
        match = cls.PATTERN.fullmatch(fields)
        if match is None or int(match.group(2)) > int(match.group(3)):
            raise PayloadError(
                _(
                    "'{fields}' is not a part of a Patrolis map code (digest, part and count, "
                    "up to 80 characters of the code)."
                ).format(fields=fields)
            )
        return cls(match.group(1), int(match.group(2)), int(match.group(3)), match.group(4))


@dataclass(frozen=True)
class StrategoPiece:
    """A Stratego piece seen from above: its army letter (``R`` or ``B``) and its opaque id,
    eight characters drawn at random per kit. The rank is never in the code: only the army's
    secret (:mod:`patrolkit.games.stratego.secret`) maps the id to it."""

    army: str
    id: str

    GAME: ClassVar[Game] = Game.STRATEGO
    KIND: ClassVar[str] = "P"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([RB]):([0-9A-Z]{8})")

    def fields(self) -> str:
        return f"{self.army}{SEPARATOR}{self.id}"

    @classmethod
    def parse(cls, fields: str) -> StrategoPiece:
        match = _match(cls.PATTERN, fields, N_("a Stratego piece (army R or B, an 8-character id)"))
        return cls(match.group(1), match.group(2))


@dataclass(frozen=True)
class StrategoFiducial:
    """A fiducial near a corner of one sheet of a Stratego board: the corner, the kit's code, the
    sheet's column (1 = west) and row (1 = south) in the assembled board, and the printed cell
    size in mm, which place the code in the sheet's cell frame (see
    :class:`patrolkit.sizes.stratego.StrategoSheet`). The kit code ties the board to its armies'
    secrets."""

    corner: Corner
    kit: str
    column: int
    row: int
    cell_mm: int

    GAME: ClassVar[Game] = Game.STRATEGO
    KIND: ClassVar[str] = "F"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"(NW|NE|SE|SW):([0-9A-Z]{6}):([1-2])([1-2]):([0-9]{2})"
    )

    def fields(self) -> str:
        return SEPARATOR.join(
            (self.corner.value, self.kit, f"{self.column}{self.row}", f"{self.cell_mm:02d}")
        )

    @classmethod
    def parse(cls, fields: str) -> StrategoFiducial:
        match = _match(
            cls.PATTERN,
            fields,
            N_("a Stratego fiducial (corner, kit code, sheet column and row, cell size)"),
        )
        corner, kit, column, row, cell = match.groups()
        return cls(Corner(corner), kit, int(column), int(row), int(cell))


@dataclass(frozen=True)
class StrategoSecret:
    """An army's secret as its owner's private slip carries it: the short code of
    :class:`patrolkit.games.stratego.secret.Secret` (army and variant letters with the kit code,
    the key in four groups, two check characters). Its check is verified where it is used."""

    code: str

    GAME: ClassVar[Game] = Game.STRATEGO
    KIND: ClassVar[str] = "S"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"[RB][CT][0-9A-Z]{6}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}"
    )

    def fields(self) -> str:
        return self.code

    @classmethod
    def parse(cls, fields: str) -> StrategoSecret:
        match = _match(cls.PATTERN, fields, N_("a Stratego army's secret code"))
        return cls(match.group(0))


@dataclass(frozen=True)
class GrandJeuScout:
    """A scout of Le grand jeu des patrouilles: its kit's code, its patrol's letter (``S``,
    ``W``, ``N`` or ``E``) and its number in the patrol (1 to 8). The code is printed upright with
    its top where the scout's blue arrow points, so the code's own orientation gives the scout's
    direction in 45° steps."""

    kit: str
    patrol: str
    number: int

    GAME: ClassVar[Game] = Game.GRAND_JEU
    KIND: ClassVar[str] = "S"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"([0-9A-Z]{6}):([SWNE])([1-8])")

    def fields(self) -> str:
        return f"{self.kit}{SEPARATOR}{self.patrol}{self.number}"

    @classmethod
    def parse(cls, fields: str) -> GrandJeuScout:
        match = _match(
            cls.PATTERN,
            fields,
            N_("a grand jeu scout (kit code, patrol S, W, N or E, number 1 to 8)"),
        )
        return cls(match.group(1), match.group(2), int(match.group(3)))


@dataclass(frozen=True)
class GrandJeuFiducial:
    """A fiducial near a corner of one sheet of a grand jeu board: the corner, the kit's code,
    the sheet's column (1 = west) and row (1 = south), the board's side (8 or 10 cells) and the
    printed cell size in mm, which place the code, the cells and the prisons in the sheet's cell
    frame (see :class:`patrolkit.sizes.grand_jeu.GrandJeuSheet`)."""

    corner: Corner
    kit: str
    column: int
    row: int
    size: int
    cell_mm: int

    GAME: ClassVar[Game] = Game.GRAND_JEU
    KIND: ClassVar[str] = "F"
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"(NW|NE|SE|SW):([0-9A-Z]{6}):([1-2])([1-2]):(08|10):([0-9]{2})"
    )

    def fields(self) -> str:
        return SEPARATOR.join(
            (
                self.corner.value,
                self.kit,
                f"{self.column}{self.row}",
                f"{self.size:02d}",
                f"{self.cell_mm:02d}",
            )
        )

    @classmethod
    def parse(cls, fields: str) -> GrandJeuFiducial:
        match = _match(
            cls.PATTERN,
            fields,
            N_(
                "a grand jeu fiducial (corner, kit code, sheet column and row, board side,"
                " cell size)"
            ),
        )
        corner, kit, column, row, size, cell = match.groups()
        return cls(Corner(corner), kit, int(column), int(row), int(size), int(cell))


Item = (
    RodeursPawn
    | RodeursFiducial
    | PatrolsCard
    | PatrolsDie
    | PatrolsCube
    | PatrolisStep
    | PatrolisObjective
    | PatrolisFiducial
    | PatrolisMapPart
    | StrategoPiece
    | StrategoFiducial
    | StrategoSecret
    | GrandJeuScout
    | GrandJeuFiducial
)
Kind = (
    type[RodeursPawn]
    | type[RodeursFiducial]
    | type[PatrolsCard]
    | type[PatrolsDie]
    | type[PatrolsCube]
    | type[PatrolisStep]
    | type[PatrolisObjective]
    | type[PatrolisFiducial]
    | type[PatrolisMapPart]
    | type[StrategoPiece]
    | type[StrategoFiducial]
    | type[StrategoSecret]
    | type[GrandJeuScout]
    | type[GrandJeuFiducial]
)
KINDS: dict[tuple[Game, str], Kind] = {
    (cls.GAME, cls.KIND): cls
    for cls in (
        RodeursPawn,
        RodeursFiducial,
        PatrolsCard,
        PatrolsDie,
        PatrolsCube,
        PatrolisStep,
        PatrolisObjective,
        PatrolisFiducial,
        PatrolisMapPart,
        StrategoPiece,
        StrategoFiducial,
        StrategoSecret,
        GrandJeuScout,
        GrandJeuFiducial,
    )
}


def encode(item: Item) -> str:
    """The QR text of ``item``; always in the alphanumeric charset."""
    text = SEPARATOR.join((f"{MARK}{VERSION}", item.GAME.value, item.KIND, item.fields()))
    assert set(text) <= ALPHANUMERIC, text
    return text


def decode(text: str) -> Item:
    """Read one of our payloads, or raise :class:`PayloadError` saying why it is not one."""
    if len(text) > MAX_LENGTH or not text:
        raise PayloadError(_("This QR code is not a patrolkit code (wrong length)."))
    if not set(text) <= ALPHANUMERIC:
        raise PayloadError(
            _("This QR code is not a patrolkit code (characters outside the charset).")
        )
    parts = text.split(SEPARATOR, 3)
    if len(parts) != 4 or not parts[0].startswith(MARK):
        raise PayloadError(_("This QR code is not a patrolkit code."))
    version = parts[0][len(MARK) :]
    if version != str(VERSION):
        raise PayloadError(
            _("This patrolkit code is format version {version}; we read {ours}.").format(
                version=version, ours=VERSION
            )
        )
    try:
        game = Game(parts[1])
    except ValueError:
        raise PayloadError(
            _("This patrolkit code names an unknown game '{code}'.").format(code=parts[1])
        ) from None
    kind = KINDS.get((game, parts[2]))
    if kind is None:
        raise PayloadError(
            _("This patrolkit code names an unknown kind '{kind}' ({game}).").format(
                kind=parts[2], game=game.name
            )
        )
    return kind.parse(parts[3])
