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
  number is one entry, a list of numbers one entry per index, any other list its length, a
  list per card instance (``State.PER_CARD``) its sums per card id.

A game opts in by declaring ``PUBLIC_FIELDS`` (even empty) and, for each of them and each
zone, where the seat's view shows it (``State.VIEW_OF``, ``rulebook.engine.view_places``):
the vector is a function of the view, computed from the same data without building it, and a
test rebuilds every entry from the view alone. Number ranges come from the declarations
where they can (a zone's length is at most its pool's cards, a count at most the copies of
the card) and otherwise from seeded random games, through public fields only.
``SeatObserver`` re-counts a list only when it changed since its last observation (the
generated code is in ``observation_code``). Nothing here is game-specific.
"""

from __future__ import annotations

import dataclasses
import math
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulebook.engine.errors import DeclarationError
from rulebook.engine.fields import INT, INT_TUPLE, INTS
from rulebook.engine.observation_code import FRESH, OVER, RUNNING, _compile
from rulebook.engine.random import Rng
from rulebook.engine.view_places import ViewPlace, describe_place, place_of
from rulebook.engine.zones import FLAT, NOBODY, Zone

if TYPE_CHECKING:
    from rulebook.engine.game import Game
    from rulebook.engine.state import State

SAMPLE_GAMES = 8  # seeded random games that bound the public numbers
SAMPLE_SEED = 20_2611


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
    at: dict[str, int] = dataclasses.field(default_factory=dict)  # card id -> feature of its count


@dataclass(slots=True)
class _Public:
    field: str
    shape: str
    base: int
    count: int  # entries (a list of numbers: one per index)
    lo: float
    hi: float
    cards: list[int] | None = None  # per card: instance -> its (pool, id)'s entry, or count
    at: dict[tuple[str, str], int] = dataclasses.field(default_factory=dict)  # (pool, id) -> entry
    each: tuple[float, float] = (0.0, 1.0)  # per card: an instance's range (clipped to it)


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
        self._decisions(cls.DECISIONS, ranges)
        # the entries the pending decision sets, in one range (``over`` among them: 0 then)
        self.head = (self.to_move[0], len(self.features))
        self.returns = [
            self._add(f"returns[{s}]", 1, f"seat {s}'s return once over (1 a win)") for s in seats
        ]
        self.slots = self._zones(game, first)
        self.public = self._public(first, public, ranges)
        self._counts(game)
        self.size = len(self.features)
        for slot in self.slots:  # every entry is shown in the view: a declared place
            place = place_of(cls.VIEW_OF, slot.zone.field, "zone")
            self._shown([slot.length, *range(slot.lo, slot.hi)], place)
        for p in self.public:
            place = place_of(cls.VIEW_OF, p.field, "public field")
            self._shown(range(p.base, p.base + p.count), place)

    def _shown(self, indices: Sequence[int], place: ViewPlace) -> None:
        """Each feature's meaning names its place in the view."""
        where = f" (view: {describe_place(place)})"
        for i in indices:
            f = self.features[i]
            self.features[i] = Feature(f.name, f.low, f.high, f.meaning + where)

    def _decisions(self, kinds: Sequence[Any], ranges: dict[str, tuple[float, float]]) -> None:
        """The decision's kind, one-hot by name (the view names it: two kinds of one name
        share their entry, and must share their public payload), and its payload entries."""
        places = self.game.state_class.VIEW_OF
        by_name: dict[str, int] = {}
        self.kind: list[int] = []  # kind index -> its feature
        self.kind_index: dict[str, int] = {}  # name -> its first kind's index
        self.payload: list[list[tuple[int, float, float]]] = []
        for n, k in enumerate(kinds):
            first = self.kind_index.setdefault(k.name, n)
            if first != n:
                if kinds[first].public != k.public:
                    raise DeclarationError(
                        f"decision kinds named '{k.name}' differ in their public payload"
                    )
                self.kind.append(by_name[k.name])
                self.payload.append(self.payload[first])
                continue
            meaning = f"1 when the decision is '{k.name}'"
            by_name[k.name] = self._add(f"decision.kind={k.name}", 1, meaning)
            self.kind.append(by_name[k.name])
            entries = []
            for name in k.public:
                lo, hi = ranges.get(f"decision.{k.name}.{name}", (0.0, 1.0))
                place = places.get(f"decision.{k.name}.{name}", f"decision.{name}")
                meaning = f"the '{k.name}' decision's {name} (view: {describe_place(place)})"
                entries.append((self._add(f"decision.{k.name}.{name}", hi, meaning, lo), lo, hi))
            self.payload.append(entries)

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
            slot.at = at
            slot.hi = len(self.features)

    def _public(
        self, state: State, fields: Sequence[str], ranges: dict[str, tuple[float, float]]
    ) -> list[_Public]:
        shapes = type(state)._code.fields
        per_card = type(state).PER_CARD
        out = []
        for field in fields:
            shape = shapes[field]
            value = getattr(state, field)
            if field in per_card:
                out.append(self._per_card(field, per_card[field], state, ranges))
                continue
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

    def _per_card(
        self,
        name: str,
        zones: Sequence[str],
        state: State,
        ranges: dict[str, tuple[float, float]],
    ) -> _Public:
        """A list of numbers per card instance, shown as its sum over the copies of each card
        id of each pool of ``zones`` (the view shows each card by its id, not its instance
        number); an instance of no such pool is left out. A name that is not a zone is a
        pool's."""
        zoned = {z.field for z in self.game.zone_list}
        pools = list(
            dict.fromkeys(
                pool
                for z in zones
                for _c, _o, pool in (self.game.zone(z).slots(state) if z in zoned else [((), 0, z)])
            )
        )
        size = len(getattr(state, name))
        cards = [-1] * size
        at: dict[tuple[str, str], int] = {}
        copies: dict[int, int] = {}
        for pool in pools:
            for n, card in enumerate(self.game.pool_card_ids(pool) or ()):
                if card is not None and n < size and cards[n] < 0:
                    cards[n] = at.setdefault((pool, card), len(at))
                    copies[cards[n]] = copies.get(cards[n], 0) + 1
        each = ranges.get(name, (0.0, 1.0))  # an instance's value is clipped to it first,
        base = len(self.features)  # so a sum over n copies stays within n times it
        one = len(pools) == 1
        for (pool, card), j in sorted(at.items(), key=lambda item: item[1]):
            label = f"{name}[{card}]" if one else f"{name}[{pool}:{card}]"
            n = copies[j]
            meaning = f"{name} summed over the {n} copies of '{card}' ({pool})"
            self._add(label, each[1] * n, meaning, each[0] * n)
        cards = [len(at) if j < 0 else j for j in cards]  # len(at): no entry
        most = max(copies.values(), default=1)
        lo, hi = each[0] * most, each[1] * most
        return _Public(name, INTS, base, len(at), lo, hi, cards, at, each)

    def observer(self, seat: int) -> SeatObserver:
        return SeatObserver(self, seat)


class SeatObserver:
    """Writes one seat's observation of successive states into its own buffer.

    While the game runs, a function generated for the seat does the work (``_compile``: the
    seat's view of each zone is fixed by the declarations then, so each list is either counted
    or only measured, with every index a constant) and touches only what changed. The same
    code writes a game's end after a running observation (the flag, the returns and the lists
    the ending reveals) and, in the next game, clears what only the end showed. The first
    observation, and one more of a finished game, go through the general code (``general``),
    which writes every entry afresh; a test checks both agree at every decision, across the
    end of a game and the next one's start."""

    __slots__ = (
        "_bits",
        "_ends",
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
        self.fast = _compile(spec, seat, self)  # the generated ``write``

    def write(self, state: State) -> array[float]:
        """The seat's observation of ``state`` (the observer's own buffer: copy to keep it).
        ``fast`` is the same, one call shorter."""
        return self.fast(state)

    def reader(self, out: Callable[[], Any]) -> Callable[[State], Any]:
        """``write`` returning ``out()`` (a copy of the buffer in the caller's type) instead of
        the buffer: one call a step, for a learning loop that keeps what it is given."""
        return _compile(self._spec, self.seat, self, out)

    def payload(self, top: tuple[int, ...]) -> None:
        """The pending decision's public payload entries."""
        buf = self.buffer
        for (i, lo, hi), value in zip(self._spec.payload[top[0]], top[2:], strict=False):
            buf[i] = lo if value < lo else hi if value > hi else value

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
            buf[spec.to_move[top[1]]] = 1.0
            buf[spec.kind[top[0]]] = 1.0
            self.payload(top)
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
            if p.cards is not None:
                sums = [0.0] * (p.count + 1)
                lo, hi = p.each
                for j, v in zip(p.cards, value, strict=False):
                    sums[j] += lo if v < lo else hi if v > hi else v
                buf[p.base : p.base + p.count] = array("f", sums[: p.count])
            elif p.shape == INT:
                buf[p.base] = lo if value < lo else hi if value > hi else value
            elif p.shape in (INTS, INT_TUPLE):
                n = len(value)
                for j in range(p.count):
                    v = value[j] if j < n else 0
                    buf[p.base + j] = lo if v < lo else hi if v > hi else v
            else:
                buf[p.base] = min(len(value), hi)


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
