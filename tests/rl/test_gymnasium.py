"""Gymnasium: every game registered as rulebook/SLUG-v0, Gymnasium's own env checker, the
action mask in every info, agents at the other seats."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rulebook.rl.gymnasium as rl_gym
from rulebook.engine.game import games

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    ("rulebook/ribbon-of-bone-v0", {}),
    ("rulebook/solo-bound-female-v0", {}),
    ("rulebook/the-game-v0", {"opponents": "heuristic"}),
    ("rulebook/susumuka-modoruka-v0", {"players": 3, "opponents": "heuristic"}),
    ("rulebook/swing-v0", {"players": 4, "opponents": "random"}),
    ("rulebook/solo-bound-female-v0", {"players": 2, "mode": "cooperative"}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), CASES, ids=[c[0] + str(c[1]) for c in CASES])
def test_gymnasium_env_checker(env_id, kwargs):
    env = gymnasium.make(env_id, **kwargs)
    env.unwrapped.action_space.seed(0)  # the checker samples from them: the same run each time
    env.unwrapped.observation_space.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures here
        check_env(env.unwrapped)


def test_every_game_is_registered():
    ids = set(gymnasium.registry)
    assert {f"rulebook/{cls.slug}-v0" for cls in games()} <= ids
    assert set(rl_gym.env_ids()) <= ids


FRESH = """
import gymnasium
try:
    gymnasium.make("rulebook/the-game-v0")
except gymnasium.error.Error as e:
    print("plain:", e)
env = gymnasium.make("rulebook.rl.gymnasium:rulebook/the-game-v0")
obs, info = env.reset(seed=1)
print("one-line:", obs.shape == env.observation_space.shape and info["action_mask"].sum() > 0)
"""


def test_registration_in_a_fresh_interpreter_is_by_import_not_entry_points():
    """Gymnasium 1.x loads no plugins: the ids exist once the module is imported or named."""
    out = subprocess.run(
        [sys.executable, "-c", FRESH], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert "plain: Namespace rulebook not found" in out
    assert "one-line: True" in out


def test_registering_again_is_harmless():
    before = len(gymnasium.registry)
    rl_gym.register_envs()
    assert len(gymnasium.registry) == before


def test_info_has_the_action_mask_at_every_step_until_the_end():
    env = gymnasium.make("rulebook/susumuka-modoruka-v0", players=2, opponents="random")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(0)
    steps, terminated = 0, False
    while not terminated:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() > 0
        obs, reward, terminated, _truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert "action_mask" in info and obs in env.observation_space
        steps += 1
    assert reward in (0.0, 0.5, 1.0) and steps > 5
    assert env.unwrapped.state.returns()[0] == reward


def test_any_agent_spec_plays_the_other_seats():
    env = gymnasium.make("rulebook/the-game-v0", opponents="ismcts:iterations=5")
    _obs, _info = env.reset(seed=2)
    assert env.unwrapped.state.to_move == 0
    with pytest.raises(Exception, match="agent"):
        gymnasium.make("rulebook/the-game-v0", opponents="nobody-at-all")


def test_an_illegal_action_ends_the_episode_with_minus_one():
    env = gymnasium.make("rulebook/the-game-v0")
    _obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert reward == -1.0 and terminated and info["illegal"]


def test_ansi_render_shows_the_learners_table():
    env = gymnasium.make("rulebook/the-game-v0", render_mode="ansi")
    env.reset(seed=7)
    assert "Your hand" in env.render()
