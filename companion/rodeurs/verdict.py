"""What the Rôdeurs rules say about the photos, as JSON and as words.

Verdict JSON, schema 1
----------------------
Both verdicts are plain dicts, ready for :func:`json.dumps`. Keys present in every verdict:

``schema``
    ``1``.
``kind``
    ``"score"`` (one photo: the position and, if the game is over, the result) or ``"check"``
    (two photos: does the second follow the first by one legal turn?).
``judged``
    ``true`` when every cell of every photo was read, so the rules could judge; ``false``
    otherwise (then ``unreadable`` says where).
``state``
    The position read (of the second photo, for a check) in the rules' text form
    (``rows to_move phase board``), with ``?`` for each unreadable cell. A photo cannot show
    whose turn it is: ``to_move`` is ``?`` (unknown) unless the table is a start position (White
    opens) or the check was given ``--mover``.
``board``
    ``{"code", "diagonal", "jumps", "corners_seen", "corners_missing"}``: the board code read
    from the corner codes, whether diagonal jumps are allowed (and the same in words), and which
    corner codes were seen.
``pawns_read``
    Pawns read on the board.
``unreadable``
    ``[{"photo", "cell", "reason", "hint"}]``: every cell that could not be read; ``photo`` is
    ``"before"``/``"after"`` in a check, ``null`` in a score; ``hint`` is the colour a pawn's
    frame seems to have there (``"red"``…), a hint only, never counted.
``foreign_codes``
    ``[{"photo", "text", "at_px", "why"}]``: QR codes that are not this game's, ignored.
``problems``
    Every problem found, one sentence each.
``over``
    Whether the game is over (no jump left anywhere): ``true``, ``false``, or ``null`` when
    unreadable cells leave it open. ``false`` is certain even with unreadable cells when a jump
    is visible among the cells read.
``jumps_left``
    How many single jumps are possible in the position (``null`` when it cannot be known).
``score``
    When the game is over: ``{"white": tally, "black": tally}``, a tally being
    ``{"points", "red", "yellow", "green"}`` (the pawns in that player's district); else ``null``.
``winner``, ``decided_by``, ``result``
    When the game is over: ``"white"``/``"black"``/``null`` (draw); what decided it
    (``"points"``, ``"red pawns"``, ``"yellow pawns"`` or ``"draw"``); the result in one sentence.
    Else ``null``.

A check adds:

``legal``
    ``true`` (the second position follows the first by one legal turn), ``false``, or ``null``
    when it cannot be judged.
``turn``, ``turn_kind``
    The turn in notation (``c3xc5``, ``c3xc5xe5``, ``c3xc5 d1xd3``) and its kind (``opening
    jump``, ``two jumps``, ``multi-jump``) when legal; else ``null``.
``reason``
    Why not, in the rules' one sentence, when illegal; why it cannot be judged, when not
    judged; else ``null``.
``mover``
    Who played the turn, as the caller said (``"white"``, ``"black"`` or ``null``).
``before``
    ``{"state", "pawns_read"}`` of the first photo.

The ``timings_s`` key holds the seconds each reading stage took (for a check, per photo).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from companion.rodeurs.reading import CellStatus, RodeursReading
from companion.verdict import SCHEMA, foreign_codes_lines, join_photos
from patrolkit.errors import IllegalTurn
from patrolkit.games import rodeurs
from patrolkit.games.rodeurs import Player
from patrolkit.games.rodeurs.jump import lines_for
from patrolkit.i18n import N_, _, ngettext, pgettext

COLOURS: Final = {"r": N_("red"), "y": N_("yellow"), "g": N_("green")}
"""A pawn colour's letter and its name, as the verdict JSON writes a ``hint`` (the same in every
language); say the name to a player with ``_()``."""


def score_verdict(reading: RodeursReading) -> dict[str, Any]:
    """The verdict on one photo: the position, and the score when the game is over."""
    verdict = _common("score", reading, None)
    verdict.update(_game_state(reading))
    verdict["timings_s"] = dict(reading.timings)
    return verdict


def check_verdict(
    before: RodeursReading, after: RodeursReading, *, mover: str | None = None
) -> dict[str, Any]:
    """The verdict on two photos: does ``after`` follow ``before`` by one legal turn?

    ``mover`` (``"white"`` or ``"black"``) is who played, if known; the photos do not show it.
    When it is given, the first position is written with ``mover`` to move and the second with
    the opponent; otherwise both say ``?`` (unknown), except a start position (White opens).
    """
    if mover is not None:
        player = Player.WHITE if mover == "white" else Player.BLACK
        before = replace(before, to_move=player)
        after = replace(after, to_move=player.opponent)
    verdict = _common("check", after, "after")
    first = _common("score", before, "before")
    join_photos(verdict, first)
    verdict["before"] = {"state": first["state"], "pawns_read": first["pawns_read"]}
    verdict["mover"] = mover
    verdict.update({"legal": None, "turn": None, "turn_kind": None, "reason": None})
    verdict.update(_game_state(after))
    verdict["timings_s"] = {"before": dict(before.timings), "after": dict(after.timings)}
    if not verdict["judged"]:
        verdict["reason"] = _cannot_judge(verdict["unreadable"])
        return verdict
    old, new = before.state, after.state
    assert old is not None and new is not None
    try:
        turn = rodeurs.validate(old, new, check_mover=False)
    except IllegalTurn as exc:
        verdict.update({"legal": False, "reason": str(exc)})
    else:
        verdict.update({"legal": True, "turn": turn.notation, "turn_kind": turn.kind})
    return verdict


def _common(kind: str, reading: RodeursReading, photo: str | None) -> dict[str, Any]:
    board = reading.board
    unreadable = [
        {
            "photo": photo,
            "cell": cell.name,
            "reason": None if cell.reason is None else _(cell.reason),
            "hint": COLOURS[cell.hint.value] if cell.hint is not None else None,
        }
        for cell in reading.cells
        if cell.status is CellStatus.UNREADABLE
    ]
    return {
        "schema": SCHEMA,
        "kind": kind,
        "judged": not unreadable,
        "state": reading.state_text,
        "board": {
            "code": board.code,
            "diagonal": board.diagonal,
            "jumps": _jumps_text(board.diagonal),
            "corners_seen": [c.value for c in reading.fiducials_seen],
            "corners_missing": [c.value for c in reading.fiducials_missing],
        },
        "pawns_read": reading.pawn_count,
        "unreadable": unreadable,
        "foreign_codes": [
            {"photo": photo, "text": f.text, "at_px": [round(v) for v in f.photo_px], "why": f.why}
            for f in reading.foreign
        ],
        "problems": [p.text for p in reading.problems],
    }


def _jumps_text(diagonal: bool) -> str:
    return _("straight and diagonal jumps") if diagonal else _("straight jumps only")


def _game_state(reading: RodeursReading) -> dict[str, Any]:
    """``over``, ``jumps_left``, and the score and result when the game is over."""
    found: dict[str, Any] = {
        "over": None,
        "jumps_left": None,
        "score": None,
        "winner": None,
        "decided_by": None,
        "result": None,
    }
    state = reading.state
    if state is None:
        if _visible_jump(reading):
            found["over"] = False
        return found
    jumps = rodeurs.jumps(state)
    found["jumps_left"] = len(jumps)
    found["over"] = not jumps
    if jumps:
        return found
    outcome = rodeurs.result(state)
    found["score"] = {
        "white": _tally(outcome.white),
        "black": _tally(outcome.black),
    }
    found["winner"] = outcome.winner.name.lower() if outcome.winner is not None else None
    found["decided_by"] = outcome.decided_by.value
    found["result"] = outcome.description
    return found


def _tally(tally: rodeurs.Tally) -> dict[str, int]:
    return {
        "points": tally.points,
        "red": tally.red,
        "yellow": tally.yellow,
        "green": tally.green,
    }


def _visible_jump(reading: RodeursReading) -> bool:
    """Whether a jump is possible among the cells read, whatever the unreadable ones hold."""
    status = [cell.status for cell in reading.cells]
    lines = lines_for(reading.board.diagonal)
    return any(
        status[over] is CellStatus.PAWN and status[land] is CellStatus.EMPTY
        for start in range(rodeurs.SQUARES)
        if status[start] is CellStatus.PAWN
        for over, land in lines[start]
    )


def _cannot_judge(unreadable: list[dict[str, Any]]) -> str:
    where = _cell_list(unreadable)
    count = len(unreadable)
    return ngettext(
        "Cannot judge: {count} cell could not be read ({cells}).",
        "Cannot judge: {count} cells could not be read ({cells}).",
        count,
    ).format(count=count, cells=where)


def _cell_list(unreadable: list[dict[str, Any]]) -> str:
    names = [
        _("{cell} {photo}").format(cell=u["cell"], photo=_photo(u["photo"]))
        if u.get("photo")
        else str(u["cell"])
        for u in unreadable
    ]
    return ", ".join(names)


def _photo(photo: str) -> str:
    """``before`` or ``after`` (a photo of a check) as a player reads it."""
    return pgettext("photo", "before") if photo == "before" else pgettext("photo", "after")


def player_word(player: str) -> str:
    """``white`` or ``black`` (as the verdict JSON names a player) as a sentence names them."""
    return pgettext("player", "White") if player == "white" else pgettext("player", "Black")


def turn_kind_word(kind: str) -> str:
    """A turn's kind (``opening jump``, ``two jumps``, ``multi-jump``) in the language in force."""
    return _(kind)


def district_line(player: str, tally: dict[str, int]) -> str:
    """``White district: 12 points (1 red, 3 yellow, 2 green).``"""
    if player == "white":
        message = ngettext(
            "White district: {points} point ({red} red, {yellow} yellow, {green} green).",
            "White district: {points} points ({red} red, {yellow} yellow, {green} green).",
            tally["points"],
        )
    else:
        message = ngettext(
            "Black district: {points} point ({red} red, {yellow} yellow, {green} green).",
            "Black district: {points} points ({red} red, {yellow} yellow, {green} green).",
            tally["points"],
        )
    return message.format(**{key: tally[key] for key in ("points", "red", "yellow", "green")})


# -- words ----------------------------------------------------------------------------------


def format_verdict(verdict: dict[str, Any]) -> str:
    """The verdict in a few short lines, as a referee would say it."""
    board = verdict["board"]
    lines = []
    if verdict["kind"] == "check":
        lines.append(_check_line(verdict))
    lines.append(
        ngettext(
            "Board {code} ({jumps}): {count} pawn read.",
            "Board {code} ({jumps}): {count} pawns read.",
            verdict["pawns_read"],
        ).format(code=board["code"], jumps=board["jumps"], count=verdict["pawns_read"])
    )
    missing = board["corners_missing"]
    if missing:
        lines.append(
            _("Corner codes not seen: {corners} (the others were enough).").format(
                corners=", ".join(missing)
            )
        )
    if verdict["unreadable"]:
        lines.append(_unreadable_lines(verdict["unreadable"]))
    lines += _score_lines(verdict)
    lines += foreign_codes_lines(verdict)
    return "\n".join(lines)


def _check_line(verdict: dict[str, Any]) -> str:
    if verdict["legal"] is True:
        kind = turn_kind_word(verdict["turn_kind"])
        if verdict.get("mover"):
            return _("Legal turn by {player}: {turn} ({kind}).").format(
                player=player_word(verdict["mover"]), turn=verdict["turn"], kind=kind
            )
        return _("Legal turn: {turn} ({kind}).").format(turn=verdict["turn"], kind=kind)
    if verdict["legal"] is False:
        return _("Illegal: {reason}").format(reason=verdict["reason"])
    return _("Cannot judge the turn: some cells could not be read (see below).")


def _unreadable_lines(unreadable: list[dict[str, Any]]) -> str:
    parts = []
    for u in unreadable:
        if u.get("photo") == "before":
            where = _("{cell} (before photo)").format(cell=u["cell"])
        elif u.get("photo"):
            where = _("{cell} (after photo)").format(cell=u["cell"])
        else:
            where = u["cell"]
        if u.get("hint"):
            line = _("{cell}: {reason}, looks {colour}").format(
                cell=where, reason=u["reason"], colour=_(u["hint"])
            )
        else:
            line = _("{cell}: {reason}").format(cell=where, reason=u["reason"])
        parts.append(f"  {line}")
    count = len(unreadable)
    head = ngettext(
        "Cannot read {count} cell; fix it (or move the glare, the shadow, the hand) and take the"
        " photo again:",
        "Cannot read {count} cells; fix them (or move the glare, the shadow, the hand) and take"
        " the photo again:",
        count,
    ).format(count=count)
    return "\n".join([head, *parts])


def _score_lines(verdict: dict[str, Any]) -> list[str]:
    if verdict["over"] is None:
        return [_("Whether the game is over cannot be told until every cell is read.")]
    if not verdict["over"]:
        left = verdict["jumps_left"]
        if left is None:
            return [_("The game goes on: a jump is still possible.")]
        return [
            ngettext(
                "The game goes on: {count} jump is possible.",
                "The game goes on: {count} jumps are possible.",
                left,
            ).format(count=left)
        ]
    score = verdict["score"]
    lines = [_("Game over: no jump is left.")]
    for player in ("white", "black"):
        lines.append("  " + district_line(player, score[player]))
    lines.append(verdict["result"])
    return lines
