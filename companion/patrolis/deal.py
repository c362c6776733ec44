"""The objectives of a Patrolis table: the deal its kit printed (found from the map's digest in
a ``kit.json`` beside the photo or under ``output/kits``), those still on the map, and those
taken.

A ``kit.json`` is read within :mod:`patrolkit.inputs`' limits (a regular file, bounded in size
and depth). One beside the photo was put there by the player: if it cannot be read, or is a
damaged Patrolis kit, the photo is refused in one sentence naming it. Those in the photo's parent
folder and under ``output/kits`` are only searched: a bad one is skipped, and named on standard
error only when the deal was not found anywhere else (then it may have been the one).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from companion.patrolis.reading import PatrolisReading, TileReading
from companion.patrolis.rebuild import Rebuilt
from patrolkit.errors import KitError, NotationError, note
from patrolkit.games.patrolis import (
    DEFAULT_OBJECTIVES,
    Colour,
    Objective,
    View,
)
from patrolkit.i18n import _, ngettext
from patrolkit.inputs import read_json

KIT_PLACES: Final = ("output/kits/*/kit.json",)
"""Where, besides beside the photo, a kit's ``kit.json`` is looked for (its printed deal)."""

Deal = dict[int, Colour]

_NAMED: set[str] = set()
"""The unreadable kits under ``output/kits`` already named in this run (each is named once)."""


def find_deal(digest: str, near: Iterable[Path] = ()) -> Deal | None:
    """The printed objective deal of map ``digest`` (cell -> colour), from a kit's
    ``kit.json`` in one of the folders ``near`` or their parents, or under ``output/kits``.
    :class:`KitError` if a ``kit.json`` in one of the folders ``near`` (beside the photo) cannot
    be read; one elsewhere that cannot be read is skipped, and named if no deal is found."""
    folders = list(near)
    for path in dict.fromkeys(folder / "kit.json" for folder in folders):
        if path.exists() or path.is_symlink():
            deal = deal_in(path, digest)
            if deal is not None:
                return deal
    searched = [folder.parent / "kit.json" for folder in folders]
    for pattern in KIT_PLACES:
        searched += sorted(Path().glob(pattern))
    skipped: list[str] = []
    for path in dict.fromkeys(searched):
        if not (path.exists() or path.is_symlink()) or path in (f / "kit.json" for f in folders):
            continue
        try:
            deal = deal_in(path, digest)
        except KitError:
            skipped.append(str(path))
            continue
        if deal is not None:
            return deal
    skipped = [path for path in skipped if os.path.abspath(path) not in _NAMED]
    if skipped:
        _NAMED.update(os.path.abspath(path) for path in skipped)
        note(
            ngettext(
                "the printed deal of this map was not found; {paths} could not be read and was"
                " skipped",
                "the printed deal of this map was not found; {paths} could not be read and were"
                " skipped",
                len(skipped),
            ).format(paths=", ".join(skipped))
        )
    return None


def deal_in(path: Path, digest: str) -> Deal | None:
    """The deal of map ``digest`` in the ``kit.json`` at ``path``: ``None`` if it is another
    game's kit or another map's; :class:`KitError` naming ``path`` if it cannot be read or is
    not a sound kit."""
    data = read_json(path)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise KitError(_("{path} is not a patrolkit kit.json.").format(path=path))
    if data["game"] != "patrolis":
        return None
    try:
        return _deal(data["layout"], digest)
    except (KeyError, TypeError, ValueError, NotationError) as exc:
        raise KitError(
            _("{path} is a damaged Patrolis kit.json ({why}).").format(path=path, why=_why(exc))
        ) from None


def _deal(layout: Any, digest: str) -> Deal | None:
    from patrolkit.games.patrolis import parse_cell

    maps = {_whole(m["number"]): m for m in _list(layout["maps"])}
    for deal in _list(layout["deals"]):
        number = _whole(deal["map"])
        if number not in maps:
            raise ValueError(f"a deal is for map {number}, which the kit does not hold")
        game_map = maps[number]
        if game_map["digest"] != digest:
            continue
        size = _whole(game_map["size"])
        return {
            parse_cell(size, _text(o["cell"])): Colour(o["colour"])
            for o in _list(deal["objectives"])
        }
    return None


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"a list was expected, not {type(value).__name__}")
    return value


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a whole number was expected, not {type(value).__name__}")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a cell name was expected, not {type(value).__name__}")
    return value


def _why(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"no {exc.args[0]!r} entry" if exc.args else "an entry is missing"
    return str(exc).rstrip(".")[:120]


def objectives_of(
    reading: PatrolisReading, rebuilt: Rebuilt, deal: dict[int, Colour] | None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
    """The objectives on the map and those taken (with where and by whom, when known)."""
    game_map = reading.game_map
    on_map = {cell: _colour(piece) for cell, piece in reading.objectives.items()}
    if deal is not None and any(deal.get(c) is not colour for c, colour in on_map.items()):
        deal = None  # dealt by hand: the printed deal does not hold
    first_owner: dict[int, int] = {}
    for chain in rebuilt.chains:
        for line in chain.lines:
            if not line.over:
                first_owner[line.cell] = chain.owner
    taken: list[dict[str, Any]] = []
    if deal is not None:
        for cell, colour in sorted(deal.items()):
            if cell in on_map:
                continue
            holder = first_owner.get(cell)
            taken.append(
                {
                    "colour": colour.word,
                    "points": colour.points,
                    "cell": game_map.name(cell),
                    "by": None if holder is None else holder + 1,
                }
            )
    else:
        left = list(DEFAULT_OBJECTIVES)
        for colour in on_map.values():
            if colour in left:
                left.remove(colour)
        taken = [{"colour": c.word, "points": c.points, "cell": None, "by": None} for c in left]
    shown = [
        {"cell": game_map.name(cell), "colour": colour.word}
        for cell, colour in sorted(on_map.items())
    ]
    return shown, taken, deal is not None


def _colour(piece: TileReading) -> Colour:
    if piece.objective is None:
        raise ValueError(f"the piece on cell {piece.cell} is not an objective")
    return Colour(piece.objective)


def position_objectives(
    reading: PatrolisReading, taken: list[dict[str, Any]], view: View
) -> tuple[Objective, ...]:
    """The objectives of a position fitting the photo: those on the map, and those taken where
    the deal puts them (or, unknown, on cells a step lies on), credited as known."""
    game_map = reading.game_map
    objectives = [Objective(cell, _colour(piece)) for cell, piece in reading.objectives.items()]
    used = {o.cell for o in objectives}
    spare = [c for c in game_map.cells if view.tiles[c] is not None and c not in used]
    for entry in taken:
        colour = next(c for c in Colour if c.word == entry["colour"])
        cell = game_map.parse(entry["cell"]) if entry["cell"] else (spare.pop(0) if spare else None)
        if cell is None or cell in used:
            continue
        used.add(cell)
        objectives.append(Objective(cell, colour, (entry["by"] or 1) - 1))
    return tuple(objectives)
