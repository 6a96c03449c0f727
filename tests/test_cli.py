"""The rulebook command: output, one-line errors with exit code 2, saving and resuming."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import rulebook.cli.commands as cli
from rulebook.cli.saves import read_save

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_games_and_rules() -> None:
    code, out, _ = run("games")
    assert code == 0 and "the-game" in out
    code, out, _ = run("rules", "the-game")
    assert code == 0 and "Rule parameters" in out and "Content notice" in out
    assert "draw-before-action" in out


def test_simulate_reports_win_rates_and_is_the_same_for_any_jobs() -> None:
    code, out, _ = run("simulate", "the-game", "--games", "60", "--agents", "heuristic,random")
    assert code == 0 and "95% CI" in out and "median" in out
    one = run("simulate", "the-game", "--games", "80", "--seed", "3", "--json", "--jobs", "1")
    two = run("simulate", "the-game", "--games", "80", "--seed", "3", "--json", "--jobs", "2")
    assert one[0] == two[0] == 0 and json.loads(one[1]) == json.loads(two[1])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "the-game", "--agents", "genius,random"], "unknown agent 'genius'"),
        (["play", "the-game", "--seat", "genius", "--seat", "human"], "unknown agent 'genius'"),
        (["play", "the-game", "--without", "unicorn"], "no card 'unicorn'"),
        (["play", "the-game", "--set", "hand_size"], "--set needs KEY=VALUE"),
        (["play", "the-game", "--set", "colour=red"], "unknown config 'colour'"),
        # a game's own check names the parameter as the user spells it, not its Python name
        (["simulate", "the-game", "--set", "hand-size=0"], "config: hand-size must be at least 1"),
        (["simulate", "swing", "--set", "max-rounds=0"], "max-rounds"),
        (
            ["simulate", "ribbon-of-bone", "--set", "starting-health=100"],
            "config: starting-health (100) cannot exceed max-health (15)",
        ),
        # nan played a game to its safety limit with a search that cannot choose
        (["simulate", "the-game", "--agents", "ismcts:exploration=nan"], "not 'nan'"),
        (["simulate", "the-game", "--agents", "ismcts:prior_weight=inf"], "not 'inf'"),
        (["play", "the-game", "--seat", "human"], "is for 2 players, not 1"),
        (["play", "the-game", "--theme", "space"], "unknown theme 'space'"),
        (["simulate", "swing", "--theme", "fantasy"], "this game has no card themes, so --th"),
        (["replay", "no-such-file.json"], "no save file at"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2, out + err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_malformed_card_file_and_foreign_save(tmp_path: Path) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text("[[main]]\nid = 'x'\n")
    code, _, err = run("play", "the-game", "--cards", str(cards))
    assert code == 2 and "missing field 'name'" in err
    foreign = tmp_path / "save.json"
    foreign.write_text('{"some": "other program"}')
    code, _, err = run("replay", str(foreign))
    assert code == 2 and "not a rulebook save file" in err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    code, _, err = run("play", "--resume", str(broken))
    assert code == 2 and "bad JSON" in err


def test_human_play_reprompts_on_bad_input_and_finishes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers = "banana\n0\n" + "1\n" * 400
    code, out, _ = run(
        "play",
        "the-game",
        "--seat",
        "human",
        "--seat",
        "heuristic",
        "--seed",
        "5",
        "--save",
        str(save),
        input=answers,
    )
    assert code == 0, out
    assert "Please enter a number from 1 to" in out and "Your hand" in out
    assert "After the game" in out and "Content notice" in out
    _game, state, seats = read_save(save)
    assert state.is_over() and seats == ["human", "heuristic"]
    code, out, _ = run("replay", str(save), "--no-step")
    assert code == 0 and "Player 1" in out and "After the game" in out


def test_two_humans_get_a_pass_the_device_screen() -> None:
    code, out, _ = run(
        "play",
        "the-game",
        "--seat",
        "human",
        "--seat",
        "human",
        "--seed",
        "2",
        input="\n1\n" * 1500,
    )
    assert code == 0 and "Pass the device to Player 2" in out


def test_ctrl_c_offers_to_save_and_the_save_resumes_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "paused.json"
    moves = ["1"] * 6
    script = iter([*moves, "KEYBOARD", "y", str(save)])

    def fake_input(prompt: str = "", markup: bool = True) -> str:
        Console(file=io.StringIO()).print(prompt, markup=markup)  # the prompt must render
        answer = next(script)
        if answer == "KEYBOARD":
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(cli.console, "input", fake_input)
    code, out, _ = run("play", "the-game", "--seat", "human", "--seat", "heuristic", "--seed", "8")
    assert code == 130 and "Saved. Resume with" in out
    game, paused, seats = read_save(save)
    assert not paused.is_over() and seats == ["human", "heuristic"]
    expected = game.replay(8, 2, None, None, paused.history)
    assert expected == paused
    monkeypatch.undo()
    code, out, _ = run("play", "--resume", str(save), "--seat", "heuristic", "--seat", "random")
    assert code == 0 and "After the game" in out
    _, final, _ = read_save(save)
    assert final.is_over() and final.history[: len(paused.history)] == paused.history


def test_an_error_in_a_pipe_is_exactly_one_line() -> None:
    """Run as a user runs it, stderr to a pipe or a log: the progress bar, which cannot draw
    there, left an empty line before the error."""
    import subprocess
    import sys

    for args in (
        ["simulate", "the-game", "--agents", "wizard"],
        ["sweep", "the-game", "--vary", "without=no-such-card", "--games", "2"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "rulebook.cli", *args], capture_output=True, text=True
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
