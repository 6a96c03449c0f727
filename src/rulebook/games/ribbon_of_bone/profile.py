"""The player profile: what lasts between playthroughs of Ribbon of Bone (RB-56, RB-57, RB-62).

Stored in SQLite (stdlib ``sqlite3``): the Marquis sealed in the imprisonment envelope, whether
identities have been unleashed, and a record of every finished playthrough. A game reads the
profile once, as Config (``imprisoned``, ``unleashed``), so the game itself stays a pure
function of its recipe; the table writes the outcome back when the game ends.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rulebook.engine.errors import RulebookError
from rulebook.i18n import _

SCHEMA = """
CREATE TABLE IF NOT EXISTS envelope (marquis TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS flags (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS plays (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    name TEXT NOT NULL,
    seed INTEGER NOT NULL,
    ending TEXT NOT NULL,
    detail TEXT NOT NULL,
    turns INTEGER NOT NULL
);
"""


class ProfileError(RulebookError):
    """A profile file that cannot be opened or is not a rulebook profile."""


def default_path() -> Path:
    """The user's data directory, by platform convention."""
    if sys.platform == "win32":
        root = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        root = Path.home() / "Library" / "Application Support"
    else:
        root = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return root / "rulebook" / "ribbon-of-bone.sqlite3"


class Profile:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path)
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.DatabaseError) as exc:
            said = _("cannot open profile {path}: {error}", path=self.path, error=exc)
            raise ProfileError(said) from None

    def close(self) -> None:
        self.db.close()

    def envelope(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT marquis FROM envelope ORDER BY marquis")]

    def unleashed(self) -> bool:
        row = self.db.execute("SELECT value FROM flags WHERE key = 'unleashed'").fetchone()
        return bool(row and row[0] == "1")

    def config(self) -> dict[str, Any]:
        """The rule parameters this profile sets for the next playthrough."""
        return next_config({"envelope": self.envelope(), "unleashed": self.unleashed()})

    def plays(self) -> list[tuple[str, str, str]]:
        rows = self.db.execute("SELECT name, ending, detail FROM plays ORDER BY id")
        return [(str(a), str(b), str(c)) for a, b, c in rows]

    def record_game(self, state: Any) -> None:
        """Record a finished game from its state (the table's call)."""
        self.record(state.lasting(), state.seed)

    def record(self, outcome: dict[str, Any], seed: int) -> None:
        """Apply a finished game's outcome in one transaction (Capture, Escape, Unleash)."""
        before = {"envelope": self.envelope(), "unleashed": self.unleashed()}
        after = carry(before, outcome, seed)
        with self.db:
            self.db.execute("DELETE FROM envelope")
            self.db.executemany(
                "INSERT INTO envelope VALUES (?)", [(m,) for m in after["envelope"]]
            )
            if after["unleashed"]:
                self.db.execute("INSERT OR REPLACE INTO flags VALUES ('unleashed', '1')")
            play = after["plays"][-1]
            self.db.execute(
                "INSERT INTO plays (finished_at, name, seed, ending, detail, turns)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                tuple(
                    play[k] for k in ("finished_at", "name", "seed", "ending", "detail", "turns")
                ),
            )


# ---------------------------------------------------------------------- as a document
# The same lasting state as one JSON document, for stores other than a profile file (the
# browser table keeps one per player): {"envelope": [ids], "unleashed": bool, "plays": [...]}.


def next_config(doc: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rule parameters a profile document sets for the next playthrough."""
    doc = doc or {}
    return {
        "imprisoned": tuple(sorted(doc.get("envelope", ()))),
        "unleashed": bool(doc.get("unleashed")),
    }


def carry(doc: Mapping[str, Any] | None, outcome: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The document after a finished game: Capture seals, a returned Lord releases, Escape
    unleashes (RB-56, RB-57, RB-62), and the playthrough is recorded."""
    doc = doc or {}
    envelope = (set(doc.get("envelope", ())) | set(outcome["imprison"])) - set(outcome["release"])
    play = {
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "seed": seed,
        **{k: outcome[k] for k in ("name", "ending", "detail", "turns")},
    }
    return {
        "envelope": sorted(envelope),
        "unleashed": bool(doc.get("unleashed")) or bool(outcome["unleash"]),
        "plays": [*doc.get("plays", ()), play],
    }


def record_document(doc: Mapping[str, Any] | None, state: Any) -> dict[str, Any]:
    """``carry`` for a finished game's state (the browser table's call)."""
    return carry(doc, state.lasting(), state.seed)
