"""Per-seat trees (``ismcts:trees=seat``, after multiple-observer ISMCTS): another seat's moves
in the search are chosen from its own statistics, kept per its information set in each
sampled world, not pooled over the hidden cards the searcher cannot see (issue 23)."""

from __future__ import annotations

import pytest

import rulebook
from rulebook.agents import make_agent
from rulebook.sim.runner import simulate_results
from tests.engine.guess import Config, Guess


def first_move(spec: str, seed: int) -> str:
    game = Guess(Config())
    state = game.new_state(seed=seed)
    agent = make_agent(spec, game, 0, seed)
    return game.actions[int(agent.act(state.infoset(0)))].text


@pytest.mark.parametrize("seed", range(4))
def test_one_tree_dares_a_player_who_knows_its_card(seed: int) -> None:
    # the single tree pools Player 2's names over its three possible cards: a dare looks
    # like a two-in-three win, so the search dares and loses to any player who looks
    assert first_move("ismcts:iterations=300", seed) == "Dare"


@pytest.mark.parametrize("extra", ["", ":share=5", ":worlds=8", ":time=0.2"])
@pytest.mark.parametrize("seed", range(4))
def test_per_seat_trees_see_that_the_other_player_names_its_own_card(seed: int, extra: str) -> None:
    # Player 2's node is split by the card it holds in each world: it learns to name it,
    # so a dare loses and the search stops for the draw
    budget = "" if "time" in extra else "iterations=300:"
    assert first_move(f"ismcts:{budget}trees=seat{extra}", seed) == "Stop (a draw)"


@pytest.mark.parametrize(("slug", "players"), [("the-game", 2), ("swing", 3)])
def test_per_seat_trees_repeat_with_the_seed_at_any_table(slug: str, players: int) -> None:
    specs = ["ismcts:iterations=30:trees=seat"] + ["heuristic"] * (players - 1)
    first = simulate_results(slug, specs, 2, seed=9)
    assert first == simulate_results(slug, specs, 2, seed=9)
    assert all(r.returns for r in first)


def test_per_seat_trees_keep_the_searchers_own_choices_legal() -> None:
    game = rulebook.load("the-game")
    state = game.new_state(seed=3, players=2)
    for _ in range(12):  # both seats search, with and without the opponent model
        seat = state.to_move
        assert seat is not None
        spec = "ismcts:iterations=40:trees=seat" + (":opponents=random" if seat else "")
        agent = make_agent(spec, game, seat, 3)
        move = int(agent.act(state.infoset(seat)))
        assert move in state.legal_ids()
        state.apply(move, narrate=False)
