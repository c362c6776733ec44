"""Le grand jeu des patrouilles: patrols of oriented scouts, a budget of foulards per turn, and
captures by two red arrows.

Vocabulary
----------
* Two patrols of 8 scouts on an 8 x 8 board, or three or four patrols of 6 on a 10 x 10 board. A
  :class:`Patrol` is named after the edge it starts from (South, West, North, East) and plays in
  that order. A *cell* is ``row * 16 + column`` on both boards, named like ``d4``.
* Each :class:`Scout` faces one of 8 :class:`Direction` values (its blue arrow) and carries red
  arrows (``Options.arrows``, printed on every pawn). A scout on its far row is frozen.
* A turn spends up to 4 foulards on :class:`Move`, :class:`Reorient`, :class:`Capture` (free) and
  :class:`Free` acts, with a move as its first or second act; a turn that captured may be followed
  by a bonus turn. A :class:`State` is the board, the prisoners, the patrol to move and the
  patrols already out; :class:`Options` are fixed before the game.

Playing and refereeing
----------------------
:func:`legal_acts` lists the acts that may come next in a turn; :func:`apply` plays a whole
:class:`Turn`; :func:`outcome` says who has won, :func:`early_stop` ranks a game stopped early;
:func:`explain` finds the turn that leads from one position to another, or says why none does.
Acts, turns and positions are written as text and JSON by :mod:`.notation`. Everything is pure.
The rules in words are in ``docs/rules/grand-jeu.md``.
"""

from __future__ import annotations

from patrolkit.games.grand_jeu.acts import (
    BUDGET,
    FREE_COST,
    Act,
    Capture,
    Free,
    Move,
    Part,
    Reorient,
    capturers,
    cost,
    legal_acts,
)
from patrolkit.games.grand_jeu.board import (
    DIRECTIONS,
    Direction,
    cell,
    cell_name,
    column_of,
    neighbours,
    parse_cell,
    row_of,
)
from patrolkit.games.grand_jeu.explain import Explanation, explain
from patrolkit.games.grand_jeu.model import (
    DEFAULT_ARROWS,
    Options,
    Patrol,
    Scout,
    State,
    check_position,
)
from patrolkit.games.grand_jeu.notation import (
    act_from_json,
    act_to_json,
    format_act,
    format_position,
    format_turn,
    parse_act,
    parse_position,
    parse_turn,
    parse_turn_text,
    position_from_json,
    position_to_json,
    turn_from_json,
    turn_to_json,
)
from patrolkit.games.grand_jeu.outcome import (
    Ending,
    Outcome,
    Standing,
    early_stop,
    outcome,
    standings,
)
from patrolkit.games.grand_jeu.randomplay import random_game, random_position, random_turn
from patrolkit.games.grand_jeu.turn import Played, Turn, apply, is_blocked, is_legal, play

__all__ = [
    "BUDGET",
    "DEFAULT_ARROWS",
    "DIRECTIONS",
    "FREE_COST",
    "Act",
    "Capture",
    "Direction",
    "Ending",
    "Explanation",
    "Free",
    "Move",
    "Options",
    "Outcome",
    "Part",
    "Patrol",
    "Played",
    "Reorient",
    "Scout",
    "Standing",
    "State",
    "Turn",
    "act_from_json",
    "act_to_json",
    "apply",
    "capturers",
    "cell",
    "cell_name",
    "check_position",
    "column_of",
    "cost",
    "early_stop",
    "explain",
    "format_act",
    "format_position",
    "format_turn",
    "is_blocked",
    "is_legal",
    "legal_acts",
    "neighbours",
    "outcome",
    "parse_act",
    "parse_cell",
    "parse_position",
    "parse_turn",
    "parse_turn_text",
    "play",
    "position_from_json",
    "position_to_json",
    "random_game",
    "random_position",
    "random_turn",
    "row_of",
    "standings",
    "turn_from_json",
    "turn_to_json",
]
