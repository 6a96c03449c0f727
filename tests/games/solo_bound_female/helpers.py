"""Scripted games for Solo Bound Female: the test card file (one rule per card), stacked decks,
and actions named by their text, all through the public protocol."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebook.engine.game import Game, register
from rulebook.engine.state import State
from tests.protocol import act, texts

register("solo-bound-female", "rulebook.games.solo_bound_female:SoloBoundFemale")

CARDS = str(Path(__file__).with_name("cards_test.toml"))
SIZES = {"deck_size": 68, "scenario_deck_size": 65, "max_copies": 20}
FILL = ["filler"] * 6  # a hand that can do nothing


def game(**config: Any) -> Game:
    import rulebook

    return rulebook.load("solo-bound-female", cards=CARDS, **SIZES, **config)


def start(
    hand: list[str] | None = None,
    draws: list[str] | None = None,
    reveals: list[str] | None = None,
    **config: Any,
) -> State:
    """A game whose opening hand, next draws and scenario cards are stacked (quiet by
    default: the scenario reveals nothing that acts)."""
    hand = (hand or []) + FILL[len(hand or []) :]
    stack = {
        "character": [*hand, *(draws or ["filler"] * 4)],
        "scenario": reveals or ["nothing"] * 4,
    }
    return game(**config).new_state(seed=1, stack=stack)


def names(items: list[dict[str, Any]]) -> list[str]:
    return [i["name"] for i in items]


def orient(state: State, name: str, side: str = "in_play") -> str:
    for item in state.view(0)[side]:
        if item["name"] == name:
            return str(item["orientation"])
    raise AssertionError(f"{name} is not in {side}")


def to_cleanup(state: State) -> None:
    """End the initial step (nothing reset is left)."""
    if state.view(0)["decision"]["kind"] == "initial":
        act(state, "End the initial step")


def next_turn(state: State) -> None:
    """Finish this turn: to clean-up, end the turn, discard fillers down to six."""
    to_cleanup(state)
    act(state, "End the turn")
    while not state.is_over() and state.view(0)["decision"]["kind"] == "discard":
        options = texts(state)
        act(state, "Discard Test Filler" if "Discard Test Filler" in options else options[0])


def start2(
    mode: str,
    stack: dict[str, list[str]] | None = None,
    **config: Any,
) -> State:
    """A two-player game on the test cards; ``stack`` names decks (``character``,
    ``scenario``, ``character2``, ``scenario2``); an unnamed character deck opens on fillers
    and an unnamed scenario deck on quiet cards."""
    stack = dict(stack or {})
    stack.setdefault("character", ["filler"] * 10)
    stack.setdefault("scenario", ["nothing"] * 6)
    if mode in ("standard", "cooperative"):
        stack.setdefault("character2", ["filler"] * 10)
    if mode == "standard":
        stack.setdefault("scenario2", ["nothing"] * 6)
    return game(mode=mode, **config).new_state(seed=1, players=2, stack=stack)


def act_as(state: State, seat: int, text: str) -> list[str]:
    """``act`` for a named seat: it must be that seat's decision."""
    assert state.to_move == seat, (state.to_move, seat, texts(state))
    for action in state.legal_actions():
        if action.text == text or action.text.startswith(text):
            return [e.for_seat(seat) or "" for e in state.apply(action)]
    pytest.fail(f"no legal action '{text}' among {texts(state)}")


def play_out(state: State, prefer: dict[int, list[str]], limit: int = 5000) -> None:
    """Play to the end: each seat takes the first legal action whose text starts with one of
    its preferences (in order), else its first legal action."""
    for _ in range(limit):
        if state.is_over():
            return
        seat = state.to_move
        assert seat is not None
        options = state.legal_actions()
        chosen = options[0]
        for want in prefer.get(seat, []):
            found = [a for a in options if a.text.startswith(want)]
            if found:
                chosen = found[0]
                break
        state.apply(chosen)
    pytest.fail("the game did not end")
