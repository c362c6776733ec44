"""Stratego's data model: armies, ranks, pieces, positions and the rule options (no play).

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

Vocabulary
----------
* An :class:`Army` is red or blue; red sets up on rows ``1``-``4`` and moves first.
* A :class:`Rank` is what a piece is: marshal (10) down to spy (1), or a bomb or the flag. Each
  has one letter: ``M`` marshal, ``G`` general, ``C`` colonel, ``J`` major, ``K`` captain,
  ``L`` lieutenant, ``T`` sergeant, ``N`` miner, ``O`` scout, ``S`` spy, ``B`` bomb, ``F`` flag.
* A :class:`Piece` is an army, a rank (``None`` when hidden from whoever wrote the position)
  and an opaque ``id`` (``""`` when none is known): the id is what a camera reads on a printed
  piece, and each army's secret maps its ids to ranks (:meth:`State.with_ranks`).
* A :class:`State` is the piece (or nothing) on each square and the army to move (``None`` when
  unknown, as in a position read from a photo).
* :class:`Rules` are the options in force: the two-square limit (3 or 5) and the chase rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from patrolkit.errors import NotationError
from patrolkit.games.stratego.board import (
    COLUMNS,
    LAKES,
    ROWS,
    SQUARES,
    parse_square,
    square,
    square_name,
)
from patrolkit.i18n import _


class Army(Enum):
    """One of the two armies; its value is its letter for the player to move."""

    RED = "r"
    BLUE = "b"

    @property
    def opponent(self) -> Army:
        return Army.BLUE if self is Army.RED else Army.RED

    @property
    def title(self) -> str:
        return self.name.lower()


class Rank(Enum):
    """What a piece is; its value is its letter (red pieces upper case, blue lower case)."""

    MARSHAL = "M"
    GENERAL = "G"
    COLONEL = "C"
    MAJOR = "J"
    CAPTAIN = "K"
    LIEUTENANT = "L"
    SERGEANT = "T"
    MINER = "N"
    SCOUT = "O"
    SPY = "S"
    BOMB = "B"
    FLAG = "F"

    @property
    def strength(self) -> int:
        """10 for the marshal down to 1 for the spy; 0 for the bomb and the flag."""
        return _STRENGTH[self]

    @property
    def movable(self) -> bool:
        """Whether pieces of this rank ever move (bombs and the flag never do)."""
        return self not in (Rank.BOMB, Rank.FLAG)

    @property
    def title(self) -> str:
        """The rank as a player says it: ``marshal``, ``scout``, ``bomb``."""
        return self.name.lower()


_STRENGTH = {
    rank: value for rank, value in zip(Rank, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0), strict=True)
}

HIDDEN_LETTER = "X"
"""The letter of a piece whose rank is hidden (``X`` red, ``x`` blue)."""

ID_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
ID_LIMIT = 24


def check_id(identity: str) -> None:
    """Raise :class:`NotationError` unless ``identity`` is a usable piece id (or ``""``)."""
    if len(identity) > ID_LIMIT or not set(identity) <= ID_CHARACTERS:
        raise NotationError(
            _("'{identity}' is not a piece id: at most {limit} letters, digits or _.").format(
                identity=identity[:ID_LIMIT], limit=ID_LIMIT
            )
        )


@dataclass(frozen=True)
class Piece:
    """A piece: its army, its rank (``None`` when hidden) and its opaque id (``""``: none)."""

    army: Army
    rank: Rank | None
    id: str = ""

    def __post_init__(self) -> None:
        check_id(self.id)

    @property
    def letter(self) -> str:
        """``M`` for a red marshal, ``m`` for a blue one, ``X``/``x`` when the rank is hidden."""
        letter = HIDDEN_LETTER if self.rank is None else self.rank.value
        return letter if self.army is Army.RED else letter.lower()

    @classmethod
    def from_letter(cls, letter: str, identity: str = "") -> Piece:
        """The piece written ``letter`` (see :attr:`letter`)."""
        army = Army.RED if letter.isupper() else Army.BLUE
        if letter.upper() == HIDDEN_LETTER:
            return cls(army, None, identity)
        try:
            return cls(army, Rank(letter.upper()), identity)
        except ValueError:
            raise NotationError(
                _(
                    "'{letter}' is not a piece: the ranks are M G C J K L T N O S B F (red upper"
                    " case, blue lower case), X for a hidden rank."
                ).format(letter=letter)
            ) from None

    @property
    def title(self) -> str:
        """``red scout``, or ``blue piece`` when the rank is hidden."""
        return f"{self.army.title} {'piece' if self.rank is None else self.rank.title}"

    def hidden(self) -> Piece:
        return replace(self, rank=None)


@dataclass(frozen=True)
class Rules:
    """The rule options in force: the two-square limit and whether the chase rule applies."""

    two_square: int = 3
    chase: bool = True

    def __post_init__(self) -> None:
        if self.two_square not in (3, 5):
            raise NotationError(
                _("The two-square limit is 3 or 5 moves between two cells, not {limit}.").format(
                    limit=self.two_square
                )
            )

    @property
    def text(self) -> str:
        """``two-square=3 chase=on``; :meth:`from_text` reads it back.

        >>> Rules.from_text(Rules(5, False).text)
        Rules(two_square=5, chase=False)
        """
        return f"two-square={self.two_square} chase={'on' if self.chase else 'off'}"

    @classmethod
    def from_text(cls, text: str, *, partial: bool = False) -> Rules:
        """The rules :attr:`text` wrote; with ``partial``, words apart by spaces or commas and
        each left out at its default (``two-square=3 chase=on``); :class:`NotationError`
        otherwise."""
        values = dict(word.partition("=")[::2] for word in text.replace(",", " ").split())
        if partial:
            values = {"two-square": "3", "chase": "on", **values}
        if set(values) != {"two-square", "chase"} or values["chase"] not in ("on", "off"):
            raise NotationError(
                _("The rules are written 'two-square=3 chase=on' (3 or 5, on or off).")
            )
        if values["two-square"] not in ("3", "5"):
            raise NotationError(_("The two-square limit is 3 or 5."))
        return cls(int(values["two-square"]), values["chase"] == "on")


UNKNOWN_MOVER = "?"
LAKE_LETTER = "~"
EMPTY_LETTER = "."

Cells = tuple[Piece | None, ...]


@dataclass(frozen=True)
class State:
    """A position: the piece on each square (``None``: empty) and the army to move.

    ``to_move`` is ``None`` when unknown (a photo does not show it).
    """

    cells: Cells
    to_move: Army | None = Army.RED

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(self.cells))
        if len(self.cells) != SQUARES:
            raise NotationError(
                _("A position has {squares} cells, not {count}.").format(
                    squares=SQUARES, count=len(self.cells)
                )
            )
        for sq in LAKES:
            if self.cells[sq] is not None:
                raise NotationError(
                    _("{square} is in a lake, where no piece can stand.").format(
                        square=square_name(sq)
                    )
                )
        ids = [p.id for p in self.cells if p is not None and p.id]
        if len(ids) != len(set(ids)):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise NotationError(_("Two pieces carry the same id '{id}'.").format(id=twice))

    def piece(self, sq: int) -> Piece | None:
        return self.cells[sq]

    def squares_of(self, army: Army) -> list[int]:
        """The squares holding ``army``'s pieces, in square order."""
        return [sq for sq, p in enumerate(self.cells) if p is not None and p.army is army]

    def with_mover(self, to_move: Army | None) -> State:
        return replace(self, to_move=to_move)

    def hidden(self, army: Army | None = None) -> State:
        """This position with the ranks of ``army`` hidden (of both armies when ``None``)."""
        return replace(
            self,
            cells=tuple(
                p.hidden() if p is not None and (army is None or p.army is army) else p
                for p in self.cells
            ),
        )

    def view(self, army: Army) -> State:
        """What ``army``'s player sees: their own ranks, the enemy's hidden."""
        return self.hidden(army.opponent)

    def with_ranks(self, ranks: Mapping[str, Rank]) -> State:
        """This position with each piece whose id is in ``ranks`` given that rank (an army's
        secret maps its ids to ranks); other pieces are left as they are."""
        return replace(
            self,
            cells=tuple(
                replace(p, rank=ranks[p.id]) if p is not None and p.id in ranks else p
                for p in self.cells
            ),
        )

    def with_ids(self, ids: Mapping[int, str]) -> State:
        """This position with the piece on each square of ``ids`` given that id."""
        cells = list(self.cells)
        for sq, identity in ids.items():
            piece = cells[sq]
            if piece is None:
                raise NotationError(
                    _("{square} is empty, so it cannot take an id.").format(square=square_name(sq))
                )
            cells[sq] = replace(piece, id=identity)
        return replace(self, cells=tuple(cells))

    @property
    def ranks_known(self) -> bool:
        return all(p is None or p.rank is not None for p in self.cells)

    # -- text form ------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """A one-line form, like FEN: ``rows to_move [ids]``.

        ``rows`` are the 10 rows from row ``10`` down to row ``1``, separated by ``/``, one letter
        a cell: a piece letter (:attr:`Piece.letter`), ``.`` empty, ``~`` lake. ``to_move`` is
        ``r``, ``b`` or ``?``. When any piece has an id, a third field lists every piece's id in
        the order the rows write them, separated by commas (``-`` for a piece without one).
        Write :meth:`hidden` first to keep ranks secret.

        >>> state = State.from_pieces("a1=F b1=B a2=O j10=m#q7", to_move=Army.BLUE)
        >>> state.text.split("/")[0], state.text.split()[1:]
        ('.........m', ['b', 'q7,-,-,-'])
        >>> State.from_text(state.text) == state
        True
        >>> State.from_text(state.hidden().text).piece(0)
        Piece(army=<Army.RED: 'r'>, rank=None, id='')
        """
        rows = "/".join(
            "".join(self._letter(square(c, r)) for c in range(COLUMNS))
            for r in reversed(range(ROWS))
        )
        fields = [rows, UNKNOWN_MOVER if self.to_move is None else self.to_move.value]
        pieces = [p for p in self._reading_order() if p is not None]
        if any(p.id for p in pieces):
            fields.append(",".join(p.id or "-" for p in pieces))
        return " ".join(fields)

    def _letter(self, sq: int) -> str:
        piece = self.cells[sq]
        if piece is not None:
            return piece.letter
        return LAKE_LETTER if sq in LAKES else EMPTY_LETTER

    def _reading_order(self) -> list[Piece | None]:
        return [self.cells[square(c, r)] for r in reversed(range(ROWS)) for c in range(COLUMNS)]

    @classmethod
    def from_text(cls, text: str) -> State:
        """The inverse of :attr:`text`; raises :class:`NotationError` saying what is wrong."""
        fields = text.split()
        if len(fields) not in (2, 3):
            raise NotationError(
                _("A Stratego position is written as 'rows to_move' and, if pieces carry ids, ids.")
            )
        lines = fields[0].split("/")
        if len(lines) != ROWS or any(len(line) != COLUMNS for line in lines):
            raise NotationError(
                _("A position's rows are {rows} rows of {columns} letters.").format(
                    rows=ROWS, columns=COLUMNS
                )
            )
        letters = {
            square(c, ROWS - 1 - i): ch for i, line in enumerate(lines) for c, ch in enumerate(line)
        }
        order = [square(c, r) for r in reversed(range(ROWS)) for c in range(COLUMNS)]
        occupied = [sq for sq in order if letters[sq] not in (EMPTY_LETTER, LAKE_LETTER)]
        ids = [""] * len(occupied)
        if len(fields) == 3:
            ids = [word if word != "-" else "" for word in fields[2].split(",")]
            if len(ids) != len(occupied):
                raise NotationError(
                    _("The ids field lists {ids} ids for {pieces} pieces.").format(
                        ids=len(ids), pieces=len(occupied)
                    )
                )
        cells: list[Piece | None] = [None] * SQUARES
        for sq in order:
            letter = letters[sq]
            if letter == LAKE_LETTER and sq not in LAKES:
                raise NotationError(
                    _("{square} is written as a lake, but it is land.").format(
                        square=square_name(sq)
                    )
                )
            if letter == EMPTY_LETTER and sq in LAKES:
                raise NotationError(
                    _("{square} is in a lake, so it must be written '~'.").format(
                        square=square_name(sq)
                    )
                )
        for sq, identity in zip(occupied, ids, strict=True):
            cells[sq] = Piece.from_letter(letters[sq], identity)
        return cls(tuple(cells), _mover(fields[1]))

    @classmethod
    def from_pieces(cls, text: str, *, to_move: Army | None = Army.RED) -> State:
        """A position holding only the pieces written ``text``: each a square, ``=``, a piece
        letter and optionally ``#`` and an id, separated by spaces (``"a1=F e4=o#b12"``).

        >>> State.from_pieces("e4=O d7=b#q1").pieces_text
        'e4=O d7=b#q1'
        """
        cells: list[Piece | None] = [None] * SQUARES
        for word in text.split():
            name, sign, rest = word.partition("=")
            letter, _hash, identity = rest.partition("#")
            if not sign or len(letter) != 1:
                raise NotationError(
                    _(
                        "'{word}' is not a piece: write its square, = and its letter, like e4=O."
                    ).format(word=word)
                )
            sq = parse_square(name.lower())
            if cells[sq] is not None:
                raise NotationError(
                    _("Square {square} is given two pieces.").format(square=square_name(sq))
                )
            cells[sq] = Piece.from_letter(letter, identity)
        return cls(tuple(cells), to_move)

    @property
    def pieces_text(self) -> str:
        """The pieces as :meth:`from_pieces` reads them, in square order."""
        return " ".join(
            f"{square_name(sq)}={p.letter}{'#' + p.id if p.id else ''}"
            for sq, p in enumerate(self.cells)
            if p is not None
        )

    # -- JSON -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` gives back an equal state."""
        fields = self.text.split()
        return {
            "game": "stratego",
            "rows": fields[0].split("/"),
            "to_move": fields[1],
            "ids": fields[2].split(",") if len(fields) == 3 else [],
            "text": self.text,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """The inverse of :meth:`to_json`; raises :class:`NotationError` saying what is wrong."""
        try:
            if data["game"] != "stratego":
                raise ValueError(_("it is a {game} position").format(game=data["game"]))
            rows = "/".join(str(row) for row in data["rows"])
            ids = [str(i) for i in data.get("ids", [])]
            text = f"{rows} {data['to_move']}" + (f" {','.join(ids)}" if ids else "")
            return cls.from_text(text)
        except (KeyError, TypeError, ValueError, NotationError) as exc:
            raise NotationError(
                _("This JSON is not a Stratego position ({why}).").format(why=exc)
            ) from None


def _mover(letter: str) -> Army | None:
    if letter == UNKNOWN_MOVER:
        return None
    if letter not in ("r", "b"):
        raise NotationError(
            _("The army to move is 'r', 'b' or '?' (unknown), not '{letter}'.").format(
                letter=letter
            )
        )
    return Army(letter)
