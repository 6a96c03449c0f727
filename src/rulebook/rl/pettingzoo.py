"""PettingZoo AEC environments: ``env(slug, players=None, render_mode=None, **config)``.

Agents are ``player_0``… (seat order). Each observes ``{"observation": Box(float32),
"action_mask": Box(int8)}`` (``rulebook.rl.encoding``); the action space is
``Discrete(game.num_actions)``, the game's stable action ids. The action mask is read-only,
one array per set of legal ids (``Actions.shared_mask``): copy it to change it. Rewards come
once, when the game ends: ``state.returns()`` (1 a win, 0 a loss, ties split; a cooperative
game gives every seat the same). ``env()`` behaves as PettingZoo's classic games wrapped in
``TerminateIllegalWrapper`` (an illegal action ends the game: -1 to its agent, 0 to the
others), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, with those three checks
made inline (``ClassicEnv``): the generic wrappers' attribute forwarding cost more than the game
itself (``wrapped_env()`` gives the same env behind PettingZoo's own wrappers; a test checks
both agree). ``render_mode="ansi"``: ``render()`` returns the terminal table as the agent to act
sees it.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

from rulebook.rl import require

require("pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402
from pettingzoo.utils.env import AECIterable  # noqa: E402
from pettingzoo.utils.env_logger import EnvLogger  # noqa: E402

from rulebook.engine.errors import IllegalAction  # noqa: E402
from rulebook.engine.game import Game, load  # noqa: E402
from rulebook.engine.state import State  # noqa: E402
from rulebook.i18n import _  # noqa: E402
from rulebook.rl.encoding import AnyEncoder, encoder_for  # noqa: E402

UNREACHED = 2**62  # agent_iter's steps no loop reaches: not counted (a 2**62-step loop at a
# billion steps a second would run for 146 years)


def observation_space(encoder: AnyEncoder) -> spaces.Dict:
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
            raise ValueError(
                _("render_mode must be None or 'ansi', not {mode}", mode=repr(render_mode))
            )
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
        self.observers = [self.encoder.observer(seat) for seat in range(self.players)]
        self.game_state: State | None = None
        self._seed: int | None = None  # later resets draw their seeds from this one's
        self._seeds: random.Random | None = None  # made at the first reset that needs it

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        infoset = self._state().infoset(seat)  # all a seat is shown: its view and options
        obs = self.observers[seat].observe(infoset)
        return {"observation": obs, "action_mask": self.encoder.shared_mask(infoset.legal_ids())}

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError(_("call reset() before using the environment"))
        return self.game_state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` is the game's own seed (later resets draw theirs from it)."""
        del options
        if seed is not None:  # a generator seeded from it costs more than a short game
            self._seed, self._seeds = seed, None
            game_seed = seed
        else:
            if self._seeds is None:
                self._seeds = random.Random(self._seed)
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
        state.apply(int(action), narrate=False)
        if state.is_over():
            self._ended(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        self.agent_selection = self._select()
        self._accumulate_rewards()

    def _ended(self, agent: str) -> None:
        """The game is over after ``agent``'s move: every agent gets its return."""
        state = self._state()
        self._cumulative_rewards[agent] = 0.0
        returns = state.returns()
        for other in self.agents:
            self.rewards[other] = float(returns[self.seat_of[other]])
            self.terminations[other] = True
        seat = self.seat_of[agent]
        self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_text(self.game, self._state(), self.seat_of[self.agent_selection])

    def close(self) -> None:
        pass


class ClassicEnv(RawEnv):
    """RawEnv with the checks of PettingZoo's classic-game wrappers made inline: order
    (``OrderEnforcingWrapper``), bounds (``AssertOutOfBoundsWrapper``) and an illegal action
    ending the game (``TerminateIllegalWrapper``), with the same errors, warnings and rewards."""

    def __init__(
        self, slug: str, players: int | None = None, render_mode: str | None = None, **config: Any
    ) -> None:
        super().__init__(slug, players=players, render_mode=render_mode, **config)
        self.readers = [self.encoder.reader(seat) for seat in range(self.players)]
        self._read = dict(zip(self.possible_agents, self.readers, strict=True))  # by agent
        self._masks = self.encoder._masks  # legal ids -> read-only mask (Actions.shared_mask)
        self._new_mask = self.encoder.new_mask  # Actions.shared_mask for ids the cache lacks
        self._num_actions = self.encoder.num_actions
        self._has_reset = False
        self._has_updated = False
        self._running = False  # reset, not over: last() and step() take their short ways

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._has_updated = True
        super().reset(seed=seed, options=options)
        self._running = bool(self._state().decisions)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        state = self.game_state
        if state is None:
            raise RuntimeError(_("call reset() before using the environment"))
        seat = self.seat_of[agent]
        decisions = state.decisions  # the seat's options: none while another seat moves
        legal = state.legal_ids() if decisions and decisions[-1][1] == seat else ()
        mask = self._masks.get(legal)  # Actions.shared_mask, inlined (it runs at every step)
        return {
            "observation": self.readers[seat](state),
            "action_mask": mask if mask is not None else self._new_mask(legal),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, with ``observe`` inlined (it runs at every step). While the game runs
        the agent to act is the seat to decide, and every reward and flag is still 0."""
        agent = self.agent_selection
        if self._running and observe:
            state: State = self.game_state  # type: ignore[assignment]
            legal = state.legal_ids()
            mask = self._masks.get(legal)
            obs = {
                "observation": self._read[agent](state),
                "action_mask": mask if mask is not None else self._new_mask(legal),
            }
            return obs, 0.0, False, False, self.infos[agent]
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def render(self) -> str | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable[str, Any, Any]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderedIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        if self._running and type(action) is int:
            # while play goes on, an int: RawEnv.step's bookkeeping is naming the next agent
            # (every reward stays 0, no agent is done); an int out of bounds is never legal,
            # so its bounds are checked only once ``apply`` has refused it
            self._has_updated = True
            state: State = self.game_state  # type: ignore[assignment]
            try:  # positional: the call is shorter
                state.apply(action, False)
            except IllegalAction:  # the state is unchanged
                if 0 <= action < self._num_actions:
                    self._illegal(self.agent_selection)
                else:  # AssertOutOfBoundsWrapper's assertion
                    self._checked_step(action)
                return
            decisions = state.decisions
            if decisions:
                self.agent_selection = self.possible_agents[decisions[-1][1]]
                return
            self._ended(self.agent_selection)
            return
        self._checked_step(action)

    def _checked_step(self, action: int | None) -> None:
        """``step`` with every check of the wrappers: before a reset, after the end, a dead
        agent's ``None``, an action of another type or out of bounds."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        in_bounds = type(action) is int and 0 <= action < self._num_actions
        assert (
            (action is None and dead) or in_bounds or self.action_spaces[agent].contains(action)
        ), "action is not in action space"
        if dead:
            RawEnv.step(self, action)
            return
        state = self.game_state
        assert state is not None
        aid = action if type(action) is int else int(action)  # type: ignore[arg-type]
        try:
            state.apply(aid, False)
        except IllegalAction:  # the state is unchanged
            self._illegal(agent)
            return
        decisions = state.decisions
        if decisions:  # RawEnv.step's bookkeeping while play goes on: every reward stays 0
            self._cumulative_rewards[agent] = 0.0
            self.agent_selection = self.possible_agents[decisions[-1][1]]
            return
        self._ended(agent)

    def _ended(self, agent: str) -> None:
        self._running = False
        super()._ended(agent)

    def _illegal(self, agent: str) -> None:
        """TerminateIllegalWrapper's ending: -1 to the agent, 0 to the others, all done."""
        self._running = False
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0.0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()


class _OrderedIterable(AECIterable[str, Any, Any]):  # type: ignore[misc]
    """OrderEnforcingWrapper's agent iterator: a step() or reset() between two agents."""

    def __iter__(self) -> Iterator[str]:
        return _ordered(self.env, self.max_iter)


def _ordered(env: ClassicEnv, max_iter: int) -> Iterator[str]:
    """AECIterator.__next__ with the order check, as a generator (resuming one costs less
    than calling a method at every step). A bound no loop reaches (``agent_iter``'s default,
    2**63) is not counted down: past 2**30 each step's subtraction allocates a new int."""
    if max_iter >= UNREACHED:
        while env.agents:
            assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            env._has_updated = False
            yield env.agent_selection
        return
    while env.agents and max_iter > 0:
        max_iter -= 1
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        yield env.agent_selection


def env(
    slug: str, players: int | None = None, render_mode: str | None = None, **config: Any
) -> AECEnv:
    """The AEC environment, behaving as PettingZoo's wrapped classic games do."""
    return ClassicEnv(slug, players=players, render_mode=render_mode, **config)


def wrapped_env(
    slug: str, players: int | None = None, render_mode: str | None = None, **config: Any
) -> AECEnv:
    """The raw environment behind PettingZoo's own three wrappers (the reference for ``env``)."""
    raw = RawEnv(slug, players=players, render_mode=render_mode, **config)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


raw_env = RawEnv
