"""Zones: plain lists of card instance numbers, and who may see them.

Convention: a deck is a list whose *last* element is the top card, so drawing is ``pop()``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb
from typing import Any

from rulebook.engine.errors import ScriptError
from rulebook.engine.random import Rng


def insert_at_random(deck: list[int], card: int, rng: Rng) -> None:
    """Put ``card`` at a uniformly random depth of ``deck`` (top and bottom included)."""
    deck.insert(rng.below(len(deck) + 1), card)


def take_first(hand: list[int], wanted: int, key: Sequence[int]) -> int:
    """Remove and return the first card in ``hand`` whose ``key`` equals ``wanted``."""
    for i, card in enumerate(hand):
        if key[card] == wanted:
            return hand.pop(i)
    raise ValueError(f"no card with key {wanted} in hand")


def stack_deck(
    deck: list[int], deck_name: str, top_first: Sequence[str], card_ids: Sequence[str]
) -> None:
    """Move the named cards to the top of ``deck``, ``top_first[0]`` becoming the top card.

    ``card_ids[instance]`` is the stable id of each card instance. Raises ScriptError naming
    the deck and card when the deck does not hold enough copies.
    """
    picked: list[int] = []
    for name in top_first:
        for i, card in enumerate(deck):
            if card_ids[card] == name:
                picked.append(deck.pop(i))
                break
        else:
            have = sum(1 for ids in card_ids if ids == name)
            if have == 0:
                raise ScriptError(f"stack: no card '{name}' exists for deck '{deck_name}'")
            raise ScriptError(
                f"stack: deck '{deck_name}' has no more '{name}' left to put on top "
                f"(asked for more copies than it holds after dealing what came before)"
            )
    deck.extend(reversed(picked))


def check_stack_names(stack: Mapping[str, Sequence[str]] | None, decks: Sequence[str]) -> None:
    """Reject stacks for decks the game does not have, naming the valid ones."""
    for name, cards in (stack or {}).items():
        if name not in decks:
            raise ScriptError(f"stack: unknown deck '{name}' (decks: {', '.join(decks)})")
        if isinstance(cards, str) or not all(isinstance(c, str) for c in cards):
            raise ScriptError(f"stack: deck '{name}' needs a list of card ids")


# --------------------------------------------------------------------------- declared visibility

EVERYONE = "everyone"
OWNER = "owner"
NOBODY = "nobody"

FLAT = "flat"  # the field is one list of cards
PER_SEAT = "per-seat"  # the field is a list of lists, one per seat, each owned by that seat
PILES = "piles"  # the field is a list of unowned lists (e.g. one deck per Lord)


@dataclass(frozen=True, slots=True)
class Zone:
    """Where cards lie and who sees them; ``view``, ``redeterminize`` and event privacy follow.

    ``seen_by`` is everyone, the owner (a seat of a per-seat zone, or ``owner`` for a flat
    one) or nobody; a zone hidden from a seat still shows it the count. Cards only ever trade
    places with cards of the same ``pool`` (default: the field; each pile of a PILES zone is
    its own pool unless one is named): resampling and the harness move a hidden card only to
    a hidden place of its pool. ``{seat}`` in a pool name stands for the list's owner, so
    ``pool="own{seat}"`` gives each seat its own pool (cards that can never be another
    seat's: its own hand and its face-down bid). ``ordered`` says the order is known to
    those who see the zone (a hand's order is not: views sort it). ``revealed_at_end``:
    public once over, unless the ending says otherwise (``Outcome.revealing``; views ask
    ``State.sees``).
    """

    field: str
    seen_by: str = NOBODY
    layout: str = FLAT
    owner: int | None = None
    pool: str = ""
    ordered: bool = False
    revealed_at_end: bool = False

    def slots(self, state: Any) -> list[tuple[list[int], int | None, str]]:
        """(cards, owner, pool) for every list this zone holds in ``state``."""
        value = getattr(state, self.field)
        pool = self.pool or self.field
        if self.layout == FLAT:
            return [(value, self.owner, seat_pool(pool, self.owner))]
        if self.layout == PER_SEAT:
            return [(cards, seat, seat_pool(pool, seat)) for seat, cards in enumerate(value)]
        return [(cards, None, self.pool or f"{self.field}[{i}]") for i, cards in enumerate(value)]

    def visible(self, owner: int | None, seat: int | None, over: bool) -> bool:
        """Can ``seat`` (None: a spectator) see the cards of the slot owned by ``owner``?"""
        if self.seen_by == EVERYONE or (over and self.revealed_at_end):
            return True
        return self.seen_by == OWNER and seat is not None and seat == owner

    def seers(self, owner: int | None, players: int) -> tuple[int, ...] | None:
        """Seats who see that slot: None means everyone (a public event)."""
        if self.seen_by == EVERYONE:
            return None
        if self.seen_by == OWNER and owner is not None:
            return (owner,)
        return ()


def seat_pool(pool: str, owner: int | None) -> str:
    """The pool of a list owned by ``owner``: ``{seat}`` in the name becomes the seat."""
    if owner is None or "{seat}" not in pool:
        return pool
    return pool.replace("{seat}", str(owner))


def hidden_slots(
    zones: Sequence[Zone],
    state: Any,
    seat: int | None,
    over: bool,
    shown: Collection[str] | None = None,
) -> dict[str, list[list[int]]]:
    """Every list of cards ``seat`` cannot see, grouped by pool. ``shown``: the zones the
    game's ending reveals (``State.shown_at_end``), in place of each zone's own flag."""
    pools: dict[str, list[list[int]]] = {}
    for zone in zones:
        at_end = over and (zone.revealed_at_end if shown is None else zone.field in shown)
        for cards, owner, pool in zone.slots(state):
            if not (at_end or zone.visible(owner, seat, False)):
                pools.setdefault(pool, []).append(cards)
    return pools


def unseen_slots(zones: Sequence[Zone], state: Any, players: int) -> dict[str, list[list[int]]]:
    """Every list of cards no seat sees (a deck, a face-down pile: what belongs to nobody),
    grouped by pool. A list some seat sees (its hand) belongs to that seat and is left out."""
    pools: dict[str, list[list[int]]] = {}
    for zone in zones:
        if zone.seen_by == EVERYONE:
            continue
        for cards, owner, pool in zone.slots(state):
            if not any(zone.visible(owner, seat, False) for seat in range(players)):
                pools.setdefault(pool, []).append(cards)
    return pools


@dataclass(frozen=True, slots=True)
class Read:
    """What a seat has read, from public play only, about a hidden list it cannot see: the
    list (``field``, ``owner``'s), less ``fresh`` of its cards that came since unseen (drawn),
    holds at most ``most`` cards of ``cards`` for one of the ``alternatives`` at least (the
    cards the seat knows are there counted). A ``certain`` read is a fact (a player asked for
    a kind was told "none"): sampled worlds always keep it. A read that is not certain is a
    guess from what that player chose to do (asked for a kind: probably lacks it); a sampler
    that trusts guesses weights a world breaking one by a factor below 1. Class card sets
    must be disjoint on one list (a card counts for one class)."""

    field: str
    owner: int | None
    alternatives: tuple[tuple[frozenset[int], int], ...]
    certain: bool = True
    fresh: int = 0

    def holds(self, cards: Sequence[int]) -> bool:
        """Could a list holding ``cards`` keep this read (its fresh cards being the ones of
        the class where they can)?"""
        return any(
            sum(c in cls for c in cards) <= most + self.fresh for cls, most in self.alternatives
        )

    def slot(self, state: Any) -> list[int]:
        """The list this read is about, in ``state``."""
        value = getattr(state, self.field)
        cards: list[int] = value if self.owner is None else value[self.owner]
        return cards


# (a list's reads, each with the weight of a world breaking it: 0 for a certain read)
WeightedReads = Sequence[tuple[Read, float]]


def redistribute(
    pools: Mapping[str, Sequence[list[int]]],
    rng: Rng,
    fixed: Mapping[str, set[int]],
    reads: Sequence[tuple[list[int], WeightedReads]] = (),
) -> None:
    """Shuffle each pool's cards across its lists in place, sizes kept; ``fixed`` cards stay.
    ``reads``: lists with what the seat has read about them (``Read``), dealt first so that
    every world keeps the certain reads and guesses weigh as asked (``deal_read``)."""
    for pool, lists in pools.items():
        keep = fixed.get(pool)
        limited = [(cards, weighted) for cards, weighted in reads if _among(cards, lists)]
        if limited:
            _deal_with_reads(lists, keep or set(), limited, rng)
            continue
        if len(lists) == 1 and not keep:  # a lone deck: shuffle it where it lies
            rng.shuffle(lists[0])
            continue
        if not keep:
            free = [card for cards in lists for card in cards]
            rng.shuffle(free)
            start = 0
            for cards in lists:
                end = start + len(cards)
                cards[:] = free[start:end]
                start = end
            continue
        free = [card for cards in lists for card in cards if card not in keep]
        rng.shuffle(free)
        it = iter(free)
        for cards in lists:
            cards[:] = [card if card in keep else next(it) for card in cards]


def _among(cards: list[int], lists: Sequence[list[int]]) -> bool:
    return any(cards is other for other in lists)


def _deal_with_reads(
    lists: Sequence[list[int]],
    keep: set[int],
    limited: Sequence[tuple[list[int], WeightedReads]],
    rng: Rng,
) -> None:
    """One pool: each list with reads takes its free cards first (``deal_read``), then the
    cards left are shuffled across the other lists. Exact (every consistent world as likely,
    times its guesses' weights) when one list of the pool has one read, or several taken with
    no draw between them; reads from different times (different ``fresh``) are dealt oldest
    part first without counting how the newer parts can still be filled, which leans away
    from worlds the older read allows least (a review measured 14.0% against the exact 18.7%
    for one such case). With several lists, each is dealt given what the ones before it
    took."""
    free = [card for cards in lists for card in cards if card not in keep]
    for cards, weighted in limited:
        free = deal_read(cards, keep, weighted, free, rng)
    it = iter(free)
    for cards in lists:
        if not any(cards is dealt for dealt, _ in limited):
            cards[:] = [card if card in keep else next(it) for card in cards]


def deal_read(
    cards: list[int], keep: set[int], weighted: WeightedReads, free: list[int], rng: Rng
) -> list[int]:
    """Fill ``cards``' free places (those not in ``keep``) from ``free``, keeping the reads;
    returns the free cards left, in random order.

    The places a read covers (all but its ``fresh`` ones) are dealt first, oldest read
    first (the fewest places): how many cards of each class they get is drawn with each
    count vector weighted by how many ways it can be dealt (hypergeometric) times the
    weights of the guesses it breaks (a certain read: 0); then which cards, uniformly; the
    next places are dealt given those. The fresh places left are dealt blindly, as cards
    drawn since are. With one read this is exactly the world a blind deal of the read part,
    then of the draws, would give. If no count keeps the certain reads (reads that
    contradict each other: a game's bug, or several lists of a pool dealt in turn), the
    rest of the list is dealt blindly."""
    classes: list[frozenset[int]] = []
    for read, _ in weighted:
        for cls, _ in read.alternatives:
            if not any(cls is known for known in classes):
                classes.append(cls)
    places = [i for i, card in enumerate(cards) if card not in keep]
    held = [sum(card in cls for card in cards if card in keep) for cls in classes]
    groups: list[list[int]] = [[] for _ in classes]
    rest: list[int] = []
    for card in free:
        for i, cls in enumerate(classes):
            if card in cls:
                groups[i].append(card)
                break
        else:
            rest.append(card)
    index = {id(cls): i for i, cls in enumerate(classes)}
    covering = sorted(
        ((max(0, len(places) - read.fresh), read, weight) for read, weight in weighted),
        key=lambda c: c[0],
    )
    chosen: list[int] = []
    for end in sorted({c[0] for c in covering} | {len(places)}):
        clauses = tuple(
            (tuple((index[id(cls)], most) for cls, most in read.alternatives), weight)
            for covered, read, weight in covering
            if covered >= end
        )
        count = end - len(chosen)
        if count <= 0:
            continue
        vectors, cumulative = _count_weights(
            count, tuple(map(len, groups)), len(rest), tuple(held), clauses
        )
        if vectors:
            pick = rng.next64() / 2.0**64 * cumulative[-1]
            counts = vectors[next(i for i, c in enumerate(cumulative) if pick < c)]
        else:  # no count keeps the certain reads: the rest blindly
            rest = [*rest, *(card for group in groups for card in group)]
            groups, held, counts = [], [], ()
            count = len(places) - len(chosen)
        others = count - sum(counts)
        for i, (group, take) in enumerate(zip((*groups, rest), (*counts, others), strict=True)):
            for _ in range(take):  # a uniform pick of ``take`` cards
                j = rng.below(len(group))
                group[j], group[-1] = group[-1], group[j]
                chosen.append(group.pop())
            if i < len(held):
                held[i] += take
    left = [card for group in (*groups, rest) for card in group]
    rng.shuffle(chosen)
    rng.shuffle(left)
    for place, card in zip(places, chosen, strict=True):
        cards[place] = card
    return left


@lru_cache(maxsize=4096)
def _count_weights(
    places: int,
    sizes: tuple[int, ...],
    rest: int,
    held: tuple[int, ...],
    clauses: tuple[tuple[tuple[tuple[int, int], ...], float], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """Every count vector (cards of each class dealt to ``places`` free places, from classes
    of ``sizes`` and ``rest`` other cards) with a weight above 0, and the running total of
    the weights: the ways to deal it times each broken clause's weight. ``held``: the class
    counts the list's fixed cards already make. Cached: a search samples the same position
    dozens of times."""
    vectors: list[tuple[int, ...]] = []
    cumulative: list[float] = []
    total = 0.0
    for counts in product(*(range(min(size, places) + 1) for size in sizes)):
        others = places - sum(counts)
        if others < 0 or others > rest:
            continue
        weight = float(comb(rest, others))
        for size, count in zip(sizes, counts, strict=True):
            weight *= comb(size, count)
        for alternatives, broken in clauses:
            if not any(held[i] + counts[i] <= most for i, most in alternatives):
                weight *= broken
        if weight > 0:
            total += weight
            vectors.append(counts)
            cumulative.append(total)
    return tuple(vectors), tuple(cumulative)
