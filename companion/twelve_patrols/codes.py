"""The codes read on a 12 Patrols table, sorted by what they are (cards, dice and cubes, and the
codes that are none of the kingdom's), and the deck the cards belong to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from companion.decode import Detection, ForeignCode
from patrolkit.errors import PayloadError, PhotoError
from patrolkit.games.twelve_patrols import (
    SIZE,
    Card,
    Deck,
    Item,
    card_from_payload,
    item_from_payload,
    shipped_decks,
)
from patrolkit.i18n import _
from patrolkit.payload import (
    MARK,
    SEPARATOR,
    Game,
    PatrolsCard,
    PatrolsCube,
    PatrolsDie,
    decode,
)


@dataclass
class FoundCodes:
    """The codes read, sorted by what they are; each with the stage that read it."""

    cards: list[tuple[PatrolsCard, Detection]] = field(default_factory=list)
    items: list[tuple[Item, Detection, str]] = field(default_factory=list)
    foreign: list[ForeignCode] = field(default_factory=list)
    other_games: list[Game] = field(default_factory=list)
    stages: dict[str, str] = field(default_factory=dict)
    """The stage that read each card's code."""

    @classmethod
    def of(cls, detections: Sequence[Detection]) -> FoundCodes:
        found = cls()
        for detection in detections:
            found.add(detection, "photo")
        return found

    def add(self, detection: Detection, stage: str) -> bool:
        """Sort ``detection``; False if it was already there."""
        try:
            code = decode(detection.text)
        except PayloadError as exc:
            code = None
            message = str(exc).rstrip(".")
            why = message[0].lower() + message[1:]
        centre = detection.centre
        if isinstance(code, PatrolsCard):
            for _unused, other in self.cards:
                if other.text == detection.text and np.linalg.norm(other.centre - centre) < 20:
                    return False
            self.cards.append((code, detection))
            self.stages.setdefault(detection.text, stage)
            return True
        if isinstance(code, PatrolsDie | PatrolsCube):
            for _unused2, other, _unused3 in self.items:
                if other.text == detection.text and np.linalg.norm(other.centre - centre) < 8:
                    return False
            self.items.append((item_from_payload(code), detection, stage))
            return True
        if any(f.text == detection.text for f in self.foreign):
            return False
        if code is not None:
            game = code.GAME
            self.other_games.append(game)
            why = _("a {game} piece").format(game=game.title)
        elif detection.text.startswith(MARK) and len(detection.text.split(SEPARATOR)) > 2:
            why = _("a patrolkit code this version does not read")
        self.foreign.append(ForeignCode.of(detection, why))
        return True


def deck_of(found: FoundCodes) -> tuple[Deck, bool]:
    """The deck of the cards read: a shipped deck, or one rebuilt from nine cards' codes, or a
    stand-in holding the cards read; refuses a photo without cards or with two decks."""
    if not found.cards:
        if found.other_games:
            name = found.other_games[0].title
            raise PhotoError(
                _("This photo shows {game} pieces, not a 12 Patrols kingdom.").format(game=name)
            )
        if found.items:
            raise PhotoError(
                _(
                    "No 12 Patrols card was found in this photo, only dice or cubes: a kingdom"
                    " needs its cards, with their codes in view."
                )
            )
        raise PhotoError(
            _("No 12 Patrols card was found in this photo: none of the cards' codes could be read.")
        )
    decks = sorted({code.deck for code, _unused in found.cards})
    if len(decks) > 1:
        raise PhotoError(
            _(
                "This photo shows cards of {count} decks ({ids}); a kingdom is laid with the cards"
                " of one deck."
            ).format(count=len(decks), ids=", ".join(decks))
        )
    numbers = [code.number for code, _unused2 in found.cards]
    for number in sorted(set(numbers)):
        if numbers.count(number) > 1:
            raise PhotoError(
                _(
                    "Card {number} of the deck {id} lies {count} times in this photo; a deck"
                    " holds each card once."
                ).format(number=number, id=decks[0], count=numbers.count(number))
            )
    for deck in (rated.deck for rated in shipped_decks().values()):
        if deck.id == decks[0]:
            for code, _unused3 in found.cards:
                try:
                    card_from_payload(deck, code)
                except PayloadError as exc:
                    raise PhotoError(str(exc)) from None
            return deck, True
    by_number = {code.number: code.edges for code, _unused4 in found.cards}
    cards = tuple(
        Card.from_code(
            _("Card {number}").format(number=n)
            if n in by_number
            else _("Card {number} (not in the photo)").format(number=n),
            by_number.get(n, "-:-:-:-"),
        )
        for n in range(1, SIZE * SIZE + 1)
    )
    deck = Deck(_("deck {id}").format(id=decks[0]), cards)
    if len(by_number) == SIZE * SIZE and deck.id != decks[0]:
        raise PhotoError(
            _("The cards' codes do not make up the deck {id} they name.").format(id=decks[0])
        )
    return deck, len(by_number) == SIZE * SIZE
