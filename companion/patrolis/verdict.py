"""What the rules say about photos of a Patrolis table, as JSON and as words.

Verdict JSON, schema 1
----------------------
Plain dicts, ready for :func:`json.dumps`. Keys in every verdict:

``schema``, ``kind``, ``game``
    ``1``; ``"score"`` (one photo) or ``"check"`` (two photos: does the second follow the first
    by one legal turn?); ``"patrolis"``.
``judged``
    ``true`` when every cell of every photo was read; ``false`` otherwise (``unreadable`` says
    where).
``state``
    The position read (of the second photo, for a check) in the rules' text form
    (``State.text``), or ``null`` when the photo cannot be a position. What a photo does not
    show is filled in as the module notes of :mod:`companion.patrolis.rebuild` say; a position
    also needs every taken objective's cell and taker, so one the photo cannot place is put on
    a cell a step lies on and one whose taker it does not show is credited to Player 1 there —
    ``objectives`` says what is known.
``map``
    ``{"digest", "size", "cell_mm", "sheets": [{"name", "corners_seen", "set_aside"}]}``.
``steps``
    ``[{"cell", "shape", "rotation", "owner", "tile", "code"}]``, one per tile seen, by cell:
    ``shape`` is ``straight``, ``curve`` or ``crossing``; ``rotation`` the rules' 0..3;
    ``owner`` the player's number (1 = Player 1); ``tile`` the rules' notation (``C3/2``);
    ``code`` the tile's QR text.
``tracks``
    ``[{"owner", "steps", "from_border", "free_end"}]``: each track rebuilt, its steps from its
    start (``A1WE B1WN``…); ``free_end`` is what its end points at (``open``, ``crossable``,
    ``meets``, ``blocked``, ``off``).
``incidents``, ``breaks``
    ``[{"kind", "cell", "players", "sentence"}]``: bumps, joins and crossings seen; tracks that
    do not reach the border.
``objectives``
    ``{"on_map": [{"cell", "colour"}], "taken": [{"colour", "points", "cell", "by"}],
    "deal": "kit" | null}``: the objectives still on the map, and those taken; ``cell`` and
    ``by`` (a player's number) are ``null`` where the photo cannot tell — a taken objective is
    placed by the kit's printed deal when the kit is found (``deal`` says so), and credited to
    the owner of the first step on its cell.
``score``
    ``{"Player 1": points, …}`` from the objectives credited; ``score_complete`` is ``true``
    when every taken objective is credited.
``unreadable``
    ``[{"photo", "cell", "reason", "at_px"}]``: each piece or cell that could not be read
    (``photo`` is ``before``/``after`` in a check, ``null`` in a score).
``foreign_codes``
    ``[{"photo", "text", "at_px"}]``: QR codes that are not this game's, ignored.
``problems``
    Every problem found, one sentence each.

A check adds ``legal`` (``true``, ``false``, or ``null`` when it cannot be judged), ``mover``
(the player whose new steps appear, as a number), ``turn`` (the steps in notation), ``terrain``
(the turn's class), ``collected`` (the objectives taken this turn), ``events`` (the turn's
incidents, one sentence each), ``reason`` (why not, or why it cannot be judged) and ``before``
(``{"state", "steps_read"}``). ``timings_s`` holds the seconds each reading stage took.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from companion.patrolis.deal import find_deal, objectives_of, position_objectives
from companion.patrolis.reading import PatrolisReading
from companion.patrolis.rebuild import positions, rebuild
from companion.verdict import SCHEMA, foreign_codes_lines, join_photos
from patrolkit.errors import IllegalTurn
from patrolkit.games.patrolis import (
    Colour,
    Shape,
    State,
    Terrain,
    play,
    player_key,
    score,
    validate,
)
from patrolkit.i18n import N_, _, ngettext

SHAPE_WORDS: Final = {Shape.STRAIGHT: "straight", Shape.CURVE: "curve", Shape.CROSS: "crossing"}

# -- one photo ----------------------------------------------------------------------------------


def score_verdict(reading: PatrolisReading, *, photo: Path | None = None) -> dict[str, Any]:
    """The verdict on one photo: the steps, tracks, incidents, objectives and score."""
    verdict = _common("score", reading, None)
    verdict.update(_table(reading, photo))
    verdict["timings_s"] = dict(reading.timings)
    return verdict


def _common(kind: str, reading: PatrolisReading, photo: str | None) -> dict[str, Any]:
    game_map = reading.game_map
    steps = [
        {
            "cell": game_map.name(cell),
            "shape": SHAPE_WORDS[piece.tile.shape],
            "rotation": piece.tile.rotation,
            "owner": piece.tile.owner + 1,
            "tile": piece.tile.notation,
            "code": piece.payload,
        }
        for cell, piece in sorted(reading.tiles.items())
        if piece.tile is not None
    ]
    return {
        "schema": SCHEMA,
        "kind": kind,
        "game": "patrolis",
        "judged": not reading.unreadable,
        "map": {
            "digest": game_map.digest,
            "size": game_map.size,
            "cell_mm": reading.cell_mm,
            "sheets": [
                {
                    "name": s.name,
                    "corners_seen": [c.value for c in s.corners_seen],
                    "set_aside": [c.value for c in s.set_aside],
                }
                for s in reading.sheets
            ],
        },
        "steps": steps,
        "unreadable": [
            {
                "photo": photo,
                "cell": None if u.cell is None else game_map.name(u.cell),
                "reason": u.reason,
                "at_px": list(u.at_px) if u.at_px else None,
            }
            for u in reading.unreadable
        ],
        "foreign_codes": [
            {"photo": photo, "text": text, "at_px": list(at)} for text, at in reading.foreign
        ],
        "problems": list(reading.problems),
    }


def _table(reading: PatrolisReading, photo: Path | None) -> dict[str, Any]:
    """Tracks, incidents, objectives, score and the position, as far as the photo tells."""
    empty: dict[str, Any] = {
        "state": None,
        "tracks": [],
        "incidents": [],
        "breaks": [],
        "objectives": None,
        "score": None,
        "score_complete": False,
    }
    view = reading.view
    if view is None:
        return empty
    game_map = reading.game_map
    rebuilt = rebuild(game_map, view)
    deal = find_deal(game_map.digest, [photo.parent] if photo else [])
    shown, taken, from_kit = objectives_of(reading, rebuilt, deal)
    position = next(positions(game_map, view, position_objectives(reading, taken, view), 0), None)
    players = max(2, position.players if position else 2)
    points = {player_key(p): 0 for p in range(players)}
    for entry in taken:
        if entry["by"] is not None:
            name = player_key(entry["by"] - 1)
            points[name] = points.get(name, 0) + entry["points"]
    return {
        "state": position.text if position else None,
        "tracks": [
            {
                "owner": chain.owner + 1,
                "steps": " ".join(line.notation(game_map.size) for line in chain.lines),
                "from_border": chain.from_border,
                "free_end": chain.free_end,
            }
            for chain in rebuilt.chains
        ],
        "incidents": [_seen(game_map, s) for s in rebuilt.incidents],
        "breaks": [_seen(game_map, s) for s in rebuilt.breaks],
        "objectives": {"on_map": shown, "taken": taken, "deal": "kit" if from_kit else None},
        "score": points,
        "score_complete": all(entry["by"] is not None for entry in taken),
    }


def _seen(game_map: Any, seen: Any) -> dict[str, Any]:
    return {
        "kind": seen.kind,
        "cell": game_map.name(seen.cell),
        "players": [p + 1 for p in seen.players],
        "sentence": seen.sentence,
    }


# -- two photos ---------------------------------------------------------------------------------


def check_verdict(
    before: PatrolisReading, after: PatrolisReading, *, photo: Path | None = None
) -> dict[str, Any]:
    """The verdict on two photos: does ``after`` follow ``before`` by one legal turn?

    The mover is the player whose new steps appear (a photo does not show whose turn it is).
    """
    verdict = _common("check", after, "after")
    first = _common("score", before, "before")
    join_photos(verdict, first)
    verdict["before"] = {"state": None, "steps_read": len(first["steps"])}
    verdict.update(_table(after, photo))
    verdict.update(
        {
            "legal": None,
            "mover": None,
            "turn": None,
            "terrain": None,
            "collected": [],
            "events": [],
            "reason": None,
        }
    )
    verdict["timings_s"] = {"before": dict(before.timings), "after": dict(after.timings)}
    if before.game_map.code != after.game_map.code:
        verdict["reason"] = _("The two photos show different maps ({first} and {second}).").format(
            first=before.game_map.digest, second=after.game_map.digest
        )
        verdict["legal"] = False
        return verdict
    old, new = before.view, after.view
    if old is None or new is None:
        verdict["reason"] = _(
            "Some pieces could not be read (see below), so the turn cannot be judged."
        )
        return verdict
    game_map = before.game_map
    changed = [c for c in game_map.cells if old.tiles[c] != new.tiles[c]]
    movers = [new.tiles[c].owner for c in changed if new.tiles[c] is not None]  # type: ignore[union-attr]
    mover = movers[0] if movers else 0
    verdict["mover"] = mover + 1 if movers else None
    rebuilt = rebuild(game_map, old)
    deal = find_deal(game_map.digest, [photo.parent] if photo else [])
    _shown, taken, _from_kit = objectives_of(before, rebuilt, deal)
    objectives = position_objectives(before, taken, old)
    players = max(
        [2, mover + 1] + [t.owner + 1 for view in (old, new) for t in view.tiles if t is not None]
    )
    candidates = _ordered(
        list(positions(game_map, old, objectives, mover, players=players)), changed
    )
    if not candidates:
        verdict["reason"] = _(
            "The first photo's tracks do not make a position the rules allow, so the turn cannot"
            " be judged."
        )
        return verdict
    verdict["before"]["state"] = candidates[0].text
    reason = ""
    for state in candidates:
        try:
            turn = validate(state, new, check_hidden=False)
        except IllegalTurn as exc:
            reason = reason or str(exc)
            continue
        played = play(state, turn)
        owners = tuple(t.owner for t in played.after.tracks)
        verdict.update(
            {
                "legal": True,
                "turn": turn.notation,
                "terrain": _terrain(state, turn),
                "collected": [
                    {
                        "cell": game_map.name(o.cell),
                        "colour": o.colour.word,
                        "points": o.colour.points,
                    }
                    for o in played.after.objectives
                    if o.taken_by == mover and o.cell in before.objectives
                ],
                "events": [e.sentence(game_map, owners) for e in played.events],
                "state": played.after.text,
                "before": {"state": state.text, "steps_read": len(first["steps"])},
                "score": {player_key(p): s for p, s in enumerate(score(played.after))}
                if verdict["score_complete"]
                else verdict["score"],
            }
        )
        return verdict
    verdict.update({"legal": False, "reason": reason})
    return verdict


def _ordered(candidates: list[State], changed: list[int]) -> list[State]:
    """The likeliest positions first: the mover's track in play pointing at a changed cell."""
    touched = set(changed)

    def rank(state: State) -> int:
        live = state.live_track(state.to_move)
        if live is None:
            return 1
        cell, edge = state.tracks[live].free_end
        return 0 if state.map.neighbour(cell, edge) in touched else 2

    return sorted(candidates, key=rank)


def _terrain(state: State, turn: Any) -> str:
    classes = {state.map.class_of(step.cell) for step in turn.steps}
    plain = [c for c in classes if c.label != "road"]
    return plain[0].label if plain else "road"


# -- words ----------------------------------------------------------------------------------------


def format_verdict(verdict: dict[str, Any]) -> str:
    """The verdict in a few short lines, as a referee would say it."""
    lines = []
    if verdict["kind"] == "check":
        lines.append(_check_line(verdict))
    m = verdict["map"]
    lines.append(
        _("Map {digest} ({size} x {size}, {sheets} sheets found): {steps} steps read.").format(
            digest=m["digest"], size=m["size"], sheets=len(m["sheets"]), steps=len(verdict["steps"])
        )
    )
    if verdict["unreadable"]:
        count = len(verdict["unreadable"])
        lines.append(
            ngettext(
                "Cannot read {count} piece; fix them and take the photo again:",
                "Cannot read {count} pieces; fix them and take the photo again:",
                count,
            ).format(count=count)
        )
        for u in verdict["unreadable"]:
            if u.get("photo") == "before":
                lines.append("  " + _("{reason} (before photo)").format(reason=u["reason"]))
            elif u.get("photo") == "after":
                lines.append("  " + _("{reason} (after photo)").format(reason=u["reason"]))
            else:
                where = f" ({u['photo']} photo)" if u.get("photo") else ""
                lines.append(f"  {u['reason']}{where}")
    for track in verdict["tracks"]:
        if track["from_border"]:
            text = _("Player {number}: {steps} (from the border; end {end})")
        else:
            text = _("Player {number}: {steps} (NOT from the border; end {end})")
        end = _FREE_ENDS.get(track["free_end"], track["free_end"])
        lines.append("  " + text.format(number=track["owner"], steps=track["steps"], end=_(end)))
    for item in verdict["incidents"] + verdict["breaks"]:
        lines.append(f"  {item['sentence']}")
    objectives = verdict.get("objectives")
    if objectives:
        on_map = ", ".join(_on_cell(o) for o in objectives["on_map"]) or _("none")
        lines.append(_("Objectives on the map: {objectives}.").format(objectives=on_map))
        for o in objectives["taken"]:
            if o["by"] and o["cell"]:
                text = _("Taken: {colour} ({points} points) on {cell}, by Player {number}.")
            elif o["by"]:
                text = _("Taken: {colour} ({points} points), by Player {number}.")
            elif o["cell"]:
                text = _(
                    "Taken: {colour} ({points} points) on {cell}, by a player the photo does"
                    " not show."
                )
            else:
                text = _("Taken: {colour} ({points} points), by a player the photo does not show.")
            lines.append(
                "  "
                + text.format(
                    colour=_colour(o["colour"]), points=o["points"], cell=o["cell"], number=o["by"]
                )
            )
    if verdict.get("score"):
        points = score_text(verdict["score"])
        if verdict["score_complete"]:
            lines.append(_("Score: {points}.").format(points=points))
        else:
            lines.append(
                _("Score: {points} (objectives whose taker is not shown left out).").format(
                    points=points
                )
            )
    lines += foreign_codes_lines(verdict)
    return "\n".join(lines)


def _check_line(verdict: dict[str, Any]) -> str:
    if verdict["legal"] is True:
        extra = "; ".join(verdict["events"])
        taken = ", ".join(_on_cell(o) for o in verdict["collected"])
        line = _("Legal turn by Player {number}: {turn} ({terrain}).").format(
            number=verdict["mover"], turn=verdict["turn"], terrain=_terrain_said(verdict["terrain"])
        )
        if taken:
            line += " " + _("Collected: {objectives}.").format(objectives=taken)
        return line + (f" {extra}" if extra else "")
    if verdict["legal"] is False:
        return _("Illegal: {reason}").format(reason=verdict["reason"])
    return _("Cannot judge the turn: {reason}").format(reason=verdict["reason"])


_FREE_ENDS = {
    "open": N_("open"),
    "crossable": N_("crossable"),
    "meets": N_("meets"),
    "blocked": N_("blocked"),
    "off": N_("off"),
}
"""The free ends a verdict records, in words (the verdict keeps the neutral value)."""


def _colour(word: str) -> str:
    """An objective colour a verdict records (``"blue"``) in the language in force."""
    found = [c for c in Colour if c.word == word]
    return found[0].said if found else word


def _terrain_said(label: str) -> str:
    """A terrain class a verdict records (``"road"``) in the language in force."""
    found = [t for t in Terrain if t.label == label]
    return found[0].word if found else label


def _on_cell(objective: dict[str, Any]) -> str:
    return _("{colour} on {cell}").format(
        colour=_colour(objective["colour"]), cell=objective["cell"]
    )


def score_text(score: dict[str, int]) -> str:
    """``Player 1 5, Player 2 3`` (each player named in the language in force)."""
    return ", ".join(f"{_player_said(name)} {p}" for name, p in score.items())


def _player_said(key: str) -> str:
    """A score's key (``"Player 2"``) in the language in force."""
    number = key.rpartition(" ")[2]
    return _("Player {number}").format(number=number) if number.isdigit() else key
