"""Scripted SWING! games through the public protocol: stacked hands, actions chosen by text."""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.engine.state import State

# seat 1 and 3 play velvet-lounge, seat 2 garden-party (the reference decks in turn)
P1_HAND = [
    "four-poster-bed",
    "velvet-sofa",
    "silver-fox",
    "charming-stranger",
    "dance-instructor",
    "slow-dance",
    "tango",
    "hardwood-floor",  # drawn at the first Top Phase (to eight)
]
P2_HAND = [
    "hot-tub",
    "garden-terrace",
    "shy-neighbour",
    "party-crasher",
    "massage-oil",
    "night-owl-bartender",
    "back-rub",
    "charming-stranger",  # drawn at P2's first Top Phase
]
P3_HAND = [
    "velvet-sofa",
    "dance-instructor",
    "shy-neighbour",
    "charming-stranger",
    "silk-scarf",
    "hardwood-floor",
    "slow-dance",
    "chaise-longue",
]


def start(players: int = 2, hands: list[list[str]] | None = None, **config: Any) -> State:
    """A game with the first Top at seat 1 (A1 switch) and stacked hands."""
    game = rulebook.load("swing", first_top="first-seat", **config)
    hands = hands or [P1_HAND, P2_HAND, P3_HAND][:players]
    stack = {f"seat-{i + 1}": cards for i, cards in enumerate(hands)}
    return game.new_state(seed=3, players=players, stack=stack)


def texts(state: State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def act(state: State, start_of_text: str) -> list[str]:
    """Apply the one legal action whose text starts with ``start_of_text``; the narration."""
    found = [a for a in state.legal_actions() if a.text.startswith(start_of_text)]
    assert len(found) == 1, f"{start_of_text!r} matches {[a.text for a in found]} of {texts(state)}"
    return [e.for_seat(None) or "" for e in state.apply(found[0])]


def decision(state: State) -> tuple[str, int | None]:
    d = state.view(None)["decision"]
    return (d["kind"], d["seat"]) if d else ("over", None)


def host(state: State, seat: int, viewer: int | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = state.view(viewer)["hosts"][seat]
    return entry


def room(state: State, owner: int) -> list[dict[str, Any]]:
    return [c for c in state.view(None)["room"] if c["owner"] == f"Player {owner + 1}"]


def locations(state: State, owner: int) -> list[dict[str, Any]]:
    return [c for c in state.view(None)["locations"] if c["owner"] == f"Player {owner + 1}"]


def done_until(state: State, kind: str, seat: int | None, most: int = 8) -> int:
    """Answer "Done" until ``(kind, seat)`` is pending (windows nobody uses); how many."""
    for n in range(most):
        if decision(state) == (kind, seat):
            return n
        act(state, "Done")
    raise AssertionError(f"never reached {kind} for seat {seat}: {decision(state)}")
