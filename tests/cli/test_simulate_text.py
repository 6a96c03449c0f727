"""``rulebook simulate`` reads without statistics: each figure with its interval and a plain
sentence, endings in words, a game's tiers in their own order (brief: a designer reads every
page we produce)."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import rulebook.cli.commands as cli
from rulebook.engine.game import load
from rulebook.sim.runner import simulate

runner = CliRunner()
SLUGS = ("the-game", "ribbon-of-bone", "solo-bound-female", "susumuka-modoruka", "swing")


def run(*args: str) -> str:
    result = runner.invoke(cli.app, list(args))
    assert result.exit_code == 0, result.stdout + result.stderr
    return result.stdout


def test_the_table_is_followed_by_what_its_columns_mean_and_what_it_says() -> None:
    out = run("simulate", "susumuka-modoruka", "--players", "3", "--games", "60")
    assert "Win rate: the share of the 60 games a seat won. 95% CI: the true win rate" in out
    assert "Draws: games a seat neither won alone nor lost" in out
    assert re.search(r"In a sentence: (No seat edge|Seat imbalance|Too few games)", out)
    assert re.search(r"Game length: 20\.0 turns on average \(95% CI [\d.]+–[\d.]+\); median", out)
    assert re.search(r"Deaths: [\d.]+ a game on average \(95% CI [\d.]+–[\d.]+\)", out)


def test_each_ending_is_shown_with_its_interval_and_its_words() -> None:
    out = run("simulate", "the-game", "--games", "40", "--seed", "2")
    data = json.loads(run("simulate", "the-game", "--games", "40", "--seed", "2", "--json"))
    words = load("the-game").endings
    for reason, count in data["end_reasons"].items():
        line = next(x for x in out.splitlines() if x.strip().startswith(f"{reason},"))
        assert f"{count} of 40 games" in line and "95% CI" in line and str(words[reason]) in line


def test_a_game_without_draws_does_not_explain_draws_and_a_solo_game_reads_as_one() -> None:
    out = run("simulate", "ribbon-of-bone", "--games", "10", "--agents", "heuristic")
    assert "Draws:" not in out
    assert re.search(r"In a sentence: .*played by heuristic", out, re.IGNORECASE)


def test_tiers_are_listed_in_their_order_not_as_first_seen() -> None:
    out = run("simulate", "susumuka-modoruka", "--players", "4", "--games", "60")
    line = next(x for x in out.splitlines() if x.startswith("Deepest trophy (games, share"))
    assert re.search(r"none \d+ \(\d+%, \d+%–\d+%\)", line), line  # each share's interval
    tiers = re.findall(r"(none|\d+-\d+|\d+\+) \d+ \(", line)
    assert tiers[0] == "none" and len(tiers) >= 3
    lows = [int(t.split("-")[0].rstrip("+")) for t in tiers[1:]]
    assert lows == sorted(lows)


def test_the_json_carries_the_intervals_of_its_means() -> None:
    summary = simulate("swing", ["random"] * 4, 30, seed=4)
    low, high = summary.turns_interval
    assert low <= summary.mean_turns <= high and low < high
    for name, value in summary.figures.items():
        assert isinstance(value, float)
        low, high = summary.figure_intervals[name]
        assert low <= value <= high
    data = json.loads(
        run("simulate", "swing", "--players", "4", "--games", "30", "--seed", "4", "--json")
    )
    low, high = data["turns_interval"]
    assert low <= data["mean_turns"] <= high
    numeric = {k for k, v in data["figures"].items() if not isinstance(v, dict)}
    assert numeric and set(data["figure_intervals"]) == numeric
    for name in numeric:
        low, high = data["figure_intervals"][name]
        assert low <= data["figures"][name] <= high


@pytest.mark.parametrize("slug", SLUGS)
def test_every_ending_a_game_reaches_has_plain_words(slug: str) -> None:
    game = load(slug)
    assert set(game.safety_limits) <= set(game.endings)
    players = min(max(game.min_players, 4), game.max_players)
    summary = simulate(slug, ["random"] * players, 40, seed=5)
    assert set(summary.end_reasons) <= set(game.endings), summary.end_reasons


@pytest.mark.parametrize(
    ("args", "seats"),
    [
        (["the-game"], 2),
        (["solo-bound-female", "--set", "mode=standard"], 2),
        (["ribbon-of-bone"], 1),
        (["swing", "--players", "3"], 3),
    ],
)
def test_one_agent_fills_every_seat_of_the_smallest_table(args: list[str], seats: int) -> None:
    """`--agents heuristic` in a two-player game used to stop with "is for 2 players, not
    1": one agent fills the table (--players, else the smallest the game, in its mode,
    allows)."""
    data = json.loads(run("simulate", *args, "--agents", "heuristic", "--games", "4", "--json"))
    assert data["agents"] == ["heuristic"] * seats


def test_a_cooperative_game_reads_as_one_result_for_the_table() -> None:
    """Both seats of a cooperative game win or lose together: the sentence is the game's
    win rate, as in a solo game, not a comparison of seats."""
    out = run(
        "simulate",
        "solo-bound-female",
        "--set",
        "mode=cooperative",
        "--agents",
        "heuristic,random",
        "--games",
        "12",
    )
    assert re.search(r"In a sentence: .*played by heuristic and random, the game is won", out, re.I)
    assert "seat edge" not in out and "imbalance" not in out


def test_counts_and_rates_keep_to_what_can_happen() -> None:
    """A mean of counts never gets a negative bound, and all-won or none-won reads as an
    exact 100% or 0%, not ">99.9%" or "<0.1%"."""
    from rulebook.sim.stats import mean_interval, wilson

    assert wilson(0, 50)[0] == 0.0 and wilson(30, 30)[1] == 1.0
    assert mean_interval([0.0] * 28 + [2.0, 2.0])[0] >= 0.0
    out = run("simulate", "ribbon-of-bone", "--agents", "heuristic", "--games", "10")
    assert "<0.1%" not in out and ">99.9%" not in out


def test_few_games_read_as_too_few_to_tell_not_as_no_seat_edge() -> None:
    """30 even games cannot rule out a 10-point edge; 400 can: only those say "No seat edge"."""
    few = run("simulate", "swing", "--games", "30")
    assert "In a sentence: Too few games to tell whether a seat has an edge (30 games" in few
    assert "No seat edge" not in few
    many = run("simulate", "swing", "--games", "400")
    assert "In a sentence: No seat edge: every seat's win rate is within reach of 50%." in many


def test_a_theme_names_its_endings_in_its_own_words() -> None:
    """The fantasy theme's report names the Curse Queue and the Treasure Hunter, not the
    classic Queue and Player 2 it renames."""
    out = run("simulate", "the-game", "--theme", "fantasy", "--games", "40", "--seed", "2")
    assert ": the Curse Queue held enough curses" in out
    assert ": Treasure Hunter collected enough treasures" in out
    assert ": a Teleport Home card was played" in out
    assert "the Queue held" not in out and "Player 2 collected" not in out


def test_the_decisions_a_game_come_with_their_interval() -> None:
    """ "253.7 decisions a game" was the one bare mean left in simulate's text."""
    data = json.loads(run("simulate", "swing", "--games", "30", "--seed", "4", "--json"))
    low, high = data["decisions_interval"]
    assert low <= data["mean_decisions"] <= high and low < high
    out = run("simulate", "swing", "--games", "30", "--seed", "4")
    said = f"{data['mean_decisions']:.1f} decisions a game (95% CI {low:.1f}–{high:.1f})"
    assert said in " ".join(out.split()), out


def test_a_safety_limit_is_called_one_once() -> None:
    """The GAME's and SWING!'s own words already say they are a safety limit ("the safety
    limit on turns stopped the game (not a rule of the game)"); simulate added "(a safety
    limit, not the rulebook's ending)" too."""
    out = run(
        "simulate", "the-game", "--games", "2", "--agents", "random,random", "--set", "max-turns=5"
    )  # fmt: skip
    line = next(x for x in out.splitlines() if x.strip().startswith("turn-limit,"))
    assert line.count("safety limit") == 1, line
    swing = run("simulate", "swing", "--games", "4", "--set", "max-rounds=1")
    line = next(x for x in swing.splitlines() if x.strip().startswith("time-limit,"))
    assert line.count("safety limit") == 1 and "not a rule of the game" in line, line


def test_a_rate_near_zero_reads_the_same_in_the_table_and_the_sentence() -> None:
    """One win in 400: the table says "<0.1%" for its interval's lower end, as the sentence
    under it does, never a rounded "0.0%" that reads as "cannot happen"."""
    out = run(
        "simulate", "the-game", "--agents", "heuristic,random", "--games", "400", "--seed", "1"
    )
    row = next(line for line in out.splitlines() if "random" in line and "│" in line)
    assert "0.0%" not in row and "<0.1% – 1.4%" in row, row
    assert "Player 2 wins 0.2% (<0.1%–1.4%)" in out
