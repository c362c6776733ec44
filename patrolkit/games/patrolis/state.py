"""Patrolis positions: what lies on the table, and its text and JSON forms.

Import these names from :mod:`patrolkit.games.patrolis`, which re-exports them.

A :class:`State` is the map, the players and the steps dealt to each, the objectives (taken or
not), every track (abandoned ones stay, as obstacles) and who is to move. Its
:attr:`~State.view` is what a photo of the table shows: each cell's tile (shape, rotation,
colour of its owner) and which objectives are still on the map.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.patrolis.board import Slot, check_state, tile_of
from patrolkit.games.patrolis.grid import Edge
from patrolkit.games.patrolis.terrain import Map
from patrolkit.games.patrolis.tracks import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    STEPS_DEALT,
    Colour,
    Line,
    Objective,
    Tile,
    Track,
    whole_number,
)
from patrolkit.i18n import _


@dataclass(frozen=True)
class View:
    """What a photo of the table shows: each cell's tile (or ``None``) and the cells where an
    objective still lies."""

    tiles: tuple[Tile | None, ...]
    objectives: frozenset[int]


@dataclass(frozen=True)
class State:
    """A Patrolis position.

    ``dealt`` is how many steps each player received; ``objectives`` are kept sorted by cell;
    a track's id is its index in ``tracks`` (abandoned tracks stay, so ids never change).
    Construction checks that the position hangs together and raises :class:`LayoutError`
    naming the first thing that does not.
    """

    map: Map
    players: int
    dealt: int
    objectives: tuple[Objective, ...]
    tracks: tuple[Track, ...] = ()
    to_move: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "objectives", tuple(sorted(self.objectives, key=lambda o: o.cell)))
        object.__setattr__(self, "tracks", tuple(self.tracks))
        check_state(self)

    @classmethod
    def start(
        cls,
        game_map: Map,
        players: int,
        objectives: tuple[Objective, ...],
        *,
        first: int = 0,
        dealt: int | None = None,
    ) -> State:
        """The position before the first turn: no track yet, ``first`` to move.

        ``dealt`` defaults to the rules' share for the number of players (60, 40, 30, 24, 20).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise LayoutError(
                _("Patrolis is for {least} to {most} players.").format(
                    least=MIN_PLAYERS, most=MAX_PLAYERS
                )
            )
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise LayoutError(
                _("Patrolis is for {least} to {most} players, not {count}.").format(
                    least=MIN_PLAYERS, most=MAX_PLAYERS, count=players
                )
            )
        if any(o.taken_by is not None for o in objectives):
            raise LayoutError(_("At the start of a game no objective has been collected."))
        return cls(
            game_map,
            players,
            STEPS_DEALT[players] if dealt is None else dealt,
            tuple(objectives),
            (),
            first,
        )

    # -- derived facts -------------------------------------------------------------------------

    @cached_property
    def board(self) -> tuple[tuple[Slot, ...], ...]:
        """Each cell's lines with their track ids: the plain line first, then a crossing."""
        cells: list[list[Slot]] = [[] for _cell in self.map.cells]
        for track_id, track in enumerate(self.tracks):
            for line in track.lines:
                cells[line.cell].append((track_id, line))
        for slots in cells:
            slots.sort(key=lambda slot: slot[1].over)
        return tuple(tuple(slots) for slots in cells)

    @cached_property
    def view(self) -> View:
        """What a photo shows: tiles and the objectives still on the map."""
        owners = [track.owner for track in self.tracks]
        return View(
            tuple(tile_of(slots, owners) for slots in self.board),
            frozenset(o.cell for o in self.objectives if o.taken_by is None),
        )

    def live_track(self, player: int) -> int | None:
        """The id of ``player``'s track in play, or ``None`` (they start one from the border)."""
        for track_id, track in enumerate(self.tracks):
            if track.owner == player and not track.abandoned:
                return track_id
        return None

    def supply(self, player: int) -> int:
        """The steps ``player`` still holds: those dealt less their lines on the board.

        A crossing is laid on top of the straight step it crosses, which stays beneath: each
        line is one step of its owner.
        """
        laid = sum(len(t.lines) for t in self.tracks if t.owner == player)
        return self.dealt - laid

    def objective_at(self, cell: int) -> Objective | None:
        for objective in self.objectives:
            if objective.cell == cell:
                return objective
        return None

    # -- text form -----------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The position in one line: the map code, the players, the steps dealt to each, who is
        to move (``1`` = Player 1), the objectives and the tracks, separated by spaces.

        Objectives are ``cell`` and colour letter, joined by commas, with ``=n`` when Player
        ``n`` took it: ``N9B,J2B=1,H8R``. Each track is its owner's number, ``x`` if abandoned,
        ``:`` and its lines from start to free end joined by commas: ``1:A1SN,A2SN,A3SE+``.
        Only the map's terrain classes are kept (its code): :meth:`from_text` gives back the
        position on :attr:`Map.plain`.
        """
        m = self.map
        objectives = ",".join(
            f"{m.name(o.cell)}{o.colour.value}"
            + ("" if o.taken_by is None else f"={o.taken_by + 1}")
            for o in self.objectives
        )
        tracks = [
            f"{t.owner + 1}{'x' if t.abandoned else ''}:"
            + ",".join(line.notation(m.size) for line in t.lines)
            for t in self.tracks
        ]
        return " ".join(
            [
                m.code,
                str(self.players),
                str(self.dealt),
                str(self.to_move + 1),
                objectives or "-",
                *tracks,
            ]
        )

    @classmethod
    def from_text(cls, text: str) -> State:
        """The inverse of :attr:`text`; raises :class:`NotationError` saying what is wrong."""
        fields = text.split()
        if len(fields) < 5:
            raise NotationError(
                _(
                    "A Patrolis position is written as the map code, the players, the steps"
                    " dealt, who is to move, the objectives and the tracks."
                )
            )
        code, players, dealt, to_move, objectives, *tracks = fields
        game_map = Map.from_code(code)
        try:
            return cls(
                game_map,
                int(players),
                int(dealt),
                _parse_objectives(objectives, game_map),
                _parse_tracks(tracks, game_map),
                int(to_move) - 1,
            )
        except (ValueError, LayoutError) as exc:
            raise NotationError(
                _("'{text}…' is not a Patrolis position ({why}).").format(text=text[:40], why=exc)
            ) from None

    @classmethod
    def from_tracks(
        cls,
        game_map: Map,
        tracks: str = "",
        *,
        objectives: str = "-",
        players: int = 2,
        to_move: int = 0,
        dealt: int | None = None,
    ) -> State:
        """A position on ``game_map`` holding only the tracks and objectives written out.

        ``tracks`` are written as in :attr:`text`, separated by spaces: the owner's number,
        ``x`` if abandoned, ``:`` and the lines from tail to free end
        (``"1:A1SN,A2SN 2x:H8WE"``). ``objectives`` are too: ``"D5B,B2R=1"`` (``-``: none).
        ``to_move`` counts from 0 (Player 1); ``dealt`` defaults to the rules' share. The map
        keeps everything it knows (kinds, rivers, roads). Raises :class:`NotationError` saying
        what is wrong, in the text or in the position it describes.

        >>> plain = Map.from_drawing("\\n".join(["cccccccc"] * 8))
        >>> state = State.from_tracks(plain, "1:A1SN,A2SN", objectives="D5B")
        >>> state.supply(0), state.live_track(0), state.tracks[0].lines[-1].notation(8)
        (58, 0, 'A2SN')
        """
        try:
            return cls(
                game_map,
                players,
                STEPS_DEALT.get(players, 0) if dealt is None else dealt,
                _parse_objectives(objectives.strip() or "-", game_map),
                _parse_tracks(tracks.split(), game_map),
                to_move,
            )
        except (ValueError, LayoutError) as exc:
            raise NotationError(
                _("That is not a Patrolis position: {why}.").format(why=exc)
            ) from None

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` gives back an equal position."""
        m = self.map
        return {
            "game": "patrolis",
            "map": m.to_json(),
            "players": self.players,
            "dealt": self.dealt,
            "to_move": self.to_move,
            "objectives": [
                {"cell": m.name(o.cell), "colour": o.colour.value, "taken_by": o.taken_by}
                for o in self.objectives
            ],
            "tracks": [
                {
                    "owner": t.owner,
                    "abandoned": t.abandoned,
                    "lines": " ".join(line.notation(m.size) for line in t.lines),
                }
                for t in self.tracks
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """The inverse of :meth:`to_json`; raises :class:`NotationError` saying what is wrong."""
        try:
            if data.get("game") != "patrolis":
                raise ValueError(_("'game' is 'patrolis'"))
            game_map = Map.from_json(data["map"])
            objectives = tuple(
                Objective(
                    game_map.parse(str(o["cell"])),
                    Colour(o["colour"]),
                    _player_or_none(o["taken_by"]),
                )
                for o in data["objectives"]
            )
            tracks = tuple(
                Track(
                    whole_number(t["owner"]),
                    tuple(_parse_line(word, game_map) for word in str(t["lines"]).split()),
                    _flag(t["abandoned"]),
                )
                for t in data["tracks"]
            )
            return cls(
                game_map,
                whole_number(data["players"]),
                whole_number(data["dealt"]),
                objectives,
                tracks,
                whole_number(data["to_move"]),
            )
        except (KeyError, TypeError, ValueError, LayoutError) as exc:
            raise NotationError(
                _("This JSON is not a Patrolis position ({why}).").format(why=exc)
            ) from None


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(_("{value} is not true or false").format(value=repr(value)))
    return value


def _player_or_none(value: object) -> int | None:
    return None if value is None else whole_number(value)


_OBJECTIVE = re.compile(r"([A-X]\d{1,2})([BRGY])(?:=([1-6]))?")
_TRACK = re.compile(r"([1-6])(x?):(\S+)")
_LINE = re.compile(r"([A-Xa-x]\d{1,2})([NESW])([NESW])(\+?)")


def _parse_objectives(text: str, game_map: Map) -> tuple[Objective, ...]:
    """The objectives written ``text`` (``N9B,J2B=1``, or ``-`` for none)."""
    found = []
    for word in [] if text == "-" else text.split(","):
        match = _OBJECTIVE.fullmatch(word)
        if match is None:
            raise ValueError(_("'{word}' is not an objective, like N9B or J2B=1").format(word=word))
        taker = match.group(3)
        found.append(
            Objective(
                game_map.parse(match.group(1)),
                Colour(match.group(2)),
                None if taker is None else int(taker) - 1,
            )
        )
    return tuple(found)


def _parse_tracks(words: Sequence[str], game_map: Map) -> tuple[Track, ...]:
    """The tracks written ``words``, one a word (``1:A1SN,A2SN``, ``2x:P3EW``)."""
    laid = []
    for word in words:
        match = _TRACK.fullmatch(word)
        if match is None:
            raise ValueError(
                _("'{word}' is not a track, like 1:A1SN,A2SN or 2x:P3EW").format(word=word)
            )
        laid.append(
            Track(
                int(match.group(1)) - 1,
                tuple(_parse_line(line, game_map) for line in match.group(3).split(",")),
                bool(match.group(2)),
            )
        )
    return tuple(laid)


def _parse_line(word: str, game_map: Map) -> Line:
    match = _LINE.fullmatch(word)
    if match is None:
        raise ValueError(
            _("'{word}' is not a step on the board, like C5WE or C5WE+").format(word=word)
        )
    return Line(
        game_map.parse(match.group(1)),
        Edge(match.group(2)),
        Edge(match.group(3)),
        match.group(4) == "+",
    )
