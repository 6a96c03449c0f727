"""A game's own figures in simulation reports (State.tallies): numbers averaged, words counted."""

from __future__ import annotations

from rulebook.sim.runner import simulate
from tests.cli.helpers import run


def test_susumuka_modoruka_reports_deaths_and_the_deepest_trophy() -> None:
    agents = ["heuristic", "random", "random", "random"]
    summary = simulate("susumuka-modoruka", agents, 12, seed=4)
    tiers = summary.figures["deepest trophy"]
    assert isinstance(tiers, dict) and sum(tiers.values()) == 12
    assert set(tiers) <= {"none", "1-4", "5-9", "10-19", "20-24", "25+"}
    deaths = summary.figures["deaths"]
    assert isinstance(deaths, float) and deaths > 0
    assert summary.as_dict()["figures"] == summary.figures


def test_the_simulate_command_prints_them() -> None:
    code, out, err = run(
        "simulate", "susumuka-modoruka", "--games", "6", "--agents", "heuristic,random"
    )
    assert code == 0, err
    assert "Deaths:" in out and "a game on average" in out
    assert "Deepest trophy (games, share with its 95% CI):" in out


def test_a_game_without_figures_reports_none() -> None:
    assert simulate("the-game", ["random", "random"], 5, seed=1).figures == {}
