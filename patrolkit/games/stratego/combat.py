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
        raise IllegalTurn(f"A {attacker.title} never moves, so it never attacks.")
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
        a, d = self.attacker.title, self.defender.title
        return {
            Outcome.ATTACKER_WINS: f"The {a} attacked the {d} and won.",
            Outcome.DEFENDER_WINS: f"The {a} attacked the {d} and lost.",
            Outcome.BOTH_LEAVE: f"The {a} attacked the {d}: equal ranks, both leave the board.",
            Outcome.FLAG_TAKEN: f"The {a} took the flag.",
        }[self.outcome]
