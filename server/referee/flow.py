"""A game's turns as the page plays them: send a photo, correct a reading, reject it, undo the
last accepted turn; and the running score and the export drawn from the history.

A photo is judged against the game's previous accepted photo when the game is check-style, alone
otherwise. Its reading is *accepted* (it counts) when read whole and, for a turn, legal; it
*waits* while cells are unreadable, each of which a player may correct (the verdict is then
recomputed from the same reading and the correction is kept, by whom and when); an *illegal*
turn or a waiting reading may be rejected so the photo is retaken. Photos of one game are judged
one at a time, so two photos sent at once never see the same previous turn.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

from server.core.config import Settings
from server.core.errors import NotNow, TooLarge
from server.referee.kinds import Kind, kind_named
from server.referee.pool import Referee
from server.referee.work import Job, Outcome, Shot
from server.storage.store import Store, who

FINAL = ("rejected", "undone")


class Flow:
    """The turns of every game: the store, the referee and one lock per game."""

    def __init__(self, settings: Settings, store: Store, referee: Referee) -> None:
        self.settings = settings
        self.store = store
        self.referee = referee
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    def kind_of(self, token: str) -> Kind:
        return kind_named(self.store.game(token)["game"])

    async def send_photo(self, token: str, photo: bytes, by: str | None) -> dict[str, Any]:
        """Read and judge ``photo`` for game ``token``, keep it, and return its reading."""
        check_size(len(photo), self.settings)
        kind = self.kind_of(token)
        async with self._locks[token]:
            before = self.store.last_accepted(token) if kind.check_style else None
            outcome = await self.referee.judge(self._job(kind, Shot(photo), before))
            seq = self.store.add_reading(
                token,
                photo,
                before["seq"] if before else None,
                status_of(outcome, before is not None),
                outcome,
                who(by),
            )
            return self.store.reading(token, seq)

    async def correct(
        self, token: str, seq: int, place: str, value: str, by: str | None
    ) -> dict[str, Any]:
        """Say what an unreadable ``place`` of reading ``seq`` holds; the reading, rejudged."""
        kind = self.kind_of(token)
        async with self._locks[token]:
            reading = self._open_reading(token, seq, ("waiting",), "corrected")
            if value not in reading["choices"].get(place, ()):
                raise NotNow(
                    f"{place} is not a place of this photo left to correct with '{value}'."
                )
            before = (
                self.store.reading(token, reading["before_seq"])
                if reading["before_seq"] is not None
                else None
            )
            fixes = (*_fixes(reading), (place, value))
            shot = Shot(self.store.photos.path(reading["photo"]), fixes)
            outcome = await self.referee.judge(self._job(kind, shot, before))
            status = status_of(outcome, before is not None)
            self.store.correct(token, seq, place, value, who(by), status, outcome)
            return self.store.reading(token, seq)

    async def reject(self, token: str, seq: int, by: str | None) -> dict[str, Any]:
        """Refuse reading ``seq`` (waiting or illegal) so the photo can be retaken."""
        self.store.game(token)
        async with self._locks[token]:
            self._open_reading(token, seq, ("waiting", "illegal"), "rejected")
            self.store.mark(token, seq, "reject", "rejected", who(by))
            return self.store.reading(token, seq)

    async def undo(self, token: str, by: str | None) -> dict[str, Any]:
        """Take back the last accepted turn; later readings judged against it are rejected."""
        self.store.game(token)
        async with self._locks[token]:
            last = self.store.last_accepted(token)
            if last is None:
                raise NotNow("There is no accepted turn to undo.")
            player = who(by)
            for later in self.store.readings(token):
                if later["seq"] > last["seq"] and later["status"] not in FINAL:
                    self.store.mark(token, later["seq"], "reject", "rejected", player)
            self.store.mark(token, last["seq"], "undo", "undone", player)
            return self.store.reading(token, last["seq"])

    async def hint(self, token: str, seq: int, mover: str) -> dict[str, Any]:
        """The computer player's turn for ``mover`` in the position of reading ``seq``: the hint,
        its line and a picture with its arrows (kept as a picture, not in the history)."""
        kind = self.kind_of(token)
        if mover not in kind.hints:
            offered = " or ".join(kind.hints)
            raise NotNow(
                f"A hint is asked for {offered} to play, not '{mover}'."
                if offered
                else f"{kind.entry.title} has no computer player to give a hint."
            )
        reading = self.store.reading(token, seq)
        shot = Shot(self.store.photos.path(reading["photo"]), _fixes(reading))
        outcome = await self.referee.hint(self._job(kind, shot, None), mover)
        picture = self.store.pictures.put(outcome.picture)
        return {
            "seq": seq,
            "hint": outcome.verdict["hint"],
            "line": outcome.verdict["hint_line"],
            "picture_url": f"/api/pictures/{picture}",
        }

    def _open_reading(
        self, token: str, seq: int, statuses: tuple[str, ...], what: str
    ) -> dict[str, Any]:
        reading = self.store.reading(token, seq)
        if reading["seq"] != self.store.latest(token)["seq"]:
            raise NotNow(f"Only the latest photo can be {what}; this one is history.")
        if reading["status"] not in statuses:
            raise NotNow(f"This photo's reading is {reading['status']}; it cannot be {what}.")
        return reading

    def _job(self, kind: Kind, after: Shot, before: dict[str, Any] | None) -> Job:
        first = None
        if before is not None:
            first = Shot(self.store.photos.path(before["photo"]), _fixes(before))
        return Job(
            package=kind.entry.package,
            after=after,
            before=first,
            decoder=self.settings.decoder,
            max_pixels=self.settings.max_upload_pixels,
            cache=self.settings.data / "readings",
        )


def check_size(size: int, settings: Settings, *, slack: int = 0, what: str = "photo") -> None:
    """Refuse a ``what`` of ``size`` bytes over the cap (plus ``slack``: what a form adds)."""
    if size > settings.max_upload_bytes + slack:
        raise TooLarge(
            f"This {what} is {mib(size)} MiB; the server takes photos up to"
            f" {mib(settings.max_upload_bytes)} MiB."
        )


def mib(size: int) -> str:
    """``size`` bytes in MiB, as a player reads it: ``25``, ``0.2``."""
    mib = size / 2**20
    return f"{mib:.0f}" if mib >= 10 else f"{mib:.1f}".removesuffix(".0")


def status_of(outcome: Outcome, is_turn: bool) -> str:
    """``accepted``, ``waiting`` (something unreadable) or ``illegal`` (a turn not allowed)."""
    verdict = outcome.verdict
    if not verdict.get("judged"):
        return "waiting"
    if is_turn and verdict.get("legal") is not True:
        return "illegal"
    return "accepted"


def _fixes(reading: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((c["place"], c["value"]) for c in reading["corrections"])


def running_score(kind: Kind, readings: list[dict[str, Any]]) -> dict[str, Any]:
    """What the game stands at: accepted photos, the last accepted position's score and
    result, and for 12 Patrols the attempts finished (complete kingdoms) and won."""
    accepted = [r for r in readings if r["status"] == "accepted"]
    last = accepted[-1]["verdict"] if accepted else {}
    summary: dict[str, Any] = {
        "accepted": len(accepted),
        "turns": sum(1 for r in accepted if r["verdict"].get("kind") == "check"),
        "state": last.get("state"),
        "score": last.get("score"),
        "result": last.get("result"),
    }
    if not kind.check_style:
        done = [r["verdict"] for r in accepted if r["verdict"].get("complete")]
        summary["attempts"] = len(done)
        summary["won"] = sum(1 for v in done if v.get("win"))
    return summary


def export(
    game: dict[str, Any], kind: Kind, readings: list[dict[str, Any]], events: list[dict[str, Any]]
) -> dict[str, Any]:
    """A game's whole history as one JSON document, with its accepted positions and turns in
    the game's own notation."""
    accepted = [r for r in readings if r["status"] == "accepted"]
    return {
        "format": "patrolkit-game",
        "version": 1,
        "game": kind.name,
        "title": game["title"],
        "created": game["created"],
        "notation": {
            "positions": [r["verdict"].get("state") for r in accepted],
            "turns": [r["verdict"]["turn"] for r in accepted if r["verdict"].get("turn")],
        },
        "score": running_score(kind, readings),
        "readings": [
            {
                key: r[key]
                for key in (
                    "seq",
                    "status",
                    "photo",
                    "before_seq",
                    "sent_by",
                    "created",
                    "corrections",
                    "verdict",
                )
            }
            for r in readings
        ],
        "events": events,
    }


def notation(game: dict[str, Any], kind: Kind, readings: list[dict[str, Any]]) -> str:
    """The accepted photos in the game's own text notation, one line each: their number, the
    turn judged (for a check-style game) and the position read."""
    lines = [f"# {kind.entry.title}: {game['title']}, started {game['created']}"]
    for reading in readings:
        if reading["status"] != "accepted":
            continue
        verdict = reading["verdict"]
        parts = [str(reading["seq"]), verdict.get("turn") or "", verdict.get("state") or "?"]
        lines.append(" ".join(part for part in parts if part))
    return "\n".join(lines) + "\n"
