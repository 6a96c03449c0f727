"""A fixed-length numeric observation per seat, compiled from the shape of the game's views.

The encoding is derived, not written per game. Walking the view schema (``schema.py``):

- a number or a true/false value is one feature (its value, clipped to the feature's range);
- a seat number (``seat``, ``to_move``, ``decision.seat``, ``outcome.winners``) is one-hot
  over the seats; the pending decision's kind is one-hot over the game's declared decisions;
- a string is one-hot over its values: every card id of the game when it names cards, else
  the values the views hold (at most ``MAX_VOCAB``; a path with more is free text and left
  out, as narration is);
- a list of strings (a hand, a discard pile) counts each value: a multi-hot over card ids;
- a list of records (players, the cards in play) is encoded slot by slot, up to the longest
  seen, after its length;
- a record that is sometimes absent (``null``) gets a "present" feature.

Features are ordered as the view's keys come. ``describe()`` says what every index means;
``rulebook rl describe SLUG`` prints it. The observation is built from ``view(seat)`` and the
mask from the seat's legal ids (``state.infoset(seat)``), never from a state's fields.
An ``Observer`` (one per seat of an environment) re-encodes only the top-level keys of the
view whose value changed since its last view: most of a view stays the same from one
decision to the next.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rulebook.engine.game import Game, config_to_json
from rulebook.engine.observation import Feature, ObservationSpec, SeatObserver, ceiling
from rulebook.engine.state import InfoSet, State
from rulebook.rl.codegen import compile_parts, node_indices
from rulebook.rl.schema import Seen, sample_views

MAX_VOCAB = 64  # more distinct strings than this at one path: free text, not encoded
SEAT_PATHS = ("seat", "to_move", "decision.seat")
SEAT_LISTS = ("outcome.winners",)
SKIP = ("game",)
MASK_CACHE = 4096  # the fewest masks kept per encoder (legal ids -> mask)
MASK_CACHE_BYTES = 16 << 20  # and more while they take about this many bytes at most
MASK_ENTRY_BYTES = 512  # a cached mask's bytes besides its entries: array, key, dict slot
INT8 = np.dtype(np.int8)  # the masks' (a dtype object: np.frombuffer parses no type name)


class Node:
    """Encodes the value at one path of a view into hot indices and numeric entries."""

    __slots__ = ("bag", "cap", "cat", "hi", "items", "keys", "length", "lo", "num", "present")

    def __init__(self) -> None:
        self.cat: dict[Any, int] | None = None
        self.num = -1
        self.present = -1
        self.keys: tuple[tuple[str, Node], ...] = ()
        self.bag: dict[Any, int] | None = None
        self.items: tuple[Node, ...] = ()
        self.length = -1
        self.lo = 0.0  # the range of ``num`` (``hi``: also the cap of ``length``)
        self.hi = 0.0
        self.cap: dict[int, float] = {}  # the most a length or a bag's count may show

    def encode(self, value: Any, idx: list[int], val: list[float]) -> None:
        """Append (index, value) pairs for ``value``; each index at most once."""
        if value is None:
            return
        if self.present >= 0:
            idx.append(self.present)
            val.append(1.0)
        t = type(value)
        if t is dict:
            for key, node in self.keys:
                inner = value.get(key)
                if inner is not None:
                    node.encode(inner, idx, val)
        elif t is list:
            if self.length >= 0:
                idx.append(self.length)
                val.append(min(len(value), self.cap[self.length]))
            bag = self.bag
            if bag is not None:
                counts: dict[int, float] = {}
                for v in value:
                    i = bag.get(v)
                    if i is not None:
                        counts[i] = counts.get(i, 0.0) + 1.0
                cap = self.cap
                for i, n in counts.items():
                    idx.append(i)
                    val.append(min(n, cap[i]))
            else:
                for node, inner in zip(self.items, value, strict=False):
                    if inner is not None:
                        node.encode(inner, idx, val)
        elif t is str or (t is int and self.cat is not None):
            if self.cat is not None:
                i = self.cat.get(value)
                if i is not None:
                    idx.append(i)
                    val.append(1.0)
        elif self.num >= 0 and (t is int or t is float or t is bool):
            idx.append(self.num)
            val.append(self.lo if value < self.lo else self.hi if value > self.hi else value)


_ceiling = ceiling


class _Compiler:
    """Turns a Seen tree into Nodes and the Feature list, in the views' key order."""

    def __init__(self, cards: dict[str, int], decisions: Sequence[str], players: int) -> None:
        self.cards = cards  # card id -> copies in the game
        self.decisions = list(decisions)
        self.players = players
        self.features: list[Feature] = []

    def add(self, name: str, low: float, high: float, meaning: str) -> int:
        self.features.append(Feature(name, low, high, meaning))
        return len(self.features) - 1

    def vocabulary(self, values: Sequence[str], path: str) -> list[str] | None:
        """Card ids when the values name cards, else the values; None for free text."""
        if path == "decision.kind":
            return self.decisions
        if values and all(v in self.cards for v in values):
            return list(self.cards)
        if len(values) > MAX_VOCAB:
            return None
        return sorted(values)

    def compile(self, seen: Seen, path: str) -> Node | None:
        node = Node()
        if seen.nones and (seen.keys is not None or seen.numbers or seen.bools):
            node.present = self.add(f"{path}?", 0, 1, f"1 when {path} is present")
        self._scalar(node, seen, path)
        if seen.keys is not None:
            node.keys = self._keys(seen.keys, path)
        if seen.bag is not None or seen.items is not None:
            self._list(node, seen, path)
        empty = node.present < 0 and node.cat is None and node.num < 0
        if empty and not node.keys and node.bag is None and not node.items and node.length < 0:
            return None
        return node

    def _keys(self, keys: dict[str, Seen], path: str) -> tuple[tuple[str, Node], ...]:
        out = []
        for key, inner in keys.items():
            if not path and key in SKIP:
                continue
            child = self.compile(inner, f"{path}.{key}" if path else key)
            if child is not None:
                out.append((key, child))
        return tuple(out)

    def _scalar(self, node: Node, seen: Seen, path: str) -> None:
        if path in SEAT_PATHS and seen.numbers:
            node.cat = {
                s: self.add(f"{path}={s}", 0, 1, f"1 when {path} is seat {s}")
                for s in range(self.players)
            }
            return
        if seen.strings:
            vocab = self.vocabulary(list(seen.strings), path)
            if vocab is not None:
                node.cat = {
                    v: self.add(f"{path}={v}", 0, 1, f"1 when {path} is '{v}'") for v in vocab
                }
        if seen.bools and not seen.numbers:
            node.num = self.add(path, 0, 1, f"{path} (1 true, 0 false)")
            node.hi = 1.0
        elif seen.numbers:
            low = 0.0 if seen.lo >= 0 else -_ceiling(-seen.lo)
            high = _ceiling(seen.hi)
            node.num = self.add(path, low, high, f"value of {path}")
            node.lo, node.hi = low, high

    def _list(self, node: Node, seen: Seen, path: str) -> None:
        if path in SEAT_LISTS:
            node.bag = {
                s: self.add(f"{path}[{s}]", 0, 1, f"1 when seat {s} is in {path}")
                for s in range(self.players)
            }
            node.cap = dict.fromkeys(node.bag.values(), 1.0)
            return
        if seen.bag is not None and seen.items is None:
            vocab = self.vocabulary(list(seen.bag), path)
            if vocab is None:
                return
            node.bag = {}
            for v in vocab:
                copies = self.cards[v] if v in self.cards else _ceiling(seen.bag.get(v, 1))
                i = node.bag[v] = self.add(f"{path}[{v}]", 0, copies, f"copies of '{v}' in {path}")
                node.cap[i] = copies
            return
        cap = _ceiling(seen.longest)
        node.length = self.add(f"len({path})", 0, cap, f"length of {path}")
        node.cap[node.length] = cap
        items = []
        for i, inner in enumerate(seen.items or ()):
            child = self.compile(inner, f"{path}[{i}]")
            items.append(child if child is not None else Node())
        node.items = tuple(items)


def card_copies(game: Game) -> dict[str, int]:
    """Every card id the game's decks hold, with its number of copies (decks' order)."""
    copies: dict[str, int] = {}
    for deck in game.deck_names:
        try:
            ids = game.card_ids(deck)
        except (KeyError, ValueError):
            continue
        for card in ids:
            copies[card] = copies.get(card, 0) + 1
    return copies


class Actions:
    """The action mask and the description shared by both observations."""

    game: Game
    features: list[Feature]
    size: int
    num_actions: int
    _masks: dict[tuple[int, ...], np.ndarray]
    _mask_room: int  # how many masks the cache keeps

    def _init_masks(self) -> None:
        self._masks = {}
        self._zero_bytes = bytes(self.num_actions)
        # The GAME's random play meets about 15,700 sets of legal ids in 10,000 games (a
        # quarter of its steps missed a cache of 4,096, and a miss costs five copies)
        entry = self.num_actions + MASK_ENTRY_BYTES
        self._mask_room = max(MASK_CACHE, MASK_CACHE_BYTES // entry)

    def mask(self, legal: Sequence[int]) -> np.ndarray:
        """1 at every legal action id of the seat (all 0 when another seat is to move): a
        fresh array, the user's own (Gymnasium's checker requires it of an ``info``)."""
        return self.shared_mask(legal).copy()

    def shared_mask(self, legal: Sequence[int]) -> np.ndarray:
        """``mask`` as a read-only array, the same one for every call with the same ids while
        the cache keeps it (PettingZoo's step: a copy per step cost a fifth of the
        environment's own work). Writing into it raises numpy's ``ValueError: assignment
        destination is read-only``, so the cache cannot be changed through it."""
        key = legal if type(legal) is tuple else tuple(legal)
        mask = self._masks.get(key)
        if mask is not None:
            return mask
        return self.new_mask(key)

    def new_mask(self, key: tuple[int, ...]) -> np.ndarray:
        """``shared_mask`` for ids the cache lacks, kept while the cache has room (past it,
        built afresh each time). Its 1s are set in a ``bytearray`` and the array reads an
        immutable copy of it (``bytes``): read-only for good (numpy refuses to make it
        writeable), and half the time of a numpy zero mask's copy, ``put`` (which converts
        the tuple of ids to an index array) and ``flags.writeable = False``."""
        entries = bytearray(self._zero_bytes)
        for aid in key:
            entries[aid] = 1
        mask = np.frombuffer(bytes(entries), dtype=INT8)
        if len(self._masks) < self._mask_room:
            self._masks[key] = mask
        return mask

    def reader(self, seat: int) -> Callable[[State], np.ndarray]:
        """``read(state)``: the seat's observation of ``state`` as a fresh vector, the same as
        ``observer(seat).observe(state.infoset(seat))`` one call shorter (the environments'
        step; the leak check runs through it)."""
        raise NotImplementedError

    def describe(self) -> list[str]:
        """One line per observation index, then one per action id."""
        lines = [f"observation: {self.size} float32 entries ({self.source})"]
        for i, f in enumerate(self.features):
            lines.append(f"  {i:5d}  {f.name}  [{f.low:g}, {f.high:g}]  {f.meaning}")
        lines.append(f"actions: {self.num_actions} ids (the action mask is 1 where legal)")
        for action in self.game.actions:
            lines.append(f"  {action.id:5d}  {action.text}")
        return lines

    source = ""


class Encoder(Actions):
    """The observation and action mask of one game, config and player count, encoded from
    the seat's view (games that do not declare their public fields)."""

    source = "the seat's view, encoded"

    def __init__(self, game: Game, players: int, schema: Seen | None = None) -> None:
        self.game = game
        self.players = players
        seen = schema if schema is not None else sample_views(game, players)
        kinds = [k.name for k in game.state_class.DECISIONS]
        compiler = _Compiler(card_copies(game), list(dict.fromkeys(kinds)), players)
        root = compiler.compile(seen, "")
        self.root = root if root is not None else Node()
        self.features = compiler.features
        self.size = len(self.features)
        self.low = np.array([f.low for f in self.features], dtype=np.float32)
        self.high = np.array([f.high for f in self.features], dtype=np.float32)
        self.num_actions = game.num_actions
        self.parts = compile_parts(self.root)
        self._check_parts()
        self._zeros = array("f", bytes(4 * self.size))
        self._init_masks()  # legal ids -> mask (they recur)

    def _check_parts(self) -> None:
        """Each top-level key owns exactly its range of indices (Observer relies on it)."""
        end = 0
        for part, (_key, node) in zip(self.parts, self.root.keys, strict=True):
            indices = sorted(node_indices(node))
            if part.start < end or indices != list(range(part.start, part.end)):
                raise AssertionError(f"features of '{part.key}' are not one range")
            end = part.end

    def observation(self, view: dict[str, Any]) -> np.ndarray:
        """The view as a float32 vector of ``size`` entries, each within its feature's range."""
        o = self._zeros[:]
        for part in self.parts:
            part.write(view.get(part.key), o)
        return np.frombuffer(o, dtype=np.float32)

    def observer(self, seat: int = 0) -> Observer:
        """An incremental encoder for one seat's successive views."""
        del seat
        return Observer(self)

    def encode(self, infoset: InfoSet) -> tuple[np.ndarray, np.ndarray]:
        """Observation and mask of one seat, from its information set only."""
        return self.observation(infoset.view()), self.mask(infoset.legal_ids())

    def reader(self, seat: int) -> Callable[[State], np.ndarray]:
        observation = Observer(self).observation

        def read(state: State) -> np.ndarray:
            return observation(state.view(seat))

        return read


_UNSEEN = object()


class Observer:
    """Encodes one seat's successive views, re-encoding only the top-level keys whose value
    changed since the last view. It keeps the last view's values, not copies: views are
    fresh data, sharing no list or dict with the state or with another view (a test checks
    it for every game). Gives the same vectors as ``Encoder.observation``."""

    __slots__ = ("_buf", "_last", "_parts")

    def __init__(self, encoder: Encoder) -> None:
        self._parts = encoder.parts
        self._buf = encoder._zeros[:]
        self._last: list[Any] = [_UNSEEN] * len(self._parts)

    def observe(self, infoset: InfoSet) -> np.ndarray:
        """The vector of the seat's view now."""
        return self.observation(infoset.view())

    def observation(self, view: dict[str, Any]) -> np.ndarray:
        buf, last = self._buf, self._last
        for n, part in enumerate(self._parts):
            value = view.get(part.key)
            if value != last[n]:
                part.write(value, buf)
                last[n] = value
        return np.frombuffer(buf[:], dtype=np.float32)


class ZoneEncoder(Actions):
    """The observation of ``rulebook.engine.observation``: written from the game's declared
    zones and public fields as the seat sees them, without building a view (games that
    declare ``State.PUBLIC_FIELDS``)."""

    source = "the declared zones and public fields, as the seat sees them"

    def __init__(self, game: Game, players: int) -> None:
        self.game = game
        self.players = players
        self.spec = ObservationSpec(game, players)
        self.features = self.spec.features
        self.size = self.spec.size
        self.low = np.array([f.low for f in self.features], dtype=np.float32)
        self.high = np.array([f.high for f in self.features], dtype=np.float32)
        self.num_actions = game.num_actions
        self._init_masks()
        self._observers: dict[int, ZoneObserver] = {}

    def observer(self, seat: int) -> ZoneObserver:
        """The observation of one seat's successive information sets."""
        return ZoneObserver(self.spec.observer(seat))

    def encode(self, infoset: InfoSet) -> tuple[np.ndarray, np.ndarray]:
        """Observation and mask of one seat, from its information set only (one observer
        per seat serves every call: it compares each list with the last it counted)."""
        observer = self._observers.get(infoset.seat)
        if observer is None:
            observer = self._observers[infoset.seat] = self.observer(infoset.seat)
        return observer.observe(infoset), self.mask(infoset.legal_ids())

    def reader(self, seat: int) -> Callable[[State], np.ndarray]:
        inner = self.spec.observer(seat)
        return inner.reader(np.frombuffer(inner.buffer, dtype=np.float32).copy)


class ZoneObserver:
    """One seat's observations as fresh numpy vectors."""

    __slots__ = ("_vector", "inner")

    def __init__(self, inner: SeatObserver) -> None:
        self.inner = inner
        self._vector = np.frombuffer(inner.buffer, dtype=np.float32)  # the buffer, not a copy

    def observe(self, infoset: InfoSet) -> np.ndarray:
        infoset.observe_into(self.inner)
        return self._vector.copy()


AnyEncoder = Encoder | ZoneEncoder
_ENCODERS: dict[tuple[str, str, int], AnyEncoder] = {}


def encoder_for(game: Game, players: int) -> AnyEncoder:
    """The game's encoder for this config and player count (built once a process): the
    declared-zones observation when its State declares ``PUBLIC_FIELDS``, else the view's."""
    key = (game.slug, repr(sorted(config_to_json(game.config).items())), players)
    encoder = _ENCODERS.get(key)
    if encoder is None:
        declared = game.state_class.PUBLIC_FIELDS is not None
        encoder = ZoneEncoder(game, players) if declared else Encoder(game, players)
        _ENCODERS[key] = encoder
    return encoder
