"""Scenario helpers: stacked decks and actions named by their table text."""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.games.the_game import TheGameState

# A deal with a set for Player 1 and none for Player 2 (P1's five, then P2's five).
P1_SET_HAND = ["over-knee", "medium", "5-minutes", "hard", "steal-card"]
P2_NO_SET = ["bent-over-table", "lying-flat", "light", "ask-for-card", "steal-card"]


def new_state(
    main: list[str] | None = None,
    seed: int = 0,
    equipment: list[str] | None = None,
    pleasure: list[str] | None = None,
    **config: Any,
) -> TheGameState:
    game = rulebook.load("the-game", **config)
    stack = {"main": main or [], "equipment": equipment or [], "pleasure": pleasure or []}
    state = game.new_state(seed=seed, stack=stack)
    assert isinstance(state, TheGameState)
    return state


def texts(state: rulebook.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: rulebook.State, text: str) -> list[rulebook.Event]:
    for action in state.legal_actions():
        if str(action) == text:
            return state.apply(action)
    raise AssertionError(f"'{text}' is not legal; legal: {texts(state)}")


def hand(state: rulebook.State, seat: int) -> list[str]:
    cards: list[str] = state.view(seat)["players"][seat]["hand"]
    return cards


def event_texts(events: list[rulebook.Event], seat: int | None) -> list[str]:
    return [t for e in events if (t := e.for_seat(seat))]
