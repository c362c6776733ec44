"""Le grand jeu des patrouilles: acts, turns and positions written as text and as JSON.

Import these names from :mod:`patrolkit.games.grand_jeu`, which re-exports them.

Acts
----
``d4-d5`` a move (from, to), ``d4>ne`` a reorientation (the new direction), ``xe5`` a capture (the
victim's cell), ``+c2n`` freeing a prisoner onto ``c2`` facing north (``+c2n*``: the starred one).
A turn is its acts separated by spaces; a bonus turn follows after `` | ``:
``d4-d5 xe6 | c2-c3``.

Positions
---------
One line of fields separated by `` | ``: the options, one field per patrol, and the patrol to move
(``?`` when unknown)::

    2 K=3 K'=2 bonus=4 arrows=017 | S 0 a2n b2n | N 1* out a7s | S

The options field gives the number of patrols, K, K', the bonus-turn budget, the red arrows (eighths
of a turn clockwise from the blue arrow) and ``culs`` when the "culs de pat'" variant is on. A
patrol's field gives its letter, its prisoners (``*`` when its starred scout is among them),
``out`` if it has lost, then its scouts: cell, direction, ``*`` for the star.
"""

from __future__ import annotations

import re
from typing import Any

from patrolkit.errors import LayoutError, NotationError
from patrolkit.games.grand_jeu.acts import Act, Capture, Free, Move, Reorient
from patrolkit.games.grand_jeu.board import Direction, cell_name, parse_cell
from patrolkit.games.grand_jeu.model import Options, Patrol, Scout, State
from patrolkit.games.grand_jeu.turn import Turn, play
from patrolkit.i18n import _

_SCOUT = re.compile(r"^([a-j]\d{1,2})(ne|nw|se|sw|n|e|s|w)(\*?)$")


def format_act(act: Act) -> str:
    """An act in notation.

    >>> format_act(Reorient(parse_cell("d4"), Direction.NE))
    'd4>ne'
    >>> [format_act(parse_act(t)) for t in ("d4-d5", "xe5", "+c2n*")]
    ['d4-d5', 'xe5', '+c2n*']
    """
    if isinstance(act, Move):
        return f"{cell_name(act.cell)}-{cell_name(act.to)}"
    if isinstance(act, Reorient):
        return f"{cell_name(act.cell)}>{act.direction.value}"
    if isinstance(act, Capture):
        return f"x{cell_name(act.cell)}"
    return f"+{cell_name(act.cell)}{act.direction.value}{'*' if act.starred else ''}"


def parse_act(text: str, size: int = 10) -> Act:
    """The act written ``text`` (see :func:`format_act`); raises :class:`NotationError`."""
    word = text.strip().lower()
    try:
        if word.startswith("x"):
            return Capture(parse_cell(word[1:], size))
        if word.startswith("+"):
            match = _SCOUT.match(word[1:])
            if match:
                c, d, star = match.groups()
                return Free(parse_cell(c, size), Direction(d), bool(star))
        elif "-" in word:
            start, _dash, end = word.partition("-")
            return Move(parse_cell(start, size), parse_cell(end, size))
        elif ">" in word:
            start, _sign, direction = word.partition(">")
            return Reorient(parse_cell(start, size), Direction.parse(direction))
    except NotationError as exc:
        raise NotationError(
            _("'{text}' is not an act: {reason}").format(text=text, reason=exc)
        ) from None
    raise NotationError(
        _(
            "'{text}' is not an act: write a move d4-d5, a turn d4>ne, a capture xe5 or a"
            " freeing +c2n."
        ).format(text=text)
    )


def format_turn(turn: Turn) -> str:
    """A turn in notation.

    >>> str(parse_turn_text("d4-d5 xe6 | c2-c3"))
    'd4-d5 xe6 | c2-c3'
    """
    text = " ".join(format_act(a) for a in turn.acts)
    if turn.bonus is not None:
        text += " | " + " ".join(format_act(a) for a in turn.bonus)
    return text


def parse_turn_text(text: str, size: int = 10) -> Turn:
    """The turn written ``text``, without checking it against a position."""
    normal, bar, bonus = text.partition("|")
    acts = tuple(parse_act(word, size) for word in normal.split())
    if not acts:
        raise NotationError(_("A turn has at least one act, and this one has none."))
    bonus_acts = tuple(parse_act(word, size) for word in bonus.split()) if bar else None
    if bar and not bonus_acts:
        raise NotationError(_("The bonus turn after '|' has no act."))
    return Turn(acts, bonus_acts)


def parse_turn(state: State, text: str) -> Turn:
    """The legal turn written ``text`` in ``state``; raises :class:`NotationError` if it cannot
    be read, :class:`IllegalTurn` (with the rule broken) if the rules do not allow it."""
    turn = parse_turn_text(text, state.size)
    play(state, turn)
    return turn


def act_to_json(act: Act) -> dict[str, Any]:
    if isinstance(act, Move):
        return {"act": "move", "from": cell_name(act.cell), "to": cell_name(act.to)}
    if isinstance(act, Reorient):
        return {"act": "reorient", "cell": cell_name(act.cell), "direction": act.direction.value}
    if isinstance(act, Capture):
        return {"act": "capture", "cell": cell_name(act.cell)}
    return {
        "act": "free",
        "cell": cell_name(act.cell),
        "direction": act.direction.value,
        "starred": act.starred,
    }


def act_from_json(data: dict[str, Any]) -> Act:
    try:
        kind = data["act"]
        if kind == "move":
            return Move(parse_cell(str(data["from"])), parse_cell(str(data["to"])))
        if kind == "reorient":
            return Reorient(parse_cell(str(data["cell"])), Direction.parse(str(data["direction"])))
        if kind == "capture":
            return Capture(parse_cell(str(data["cell"])))
        if kind == "free":
            starred = data.get("starred", False)
            if not isinstance(starred, bool):
                raise NotationError(_("'starred' is true or false"))
            return Free(
                parse_cell(str(data["cell"])), Direction.parse(str(data["direction"])), starred
            )
        raise NotationError(_("unknown act '{kind}'").format(kind=kind))
    except (KeyError, TypeError, NotationError) as exc:
        raise NotationError(_("This JSON is not an act ({reason}).").format(reason=exc)) from None


def turn_to_json(turn: Turn) -> dict[str, Any]:
    return {
        "acts": [act_to_json(a) for a in turn.acts],
        "bonus": None if turn.bonus is None else [act_to_json(a) for a in turn.bonus],
        "text": format_turn(turn),
    }


def turn_from_json(data: dict[str, Any]) -> Turn:
    try:
        acts = tuple(act_from_json(a) for a in data["acts"])
        bonus = data.get("bonus")
        return Turn(acts, None if bonus is None else tuple(act_from_json(a) for a in bonus))
    except (KeyError, TypeError) as exc:
        raise NotationError(_("This JSON is not a turn ({reason}).").format(reason=exc)) from None


# -- positions ----------------------------------------------------------------------------------


def _format_options(options: Options) -> str:
    words = [
        str(options.players),
        f"K={options.far_row_to_win}",
        f"K'={options.fewest_scouts}",
        f"bonus={options.bonus_foulards}",
        "arrows=" + "".join(str(a) for a in options.arrows),
    ]
    if options.culs_de_pat:
        words.append("culs")
    return " ".join(words)


def _parse_options(text: str) -> Options:
    words = text.split()
    if not words or not words[0].isdigit():
        raise NotationError(_("A position starts with its options, like: 2 K=3 K'=2 bonus=4."))
    values: dict[str, Any] = {"players": int(words[0])}
    names = {"K": "far_row_to_win", "K'": "fewest_scouts", "bonus": "bonus_foulards"}
    for word in words[1:]:
        key, sign, value = word.partition("=")
        if word == "culs":
            values["culs_de_pat"] = True
        elif sign and key in names and value.isdigit():
            values[names[key]] = int(value)
        elif sign and key == "arrows" and value.isdigit():
            values["arrows"] = tuple(int(ch) for ch in value)
        else:
            raise NotationError(
                _("'{word}' is not an option (K=, K'=, bonus=, arrows=, culs).").format(word=word)
            )
    try:
        return Options(**values)
    except LayoutError as exc:
        raise NotationError(str(exc)) from None


def format_position(state: State) -> str:
    """The one-line text form of a position (see the module's description).

    >>> text = format_position(State.start())
    >>> text.split(" | ")[1]
    'S 0 a2n b2n c2n d2n e2n f2n g2n h2n'
    >>> parse_position(text) == State.start()
    True
    """
    fields = [_format_options(state.options)]
    for patrol in state.options.patrols:
        words = [patrol.letter, f"{state.prisoners_of(patrol)}"]
        if patrol in state.starred_prisoners:
            words[1] += "*"
        if patrol in state.out:
            words.append("out")
        words.extend(
            f"{cell_name(s.cell)}{s.direction.value}{'*' if s.starred else ''}"
            for s in state.scouts_of(patrol)
        )
        fields.append(" ".join(words))
    fields.append("?" if state.to_move is None else state.to_move.letter)
    return " | ".join(fields)


def parse_position(text: str) -> State:
    """The inverse of :func:`format_position`; raises :class:`NotationError` saying why."""
    fields = [f.strip() for f in text.split("|")]
    options = _parse_options(fields[0])
    if len(fields) != len(options.patrols) + 2:
        raise NotationError(
            _(
                "A position with {count} patrols has {fields} fields separated by '|': options,"
                " one per patrol, and the patrol to move."
            ).format(count=options.players, fields=options.players + 2)
        )
    scouts: list[Scout] = []
    prisoners: list[int] = []
    stars: set[Patrol] = set()
    out: set[Patrol] = set()
    for expected, field in zip(options.patrols, fields[1:-1], strict=True):
        words = field.split()
        if len(words) < 2 or Patrol.parse(words[0]) is not expected:
            raise NotationError(
                _("The field for {patrol} starts with {letter} and its prisoners.").format(
                    patrol=expected.title, letter=expected.letter
                )
            )
        count = words[1].rstrip("*")
        if not count.isdigit():
            raise NotationError(_("'{word}' is not a prisoner count.").format(word=words[1]))
        prisoners.append(int(count))
        if words[1].endswith("*"):
            stars.add(expected)
        for word in words[2:]:
            if word == "out":
                out.add(expected)
                continue
            match = _SCOUT.match(word.lower())
            if not match:
                raise NotationError(
                    _("'{word}' is not a scout: write its cell and direction, like d2n.").format(
                        word=word
                    )
                )
            c, d, star = match.groups()
            scouts.append(Scout(parse_cell(c, options.size), expected, Direction(d), bool(star)))
    mover = None if fields[-1] == "?" else Patrol.parse(fields[-1])
    return State(options, tuple(scouts), tuple(prisoners), frozenset(stars), mover, frozenset(out))


def position_to_json(state: State) -> dict[str, Any]:
    """A JSON-ready dict; :func:`position_from_json` gives back an equal state. Each scout also
    says whether it is frozen (ignored on reading: it follows from its cell)."""
    o = state.options
    return {
        "game": "grand-jeu",
        "options": {
            "players": o.players,
            "far_row_to_win": o.far_row_to_win,
            "fewest_scouts": o.fewest_scouts,
            "bonus_foulards": o.bonus_foulards,
            "arrows": list(o.arrows),
            "culs_de_pat": o.culs_de_pat,
        },
        "patrols": {
            p.letter: {
                "prisoners": state.prisoners_of(p),
                "starred_prisoner": p in state.starred_prisoners,
                "out": p in state.out,
                "scouts": [
                    {
                        "cell": cell_name(s.cell),
                        "direction": s.direction.value,
                        "starred": s.starred,
                        "frozen": state.is_frozen(s),
                    }
                    for s in state.scouts_of(p)
                ],
            }
            for p in o.patrols
        },
        "to_move": None if state.to_move is None else state.to_move.letter,
        "text": format_position(state),
    }


def position_from_json(data: dict[str, Any]) -> State:
    """The inverse of :func:`position_to_json`; raises :class:`NotationError`."""
    try:
        if data.get("game") != "grand-jeu":
            raise NotationError(_("its game is not grand-jeu"))
        options = Options(**data["options"])
        scouts, prisoners, stars, out = [], [], set(), set()
        for patrol in options.patrols:
            entry = data["patrols"][patrol.letter]
            prisoners.append(int(entry["prisoners"]))
            if entry.get("starred_prisoner"):
                stars.add(patrol)
            if entry.get("out"):
                out.add(patrol)
            for s in entry["scouts"]:
                scouts.append(
                    Scout(
                        parse_cell(str(s["cell"]), options.size),
                        patrol,
                        Direction.parse(str(s["direction"])),
                        bool(s.get("starred", False)),
                    )
                )
        mover = data.get("to_move")
        return State(
            options,
            tuple(scouts),
            tuple(prisoners),
            frozenset(stars),
            None if mover is None else Patrol.parse(str(mover)),
            frozenset(out),
        )
    except (KeyError, TypeError, ValueError, LayoutError, NotationError) as exc:
        raise NotationError(
            _("This JSON is not a grand-jeu position ({reason}).").format(reason=exc)
        ) from None
