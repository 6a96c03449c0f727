"""PettingZoo AEC environments: ``env(slug, players=None, render_mode=None, **config)``.

Agents are ``player_0``… (seat order). Each observes ``{"observation": Box(float32),
"action_mask": Box(int8)}`` (``rulebook.rl.encoding``); the action space is
``Discrete(game.num_actions)``, the game's stable action ids. Rewards come once, when the game
ends: ``state.returns()`` (1 a win, 0 a loss, ties split; a cooperative game gives every seat
the same). As in PettingZoo's classic games, ``env()`` wraps the raw environment in
``TerminateIllegalWrapper`` (an illegal action ends the game: -1 to its agent, 0 to the
others), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. ``render_mode="ansi"``:
``render()`` returns the terminal table as the agent to act sees it.
"""

from __future__ import annotations

import io
import random
from typing import Any

from rulebook.rl import require

require("pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from rulebook.engine.game import Game, load  # noqa: E402
from rulebook.engine.state import State  # noqa: E402
from rulebook.rl.encoding import Encoder, encoder_for  # noqa: E402


def observation_space(encoder: Encoder) -> spaces.Dict:
    """The ``{"observation", "action_mask"}`` space of one seat."""
    return spaces.Dict(
        {
            "observation": spaces.Box(encoder.low, encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (encoder.num_actions,), dtype=np.int8),
        }
    )


def render_text(game: Game, state: State, seat: int | None, width: int = 100) -> str:
    """The game's terminal table (and summary once over) as ``seat`` sees it, as text."""
    from rich.console import Console

    frontend = game.frontend()
    view = state.view(seat)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    if frontend.render is not None:
        console.print(frontend.render(game, view))
    if state.is_over() and frontend.summary is not None:
        console.print(frontend.summary(game, view))
    return out.getvalue()


class RawEnv(AECEnv):  # type: ignore[misc]
    """One game at a fixed number of seats, as a PettingZoo AEC environment."""

    metadata = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["ansi"],
        "name": "rulebook_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self, slug: str, players: int | None = None, render_mode: str | None = None, **config: Any
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = load(slug, **config)
        self.players = self.game.check_players(players)
        self.encoder = encoder_for(self.game, self.players)
        self.metadata = {**self.metadata, "name": f"rulebook_{slug.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.seat_of = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.encoder) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self.game_state: State | None = None
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs, mask = self.encoder.encode(self._state().infoset(self.seat_of[agent]))
        return {"observation": obs, "action_mask": mask}

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` is the game's own seed (later resets draw theirs from it)."""
        del options
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(62)
        self.game_state = self.game.new_state(seed=game_seed, players=self.players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._select()

    def _select(self) -> str:
        seat = self._state().to_move
        return self.possible_agents[seat if seat is not None else 0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        assert action is not None
        seat = self.seat_of[agent]
        state.apply(int(action), narrate=False)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            returns = state.returns()
            for other in self.agents:
                self.rewards[other] = float(returns[self.seat_of[other]])
                self.terminations[other] = True
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            for other in self.agents:
                self.rewards[other] = 0.0
            self.agent_selection = self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.game, self._state(), self.seat_of[self.agent_selection])

    def close(self) -> None:
        pass


def env(
    slug: str, players: int | None = None, render_mode: str | None = None, **config: Any
) -> AECEnv:
    """A wrapped AEC environment, as PettingZoo's classic games are made."""
    raw = RawEnv(slug, players=players, render_mode=render_mode, **config)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


raw_env = RawEnv
