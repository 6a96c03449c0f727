"""Zones: plain lists of card instance numbers, and who may see them.

Convention: a deck is a list whose *last* element is the top card, so drawing is ``pop()``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
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


def redistribute(
    pools: Mapping[str, Sequence[list[int]]], rng: Rng, fixed: Mapping[str, set[int]]
) -> None:
    """Shuffle each pool's cards across its lists in place, sizes kept; ``fixed`` cards stay."""
    for pool, lists in pools.items():
        keep = fixed.get(pool)
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
