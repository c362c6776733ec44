"""The rules a game's players choose at its start, described option by option for the page's
controls: a switch (on or off), a count (a whole number between two bounds), a choice among a
few values, or a set of digits (the grand jeu's red arrows).

Nothing here repeats a game's rules. Each option, its default and the values it takes come from
the game's own definition (``patrolkit.games.stratego.Rules``,
``patrolkit.games.grand_jeu.Options``) through its ``read_rules``: the defaults are the text it
writes for no choice, and a value is offered only when ``read_rules`` accepts it. What the page
adds is words: the label of each option and of each of its values (:data:`LABELS`, said in the
language in force when the page asks for them, :meth:`RuleOption.as_json`). The server
still reads the rules the page sends with the same ``read_rules``, so a value no control offers
is refused in the game's own sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from patrolkit.errors import PatrolkitError
from patrolkit.i18n import N_, _

TRIED: Final = tuple(str(n) for n in range(21))
"""The whole numbers tried for a count or a choice (no game option goes past 20)."""


class Control(Enum):
    """How the page asks for an option."""

    SWITCH = "switch"
    """On or off: a checkbox."""
    COUNT = "count"
    """A whole number from ``minimum`` to ``maximum``: a number field."""
    CHOICE = "choice"
    """One of ``values``: a drop-down list."""
    DIGITS = "digits"
    """Any set of ``values`` (one digit each), written together (``017``): a checkbox each."""
    TEXT = "text"
    """Anything else the game reads: a text field."""


@dataclass(frozen=True)
class Value:
    """A value an option takes (as the rules' text writes it) and what the page calls it."""

    value: str
    label: str


@dataclass(frozen=True)
class RuleOption:
    """One option: its word in the rules' text (``two-square``), its label, its control, its
    default (as the text writes it), its values (a choice, digits) or bounds (a count)."""

    name: str
    label: str
    control: Control
    default: str
    values: tuple[Value, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "label": _(self.label),
            "control": self.control.value,
            "default": self.default,
            "values": [{"value": v.value, "label": _(v.label)} for v in self.values],
            "min": self.minimum,
            "max": self.maximum,
        }


LABELS: Final[dict[str, dict[str, str]]] = {
    "stratego": {
        "two-square": N_("Two-square rule: moves in a row between the same two cells, at most"),
        "two-square=5": N_("5 (as some tournaments allow)"),
        "chase": N_("Chase rule: a chase may not bring back a position"),
    },
    "grand-jeu": {
        "arrows": N_("Red arrows printed on the scouts (seen from the blue arrow)"),
        "arrows=0": N_("ahead"),
        "arrows=1": N_("ahead right"),
        "arrows=2": N_("right"),
        "arrows=3": N_("behind right"),
        "arrows=4": N_("behind"),
        "arrows=5": N_("behind left"),
        "arrows=6": N_("left"),
        "arrows=7": N_("ahead left"),
        "win": N_("K: scouts on the far row that win"),
        "fewest": N_("K': a patrol with fewer scouts on the board loses"),
        "bonus": N_("Foulards of a bonus turn"),
        "culs-de-pat": N_("Culs de pat': scout 1 of each patrol carries the star"),
    },
}
"""What the page calls each option of a game (by its word), and each value
(``word=value``), in English (said in the page's language by :meth:`RuleOption.as_json`); an
option or a value without one is shown as the rules' text writes it."""


def describe(game: str, read: Callable[[str], str]) -> tuple[RuleOption, ...]:
    """The options of the game called ``game`` whose rules ``read`` reads (its ``read_rules``:
    the rules chosen, each left out at its default, written whole), in the order it writes
    them."""
    labels = LABELS.get(game, {})

    def accepts(text: str) -> bool:
        try:
            read(text)
        except PatrolkitError:
            return False
        return True

    def value(name: str, text: str) -> Value:
        return Value(text, labels.get(f"{name}={text}", text))

    options = []
    for word in read("").split():
        name, _, default = word.partition("=")
        label = labels.get(name, name)
        if default in ("on", "off") and all(accepts(f"{name}={v}") for v in ("on", "off")):
            options.append(RuleOption(name, label, Control.SWITCH, default))
            continue
        if default.isdigit() and _is_set(read, name, default):
            digits = tuple(value(name, d) for d in "0123456789" if accepts(f"{name}={d}"))
            options.append(RuleOption(name, label, Control.DIGITS, default, digits))
            continue
        if default.isdigit():
            taken = [int(n) for n in TRIED if accepts(f"{name}={n}")]
            low, high = min(taken), max(taken)
            if len(taken) >= 3 and taken == list(range(low, high + 1)):
                options.append(RuleOption(name, label, Control.COUNT, default, (), low, high))
            else:
                values = tuple(value(name, str(n)) for n in taken)
                options.append(RuleOption(name, label, Control.CHOICE, default, values))
            continue
        options.append(RuleOption(name, label, Control.TEXT, default))
    return tuple(options)


def _is_set(read: Callable[[str], str], name: str, default: str) -> bool:
    """Whether option ``name`` (``default`` several digits) is a set of digits: the same
    digits in another order are the same rules (``arrows=710`` is ``arrows=017``)."""
    if len(default) < 2 or len(set(default)) != len(default):
        return False
    try:
        return read(f"{name}={default[::-1]}") == read(f"{name}={default}")
    except PatrolkitError:
        return False
