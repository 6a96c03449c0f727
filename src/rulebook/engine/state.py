"""The State base: seeded RNG, scripted dice, decision stack, history and JSON.

A state is plain data. Each game subclass stores its own zones as lists of ints and tuples and
implements ``_legal_ids``, ``_apply``, ``clone``, ``view``, ``redeterminize``, ``returns`` and
its snapshot. Decisions are tuples ``(kind, seat, *payload)``; the top one is pending.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulebook.engine.errors import IllegalAction, SaveFileError, ScriptError
from rulebook.engine.events import Event
from rulebook.engine.random import Rng

if TYPE_CHECKING:
    from rulebook.engine.game import Action, Game

FORMAT = "rulebook-state"
VERSION = 1


class State(ABC):
    game: Game
    seed: int
    players: int
    stack: dict[str, list[str]] | None
    dice: tuple[int, ...]
    dice_pos: int
    rng: Rng
    history: list[int]
    decisions: list[tuple[int, ...]]
    _legal: tuple[int, ...] | None

    # ----------------------------------------------------------------- construction
    def init_base(
        self,
        game: Game,
        seed: int,
        players: int,
        stack: Mapping[str, Sequence[str]] | None,
        dice: Sequence[int] | None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.players = players
        self.stack = {k: list(v) for k, v in stack.items()} if stack else None
        if dice is not None and any(
            isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in dice
        ):
            raise ScriptError(
                f"dice: every scripted result must be a positive integer, got {list(dice)}"
            )
        self.dice = tuple(dice or ())
        self.dice_pos = 0
        self.rng = Rng(seed)
        self.history = []
        self.decisions = []
        self._legal = None

    def _clone_base(self, new: State) -> None:
        """Copy the base fields into ``new`` (a bare instance made by the subclass's clone)."""
        new.game = self.game
        new.seed = self.seed
        new.players = self.players
        new.stack = self.stack  # never mutated after setup: shared safely
        new.dice = self.dice
        new.dice_pos = self.dice_pos
        new.rng = Rng.from_state(self.rng.state)
        new.history = self.history[:]
        new.decisions = self.decisions[:]
        new._legal = self._legal

    # ----------------------------------------------------------------- randomness
    def roll(self, sides: int) -> int:
        """A die result: the next scripted one if any is left, else from the state's RNG."""
        if self.dice_pos < len(self.dice):
            value = self.dice[self.dice_pos]
            if value > sides:
                raise ScriptError(f"dice: scripted result {value} does not fit a d{sides}")
            self.dice_pos += 1
            return value
        return self.rng.die(sides)

    # ----------------------------------------------------------------- protocol
    @property
    def to_move(self) -> int | None:
        return self.decisions[-1][1] if self.decisions else None

    def is_over(self) -> bool:
        return not self.decisions

    def legal_ids(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._legal_ids()) if self.decisions else ()
        return legal

    def legal_actions(self) -> list[Action]:
        table = self.game.actions
        return [table[i] for i in self.legal_ids()]

    def apply(self, action: Action | int) -> list[Event]:
        """Apply a legal action; raises IllegalAction (state unchanged) otherwise."""
        aid = action if type(action) is int else _action_id(action)
        if aid not in self.legal_ids():
            raise IllegalAction(self._why_illegal(aid))
        self._legal = None
        self.history.append(aid)
        return self._apply(aid)

    def _why_illegal(self, aid: int) -> str:
        if not self.decisions:
            return "the game is over: no action is legal"
        table = self.game.actions
        if not 0 <= aid < len(table):
            return f"no action has id {aid} (ids run 0..{len(table) - 1})"
        options = ", ".join(f"{i}" for i in self.legal_ids())
        return (
            f"'{table[aid].text}' is not legal now ({self.decision_text()}; legal ids: {options})"
        )

    def decision_text(self) -> str:
        """A short description of the pending decision, for messages."""
        return f"seat {self.to_move} to decide"

    @abstractmethod
    def setup(self) -> None:
        """The rulebook's setup: shuffle, honour ``self.stack``, deal, push the first decision."""

    @abstractmethod
    def _legal_ids(self) -> list[int]: ...

    @abstractmethod
    def _apply(self, aid: int) -> list[Event]: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]: ...

    @abstractmethod
    def redeterminize(self, seat: int | None, rng: Rng | int) -> State: ...

    @abstractmethod
    def clone(self) -> State: ...

    # ----------------------------------------------------------------- data
    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """The game's own fields as JSON-able data."""

    @abstractmethod
    def _restore(self, data: dict[str, Any]) -> None:
        """Inverse of ``_snapshot``; may raise KeyError/TypeError/ValueError on bad data."""

    def snapshot(self) -> dict[str, Any]:
        data = self._snapshot()
        data["rng"] = self.rng.state
        data["dice_pos"] = self.dice_pos
        data["decisions"] = [list(d) for d in self.decisions]
        return data

    def restore(self, data: dict[str, Any], history: Sequence[int]) -> None:
        self._restore(data)
        self.rng = Rng.from_state(int(data["rng"]))
        self.dice_pos = int(data["dice_pos"])
        self.decisions = [tuple(int(x) for x in d) for d in data["decisions"]]
        self.history = [int(a) for a in history]
        self._legal = None

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
            raise SaveFileError("not a rulebook save file (no 'rulebook-state' format marker)")
        if data.get("version") != VERSION:
            raise SaveFileError(f"save file version {data.get('version')!r} is not supported")
        if data.get("game") != game.slug:
            raise SaveFileError(f"save file is for '{data.get('game')}', not '{game.slug}'")
        from rulebook.engine.game import config_to_json

        if data.get("config") != config_to_json(game.config):
            raise SaveFileError("save file was made with different rule settings")
        seed, history = data.get("seed"), data.get("history")
        if not isinstance(seed, int) or not isinstance(history, list):
            raise SaveFileError("save file lacks a valid seed or history")
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in history):
            raise SaveFileError("save file history must be a list of action ids")
        if not isinstance(data.get("state"), dict):
            raise SaveFileError("save file lacks its state")
        return {
            "seed": seed,
            "players": data.get("players"),
            "stack": data.get("stack"),
            "dice": data.get("dice") or None,
            "history": history,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return (
            self.game.slug == other.game.slug
            and self.game.config == other.game.config
            and self.seed == other.seed
            and self.players == other.players
            and self.stack == other.stack
            and self.dice == other.dice
            and self.history == other.history
            and self.snapshot() == other.snapshot()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: equality by value, no hashing


def _action_id(action: object) -> int:
    aid = getattr(action, "id", None)
    if type(aid) is not int:
        raise IllegalAction(f"not an action: {action!r} (pass an Action or its int id)")
    return aid
