"""``rulebook tune``: a search toward targets, verified next to the default on fresh games;
stopped and resumed through --study; bad targets and budgets are one line."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from rulebook.cli.tune import describe, verdict
from rulebook.engine.game import load
from rulebook.extras import install_hint
from rulebook.sim.backend import open_backend
from rulebook.sim.measure import balance, gap
from rulebook.sim.runner import GameResult, simulate
from rulebook.sim.targets import distance, distance_interval, parse_target
from rulebook.sim.tune import Plan, search, verify
from rulebook.sim.vary import parse_axes
from tests.cli.helpers import assert_one_line_error, run

TUNE = (
    "tune", "the-game", "--agents", "heuristic,random",
    "--games", "12", "--verify-games", "16", "--verify-best", "2", "--seed", "2",
)  # fmt: skip
SMALL = (*TUNE, "--vary", "hand-size=4..6")


def tuned(*args: str, base: tuple[str, ...] = SMALL) -> dict[str, Any]:
    code, out, err = run(*base, *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_tune_verifies_the_best_and_the_default_on_fresh_games() -> None:
    data = tuned("--target", "length=40", "--target", "win-rate:2=0.3@2", "--budget", "4")
    assert data["objective"] == (
        "distance = 1×|mean turns − 40| / 40 + 2×|Player 2 win rate − 0.3|"
    )
    blocks = max(row["blocks"] for row in data["searched"])  # a setting's trials
    first = 12 * blocks  # the search played games 0-11, and 12-23 for a second trial, ...
    assert data["fresh_games"] == f"games {first}-{first + 15} of seed 2"
    assert sum(row["blocks"] for row in data["searched"]) == data["trials"] == 4
    assert data["default"]["settings"] == {"hand-size": 5}
    assert data["best"] in [*data["candidates"], data["default"]]
    for row in [data["best"], data["default"]]:
        v = row["verified"]
        assert v["games"] == 16
        assert {"seats", "length", "ends", "draws"} <= set(v)
        expected = abs(v["length"]["mean"] - 40) / 40 + 2 * abs(v["seats"][1]["win_rate"] - 0.3)
        assert v["distance"] == pytest.approx(expected)
        (length, win) = v["targets"]
        assert length["value"] == v["length"]["mean"] and win["weight"] == 2
        assert win["interval"] == v["seats"][1]["interval"]
    best = data["best"]["verified"]["distance"]
    assert all(best <= c["verified"]["distance"] for c in [*data["candidates"], data["default"]])
    again = tuned("--target", "length=40", "--target", "win-rate:2=0.3@2", "--budget", "4")
    assert again == data  # same seed, same search, same verification


def test_a_stopped_run_resumes_from_its_study(tmp_path: Path) -> None:
    study = str(tmp_path / "run.sqlite")
    first = tuned("--target", "balance", "--budget", "2", "--study", study)
    assert first["trials"] == 2
    resumed = tuned("--target", "balance", "--budget", "3", "--study", study)
    assert resumed["trials"] == 3  # two kept, one more played
    kept = {json.dumps(row["settings"]): row for row in first["searched"]}
    for row in resumed["searched"]:  # the kept trials' numbers are the same
        if json.dumps(row["settings"]) in kept and row["blocks"] == 1:
            assert row == kept[json.dumps(row["settings"])]
    code, out, err = run(*SMALL, "--target", "balance", "--budget", "3", "--study", study)
    assert code == 0, err
    assert "default" in out and "distance = 1×(highest − lowest seat share of the games won)" in out
    other = run(*SMALL, "--target", "length=30", "--budget", "3", "--study", study)
    assert_one_line_error(other, "holds a tuning run with other options")


def test_the_tables_distance_reads_in_points_like_the_targets_lines_unless_a_length_mixes_in() -> (
    None
):
    code, out, err = run(*SMALL, "--target", "balance", "--budget", "3")
    assert code == 0, err
    default = next(line for line in out.splitlines() if line.startswith("balance: "))
    points = default.split("default ")[1].split(" points")[0]  # e.g. 12.8
    assert "(points)" in out and f" {points} " in out.split("balance: ")[0], out
    code, out, err = run(*SMALL, "--target", "balance", "--target", "length=40", "--budget", "3")
    assert code == 0 and "(points)" not in out, out + err


def test_a_resumed_search_counts_its_kept_trials_as_done(tmp_path: Path) -> None:
    """The progress bar of a resumed run starts where the stopped one was, not at zero."""
    game = load("the-game")
    axes = parse_axes("the-game", ["hand-size=4..6"])
    plan = Plan("the-game", ["heuristic", "random"], axes, [parse_target(game, 2, "balance")], 6, 6)
    study = tmp_path / "run.sqlite"
    counted: list[int] = []
    with open_backend() as backend:
        search(plan, 2, backend, study, counted.append)
        assert sum(counted) == 2 * 6
        counted.clear()
        search(plan, 3, backend, study, counted.append)
    assert sum(counted) == 3 * 6  # two trials kept, one played: the whole budget is done


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--target", "balance", "--budget", "0"], "'--budget': it must be at least 1"),
        (["--target", "win-rate:3=0.5"], "no seat '3' in this game (seats: 1 (Player 1), 2"),
        (["--target", "win-rate:Player 3=0.5"], "no seat 'Player 3'"),
        (["--target", "draw-rate=1.5"], "a rate is between 0 and 1"),
        (["--target", "length=0"], "the length is a number of turns above 0"),
        (["--target", "length"], "is not one of: balance, length=TURNS"),
        (["--target", "fairness"], "is not one of: balance, length=TURNS"),
        (["--target", "balance@-1"], "a weight is above 0"),
        (["--target", "end:nope=0.5"], "REASON: queue, pleasures, stop-game, turn-limit"),
        ([], "give at least one --target"),
    ],
)
def test_bad_targets_and_budgets_are_one_line(args: list[str], message: str) -> None:
    assert_one_line_error(run(*SMALL, *args), message)


def test_balance_in_a_solo_game_is_one_line() -> None:
    """A solo game has one seat: there is no balance to aim at (it read as 0, always)."""
    result = run(
        "tune", "ribbon-of-bone", "--vary", "starting-health=3..4", "--target", "balance",
        "--games", "2", "--agents", "random",
    )  # fmt: skip
    assert_one_line_error(result, "--target 'balance': no seat '2' in this game (seats: 1 (")


def test_a_study_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "tuning.sqlite"
    result = run(*SMALL, "--target", "balance", "--budget", "1", "--study", str(missing))
    assert_one_line_error(result, f"--study {missing}: folder '{missing.parent}' does not exist")
    result = run(*SMALL, "--target", "balance", "--budget", "1", "--study", str(tmp_path))
    assert_one_line_error(result, f"--study {tmp_path}: is a folder, not a file")
    garbage = tmp_path / "notes.sqlite"
    garbage.write_text("not a database")
    result = run(*SMALL, "--target", "balance", "--budget", "1", "--study", str(garbage))
    assert_one_line_error(result, f"tuning failed: --study {garbage}: file is not a database")


def test_tune_without_optuna_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)
    result = run(*SMALL, "--target", "balance")
    hint = install_hint("tune")  # the checkout's own path: '.[tune]' works only inside it
    assert_one_line_error(result, f"rulebook tune needs the optional extra 'tune': {hint}")


def test_a_setting_asked_again_plays_its_next_games() -> None:
    """A repeat is not told the same lucky number again: it plays the setting's next block."""
    one = (*TUNE, "--vary", "hand-size=6")
    once = tuned("--target", "balance", "--budget", "1", base=one)
    code, out, err = run(
        "simulate", "the-game", "--set", "hand-size=6", "--agents", "heuristic,random",
        "--games", "12", "--seed", "2", "--json",
    )  # fmt: skip
    assert code == 0, err
    wins = [s["wins"] for s in json.loads(out)["seats"]]  # block 0: simulate's games
    share = wins[0] / sum(wins)  # of the games won (draws count for no seat)
    assert once["searched"][0]["distance"] == pytest.approx(abs(2 * share - 1))
    thrice = tuned("--target", "balance", "--budget", "3", base=one)
    assert [row["blocks"] for row in thrice["searched"]] == [3]
    assert thrice["fresh_games"] == "games 36-51 of seed 2"  # after blocks 0-11, 12-23, 24-35


def test_the_default_is_best_when_no_candidate_beats_it_on_fresh_games() -> None:
    game = load("the-game")
    agents = ["heuristic", "random"]
    turns = simulate("the-game", agents, 16, seed=2).mean_turns  # the default's games 0-15
    axes = parse_axes("the-game", ["hand-size=2..6"])
    target = parse_target(game, 2, f"length={turns}")
    plan = Plan("the-game", agents, axes, [target], games=8, verify_games=16, seed=2)
    with open_backend("processes", jobs=1) as backend:
        result = verify(plan, backend, [{"hand-size": 2}], first=0)
    assert result["best"] == result["default"] and result["best"]["verified"]["distance"] == 0
    assert result["candidates"][0]["verified"]["distance"] > 0


def test_a_candidate_that_only_ties_the_default_does_not_replace_it() -> None:
    """The README: the best is the default "if nothing beats it"; a tie is no win (a safety
    limit no game reaches plays the very same games, and was printed as the best)."""
    game = load("the-game")
    axes = parse_axes("the-game", ["max-turns=399,400"])
    plan = Plan("the-game", ["heuristic", "random"], axes, [parse_target(game, 2, "length=30")],
                games=8, verify_games=16, seed=2)  # fmt: skip
    with open_backend("processes", jobs=1) as backend:
        result = verify(plan, backend, [{"max-turns": 399}], first=0)
    tied = result["candidates"][0]["verified"]["distance"]
    assert tied == result["default"]["verified"]["distance"]
    assert result["best"] is result["default"]


def won(p1: int, p2: int, draws: int) -> list[GameResult]:
    returns = [(1.0, 0.0)] * p1 + [(0.0, 1.0)] * p2 + [(0.5, 0.5)] * draws
    return [GameResult(i, r, 10, 5, "end") for i, r in enumerate(returns)]


def test_balance_is_not_won_by_rules_under_which_nobody_wins() -> None:
    """Equal win rates near 0 (almost every game a draw) are not balance: the target reads
    the seats' shares of the games won."""
    nobody = won(2, 0, 98)  # win rates 2% and 0%: a gap of 2 points
    assert gap(nobody)["value"] == pytest.approx(0.02)
    assert balance(nobody)["value"] == 1.0  # every game won went to Player 1
    assert balance(won(0, 0, 50))["value"] == 1.0  # no game won at all: the worst
    even = balance(won(450, 450, 100))
    assert even["value"] == 0.0 and even["decided"] == 900
    low, high = even["interval"]
    assert low == 0.0 and 0.05 < high < 0.08  # ±2 × the Wilson half-width of a share
    assert balance(won(600, 300, 100))["value"] == pytest.approx(1 / 3)


def test_balance_at_three_seats_has_its_interval_too() -> None:
    """A tuning run at three or more seats printed the balance bare ("12.0 points"): each
    figure a designer reads carries its interval."""
    returns = [(1.0, 0.0, 0.0)] * 50 + [(0.0, 1.0, 0.0)] * 30 + [(0.0, 0.0, 1.0)] * 20
    results = [GameResult(i, r, 10, 5, "end") for i, r in enumerate(returns)]
    found, spread = balance(results), gap(results)
    assert found["value"] == pytest.approx(0.3) and spread["value"] == pytest.approx(0.3)
    low, high = found["interval"]
    assert 0.0 < low < 0.3 < high < 0.6
    assert spread["interval"] == found["interval"]  # no draws: the same games decide both
    game = load("swing")
    shown = describe(parse_target(game, 3, "balance"), {"value": 0.3, "interval": [low, high]})
    assert shown == f"30.0 points ({100 * low:.1f}–{100 * high:.1f})"


def test_the_distance_has_the_range_its_targets_intervals_allow() -> None:
    """The objective a designer reads in the tuning table comes with its range: 0 at the near
    end when the mark lies inside a target's interval, each target weighted as in the sum."""
    game = load("the-game")
    length, draws = parse_target(game, 2, "length=40@2"), parse_target(game, 2, "draw-rate=0.1")
    measured = {
        "length": {"mean": 44.0, "interval": [42.0, 46.0]},
        "draws": {"rate": 0.12, "interval": [0.05, 0.2]},
    }
    assert length.distance_interval(measured) == (0.05, 0.15)
    assert draws.distance_interval(measured) == (0.0, pytest.approx(0.1))
    low, high = distance_interval([length, draws], measured) or [0, 0]
    assert (low, high) == (pytest.approx(0.1), pytest.approx(0.4))
    assert low <= distance([length, draws], measured) <= high


def test_the_printed_targets_read_in_points_percent_and_turns_with_a_sentence() -> None:
    """A designer reads each target's figure in its own unit, with its interval, and one
    plain sentence on whether the best is told apart from the default (it printed "balance:
    best 0.0227 (95% interval 0–0.226)", a share no page explained). Goals of four hand
    Player 2 most games; five even the seats but make the game longer."""
    base = (
        "tune", "the-game", "--agents", "heuristic,heuristic", "--games", "12",
        "--verify-games", "40", "--verify-best", "2", "--seed", "2", "--budget", "3",
        "--set", "pleasures-to-win=4", "--vary", "pleasures-to-win=4..5",
    )  # fmt: skip
    targets = ("--target", "balance", "--target", "length=40", "--target", "draw-rate=0.1")
    code, out, err = run(*base, *targets)
    assert code == 0, err
    data = tuned(*targets, base=base)
    assert data["best"]["settings"] != data["default"]["settings"]
    lines = " ".join(out.split())  # the terminal may wrap a line
    for key, verified in (("best", data["best"]), ("default", data["default"])):
        balance = verified["verified"]["balance"]
        low, high = balance["interval"]
        assert (
            f"{key} {100 * balance['value']:.1f} points ({100 * low:.1f}–{100 * high:.1f})" in lines
        ), lines
        length = verified["verified"]["length"]
        assert f"{key} {length['mean']:.1f} turns (" in lines, lines
    assert re.search(r"draw-rate=0\.1: best \d+(\.\d)?% \(\d", lines), lines
    sentence = lines[lines.index("In a sentence: ") :]
    assert sentence.startswith(
        "In a sentence: on 40 fresh games, the best is nearer the mark than the default "
        "beyond chance on balance; within chance of the default on length=40, draw-rate=0.1"
    ), sentence


def test_the_verdict_compares_distances_not_figures() -> None:
    """38 (37-39) turns and 42.5 (42-43) are apart, but 2 and 2.5 turns from a mark of 40
    are not: "farther beyond chance" said more than the games showed. 30 (29-31) is."""
    game = load("the-game")
    target = parse_target(game, 2, "length=40")

    def verified(mean: float, low: float, high: float) -> dict[str, Any]:
        return {"verified": {"games": 400, "length": {"mean": mean, "interval": [low, high]}},
                "settings": {"hand-size": mean}}  # fmt: skip

    default = verified(42.5, 42.0, 43.0)
    cases = (
        (verified(38.0, 37.0, 39.0), "within chance of the default on"),
        (verified(30.0, 29.0, 31.0), "farther from the mark than the default"),
        (verified(40.5, 40.0, 41.0), "nearer the mark than the default"),
    )
    for best, said in cases:
        sentence = verdict({"best": best, "default": default}, [target])
        assert sentence.startswith(f"on 400 fresh games, the best is {said}"), sentence


def test_two_seats_and_two_targets_fit_the_terminal_with_every_cell_whole() -> None:
    """The distance's range made a two-seat row 84 columns wide, and rich cut its note to
    "best (defaul": the notes now sit under the setting, and each row stays on one line."""
    code, out, err = run(
        "tune", "the-game", "--vary", "pleasures-to-win=4..5", "--target", "balance",
        "--target", "length=40", "--games", "12", "--budget", "3", "--verify-games", "40",
        "--verify-best", "2", "--agents", "heuristic,heuristic",
    )  # fmt: skip
    assert code == 0, err
    table = out[out.index("\n") + 1 : out.index("Searched")]  # after the objective
    assert max(map(len, table.splitlines())) <= 80, table
    assert "…" not in table and "(default)" in table and "(best)" in table, table
    assert re.search(r"0\.\d{3} \d\.\d\d–\d\.\d\d +\d+% \d+–\d+", table), table  # one line


def test_six_seats_fit_the_terminal_with_every_figure_whole() -> None:
    """As with sweep: at 80 columns six seats' cells were cut ("Playe…", "17% 3…") and the
    varied setting's column dropped."""
    code, out, err = run(
        "tune", "swing", "--players", "6", "--vary", "max-rounds=8,10", "--target", "balance",
        "--games", "4", "--budget", "2", "--verify-games", "4", "--verify-best", "2",
    )  # fmt: skip
    assert code == 0, err
    assert "…" not in out, out
    table = out[: out.index("Searched")]
    assert max(map(len, table.splitlines())) <= 80
    assert table.count("max-rounds") == 1 and "(default)" in table and "(best)" in table
    rows = table.count("%") // 6
    assert len(re.findall(r"(?<![\d.])\d+–\d+(?![\d.])", table)) == 6 * rows
    assert len(re.findall(r"\d\.\d–\d+\.\d", table)) == rows  # each distance's range, in points
