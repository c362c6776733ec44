"""12 Patrols solutions: a winning kingdom and the re-rolls that reach it, made of real items and
played by the rules.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from patrolkit.errors import IllegalTurn
from patrolkit.games.twelve_patrols.kingdom import Kingdom
from patrolkit.games.twelve_patrols.model import ROLL_ORDER, Card, Item, Slot
from patrolkit.games.twelve_patrols.places import POSITIONS, slot_index
from patrolkit.games.twelve_patrols.play import State, place_card, place_patrol, reroll
from patrolkit.games.twelve_patrols.turns import Reroll
from patrolkit.games.twelve_patrols.usage import Token
from patrolkit.i18n import _


@dataclass(frozen=True)
class Solution:
    """A winning kingdom and the re-rolls, all made before the first patrol, that reach it."""

    kingdom: Kingdom
    rerolls: tuple[Reroll, ...] = ()


def _accepts(token: Token, item: Item) -> bool:
    """Whether ``item`` can stand for ``token``."""
    kind = token[0]
    if kind == "X":
        return True
    if kind == "K":
        return not item.is_die
    if kind == "A":
        return item.is_die
    colour = token[1]
    assert isinstance(colour, int)
    if ROLL_ORDER[colour] is not item.colour:
        return False
    if kind == "I":
        return True
    if kind == "Q":
        return not item.is_die
    if kind == "R":
        return item.is_die
    return item.is_die and item.value == token[2]


def _match(tokens: list[Token], items: list[Item]) -> list[int]:
    """For each token, the index of a distinct item that stands for it (one always exists)."""
    owner: dict[int, int] = {}

    def place(t: int, seen: set[int]) -> bool:
        for i, item in enumerate(items):
            if i in seen or not _accepts(tokens[t], item):
                continue
            seen.add(i)
            if i not in owner or place(owner[i], seen):
                owner[i] = t
                return True
        return False

    for t in range(len(tokens)):
        if not place(t, set()):
            raise AssertionError("the pool cannot supply a content it was checked to cover")
    chosen = [0] * len(tokens)
    for i, t in owner.items():
        chosen[t] = i
    return chosen


def _values(dice: list[Item], total: int) -> list[int]:
    """Values adding up to ``total`` for re-rolled ``dice``, keeping what they show when it fits."""
    values = []
    for n, die in enumerate(dice):
        after = len(dice) - n - 1
        assert die.value is not None
        if after <= total - die.value <= 6 * after:
            value = die.value
        else:
            value = max(1, min(6, total - after))
        values.append(value)
        total -= value
    return values


def realise(
    kingdom: Kingdom,
    cards: tuple[Card | None, ...],
    plans: Sequence[tuple[Slot, tuple[Token, ...], int | None]],
    pool: Sequence[Item],
) -> Solution:
    """Turn a search result into items: ``kingdom`` with ``cards`` on its positions and, on each
    slot of ``plans``, items from ``pool`` standing for its tokens, the re-rolled dice adding up
    to the sum given with them; the re-rolls are paid with items left over."""
    wanted = [t for _unused, slot_tokens, _unused2 in plans for t in slot_tokens]
    items = list(pool)
    chosen = _match(wanted, items)
    patrols: dict[Slot, list[Item]] = {}
    rerolls: list[tuple[Item, int]] = []
    at = 0
    for slot, slot_tokens, total in plans:
        picked = [items[i] for i in chosen[at : at + len(slot_tokens)]]
        loose = [i for t, i in zip(slot_tokens, picked, strict=True) if t[0] in ("R", "A")]
        kept = [i for t, i in zip(slot_tokens, picked, strict=True) if t[0] not in ("R", "A")]
        if loose:
            assert total is not None
            for die, value in zip(loose, _values(loose, total), strict=True):
                if value != die.value:
                    rerolls.append((die, value))
                kept.append(die.showing(value))
        patrols[slot] = kept
        at += len(slot_tokens)
    taken = set(chosen)
    spare = [item for i, item in enumerate(items) if i not in taken]
    spare.sort(key=lambda item: (item.is_die, item))
    paid = tuple(Reroll(die, value, spare[n]) for n, (die, value) in enumerate(rerolls))
    standing = list(kingdom.patrols)
    for slot, slot_items in patrols.items():
        standing[slot_index(slot)] = tuple(sorted(slot_items))
    return Solution(Kingdom(kingdom.deck, cards, tuple(standing)), paid)


def replay(state: State, solution: Solution) -> State:
    """Play ``solution`` from ``state`` with the rules of play: its re-rolls first, then its
    cards, each next to one already laid, with every patrol placed as soon as its slot opens.

    Raises :class:`IllegalTurn` if the face-up cards never offer a card the kingdom needs next.
    """
    for change in solution.rerolls:
        state = reroll(state, change.die, change.value, change.discard)
    target = solution.kingdom
    while state.pile:
        kingdom = state.kingdom
        placed = set(kingdom.placed)
        spots = [
            p
            for p in POSITIONS
            if p not in placed
            and (
                not placed
                or any(
                    (p[0] + dr, p[1] + dc) in placed
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                )
            )
        ]
        spot = next((p for p in spots if target.card_at(p) in state.offer), None)
        if spot is None:
            raise IllegalTurn(_("None of the face-up cards can go next to the cards already laid."))
        card = target.card_at(spot)
        assert card is not None
        state = place_card(state, card, spot)
        for slot in state.kingdom.open_slots:
            state = place_patrol(state, slot, target.patrol(slot))
    return state
