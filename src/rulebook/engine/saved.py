"""A state as data: its snapshot, restoring one, and the save file's envelope.

``State`` takes these from ``Saved``; the save format's marker and version live here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rulebook.engine.errors import SaveFileError
from rulebook.engine.outcome import Outcome
from rulebook.i18n import _

if TYPE_CHECKING:
    from rulebook.engine.events import Event
    from rulebook.engine.fields import FieldCode
    from rulebook.engine.game import Game

FORMAT = "rulebook-state"
VERSION = 2


class Saved:
    """The part of ``State`` that turns it into data and back (a mixin: no state of its own)."""

    if TYPE_CHECKING:  # what these methods read of the State they are part of
        _code: ClassVar[FieldCode]
        game: Game
        seed: int
        players: int
        stack: dict[str, list[str]] | None
        dice: tuple[int, ...]
        history: list[int]
        result: Outcome | None
        log: list[Event] | None
        card_facts: list[tuple[str, str, int]] | None
        reads: list[list[int]] | None
        _legal: tuple[int, ...] | None
    else:
        __slots__ = ()

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] = type(self)._code.dump(self)
        data["result"] = self.result.to_json() if self.result else None
        del data["history"]
        return data

    def restore(self, data: dict[str, Any], history: Sequence[int]) -> None:
        type(self)._code.load(self, {**data, "history": list(history)})
        self.result = Outcome.from_json(data.get("result"))
        self.log = None
        self.card_facts = None
        self.reads = None  # rebuilt from the history if asked (kept_reads)
        self._legal = None
        self.check_invariants()

    def check_invariants(self) -> None:
        """Game-specific invariants (every card in exactly one zone…); raise ValueError."""

    def to_json(self) -> dict[str, Any]:
        from rulebook.engine.game import config_to_json

        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.slug,
            "config": config_to_json(self.game.config),
            "seed": self.seed,
            "players": self.players,
            "stack": self.stack,
            "dice": list(self.dice),
            "history": list(self.history),
            "state": self.snapshot(),
        }

    @staticmethod
    def check_header(data: Any, game: Game) -> dict[str, Any]:
        """Validate the envelope of a saved state and return its recipe fields."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveFileError(_("not a rulebook save file (no 'rulebook-state' format marker)"))
        if data.get("version") == 1:
            raise SaveFileError(_("save file version 1 was written before Engine 2: not supported"))
        if data.get("version") != VERSION:
            raise SaveFileError(
                _(
                    "save file version {version} is not supported",
                    version=repr(data.get("version")),
                )
            )
        if data.get("game") != game.slug:
            raise SaveFileError(
                _(
                    "save file is for '{saved}', not '{game}'",
                    saved=data.get("game"),
                    game=game.slug,
                )
            )
        from rulebook.engine.game import config_to_json

        if data.get("config") != config_to_json(game.config):
            raise SaveFileError(_("save file was made with different rule settings"))
        seed, history = data.get("seed"), data.get("history")
        if not isinstance(seed, int) or not isinstance(history, list):
            raise SaveFileError(_("save file lacks a valid seed or history"))
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in history):
            raise SaveFileError(_("save file history must be a list of action ids"))
        if not isinstance(data.get("state"), dict):
            raise SaveFileError(_("save file lacks its state"))
        return {
            "seed": seed,
            "players": data.get("players"),
            "stack": data.get("stack"),
            "dice": data.get("dice") or None,
            "history": history,
        }
