"""``rulebook sweep``: each row is the simulation `simulate` runs for its setting (the default
row exactly the default simulation), bad --vary values are one line, a failing game keeps the
rows already done."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulebook.sim import runner
from tests.cli.helpers import assert_one_line_error, run

AGENTS = ("--agents", "heuristic,random", "--seed", "3")


def as_json(*args: str) -> dict[str, Any]:
    code, out, err = run(*args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def same_as_simulation(row: dict[str, Any], summary: dict[str, Any]) -> None:
    for mine, theirs in zip(row["seats"], summary["seats"], strict=True):
        assert {k: mine[k] for k in theirs} == theirs
    assert row["length"]["mean"] == summary["mean_turns"]
    assert row["length"]["median"] == summary["median_turns"]
    assert {k: v["count"] for k, v in row["ends"].items()} == summary["end_reasons"]


def test_every_row_is_the_simulation_of_its_setting() -> None:
    swept = as_json(
        "sweep", "the-game", "--vary", "hand-size=4..5", "--vary", "pleasures-public=true,false",
        "--games", "30", *AGENTS, "--jobs", "2",
    )  # fmt: skip
    settings = [row["settings"] for row in swept["rows"]]
    assert settings == [
        {"hand-size": 4, "pleasures-public": True},
        {"hand-size": 4, "pleasures-public": False},
        {"hand-size": 5, "pleasures-public": True},
        {"hand-size": 5, "pleasures-public": False},
    ]
    assert [row["default"] for row in swept["rows"]] == [False, False, False, True]
    default = as_json("simulate", "the-game", "--games", "30", *AGENTS)
    same_as_simulation(swept["rows"][3], default)
    assert swept["default"] == swept["rows"][3]
    other = as_json("simulate", "the-game", "--games", "30", *AGENTS, "--set", "hand-size=4")
    same_as_simulation(swept["rows"][1], other)
    for row in swept["rows"]:
        assert set(row) >= {"settings", "seats", "length", "ends", "differs"}
        low, high = row["length"]["interval"]
        assert low <= row["length"]["mean"] <= high


def test_a_grid_without_the_default_still_measures_it_and_marks_differences() -> None:
    swept = as_json(
        "sweep", "the-game", "--vary", "pleasures-to-win=2", "--games", "40", *AGENTS
    )  # fmt: skip
    default = as_json("simulate", "the-game", "--games", "40", *AGENTS)
    same_as_simulation(swept["default"], default)
    (row,) = swept["rows"]
    assert row["settings"] == {"pleasures-to-win": 2}
    assert row["differs"] == {"balance": True, "length": True}  # two pleasures end games early
    code, out, _ = run(
        "sweep", "the-game", "--vary", "pleasures-to-win=2", "--games", "40", *AGENTS
    )  # fmt: skip
    assert code == 0
    assert "default" in out and "≠" in out


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("hand-sise=4,5", "--vary: the-game has no parameter 'hand-sise' (known: theme, cards"),
        ("hand-size=4,five", "--vary hand-size: config 'hand-size' must be an integer"),
        ("hand-size=6..4", "--vary hand-size: the range 6..4 is empty"),
        ("hand-size=", "--vary hand-size: no values given"),
        ("pleasures-public=1..2", "a range LO..HI is for whole-number parameters"),
        ("stop-game-winner=player1", "must be one of none, player2"),
        ("without=no-such-card", "no card 'no-such-card'"),
        ("hand-size", "--vary needs NAME=VALUES"),
    ],
)
def test_bad_vary_is_one_line(vary: str, message: str) -> None:
    assert_one_line_error(run("sweep", "the-game", "--vary", vary, "--games", "5"), message)


def test_no_vary_or_a_twice_varied_parameter_is_one_line() -> None:
    assert_one_line_error(run("sweep", "the-game"), "give at least one --vary")
    twice = ("--vary", "hand-size=4", "--vary", "hand-size=6")
    assert_one_line_error(run("sweep", "the-game", *twice), "--vary hand-size is given twice")


def test_a_failing_game_names_setting_and_seed_and_keeps_done_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = runner.play_game

    def play(game, agents, seed, index=0, watch=None):  # type: ignore[no-untyped-def]
        if game.config.hand_size == 6 and index == 3:
            raise RuntimeError("no card to deal")
        return real(game, agents, seed, index, watch)

    monkeypatch.setattr(runner, "play_game", play)  # jobs 1: games run in this process
    code, out, err = run(
        "sweep", "the-game", "--vary", "hand-size=4..6", "--games", "8", *AGENTS, "--json"
    )  # fmt: skip
    assert code == 1
    data = json.loads(out)
    assert [row["settings"] for row in data["rows"]] == [{"hand-size": 4}, {"hand-size": 5}]
    assert data["failed"]["settings"] == {"hand-size": 6}
    line = "hand-size=6: game 3 of seed 3 failed: RuntimeError: no card to deal"
    assert line in data["failed"]["error"]
    assert err.strip() == f"sweep failed: {line}"


def test_the_page_plots_each_parameter_with_words(tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    code, out, err = run(
        "sweep", "the-game", "--vary", "pleasures-to-win=2,5", "--vary", "hand-size=4,5",
        "--games", "20", *AGENTS, "--out", str(page),
    )  # fmt: skip
    assert code == 0, err
    html = page.read_text()
    assert html.count("<svg") == 2 and "<script" not in html  # pictures inline, no scripts
    assert 'src="http' not in html and 'href="http' not in html  # nothing fetched
    assert "<h2>pleasures-to-win</h2>" in html and "<h2>hand-size</h2>" in html
    # each figure of the sentence with its interval, and what the other setting is held at
    said = re.search(r"From pleasures-to-win=2 to 5 \((.*?)\): Player 1 wins (.*?) → ", html)
    assert said, html
    assert said.group(1) in ("the other settings at their defaults", "with hand-size=4")
    assert re.fullmatch(r"[\d.]+% \([\d.]+%–[\d.]+%\)", said.group(2)), said.group(2)
    assert re.search(r"games last \d+ \(\d+–\d+\) → \d+ \(\d+–\d+\) turns", html)
    assert "settings whose seat balance or length differ from the default" in html
    assert f"Wrote {page}" in out.replace("\n", "")


def test_a_page_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    vary = ("sweep", "the-game", "--vary", "hand-size=4", "--games", "2")
    assert_one_line_error(run(*vary, "--out", str(tmp_path / "x.pdf")), "an HTML page")
    missing = tmp_path / "nowhere" / "x.html"
    assert_one_line_error(run(*vary, "--out", str(missing)), "no folder")


def test_draws_have_their_interval_and_the_legend_says_what_the_mark_means(
    tmp_path: Path,
) -> None:
    """Every figure with its interval, draws too; and the legend says what ≠ marks: intervals
    that do not overlap (it read "outside the default row's interval", so a rate outside it
    but overlapping, Player 1's 52% (39–64) beside the default's 27–51, looked unmarked by
    mistake)."""
    page = tmp_path / "sweep.html"
    args = ("sweep", "the-game", "--vary", "hand-size=5,6", "--games", "30", *AGENTS)
    code, out, err = run(*args, "--out", str(page))
    assert code == 0, err
    data = as_json(*args)
    words = " ".join(out.split())
    assert "≠: its interval and the default row's do not overlap" in words, words
    assert "outside the default row's interval" not in words
    html = page.read_text()
    for row in data["rows"]:
        low, high = row["draws"]["interval"]
        rate = row["draws"]["rate"]
        assert f"{rate:.0%} {low * 100:.0f}–{high * 100:.0f}" in words, words
        shown = f'{rate * 100:.1f}%<br><span class="ci">{low * 100:.0f}–{high * 100:.0f}</span>'
        assert shown in html


def test_six_seats_fit_the_terminal_with_every_setting_and_figure_whole() -> None:
    """At 80 columns six seats' figures did not fit one line: rich cut every cell ("Pla…",
    "30% 1…") and dropped the varied parameter's column, so no row said its setting."""
    code, out, err = run(
        "sweep", "swing", "--players", "6", "--vary", "max-rounds=8,10", "--games", "6"
    )  # fmt: skip
    assert code == 0, err
    assert "…" not in out, out
    assert max(map(len, out.splitlines())) <= 80
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("max-rounds"))
    rows = [line.split()[0] for line in lines[header + 2 :] if line[:1].strip()]
    assert rows[:3] == ["8", "10", "30"] and "(default)" in out, out
    table = out.split("In a sentence")[0]  # the sentence under it says its own intervals
    assert len(re.findall(r"\d+–\d+", table)) == 3 * 7  # each seat's and the draws' interval


def test_the_table_ends_with_a_sentence_saying_what_it_shows() -> None:
    """Every figure comes with one plain sentence saying what it means (simulate's and the
    report's rule): under the table, which settings differ from the default beyond chance,
    with their figures and the default's, each with its 95% interval; or that none does."""
    args = ("sweep", "the-game", "--vary", "punishments-to-win=2,4", "--games", "40", *AGENTS)
    code, out, err = run(*args)
    assert code == 0, err
    data = as_json(*args)
    table, sentence = out.split("In a sentence: ", 1)
    sentence = " ".join(sentence.split())
    # the sentence writes each figure as the table above it does ("92% 82–96", "12.3 ±1.2"),
    # not in a form of its own ("91.7% (82%–96.4%)", "12.3 (11.1–13.5)")
    rows = {line.split()[0]: line for line in table.splitlines() if re.match(r"\s+\d", line)}
    default = data["default"]
    value = str(default["settings"]["punishments-to-win"])
    rates = re.findall(r"\d+(?:\.\d)?% \d+–\d+", rows[value])
    length = re.search(r"\d+\.\d ±\d+\.\d", rows[value])
    assert len(rates) == 3 and length, rows[value]  # two seats and the draws
    said = f"the default: Player 1 wins {rates[0]}, Player 2 wins {rates[1]}, {length[0]} turns"
    assert said in sentence, sentence
    marked = [r for r in data["rows"] if not r["default"] and any(r["differs"].values())]
    assert marked, data["rows"]  # fewer punishments to win make games shorter
    for row in marked:
        value = str(row["settings"]["punishments-to-win"])
        length = re.search(r"\d+\.\d ±\d+\.\d", rows[value])
        assert length, rows[value]
        said = f"punishments-to-win={value}: games are shorter, {length[0]} turns"
        assert said in sentence, sentence
    assert "(" not in sentence.split("the default: ", 1)[1].split("):")[0]
    code, out, err = run("sweep", "the-game", "--vary", "hand-size=6", "--games", "8", *AGENTS)
    assert code == 0, err
    assert "In a sentence: the other setting does not differ from the default beyond chance" in (
        " ".join(out.split())
    )
