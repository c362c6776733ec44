"""A game's turns as the page plays them: send a photo, correct a reading, reject it, undo the
last accepted turn; and the running score and the export drawn from the history.

A photo is judged against the game's previous accepted photo when the game is check-style, alone
otherwise. Its reading is *accepted* (it counts) when read whole and, for a turn, legal; it
*waits* while cells are unreadable, each of which a player may correct (the verdict is then
recomputed from the same reading and the correction is kept, by whom and when); an *illegal*
turn or a waiting reading may be rejected so the photo is retaken. Photos of one game are judged
one at a time, so two photos sent at once never see the same previous turn.

A game that hides information (Stratego) is opened only through each side's own link
(:class:`Access`); its photos are judged once every side has given its secret, with the game's
whole accepted history, and each side is answered with :meth:`Flow.view` of every reading.

A photo is read and judged in the language of the request that sent (or corrected) it, and its
verdict is kept as it was said, with that language (``reading["language"]``): the history is a
record of what the referee told the table, never rewritten; what the page says round it follows
the viewer's language.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from patrolkit.i18n import _, language, ngettext, pgettext
from patrolkit.numbers import decimal
from server.core.config import Settings
from server.core.errors import Forbidden, NotNow, TooLarge
from server.referee.kinds import Kind, kind_named, side_name
from server.referee.pool import Referee
from server.referee.work import Job, Outcome, Shot
from server.storage.store import Store, who

FINAL = ("rejected", "undone")


@dataclass(frozen=True)
class Access:
    """What a link opens: its ``token``, the game (``game_id``, its ``kind``) and, in a game that
    hides information, the ``side`` whose own link it is (``None`` in the other games)."""

    token: str
    game_id: str
    kind: Kind
    side: str | None = None


class Flow:
    """The turns of every game: the store, the referee and one lock per game."""

    def __init__(self, settings: Settings, store: Store, referee: Referee) -> None:
        self.settings = settings
        self.store = store
        self.referee = referee
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    def access(self, token: str) -> Access:
        """What the link ``token`` opens: a game's own link, or one side's link to a game that
        hides information; :class:`NotFound` for no game, :class:`Forbidden` for the game's
        own link to a game only its sides' links open."""
        player = self.store.player(token)
        if player is not None:
            game = self.store.game(player["game_id"])
            return Access(token, game["id"], kind_named(game["game"]), player["side"])
        game = self.store.game(token)
        kind = kind_named(game["game"])
        if kind.sides:
            raise Forbidden(
                _(
                    "A {game} game opens only through each player's own link, never the"
                    " game's: open the link given for your army."
                ).format(game=kind.entry.local_title)
            )
        return Access(token, token, kind)

    def view(self, access: Access, reading: dict[str, Any]) -> dict[str, Any]:
        """``reading`` as the link ``access`` may see it: in a game that hides information, the
        verdict both sides may see with what this side may see besides, and the photo and its
        picture only for the side that sent it (the photo may show that army's ranks)."""
        if access.side is None:
            return reading
        verdict = dict(reading["verdict"])
        views = verdict.pop("views", None) or {}
        verdict.update(views.get(access.side, {}))
        seen = {**reading, "verdict": verdict}
        if reading.get("side") != access.side:
            seen.update(photo=None, picture=None)
        return seen

    def readings(self, access: Access) -> list[dict[str, Any]]:
        """The game's readings as ``access`` may see them."""
        return [self.view(access, r) for r in self.store.readings(access.game_id)]

    async def join(self, token: str, secret: str) -> None:
        """Keep the secret the player of side link ``token`` gives (a private slip's code, or a
        secret file's text): :class:`SecretError` for one that is not that side's, or not of the
        same kit as the other side's; :class:`NotNow` to change one photos were judged with."""
        access = self.access(token)
        if access.side is None:
            raise NotNow(
                _("{game} has no secret to give: send photos.").format(
                    game=access.kind.entry.local_title
                )
            )
        commands = access.kind.commands
        async with self._locks[access.game_id]:
            code = commands.read_secret(access.side, secret)
            players = self.store.players(access.game_id)
            mine = next(p for p in players if p["token"] == token)
            if mine["secret"] == code:
                return
            if mine["secret"] is not None and self.store.readings(access.game_id):
                raise NotNow(
                    _(
                        "The {side} army's secret was given already, and photos were judged"
                        " with it."
                    ).format(side=side_name(access.side))
                )
            given = [code if p["token"] == token else p["secret"] for p in players]
            if all(given):
                commands.pair_secrets(given)
            self.store.give_secret(token, code)

    def _secrets(self, access: Access) -> tuple[str, ...]:
        """Each side's secret, in the kind's order; :class:`NotNow` until all are given."""
        if access.side is None:
            return ()
        players = {p["side"]: p["secret"] for p in self.store.players(access.game_id)}
        missing = [side for side in access.kind.sides if not players.get(side)]
        if missing:
            raise NotNow(
                ngettext(
                    "Photos are judged once every player has given their army's secret;"
                    " {sides} has not yet.",
                    "Photos are judged once every player has given their army's secret;"
                    " {sides} have not yet.",
                    len(missing),
                ).format(sides=both(side_name(side) for side in missing))
            )
        return tuple(players[side] for side in access.kind.sides)

    def _rules(self, access: Access) -> str | None:
        """The rules the game is judged under: those chosen at its start, written whole (a game
        started before rules could be chosen plays the defaults); ``None`` for a game with no
        rules to choose."""
        if access.kind.rules is None:
            return None
        return access.kind.read_rules(self.store.game(access.game_id)["rules"])

    def _history(self, access: Access, before_seq: int | None) -> tuple[Shot, ...]:
        """The accepted photos before reading ``before_seq`` (a game that hides information
        is judged with its whole history: the two-square and chase rules look back)."""
        if access.side is None or before_seq is None:
            return ()
        return tuple(
            Shot(self.store.photos.path(r["photo"]), _fixes(r))
            for r in self.store.readings(access.game_id)
            if r["status"] == "accepted" and r["seq"] < before_seq
        )

    async def send_photo(self, token: str, photo: bytes, by: str | None) -> dict[str, Any]:
        """Read and judge ``photo`` for the game of link ``token``, keep it, and return its
        reading."""
        check_size(len(photo), self.settings)
        access = self.access(token)
        kind, game = access.kind, access.game_id
        async with self._locks[game]:
            secrets = self._secrets(access)
            before = self.store.last_accepted(game) if kind.check_style else None
            before_seq = before["seq"] if before else None
            history = self._history(access, before_seq)
            job = self._job(kind, Shot(photo), before, secrets, history, self._rules(access))
            outcome = await self.referee.judge(job)
            seq = self.store.add_reading(
                game,
                photo,
                before_seq,
                status_of(outcome, before is not None),
                outcome,
                who(by or access.side),
                access.side,
                job.language,
            )
            return self.view(access, self.store.reading(game, seq))

    async def correct(
        self, token: str, seq: int, place: str, value: str, by: str | None
    ) -> dict[str, Any]:
        """Say what an unreadable ``place`` of reading ``seq`` holds; the reading, rejudged."""
        access = self.access(token)
        kind, game = access.kind, access.game_id
        async with self._locks[game]:
            reading = self._open_reading(game, seq, ("waiting",), "corrected")
            if value not in reading["choices"].get(place, ()):
                raise NotNow(
                    _(
                        "{place} is not a place of this photo left to correct with '{value}'."
                    ).format(place=place, value=value)
                )
            before = (
                self.store.reading(game, reading["before_seq"])
                if reading["before_seq"] is not None
                else None
            )
            fixes = (*_fixes(reading), (place, value))
            shot = Shot(self.store.photos.path(reading["photo"]), fixes)
            secrets = self._secrets(access)
            history = self._history(access, reading["before_seq"])
            job = self._job(kind, shot, before, secrets, history, self._rules(access))
            outcome = await self.referee.judge(job)
            status = status_of(outcome, before is not None)
            self.store.correct(
                game, seq, place, value, who(by or access.side), status, outcome, job.language
            )
            return self.view(access, self.store.reading(game, seq))

    async def reject(self, token: str, seq: int, by: str | None) -> dict[str, Any]:
        """Refuse reading ``seq`` (waiting or illegal) so the photo can be retaken."""
        access = self.access(token)
        game = access.game_id
        async with self._locks[game]:
            self._open_reading(game, seq, ("waiting", "illegal"), "rejected")
            self.store.mark(game, seq, "reject", "rejected", who(by or access.side))
            return self.view(access, self.store.reading(game, seq))

    async def undo(self, token: str, by: str | None) -> dict[str, Any]:
        """Take back the last accepted turn; later readings judged against it are rejected."""
        access = self.access(token)
        game = access.game_id
        async with self._locks[game]:
            last = self.store.last_accepted(game)
            if last is None:
                raise NotNow(_("There is no accepted turn to undo."))
            player = who(by or access.side)
            for later in self.store.readings(game):
                if later["seq"] > last["seq"] and later["status"] not in FINAL:
                    self.store.mark(game, later["seq"], "reject", "rejected", player)
            self.store.mark(game, last["seq"], "undo", "undone", player)
            return self.view(access, self.store.reading(game, last["seq"]))

    async def hint(self, token: str, seq: int, mover: str) -> dict[str, Any]:
        """The computer player's turn for ``mover`` in the position of reading ``seq``: the hint,
        its line and a picture with its arrows (kept as a picture, not in the history)."""
        access = self.access(token)
        kind = access.kind
        if mover not in kind.hints:
            if not kind.hints:
                raise NotNow(
                    _("{game} has no computer player to give a hint.").format(
                        game=kind.entry.local_title
                    )
                )
            raise NotNow(
                _("A hint is asked for {movers} to play, not '{mover}'.").format(
                    movers=either(side_name(m) for m in kind.hints), mover=mover
                )
            )
        reading = self.store.reading(access.game_id, seq)
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
        self, game: str, seq: int, statuses: tuple[str, ...], what: str
    ) -> dict[str, Any]:
        reading = self.store.reading(game, seq)
        if reading["seq"] != self.store.latest(game)["seq"]:
            raise NotNow(
                _("Only the latest photo can be corrected; this one is history.")
                if what == "corrected"
                else _("Only the latest photo can be rejected; this one is history.")
            )
        if reading["status"] not in statuses:
            status = status_word(reading["status"])
            raise NotNow(
                _("This photo's reading is {status}; it cannot be corrected.").format(status=status)
                if what == "corrected"
                else _("This photo's reading is {status}; it cannot be rejected.").format(
                    status=status
                )
            )
        return reading

    def _job(
        self,
        kind: Kind,
        after: Shot,
        before: dict[str, Any] | None,
        secrets: tuple[str, ...] = (),
        history: tuple[Shot, ...] = (),
        rules: str | None = None,
    ) -> Job:
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
            secrets=secrets,
            history=history,
            rules=rules,
            language=language(),
        )


def check_size(size: int, settings: Settings, *, slack: int = 0, what: str = "photo") -> None:
    """Refuse a ``what`` of ``size`` bytes over the cap (plus ``slack``: what a form adds)."""
    if size > settings.max_upload_bytes + slack:
        limit = mib(settings.max_upload_bytes)
        raise TooLarge(
            _("This upload is {size} MiB; the server takes photos up to {limit} MiB.").format(
                size=mib(size), limit=limit
            )
            if what == "upload"
            else _("This photo is {size} MiB; the server takes photos up to {limit} MiB.").format(
                size=mib(size), limit=limit
            )
        )


def mib(size: int) -> str:
    """``size`` bytes in MiB, as a player reads it in the language in force: ``25``, ``0.2``
    (``0,2`` in French)."""
    mib = size / 2**20
    return decimal(mib, 0 if mib >= 10 else 1)


def status_word(status: str) -> str:
    """``status`` (see :data:`server.storage.db.STATUSES`) as a sentence says it, in the
    language in force."""
    words = {
        "accepted": pgettext("reading status", "accepted"),
        "waiting": pgettext("reading status", "waiting"),
        "illegal": pgettext("reading status", "illegal"),
        "rejected": pgettext("reading status", "rejected"),
        "undone": pgettext("reading status", "undone"),
    }
    return words.get(status, status)


def both(names: Iterable[str]) -> str:
    """``names`` as one list a sentence says: ``red``, ``red and blue``."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return _("{names} and {last}").format(names=", ".join(listed[:-1]), last=listed[-1])


def either(names: Iterable[str]) -> str:
    """``names`` as a choice a sentence says: ``white``, ``white or black``."""
    listed = list(names)
    if len(listed) < 2:
        return "".join(listed)
    return _("{names} or {last}").format(names=", ".join(listed[:-1]), last=listed[-1])


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
    the game's own notation; each reading says the language its verdict was said in."""
    accepted = [r for r in readings if r["status"] == "accepted"]
    return {
        "format": "patrolkit-game",
        "version": 1,
        "game": kind.name,
        "title": game["title"],
        "created": game["created"],
        "rules": game.get("rules") or kind.rules,
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
                    "language",
                )
            }
            for r in readings
        ],
        "events": events,
    }


def notation(game: dict[str, Any], kind: Kind, readings: list[dict[str, Any]]) -> str:
    """The accepted photos in the game's own text notation, one line each: their number, the
    turn judged (for a check-style game) and the position read."""
    lines = [
        "# "
        + _("{game}: {title}, started {created}").format(
            game=kind.entry.local_title, title=game["title"], created=game["created"]
        )
    ]
    for reading in readings:
        if reading["status"] != "accepted":
            continue
        verdict = reading["verdict"]
        parts = [str(reading["seq"]), verdict.get("turn") or "", verdict.get("state") or "?"]
        lines.append(" ".join(part for part in parts if part))
    return "\n".join(lines) + "\n"
