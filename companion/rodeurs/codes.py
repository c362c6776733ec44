"""The codes a whole-photo pass reads on a Rôdeurs table, sorted by what they are: the pawns,
the board's corner codes, and the codes that are not this game's (another game's pieces, or
anything else), each with why it was left out."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.decode import Detection, ForeignCode
from patrolkit.errors import PayloadError
from patrolkit.i18n import _
from patrolkit.payload import (
    MARK,
    SEPARATOR,
    Game,
    Item,
    RodeursFiducial,
    RodeursPawn,
    decode,
)


def ours(text: str) -> Item | None:
    """The game piece ``text`` encodes, or ``None`` when it encodes none."""
    try:
        return decode(text)
    except PayloadError:
        return None


@dataclass
class FoundCodes:
    """The codes of the whole-photo pass, sorted by what they are."""

    pawns: list[Detection] = field(default_factory=list)
    fiducials: list[tuple[RodeursFiducial, Detection]] = field(default_factory=list)
    other_games: list[tuple[Game, bool]] = field(default_factory=list)
    """Codes of other games' kits: the game, and whether the code is a board's corner code."""
    foreign: list[ForeignCode] = field(default_factory=list)

    @classmethod
    def of(cls, detections: list[Detection]) -> FoundCodes:
        found = cls()
        for detection in detections:
            found.add(detection)
        return found

    def add(self, detection: Detection) -> None:
        item = ours(detection.text)
        if isinstance(item, RodeursPawn):
            self.pawns.append(detection)
        elif isinstance(item, RodeursFiducial):
            if all(d.text != detection.text for _, d in self.fiducials):
                self.fiducials.append((item, detection))
        else:
            other = _other_game(detection.text)
            if other is not None:
                self.other_games.append(other)
            if other is None:
                why = _foreign_why(detection.text)
            else:
                if other[1]:
                    why = _("a {game} board's corner code").format(game=_(other[0].title))
                else:
                    why = _("a {game} piece").format(game=_(other[0].title))
            self.foreign.append(ForeignCode.of(detection, why))


def _other_game(text: str) -> tuple[Game, bool] | None:
    """For a code printed by patrolkit for another game: that game, and whether the code is a
    board's corner code (kind ``F``). ``None`` for anything else."""
    parts = text.split(SEPARATOR)
    if len(parts) < 3 or not parts[0].startswith(MARK):
        return None
    try:
        game = Game(parts[1])
    except ValueError:
        return None
    return None if game is Game.RODEURS else (game, parts[2] == RodeursFiducial.KIND)


def _foreign_why(text: str) -> str:
    try:
        decode(text)
    except PayloadError as exc:
        message = str(exc).rstrip(".")
        return message[0].lower() + message[1:]
    return _("not a Rôdeurs piece")
