"""The search agents' budgets and the oracle's boundary (issue 23): ``time=`` bounds a move's
wall time, bad options are named, and only the engine's own oracle ever gets a true state."""

from __future__ import annotations

import time

import pytest

import rulebook
from rulebook.agents import decide, make_agent, refuse_at_table
from rulebook.agents.oracle import OracleAgent
from rulebook.sim.runner import simulate_results
from tests.cli.helpers import assert_one_line_error, run
from tests.engine.toy import Config, Toy


def test_a_time_budget_is_used_and_not_overrun() -> None:
    game = rulebook.load("swing")
    state = game.new_state(seed=4, players=2)
    agent = make_agent("ismcts:time=0.3", game, state.to_move or 0, 4)
    start = time.perf_counter()
    chosen = int(agent.act(state.infoset(state.to_move or 0)))
    took = time.perf_counter() - start
    assert chosen in state.legal_ids()
    assert 0.29 <= took < 0.3 + 1.0  # it searches until the budget, then stops (a shared,
    # loaded machine can pause a process for longer than the few milliseconds it overruns)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("time=-1", "time must be more than 0 seconds, not '-1'"),
        ("time=0", "time must be more than 0 seconds, not '0'"),
        ("time=nan", "time must be more than 0 seconds, not 'nan'"),
        ("time=abc", "time must be a number of seconds, not 'abc'"),
        ("speed=3", "has no option 'speed'"),
        ("rollout_turns=-1", "option rollout_turns must be at least 0"),
        ("guess=2", "guess must be off or a weight from 0 to 1, not '2'"),
        ("guess=some", "guess must be off or a weight from 0 to 1, not 'some'"),
        ("trees=forest", "trees must be one or seat, not 'forest'"),
        ("share=-1", "option share cannot be negative"),
        ("share=lots", "option share must be a number, not 'lots'"),
        ("paired=yes", "paired must be 0 or 1, not 'yes'"),
        ("paired=1:margin=-2", "option margin cannot be negative"),
        ("margin=2", "margin is paired=1's option; without it, it would change nothing"),
        ("pimc=-1", "option pimc must be at least 0"),
        ("pimc=abc", "option pimc must be an integer, not 'abc'"),
        ("pimc=200:iterations=100", "pimc=200 searches 200 worlds a move, more than its 100 "),
        ("pimc=4:paired=1", "pimc and paired=1 are two different searches; give one of them"),
    ],
)
def test_bad_search_options_are_named(option: str, message: str) -> None:
    with pytest.raises(rulebook.UnknownAgent, match=message):
        make_agent(f"ismcts:{option}", Toy(Config()), 0, 0)
    assert_one_line_error(
        run("play", "swing", "--seat", "human", "--seat", f"ismcts:{option}"), message
    )


def test_the_oracle_is_refused_at_a_table_in_one_line() -> None:
    assert_one_line_error(
        run("play", "swing", "--seat", "human", "--seat", "oracle"), "'oracle' cannot take a seat"
    )
    with pytest.raises(rulebook.UnknownAgent, match="never plays at a table"):
        refuse_at_table("oracle:iterations=5")
    refuse_at_table("ismcts:time=1")  # a search may sit at a table


def test_a_simulation_refuses_a_time_budget_it_could_not_repeat() -> None:
    assert_one_line_error(
        run("simulate", "swing", "--games", "1", "--agents", "ismcts:time=1,random"),
        "simulations use iterations=",
    )


def test_only_the_engines_oracle_is_handed_the_true_state() -> None:
    game = Toy(Config())
    state = game.new_state(seed=2)
    oracle = make_agent("oracle:iterations=30", game, 0, 2)
    assert type(oracle) is OracleAgent
    assert decide(oracle, state, 0) in state.legal_ids()
    with pytest.raises(rulebook.UnknownAgent, match="never plays at a table"):
        oracle.act(state.infoset(0))  # from an information set it cannot act

    class Peeker(OracleAgent):  # a look-alike gets an information set, like every agent
        pass

    with pytest.raises(rulebook.UnknownAgent):
        decide(Peeker(game, 0, 2, {"iterations": "30"}), state, 0)


def test_seeded_searches_repeat_and_the_oracle_simulates() -> None:
    specs = ["oracle:iterations=20", "ismcts:iterations=20"]
    first = simulate_results("swing", specs, 2, seed=5)
    assert first == simulate_results("swing", specs, 2, seed=5)
    assert all(sum(r.returns) == 1.0 for r in first)


def test_a_prior_names_an_agent_of_the_game() -> None:
    game = rulebook.load("swing")
    with pytest.raises(rulebook.UnknownAgent, match="prior 'wizard' is not an agent of swing"):
        make_agent("ismcts:prior=wizard", game, 0, 0)
    with pytest.raises(rulebook.UnknownAgent, match="prior names a quick agent, not oracle"):
        make_agent("ismcts:prior=oracle", game, 0, 0)
    state = game.new_state(seed=4, players=2)
    seat = state.to_move or 0
    agent = make_agent("ismcts:iterations=40:prior=heuristic", game, seat, 4)
    assert int(agent.act(state.infoset(seat))) in state.legal_ids()
