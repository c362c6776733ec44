"""The games the web companion referees: those with a photo reader, from the game registry.

A game whose ``check`` is offered is *check-style*: each photo after the first is judged against
the previous accepted one (was the turn between them legal?). The others (12 Patrols) judge each
photo alone. Each game's reader, verdict, picture and corrections are the functions of
``companion.<package>.commands`` (``judge_photos``, ``unreadable_choices``, ``correct``) and its
``reader.read_photo`` and ``annotate.render`` — the same code as ``patrolkit score`` and ``check``.

A game whose commands also define ``read_rules`` lets the player who starts it choose its rules
(Stratego's two-square limit and chase rule, the grand jeu's options), one control per option as
:mod:`server.referee.rules` describes them; they are kept with the game and every photo of it is
judged under them (``judge_photos(..., rules=)``).

A game whose commands also define :data:`SECRET_FUNCTIONS` and ``SIDES`` hides information
(Stratego): each of its sides joins through a link of its own and gives its secret, and each
player sees the verdict as their side may (see :mod:`server.referee.flow`).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType

from patrolkit import registry
from patrolkit.errors import UnknownGame
from patrolkit.i18n import _, pgettext
from patrolkit.registry import GameEntry, Offer
from server.core.errors import NotFound, NotNow
from server.referee.rules import RuleOption, describe


@dataclass(frozen=True)
class Kind:
    """A game the page offers: its registry entry, and whether turns are judged photo to photo."""

    entry: GameEntry

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def check_style(self) -> bool:
        return Offer.CHECK in self.entry.offers

    @property
    def hints(self) -> tuple[str, ...]:
        """Who a hint can be asked for (the players to move), or ``()`` when the game has no
        computer player (see :data:`HINT_FUNCTIONS`)."""
        if Offer.HINT not in self.entry.offers:
            return ()
        commands = importlib.import_module(self.entry.module(Offer.HINT))
        if not _defines(commands, HINT_FUNCTIONS):
            return ()
        return tuple(getattr(commands, "MOVERS", ()))

    @property
    def commands(self) -> ModuleType:
        """The game's ``companion.<package>.commands``."""
        return importlib.import_module(self.entry.module(Offer.SCORE))

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides that each join through their own link and give their secret (red and blue
        in Stratego), or ``()`` when the game hides nothing (see :data:`SECRET_FUNCTIONS`)."""
        if not _defines(self.commands, SECRET_FUNCTIONS):
            return ()
        return tuple(getattr(self.commands, "SIDES", ()))

    @property
    def rules(self) -> str | None:
        """The rules a game is played under when its players choose none, in the game's words
        (``two-square=3 chase=on``), or ``None`` when it has no rules to choose."""
        read = getattr(self.commands, RULES_FUNCTION, None)
        return read("") if callable(read) else None

    @property
    def rule_options(self) -> tuple[RuleOption, ...] | None:
        """Each rule its players choose, described for the page's controls (see
        :mod:`server.referee.rules`), or ``None`` when it has no rules to choose."""
        read = getattr(self.commands, RULES_FUNCTION, None)
        return _described(self.entry.name, read) if callable(read) else None

    def read_rules(self, text: str) -> str:
        """``text`` (the rules the players chose, each left out at its default) written whole in
        the game's words; :class:`NotationError` in one sentence for rules the game does not
        have, and :class:`NotNow` for a game with no rules to choose."""
        read = getattr(self.commands, RULES_FUNCTION, None)
        if not callable(read):
            if text.strip():
                raise NotNow(
                    _("{game} has no rules to choose before the game.").format(
                        game=self.entry.local_title
                    )
                )
            return ""
        return str(read(text))

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.entry.name,
            "title": self.entry.local_title,
            "players": self.entry.players,
            "check_style": self.check_style,
            "hints": list(self.hints),
            "sides": list(self.sides),
            "side_names": {side: side_name(side) for side in (*self.sides, *self.hints)},
            "rules": self.rules,
            "options": (
                None if self.rule_options is None else [o.as_json() for o in self.rule_options]
            ),
        }


_described = cache(describe)


WEB_FUNCTIONS = ("judge_photos", "unreadable_choices", "correct")
"""What a game's ``companion.<package>.commands`` defines for the page to referee it."""

SECRET_FUNCTIONS = ("read_secret", "pair_secrets", "reading_options")
"""What it defines, with ``SIDES``, when each side holds a secret the other must not see: its
``judge_photos``, ``unreadable_choices`` and ``correct`` then take ``secrets`` (each side's, in
``SIDES`` order), ``judge_photos`` the game's earlier accepted photos (``history``), and
``reading_options(secrets)`` the keywords its ``read_photo`` takes from them."""

RULES_FUNCTION = "read_rules"
"""What it defines when its players choose rules before the game: the rules they chose, written
whole (``read_rules(text) -> text``); its ``judge_photos`` then takes them as ``rules``."""

HINT_FUNCTIONS = ("hint_verdict", "hint_line")
"""What it defines, with ``MOVERS``, for the page to offer a hint (the computer player's turn)."""


def kinds() -> tuple[Kind, ...]:
    """Every game the page offers, in the registry's order: those with a photo reader whose
    commands module gives the verdict as data (:data:`WEB_FUNCTIONS`)."""
    return tuple(Kind(entry) for entry in registry.games_offering(Offer.SCORE) if _web(entry))


def _web(entry: GameEntry) -> bool:
    return _defines(importlib.import_module(entry.module(Offer.SCORE)), WEB_FUNCTIONS)


def _defines(module: ModuleType, names: tuple[str, ...]) -> bool:
    """Whether ``module`` defines a function under each of ``names``."""
    return all(callable(getattr(module, name, None)) for name in names)


def kind_named(name: str) -> Kind:
    """The game called ``name``; :class:`UnknownGame` or :class:`NotFound` (not refereed yet)."""
    entry = registry.find_game(name)
    for kind in kinds():
        if kind.entry == entry:
            return kind
    raise NotFound(_("{game} cannot be refereed from photos yet.").format(game=entry.local_title))


def side_name(side: str) -> str:
    """What the page and the referee call ``side``, in the language in force: a side of a game
    that hides information (Stratego's ``red`` and ``blue`` armies) or a player a hint is asked
    for (Rôdeurs' ``white`` and ``black``); any other is called by its word."""
    names = {
        "red": pgettext("side", "red"),
        "blue": pgettext("side", "blue"),
        "white": pgettext("side", "white"),
        "black": pgettext("side", "black"),
    }
    return names.get(side, side)


__all__ = ["Kind", "UnknownGame", "kind_named", "kinds", "side_name"]
