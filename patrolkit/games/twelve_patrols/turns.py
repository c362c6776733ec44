"""12 Patrols turns as written: laying a card, placing a patrol, re-rolling a die.

Import these names from :mod:`patrolkit.games.twelve_patrols`, which re-exports them. Whether a
turn is legal in a game is :mod:`~patrolkit.games.twelve_patrols.play`.

Notation
--------
Positions are written ``tl`` … ``br`` and slots ``tl-tc`` (see
:mod:`~patrolkit.games.twelve_patrols.places`); items as in :attr:`Item.notation`.

* :class:`PlaceCard`: the card's number in the deck, ``@`` and the position: ``4@tl``.
* :class:`PlacePatrol`: the slot, ``:`` and the items joined by ``,``: ``tl-tc:D-B2=4,Q-Y1``.
* :class:`Reroll`: the die as it shows, ``>`` and its new value, ``/`` and the item discarded to
  pay for it: ``D-B2=4>6/Q-Y1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from patrolkit.errors import NotationError
from patrolkit.games.twelve_patrols.model import DIE_FACES, SIZE, Item, Position, Slot
from patrolkit.games.twelve_patrols.places import (
    check_position,
    parse_position,
    parse_slot,
    position_code,
    slot_code,
)
from patrolkit.i18n import _


class Turn:
    """A turn of 12 Patrols: :class:`PlaceCard`, :class:`PlacePatrol` or :class:`Reroll`."""

    @property
    def notation(self) -> str:
        """The turn written out (see the module)."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str) -> Turn:
        """The turn written ``text``, told apart by its mark: ``@`` lays a card, ``>`` re-rolls a
        die, ``:`` places a patrol. Raises :class:`NotationError` saying what is wrong.

        >>> Turn.parse("4@tl"), Turn.parse("D-B2=4>6/Q-Y1").notation
        (PlaceCard(number=4, position=(0, 0)), 'D-B2=4>6/Q-Y1')
        """
        word = text.strip()
        kind: type[Turn]
        if "@" in word:
            kind = PlaceCard
        elif ">" in word:
            kind = Reroll
        elif ":" in word:
            kind = PlacePatrol
        else:
            raise NotationError(
                _(
                    "'{text}' is not a turn: lay a card like 4@tl, place a patrol like"
                    " tl-tc:D-B2=4,Q-Y1, or re-roll a die like D-B2=4>6/Q-Y1."
                ).format(text=text)
            )
        if cls is not Turn and kind is not cls:
            raise NotationError(
                _("'{text}' is not written like {kind} (see its notation).").format(
                    text=text, kind=cls.__name__
                )
            )
        return kind._read(word)

    @classmethod
    def _read(cls, word: str) -> Turn:
        raise NotImplementedError


@dataclass(frozen=True)
class PlaceCard(Turn):
    """Lay card number ``number`` of the deck (1 to 9) at ``position``."""

    number: int
    position: Position

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or self.number not in range(1, SIZE * SIZE + 1):
            raise NotationError(
                _("A deck's cards are numbered 1 to 9, not {number!r}.").format(number=self.number)
            )
        object.__setattr__(self, "position", check_position(self.position))

    @property
    def notation(self) -> str:
        """``4@tl``."""
        return f"{self.number}@{position_code(self.position)}"

    @classmethod
    def _read(cls, word: str) -> PlaceCard:
        number, where = word.split("@", 1)
        return cls(_card_number(number, word), parse_position(where))


def _card_number(text: str, word: str) -> int:
    if not text.isdigit():
        raise NotationError(
            _("'{text}': a card is named by its number, 1 to 9, like 4@tl.").format(text=word)
        )
    return int(text)


@dataclass(frozen=True)
class PlacePatrol(Turn):
    """Place a patrol of ``items`` (kept sorted) on ``slot``."""

    slot: Slot
    items: tuple[Item, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(sorted(self.items)))

    @property
    def notation(self) -> str:
        """``tl-tc:D-B2=4,Q-Y1``."""
        return f"{slot_code(self.slot)}:" + ",".join(item.notation for item in self.items)

    @classmethod
    def _read(cls, word: str) -> PlacePatrol:
        where, _unused, items = word.partition(":")
        if not items:
            raise NotationError(
                _("'{text}': a patrol holds at least one item, like tl-tc:D-B2=4,Q-Y1.").format(
                    text=word
                )
            )
        return cls(parse_slot(where), tuple(Item.parse(item) for item in items.split(",")))


@dataclass(frozen=True)
class Reroll(Turn):
    """A re-roll: ``die`` (as it showed) turned to ``value`` by discarding ``discard``."""

    die: Item
    value: int
    discard: Item

    @property
    def notation(self) -> str:
        """``D-B2=4>6/Q-Y1``."""
        return f"{self.die.notation}>{self.value}/{self.discard.notation}"

    @classmethod
    def _read(cls, word: str) -> Reroll:
        die, _unused, rest = word.partition(">")
        value, slash, discard = rest.partition("/")
        if not slash or len(value) != 1 or not value.isdigit() or int(value) not in DIE_FACES:
            raise NotationError(
                _(
                    "'{text}': a re-roll names the die, its new value (1 to 6) and the item"
                    " discarded, like D-B2=4>6/Q-Y1."
                ).format(text=word)
            )
        return cls(Item.parse(die), int(value), Item.parse(discard))
