"""``rulebook tune``: a search toward targets, verified next to the default on fresh games;
stopped and resumed through --study; bad targets and budgets are one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import assert_one_line_error, run

SMALL = (
    "tune", "the-game", "--vary", "hand-size=4..6", "--agents", "heuristic,random",
    "--games", "12", "--verify-games", "16", "--verify-best", "2", "--seed", "2",
)  # fmt: skip


def tuned(*args: str) -> dict[str, Any]:
    code, out, err = run(*SMALL, *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_tune_verifies_the_best_and_the_default_on_fresh_games() -> None:
    data = tuned("--target", "length=40", "--target", "win-rate:2=0.3@2", "--budget", "4")
    assert data["objective"] == (
        "distance = 1×|mean turns − 40| / 40 + 2×|Player 2 win rate − 0.3|"
    )
    assert data["fresh_games"] == "games 12-27 of seed 2"  # the search played games 0-11
    assert data["default"]["settings"] == {"hand-size": 5}
    assert data["best"] in data["candidates"]
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
    assert all(best <= c["verified"]["distance"] for c in data["candidates"])
    again = tuned("--target", "length=40", "--target", "win-rate:2=0.3@2", "--budget", "4")
    assert again == data  # same seed, same search, same verification


def test_a_stopped_run_resumes_from_its_study(tmp_path: Path) -> None:
    study = str(tmp_path / "run.sqlite")
    first = tuned("--target", "balance", "--budget", "2", "--study", study)
    assert first["settings_measured"] == 2
    resumed = tuned("--target", "balance", "--budget", "3", "--study", study)
    assert resumed["settings_measured"] == 3  # two kept, one more measured
    assert resumed["trials"] >= first["trials"] + 1
    code, out, err = run(*SMALL, "--target", "balance", "--budget", "3", "--study", study)
    assert code == 0, err
    assert "default" in out and "distance = 1×(highest − lowest seat win rate)" in out
    other = run(*SMALL, "--target", "length=30", "--budget", "3", "--study", study)
    assert_one_line_error(other, "holds a tuning run with other options")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--target", "balance", "--budget", "0"], "'--budget': Input should be greater than"),
        (["--target", "win-rate:3=0.5"], "no seat '3' in this game (seats: 1 (Player 1), 2"),
        (["--target", "win-rate:Player 3=0.5"], "no seat 'Player 3'"),
        (["--target", "draw-rate=1.5"], "a rate is between 0 and 1"),
        (["--target", "length=0"], "the length is a number of turns above 0"),
        (["--target", "length"], "is not one of: balance, length=TURNS"),
        (["--target", "fairness"], "is not one of: balance, length=TURNS"),
        (["--target", "balance@-1"], "a weight is above 0"),
        ([], "give at least one --target"),
    ],
)
def test_bad_targets_and_budgets_are_one_line(args: list[str], message: str) -> None:
    assert_one_line_error(run(*SMALL, *args), message)


def test_tune_without_optuna_names_its_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)
    result = run(*SMALL, "--target", "balance")
    assert_one_line_error(result, "needs the optional extra 'tune': pip install -e '.[tune]'")
