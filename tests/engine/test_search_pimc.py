"""Perfect-information Monte Carlo over the other seats' cards (``ismcts:pimc=K``, issue 23):
K worlds sampled from the searcher's information set, each searched by a tree of its own in
which every seat plays on the cards it holds there (the decks still re-dealt), the move with
the best mean over the K trees played. An option; the default (``pimc=0``) is one tree."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import make_agent
from rulebook.sim.runner import simulate_results
from tests.cli.helpers import assert_one_line_error, run
from tests.engine.guess import Config, Guess


def first_move(spec: str, seed: int) -> str:
    game = Guess(Config())
    state = game.new_state(seed=seed)
    agent = make_agent(spec, game, 0, seed)
    return game.actions[int(agent.act(state.infoset(0)))].text


@pytest.mark.parametrize(
    "budget", ["iterations=300:pimc=4", "iterations=300:pimc=1", "time=0.2:pimc=4"]
)
@pytest.mark.parametrize("seed", range(4))
def test_each_world_has_the_other_player_name_the_card_it_holds_there(
    seed: int, budget: str
) -> None:
    # in each sampled world Player 2's card is known to its tree, so it names it and a dare
    # loses there: the search stops for the draw, where one shared tree dares (the pooled
    # Player 2 names at random: test_search_trees)
    assert first_move("ismcts:iterations=300", seed) == "Dare"
    assert first_move(f"ismcts:{budget}", seed) == "Stop (a draw)"


def test_pimc_repeats_with_the_seed_and_zero_is_the_one_tree_search() -> None:
    specs = ["ismcts:iterations=40:pimc=4", "heuristic"]
    first = simulate_results("the-game", specs, 2, seed=9)
    assert first == simulate_results("the-game", specs, 2, seed=9)
    assert all(r.returns for r in first)
    one_tree = simulate_results("the-game", ["ismcts:iterations=40", "heuristic"], 2, seed=9)
    off = simulate_results("the-game", ["ismcts:iterations=40:pimc=0", "heuristic"], 2, seed=9)
    assert off == one_tree


def test_pimc_keeps_every_choice_legal_at_a_larger_table() -> None:
    game = rulebook.load("swing")
    state = game.new_state(seed=3, players=3)
    for _ in range(10):
        seat = state.to_move
        assert seat is not None
        move = int(
            make_agent("ismcts:iterations=24:pimc=3", game, seat, 3).act(state.infoset(seat))
        )
        assert move in state.legal_ids()
        state.apply(move, narrate=False)


def test_the_oracle_takes_no_pimc_and_a_bad_one_is_named_at_the_command_line() -> None:
    with pytest.raises(rulebook.UnknownAgent, match="no option 'pimc'"):
        make_agent("oracle:pimc=4", rulebook.load("the-game"), 0, 0)
    assert_one_line_error(
        run("simulate", "the-game", "--games", "1", "--agents", "ismcts:pimc=abc,heuristic"),
        "option pimc must be an integer, not 'abc'",
    )
