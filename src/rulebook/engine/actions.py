"""Stable action ids in named blocks: games describe blocks, the engine does the arithmetic.

A block is a name, a shape (the sizes of its index dimensions) and the State method that
handles it. ``table.block("discard", (n_types,), "on_discard")`` reserves ``n_types`` ids;
``block.id(t)`` encodes, ``table.decode(aid)`` gives ``(block, index)`` back, and the engine
dispatches an applied id straight to ``handler(state, index)``. Ids equal list positions and
never depend on the state, so RL adapters can size their action space from ``num_actions``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, cast

from rulebook.i18n import Message


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of a game's stable action table.

    ``kind`` (the block name) and ``args`` say what it does as data, so agents and front ends
    need not parse ``text``.
    """

    id: int
    text: str
    kind: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return self.text

    def __int__(self) -> int:
        return self.id

    def __index__(self) -> int:
        return self.id


class Worded(Action):
    """An Action whose words depend on the state it was listed in, worked out when first
    read: ``words`` is the words method of a copy of that state (play goes on changing the
    state itself), so the text is the one an eager listing would have given. A table reads
    every text; a program that only picks among actions never pays for the words. Read-only
    as its base (its fields are properties); made with plain slot writes, as it is made for
    every legal action of every decision."""

    __slots__ = ("_action", "_text", "_words")
    __setattr__ = object.__setattr__  # only its private slots can be set
    _action: Action
    _text: str | None
    _words: Callable[[int], str] | None

    def __init__(self, action: Action, words: Callable[[int], str]) -> None:
        self._action = action
        self._words = words

    @classmethod
    def listing(
        cls, actions: Sequence[Action], ids: Sequence[int], words: Callable[[int], str]
    ) -> list[Action]:
        """``[Worded(actions[i], words) for i in ids]``, made by a type call and the slots'
        own setters (half the cost of ``__init__``: a table lists the actions at every
        decision)."""
        action_of, words_of = _SET_ACTION, _SET_WORDS
        listed: list[Action] = []
        for aid in ids:
            worded = _Listed()
            action_of(worded, actions[aid])
            words_of(worded, words)
            listed.append(worded)
        return listed

    @property  # the base's fields, read-only here
    def id(self) -> int:
        return self._action.id

    @property
    def kind(self) -> str:
        return self._action.kind

    @property
    def args(self) -> tuple[Any, ...]:
        return self._action.args

    @property
    def text(self) -> str:
        words = self._words
        if words is not None:  # not read yet (``_text`` is set once it is)
            self._text = words(self._action.id)
            self._words = None  # the copied state can go
        return cast(str, self._text)

    def __eq__(self, other: object) -> bool:
        """Equal to the plain Action it reads as (and to another Worded that reads alike)."""
        if not isinstance(other, Action):
            return NotImplemented
        return (self.id, self.text, self.kind, self.args) == (
            other.id,
            other.text,
            other.kind,
            other.args,
        )

    def __hash__(self) -> int:
        return hash((self.id, self.text, self.kind, self.args))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the plain Action it reads as."""
        return (Action, (self.id, self.text, self.kind, self.args))


# the setters of Worded's slots (their descriptors, read from the class)
_SET_ACTION: Callable[[Worded, Action], None] = Worded.__dict__["_action"].__set__
_SET_WORDS: Callable[[Worded, Callable[[int], str]], None] = Worded.__dict__["_words"].__set__


class _Listed(Worded):
    """A Worded made by ``Worded.listing``: without ``__init__``, the type call alone makes
    it, cheaper than ``object.__new__``."""

    __slots__ = ()
    __init__ = object.__init__


@dataclass(frozen=True, slots=True)
class Block:
    """A contiguous run of ids; a one-dimensional block's index is an int, else a tuple."""

    name: str
    base: int
    shape: tuple[int, ...]
    handler: str

    @property
    def size(self) -> int:
        size = 1
        for n in self.shape:
            size *= n
        return size

    def id(self, *index: int) -> int:
        """Encode an index (row-major) into an action id."""
        if len(index) != len(self.shape):
            raise ValueError(f"block '{self.name}' takes {len(self.shape)} indices")
        offset = 0
        for i, n in zip(index, self.shape, strict=True):
            if not 0 <= i < n:
                raise ValueError(f"block '{self.name}': index {index} out of range {self.shape}")
            offset = offset * n + i
        return self.base + offset

    def index(self, aid: int) -> Any:
        """Decode an id of this block: an int for one dimension, a tuple for more."""
        offset = aid - self.base
        if len(self.shape) == 1:
            return offset
        parts = []
        for n in reversed(self.shape):
            offset, i = divmod(offset, n)
            parts.append(i)
        return tuple(reversed(parts))


TextFn = Callable[..., str | Message]
ArgsFn = Callable[..., tuple[Any, ...]]


class ActionTable:
    """Blocks of stable ids, their Action records, and a dispatch row per id."""

    def __init__(self) -> None:
        self.blocks: dict[str, Block] = {}
        self.actions: list[Action] = []
        self._texts: dict[str, TextFn] = {}  # per block, its text function (see message)
        self._owner: list[Block] = []
        self._index: list[Any] = []

    def block(
        self,
        name: str,
        shape: int | Sequence[int],
        text: TextFn,
        args: ArgsFn | None = None,
        handler: str | None = None,
    ) -> Block:
        """Reserve ids for every index of ``shape``; ``text(*index)`` names each one: a str,
        or a :func:`rulebook.i18n.msg` message (the action's ``text`` is its English; a table
        shows it in the reader's language)."""
        if name in self.blocks:
            raise ValueError(f"action block '{name}' declared twice")
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        block = Block(name, len(self.actions), dims, handler or f"on_{name.replace('-', '_')}")
        self.blocks[name] = block
        self._texts[name] = text
        for index in product(*(range(n) for n in dims)):
            value: Any = index[0] if len(dims) == 1 else index
            made = args(*index) if args else index
            said = text(*index)
            if type(said) is Message:
                said = said.english()
            self.actions.append(Action(len(self.actions), str(said), name, made))
            self._owner.append(block)
            self._index.append(value)
        return block

    def message(self, aid: int) -> Message | None:
        """Action ``aid``'s words as a message (worded in each reader's language), or None
        where its block's ``text`` gives plain text. Made again when asked, not kept: a game's
        thousands of actions would otherwise keep as many messages alive (which the garbage
        collector then walks through during simulation)."""
        kept = self.__dict__.get("_kept")
        if kept is not None:  # a table read back from a pickle (see __getstate__)
            said_kept: Message | None = kept[aid]
            return said_kept
        block, index = self._owner[aid], self._index[aid]
        text = self._texts[block.name]
        said = text(*index) if len(block.shape) > 1 else text(index)
        return said if type(said) is Message else None

    def __getstate__(self) -> dict[str, Any]:
        """A game's text functions are often lambdas, which pickle cannot carry (a state, and
        so its game, is pickled for worker processes and by its tests): each action's message
        is kept instead, made once here."""
        state = dict(self.__dict__)
        if "_texts" in state:
            state["_kept"] = [self.message(aid) for aid in range(len(self.actions))]
            state["_texts"] = {}
        return state

    def __getitem__(self, name: str) -> Block:
        return self.blocks[name]

    def __len__(self) -> int:
        return len(self.actions)

    def decode(self, aid: int) -> tuple[Block, Any]:
        return self._owner[aid], self._index[aid]

    def dispatch(self, state_class: type) -> list[tuple[Callable[[Any, Any], Any], Any]]:
        """Per id: the unbound handler of ``state_class`` and its index (the hot path)."""
        rows = []
        for block, index in zip(self._owner, self._index, strict=True):
            handler = getattr(state_class, block.handler, None)
            if handler is None:
                raise TypeError(f"{state_class.__name__} has no handler {block.handler}()")
            rows.append((handler, index))
        return rows
