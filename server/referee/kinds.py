"""The games the web companion referees: those with a photo reader, from the game registry.

A game whose ``check`` is offered is *check-style*: each photo after the first is judged against
the previous accepted one (was the turn between them legal?). The others (12 Patrols) judge each
photo alone. Each game's reader, verdict, picture and corrections are the functions of
``companion.<package>.commands`` (``judge_photos``, ``unreadable_choices``, ``correct``) and its
``reader.read_photo`` and ``annotate.render`` — the same code as ``patrolkit score`` and ``check``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from patrolkit import registry
from patrolkit.errors import UnknownGame
from patrolkit.registry import GameEntry, Offer
from server.core.errors import NotFound


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

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.entry.name,
            "title": self.entry.title,
            "players": self.entry.players,
            "check_style": self.check_style,
            "hints": list(self.hints),
        }


WEB_FUNCTIONS = ("judge_photos", "unreadable_choices", "correct")
"""What a game's ``companion.<package>.commands`` defines for the page to referee it."""

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
    raise NotFound(f"{entry.title} cannot be refereed from photos yet.")


__all__ = ["Kind", "UnknownGame", "kind_named", "kinds"]
