"""Each game's history, as the page and the export see it: games, the photos sent to them, the
readings and verdicts, the corrections and what players did (reject, undo).

Everything a request changes is written in one transaction, after the photo and the annotated
picture are on the disk: a reading the server acknowledged is never lost, and a stopped server
leaves at most a photo file no reading names.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from datetime import UTC, datetime
from typing import Any, Final

from patrolkit.i18n import _
from server.core.config import Settings
from server.core.errors import NotFound, NotNow
from server.storage.db import Database
from server.storage.files import Files

TOKEN_BYTES: Final = 16
"""A game's link holds 16 random bytes (22 characters): it cannot be guessed."""
WHO_LIMIT: Final = 40


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def who(name: str | None) -> str:
    """A player's name as given (one line, at most :data:`WHO_LIMIT` characters), or
    ``a player`` in the language in force (kept as said, as the verdict is)."""
    printable = "".join(c for c in (name or "") if c.isprintable() or c.isspace())
    text = " ".join(printable.split())[:WHO_LIMIT]
    return text or _("a player")


class Store:
    """The database and the files of one ``--data`` folder."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.photos = Files(settings.data / "photos")
        self.pictures = Files(settings.data / "pictures", ".jpg")
        self.photos.sweep()
        self.pictures.sweep()
        self.db = Database(settings.database)

    def close(self) -> None:
        self.db.close()

    # -- games --------------------------------------------------------------------------------

    def create_game(
        self, game: str, title: str, sides: tuple[str, ...] = (), rules: str = ""
    ) -> str:
        """Start a game under ``rules`` (the players' choice, in the game's words; empty for its
        defaults); its token. Each of ``sides`` (a game that hides information) gets a link of
        its own, with a token of its own (see :meth:`players`)."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.db.transaction() as db:
            db.execute(
                "INSERT INTO games (id, game, title, created, rules) VALUES (?, ?, ?, ?, ?)",
                (token, game, title, now(), rules),
            )
            for side in sides:
                db.execute(
                    "INSERT INTO players (token, game_id, side) VALUES (?, ?, ?)",
                    (secrets.token_urlsafe(TOKEN_BYTES), token, side),
                )
        return token

    # -- the sides of a game that hides information ------------------------------------------

    def players(self, game_id: str) -> list[dict[str, Any]]:
        """The sides of game ``game_id``, in the order they were made: ``token``, ``side``,
        ``secret`` (``None`` until given) and ``joined``."""
        rows = self.db.query(
            "SELECT token, game_id, side, secret, joined FROM players WHERE game_id = ?"
            " ORDER BY rowid",
            (game_id,),
        )
        return [dict(row) for row in rows]

    def player(self, token: str) -> dict[str, Any] | None:
        """The side whose own link holds ``token``, or ``None``."""
        rows = self.db.query(
            "SELECT token, game_id, side, secret, joined FROM players WHERE token = ?", (token,)
        )
        return dict(rows[0]) if rows else None

    def give_secret(self, token: str, secret: str) -> None:
        """Keep the secret the player of link ``token`` gave."""
        with self.db.transaction() as db:
            db.execute(
                "UPDATE players SET secret = ?, joined = ? WHERE token = ?", (secret, now(), token)
            )

    def games(self) -> list[dict[str, Any]]:
        rows = self.db.query(
            "SELECT g.id, g.game, g.title, g.created, g.rules, "
            "(SELECT COUNT(*) FROM readings r WHERE r.game_id = g.id AND r.status = 'accepted')"
            " AS accepted FROM games g ORDER BY g.created DESC, g.rowid DESC"
        )
        return [dict(row) for row in rows]

    def game(self, token: str) -> dict[str, Any]:
        rows = self.db.query(
            "SELECT id, game, title, created, rules FROM games WHERE id = ?", (token,)
        )
        if not rows:
            raise NotFound(_("There is no game at this link."))
        return dict(rows[0])

    # -- readings -------------------------------------------------------------------------------

    def readings(self, token: str) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT * FROM readings WHERE game_id = ? ORDER BY seq", (token,))
        fixes = self.db.query(
            "SELECT seq, place, value, made_by, made FROM corrections WHERE game_id = ?"
            " ORDER BY id",
            (token,),
        )
        readings = [_reading(row) for row in rows]
        by_seq = {r["seq"]: r for r in readings}
        for fix in fixes:
            by_seq[fix["seq"]]["corrections"].append(
                {
                    "place": fix["place"],
                    "value": fix["value"],
                    "by": fix["made_by"],
                    "at": fix["made"],
                }
            )
        return readings

    def reading(self, token: str, seq: int) -> dict[str, Any]:
        for reading in self.readings(token):
            if reading["seq"] == seq:
                return reading
        raise NotFound(_("This game has no photo number {seq}.").format(seq=seq))

    def last_accepted(self, token: str, before: int | None = None) -> dict[str, Any] | None:
        accepted = [
            r
            for r in self.readings(token)
            if r["status"] == "accepted" and (before is None or r["seq"] < before)
        ]
        return accepted[-1] if accepted else None

    def events(self, token: str) -> list[dict[str, Any]]:
        rows = self.db.query(
            "SELECT seq, action, made_by AS by, made AS at FROM events WHERE game_id = ?"
            " ORDER BY id",
            (token,),
        )
        return [dict(row) for row in rows]

    def add_reading(
        self,
        token: str,
        photo: bytes,
        before_seq: int | None,
        status: str,
        outcome: Any,
        sent_by: str,
        side: str | None = None,
        language: str = "en",
    ) -> int:
        """Keep ``photo`` and its reading (its verdict said in ``language``); the reading's
        number in the game."""
        digest = self.photos.put(photo)
        picture = self.pictures.put(outcome.picture)
        with self.db.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO photos (hash, bytes) VALUES (?, ?)", (digest, len(photo))
            )
            seq = (
                1
                + db.execute(
                    "SELECT COALESCE(MAX(seq), 0) FROM readings WHERE game_id = ?", (token,)
                ).fetchone()[0]
            )
            db.execute(
                "INSERT INTO readings (game_id, seq, photo, before_seq, status, verdict, choices,"
                " picture, sent_by, created, side, language)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    token,
                    seq,
                    digest,
                    before_seq,
                    status,
                    _json(outcome.verdict),
                    _json(outcome.choices),
                    picture,
                    sent_by,
                    now(),
                    side,
                    language,
                ),
            )
        return int(seq)

    def correct(
        self,
        token: str,
        seq: int,
        place: str,
        value: str,
        by: str,
        status: str,
        outcome: Any,
        language: str = "en",
    ) -> None:
        """Keep a player's correction of reading ``seq`` and the verdict it was rejudged to
        (said in ``language``)."""
        picture = self.pictures.put(outcome.picture)
        with self.db.transaction() as db:
            db.execute(
                "INSERT INTO corrections (game_id, seq, place, value, made_by, made)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (token, seq, place, value, by, now()),
            )
            db.execute(
                "UPDATE readings SET status = ?, verdict = ?, choices = ?, picture = ?,"
                " language = ? WHERE game_id = ? AND seq = ?",
                (
                    status,
                    _json(outcome.verdict),
                    _json(outcome.choices),
                    picture,
                    language,
                    token,
                    seq,
                ),
            )

    def mark(self, token: str, seq: int, action: str, status: str, by: str) -> None:
        """Record ``action`` (reject, undo) on reading ``seq`` and give it ``status``."""
        with self.db.transaction() as db:
            db.execute(
                "UPDATE readings SET status = ? WHERE game_id = ? AND seq = ?", (status, token, seq)
            )
            db.execute(
                "INSERT INTO events (game_id, seq, action, made_by, made) VALUES (?, ?, ?, ?, ?)",
                (token, seq, action, by, now()),
            )

    def latest(self, token: str) -> dict[str, Any]:
        readings = self.readings(token)
        if not readings:
            raise NotNow(_("No photo has been sent to this game yet."))
        return readings[-1]


def _reading(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "seq": row["seq"],
        "photo": row["photo"],
        "before_seq": row["before_seq"],
        "status": row["status"],
        "verdict": json.loads(row["verdict"]),
        "choices": json.loads(row["choices"]),
        "picture": row["picture"],
        "sent_by": row["sent_by"],
        "created": row["created"],
        "side": row["side"],
        "language": row["language"],
        "corrections": [],
    }


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
