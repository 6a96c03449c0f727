"""Saves as an older rulebook wrote them: what the old-save tests of every game start from."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from rulebook.cli.saves import write_save
from rulebook.engine.state import State


def older_save(path: Path, state: State, seats: list[str], settings: Iterable[str]) -> Path:
    """``state`` saved at ``path`` as a save written before ``settings`` existed: its rule
    settings lack them (``Game.legacy_config`` must say what it played as)."""
    write_save(path, state, seats)
    data = json.loads(path.read_text())
    for name in settings:
        del data["config"][name]
    path.write_text(json.dumps(data))
    return path
