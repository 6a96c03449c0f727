"""Scenario helpers: a stacked court and decks, scripted dice, actions named by their text."""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.games.ribbon_of_bone.rules import RibbonState

COURT = [
    "ember-hall",
    "drowned-chapel",
    "paper-throne",
    "ash-gallery",
    "hollow-nave",
    "vellum-archive",
]
# Kimaris, Naberius and Sabnock start; Orias waits on top of Lord Cinder's deck.
DECKS = {"cinder": ["kimaris", "orias"], "hollow": ["naberius"], "vellum": ["sabnock"]}


def start(
    dice: list[int],
    identity: str = "The Pilgrim",
    decks: dict[str, list[str]] | None = None,
    **config: Any,
) -> RibbonState:
    config.setdefault("court_start", "lord")
    game = rulebook.load("ribbon-of-bone", **config)
    stack: dict[str, list[str]] = {"court": COURT, **(DECKS if decks is None else decks)}
    state = game.new_state(seed=1, stack=stack, dice=dice)
    assert isinstance(state, RibbonState)
    act(state, f"Play as {identity}")
    return state


def texts(state: rulebook.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: rulebook.State, text: str) -> list[str]:
    for action in state.legal_actions():
        if str(action) == text:
            return [e.text for e in state.apply(action)]
    raise AssertionError(f"'{text}' is not legal; legal: {texts(state)}")


def names(state: RibbonState, cards: list[int]) -> list[str]:
    return [state.game.content.fighters[c].name for c in cards]


def foe(state: RibbonState) -> dict[str, Any]:
    combat = state.view(0)["combat"]
    assert combat is not None
    first: dict[str, Any] = combat["foes"][0]
    return first
