"""Gymnasium environments: one seat of a game, the other seats played by agents.

``import rulebook.rl.gymnasium`` registers ``rulebook/SLUG-v0`` for every game, then
``gymnasium.make("rulebook/ribbon-of-bone-v0")``, or in one line
``gymnasium.make("rulebook.rl.gymnasium:rulebook/the-game-v0", opponents="heuristic")``
(Gymnasium 1.x, which the rl extra requires, reads no entry points: its envs are registered by
importing their module, or by naming the module in the id). Keyword
arguments: ``players``, ``seat`` (the learner's, default 0), ``opponents`` (an agent spec as
``rulebook.agents.make_agent`` takes it, default ``heuristic``, for every other seat),
``render_mode="ansi"``, and any rule parameter.

Observation: the seat's float32 vector (``rulebook.rl.encoding``); ``info["action_mask"]``
(int8) at every reset and step. Reward when the game ends: ``state.returns()[seat]``. An
illegal action ends the episode with reward -1 (as the PettingZoo classic games do).
"""

from __future__ import annotations

from typing import Any

from rulebook.rl import require

require("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from rulebook.agents import make_agent  # noqa: E402
from rulebook.engine.game import game_class, games, load  # noqa: E402
from rulebook.engine.state import State  # noqa: E402
from rulebook.i18n import _  # noqa: E402
from rulebook.rl.encoding import encoder_for  # noqa: E402
from rulebook.rl.pettingzoo import render_text  # noqa: E402


class RulebookEnv(gymnasium.Env):
    """One seat of a game against agents at the other seats."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        slug: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str = "heuristic",
        render_mode: str | None = None,
        **config: Any,
    ) -> None:
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(
                _("render_mode must be None or 'ansi', not {mode}", mode=repr(render_mode))
            )
        self.game = load(slug, **config)
        self.players = self.game.check_players(players)
        if not 0 <= seat < self.players:
            raise ValueError(
                _("seat must be 0..{last}, not {seat}", last=self.players - 1, seat=seat)
            )
        self.seat = seat
        self.opponents = opponents
        make_agent(opponents, self.game, (seat + 1) % self.players, 0)  # a bad spec fails now
        self.render_mode = render_mode
        self.encoder = encoder_for(self.game, self.players)
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.observer = self.encoder.observer(seat)
        self.state: State | None = None
        self.agents: dict[int, Any] = {}

    def _observe(self, **extra: Any) -> tuple[np.ndarray, dict[str, Any]]:
        assert self.state is not None
        infoset = self.state.infoset(self.seat)
        obs = self.observer.observe(infoset)
        return obs, {"action_mask": self.encoder.mask(infoset.legal_ids()), **extra}

    def _others_play(self) -> None:
        """The other seats move until the learner's seat is to act or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_over() and state.to_move != self.seat:
            mover = state.to_move
            assert mover is not None
            state.apply(self.agents[mover].act(state.infoset(mover)), narrate=False)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game, its seed drawn from the env's generator (seeded by ``seed``)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.state = self.game.new_state(seed=game_seed, players=self.players)
        self.agents = {
            s: make_agent(self.opponents, self.game, s, game_seed + s)
            for s in range(self.players)
            if s != self.seat
        }
        self._others_play()
        return self._observe()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError(_("call reset() before step()"))
        if state.is_over():
            raise RuntimeError(_("the game is over: call reset()"))
        aid = int(action)
        if aid not in state.legal_ids():
            obs, info = self._observe(illegal=True)
            return obs, -1.0, True, False, info
        state.apply(aid, narrate=False)
        self._others_play()
        over = state.is_over()
        reward = float(state.returns()[self.seat]) if over else 0.0
        obs, info = self._observe()
        return obs, reward, over, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the method sb3-contrib's MaskablePPO looks for)."""
        assert self.state is not None
        return self.encoder.mask(self.state.infoset(self.seat).legal_ids()).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return render_text(self.game, self.state, self.seat)


def env_ids() -> list[str]:
    """``rulebook/SLUG-v0`` for every game."""
    return [f"rulebook/{cls.slug}-v0" for cls in games()]


def register_envs() -> None:
    """Register every game with Gymnasium (idempotent; importing this module calls it)."""
    for cls in games():
        env_id = f"rulebook/{cls.slug}-v0"
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="rulebook.rl.gymnasium:RulebookEnv",
            kwargs={"slug": cls.slug},
            max_episode_steps=None,
            disable_env_checker=False,
        )
        game_class(cls.slug)  # fail here, not at make(), when a game cannot load


register_envs()
