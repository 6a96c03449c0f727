"""A fixed-length numeric observation per seat, read from what the game declares.

Building a seat's ``view()`` costs more than a decision, so a learning loop that needs a
vector at every decision pays most of its time for dicts it then takes apart. This
observation skips the view: it is written straight into a float buffer from the game's
declarations, and only from what the seat may see by them:

- the engine's facts: the seat, the seat to move, the pending decision's kind and its
  ``public`` payload, whether the game is over and every seat's return once it is;
- every declared zone (``Game.zones()``), list by list: its length always (a hidden list
  shows its count, as views do), and, when the seat may see that list now (``Zone.visible``,
  or the ending's reveal), how many copies of each card id it holds; card ids come from
  ``Game.pool_card_ids(pool)`` (a pool without them shows counts only);
- the fields the State declares public (``State.PUBLIC_FIELDS``: everyone sees them): a
  number is one entry, a list of numbers one entry per index, any other list its length.

A game opts in by declaring ``PUBLIC_FIELDS`` (even empty); declaring a field public is a
promise the leak check cannot test (it permutes zones), so declare only what every seat's
view shows. Number ranges come from the declarations where they can (a zone's length is at
most its pool's cards, a count at most the copies of the card) and otherwise from seeded
random games, through public fields only. ``SeatObserver`` re-counts a list only when it
changed since its last observation. Nothing here is game-specific.
"""

from __future__ import annotations

import math
import struct
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulebook.engine.fields import INT, INT_TUPLE, INTS, INTS2
from rulebook.engine.random import Rng
from rulebook.engine.zones import FLAT, NOBODY, Zone

if TYPE_CHECKING:
    from rulebook.engine.game import Game
    from rulebook.engine.state import State

FRESH, RUNNING, OVER = 0, 1, 2  # what a SeatObserver's buffer holds
SAMPLE_GAMES = 8  # seeded random games that bound the public numbers
SAMPLE_SEED = 20_2611
PACKED_COUNTS = 32  # a list's counts over at most this many card ids: one pack, not a store each
LONG_LIST = 16  # a public list of numbers longer than this is written only when it changed
SPARSE_CHANGES = 24  # a long list's changed entries stored one by one up to this many


@dataclass(frozen=True, slots=True)
class Feature:
    """One index of the observation: its name, range and meaning in words."""

    name: str
    low: float
    high: float
    meaning: str


def ceiling(x: float) -> float:
    """A roomy bound above ``x``: the power of two at or above twice it (at least 1)."""
    return float(2 ** math.ceil(math.log2(max(1.0, 2 * x))))


@dataclass(slots=True)
class _Slot:
    """One list of cards of a zone: where its length and its card counts go."""

    zone: Zone
    index: int  # which list of the field (-1: the field is the list)
    owner: int | None
    pool: str
    length: int  # feature index of its length
    cap: float
    ids: list[int] | None  # card instance -> feature index of its id's count (None: no ids)
    lo: int  # the counts' range of features
    hi: int


@dataclass(slots=True)
class _Public:
    field: str
    shape: str
    base: int
    count: int  # entries (a list of numbers: one per index)
    lo: float
    hi: float


class ObservationSpec:
    """The observation's layout for one game, config and player count."""

    def __init__(self, game: Game, players: int, samples: int = SAMPLE_GAMES) -> None:
        cls = game.state_class
        self.game = game
        self.players = players
        self.features: list[Feature] = []
        public = cls.PUBLIC_FIELDS or ()
        first = game.new_state(seed=SAMPLE_SEED, players=players)
        ranges = _sample_ranges(game, players, public, samples)
        seats = range(players)
        self.seat = [
            self._add(f"seat={s}", 1, f"1 when this is seat {s}'s observation") for s in seats
        ]
        self.to_move = [
            self._add(f"to_move={s}", 1, f"1 when seat {s} is to decide") for s in seats
        ]
        self.over = self._add("over", 1, "1 once the game is over")
        kinds = cls.DECISIONS
        self.kind = [
            self._add(f"decision.kind={k.name}", 1, f"1 when the decision is '{k.name}'")
            for k in kinds
        ]
        self.payload: list[list[tuple[int, float, float]]] = []
        for k in kinds:
            entries = []
            for name in k.public:
                lo, hi = ranges.get(f"decision.{k.name}.{name}", (0.0, 1.0))
                meaning = f"the '{k.name}' decision's {name}"
                entries.append((self._add(f"decision.{k.name}.{name}", hi, meaning, lo), lo, hi))
            self.payload.append(entries)
        self.returns = [
            self._add(f"returns[{s}]", 1, f"seat {s}'s return once over (1 a win)") for s in seats
        ]
        self.slots = self._zones(game, first)
        self.public = self._public(first, public, ranges)
        self._counts(game)
        self.size = len(self.features)

    def _add(self, name: str, high: float, meaning: str, low: float = 0.0) -> int:
        self.features.append(Feature(name, low, high, meaning))
        return len(self.features) - 1

    def _zones(self, game: Game, state: State) -> list[_Slot]:
        """Every list of every zone, with its length's feature (lengths come first, in one
        run, then the public fields, then the card counts: see ``_counts``). A length is at
        most its pool's cards: those the pool declares, or those it holds at the start."""
        sizes: dict[str, int] = {}
        for zone in game.zone_list:
            for cards, _owner, pool in zone.slots(state):
                sizes[pool] = sizes.get(pool, 0) + len(cards)
        out = []
        for zone in game.zone_list:
            for i, (_cards, owner, pool) in enumerate(zone.slots(state)):
                name = self._slot_name(zone, i)
                ids = game.pool_card_ids(pool)  # cards may reach a pool's zones from elsewhere
                known = 0 if ids is None else sum(card is not None for card in ids)
                cap = float(max(sizes[pool], known, 1))  # an empty range: not a Box bound
                length = self._add(f"len({name})", cap, f"cards in {name}")
                index = i if zone.layout != FLAT else -1
                out.append(_Slot(zone, index, owner, pool, length, cap, None, 0, 0))
        return out

    @staticmethod
    def _slot_name(zone: Zone, i: int) -> str:
        return zone.field if zone.layout == FLAT else f"{zone.field}[{i}]"

    def _counts(self, game: Game) -> None:
        """Per list a seat may ever see, one count per card id of its pool (when declared)."""
        for slot in self.slots:
            zone = slot.zone
            ids = game.pool_card_ids(slot.pool)
            if ids is None or (zone.seen_by == NOBODY and not zone.revealed_at_end):
                continue
            name = self._slot_name(zone, max(slot.index, 0))
            copies: dict[str, int] = {}
            for card in ids:
                if card is not None:
                    copies[card] = copies.get(card, 0) + 1
            slot.lo = len(self.features)
            at = {
                c: self._add(f"{name}[{c}]", n, f"copies of '{c}' in {name}, when seen")
                for c, n in copies.items()
            }
            slot.ids = [at[c] if c is not None else -1 for c in ids]  # -1: never in its lists
            slot.hi = len(self.features)

    def _public(
        self, state: State, fields: Sequence[str], ranges: dict[str, tuple[float, float]]
    ) -> list[_Public]:
        shapes = type(state)._code.fields
        out = []
        for field in fields:
            shape = shapes[field]
            value = getattr(state, field)
            if shape in (INTS, INT_TUPLE):
                count = int(ranges.get(f"len({field})", (0, len(value)))[1])
                lo, hi = ranges.get(field, (0.0, 1.0))
                base = len(self.features)
                for j in range(count):
                    self._add(f"{field}[{j}]", hi, f"value of {field}[{j}]", lo)
            elif shape == INT:
                lo, hi = ranges.get(field, (0.0, 1.0))
                count = 1
                base = self._add(field, hi, f"value of {field}", lo)
            else:
                lo, hi = 0.0, ceiling(ranges.get(f"len({field})", (0.0, 0.0))[1])
                count = 1
                base = self._add(f"len({field})", hi, f"length of {field}")
            out.append(_Public(field, shape, base, count, lo, hi))
        return out

    def observer(self, seat: int) -> SeatObserver:
        return SeatObserver(self, seat)


class SeatObserver:
    """Writes one seat's observation of successive states into its own buffer.

    While the game runs, a function generated for the seat does the work (``_compile``: the
    seat's view of each zone is fixed by the declarations then, so each list is either counted
    or only measured, with every index a constant) and touches only what changed. The first
    observation, any once the game is over (the ending may reveal zones) and the next one after
    it go through the general code (``general``), which writes every entry afresh; a test
    checks both agree at every decision."""

    __slots__ = (
        "_bits",
        "_body",
        "_ends",
        "_head",
        "_last",
        "_mode",
        "_pub",
        "_spec",
        "_top",
        "_zeros",
        "buffer",
        "fast",
        "seat",
    )

    _mode: int  # what the buffer holds: FRESH, RUNNING or OVER (a finished game's)

    def __init__(self, spec: ObservationSpec, seat: int) -> None:
        self._spec = spec
        self.seat = seat
        self.buffer = array("f", bytes(4 * spec.size))
        self._zeros = array("f", bytes(4 * spec.size))
        self._head: list[int] = []  # to_move, kind and payload entries set now
        self._top: tuple[int, ...] | None = None  # the decision they were written for
        self._last: list[Any] = [None] * len(spec.slots)  # each counted list as last counted
        self._mode = FRESH
        self._pub: list[Any] = [None] * len(spec.public)  # each long public list as written
        self._bits: list[int | None] = [None] * len(spec.public)  # and as bytes (changed_entries)
        # the lists whose counts only the end may show, or whose owner follows play
        self._ends = [
            k
            for k, s in enumerate(spec.slots)
            if s.ids and (type(s.zone) is not Zone or not s.zone.visible(s.owner, seat, False))
        ]
        self.fast, self._body = _compile(spec, seat, self)  # the generated ``write``

    def write(self, state: State) -> array[float]:
        """The seat's observation of ``state`` (the observer's own buffer: copy to keep it).
        ``fast`` is the same, one call shorter."""
        return self.fast(state)

    def reader(self, out: Callable[[], Any]) -> Callable[[State], Any]:
        """``write`` returning ``out()`` (a copy of the buffer in the caller's type) instead of
        the buffer: one call a step, for a learning loop that keeps what it is given."""
        read, _body = _compile(self._spec, self.seat, self, out)
        return read

    def payload(self, top: tuple[int, ...], head: list[int]) -> None:
        """The pending decision's public payload entries (``head`` records them)."""
        buf = self.buffer
        for (i, lo, hi), value in zip(self._spec.payload[top[0]], top[2:], strict=False):
            buf[i] = lo if value < lo else hi if value > hi else value
            head.append(i)

    def general(self, state: State) -> array[float]:
        """Every entry of the seat's observation of ``state`` written afresh."""
        spec, buf = self._spec, self.buffer
        buf[:] = self._zeros
        buf[spec.seat[self.seat]] = 1.0
        self._last = [None] * len(spec.slots)
        self._pub[:] = [None] * len(self._pub)
        self._bits[:] = [None] * len(self._bits)
        decisions = state.decisions
        self._top = None
        if decisions:
            top = decisions[-1]
            self._head = [spec.to_move[top[1]], spec.kind[top[0]]]
            buf[self._head[0]] = 1.0
            buf[self._head[1]] = 1.0
            self.payload(top, self._head)
            shown: frozenset[str] = frozenset()
        else:
            buf[spec.over] = 1.0
            for i, value in zip(spec.returns, state.returns(), strict=True):
                buf[i] = value
            shown = state.shown_at_end()
        self._mode = RUNNING if decisions else OVER
        for k in range(len(spec.slots)):
            self.slot(k, state, not decisions, shown)
        self._fields(state)
        return buf

    def finish(self, state: State) -> array[float]:
        """A finished game's observation, after a running one's: the running part as the
        generated code writes it, then the end's flag, returns and revealed lists."""
        spec, buf = self._spec, self.buffer
        for i in self._head:
            buf[i] = 0.0
        self._head = [spec.over, *spec.returns]
        self._top = None
        buf[spec.over] = 1.0
        for i, value in zip(spec.returns, state.returns(), strict=True):
            buf[i] = value
        self._body(state)
        shown = state.shown_at_end()
        for k in self._ends:
            self.slot(k, state, True, shown)
        self._mode = OVER
        return buf

    def resume(self) -> None:
        """From a finished game's observation to a running one's (a new game): clear what
        only the end shows; the generated code writes the rest."""
        spec, buf, zeros = self._spec, self.buffer, self._zeros
        for k in self._ends:
            slot = spec.slots[k]
            if type(slot.zone) is Zone:  # slot() clears the others as the game runs
                buf[slot.lo : slot.hi] = zeros[slot.lo : slot.hi]
                self._last[k] = None
        self._head = [spec.over, *spec.returns]  # zeroed by the generated code's head
        self._top = None
        self._mode = RUNNING

    def slot(self, k: int, state: State, over: bool, shown: frozenset[str]) -> None:
        """Write the ``k``-th list of cards of the spec as the seat sees it now."""
        slot = self._spec.slots[k]
        buf, last, zeros = self.buffer, self._last, self._zeros
        zone = slot.zone
        value = getattr(state, zone.field)
        if type(zone) is Zone:
            cards = value if slot.index < 0 else value[slot.index]
            owner = slot.owner
        else:  # a zone that works out its own lists (an owner that follows play)
            cards, owner, _pool = zone.slots(state)[max(slot.index, 0)]
        buf[slot.length] = len(cards)
        ids = slot.ids
        if ids is None:
            return
        if zone.visible(owner, self.seat, False) or (over and zone.field in shown):
            if cards != last[k]:
                buf[slot.lo : slot.hi] = zeros[slot.lo : slot.hi]
                for card in cards:
                    buf[ids[card]] += 1.0
                last[k] = cards[:]
        elif last[k] is not None:
            buf[slot.lo : slot.hi] = zeros[slot.lo : slot.hi]
            last[k] = None

    def _fields(self, state: State) -> None:
        buf = self.buffer
        for p in self._spec.public:
            value, lo, hi = getattr(state, p.field), p.lo, p.hi
            if p.shape == INT:
                buf[p.base] = lo if value < lo else hi if value > hi else value
            elif p.shape in (INTS, INT_TUPLE):
                n = len(value)
                for j in range(p.count):
                    v = value[j] if j < n else 0
                    buf[p.base + j] = lo if v < lo else hi if v > hi else v
            else:
                buf[p.base] = min(len(value), hi)


FastWrite = Callable[[Any], "array[float]"]
Body = Callable[[Any], None]

_HEAD = """def write(state):
    decisions = state.decisions
    if not decisions or OBS._mode != RUNNING:
        if OBS._mode == FRESH:
            GENERAL(state)
            return OUT()
        if not decisions:
            OBS.finish(state)
            return OUT()
        OBS.resume()
    top = decisions[-1]
    if top != OBS._top:  # another decision: its seat, kind and payload
        for i in OBS._head:
            buf[i] = 0.0
        mover = TO_MOVE[top[1]]
        kind = KIND[top[0]]
        head = OBS._head = [mover, kind]
        buf[mover] = 1.0
        buf[kind] = 1.0
        OBS._top = top"""
_PAYLOAD = """        if PAYLOAD[top[0]]:
            OBS.payload(top, head)"""


def _compile(
    spec: ObservationSpec, seat: int, observer: SeatObserver, out: Callable[[], Any] | None = None
) -> tuple[FastWrite, Body]:
    """Straight-line Python for the seat's observation while the game runs (a zone's length
    never passes its pool's cards: it is stored unclipped), and its body alone (the zones and
    fields, for ``finish``). Stores go through a memoryview of the buffer (an ``array('f')``
    store parses its argument; a memoryview's converts it), runs of entries through one
    ``struct`` pack. The fields are read by name, never through the state's ``__dict__``: on
    CPython 3.11 reading it moves the attributes out of line and slows every later access of
    the rules to that state (a fifth of The GAME's decision). The pending decision is
    rewritten only when it differs from the one last written (``_top``). With ``out``, the
    function returns ``out()`` instead of the buffer."""
    consts: dict[str, Any] = {
        "RUNNING": RUNNING,
        "FRESH": FRESH,
        "OBS": observer,
        "GENERAL": observer.general,
        "TO_MOVE": spec.to_move,
        "KIND": spec.kind,
        "PAYLOAD": spec.payload,
        "buf": memoryview(observer.buffer),
        "ARR": observer.buffer,
        "PUB": observer._pub,
        "BITS": observer._bits,
        "OUT": out,
    }
    fields = list(
        dict.fromkeys([s.zone.field for s in spec.slots] + [p.field for p in spec.public])
    )
    var = {f: f"f{i}" for i, f in enumerate(fields)}
    lines = ["    last = OBS._last"]
    lines.extend(f"    {var[f]} = state.{f}" for f in fields)
    cards = _cards(spec, var, consts, lines)
    lines.extend(_entries(spec, cards, var, consts))
    shapes = spec.game.state_class._code.fields
    for k, s in enumerate(spec.slots):
        if type(s.zone) is not Zone:
            lines.extend(_own_counts(k, s, seat, cards[k], consts))
        else:
            mutable = shapes[s.zone.field] in (INTS, INTS2)
            lines.extend(_counts(k, s, seat, cards[k], consts, mutable))
    body = "\n".join(lines)
    head = _HEAD + ("\n" + _PAYLOAD if any(spec.payload) else "")
    if out is None:
        head = head.replace("return OUT()", "return ARR")
    ret = "ARR" if out is None else "OUT()"
    source = f"{head}\n{body}\n    return {ret}\n\ndef body(state):\n{body}\n"
    namespace = dict(consts)
    exec(compile(source, f"<observation of {spec.game.slug}>", "exec"), namespace)
    fn: FastWrite = namespace["write"]
    rest: Body = namespace["body"]
    return fn, rest


def _cards(
    spec: ObservationSpec, var: dict[str, str], consts: dict[str, Any], lines: list[str]
) -> list[str]:
    """The expression of each slot's list of cards: a field (or one of its lists), or for a
    zone that works out its own lists (an owner that follows play) its ``slots()`` entry,
    read once per observation into a variable (``lines`` gets the reads)."""
    out = []
    read: dict[int, str] = {}
    for s in spec.slots:
        zone = s.zone
        if type(zone) is Zone:
            out.append(f"{var[zone.field]}{f'[{s.index}]' if s.index >= 0 else ''}")
            continue
        if id(zone) not in read:
            name = read[id(zone)] = f"z{len(read)}"
            consts[f"SLOTS_{name}"] = zone.slots
            lines.append(f"    {name} = SLOTS_{name}(state)")
        out.append(f"{read[id(zone)]}[{max(s.index, 0)}]")
    return out


def _entries(
    spec: ObservationSpec, cards: list[str], var: dict[str, str], consts: dict[str, Any]
) -> list[str]:
    """The lengths and public numbers: runs of features, each written by one pack; a long
    list of numbers (more than ``LONG_LIST`` entries, such as a flag per card instance) is
    its own run, packed only when it differs from the list last packed (``SeatObserver._pub``)."""
    long = [p for p in spec.public if p.shape in (INTS, INT_TUPLE) and p.count > LONG_LIST]
    lines = [
        f"    n{var[p.field][1:]} = len({var[p.field]})"
        for p in spec.public
        if p.shape in (INTS, INT_TUPLE) and 0 < p.count <= LONG_LIST
    ]
    first = spec.slots[0].length if spec.slots else (spec.public[0].base if spec.public else 0)
    run = [s.length for s in spec.slots] + [p.base + j for p in spec.public for j in range(p.count)]
    if run != list(range(first, first + len(run))):
        raise AssertionError("the lengths and public numbers are not one run of features")
    runs: list[tuple[int, list[str]]] = [(first, [])]
    for s, expr in zip(spec.slots, cards, strict=True):
        runs[-1][1].append(f"len({expr}[0])" if type(s.zone) is not Zone else f"len({expr})")
    for p in spec.public:
        v, lo, hi = var[p.field], _literal(p.lo), _literal(p.hi)
        clip = f"({lo} if (x := {{}}) < {lo} else {hi} if x > {hi} else x)"
        if p in long:
            lines.extend(_long_list(long.index(p), p, v, consts))
            runs.append((p.base + p.count, []))
        elif p.shape == INT:
            runs[-1][1].append(clip.format(v))
        elif p.shape in (INTS, INT_TUPLE):
            runs[-1][1].extend(
                f"({clip.format(f'{v}[{j}]')} if {j} < n{v[1:]} else 0)" for j in range(p.count)
            )
        else:
            runs[-1][1].append(f"(n if (n := len({v})) < {hi} else {hi})")
    for r, (start, entries) in enumerate(runs):
        if entries:
            consts[f"PACK{r}"] = struct.Struct(f"{len(entries)}f").pack_into
            lines.append(f"    PACK{r}(buf, {4 * start},")
            lines.extend(f"        {e}," for e in entries)
            lines.append("    )")
    return lines


def _long_list(k: int, p: _Public, v: str, consts: dict[str, Any]) -> list[str]:
    """A long public list of numbers, when it changed: only the entries that changed when
    ``changed_entries`` finds them, else packed whole (clipped, padded with zeros)."""
    lo, hi = _literal(p.lo), _literal(p.hi)
    consts[f"L{k}"] = struct.Struct(f"{p.count}f").pack_into
    consts[f"LZ{k}"] = [0] * p.count
    consts["CHANGED"] = changed_entries
    return [
        f"    if {v} != PUB[{k}]:",
        f"        d = CHANGED({v}, PUB[{k}], BITS, {k}, {p.count})",
        f"        PUB[{k}] = {v}[:]",
        "        if d is None:",
        f"            x = [{lo} if y < {lo} else {hi} if y > {hi} else y for y in {v}[:{p.count}]]",
        f"            L{k}(buf, {4 * p.base}, *x, *LZ{k}[len(x) :])",
        "        else:",
        "            for i in d:",
        f"                y = {v}[i]",
        f"                buf[{p.base} + i] = {lo} if y < {lo} else {hi} if y > {hi} else y",
    ]


def changed_entries(
    new: Sequence[int], old: Sequence[int] | None, bits: list[int | None], k: int, count: int
) -> list[int] | None:
    """The indices below ``count`` where the ``k``-th long list differs from ``old`` (the copy
    last written), found in C: the list read as bytes into one integer (kept in ``bits[k]``
    for the next call), XORed with the last one (a long list usually changes in an entry or
    two, and comparing it entry by entry in Python cost more than packing it whole). None
    (pack it whole) when the lengths differ, a value is not a byte or more than
    ``SPARSE_CHANGES`` entries changed."""
    try:
        now = int.from_bytes(bytes(new), "little")
    except (TypeError, ValueError):
        bits[k] = None
        return None
    was, bits[k] = bits[k], now
    if was is None or old is None or len(new) != len(old):
        return None
    x = now ^ was
    out: list[int] = []
    while x:
        i = ((x & -x).bit_length() - 1) >> 3
        if i >= count:  # past the entries the observation keeps
            break
        if len(out) == SPARSE_CHANGES:
            return None
        out.append(i)
        x ^= (x >> (i << 3) & 0xFF) << (i << 3)
    return out


def _literal(x: float) -> str:
    """A bound as an int literal when whole (an int compares faster with an int)."""
    return repr(int(x)) if x == int(x) else repr(x)


def _own_counts(k: int, s: _Slot, seat: int, entry: str, consts: dict[str, Any]) -> list[str]:
    """``SeatObserver.slot`` for the ``k``-th list, of a zone that works out its own lists
    (``entry``: its (cards, owner, pool)), with the indices constant: counted while the seat
    sees it, zeroed once it stops."""
    if s.ids is None:
        return []  # its length is in the pack
    consts[f"I{k}"] = s.ids
    consts[f"V{k}"] = s.zone.visible
    consts[f"Z{k}"] = memoryview(array("f", bytes(4 * (s.hi - s.lo))))
    return [
        f"    c, o, _ = {entry}",
        f"    if V{k}(o, {seat}, False):",
        f"        if c != last[{k}]:",
        f"            buf[{s.lo}:{s.hi}] = Z{k}",
        f"            for x in c: buf[I{k}[x]] += 1.0",
        f"            last[{k}] = c[:]",
        f"    elif last[{k}] is not None:",
        f"        buf[{s.lo}:{s.hi}] = Z{k}",
        f"        last[{k}] = None",
    ]


def _counts(
    k: int, s: _Slot, seat: int, cards: str, consts: dict[str, Any], mutable: bool
) -> list[str]:
    """The ``k``-th list's card counts, when the seat sees it while the game runs. A list
    (``mutable``) that gained cards on top (a pile) or lost one card since it was last counted
    changes their counts, and the copy kept of it (``last[k]``) takes the same step; any
    other change counts it afresh (a hand that played a card and drew one: counting seven
    cards cost less than comparing them as sets)."""
    zone = s.zone
    if s.ids is None or not zone.visible(s.owner, seat, False):
        return []  # a hidden list's counts stay 0 while the game runs (general() zeroes them)
    consts[f"I{k}"] = s.ids
    if s.hi - s.lo <= PACKED_COUNTS:  # counted in a list of floats, written by one pack
        consts[f"J{k}"] = [i - s.lo for i in s.ids]
        consts[f"Z{k}"] = [0.0] * (s.hi - s.lo)  # floats: struct packs them as they are
        consts[f"P{k}"] = struct.Struct(f"{s.hi - s.lo}f").pack_into
        recount = [
            f"n = Z{k}[:]",
            f"for x in c: n[J{k}[x]] += 1.0",
            f"P{k}(buf, {4 * s.lo}, *n)",
            f"last[{k}] = c[:]",
        ]
    else:  # many card ids: zeroed, then one store per card
        consts[f"Z{k}"] = memoryview(array("f", bytes(4 * (s.hi - s.lo))))
        recount = [
            f"buf[{s.lo}:{s.hi}] = Z{k}",
            f"for x in c: buf[I{k}[x]] += 1.0",
            f"last[{k}] = c[:]",
        ]
    head = [f"    c = {cards}", f"    p = last[{k}]", "    if c != p:"]
    if not mutable:  # a tuple: replaced whole when it changes
        return head + [f"        {line}" for line in recount]
    again = [f"            {line}" for line in recount]
    return [
        *head,
        "        n = len(c) - len(p)",
        "        if n == 1 and c[:-1] == p:  # a card added on top",
        "            x = c[-1]",
        f"            buf[I{k}[x]] += 1.0",
        "            p.append(x)",
        "        elif n > 1 and c[:-n] == p:  # cards added on top",
        "            for x in c[-n:]:",
        f"                buf[I{k}[x]] += 1.0",
        "            p.extend(c[-n:])",
        "        elif n == -1 and len(d := set(p).difference(c)) == 1:  # a card gone?",
        "            x = d.pop()",
        "            p.remove(x)",
        "            if p == c:",
        f"                buf[I{k}[x]] -= 1.0",
        "            else:",
        *[f"    {line}" for line in again],
        "        else:",
        *again,
    ]


def _sample_ranges(
    game: Game, players: int, public: Sequence[str], games: int
) -> dict[str, tuple[float, float]]:
    """(low, high) of every public number and payload entry over seeded random games."""
    seen: dict[str, list[float]] = {}

    def note(key: str, value: float) -> None:
        have = seen.setdefault(key, [value, value])
        have[0], have[1] = min(have[0], value), max(have[1], value)

    shapes = game.state_class._code.fields
    kinds = game.state_class.DECISIONS
    rng = Rng(SAMPLE_SEED)
    for n in range(games):
        state = game.new_state(seed=SAMPLE_SEED + n, players=players)
        while True:
            for field in public:
                value = getattr(state, field)
                if shapes[field] == INT:
                    note(field, value)
                else:
                    note(f"len({field})", len(value))
                    if shapes[field] in (INTS, INT_TUPLE):
                        for v in value:
                            note(field, v)
            if not state.decisions:
                break
            top = state.decisions[-1]
            for name, value in zip(kinds[top[0]].public, top[2:], strict=False):
                note(f"decision.{kinds[top[0]].name}.{name}", value)
            legal = state.legal_ids()
            state.apply(legal[rng.below(len(legal))], narrate=False)
    out = {}
    for key, (lo, hi) in seen.items():
        low = 0.0 if lo >= 0 else -ceiling(-lo)
        out[key] = (low, hi if key.startswith("len(") else ceiling(hi))
    return out
