"""Scores (issue 24): an outcome may carry each seat's points on the game's declared
``score_range``; returns are the points on that scale (what search maximises), win rates come
from the win shares, `simulate` and the report show the mean points with a 95% interval, and
the harness holds `utility` to its word. Win/lose games are unchanged."""

from __future__ import annotations

import json

import pytest

from rulebook.engine.conformance import ConformanceError, check
from rulebook.engine.outcome import Outcome
from rulebook.lab.build import Settings, build
from rulebook.lab.page import render
from rulebook.sim.runner import simulate
from tests.cli.helpers import run
from tests.engine.toy import Toy


def finished(points: str, seed: int = 3) -> tuple[Toy, object]:
    game = Toy.from_options(points=points)
    state = game.new_state(seed=seed)
    while not state.is_over():
        state.apply(state.legal_ids()[0])
    return game, state


def test_returns_are_the_points_on_the_declared_range() -> None:
    game, state = finished("general")
    outcome = state.outcome()  # type: ignore[attr-defined]
    assert outcome.points is not None and len(outcome.points) == 2
    low, high = game.score_range or (0, 0)
    assert state.returns() == [(p - low) / (high - low) for p in outcome.points]  # type: ignore[attr-defined]
    best = max(outcome.points)
    assert outcome.winners == tuple(s for s in (0, 1) if outcome.points[s] == best)
    assert sum(outcome.win_shares()) == pytest.approx(1.0)


def test_zero_sum_points_add_to_zero_and_survive_a_save() -> None:
    game, state = finished("zero-sum", seed=5)
    outcome = state.outcome()  # type: ignore[attr-defined]
    assert sum(outcome.points) == 0
    again = game.state_from_json(json.loads(json.dumps(state.to_json())), verify=True)  # type: ignore[attr-defined]
    assert again.outcome() == outcome and again.returns() == state.returns()  # type: ignore[attr-defined]


def test_the_harness_passes_a_scoring_game_and_holds_utility_to_its_word() -> None:
    assert check(Toy.from_options(points="zero-sum"), games=15).games == 30  # 2 and 3 players
    assert check(Toy.from_options(points="general"), games=15).games == 30  # 2 and 3 players
    with pytest.raises(ConformanceError, match="zero-sum game's points must add to zero"):
        check(Toy.from_options(points="unbalanced"), games=15)
    with pytest.raises(ConformanceError, match=r"within score_range|in \[0, 1\]"):
        check(Toy.from_options(points="beyond"), games=15)


def test_a_win_lose_outcome_is_unchanged() -> None:
    outcome = Outcome.win("score", [1], 2, "5 points")
    assert outcome.points is None and outcome.win_shares() == (0.0, 1.0)
    assert outcome.to_json() == {
        "reason": "score",
        "winners": [1],
        "scores": [0.0, 1.0],
        "text": "5 points",
    }
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_a_tie_on_points_is_a_draw_and_a_team_wins_together() -> None:
    tie = Outcome.scored("end", [3, 3])
    assert tie.winners == () and tie.win_shares() == (0.5, 0.5)
    team = Outcome.scored("end", [7, 7], winners=[0, 1], team=True)
    assert team.win_shares() == (1.0, 1.0)


def test_simulate_shows_mean_points_with_an_interval() -> None:
    summary = simulate("toy", ["random", "random"], 40, seed=1, config={"points": "zero-sum"})
    means = [s.mean_points for s in summary.seats]
    assert means[0] is not None and means[1] is not None
    assert means[0] + means[1] == pytest.approx(0.0)
    for s in summary.seats:
        assert s.points_interval is not None
        assert s.points_interval[0] < s.mean_points < s.points_interval[1]  # type: ignore[operator]
    assert sum(s.wins + s.draws + s.losses for s in summary.seats) == 80
    code, out, err = run(
        "simulate", "toy", "--games", "40", "--seed", "1", "--set", "points=zero-sum"
    )
    assert code == 0, err
    assert "mean points" in out and f"{means[0]:.2f}" in out


def test_a_win_lose_game_reports_no_points() -> None:
    summary = simulate("toy", ["random", "random"], 10, seed=1)
    assert all("mean_points" not in s.as_dict() for s in summary.seats)
    code, out, _ = run("simulate", "toy", "--games", "10", "--seed", "1")
    assert code == 0 and "mean points" not in out


def test_the_report_has_a_scores_section_only_for_a_game_that_scores() -> None:
    settings = Settings("toy", ["random", "random"], 20, ladder_games=0, estimate_every=0)
    assert "scores" not in build(settings)
    settings.config = {"points": "general"}
    report = build(settings)
    section = report["scores"]
    assert section["name"] == "points" and section["range"] == [0, 42]
    assert [row["role"] for row in section["seats"]] == ["Player 1", "Player 2"]
    assert all(row["ci"][0] <= row["mean"] <= row["ci"][1] for row in section["seats"])
    page = render(report)
    assert "mean points" in page and f"{section['seats'][0]['mean']:.2f}" in page
