"""``patrolkit score|check stratego``: the photo referee, given both armies' secrets.

Both commands take ``--secrets RED BLUE``: red's secret, then blue's, each a secret file written
beside the kit (``red.secret``) or the short code on its owner's private slip. ``check`` takes
two photos or more of one game, in the order they were taken, and ``--rules 'two-square=5
chase=off'`` where the players agreed other rules than a limit of 3 and the chase rule.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import score_command
from patrolkit.errors import KitError
from patrolkit.games.stratego import Army, Rank
from patrolkit.games.stratego.words import a_piece_of, capitalized, player
from patrolkit.i18n import _, language, speaking

if TYPE_CHECKING:
    from companion.stratego.reading import StrategoReading
    from patrolkit.games.stratego.secret import Secret


def secrets_needed() -> str:
    """What to add when ``--secrets`` is missing, in one sentence."""
    return _(
        "Stratego's referee needs both armies' secrets: add --secrets RED BLUE (the secret files"
        " beside the kit, or the codes on the private slips)."
    )


def secret_from(text: str) -> Secret:
    """The secret in the file ``text`` names, or written ``text`` (a private slip's code);
    :class:`SecretError` in one sentence for anything else."""
    from patrolkit.games.stratego.secret import Secret, SecretError

    path = Path(text)
    if path.is_file():
        if path.stat().st_size > 64_000:
            raise SecretError(
                _("{path} is far too large to be a Stratego secret file.").format(path=path)
            )
        try:
            return Secret.from_text(path.read_text(encoding="utf-8"))
        except UnicodeDecodeError:
            raise SecretError(
                _("{path} is not a patrolkit Stratego secret.").format(path=path)
            ) from None
    if any(sep in text for sep in ("/", "\\")) or text.endswith(".secret"):
        raise KitError(_("There is no secret file {path}.").format(path=text))
    return Secret.from_code(text)


def secrets_of(args: argparse.Namespace) -> tuple[Secret, Secret]:
    """Red's and blue's secrets from ``--secrets``; :class:`KitError` when they are not given,
    :class:`SecretError` when one is damaged, foreign, or they are not one kit's two armies."""
    from patrolkit.games.stratego.secret import check_pair

    given = getattr(args, "secrets", None)
    if not given or len(given) != 2:
        raise KitError(secrets_needed())
    red, blue = (secret_from(text) for text in given)
    check_pair(red, blue)
    return red, blue


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a Stratego table: a setup (each army complete and in place) or a
    position, never a rank."""
    from companion.stratego.annotate import render
    from companion.stratego.piecematch import printed_kit
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import format_verdict, score_verdict

    secrets = secrets_of(args)

    def judge(reading: StrategoReading) -> dict[str, Any]:
        return score_verdict(reading, secrets, photo=Path(args.photo))

    reader = partial(read_photo, printed=printed_kit(secrets))
    return score_command(args, reader, judge, format_verdict, render, secrets=True)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos or more of a Stratego game and judge each move between them: the move,
    an attack's two ranks and outcome, the first move refused and why, the game's end."""
    from companion.commands import (
        check_exit,
        print_verdict,
        refuse_existing,
        refuse_unused,
        write_annotated,
    )
    from companion.stratego.annotate import render
    from companion.stratego.piecematch import printed_kit
    from companion.stratego.reader import read_photo
    from companion.stratego.verdict import check_verdict, format_verdict
    from patrolkit.games.stratego import Rules

    if getattr(args, "mover", None) is not None:
        raise KitError(_("Stratego's mover is the army whose piece moved: leave --mover out."))
    refuse_unused(args, secrets=True, more=True, rules=True)
    rules = Rules.from_text(getattr(args, "rules", None) or "", partial=True)
    secrets = secrets_of(args)
    photos = [Path(args.before), Path(args.after), *map(Path, getattr(args, "more", None) or [])]
    refuse_existing(args.annotate, args.force)
    printed = printed_kit(secrets)
    readings = [read_photo(photo, decoder=args.decoder, printed=printed) for photo in photos]
    verdict = check_verdict(readings, secrets, photos=photos, rules=rules)
    if args.annotate is not None:
        write_annotated(render, photos[-1], readings[-1], verdict, args.annotate, args.force)
    print_verdict(verdict, format_verdict, as_json=args.json, annotated=args.annotate)
    return check_exit(verdict)


# -- the same verdicts as data, for the web companion -----------------------------------------
#
# On the phone page each army's player gives their own secret, and the server keeps both; what
# it sends a player is the verdict as that army may see it (see :func:`judge_photos`).

SIDES = ("red", "blue")
"""The players who each give their army's secret, in the order the functions below take them."""

EMPTY = "empty"
"""What a player says of an unreadable cell that holds no piece."""

_CELL = r"([a-j](?:10|[1-9]))"
_RANK = "(" + "|".join(rank.name.lower() for rank in Rank) + ")"
_NAMED = re.compile(rf"\b(?:the|a|an) (?:(red|blue) )?{_RANK} (?:on|from) {_CELL}\b", re.I)
"""A piece named by its rank in a sentence of the rules: ``the red bomb on b1``,
``The scout from e4``."""
_ATTACKED = re.compile(rf"\bthe {_RANK} from {_CELL} attacked the {_RANK} on {_CELL}\b", re.I)
"""An attack the photos show: its two ranks are what the rules reveal to both players."""
_ANY_RANK = re.compile(rf"\b{_RANK}s?\b", re.I)


def read_rules(text: str) -> str:
    """The rules the players chose before the game (``two-square=5 chase=off``, each left out at
    its default), written whole as ``judge_photos`` takes them; :class:`NotationError` in one
    sentence for anything else."""
    from patrolkit.games.stratego import Rules

    return Rules.from_text(text, partial=True).text


def read_secret(side: str, text: str) -> str:
    """The short code of the secret ``text`` (a private slip's code, or a secret file's whole
    text) when it is the ``side`` army's; :class:`SecretError` in one sentence otherwise."""
    from patrolkit.games.stratego.secret import SecretError

    secret = _secret(text)
    if secret.army.title != side:
        raise SecretError(
            _(
                "This is {army}'s secret, but this link is {side}'s: give the code on {side}'s own"
                " private slip."
            ).format(army=player(secret.army), side=_side_player(side))
        )
    return secret.code


def pair_secrets(secrets: Sequence[str]) -> tuple[Secret, Secret]:
    """Red's and blue's secrets from their codes (or files' texts), in :data:`SIDES` order;
    :class:`SecretError` unless they are the two armies of one kit."""
    from patrolkit.games.stratego.secret import SecretError, check_pair

    if len(secrets) != len(SIDES):
        raise SecretError(
            _("Stratego is judged with both armies' secrets, {red}'s then {blue}'s.").format(
                red=player(Army.RED), blue=player(Army.BLUE)
            )
        )
    red, blue = (_secret(text) for text in secrets)
    check_pair(red, blue)
    return red, blue


def reading_options(secrets: Sequence[str]) -> dict[str, Any]:
    """What :func:`~companion.stratego.reader.read_photo` takes from both armies' secrets: the
    kit they belong to and the pieces it prints, among which a code too faint for the decoder
    is matched (and the board's corner codes, when none reads)."""
    from companion.stratego.piecematch import printed_kit

    return {"printed": printed_kit(pair_secrets(secrets))}


def judge_photos(
    after: StrategoReading,
    before: StrategoReading | None = None,
    *,
    secrets: Sequence[str],
    history: Sequence[StrategoReading] = (),
    rules: str = "",
) -> dict[str, Any]:
    """The verdict ``score`` (one photo) or ``check`` prints, as data, on ``after`` alone or as
    the move from ``before``, with the game's earlier accepted photos (``history``, oldest first)
    judged too, for the two-square and chase rules look back over the whole game.

    A check's ``moves`` holds only the move to ``after``, also given as ``turn``,
    ``description``, ``mover`` and ``attack``; its photos are ``1`` (before) and ``2`` (after).
    ``state`` is the position read (ranks hidden) and ``result`` where the game stands.
    Nothing in the verdict names a rank the rules keep hidden from either player; ``views``
    gives, for each of :data:`SIDES`, what that player may see besides (the reason a move of
    their own army was refused, where it names their own rank)."""
    from companion.stratego.verdict import check_verdict, game_over, score_verdict
    from patrolkit.games.stratego import Rules

    pair = pair_secrets(secrets)
    if before is None:
        if history:
            raise KitError(_("A game's earlier photos come with the photo the move starts from."))
        verdict = score_verdict(after, pair)
        verdict["state"] = verdict["position"]
        verdict["result"] = _score_result(verdict)
        verdict["views"] = {side: {} for side in SIDES}
        return verdict
    readings = [*history, before, after]
    chosen = Rules.from_text(rules, partial=True)
    verdict = check_verdict(readings, pair, rules=chosen)
    # Which player may read the reason is decided on its English words, whatever the language.
    english = verdict["reason"]
    if english is not None and language() != "en":
        with speaking("en"):
            english = check_verdict(readings, pair, rules=chosen)["reason"]
    _as_two_photos(verdict, readings, pair)
    moves = verdict["moves"]
    last = moves[-1] if moves else None
    verdict.update(
        state=verdict["position"],
        turn=last["move"] if last else None,
        description=last["description"] if last else None,
        mover=last["army"] if last else None,
        attack=last["attack"] if last else None,
    )
    if verdict["over"]:
        verdict["result"] = game_over(verdict["over"])
    elif last is not None:
        verdict["result"] = _("{army} to move.").format(
            army=capitalized(_side_player(_other(last["army"])))
        )
    else:
        verdict["result"] = None
    armies = _armies_at(before, after)
    reason = verdict["reason"]
    verdict["views"] = {side: {} for side in SIDES}
    if reason is not None:
        seen_by = _seen_by(str(english), armies)
        if seen_by != set(SIDES):
            verdict["reason"] = _hidden_reason(seen_by)
            for side in seen_by:
                verdict["views"][side]["reason"] = reason
    return verdict


def unreadable_choices(
    reading: StrategoReading,
    before: StrategoReading | None = None,
    *,
    secrets: Sequence[str],
) -> dict[str, tuple[str, ...]]:
    """Every cell the photo could not read, with what a player may say it holds: nothing, or a
    piece of this kit seen nowhere else in the photo (``red 04G1ZK3A``), named by its id. With
    ``before`` (the previous accepted photo) only the pieces it showed are offered, the nearest
    to the cell first and with the cell each stood on (``red 04G1ZK3A (was on d4)``)."""
    from patrolkit.games.stratego import square_name

    unseen = _unseen(reading, pair_secrets(secrets))
    was = {p.id: sq for sq, p in before.pieces.items()} if before is not None else None
    choices: dict[str, tuple[str, ...]] = {}
    for u in reading.unreadable:
        if u.sq is None:
            continue
        sq = u.sq
        if was is None:
            named = sorted(unseen, key=lambda v: (not _home(unseen[v][0], sq), v))
        else:
            near = [v for v in unseen if unseen[v][1] in was]
            named = [
                _("{piece} (was on {cell})").format(piece=v, cell=square_name(was[unseen[v][1]]))
                for v in sorted(near, key=lambda v: (_distance(was[unseen[v][1]], sq), v))
            ]
        choices[square_name(sq)] = (EMPTY, *named)
    return choices


def correct(
    reading: StrategoReading, cell: str, value: str, *, secrets: Sequence[str]
) -> StrategoReading:
    """``reading`` with the unreadable ``cell`` said by a player to hold ``value`` (a piece named
    as in :func:`unreadable_choices`, or ``empty``); :class:`NotationError` for a cell that was
    read, or a piece seen elsewhere in the photo or not of this kit."""
    from dataclasses import replace

    from companion.stratego.reading import PieceReading
    from patrolkit.errors import NotationError
    from patrolkit.games.stratego import square_name

    places = {u.sq for u in reading.unreadable if u.sq is not None and square_name(u.sq) == cell}
    if not places:
        raise NotationError(_("{cell} is not a cell this photo could not read.").format(cell=cell))
    place = places.pop()
    unseen = _unseen(reading, pair_secrets(secrets))
    named = value.split(" (", 1)[0]
    if value != EMPTY and named not in unseen:
        raise NotationError(
            _(
                "A cell holds nothing or a piece of this kit seen nowhere else in the photo, named"
                " like 'red 04G1ZK3A', not '{value}'."
            ).format(value=value[:40])
        )
    reasons = {u.reason for u in reading.unreadable if u.sq == place}
    pieces = dict(reading.pieces)
    if value != EMPTY:
        army, identity = unseen[named]
        pieces[place] = PieceReading(
            payload="",
            army=army,
            id=identity,
            sq=place,
            corners_px=reading.cell_quad(place, 0.15, top=True),
            stage="corrected",
        )
    return replace(
        reading,
        pieces=dict(sorted(pieces.items())),
        unreadable=tuple(u for u in reading.unreadable if u.sq != place),
        problems=tuple(p for p in reading.problems if p not in reasons),
    )


def _secret(text: str) -> Secret:
    from patrolkit.games.stratego.secret import FORMAT, Secret

    if text.lstrip().startswith(FORMAT):
        return Secret.from_text(text)
    return Secret.from_code(text)


def _score_result(verdict: dict[str, Any]) -> str | None:
    """Where one photo leaves the game: each army's setup, or the game under way or over."""
    from companion.stratego.verdict import game_over

    if not verdict["judged"]:
        return None
    if verdict["over"]:
        return game_over(verdict["over"])
    if verdict["phase"] == "setup":
        return " ".join(verdict["armies"].values())
    counts = verdict["pieces"]
    return _("A game under way: {red} red and {blue} blue pieces.").format(
        red=counts["red"], blue=counts["blue"]
    )


def _as_two_photos(
    verdict: dict[str, Any], readings: Sequence[StrategoReading], secrets: tuple[Secret, Secret]
) -> None:
    """Say ``verdict`` on ``readings`` (the history, before, after) of its last two only,
    numbered 1 and 2, as the page shows every check."""
    from companion.stratego.verdict import foreign_ids

    count = len(readings)
    number = {count - 1: 1, count: 2}
    verdict["moves"] = [{**m, "photo": 2} for m in verdict["moves"] if m["photo"] == count]
    for key in ("unreadable", "foreign_codes"):
        verdict[key] = [
            {**x, "photo": number[x["photo"]]} for x in verdict[key] if x["photo"] in number
        ]
    before, after = readings[-2:]
    said = (_("Before: {problem}"), _("After: {problem}"))
    verdict["problems"] = [
        head.format(problem=problem)
        for found in (lambda r: r.problems, lambda r: foreign_ids(r, secrets))
        for head, reading in zip(said, (before, after), strict=True)
        for problem in found(reading)
    ]
    if verdict["refused_at"] is not None:
        verdict["refused_at"] = number.get(verdict["refused_at"])
    verdict["timings_s"] = verdict["timings_s"][-2:]


def _armies_at(*readings: StrategoReading) -> dict[str, str]:
    """The army of the piece on each cell, by the cell's name, in ``readings`` (the earlier
    photo's piece where both show one)."""
    from patrolkit.games.stratego import square_name

    armies: dict[str, str] = {}
    for reading in reversed(readings):
        armies.update({square_name(sq): p.army.title for sq, p in reading.pieces.items()})
    return armies


def _seen_by(sentence: str, armies: dict[str, str]) -> set[str]:
    """The players who may read ``sentence``: both, unless it names the rank of a piece the
    photos do not show attacking or attacked; then only that piece's owner, or nobody when
    it names ranks of both armies or of a piece it cannot place."""
    if not _ANY_RANK.search(sentence):
        return set(SIDES)
    shown = {cell.lower() for match in _ATTACKED.finditer(sentence) for cell in match.group(2, 4)}
    owners: set[str | None] = set()
    for army, _rank, cell in _NAMED.findall(sentence):
        if cell.lower() not in shown:
            owners.add(army.lower() if army else armies.get(cell.lower()))
    if not owners:
        named = {
            rank.lower() for match in _ATTACKED.finditer(sentence) for rank in match.group(1, 3)
        }
        plain = {word.lower().removesuffix("s") for word in _ANY_RANK.findall(sentence)}
        return set(SIDES) if named and plain <= named else set()
    if len(owners) == 1 and None not in owners:
        return {str(next(iter(owners)))}
    return set()


def _hidden_reason(seen_by: set[str]) -> str:
    if seen_by:
        (owner,) = seen_by
        return _(
            "The rules refuse this move for the rank of {piece}, which they keep hidden from"
            " {other}; {owner} may show the piece to settle it."
        ).format(
            piece=a_piece_of(_army(owner)),
            other=_side_player(_other(owner)),
            owner=_side_player(owner),
        )
    return _(
        "The rules refuse this move for ranks they keep hidden; the players may show the"
        " pieces concerned to settle it."
    )


def _army(side: str) -> Army:
    return Army.RED if side == SIDES[0] else Army.BLUE


def _side_player(side: str) -> str:
    """The player of ``side`` (``red``, ``blue``) as a sentence names them."""
    return player(_army(side))


def _other(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def _unseen(
    reading: StrategoReading, secrets: tuple[Secret, Secret]
) -> dict[str, tuple[Army, str]]:
    """Every piece of the kit this photo shows nowhere, by what a player says (``red ID``)."""
    seen = {p.id for p in reading.pieces.values()}
    return {
        f"{secret.army.title} {identity}": (secret.army, identity)
        for secret in secrets
        for identity in sorted(secret.ids)
        if identity not in seen
    }


def _home(army: Army, sq: int) -> bool:
    from patrolkit.games.stratego import HOME_ROWS, row_of

    return row_of(sq) in HOME_ROWS[army]


def _distance(first: int, second: int) -> int:
    from patrolkit.games.stratego import column_of, row_of

    return abs(row_of(first) - row_of(second)) + abs(column_of(first) - column_of(second))
