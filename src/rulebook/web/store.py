"""The rooms' store: SQLite, one row per room (its recipe and seats) and one per action.

A room is its recipe plus its history, so an action is durable once its row is committed:
the server writes it before acknowledging the move, and a restarted server replays every
room. Seat tokens are kept only as SHA-256 hashes. The file is marked with SQLite's
``application_id`` so that a database of some other program is refused, not altered.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.engine.errors import RulebookError
from rulebook.i18n import _, n_

APPLICATION_ID = 0x52424B54  # "RBKT": a rulebook table store
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    recipe TEXT NOT NULL,
    seats TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id),
    n INTEGER NOT NULL,
    action INTEGER NOT NULL,
    PRIMARY KEY (room, n)
);
CREATE TABLE IF NOT EXISTS profiles (
    owner TEXT NOT NULL,
    game TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (owner, game)
);
"""


class StoreError(RulebookError):
    """The database cannot be used (not ours, unreadable, or a write failed)."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredRoom:
    id: str
    recipe: dict[str, Any]  # game, config, seed, players, stack, dice
    seats: list[dict[str, Any]]  # {"kind": "human", "token": hash} or {"kind": agent spec}
    history: list[int]


class Store:
    """SQLite in autocommit mode: every write is committed when the call returns."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self.lock = threading.Lock()
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._check_ours()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed server loses nothing
            self.db.executescript(SCHEMA)
            columns = [row[1] for row in self.db.execute("PRAGMA table_info(rooms)")]
            if "over" not in columns:  # a store written before rooms were marked finished
                self.db.execute("ALTER TABLE rooms ADD COLUMN over INTEGER NOT NULL DEFAULT 0")
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                _("{path}: cannot use this database ({problem})", path=self.path, problem=exc)
            ) from None

    def _check_ours(self) -> None:
        (app_id,) = self.db.execute("PRAGMA application_id").fetchone()
        tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id == APPLICATION_ID:
            return
        if app_id != 0 or tables:
            raise StoreError(
                _("{path} is not a rulebook table database; choose another --db", path=self.path)
            )
        self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")

    def close(self) -> None:
        self.db.close()

    def create_room(self, room: str, recipe: dict[str, Any], seats: list[dict[str, Any]]) -> None:
        with self.lock:
            self.db.execute(
                "INSERT INTO rooms (id, recipe, seats) VALUES (?, ?, ?)",
                (room, json.dumps(recipe), json.dumps(seats)),
            )

    def append(self, room: str, n: int, action: int) -> None:
        """Action number ``n`` of ``room`` (0-based); a second write of the same n fails."""
        with self.lock:
            try:
                self.db.execute(
                    "INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", (room, n, action)
                )
            except sqlite3.DatabaseError as exc:
                raise StoreError(
                    _(
                        "room {room}: action {n} was not stored ({problem})",
                        room=room,
                        n=n,
                        problem=exc,
                    )
                ) from None

    def remove(self, room: str, n: int) -> None:
        """Take action ``n`` of ``room`` out again: the last one, whose rules failed."""
        self._write("DELETE FROM actions WHERE room = ? AND n = ?", room, n)

    def _write(self, sql: str, room: str, *parameters: object) -> None:
        """One statement about ``room``, a failure of the database raised as a StoreError (a
        RulebookError, which the server tells its reader, not one that ends a connection)."""
        with self.lock:
            try:
                self.db.execute(sql, (room, *parameters))
            except sqlite3.DatabaseError as exc:
                raise StoreError(
                    _("room {room}: the store was not changed ({problem})", room=room, problem=exc)
                ) from None

    def append_many(self, rows: list[tuple[str, int, int]]) -> None:
        """Several rooms' actions (room, n, action) in one transaction: all stored or none.
        One commit for many actions is what lets a busy server keep every action durable
        before it is acknowledged without paying a commit per action."""
        with self.lock:
            try:
                self.db.execute("BEGIN")
                self.db.executemany("INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", rows)
                self.db.execute("COMMIT")
            except sqlite3.DatabaseError as exc:
                if self.db.in_transaction:
                    with suppress(sqlite3.DatabaseError):
                        self.db.execute("ROLLBACK")
                raise StoreError(
                    n_(
                        "{count} action was not stored ({problem})",
                        "{count} actions were not stored ({problem})",
                        len(rows),
                        problem=exc,
                    )
                ) from None

    def rooms(self) -> Iterator[str]:
        """The ids of the stored rooms whose game is not marked finished, oldest first."""
        with self.lock:
            rows = self.db.execute("SELECT id FROM rooms WHERE over = 0 ORDER BY rowid").fetchall()
        for (room,) in rows:
            yield room

    def room_exists(self, room: str) -> bool:
        with self.lock:
            return (
                self.db.execute("SELECT 1 FROM rooms WHERE id = ?", (room,)).fetchone() is not None
            )

    def finish(self, room: str) -> None:
        """Mark a room's game finished: a restarted server need not replay it until asked."""
        self._write("UPDATE rooms SET over = 1 WHERE id = ?", room)

    def room(self, room: str) -> StoredRoom | None:
        """A stored room with its history (None: no such room)."""
        with self.lock:
            row = self.db.execute(
                "SELECT recipe, seats FROM rooms WHERE id = ?", (room,)
            ).fetchone()
        if row is None:
            return None
        return StoredRoom(room, json.loads(row[0]), json.loads(row[1]), self.history(room))

    def history(self, room: str) -> list[int]:
        with self.lock:
            rows = self.db.execute(
                "SELECT n, action FROM actions WHERE room = ? ORDER BY n", (room,)
            ).fetchall()
        for i, (n, _action) in enumerate(rows):
            if n != i:
                raise StoreError(
                    _("room {room}: its history has a gap at action {n}", room=room, n=i)
                )
        return [action for _n, action in rows]

    def load_profile(self, owner: str, game: str) -> dict[str, Any] | None:
        with self.lock:
            row = self.db.execute(
                "SELECT data FROM profiles WHERE owner = ? AND game = ?", (owner, game)
            ).fetchone()
        return json.loads(row[0]) if row else None

    def save_profile(self, owner: str, game: str, data: dict[str, Any]) -> None:
        with self.lock:
            self.db.execute(
                "INSERT INTO profiles (owner, game, data) VALUES (?, ?, ?) "
                "ON CONFLICT (owner, game) DO UPDATE SET data = excluded.data",
                (owner, game, json.dumps(data)),
            )
