"""The heuristic clearly beats random play; the terminal table shows orientation and values."""

from __future__ import annotations

from rich.console import Console

import rulebook
from rulebook.engine.random import Rng
from rulebook.games.solo_bound_female.agents import HeuristicAgent
from tests.games.solo_bound_female.helpers import act, start


def _win_rate(agent: str, games: int) -> float:
    g = rulebook.load("solo-bound-female")
    wins = 0
    for seed in range(games):
        state = g.new_state(seed=seed)
        rng = Rng(seed)
        player = HeuristicAgent(g, 0, seed, {})
        while not state.is_over():
            if agent == "random":
                ids = state.legal_ids()
                state.apply(ids[rng.below(len(ids))], narrate=False)
            else:
                state.apply(player.act(state.infoset(0)), narrate=False)
        wins += state.returns()[0] == 1.0
    return wins / games


def test_heuristic_clearly_beats_random() -> None:
    heuristic, random = _win_rate("heuristic", 60), _win_rate("random", 60)
    assert heuristic > random + 0.3, (heuristic, random)


def test_table_shows_values_orientation_and_the_notice() -> None:
    state = start(hand=["cuffs"], reveals=["p3"])
    act(state, "Play Test Cuffs")
    act(state, "Trigger Test Cuffs")
    g = state.game
    console = Console(width=100, record=True)
    console.print(g.frontend().render(g, state.view(0)))
    text = console.export_text()
    assert "— Test Cuffs" in text and "| Test Watcher" in text and "eye 3" in text
    assert "Visibility 1/10" in text and "Hand (6)" in text


def test_summary_at_the_end() -> None:
    g = rulebook.load("solo-bound-female")
    state = g.new_state(seed=5)
    while not state.is_over():
        state.apply(state.legal_ids()[0])
    console = Console(width=100, record=True)
    console.print(g.frontend().summary(g, state.view(0)))  # type: ignore[misc]
    assert "Turns:" in console.export_text()
