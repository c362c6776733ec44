"""What the rules say about photos of a grand jeu table, as JSON and as words.

A photo shows the scouts and the prisoners but not the options fixed before the game: the
players give them (``--rules``, :meth:`patrolkit.games.grand_jeu.Options.from_text`), each left
out at its default (K = 3, K' = 2, a bonus turn of 4 foulards, the red arrows ahead and 45° to
either side, no "culs de pat'"); the number of patrols is the one the board shows (see
``docs/rules/grand-jeu.md``). With "culs de pat'", scout 1 of each patrol is the starred one,
as the kit prints it.

Verdict JSON, schema 1
----------------------
Plain dicts, ready for :func:`json.dumps`. Keys in every verdict:

``schema``, ``kind``, ``game``, ``rules``
    ``1``; ``"score"`` (one photo) or ``"check"`` (two photos: does a legal turn lead from the
    first to the second?); ``"grand-jeu"``; the options judged with, in
    :attr:`~patrolkit.games.grand_jeu.Options.text` form.
``kit``, ``size``, ``players``
    The kit code the board's corner codes give, the board's side and the number of patrols.
``judged``
    ``true`` when every scout of every photo was read.
``position``
    The position read (the second photo's, for a check) in the rules' text form, the patrol to
    move unknown (``?``), or ``null`` when something is unreadable.
``scouts``
    ``[{"cell", "patrol", "number", "direction", "frozen"}]``: every scout read on a cell (the
    second photo's, for a check).
``prisoners``
    ``{"S": n, "N": n, ...}``: the scouts in each patrol's prison.
``unreadable``
    ``[{"photo", "cell", "reason", "at_px"}]``: what could not be read (``photo`` is 1 or 2 in
    a check, ``null`` in a score).
``foreign_codes``
    ``[{"photo", "text", "at_px"}]``: QR codes that are not this game's, ignored.
``problems``
    Every problem found, one sentence each.
``over``
    ``null``, or who has won on the (second) position, in one sentence.

A score adds ``ranking``: if the game stopped now, ``{"result", "standings"}`` — the result in
one sentence and ``[{"patrol", "far_row", "opposite_half", "on_board"}]`` best first — or
``null`` when something is unreadable.

A check adds ``legal`` (``true``, ``false``, or ``null`` when it cannot be judged), ``mover``,
``turn`` (its notation), ``acts`` (the turn's acts as the rules' JSON, ``{"acts", "bonus"}``),
``foulards``, ``bonus_foulards`` (``null`` without a bonus turn), ``bonus_allowed`` (the turn
captured and no bonus turn was played: one may follow), ``description`` (the turn in one
sentence) and ``reason`` (why no legal turn leads there, or why nothing could be judged).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.grand_jeu.reading import GrandJeuReading
from companion.verdict import SCHEMA, gathered, in_words
from patrolkit.errors import IllegalTurn
from patrolkit.games.grand_jeu import (
    Options,
    Patrol,
    State,
    cell_name,
    early_stop,
    explain,
    outcome,
    standings,
    turn_to_json,
)
from patrolkit.i18n import _, ngettext
from patrolkit.sizes.grand_jeu import GrandJeu

DEFAULT = Options()
"""The options a verdict is judged with unless the players give others."""


def _head(kind: str, readings: Sequence[GrandJeuReading], rules: Options) -> dict[str, Any]:
    unreadable, foreign, problems = gathered(
        readings, lambda u: None if u.cell is None else cell_name(u.cell)
    )
    last = readings[-1]
    state = _state(last, rules)
    return {
        "schema": SCHEMA,
        "kind": kind,
        "game": "grand-jeu",
        "rules": rules.text,
        "kit": last.kit,
        "size": last.size,
        "players": last.players,
        "judged": not unreadable,
        "position": None if state is None else state.text,
        "scouts": [
            {
                "cell": cell_name(c),
                "patrol": s.patrol.letter,
                "number": s.number,
                "direction": s.direction.value,
                "frozen": s.patrol.depth(c, last.size) == last.size - 1,
            }
            for c, s in last.scouts.items()
        ],
        "prisoners": {
            p.letter: sum(q.patrol is p for q in last.prisoners) for p in last.options.patrols
        },
        "unreadable": unreadable,
        "foreign_codes": foreign,
        "problems": problems,
        "over": None,
        "timings_s": [r.timings for r in readings],
    }


def _state(reading: GrandJeuReading, rules: Options, players: int | None = None) -> State | None:
    """The position read under ``rules`` (for ``players`` patrols, by default those the photo
    shows), with three or four patrols any patrol with no scout on the board taken as out (an
    eliminated patrol's scouts leave the board)."""
    state = reading.position(players or reading.players)
    if state is None:
        return None
    options = replace(rules, players=state.options.players)
    state = replace(state, options=options)
    if options.culs_de_pat:
        starred = GrandJeu.STARRED_SCOUT
        scouts = tuple(
            replace(s, starred=reading.scouts[s.cell].number == starred) for s in state.scouts
        )
        captured = frozenset(p.patrol for p in reading.prisoners if p.number == starred)
        state = replace(state, scouts=scouts, starred_prisoners=captured)
    if options.players == 2:
        return state
    return replace(state, out=frozenset(p for p in state.options.patrols if not state.scouts_of(p)))


# -- score -----------------------------------------------------------------------------------


def score_verdict(
    reading: GrandJeuReading, *, photo: Path | None = None, rules: Options = DEFAULT
) -> dict[str, Any]:
    """The verdict on one photo under ``rules``: every scout, the prisoners, who has won or, if
    the game stopped now, the ranking."""
    verdict = _head("score", [reading], rules)
    verdict["photo"] = None if photo is None else str(photo)
    verdict["ranking"] = None
    state = _state(reading, rules)
    if state is None:
        return verdict
    over = outcome(state)
    verdict["over"] = None if over is None else over.description
    verdict["ranking"] = {
        "result": early_stop(state).description,
        "standings": [
            {
                "patrol": s.patrol.letter,
                "far_row": s.far_row,
                "opposite_half": s.enemy_half,
                "on_board": s.on_board,
            }
            for s in standings(state)
        ],
    }
    return verdict


# -- check -----------------------------------------------------------------------------------


def check_verdict(
    before: GrandJeuReading,
    after: GrandJeuReading,
    *,
    photos: Sequence[Path] | None = None,
    rules: Options = DEFAULT,
) -> dict[str, Any]:
    """The verdict on two photos of one game under ``rules``: the legal turn that leads from the
    first to the second, with its foulards (and whether a bonus turn may follow), or why none
    does."""
    verdict = _head("check", [before, after], rules)
    verdict["photos"] = [str(p) for p in photos] if photos is not None else None
    verdict.update(
        legal=None,
        mover=None,
        turn=None,
        acts=None,
        foulards=None,
        bonus_foulards=None,
        bonus_allowed=False,
        description=None,
        reason=None,
    )
    if before.kit != after.kit or before.size != after.size:
        verdict["judged"] = False
        verdict["reason"] = _(
            "These photos show two different boards (kit {first} and kit {second}); photograph"
            " the same board before and after the turn."
        ).format(first=before.kit, second=after.kit)
        return verdict
    players = max(before.players, after.players)
    verdict["players"] = players
    first, second = _state(before, rules, players), _state(after, rules, players)
    if first is None or second is None:
        verdict["judged"] = False
        verdict["reason"] = _("Some scouts could not be read; fix them and photograph again.")
        return verdict
    over = outcome(second)
    verdict["over"] = None if over is None else over.description
    try:
        found = explain(first, second)
    except IllegalTurn as refused:
        verdict["legal"] = False
        verdict["reason"] = str(refused)
        return verdict
    verdict.update(
        legal=True,
        mover=found.mover.letter,
        turn=str(found.turn),
        acts=turn_to_json(found.turn),
        foulards=found.foulards,
        bonus_foulards=found.bonus_foulards,
        bonus_allowed=found.bonus_allowed,
        description=found.description,
    )
    return verdict


# -- words -----------------------------------------------------------------------------------


def format_verdict(verdict: dict[str, Any]) -> str:
    """The verdict in words, a line each."""
    lines = [
        ngettext(
            "Le grand jeu des patrouilles, kit {kit} ({count} patrol).",
            "Le grand jeu des patrouilles, kit {kit} ({count} patrols).",
            verdict["players"],
        ).format(kit=verdict["kit"], count=verdict["players"])
    ]
    if verdict["kind"] == "score":
        by_patrol: dict[str, list[str]] = {}
        for s in verdict["scouts"]:
            place = f"{s['cell']} {s['direction']}"
            if s["frozen"]:
                place = _("{place} (frozen)").format(place=place)
            by_patrol.setdefault(s["patrol"], []).append(place)
        for letter, count in verdict["prisoners"].items():
            on_board = by_patrol.get(letter, [])
            values = {
                "patrol": Patrol.parse(letter).title,
                "count": len(on_board),
                "cells": ", ".join(on_board),
                "prisoners": count,
            }
            line = (
                _("{patrol}: {count} on the board ({cells}), {prisoners} in prison.")
                if on_board
                else _("{patrol}: {count} on the board, {prisoners} in prison.")
            )
            lines.append(line.format(**values))
        if verdict["over"]:
            lines.append(_("Game over: {outcome}").format(outcome=verdict["over"]))
        elif verdict["ranking"] is not None:
            lines.append(
                _("If the game stopped now: {result}").format(result=verdict["ranking"]["result"])
            )
        if verdict["position"]:
            lines.append(_("Position: {position}").format(position=verdict["position"]))
    else:
        if verdict["legal"]:
            lines.append(_("Legal: {turn}").format(turn=verdict["description"]))
        elif verdict["legal"] is False:
            lines.append(_("Not a legal turn: {reason}").format(reason=verdict["reason"]))
        else:
            lines.append(_("Cannot judge: {reason}").format(reason=verdict["reason"]))
        if verdict["over"]:
            lines.append(_("Game over: {outcome}").format(outcome=verdict["over"]))
    return in_words(lines, verdict)
