"""The objectives of a Patrolis table: the deal its kit printed (found from the map's digest in
a ``kit.json`` beside the photo or under ``output/kits``), those still on the map, and those
taken."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from companion.patrolis.reading import PatrolisReading, TileReading
from companion.patrolis.rebuild import Rebuilt
from patrolkit.games.patrolis import (
    DEFAULT_OBJECTIVES,
    Colour,
    Objective,
    View,
)

KIT_PLACES: Final = ("output/kits/*/kit.json",)
"""Where, besides beside the photo, a kit's ``kit.json`` is looked for (its printed deal)."""


def find_deal(digest: str, near: Iterable[Path] = ()) -> dict[int, Colour] | None:
    """The printed objective deal of map ``digest`` (cell -> colour), from a kit's
    ``kit.json`` in one of the folders ``near`` or their parents, or under ``output/kits``."""
    places: list[Path] = []
    for folder in near:
        places += [folder / "kit.json", folder.parent / "kit.json"]
    for pattern in KIT_PLACES:
        places += sorted(Path.cwd().glob(pattern))
    for path in places:
        try:
            layout = json.loads(path.read_text())["layout"]
            maps = {m["number"]: m for m in layout["maps"]}
            for deal in layout["deals"]:
                game_map = maps[deal["map"]]
                if game_map["digest"] == digest:
                    from patrolkit.games.patrolis import parse_cell

                    size = int(game_map["size"])
                    return {
                        parse_cell(size, o["cell"]): Colour(o["colour"]) for o in deal["objectives"]
                    }
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return None


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
