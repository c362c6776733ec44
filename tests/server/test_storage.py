"""The web companion's database: WAL mode, its schema versioned and migrated on start, a newer
database refused rather than altered; photos kept whole under their hash, once."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from patrolkit.errors import KitError
from server.core.errors import NotFound
from server.storage.db import VERSION, Database
from server.storage.files import Files, content_hash


def test_a_new_database_is_in_wal_mode_at_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "data" / "patrolkit.sqlite3"
    Database(path).close()
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert {"games", "photos", "readings", "corrections", "events"} <= tables


NEW_GAME = "INSERT INTO games (id, game, title, created) VALUES (?, 'rodeurs', ?, '2026-01-01')"


def test_opening_again_keeps_what_was_written(tmp_path: Path) -> None:
    path = tmp_path / "patrolkit.sqlite3"
    database = Database(path)
    with database.transaction() as db:
        db.execute(NEW_GAME, ("g", "Rôdeurs"))
    database.close()
    again = Database(path)
    assert [tuple(r) for r in again.query("SELECT id, title FROM games")] == [("g", "Rôdeurs")]
    again.close()


def test_a_failed_transaction_leaves_nothing(tmp_path: Path) -> None:
    database = Database(tmp_path / "patrolkit.sqlite3")
    with pytest.raises(sqlite3.IntegrityError), database.transaction() as db:
        db.execute(NEW_GAME, ("g", "Rôdeurs"))
        db.execute(NEW_GAME, ("g", "again"))
    assert database.query("SELECT * FROM games") == []
    database.close()


def test_a_database_from_a_newer_patrolkit_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "patrolkit.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
    with pytest.raises(KitError, match=rf"written by a newer patrolkit \(schema {VERSION + 1}"):
        Database(path)
    with contextlib.closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION + 1
        assert db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0


def test_a_photo_is_kept_once_under_its_hash_and_leftovers_are_swept(tmp_path: Path) -> None:
    files = Files(tmp_path / "photos")
    digest = files.put(b"photo bytes")
    assert digest == content_hash(b"photo bytes") and files.put(b"photo bytes") == digest
    assert files.read(digest) == b"photo bytes"
    assert [p.name for p in (tmp_path / "photos").iterdir()] == [digest]
    (tmp_path / "photos" / f"{digest[:-1]}0.123.part").write_bytes(b"half")
    assert files.sweep() == 1
    with pytest.raises(NotFound):
        files.path("../../etc/passwd")
    with pytest.raises(NotFound):
        files.read("f" * 64)


def test_a_players_name_is_one_printable_line_or_a_player() -> None:
    from server.storage.store import who

    assert who("  Ann\x00\n  Bo\tCy ") == "Ann Bo Cy"
    assert who(None) == who("   ") == "a player"
    assert len(who("x" * 500)) == 40
