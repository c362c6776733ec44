"""Stratego: two armies of hidden ranks on a 10 x 10 board with two lakes; take the enemy flag.

Vocabulary
----------
* The board has columns ``a``..``j`` and rows ``1``..``10``; a *square* is an index
  ``row * 10 + column`` (row ``1`` is 0). The lakes are c5, d5, c6, d6 and g5, h5, g6, h6.
* Two armies, red (rows ``1``-``4``, moves first) and blue (rows ``7``-``10``). A :class:`Piece`
  has an army, a :class:`Rank` (``None`` when hidden) and an opaque ``id``: the code a camera
  reads on the printed piece; each army's secret maps its ids to ranks (:meth:`State.with_ranks`).
* A :class:`State` is the pieces on the board and the army to move; :meth:`State.view` and
  :meth:`State.hidden` write it with ranks hidden. A :class:`Game` adds the start, the rule
  options (:class:`Rules`: two-square limit 3 or 5, chase rule on or off) and the moves played.
* The armies: :data:`CLASSIC_ARMY` (40 pieces) and :data:`TRAINING_ARMY` (10), as
  :class:`Variant`; :func:`check_setup` and :func:`start_position` check a setup.

Playing
-------
:func:`legal_moves`, :func:`apply` and :func:`is_legal` judge a position alone; :class:`Game`
(:meth:`Game.legal_moves`, :meth:`Game.play`, :attr:`Game.result`) adds the two-square and chase
rules; :func:`fight` resolves an attack; :func:`validate` names the move or attack between two
positions (or two photos), or says why none leads from one to the other.

Notation
--------
Positions: :attr:`State.text` / :meth:`State.from_text` (ranks shown or hidden, ids optional) and
JSON. Moves: ``a4-a5``, ``a4xa7`` (:meth:`Move.parse`, :func:`parse_move`). Games:
:func:`format_record` / :func:`parse_record` and JSON. StraDos3 strings are read by
:func:`state_from_strados`. Everything is pure: no I/O, randomness only from a given seed.
"""

from __future__ import annotations

from patrolkit.games.stratego.board import (
    COLUMN_NAMES,
    COLUMNS,
    LAKES,
    NEIGHBOURS,
    ROWS,
    SQUARES,
    column_of,
    is_lake,
    parse_square,
    row_of,
    square,
    square_name,
)
from patrolkit.games.stratego.chase import Chase, position_key
from patrolkit.games.stratego.combat import Attack, Outcome, fight
from patrolkit.games.stratego.game import DecidedBy, Game, Result, result
from patrolkit.games.stratego.model import UNKNOWN_MOVER, Army, Piece, Rank, Rules, State
from patrolkit.games.stratego.moves import (
    Move,
    apply,
    attack_of,
    can_move,
    format_move,
    is_legal,
    legal_moves,
    move_problem,
    parse_move,
    successor,
)
from patrolkit.games.stratego.notation import (
    format_moves,
    format_record,
    parse_record,
    record_from_json,
    record_to_json,
    replay,
    state_from_strados,
)
from patrolkit.games.stratego.repetition import Streak
from patrolkit.games.stratego.setup import (
    CLASSIC_ARMY,
    HOME_ROWS,
    TRAINING_ARMY,
    Variant,
    army_from_rows,
    check_army,
    check_setup,
    home_squares,
    random_army,
    random_start,
    start_position,
)
from patrolkit.games.stratego.validate import Played, validate

__all__ = [
    "CLASSIC_ARMY",
    "COLUMNS",
    "COLUMN_NAMES",
    "HOME_ROWS",
    "LAKES",
    "NEIGHBOURS",
    "ROWS",
    "SQUARES",
    "TRAINING_ARMY",
    "UNKNOWN_MOVER",
    "Army",
    "Attack",
    "Chase",
    "DecidedBy",
    "Game",
    "Move",
    "Outcome",
    "Piece",
    "Played",
    "Rank",
    "Result",
    "Rules",
    "State",
    "Streak",
    "Variant",
    "apply",
    "army_from_rows",
    "attack_of",
    "can_move",
    "check_army",
    "check_setup",
    "column_of",
    "fight",
    "format_move",
    "format_moves",
    "format_record",
    "home_squares",
    "is_lake",
    "is_legal",
    "legal_moves",
    "move_problem",
    "parse_move",
    "parse_record",
    "parse_square",
    "position_key",
    "random_army",
    "random_start",
    "record_from_json",
    "record_to_json",
    "replay",
    "result",
    "row_of",
    "square",
    "square_name",
    "start_position",
    "state_from_strados",
    "successor",
    "validate",
]
