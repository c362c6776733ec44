"""The game registry: one entry per game, naming it and saying what patrolkit offers for it.

The command line builds its sub-commands and ``--help`` from :data:`GAMES`, and each layer finds a
game's code by the game's package name, always in the same place:

====================  ===============================================  ==========================
offer                 module                                           what it must define
====================  ===============================================  ==========================
rules                 ``patrolkit.games.<package>``                    the game's pure rules
``kit``               ``generator.<package>.command``                  ``add_kit_arguments``,
                                                                       ``run_kit``
``boards``            ``generator.<package>.command``                  ``add_boards_arguments``,
                                                                       ``run_boards``
``deck``              ``generator.<package>.command``                  ``add_deck_arguments``,
                                                                       ``run_deck``
``rate``              ``generator.<package>.rate``                     ``add_rate_arguments``,
                                                                       ``run_rate``
``simulate``          ``companion.camera.<package>.commands``          ``run_simulate``
``score``, ``check``  ``companion.<package>.commands``                 ``run_score``, ``run_check``
``hint``              ``companion.<package>.commands``                 ``add_hint_arguments``,
                                                                       ``run_hint``
====================  ===============================================  ==========================

Adding a game means adding its packages and one :class:`GameEntry` here. The registry itself
imports nothing but the payload codec's game codes, so ``patrolkit --help`` stays light.

>>> find_game("twelve-patrols").title
'12 Patrols'
>>> [game.name for game in games_offering(Offer.BOARDS)]
['rodeurs']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.errors import UnknownGame
from patrolkit.i18n import N_, _
from patrolkit.payload import Game


class Offer(Enum):
    """What patrolkit can do for a game; the value is the command's name."""

    KIT = "kit"
    BOARDS = "boards"
    DECK = "deck"
    RATE = "rate"
    SIMULATE = "simulate"
    SCORE = "score"
    CHECK = "check"
    HINT = "hint"

    @property
    def module(self) -> str:
        """The module of a game's package that runs this offer (``{package}`` to fill in)."""
        return _MODULES[self]


_MODULES = {
    Offer.KIT: "generator.{package}.command",
    Offer.BOARDS: "generator.{package}.command",
    Offer.DECK: "generator.{package}.command",
    Offer.RATE: "generator.{package}.rate",
    Offer.SIMULATE: "companion.camera.{package}.commands",
    Offer.SCORE: "companion.{package}.commands",
    Offer.CHECK: "companion.{package}.commands",
    Offer.HINT: "companion.{package}.commands",
}


@dataclass(frozen=True)
class GameEntry:
    """One game: its command-line name, its package, its title and what patrolkit offers for it.

    ``title`` and ``kit_help`` (the one line ``patrolkit kit --help`` shows beside the game's
    name) are English, as the code writes them: :attr:`local_title` and :attr:`local_kit_help`
    say them in the language in force.
    """

    name: str
    package: str
    code: Game
    title: str
    players: str
    kit_help: str
    offers: frozenset[Offer]

    def module(self, offer: Offer) -> str:
        """The dotted name of the module that runs ``offer`` for this game."""
        return offer.module.format(package=self.package)

    @property
    def local_title(self) -> str:
        """The game's title in the language in force (``12 patrouilles`` in French)."""
        return _(self.title)

    @property
    def local_kit_help(self) -> str:
        """``kit_help`` in the language in force."""
        return _(self.kit_help)

    @property
    def rules(self) -> str:
        """The dotted name of the game's rules package."""
        return f"patrolkit.games.{self.package}"


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        name="rodeurs",
        package="rodeurs",
        code=Game.RODEURS,
        title=N_("Rôdeurs"),
        players="2",
        kit_help=N_("Rôdeurs: board, 56 pawn tokens, rules"),
        offers=frozenset(
            {
                Offer.KIT,
                Offer.BOARDS,
                Offer.RATE,
                Offer.SIMULATE,
                Offer.SCORE,
                Offer.CHECK,
                Offer.HINT,
            },
        ),
    ),
    GameEntry(
        name="twelve-patrols",
        package="twelve_patrols",
        code=Game.TWELVE_PATROLS,
        title=N_("12 Patrols"),
        players="1",
        kit_help=N_("12 Patrols: 9 cards, dice, cubes, rules"),
        offers=frozenset({Offer.KIT, Offer.DECK, Offer.SIMULATE, Offer.SCORE}),
    ),
    GameEntry(
        name="patrolis",
        package="patrolis",
        code=Game.PATROLIS,
        title=N_("Patrolis"),
        players="2–6",
        kit_help=N_("Patrolis: two maps, step tiles, objectives"),
        offers=frozenset({Offer.KIT, Offer.SIMULATE, Offer.SCORE, Offer.CHECK}),
    ),
    GameEntry(
        name="grand-jeu",
        package="grand_jeu",
        code=Game.GRAND_JEU,
        title=N_("Le grand jeu des patrouilles"),
        players="2–4",
        kit_help=N_("Le grand jeu des patrouilles: board with prisons, oriented scouts, foulards"),
        offers=frozenset({Offer.KIT, Offer.SIMULATE, Offer.SCORE, Offer.CHECK}),
    ),
    GameEntry(
        name="stratego",
        package="stratego",
        code=Game.STRATEGO,
        title=N_("Stratego"),
        players="2",
        kit_help=N_("Stratego: board, two armies of standing pieces, their secrets"),
        offers=frozenset({Offer.KIT, Offer.SIMULATE, Offer.SCORE, Offer.CHECK}),
    ),
)
"""Every game patrolkit knows, in the order the command line lists them."""


def find_game(name: str) -> GameEntry:
    """The game called ``name`` on the command line; raises :class:`UnknownGame`.

    >>> find_game("patrolis").package
    'patrolis'
    """
    for game in GAMES:
        if game.name == name:
            return game
    raise UnknownGame(
        _("There is no game called '{name}' (the games are {games}).").format(
            name=name, games=", ".join(names())
        )
    )


def entry_for(code: Game) -> GameEntry:
    """The entry of the game whose payloads carry ``code``."""
    return next(game for game in GAMES if game.code is code)


def names() -> tuple[str, ...]:
    """Every game's command-line name."""
    return tuple(game.name for game in GAMES)


def games_offering(offer: Offer) -> tuple[GameEntry, ...]:
    """The games for which patrolkit offers ``offer``, in registry order."""
    return tuple(game for game in GAMES if offer in game.offers)
