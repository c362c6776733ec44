"""Patrolis: tracks laid step by step across a map to collect objectives.

Vocabulary
----------
* A :class:`Map` is a square grid (8 to 24 cells a side, 16 by default) with letters ``A``… for
  its columns (west to east) and numbers ``1``… for its rows (south to north): cells are named
  like ``C7``. Each cell has one terrain class (:class:`Terrain`): water, mountain, countryside or
  road. Generated maps (``generator.patrolis.terrain.generate_map``) also know each cell's
  :class:`Kind`   and the rivers and roads drawn across the cells.
* Each player holds steps: square tiles carrying a straight or a curve (a :class:`Shape`), and
  crossings ("+"). A player's steps make a :class:`Track`, started from the border and continued
  from its free end; a :class:`Turn` lays one or more :class:`Step` s on cells of one terrain
  class (roads fit in any turn): at most 1 on water, 2 on mountain, 3 on countryside, 5 on road.
* Tracks collect the :class:`Objective` s they pass through: blue 5 points, red 3, green 2,
  yellow 1. A :class:`State` is the map, the players and their steps, the objectives, every
  track (abandoned ones stay as obstacles) and who is to move; its :attr:`~State.view` is what a
  photo of the table shows.

Playing
-------
:func:`new_game` deals the objectives and starts a game; :func:`play` and :func:`apply` play a
turn (with its incidents: bump, join, cross, leaving the board, blocked); :func:`is_over`,
:func:`score` and :func:`result` end and score a game; a :class:`Round` adds up as many games
as players; :func:`validate` says which turn explains a change between two positions, or why
none does.

Notation
--------
A turn is written as its steps: cell, entry edge, exit edge, and ``+U``/``+D`` after a crossing
(``A1SN A2SN A3SE``). :func:`parse_turn` reads one for the player to move on a state's map,
:func:`format_turn` writes one back, :func:`is_legal` says whether the rules allow it.
:meth:`State.from_tracks` builds a position holding only the tracks and objectives written out,
like ``State.from_tracks(game_map, "1:A1SN,A2SN 2x:H8WE", objectives="D5B,B2R=1")``;
:attr:`State.text` writes a whole position in one line.

This module is the one to import. The grid (cells, edges, terrain classes) lives in
:mod:`~patrolkit.games.patrolis.grid`, the map in :mod:`~patrolkit.games.patrolis.terrain` and its
playability checks in :mod:`~patrolkit.games.patrolis.playable`; steps, tracks and turns in
:mod:`~patrolkit.games.patrolis.tracks`; positions in :mod:`~patrolkit.games.patrolis.state`, what
lies on each cell in :mod:`~patrolkit.games.patrolis.board`; playing in
:mod:`~patrolkit.games.patrolis.rules`, with its incidents in
:mod:`~patrolkit.games.patrolis.incidents` and laying steps in
:mod:`~patrolkit.games.patrolis.laying`; scores, rounds and the deal in
:mod:`~patrolkit.games.patrolis.score`; refereeing in :mod:`~patrolkit.games.patrolis.validate`.
All their public names are re-exported here. The path rivers and roads are drawn along, which
the printed map and the photo reader share, is :mod:`~patrolkit.games.patrolis.lines` (imported
from there). Everything is pure: no I/O, and randomness only through an explicit seed.
"""

from __future__ import annotations

from patrolkit.games.patrolis.grid import (
    DEFAULT_SIZE,
    EDGES,
    LETTERS,
    MAX_SIZE,
    MIN_SIZE,
    Edge,
    Kind,
    Point,
    Polyline,
    Terrain,
    cell_name,
    centre_point,
    check_size,
    edge_point,
    parse_cell,
    point_cells,
)
from patrolkit.games.patrolis.incidents import Event, Incident
from patrolkit.games.patrolis.playable import (
    MAX_SEA_SHARE,
    MAX_WATER_SHARE,
    MIN_CLASS_SHARE,
    OBJECTIVE_COUNT,
    check_playable,
)
from patrolkit.games.patrolis.rules import (
    Played,
    apply,
    can_continue,
    end_reason,
    format_turn,
    is_legal,
    is_over,
    parse_turn,
    play,
    random_turn,
)
from patrolkit.games.patrolis.score import Result, Round, deal_objectives, new_game, result, score
from patrolkit.games.patrolis.state import State, View
from patrolkit.games.patrolis.terrain import DIGEST_LENGTH, Map, code_length
from patrolkit.games.patrolis.tracks import (
    DEFAULT_OBJECTIVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STEPS_DEALT,
    Colour,
    Cut,
    Line,
    Objective,
    Shape,
    Step,
    Tile,
    Track,
    Turn,
    dealt_tiles,
    player_key,
    player_name,
    rotation_of,
    shape_of,
    step_mix,
)
from patrolkit.games.patrolis.validate import validate

__all__ = [
    "DEFAULT_OBJECTIVES",
    "DEFAULT_SIZE",
    "DIGEST_LENGTH",
    "EDGES",
    "LETTERS",
    "MAX_PLAYERS",
    "MAX_SEA_SHARE",
    "MAX_SIZE",
    "MAX_WATER_SHARE",
    "MIN_CLASS_SHARE",
    "MIN_PLAYERS",
    "MIN_SIZE",
    "OBJECTIVE_COUNT",
    "STEPS_DEALT",
    "Colour",
    "Cut",
    "Edge",
    "Event",
    "Incident",
    "Kind",
    "Line",
    "Map",
    "Objective",
    "Played",
    "Point",
    "Polyline",
    "Result",
    "Round",
    "Shape",
    "State",
    "Step",
    "Terrain",
    "Tile",
    "Track",
    "Turn",
    "View",
    "apply",
    "can_continue",
    "cell_name",
    "centre_point",
    "check_playable",
    "check_size",
    "code_length",
    "deal_objectives",
    "dealt_tiles",
    "edge_point",
    "end_reason",
    "format_turn",
    "is_legal",
    "is_over",
    "new_game",
    "parse_cell",
    "parse_turn",
    "play",
    "player_key",
    "player_name",
    "point_cells",
    "random_turn",
    "result",
    "rotation_of",
    "score",
    "shape_of",
    "step_mix",
    "validate",
]
