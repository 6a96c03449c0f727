"""Issue 7, items 4 and 6-15: saving, resuming, seats, one-line errors, the outcome in words."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from rich.console import Console

import rulebook
from rulebook.cli.saves import read_save
from rulebook.cli.session import TableSession
from rulebook.games.ribbon_of_bone.profile import Profile
from tests.cli.helpers import agent_save, assert_one_line_error, run, script_input

HUMAN_VS_AI = ["play", "the-game", "--seat", "human", "--seat", "heuristic", "--seed", "2"]


# ------------------------------------------------------------------ 4. the save keeps the profile


def test_a_resumed_game_records_to_the_profile_it_was_started_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    mine, save = tmp_path / "mine.sqlite3", tmp_path / "ribbon.save.json"
    script_input(monkeypatch, ["Dingo", "KEYBOARD", "y", str(save)])
    args = ["play", "ribbon-of-bone", "--seat", "human", "--seed", "4", "--profile", str(mine)]
    code, out, err = run(*args)
    assert code == 130 and save.exists(), out + err
    code, out, err = run("play", "--resume", str(save), "--seat", "heuristic")
    assert code == 0, out + err
    assert f"Profile updated: {mine}" in out.replace("\n", "")
    assert [row[0] for row in Profile(mine).plays()] == ["Dingo"]
    assert not (tmp_path / "data").exists()  # nothing went to the default profile


def test_a_no_profile_game_resumed_writes_no_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    save = tmp_path / "ribbon.save.json"
    script_input(monkeypatch, ["", "KEYBOARD", "y", str(save)])
    run("play", "ribbon-of-bone", "--seat", "human", "--seed", "4", "--no-profile")
    code, out, err = run("play", "--resume", str(save), "--seat", "heuristic")
    assert code == 0, out + err
    assert "Profile updated" not in out and not (tmp_path / "data").exists()


def test_a_profile_in_a_missing_folder_is_one_line_and_no_folder_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--profile typo/friend.sqlite3 made the folder typo/ and a fresh profile in it without a
    word; as --save does, a folder that is not there is one line (exit 2), in either
    language, and nothing is written. The default profile's data folder is still made."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    args = ["play", "ribbon-of-bone", "--seat", "heuristic", "--seed", "4"]
    typo = Path("typo") / "friend.sqlite3"
    assert_one_line_error(run(*args, "--profile", str(typo)), "--profile typo/friend.sqlite3")
    assert_one_line_error(run(*args, "--profile", str(typo)), "no directory typo")
    assert_one_line_error(run(*args, "--profile", str(typo), "--lang", "ja"), "ディレクトリ typo")
    assert not (tmp_path / "typo").exists()
    code, out, err = run(*args)
    assert code == 0, out + err
    assert (tmp_path / "data" / "rulebook" / "ribbon-of-bone.sqlite3").exists()


def test_a_save_whose_profile_folder_is_gone_is_one_line_and_no_folder_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--resume of a save made with --profile friends/p.sqlite3, after friends/ was deleted,
    made the folder again and a blank profile in it without a word. As with --profile, a
    missing folder is one line (exit 2), and nothing is made; --no-profile plays it on."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "friends").mkdir()
    mine, save = tmp_path / "friends" / "p.sqlite3", tmp_path / "ribbon.save.json"
    script_input(monkeypatch, ["Dingo", "KEYBOARD", "y", str(save)])
    args = ["play", "ribbon-of-bone", "--seat", "human", "--seed", "4", "--profile", str(mine)]
    code, out, err = run(*args)
    assert code == 130 and save.exists() and mine.exists(), out + err
    mine.unlink()
    (tmp_path / "friends").rmdir()
    resume = ["play", "--resume", str(save), "--seat", "heuristic"]
    assert_one_line_error(run(*resume), f"no directory {tmp_path / 'friends'}")
    assert_one_line_error(run(*resume, "--lang", "ja"), str(tmp_path / "friends"))
    assert not (tmp_path / "friends").exists() and not (tmp_path / "data").exists()
    code, out, err = run(*resume, "--no-profile")
    assert code == 0, out + err
    assert not (tmp_path / "friends").exists() and not (tmp_path / "data").exists()


# ------------------------------------------------------------------ 6. the save prompt


def test_the_save_prompt_asks_before_overwriting_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    readme, save = tmp_path / "README.md", tmp_path / "game.save.json"
    readme.write_text("# my notes\n")
    fake = script_input(monkeypatch, ["KEYBOARD", "", str(readme), "", str(save)])
    code, out, _ = run(*HUMAN_VS_AI)
    assert code == 130
    assert readme.read_text() == "# my notes\n"  # "N" is the default answer
    assert any("exists (a file that is not a saved game). Overwrite" in p for p in fake.prompts)
    game, _, seats = read_save(save)
    assert game.slug == "the-game" and seats == ["human", "heuristic"]
    assert f"--resume {save}" in out.replace("\n", "")


def test_an_unwritable_save_path_asks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "ok.save.json"
    missing = tmp_path / "no-such-dir" / "x.json"
    fake = script_input(monkeypatch, ["KEYBOARD", "y", str(missing), str(save)])
    code, out, _ = run(*HUMAN_VS_AI)
    assert code == 130 and "cannot write save file" in out and "try another path" in out
    assert sum("Save to" in p for p in fake.prompts) == 2 and save.exists()


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("dir", "that is a directory"),
        ("notes.txt", "exists and is not a rulebook save file"),
        ("missing/x.json", "no directory"),
    ],
)
def test_save_is_checked_before_the_first_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str, message: str
) -> None:
    (tmp_path / "dir").mkdir()
    (tmp_path / "notes.txt").write_text("keep me")
    fake = script_input(monkeypatch, [])
    result = run(*HUMAN_VS_AI, "--save", str(tmp_path / target))
    assert_one_line_error(result, message)
    assert fake.prompts == [] and (tmp_path / "notes.txt").read_text() == "keep me"


# ------------------------------------------------------------------ 7, 8. resuming


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["the-game"], "game name"),
        (["--seed", "5"], "--seed"),
        (["--set", "hand_size=6"], "--set"),
        (["--theme", "fantasy"], "--theme"),
        (["--without", "stop-game"], "--without"),
    ],
)
def test_resume_refuses_options_it_cannot_honour(
    tmp_path: Path, extra: list[str], named: str
) -> None:
    save = agent_save(tmp_path / "g.save.json")
    args = ["play", *extra, "--resume", str(save)] if extra == ["the-game"] else None
    result = run(*(args or ["play", "--resume", str(save), *extra]))
    assert_one_line_error(result, f"it takes no {named}")


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (None, "lacks its seats"),
        (["human"], "lists 1 seat for a game of 2"),
        (["human", "human", "human"], "lists 3 seats for a game of 2"),
        ([1, 2], "lacks its seats"),
    ],
)
def test_a_save_with_bad_seats_is_refused(tmp_path: Path, seats: object, message: str) -> None:
    save = agent_save(tmp_path / "g.save.json")
    data = json.loads(save.read_text())
    data["seats"] = seats
    save.write_text(json.dumps(data))
    assert_one_line_error(run("play", "--resume", str(save)), message)
    assert_one_line_error(run("replay", str(save)), message)


# ------------------------------------------------------------------ 9, 10. one-line errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "the-game", "--agents", ","], "--agents needs one agent per seat"),
        (["simulate", "the-game", "--games", "-5"], "Invalid value for '--games'"),
        (["simulate", "the-game", "--jobs", "0"], "Invalid value for '--jobs'"),
        (["simulate", "the-game", "--seed", "abc"], "Invalid value for '--seed'"),
        (["simulate", "the-game", "--agents", "random,random,random"], "for 2 players, not 3"),
        (["play", "the-game", "--bogus"], "No such option: --bogus"),
        (["play", "susumuka-modoruka", "--players", "4"], "give one --seat per player"),
        (["play", "the-game", "--seat", "humna"], "unknown agent 'humna'"),
        (["play", "ribbon-of-bone", "--seat", "human", "--seat", "human"], "for 1 player, not 2"),
        (
            ["play", "ribbon-of-bone", "--no-profile", "--set", "starting_health=100"],
            "starting_health (100) cannot exceed max_health (15)",
        ),
        (
            ["play", "ribbon-of-bone", "--profile", "x.sqlite3", "--no-profile"],
            "--profile and --no-profile contradict each other",
        ),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(args: list[str], message: str) -> None:
    assert_one_line_error(run(*args), message)


def test_help_names_values_not_python_types() -> None:
    for command in ("play", "simulate", "cards", "rules", "replay"):
        code, out, _ = run(command, "--help")
        assert code == 0
        for python_type in ("<list[str]>", "<bool>", "<str>", "<path>", "<int>"):
            assert python_type not in out, (command, python_type)


# ------------------------------------------------------------------ 12, 14, 15. what is printed


def test_rules_shows_the_notice_once_no_markup_and_only_accepted_values() -> None:
    code, out, _ = run("rules", "the-game")
    assert code == 0
    assert out.count("Content notice:") == 1 and "``" not in out
    row = " ".join(line for line in out.splitlines() if "stop-game-winner" in line)
    assert "none, player2" in row and "draw" not in row
    assert_one_line_error(
        run("play", "the-game", "--set", "stop-game-winner=draw"), "'stop-game-winner'"
    )


def test_the_end_of_a_game_says_who_won_in_words(tmp_path: Path) -> None:
    save = agent_save(tmp_path / "g.save.json")
    code, out, _ = run("replay", str(save), "--no-step")
    assert code == 0 and "Result: [" not in out
    _, state, _ = read_save(save)
    outcome = state.outcome()
    assert outcome is not None and outcome.describe(state.role) in out.replace("\n", " ")


def test_the_resume_hint_names_a_command_that_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `make play` the program is .venv/bin/rulebook, not on PATH: the hint says so."""
    save = tmp_path / "g.save.json"
    fake_bin = tmp_path / "venv" / "bin"
    fake_bin.mkdir(parents=True)
    program = fake_bin / "rulebook"
    program.write_text("#!/bin/sh\n")
    monkeypatch.setattr("sys.argv", [str(program)])
    monkeypatch.setenv("PATH", os.defpath)
    script_input(monkeypatch, ["KEYBOARD", "y", str(save)])
    code, out, _ = run(*HUMAN_VS_AI)
    assert code == 130
    assert f"Resume with: {program} play --resume {save}" in out.replace("\n", "")


def test_a_table_that_shows_what_just_happened_is_not_preceded_by_it_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ribbon of Bone's table shows the latest narration: the session does not print it too."""
    script_input(monkeypatch, ["Tess", "1", "1"])
    code, out, _ = run("play", "ribbon-of-bone", "--seed", "5", "--no-profile")
    assert code == 0
    assert out.count("You stay on The Outskirts.") == 1


def test_passing_the_device_wipes_the_scrollback_too() -> None:
    from rulebook.cli.session import wipe

    screen = Console(file=io.StringIO(), force_terminal=True)
    screen.print("Your hand: Over Knee, Medium")
    wipe(screen)
    written = screen.file.getvalue()
    assert written.index("\x1b[3J") > written.index("Over Knee") and "\x1b[2J" in written


class FakeTerminal(io.StringIO):
    """Standard input at a terminal: Enter is pressed once the table has waited ``after``
    times (select says a line is ready), never before."""

    def __init__(self, after: int) -> None:
        super().__init__("\n")
        self.after = after
        self.waits: list[float] = []

    def isatty(self) -> bool:
        return True


def test_watching_an_ai_is_paced_and_enter_skips_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = FakeTerminal(after=3)

    def fake_select(read: list[object], _w: object, _x: object, timeout: float) -> tuple:
        stdin.waits.append(timeout)
        return (read if len(stdin.waits) >= stdin.after else [], [], [])

    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr("select.select", fake_select)
    game = rulebook.load("the-game")
    state = game.new_state(seed=1, players=2)
    TableSession(game, state, ["random", "random"], None, pace=0.25).run()
    assert state.is_over()
    assert stdin.waits == [0.25, 0.25, 0.25]  # paced, until Enter: then no more pauses
