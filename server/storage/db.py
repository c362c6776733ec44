"""The web companion's database: one SQLite file in WAL mode, its schema versioned.

:data:`MIGRATIONS` lists the schema's steps in order; the database's ``user_version`` says how
many it has taken. :func:`open_database` takes the missing steps on start, each in one
transaction, so a server stopped half-way through a migration starts again from the last whole
step. A database newer than this version of patrolkit is refused, never altered.

Tables
------
``games``
    One per game started: ``id`` (the unguessable token in its link), ``game`` (the registry's
    name), ``title``, ``created``.
``photos``
    One per photo file kept: ``hash`` (SHA-256 of its bytes, also its file name), ``bytes``.
``readings``
    One per photo sent to a game, in order (``seq`` from 1): the photo, the accepted reading it was
    judged against (``before_seq``), the ``status`` (see :data:`STATUSES`), the verdict (JSON), what
    a player may say each unreadable place holds (``choices``, JSON), the annotated picture's
    hash, who sent it and when.
``corrections``
    What a player said an unreadable cell holds: the reading, the ``place``, the ``value``, by
    whom and when.
``events``
    Everything else players did, in order: ``reject`` (a reading refused, to retake the photo)
    and ``undo`` (the last accepted turn taken back), by whom and when.
``players`` (schema 2)
    One per side of a game that hides information (Stratego's red and blue): the unguessable
    ``token`` of that side's own link, the ``side``, the side's ``secret`` once its player gave
    it (``NULL`` before) and when. ``readings.side`` (schema 2) is the side whose link sent the
    photo (``NULL`` in the other games): only that side is shown the photo.
``games.rules`` (schema 3)
    The rules the players chose when they started the game, in the game's own words
    (``two-square=5 chase=off``; empty: the game's defaults, and every game started before).
``readings.language`` (schema 4)
    The language the reading's verdict was said in (``en``, ``fr``): the request's that sent
    the photo, or that corrected it last. A verdict is kept as it was said; every reading
    kept before is English.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from patrolkit.errors import KitError
from patrolkit.i18n import _

STATUSES: Final = ("accepted", "waiting", "illegal", "rejected", "undone")
"""A reading is ``accepted`` (it counts: read whole, and legal where a turn is judged),
``waiting`` (cells to correct), ``illegal`` (the turn broke a rule), ``rejected`` by a player, or
``undone`` (accepted, then taken back)."""

MIGRATIONS: Final = (
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        title TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE photos (
        hash TEXT PRIMARY KEY,
        bytes INTEGER NOT NULL
    );
    CREATE TABLE readings (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        photo TEXT NOT NULL REFERENCES photos(hash),
        before_seq INTEGER,
        status TEXT NOT NULL,
        verdict TEXT NOT NULL,
        choices TEXT NOT NULL,
        picture TEXT,
        sent_by TEXT NOT NULL,
        created TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE corrections (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        place TEXT NOT NULL,
        value TEXT NOT NULL,
        made_by TEXT NOT NULL,
        made TEXT NOT NULL,
        FOREIGN KEY (game_id, seq) REFERENCES readings(game_id, seq)
    );
    CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        made_by TEXT NOT NULL,
        made TEXT NOT NULL
    );
    CREATE INDEX games_by_date ON games(created);
    """,
    """
    CREATE TABLE players (
        token TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        side TEXT NOT NULL,
        secret TEXT,
        joined TEXT,
        UNIQUE (game_id, side)
    );
    ALTER TABLE readings ADD COLUMN side TEXT;
    """,
    """
    ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT '';
    """,
    """
    ALTER TABLE readings ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    """,
)
"""The schema's steps, oldest first; the database's ``user_version`` counts those taken."""
VERSION: Final = len(MIGRATIONS)


class Database:
    """One connection to the database file, shared by the server's threads under a lock."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(
            path, check_same_thread=False, isolation_level=None, timeout=30
        )
        self._connection.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute("PRAGMA synchronous=FULL")
        self._connection.execute("PRAGMA foreign_keys=ON")
        migrate(self._connection, path)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """The connection inside one transaction: committed whole on leaving, or rolled back."""
        with self._lock:
            self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise
            self._connection.execute("COMMIT")

    def query(self, sql: str, parameters: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._connection.execute(sql, parameters))

    def close(self) -> None:
        with self._lock:
            self._connection.close()


def schema_version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, path: Path) -> int:
    """Take the schema steps ``connection`` lacks, each whole or not at all; its version."""
    version = schema_version(connection)
    if version > VERSION:
        raise KitError(
            _(
                "{path} was written by a newer patrolkit (schema {version}; this one reads up"
                " to {supported}); upgrade patrolkit or choose another --data folder."
            ).format(path=path, version=version, supported=VERSION)
        )
    for step in range(version, VERSION):
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(MIGRATIONS[step]):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {step + 1}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    return VERSION


def _statements(script: str) -> list[str]:
    """The statements of a migration (``executescript`` would commit on its own)."""
    return [s.strip() for s in script.split(";") if s.strip()]
