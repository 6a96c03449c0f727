"""Scripted games of Susumuka & Modoruka through the public protocol: stacked decks, scripted
dice, Player 1 named first (A2's choice), actions named by their text."""

from __future__ import annotations

from typing import Any

import rulebook
from rulebook.engine.state import State
from tests.protocol import act, texts  # noqa: F401  (the games' tests import them from here)


def start(
    players: int = 2,
    dungeon: list[str] | None = None,
    dice: list[int] | None = None,
    items: dict[str, list[str]] | None = None,
    **config: Any,
) -> State:
    """A game with the dungeon deck (and item decks) stacked, Player 1 to move first."""
    stack = {"dungeon": dungeon or [], **(items or {})}
    game = rulebook.load("susumuka-modoruka", first_player="choose", **config)
    state = game.new_state(seed=3, players=players, stack=stack, dice=dice)
    act(state, "Player 1 goes first")
    return state


def me(state: State, seat: int = 0) -> dict[str, Any]:
    player: dict[str, Any] = state.view(seat)["players"][seat]
    return player


def top(state: State) -> None:
    """A22: the card turned up is the one battled (asked only of a player holding cards)."""
    decision = state.view(None)["decision"]
    if decision and decision["kind"] == "hand-battle":
        act(state, TOP)


def battle(state: State, fight: bool = True, declare: bool | None = None) -> None:
    """Fight (or flee) the card in battle (the card turned up, if asked: A22); then answer
    the return question if asked."""
    top(state)
    act(state, "Fight" if fight else "Flee")
    if state.view(None)["decision"] and state.view(None)["decision"]["kind"] == "return":
        act(state, "Declare" if declare else "Keep going deeper")


def idle(state: State) -> None:
    """The player to move spends the move without moving: Investigate (outside only)."""
    act(state, "Investigate")


ADVANCE = "Advance: battle the top card"
TOP = "Battle the card turned up"
