"""Agents act on an information set (``state.infoset(seat)``), never on the true state.

``make_agent(spec, game, seat, seed)`` builds one from a spec: a name and options,
``"ismcts:iterations=500:exploration=0.7"``. ``random`` and ``ismcts`` work for every game;
a game adds its own (``heuristic``) through ``Game.frontend().agents``.

One exception, an instrument: ``oracle`` searches the true state. ``decide`` is the only way a
move is asked of an agent in simulations; it hands a copy of the true state to the engine's
own ``OracleAgent`` class alone (its exact type, so no subclass and no game's agent gets one),
and a game cannot register an agent of that name. Tables (``play``, ``serve``) refuse it
through ``refuse_at_table``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Protocol

from rulebook.engine.actions import Action
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game
from rulebook.engine.random import Rng, derive_seed
from rulebook.engine.state import InfoSet, State
from rulebook.i18n import _


class Agent(Protocol):
    name: str

    def act(self, infoset: InfoSet) -> Action | int:
        """Choose one of ``infoset.legal_actions()`` (an Action or its id)."""
        ...


class RandomAgent:
    """Uniform over legal actions, with its own stream derived from the game seed."""

    name = "random"

    def __init__(self, game: Game, seat: int, seed: int, options: Mapping[str, str]) -> None:
        _no_options("random", options)
        self.rng = Rng(derive_seed(seed, 0xA6E27, seat))

    def act(self, infoset: InfoSet) -> int:
        legal = infoset.legal_ids()  # no view, no Action objects: only what it reads
        return legal[self.rng.below(len(legal))]


Factory = Callable[[Game, int, int, Mapping[str, str]], Any]


def _no_options(name: str, options: Mapping[str, str]) -> None:
    if options:
        raise UnknownAgent(
            _(
                "agent '{name}' takes no options (got {options})",
                name=name,
                options=", ".join(options),
            )
        )


def _generic() -> dict[str, Factory]:
    from rulebook.agents.ismcts import IsmctsAgent

    return {"random": RandomAgent, "ismcts": IsmctsAgent}


def _instruments() -> dict[str, Factory]:
    """Agents no game may replace and no table may seat."""
    from rulebook.agents.oracle import OracleAgent

    return {"oracle": OracleAgent}


def _factories(game: Game) -> Mapping[str, Factory]:
    return _class_factories(type(game))


@cache
def _class_factories(cls: type[Game]) -> Mapping[str, Factory]:
    """Once per game class: a browser room makes an agent for every AI move, and building
    the game's front end each time cost more than the heuristic's move."""
    found = _generic()
    found.update(cls.frontend().agents)
    found.update(_instruments())
    return found


def agent_names(game: Game, table: bool = False) -> list[str]:
    """The agents of a game (``table``: those a table may seat)."""
    names = _factories(game)
    return sorted(n for n in names if not (table and n in _instruments()))


def refuse_at_table(spec: str) -> None:
    """A table seats players: an instrument that sees hidden cards is refused, in one line."""
    name = parse_spec(spec)[0]
    if name in _instruments():
        from rulebook.agents.oracle import REFUSAL

        raise UnknownAgent(_("'{name}' cannot take a seat: {reason}", name=name, reason=_(REFUSAL)))


def decide(agent: Agent, state: State, seat: int) -> Action | int:
    """The agent's move at ``state`` for ``seat``: from ``state.infoset(seat)``, except that
    the oracle (exactly the engine's class) gets a copy of the true state it measures with."""
    from rulebook.agents.oracle import OracleAgent

    if type(agent) is OracleAgent:
        return agent.act_on_state(state.clone())
    return agent.act(state.infoset(seat))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=500:exploration=0.7"`` -> ("ismcts", {"iterations": "500", …})."""
    name, *parts = spec.strip().split(":")
    if not name:
        raise UnknownAgent(_("agent spec '{spec}' names no agent", spec=spec))
    options: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key or not value:
            raise UnknownAgent(
                _("agent option '{part}' in '{spec}' must read KEY=VALUE", part=part, spec=spec)
            )
        options[key.strip().replace("-", "_")] = value.strip()
    return name, options


def parse_agents(text: str) -> list[str]:
    """A comma-separated list of agent specs, one per seat; empty entries are refused."""
    specs = [s.strip() for s in text.split(",")]
    if not specs or any(not s for s in specs):
        raise UnknownAgent(
            _("--agents needs one agent per seat, comma-separated (got '{text}')", text=text)
        )
    return specs


def make_agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    name, options = parse_spec(spec)
    factories = _factories(game)
    factory = factories.get(name)
    if factory is None:
        raise UnknownAgent(
            _(
                "unknown agent '{name}' for {game} (agents: {agents})",
                name=name,
                game=game.slug,
                agents=", ".join(sorted(factories)),
            )
        )
    agent: Agent = factory(game, seat, seed, options)
    return agent


def int_option(options: Mapping[str, str], key: str, default: int, low: int = 1) -> int:
    """An integer agent option, checked, with a message naming it."""
    raw = options.get(key)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise UnknownAgent(
            _("agent option {key} must be an integer, not '{value}'", key=key, value=raw)
        ) from None
    if value < low:
        raise UnknownAgent(_("agent option {key} must be at least {low}", key=key, low=low))
    return value


def float_option(options: Mapping[str, str], key: str, default: float) -> float:
    raw = options.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
        if not math.isfinite(value):  # nan or inf would steer the search nowhere, silently
            raise ValueError(raw)
    except ValueError:
        raise UnknownAgent(
            _("agent option {key} must be a number, not '{value}'", key=key, value=raw)
        ) from None
    if value < 0:
        raise UnknownAgent(_("agent option {key} cannot be negative", key=key))
    return value


def check_options(name: str, options: Mapping[str, str], known: tuple[str, ...]) -> None:
    """Every option named is one the agent takes; the message says which it does take."""
    for key in options:
        if key not in known:
            said = (
                _(
                    "agent '{name}' has no option '{key}' (its options: {options})",
                    name=name,
                    key=key,
                    options=", ".join(known),
                )
                if known
                else _(
                    "agent '{name}' has no option '{key}' (it takes no options)",
                    name=name,
                    key=key,
                )
            )
            raise UnknownAgent(said)
