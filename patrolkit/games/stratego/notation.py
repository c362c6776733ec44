"""Stratego games written out: the game record (rules, setup and moves, in text or JSON) that
replays move by move, and the StraDos3 position strings some engines use, read as an import format.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

A record is three lines::

    rules: two-square=3 chase=on
    setup: <the start position's text, ranks shown>
    moves: 1. a4-a5 g7-g6 2. b4-b5

Move numbers (``1.``) are optional when reading. Positions themselves are written by
:attr:`State.text <patrolkit.games.stratego.model.State.text>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from patrolkit.errors import IllegalTurn, NotationError
from patrolkit.games.stratego.board import COLUMNS, LAKES, ROWS, SQUARES, square
from patrolkit.games.stratego.game import Game
from patrolkit.games.stratego.model import Army, Piece, Rank, Rules, State
from patrolkit.games.stratego.moves import Move
from patrolkit.i18n import _

RECORD_FIELDS = ("rules", "setup", "moves")


def format_record(game: Game) -> str:
    """``game`` as a record; :func:`parse_record` replays it.

    >>> from patrolkit.games.stratego.setup import random_start
    >>> game = Game.new(random_start(1)).play(Move.parse("a4-a5"))
    >>> parse_record(format_record(game)) == game
    True
    """
    return "\n".join(
        (
            f"rules: {game.rules.text}",
            f"setup: {game.start.text}",
            f"moves: {format_moves(game.moves)}".rstrip(),
        )
    )


def format_moves(moves: tuple[Move, ...]) -> str:
    """``1. a4-a5 g7-g6 2. b4-b5``: the moves two by two, numbered."""
    words = []
    for index, move in enumerate(moves):
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        words.append(move.notation)
    return " ".join(words)


def parse_record(text: str) -> Game:
    """The game a record describes, every move replayed under the record's rules.

    Raises :class:`NotationError` when the record cannot be read and :class:`IllegalTurn`
    naming the first move the rules refuse, and why.
    """
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon or name not in RECORD_FIELDS:
            raise NotationError(
                _(
                    "'{line}' is not a record line: a record has the lines rules:, setup: and"
                    " moves:."
                ).format(line=line.strip()[:40])
            )
        if name in fields:
            raise NotationError(_("The record has two '{name}:' lines.").format(name=name))
        fields[name] = value.strip()
    if "setup" not in fields:
        raise NotationError(_("The record has no 'setup:' line with the start position."))
    rules = Rules.from_text(fields["rules"]) if "rules" in fields else Rules()
    words = [w for w in fields.get("moves", "").split() if not _is_number(w)]
    return replay(State.from_text(fields["setup"]), [Move.parse(w) for w in words], rules)


def _is_number(word: str) -> bool:
    return word.endswith(".") and word[:-1].isdigit()


def replay(start: State, moves: list[Move], rules: Rules | None = None) -> Game:
    """The game ``moves`` play from ``start``; raises :class:`IllegalTurn` naming the first move
    the rules refuse (by its number) and why."""
    game = Game.new(start, rules)
    for index, move in enumerate(moves):
        problem = game.refusal(move)
        if problem:
            raise IllegalTurn(
                _("Move {number} ({move}) is refused: {problem}").format(
                    number=index + 1, move=move, problem=problem
                )
            )
        game = game.play(move)
    return game


def record_to_json(game: Game) -> dict[str, Any]:
    """A JSON-ready dict of ``game``'s record; :func:`record_from_json` replays it."""
    return {
        "game": "stratego",
        "rules": {"two_square": game.rules.two_square, "chase": game.rules.chase},
        "setup": game.start.to_json(),
        "moves": [move.notation for move in game.moves],
    }


def record_from_json(data: Mapping[str, Any]) -> Game:
    """The inverse of :func:`record_to_json`."""
    try:
        if data["game"] != "stratego":
            raise ValueError(_("it is a {game} record").format(game=data["game"]))
        options = data.get("rules", {})
        rules = Rules(int(options.get("two_square", 3)), bool(options.get("chase", True)))
        start = State.from_json(data["setup"])
        moves = [Move.parse(str(word)) for word in data["moves"]]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise NotationError(
            _("This JSON is not a Stratego game record ({why}).").format(why=exc)
        ) from None
    return replay(start, moves, rules)


# -- StraDos3, read as an import format ----------------------------------------------------------

_STRADOS_ORDER = (
    Rank.BOMB,
    Rank.SPY,
    Rank.SCOUT,
    Rank.MINER,
    Rank.SERGEANT,
    Rank.LIEUTENANT,
    Rank.CAPTAIN,
    Rank.MAJOR,
    Rank.COLONEL,
    Rank.GENERAL,
    Rank.MARSHAL,
    Rank.FLAG,
)
_STRADOS_PIECES: dict[str, Piece] = {
    letter: Piece(army, rank)
    for army, first in ((Army.RED, "B"), (Army.BLUE, "N"))
    for offset, rank in enumerate(_STRADOS_ORDER)
    for letter in (chr(ord(first) + offset),)
}


def state_from_strados(text: str) -> State:
    """The position a StraDos3 string describes: 100 letters from ``a1`` along row ``1``, then
    row ``2`` and so on (``A`` empty, ``_`` lake, ``B``-``M`` red and ``N``-``Y`` blue pieces in
    the order bomb, spy, scout, miner, sergeant, lieutenant, captain, major, colonel, general,
    marshal, flag; lower case marks a rank already revealed, which our positions do not track),
    the army to move (``r`` or ``b``) and a move number, which is not kept.

    >>> state = state_from_strados("M" + "A" * 39 + "AA__AA__AA" * 2 + "A" * 39 + "y r 1")
    >>> state.pieces_text, state.to_move
    ('a1=F j10=f', <Army.RED: 'r'>)
    """
    fields = text.split()
    if len(fields) != 3 or len(fields[0]) != SQUARES or fields[1] not in ("r", "b"):
        raise NotationError(
            _("A StraDos3 position is 100 letters, the army to move (r or b) and a move number.")
        )
    cells: list[Piece | None] = [None] * SQUARES
    for index, letter in enumerate(fields[0]):
        sq = square(index % COLUMNS, index // ROWS)
        if letter == "_" or letter.upper() == "A":
            if (letter == "_") != (sq in LAKES):
                where = (
                    _("StraDos3 letter {number} ('{letter}') is on land.")
                    if letter == "_"
                    else _(
                        "StraDos3 letter {number} ('{letter}') is in a lake, which StraDos3"
                        " writes _."
                    )
                )
                raise NotationError(where.format(number=index + 1, letter=letter))
            continue
        piece = _STRADOS_PIECES.get(letter.upper())
        if piece is None:
            raise NotationError(
                _("StraDos3 letter {number} ('{letter}') is not a piece.").format(
                    number=index + 1, letter=letter
                )
            )
        cells[sq] = piece
    return State(tuple(cells), Army(fields[1]))
