"""Agents see only ``state.view(seat)`` and the legal actions: they cannot cheat.

``make_agent(name, game, seat, seed)`` builds one. ``random`` works for every game; a game may
offer more (``heuristic``) through an ``AGENTS`` dict in its package's ``agents`` module.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Action, Game
from rulebook.engine.random import Rng, derive_seed


class Agent(Protocol):
    name: str
    uses_view: bool

    def act(self, view: dict[str, Any], actions: list[Action]) -> Action: ...


class RandomAgent:
    """Uniform over legal actions, with its own stream derived from the game seed."""

    name = "random"
    uses_view = False  # lets the simulator skip building views it would ignore

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = Rng(derive_seed(seed, 0xA6E27, seat))

    def act(self, view: dict[str, Any], actions: list[Action]) -> Action:
        return actions[self.rng.below(len(actions))]


def _game_agents(game: Game) -> dict[str, Any]:
    module_name = type(game).__module__.rsplit(".", 1)[0] + ".agents"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return {}
    agents: dict[str, Any] = getattr(module, "AGENTS", {})
    return agents


def agent_names(game: Game) -> list[str]:
    return ["random", *sorted(_game_agents(game))]


def make_agent(name: str, game: Game, seat: int, seed: int) -> Agent:
    if name == "random":
        return RandomAgent(game, seat, seed)
    factory = _game_agents(game).get(name)
    if factory is None:
        raise UnknownAgent(
            f"unknown agent '{name}' for {game.slug} (agents: {', '.join(agent_names(game))})"
        )
    agent: Agent = factory(game, seat, seed)
    return agent
