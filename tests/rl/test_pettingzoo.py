"""PettingZoo's own API and seed tests on every listed game and player count, and the
classic games' handling of illegal actions, rewards and ansi rendering."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import rulebook
from rulebook.rl.pettingzoo import env, wrapped_env
from tests.rl.configs import MULTI, SOLO, label

# one cycle is a move per agent: enough for a whole game of most of them
CYCLES = {"the-game": 80, "susumuka-modoruka": 60, "swing": 60, "solo-bound-female": 80}


def seeded(e, seed: int = 0):
    """The env with every agent's spaces seeded: api_test samples actions and observations
    from them, so an unseeded run plays a different game each time (a rare path, a rare
    failure)."""
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(seed + i)
        e.observation_space(agent).seed(seed + i)
    return e


@pytest.mark.parametrize("case", MULTI, ids=label)
def test_pettingzoo_api_and_seed_tests(case):
    slug, players, config = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for dict observations, as for classic games
        e = seeded(env(slug, players, **config))
        api_test(e, num_cycles=CYCLES[slug], verbose_progress=False)
        seed_test(lambda: env(slug, players, **config), num_cycles=CYCLES[slug] // 4)


@pytest.mark.parametrize("case", SOLO, ids=label)
def test_solo_games_are_one_agent_envs(case):
    slug, players, config = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(seeded(env(slug, players, **config)), num_cycles=40, verbose_progress=False)


def play_out(e, seed):
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    finals = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            finals[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return finals


def test_rewards_at_the_end_are_the_games_returns():
    e = env("susumuka-modoruka", 3)
    finals = play_out(e, 5)
    state = e.unwrapped.game_state
    assert state.is_over()
    assert [finals[f"player_{i}"] for i in range(3)] == state.returns()


def test_reset_seed_is_the_games_seed():
    e = env("the-game")
    e.reset(seed=7)
    game = rulebook.load("the-game")
    expected = game.new_state(seed=7)
    obs, *_ = e.last()
    assert (
        obs["observation"].tolist() == e.unwrapped.encoder.encode(expected.infoset(0))[0].tolist()
    )


def test_an_illegal_action_ends_the_game_with_minus_one_as_classic_games_do():
    e = env("the-game")
    e.reset(seed=3)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    mover = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[mover] == -1
    assert all(r == 0 for a, r in e.rewards.items() if a != mover)


def test_ansi_render_is_the_terminal_table_of_the_agent_to_act():
    e = env("the-game", render_mode="ansi")
    e.reset(seed=7)
    text = e.render()
    assert isinstance(text, str) and "Your hand" in text
    quiet = env("the-game")
    quiet.reset(seed=7)
    assert quiet.render() is None  # no render mode: nothing drawn


def test_a_bad_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        env("the-game", render_mode="human")


def trace(e, seed, illegal_at):
    """Every (agent, observation, reward, terminated, truncated) of a seeded random game in
    which the move ``illegal_at`` is an illegal one."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    out = []
    for n, agent in enumerate(e.agent_iter(max_iter=400)):
        obs, reward, terminated, truncated, _info = e.last()
        out.append((agent, obs["observation"].tolist(), reward, terminated, truncated))
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        pool = np.flatnonzero(mask == 0) if n == illegal_at else np.flatnonzero(mask)
        e.step(int(rng.choice(pool)))
    return out, dict(e.rewards), dict(e.terminations)


@pytest.mark.parametrize(("slug", "players", "illegal_at"), [("the-game", 2, 9), ("swing", 3, 14)])
def test_env_behaves_as_the_raw_env_behind_pettingzoos_own_wrappers(slug, players, illegal_at):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the illegal-move warning, from both
        fused = trace(env(slug, players), 4, illegal_at)
        reference = trace(wrapped_env(slug, players), 4, illegal_at)
    assert fused == reference
    assert [step[2] for step in fused[0]].count(-1) == 1  # the illegal move ended it


@pytest.mark.parametrize("make", [env, wrapped_env], ids=["env", "wrapped_env"])
def test_order_and_bounds_are_enforced_as_pettingzoos_wrappers_do(make):
    e = make("the-game")
    for call in (lambda: e.step(0), lambda: e.observe("player_0"), lambda: e.agent_iter()):
        with pytest.raises(AssertionError, match="reset"):
            call()
    e.reset(seed=1)
    for out in (e.unwrapped.game.num_actions, -1):  # the fast step() refuses it, then asserts
        with pytest.raises(AssertionError, match="action space"):
            e.step(out)
    assert len(e.unwrapped.game_state.history) == 0  # nothing was applied
    with pytest.raises(AssertionError, match="step\\(\\) or reset\\(\\)"):
        for _agent in e.agent_iter():
            pass  # no step between two agents


def test_a_user_writing_into_an_action_mask_gets_numpys_error_and_the_next_mask_is_right():
    """Masks are shared per set of legal ids (read-only): a write is refused, not kept."""
    e = env("the-game", 2)
    e.reset(seed=3)
    obs, *_ = e.last()
    legal = e.unwrapped.game_state.legal_ids()
    with pytest.raises(ValueError, match="read-only"):
        obs["action_mask"][:] = 1
    with pytest.raises(ValueError, match="read-only"):
        obs["action_mask"][legal[0]] = 0
    again, *_ = e.last()
    assert np.flatnonzero(again["action_mask"]).tolist() == list(legal)
    assert np.flatnonzero(e.observe(e.agent_selection)["action_mask"]).tolist() == list(legal)
    assert obs["action_mask"].copy().flags.writeable  # a copy is the user's own
