"""OpenSpiel: every game registered as a Python game, OpenSpiel's random simulation test on
each, its ISMCTS bot playing a whole game of The GAME, tensors that leak nothing."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import rulebook
import rulebook.rl.openspiel as rl_spiel
from rulebook.engine.game import games
from rulebook.rl.leaks import check_no_leaks
from tests.rl.configs import ALL, label


def load(slug, players, config):
    return pyspiel.load_game(rl_spiel.short_name(slug), {"players": players, **config})


def test_every_game_is_registered_as_a_python_game():
    names = set(pyspiel.registered_names())
    assert {f"python_rulebook_{cls.slug.replace('-', '_')}" for cls in games()} <= names
    game = pyspiel.load_game("python_rulebook_the_game")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.num_distinct_actions() == rulebook.load("the-game").num_actions
    assert game.observation_tensor_shape() == game.information_state_tensor_shape()


@pytest.mark.parametrize("case", ALL, ids=label)
def test_openspiel_random_simulation_test(case):
    slug, players, config = case
    game = load(slug, players, {**config, "seed": 11})  # the same deal each run
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_rule_parameters_reach_the_game():
    game = load("solo-bound-female", 2, {"mode": "cooperative"})
    assert game.rules.config.mode == "cooperative"
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    with pytest.raises(Exception, match="players"):
        load("swing", 9, {})


def test_a_fixed_seed_deals_the_same_game():
    a = load("the-game", 2, {"seed": 5}).new_initial_state()
    b = load("the-game", 2, {"seed": 5}).new_initial_state()
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.inner.view(None) == rulebook.load("the-game").new_state(seed=5).view(None)


def test_resampling_keeps_the_players_information_state():
    game = load("the-game", 2, {"seed": 2})
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    key = state.information_state_string(player)
    assert all(w.information_state_string(player) == key for w in worlds)
    other = 1 - player
    assert any(w.inner.view(other) != state.inner.view(other) for w in worlds)


def test_openspiel_ismcts_bot_plays_a_whole_game_of_the_game():
    game = pyspiel.load_game("python_rulebook_the_game", {"seed": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8, random_state=rng
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            legal = state.legal_actions()
            action = legal[rng.randint(len(legal))]
        state.apply_action(action)
    assert moves > 3
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("case", [("the-game", 2, {}), ("swing", 3, {})], ids=label)
def test_openspiel_tensors_and_masks_ignore_cards_the_seat_cannot_see(case):
    slug, players, config = case
    game = load(slug, players, config)

    def observe(state, seat):
        wrapped = rl_spiel.RulebookState(game, state, [])
        return (
            np.array(wrapped.information_state_tensor(seat)),
            np.array(wrapped.legal_actions_mask(seat)),
        )

    assert check_no_leaks(game.rules, players, observe, games=1, worlds=1) > 10
