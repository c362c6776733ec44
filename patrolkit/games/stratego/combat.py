"""Stratego attacks: who wins when one piece attacks another.

Import these names from :mod:`patrolkit.games.stratego`, which re-exports them.

The higher rank wins and the loser leaves the board; equal ranks both leave. The spy beats the
marshal only when the spy attacks. A miner attacking a bomb defuses it; any other attacker on a
bomb leaves and the bomb stays. Attacking the flag takes it and wins the game. An attacker that
wins takes the defender's cell; a defender that wins stays where it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from patrolkit.errors import IllegalTurn
from patrolkit.games.stratego.model import Rank
from patrolkit.games.stratego.words import a_rank, capitalized, the_rank
from patrolkit.i18n import _


class Outcome(Enum):
    """How an attack ends."""

    ATTACKER_WINS = "attacker wins"
    DEFENDER_WINS = "defender wins"
    BOTH_LEAVE = "both leave"
    FLAG_TAKEN = "flag taken"

    @property
    def attacker_stays(self) -> bool:
        """Whether the attacker is still on the board (on the defender's cell)."""
        return self in (Outcome.ATTACKER_WINS, Outcome.FLAG_TAKEN)

    @property
    def defender_stays(self) -> bool:
        return self is Outcome.DEFENDER_WINS


def fight(attacker: Rank, defender: Rank) -> Outcome:
    """The outcome of ``attacker`` attacking ``defender``.

    >>> fight(Rank.SPY, Rank.MARSHAL), fight(Rank.SPY, Rank.SCOUT)
    (<Outcome.ATTACKER_WINS: 'attacker wins'>, <Outcome.DEFENDER_WINS: 'defender wins'>)
    >>> fight(Rank.MINER, Rank.BOMB), fight(Rank.MARSHAL, Rank.BOMB)
    (<Outcome.ATTACKER_WINS: 'attacker wins'>, <Outcome.DEFENDER_WINS: 'defender wins'>)
    """
    if not attacker.movable:
        raise IllegalTurn(
            _("{a_rank} never moves, so it never attacks.").format(
                a_rank=capitalized(a_rank(attacker))
            )
        )
    if defender is Rank.FLAG:
        return Outcome.FLAG_TAKEN
    if defender is Rank.BOMB:
        return Outcome.ATTACKER_WINS if attacker is Rank.MINER else Outcome.DEFENDER_WINS
    if attacker is Rank.SPY and defender is Rank.MARSHAL:
        return Outcome.ATTACKER_WINS
    if attacker is defender:
        return Outcome.BOTH_LEAVE
    return Outcome.ATTACKER_WINS if attacker.strength > defender.strength else Outcome.DEFENDER_WINS


@dataclass(frozen=True)
class Attack:
    """An attack as the rules reveal it: both ranks and the outcome."""

    attacker: Rank
    defender: Rank

    @property
    def outcome(self) -> Outcome:
        return fight(self.attacker, self.defender)

    @property
    def description(self) -> str:
        """One sentence, like ``The sergeant attacked the scout and won.``."""
        sentence = {
            Outcome.ATTACKER_WINS: _("{attacker} attacked {defender} and won."),
            Outcome.DEFENDER_WINS: _("{attacker} attacked {defender} and lost."),
            Outcome.BOTH_LEAVE: _(
                "{attacker} attacked {defender}: equal ranks, both leave the board."
            ),
            Outcome.FLAG_TAKEN: _("{attacker} took the flag."),
        }[self.outcome]
        return sentence.format(
            attacker=capitalized(the_rank(self.attacker)), defender=the_rank(self.defender)
        )
