"""Save files: a state's JSON plus who sits where; loading verifies the history replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulebook.engine.errors import RulebookError, SaveFileError
from rulebook.engine.game import Game, game_class, load
from rulebook.engine.state import State
from rulebook.i18n import _, n_


def write_save(
    path: Path, state: State, seats: list[str], profile: dict[str, Any] | None = None
) -> None:
    """``profile``: the player's profile choice ({"enabled", "path"}), so a resumed game
    records its result where the game was started to record it."""
    data = state.to_json()
    data["seats"] = seats
    if profile is not None:
        data["profile"] = profile
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, indent=1))
        tmp.replace(path)
    except OSError as exc:
        raise SaveFileError(
            _("cannot write save file {path}: {problem}", path=path, problem=exc.strerror)
        ) from None


def read_save(path: Path) -> tuple[Game, State, list[str]]:
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise SaveFileError(_("no save file at {path}", path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(
            _("cannot read save file {path}: {problem}", path=path, problem=exc)
        ) from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            _("{path} is not a save file (bad JSON at line {line})", path=path, line=exc.lineno)
        ) from None
    if not isinstance(data, dict) or data.get("format") != "rulebook-state":
        raise SaveFileError(_("{path} is not a rulebook save file", path=path))
    config: Any = data.get("config")
    if not isinstance(config, dict) or not isinstance(data.get("game"), str):
        raise SaveFileError(_("{path}: save file lacks its game or config", path=path))
    try:
        config = data["config"] = settings(data["game"], config)
        game = load(data["game"], **config)
    except RulebookError as exc:
        raise SaveFileError(_("{path}: {problem}", path=path, problem=exc)) from None
    state = game.state_from_json(data, verify=True)
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise SaveFileError(
            _("{path}: save file lacks its seats (a list of who plays each seat)", path=path)
        )
    if len(seats) != state.players:
        raise SaveFileError(
            n_(
                "{path}: save file lists {count} seat for a game of {players}",
                "{path}: save file lists {count} seats for a game of {players}",
                len(seats),
                path=path,
                players=state.players,
            )
        )
    return game, state, seats


def settings(slug: str, saved: dict[str, Any]) -> dict[str, Any]:
    """A save's rule settings; one it lacks, written before the setting existed, takes the
    value that plays as the game then did (``Game.legacy_config``). Any other it lacks stays
    missing: the save was made with different rule settings."""
    legacy = game_class(slug).legacy_config
    return {**{k: v for k, v in legacy.items() if k not in saved}, **saved}


def saved_profile(path: Path) -> dict[str, Any] | None:
    """The profile choice a save remembers (None: none recorded, use the default)."""
    try:
        choice = json.loads(path.read_text()).get("profile")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return None
    if not isinstance(choice, dict) or not isinstance(choice.get("enabled"), bool):
        return None
    where = choice.get("path")
    if where is not None and not isinstance(where, str):
        raise SaveFileError(_("{path}: the save's profile path must be text", path=path))
    return {"enabled": choice["enabled"], "path": where}


def is_save_file(path: Path) -> bool:
    """Whether ``path`` holds a rulebook save (so overwriting it loses no other program's data)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == "rulebook-state"
