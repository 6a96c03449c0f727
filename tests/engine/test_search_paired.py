"""Paired evaluation (``ismcts:paired=1``): every root move played out in the same sampled
worlds with the same seeds, one step of policy improvement over the rollout policy, so a
small difference between moves is not lost in the world-to-world noise (issue 23)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import make_agent
from rulebook.agents.root_searches import paired_choice
from rulebook.sim.runner import simulate_results
from tests.engine.bet import Bet, Config

SEEDS = range(40)


def bets(spec: str) -> list[str]:
    """The bet the spec makes in the Bet test game, for each seed."""
    game = Bet(Config())
    made = []
    for seed in SEEDS:
        state = game.new_state(seed=seed)
        agent = make_agent(spec, game, 0, seed)
        made.append(game.actions[int(agent.act(state.infoset(0)))].text)
    return made


def test_paired_rollouts_find_a_ten_point_edge_that_unpaired_means_miss() -> None:
    # the tree search measures each bet in worlds of its own: at 100 iterations the noise of
    # two separate win rates (0.4 and 0.5) sometimes favours the worse bet
    assert "60 or more" in bets("ismcts:iterations=100")
    # paired: any world rolling 50-59 shows the better bet, and no world shows the worse one
    assert set(bets("ismcts:iterations=100:paired=1")) == {"50 or more"}


def test_paired_time_budget_still_compares_every_move_in_each_world() -> None:
    assert set(bets("ismcts:time=0.05:iterations=400:paired=1")) == {"50 or more"}


@pytest.mark.parametrize(
    ("rows", "base", "margin", "chosen"),
    [
        ([[0.0, 1.0, 0.0]], -1, 0.0, 11),  # the best mean, no policy move to keep
        ([[0.5, 0.5, 0.0]], -1, 0.0, 10),  # a tie: the earliest
        ([[0.5, 0.5, 0.0]], 11, 0.0, 11),  # ... unless the policy's move is in it
        ([[0.0, 1.0, 0.0], [0.0, 0.0, 0.0]], 10, 0.0, 11),  # beats the policy's move
        ([[0.0, 1.0, 0.0], [0.0, 0.0, 0.0]], 10, 1.0, 10),  # but not by a standard error
        ([[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]], 10, 5.0, 11),  # a difference with no spread
    ],
)
def test_the_paired_choice_keeps_the_policys_move_unless_beaten(
    rows: list[list[float]], base: int, margin: float, chosen: int
) -> None:
    assert paired_choice((10, 11, 12), rows, base, margin) == chosen


def test_a_large_margin_plays_the_heuristics_own_move() -> None:
    game = rulebook.load("the-game")
    state = game.new_state(seed=5, players=2)
    for _ in range(30):
        seat = state.to_move
        if seat is None:
            break
        infoset = state.infoset(seat)
        spec = "ismcts:iterations=20:paired=1:policy=heuristic:rollout=8:margin=1000"
        chosen = int(make_agent(spec, game, seat, 5).act(infoset))
        if len(infoset.legal_ids()) > 1:
            assert chosen == make_agent("heuristic", game, seat, 5).act(infoset).id
        state.apply(chosen, narrate=False)


@pytest.mark.parametrize(("slug", "players"), [("the-game", 2), ("swing", 3)])
def test_paired_search_repeats_with_the_seed(slug: str, players: int) -> None:
    specs = ["ismcts:iterations=24:paired=1:policy=heuristic"] + ["heuristic"] * (players - 1)
    first = simulate_results(slug, specs, 2, seed=9)
    assert first == simulate_results(slug, specs, 2, seed=9)
    assert all(r.returns for r in first)
