"""``patrolkit score|check patrolis``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import check_command, score_command
from patrolkit.errors import KitError
from patrolkit.i18n import _

if TYPE_CHECKING:
    from companion.patrolis.reading import PatrolisReading


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a Patrolis board: every track, and the score."""
    from companion.patrolis.annotate import render
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import format_verdict, score_verdict

    def judge(reading: PatrolisReading) -> dict[str, Any]:
        return score_verdict(reading, photo=Path(args.photo))

    return score_command(args, read_photo, judge, format_verdict, render)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos of a Patrolis board and say whether the second follows by one legal
    turn; the mover is the player whose new steps appear."""
    from companion.patrolis.annotate import render
    from companion.patrolis.reader import read_photo
    from companion.patrolis.verdict import check_verdict, format_verdict

    if args.mover is not None:
        raise KitError(
            _("Patrolis has no white or black: the mover is the player whose new steps appear.")
        )

    def judge(before: PatrolisReading, after: PatrolisReading) -> dict[str, Any]:
        return check_verdict(before, after, photo=Path(args.after))

    return check_command(args, read_photo, judge, format_verdict, render)


# -- the same verdicts as data, for the web companion -----------------------------------------

EMPTY = "empty"
"""What a player says of an unreadable cell that holds no step."""


def judge_photos(after: PatrolisReading, before: PatrolisReading | None = None) -> dict[str, Any]:
    """The verdict ``score`` (one photo) or ``check`` (``before`` given) prints, as data; the
    printed objective deal is looked for under ``output/kits`` (a photo sent from a phone has no
    kit folder beside it)."""
    from companion.patrolis.verdict import check_verdict, score_verdict

    return score_verdict(after) if before is None else check_verdict(before, after)


def unreadable_choices(reading: PatrolisReading) -> dict[str, tuple[str, ...]]:
    """Every cell the photo could not read, with what a player may say it holds: nothing, an
    objective (``blue objective``), or a step tile in the rules' notation (``C3/2``: a curve
    turned 3 times, Player 2's)."""
    pieces = (*_objectives(), *_tiles(reading))
    return {
        reading.game_map.name(u.cell): (EMPTY, *pieces)
        for u in reading.unreadable
        if u.cell is not None
    }


def correct(reading: PatrolisReading, cell: str, value: str) -> PatrolisReading:
    """``reading`` with the unreadable ``cell`` said by a player to hold ``value`` (a tile's
    notation, an objective, or ``empty``); :class:`NotationError` for a cell that was read or
    another value."""
    from dataclasses import replace

    from companion.patrolis.reading import TileReading
    from patrolkit.errors import NotationError

    place = reading.game_map.parse(cell)
    if not any(u.cell == place for u in reading.unreadable):
        raise NotationError(_("{cell} is not a cell this photo could not read.").format(cell=cell))
    tiles = _tiles(reading)
    objectives = _objectives()
    if value != EMPTY and value not in tiles and value not in objectives:
        raise NotationError(
            _(
                "A cell holds a step tile (like C3/2), an objective (like blue objective) or"
                " nothing, not '{value}'."
            ).format(value=value)
        )
    unreadable = tuple(u for u in reading.unreadable if u.cell != place)
    laid, shown = dict(reading.tiles), dict(reading.objectives)
    corners = reading.cell_quad(place)
    if value in tiles:
        laid[place] = TileReading("", place, tiles[value], None, corners, "corrected")
    elif value in objectives:
        colour = objectives[value].value
        shown[place] = TileReading("", place, None, colour, corners, "corrected")
    return replace(reading, unreadable=unreadable, tiles=laid, objectives=shown)


def _objectives() -> dict[str, Any]:
    """Every objective a cell may hold, by what a player says (``blue objective``)."""
    from patrolkit.games.patrolis import Colour

    return {f"{colour.word} objective": colour for colour in Colour}


def _tiles(reading: PatrolisReading) -> dict[str, Any]:
    """Every tile a player of this table may have laid, by notation."""
    from patrolkit.games.patrolis import Shape, Tile

    owners = [t.tile.owner for t in reading.tiles.values() if t.tile is not None]
    players = max([2, *(o + 1 for o in owners)])
    turns = {Shape.STRAIGHT: 2, Shape.CURVE: 4, Shape.CROSS: 1}
    tiles = (
        Tile(shape, rotation, owner)
        for owner in range(players)
        for shape, count in turns.items()
        for rotation in range(count)
    )
    return {tile.notation: tile for tile in tiles}
