"""``patrolkit score|check grand-jeu``: the photo referee."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from companion.commands import check_command, score_command
from patrolkit.errors import KitError
from patrolkit.i18n import LANGUAGES, _, speaking

T = TypeVar("T")

if TYPE_CHECKING:
    import numpy as np

    from companion.grand_jeu.reading import GrandJeuReading, Unreadable
    from patrolkit.games.grand_jeu import Direction, Options, Patrol

    UnreadSlot = tuple[Unreadable, np.ndarray]
    """An unread part in a prison slot, and the slot's corners in the photo (px)."""


def rules_of(args: argparse.Namespace) -> Options:
    """The options the players fixed before the game (``--rules``), each left out at its
    default; :class:`NotationError` or :class:`LayoutError` in one sentence."""
    from patrolkit.games.grand_jeu import Options

    return Options.from_text(getattr(args, "rules", None) or "")


def run_score(args: argparse.Namespace) -> int:
    """Read a photo of a grand jeu table: every scout's cell, patrol and direction, the frozen
    scouts, the prisoners, and who has won or how the game stands if stopped now."""
    from companion.grand_jeu.annotate import render
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import format_verdict, score_verdict

    rules = rules_of(args)

    def judge(reading: GrandJeuReading) -> dict[str, Any]:
        return score_verdict(reading, photo=Path(args.photo), rules=rules)

    return score_command(args, read_photo, judge, format_verdict, render, rules=True)


def run_check(args: argparse.Namespace) -> int:
    """Read two photos of a grand jeu game and find the legal turn that leads from the first to
    the second, with its foulards, or say why none does."""
    from companion.grand_jeu.annotate import render
    from companion.grand_jeu.reader import read_photo
    from companion.grand_jeu.verdict import check_verdict, format_verdict

    if getattr(args, "mover", None) is not None:
        raise KitError(
            _("The grand jeu's referee finds who played from the photos: leave --mover out.")
        )

    rules = rules_of(args)

    def judge(before: GrandJeuReading, after: GrandJeuReading) -> dict[str, Any]:
        photos = [Path(args.before), Path(args.after)]
        return check_verdict(before, after, photos=photos, rules=rules)

    return check_command(args, read_photo, judge, format_verdict, render, rules=True)


# -- the same verdicts as data, for the web companion -----------------------------------------

EMPTY = "empty"
"""What a player says of an unreadable cell that holds no scout (in English; :func:`empty`
says it in the language in force, and :func:`correct` understands either)."""


def empty() -> str:
    """What a player says of an unreadable cell or slot that holds nothing, in the language in
    force."""
    return _("empty")


def _in_every_language(names: Callable[[], dict[str, T]]) -> dict[str, T]:
    """What ``names`` gives in every language patrolkit speaks: a correction chosen in one
    language still reads in another (the web page's language may change between two photos)."""
    found: dict[str, T] = {}
    for spoken in LANGUAGES:
        with speaking(spoken):
            found.update(names())
    return found


def read_rules(text: str) -> str:
    """The options the players fixed before the game (``win=4 culs-de-pat=on``, each left out
    at its default), written whole as ``judge_photos`` takes them; :class:`NotationError` in one
    sentence for anything else."""
    from patrolkit.games.grand_jeu import Options

    return Options.from_text(text).text


def judge_photos(
    after: GrandJeuReading, before: GrandJeuReading | None = None, *, rules: str = ""
) -> dict[str, Any]:
    """The verdict ``score`` (one photo) or ``check`` (``before`` given) prints, as data, under
    the options the players fixed (``rules``, as :func:`read_rules` reads them), with the
    position read as ``state`` and where the game stands as ``result``: who has won, or who
    would win if the game stopped now."""
    from companion.grand_jeu.verdict import check_verdict, score_verdict
    from patrolkit.games.grand_jeu import Options, State, early_stop

    options = Options.from_text(rules)
    verdict = (
        score_verdict(after, rules=options)
        if before is None
        else check_verdict(before, after, rules=options)
    )
    position = verdict["position"]
    verdict["state"] = position
    if verdict["over"]:
        verdict["result"] = _("Game over: {outcome}").format(outcome=verdict["over"])
    elif position is not None:
        stop = early_stop(State.from_text(position)).description
        verdict["result"] = _("If the game stopped now: {result}").format(result=stop)
    else:
        verdict["result"] = None
    return verdict


def unreadable_choices(reading: GrandJeuReading) -> dict[str, tuple[str, ...]]:
    """Every cell the photo could not read, with what a player may say it holds: nothing, or a
    scout of this table seen nowhere else in the photo (neither on a cell nor in a prison),
    facing one of the 8 directions (``South scout 3 facing ne``); and every prison with a slot
    it could not read (``South's prison``), with what a player may say lies in that slot:
    nothing, or a scout of that patrol seen nowhere else in the photo (``South scout 3``). The
    words are those of the language in force; cells keep their names (``e4``)."""
    from patrolkit.games.grand_jeu import cell_name

    scouts = tuple(_unseen_scouts(reading))
    nothing = empty()
    cells = {
        cell_name(u.cell): (nothing, *scouts) for u in reading.unreadable if u.cell is not None
    }
    prisons = {
        place: (nothing, *_unseen_prisoners(reading, patrol))
        for place, (patrol, _parts) in _unread_slots(reading).items()
    }
    return {**cells, **prisons}


def correct(reading: GrandJeuReading, cell: str, value: str) -> GrandJeuReading:
    """``reading`` with the unreadable ``cell`` said by a player to hold ``value`` (a scout
    named as in :func:`unreadable_choices`, or ``empty``); :class:`NotationError` for a cell
    that was read, or a scout already seen elsewhere in the photo or not of this table.

    ``cell`` may also be a prison with a slot the photo could not read (``South's prison``): one
    such slot is then said to hold ``value``, a prisoner of that patrol (``South scout 3``) or
    nothing (:func:`_correct_slot`).

    Places and values are understood in every language patrolkit speaks."""
    from dataclasses import replace

    from companion.grand_jeu.reading import ScoutReading
    from patrolkit.errors import NotationError
    from patrolkit.games.grand_jeu import Direction, Patrol, cell_name

    slots = _in_every_language(lambda: _unread_slots(reading))
    if cell in slots:
        return _correct_slot(reading, cell, value, *slots[cell])
    named = {u.cell for u in reading.unreadable if u.cell is not None and cell_name(u.cell) == cell}
    if not named:
        raise NotationError(_("{cell} is not a cell this photo could not read.").format(cell=cell))
    place = named.pop()
    scouts = _in_every_language(lambda: _unseen_scouts(reading))
    nothing = _is_empty(value)
    if not nothing and value not in scouts:
        raise NotationError(
            _(
                "A cell holds nothing or a scout seen nowhere else in the photo, named like"
                " '{example}', not '{value}'."
            ).format(example=_scout_words(Patrol.SOUTH, 3, Direction.NE), value=value)
        )
    reasons = {u.reason for u in reading.unreadable if u.cell == place}
    placed = dict(reading.scouts)
    if not nothing:
        patrol, number, direction = scouts[value]
        placed[place] = ScoutReading(
            payload="",
            patrol=patrol,
            number=number,
            cell=place,
            direction=direction,
            off_deg=0.0,
            corners_px=reading.cell_quad(place, 0.15),
            stage="corrected",
        )
    return replace(
        reading,
        scouts=dict(sorted(placed.items())),
        unreadable=tuple(u for u in reading.unreadable if u.cell != place),
        problems=tuple(p for p in reading.problems if p not in reasons),
    )


def _is_empty(value: str) -> bool:
    """Whether ``value`` says "nothing", in any language patrolkit speaks."""
    return value == EMPTY or value in _in_every_language(lambda: {empty(): True})


def _scout_words(patrol: Patrol, number: int, direction: Direction) -> str:
    """A scout on a cell as a player names it: ``South scout 3 facing ne``."""
    return _("{patrol} scout {number} facing {direction}").format(
        patrol=patrol.title, number=number, direction=direction.value
    )


def _prisoner_words(patrol: Patrol, number: int) -> str:
    """A scout in a prison slot as a player names it: ``South scout 3``."""
    return _("{patrol} scout {number}").format(patrol=patrol.title, number=number)


def _unseen_scouts(reading: GrandJeuReading) -> dict[str, tuple[Patrol, int, Direction]]:
    """Every scout of the patrols this photo shows that it shows nowhere (its code read neither
    on a cell nor in a prison), facing each direction, by what a player says."""
    from patrolkit.games.grand_jeu import DIRECTIONS

    seen = {(s.patrol, s.number) for s in reading.scouts.values()}
    seen |= {(p.patrol, p.number) for p in reading.prisoners}
    return {
        _scout_words(patrol, number, direction): (patrol, number, direction)
        for patrol in reading.options.patrols
        for number in range(1, reading.options.patrol_size + 1)
        if (patrol, number) not in seen
        for direction in DIRECTIONS
    }


def _unread_slots(reading: GrandJeuReading) -> dict[str, tuple[Patrol, list[UnreadSlot]]]:
    """Each prison with a slot the photo could not read (glare on it, or a code that did not
    read), by what a player calls it (``South's prison``): its patrol, and each such part with
    its slot's corners in the photo, in the order the reader reported them. A part off the board
    and outside every prison is in none."""
    import numpy as np

    from companion.pose import apply
    from companion.sheets import box_corners
    from patrolkit.games.grand_jeu import Patrol

    slots: dict[str, tuple[Patrol, list[UnreadSlot]]] = {}
    for u in reading.unreadable:
        if u.cell is not None or u.at_px is None:
            continue
        for sheet in reading.sheets:
            x, y = apply(sheet.pose.to_board, np.array([u.at_px], dtype=float))[0]
            found = [
                (Patrol.parse(prison.patrol), (sx, sy, sw, sh))
                for prison in sheet.sheet.prisons
                for sx, sy, sw, sh in prison.slots
                if sx <= x < sx + sw and sy <= y < sy + sh
            ]
            if found:
                patrol, box = found[0]
                quad = apply(sheet.pose.to_photo, box_corners(box, 0.15))
                place = _("{patrol}'s prison").format(patrol=patrol.title)
                slots.setdefault(place, (patrol, []))[1].append((u, quad))
                break
    return slots


def _unseen_prisoners(reading: GrandJeuReading, patrol: Patrol) -> dict[str, int]:
    """The scouts of ``patrol`` this photo shows nowhere, as a player names one lying in a
    prison slot (``South scout 3``: the number printed on it), each with its number."""
    seen = {s.number for s in reading.scouts.values() if s.patrol is patrol}
    seen |= {p.number for p in reading.prisoners if p.patrol is patrol}
    return {
        _prisoner_words(patrol, number): number
        for number in range(1, reading.options.patrol_size + 1)
        if number not in seen
    }


def _correct_slot(
    reading: GrandJeuReading, prison: str, value: str, patrol: Patrol, parts: list[UnreadSlot]
) -> GrandJeuReading:
    """``reading`` with the first unread slot of ``prison`` said to hold ``value``: nothing
    (``empty``), or the scout of ``patrol`` it names, then counted as that patrol's prisoner."""
    from dataclasses import replace

    from companion.grand_jeu.reading import PrisonerReading
    from patrolkit.errors import NotationError

    unseen = _in_every_language(lambda: _unseen_prisoners(reading, patrol))
    nothing = _is_empty(value)
    if not nothing and value not in unseen:
        raise NotationError(
            _(
                "A slot of {prison} holds nothing or a {patrol} scout seen nowhere else in the"
                " photo, named like '{example}', not '{value}'."
            ).format(
                prison=_("{patrol}'s prison").format(patrol=patrol.title),
                patrol=patrol.title,
                example=_prisoner_words(patrol, 3),
                value=value,
            )
        )
    part, quad = parts[0]
    prisoners = reading.prisoners
    if not nothing:
        number = unseen[value]
        prisoners = (*prisoners, PrisonerReading("", patrol, number, patrol, quad))
    return replace(
        reading,
        prisoners=prisoners,
        unreadable=tuple(u for u in reading.unreadable if u is not part),
        problems=tuple(p for p in reading.problems if p != part.reason),
    )
