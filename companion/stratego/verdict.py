"""What the rules say about photos of a Stratego table, as JSON and as words — never a rank the
rules keep hidden.

The referee holds both armies' secrets (each army's ids and their ranks) and uses them to judge;
what it prints is only what the rules reveal: for a setup, whether each army is complete and in
place (or which cell is wrong); for a position, the pieces by army and id; for a move, the move;
for an attack, the two ranks that met and the outcome. A move refused is explained by the rule it
breaks, which may name the rank that makes it illegal (a bomb that moved, a miner that ran), as
the players would have to show it to settle the matter.

Verdict JSON, schema 1
----------------------
Plain dicts, ready for :func:`json.dumps`. Keys in every verdict:

``schema``, ``kind``, ``game``
    ``1``; ``"score"`` (one photo) or ``"check"`` (two photos or more: does each follow the one
    before by one legal move?); ``"stratego"``.
``kit``
    The kit code the board's corner codes give.
``judged``
    ``true`` when every cell of every photo was read and every piece is one of the kit's.
``position``
    The position read (of the last photo, for a check), ranks hidden, in the rules' text form
    with ids (``State.text``), or ``null`` when a cell is unreadable.
``pieces``
    ``{"red": n, "blue": n}``: the pieces of each army on the board.
``unreadable``
    ``[{"photo", "cell", "reason", "at_px"}]``: each piece or cell that could not be read
    (``photo`` is the photo's number from 1 in a check, ``null`` in a score).
``foreign_codes``
    ``[{"photo", "text", "at_px"}]``: QR codes that are not this game's, ignored.
``problems``
    Every problem found, one sentence each.
``over``
    ``null``, or how the game ended (a flag taken, a player who cannot move) in one sentence.

A score adds ``phase`` (``"setup"`` when no piece has left its home rows, ``"position"``
otherwise), ``legal`` (for a setup: ``true``, ``false``, or ``null`` when it cannot be judged;
``null`` for a position), ``armies`` (``{"red": sentence, "blue": sentence}``: complete and
legal, or what is wrong) and ``reasons`` (every setup rule broken, one sentence each).

A check adds ``rules`` (the two-square limit and the chase rule judged with, as
:attr:`~patrolkit.games.stratego.Rules.text`), ``legal`` (``true``, ``false``, ``null``),
``moves`` (``[{"photo", "army", "move", "description", "attack"}]``: each move judged, its
photo's number, ``attack`` being ``null`` or ``{"attacker", "defender", "outcome"}`` — the
two ranks the attack reveals), ``reason`` (why the first move refused is, or why nothing could
be judged) and ``refused_at`` (that photo's number, or ``null``). ``timings_s`` holds each
photo's reading times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.stratego.reading import StrategoReading
from companion.verdict import SCHEMA, gathered, in_words
from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego import (
    HOME_ROWS,
    LAKES,
    Army,
    Game,
    Played,
    Rank,
    Rules,
    State,
    can_move,
    row_of,
    square_name,
    validate,
)
from patrolkit.games.stratego.secret import Secret, SecretError, check_pair
from patrolkit.games.stratego.words import a_piece_of, capitalized, player, the_piece_of
from patrolkit.i18n import _, ngettext


def check_secrets(reading: StrategoReading, secrets: tuple[Secret, Secret]) -> None:
    """:class:`SecretError` unless ``secrets`` are red's and blue's of the kit photographed."""
    red, blue = secrets
    check_pair(red, blue)
    if red.kit != reading.kit:
        raise SecretError(
            _("These secrets are of kit {kit}, but the board in the photo is kit {photo}.").format(
                kit=red.kit, photo=reading.kit
            )
        )


def _head(kind: str, readings: Sequence[StrategoReading]) -> dict[str, Any]:
    unreadable, foreign, problems = gathered(
        readings, lambda u: None if u.sq is None else square_name(u.sq)
    )
    last = readings[-1]
    return {
        "schema": SCHEMA,
        "kind": kind,
        "game": "stratego",
        "kit": last.kit,
        "judged": not unreadable,
        "position": None,
        "pieces": {army.title: sum(p.army is army for p in last.pieces.values()) for army in Army},
        "unreadable": unreadable,
        "foreign_codes": foreign,
        "problems": problems,
        "over": None,
        "timings_s": [r.timings for r in readings],
    }


def foreign_ids(reading: StrategoReading, secrets: tuple[Secret, Secret]) -> list[str]:
    """One sentence for each piece whose id is not of its army in this kit, or read twice."""
    return [sentence for _army, sentence in _foreign_pieces(reading, secrets)]


def _foreign_pieces(
    reading: StrategoReading, secrets: tuple[Secret, Secret]
) -> list[tuple[Army, str]]:
    """Each piece standing in a lake, or whose id is not of its army in this kit, or read
    twice: its army and one sentence."""
    own = {secret.army: secret.ids for secret in secrets}
    sentences: list[tuple[Army, str]] = []
    counts = Counter(p.id for p in reading.pieces.values())
    for sq, piece in sorted(reading.pieces.items()):
        cell = square_name(sq)
        if sq in LAKES:
            sentences.append(
                (
                    piece.army,
                    _("{piece} stands in the lake on {cell}: no piece ever stands there.").format(
                        piece=capitalized(a_piece_of(piece.army)), cell=cell
                    ),
                )
            )
        elif piece.id not in own[piece.army]:
            if piece.id in own[piece.army.opponent]:
                sentences.append(
                    (
                        piece.army,
                        _(
                            "{piece} on {cell} carries an id of {other}'s army: it is not a piece"
                            " of this kit."
                        ).format(
                            piece=capitalized(the_piece_of(piece.army)),
                            cell=cell,
                            other=player(piece.army.opponent),
                        ),
                    )
                )
            else:
                sentences.append(
                    (
                        piece.army,
                        _(
                            "{piece} on {cell} (id {id}) is not a piece of this kit: it belongs to"
                            " another kit."
                        ).format(
                            piece=capitalized(the_piece_of(piece.army)), cell=cell, id=piece.id
                        ),
                    )
                )
        elif counts[piece.id] > 1:
            sentences.append(
                (
                    piece.army,
                    _("The piece on {cell} carries an id another piece carries too.").format(
                        cell=cell
                    ),
                )
            )
    return sentences


def ranked(state: State, secrets: tuple[Secret, Secret]) -> State:
    """``state`` with every rank put back from the secrets (for judging, never for printing)."""
    for secret in secrets:
        state = state.with_ranks(secret.ranks)
    return state


def _over(state: State) -> str | None:
    """How the game ended on ``state`` (the mover unknown), or ``None``."""
    for army in Army:
        if not any(p is not None and p.army is army and p.rank is Rank.FLAG for p in state.cells):
            return _("{army}'s flag has been taken: {other} has won.").format(
                army=capitalized(player(army)), other=player(army.opponent)
            )
    for army in Army:
        if not can_move(state.with_mover(army), army):
            return _("{army} cannot move: on {own}'s turn, {other} wins.").format(
                army=capitalized(player(army)), own=player(army), other=player(army.opponent)
            )
    return None


# -- score -----------------------------------------------------------------------------------


def score_verdict(
    reading: StrategoReading, secrets: tuple[Secret, Secret], *, photo: Path | None = None
) -> dict[str, Any]:
    """The verdict on one photo: a setup (complete and in place, said army by army) or a
    position (the pieces by army and id); never a rank."""
    check_secrets(reading, secrets)
    verdict = _head("score", [reading])
    verdict["photo"] = None if photo is None else str(photo)
    outside = [
        sq for sq, p in reading.pieces.items() if row_of(sq) not in HOME_ROWS[p.army] or sq in LAKES
    ]
    setup = not outside
    verdict["phase"] = "setup" if setup else "position"
    strangers = _foreign_pieces(reading, secrets)
    foreign = [sentence for _army, sentence in strangers]
    verdict["problems"] += foreign
    if foreign:
        verdict["judged"] = False
    state = None if foreign else reading.state
    if state is not None:
        verdict["position"] = state.text
    if not setup:
        verdict.update(legal=None, armies={}, reasons=[])
        if state is not None:
            verdict["over"] = _over(ranked(state, secrets))
        return verdict
    unread = {sq for u in reading.unreadable for sq in u.cells}
    armies: dict[str, str] = {}
    reasons: list[str] = []
    unjudged = False
    for secret in secrets:
        army = secret.army
        mine = {sq: p for sq, p in reading.pieces.items() if p.army is army}
        wrong = [sentence for whose, sentence in strangers if whose is army]
        missing = len(secret.ids - {p.id for p in mine.values()})
        home_unread = sorted(sq for sq in unread if row_of(sq) in HOME_ROWS[army])
        name = capitalized(player(army))
        if wrong:
            said = wrong[0]
            reasons.append(said)
        elif home_unread and missing:
            said = _("{army}'s setup cannot be judged: {cells} could not be read.").format(
                army=name, cells=", ".join(square_name(sq) for sq in home_unread)
            )
            unjudged = True
        elif missing:
            said = ngettext(
                "{army}'s setup is not complete: {missing} of its {size} pieces is not on the"
                " board.",
                "{army}'s setup is not complete: {missing} of its {size} pieces are not on the"
                " board.",
                missing,
            ).format(army=name, missing=missing, size=len(secret.ids))
            reasons.append(said)
        else:
            said = _("{army}'s setup is complete and legal.").format(army=name)
        armies[army.title] = said
    verdict["armies"] = armies
    verdict["reasons"] = reasons
    if reasons:
        verdict["legal"] = False
    elif unjudged:
        verdict["legal"] = None
    else:
        verdict["legal"] = True
    return verdict


def _is_setup(reading: StrategoReading, secrets: tuple[Secret, Secret]) -> bool:
    """Whether the photo shows both armies whole, each on its home rows: a game's start."""
    return all(
        {p.id for p in reading.pieces.values() if p.army is s.army} == s.ids for s in secrets
    ) and all(row_of(sq) in HOME_ROWS[p.army] for sq, p in reading.pieces.items())


# -- check -----------------------------------------------------------------------------------


def _attack(played: Played) -> dict[str, str] | None:
    attack = played.attack
    if attack is None:
        return None
    return {
        "attacker": attack.attacker.title,
        "defender": attack.defender.title,
        "outcome": attack.outcome.value,
    }


def check_verdict(
    readings: Sequence[StrategoReading],
    secrets: tuple[Secret, Secret],
    *,
    photos: Sequence[Path] | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """The verdict on two photos or more of one game, in order: each move named (an attack with
    the two ranks it reveals), the first one the rules refuse and why (the two-square and chase
    rules applied over the photos, as ``rules`` set them: by default a limit of 3 and the chase
    rule on), and whether the game is over."""
    rules = rules or Rules()
    for reading in readings:
        check_secrets(reading, secrets)
    kits = {r.kit for r in readings}
    verdict = _head("check", readings)
    verdict["photos"] = [str(p) for p in photos] if photos is not None else None
    verdict.update(rules=rules.text, legal=None, moves=[], reason=None, refused_at=None)
    foreign = [
        photo_problem(n, s) for n, r in enumerate(readings, 1) for s in foreign_ids(r, secrets)
    ]
    verdict["problems"] += foreign
    if len(kits) > 1:
        verdict["judged"] = False
        verdict["reason"] = _("These photos show the boards of different kits.")
        return verdict
    states = [] if foreign else [r.state for r in readings]
    if foreign or any(s is None for s in states):
        verdict["judged"] = False
        verdict["reason"] = (
            foreign[0]
            if foreign
            else _("Some cells could not be read; fix them and photograph again.")
        )
        return verdict
    known = [ranked(s, secrets) for s in states if s is not None]
    verdict["position"] = states[-1].text if states[-1] is not None else None
    game: Game | None = None
    current = known[0]
    if _is_setup(readings[0], secrets):
        game = Game.new(current.with_mover(Army.RED), rules)
    for number, after in enumerate(known[1:], start=2):
        try:
            played = validate(game if game is not None else current, after)
            if game is None:
                start = current.with_mover(played.army)
                game = Game.new(start, rules)
            game = game.play(played.move)
        except IllegalTurn as refused:
            verdict["legal"] = False
            verdict["reason"] = str(refused)
            verdict["refused_at"] = number
            return verdict
        verdict["moves"].append(
            {
                "photo": number,
                "army": played.army.title,
                "move": str(played.move),
                "description": played.description,
                "attack": _attack(played),
            }
        )
        if game.result is not None:
            verdict["over"] = game.result.description
    verdict["legal"] = True
    return verdict


# -- words -----------------------------------------------------------------------------------


def photo_problem(number: int, problem: str) -> str:
    """``Photo 2: …``: ``problem``, said of the photo numbered ``number`` in a check."""
    return _("Photo {number}: {problem}").format(number=number, problem=problem)


def position_line(verdict: dict[str, Any]) -> str | None:
    """The line of a score's words giving the position read (ranks hidden), if it has one."""
    if verdict["kind"] != "score" or verdict["phase"] == "setup" or not verdict["position"]:
        return None
    return _("Position (ranks hidden): {position}").format(position=verdict["position"])


def under_way(counts: dict[str, int]) -> str:
    """``A game under way: 12 red and 9 blue pieces on the board.``"""
    return _("A game under way: {red} red and {blue} blue pieces on the board.").format(
        red=counts["red"], blue=counts["blue"]
    )


def game_over(over: str) -> str:
    """``Game over: Red wins: blue's flag is taken.``"""
    return _("Game over: {over}").format(over=over)


def format_verdict(verdict: dict[str, Any]) -> str:
    """The verdict in words, a line each; no hidden rank."""
    lines = [_("Stratego, kit {kit}.").format(kit=verdict["kit"])]
    if verdict["kind"] == "score":
        if verdict["phase"] == "setup":
            lines += list(verdict["armies"].values())
        else:
            lines.append(under_way(verdict["pieces"]))
            position = position_line(verdict)
            if position:
                lines.append(position)
    else:
        for move in verdict["moves"]:
            lines.append(photo_problem(move["photo"], move["description"]))
        if verdict["legal"] is False:
            lines.append(
                _("Photo {number}: refused. {reason}").format(
                    number=verdict["refused_at"], reason=verdict["reason"]
                )
            )
        elif verdict["legal"] is None:
            lines.append(_("Cannot judge: {reason}").format(reason=verdict["reason"]))
    if verdict["over"]:
        lines.append(game_over(verdict["over"]))
    return in_words(lines, verdict)
