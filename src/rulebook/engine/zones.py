"""Deck, pile and hand helpers over plain lists of card instance numbers.

Convention: a deck is a list whose *last* element is the top card, so drawing is ``pop()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
