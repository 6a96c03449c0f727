"""Issue 17, item 12 (the command line): what a newcomer met. --profile given to a game with no
profile, --jobs far beyond the games and cores, an agent option that does not exist, "n" to
the save prompt while --save keeps saving, `rules` with no game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.cli.app import cores
from tests.cli.helpers import assert_one_line_error, run, script_input


@pytest.mark.parametrize(
    "flag",
    [["--profile", "friend.sqlite3"], ["--profile", "nosuchdir/x.sqlite3"], ["--no-profile"]],
)
def test_profile_options_are_refused_by_a_game_without_a_profile(
    tmp_path: Path, flag: list[str]
) -> None:
    args = ["play", "the-game", "--seat", "random", "--seat", "random", "--seed", "1", *flag]
    # said first: a missing folder for a profile the game would not keep is beside the point
    assert_one_line_error(run(*args), "the-game keeps no profile")
    assert "ribbon-of-bone" in run(*args)[2]
    assert not (tmp_path / "friend.sqlite3").exists()


def test_jobs_are_capped_at_the_games_and_the_cores_and_it_says_so() -> None:
    code, out, err = run("simulate", "the-game", "--games", "4", "--jobs", "100", "--json")
    assert code == 0, err
    used = min(4, cores())
    assert f"--jobs 100: using {used} process" in err
    assert f"4 games, {cores()} core" in err
    assert json.loads(out)["games"] == 4


def test_jobs_within_the_games_and_cores_say_nothing() -> None:
    code, _out, err = run("simulate", "the-game", "--games", "4", "--jobs", "1", "--json")
    assert code == 0 and "--jobs" not in err


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("random:depth=3", "agent 'random' takes no options (got depth)"),
        ("heuristic:depth=3", "agent 'heuristic' has no option 'depth' (it takes no options)"),
        ("ismcts:depth=3", "agent 'ismcts' has no option 'depth' (its options: iterations"),
    ],
)
def test_an_unknown_agent_option_names_the_options_there_are(spec: str, said: str) -> None:
    result = run("simulate", "the-game", "--games", "2", "--agents", f"{spec},random")
    assert_one_line_error(result, said)
    assert "options: )" not in result[2]


def test_declining_to_save_with_save_on_says_the_file_still_holds_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    script_input(monkeypatch, ["KEYBOARD", "n"])
    code, out, err = run("play", "the-game", "--seed", "7", "--save", str(save))
    assert code == 130, out + err
    assert "Not saved." not in out
    assert f"Kept in {save} as of the last move (--save)" in " ".join(out.split())
    assert json.loads(save.read_text())["game"] == "the-game"


def test_declining_to_save_without_save_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    script_input(monkeypatch, ["KEYBOARD", "n"])
    code, out, _err = run("play", "the-game", "--seed", "7")
    assert code == 130 and "Not saved." in out
    assert not list(tmp_path.iterdir())


def test_rules_without_a_game_lists_the_games() -> None:
    code, out, err = run("rules")
    assert code == 0, err
    for slug in ("the-game", "ribbon-of-bone", "solo-bound-female", "susumuka-modoruka", "swing"):
        assert slug in out
    assert "rulebook rules GAME" in out


def test_the_command_list_wraps_each_command_evenly() -> None:
    """A docstring's own line breaks left `rulebook --help` ragged (a line cut after "at
    every"); each command's help is one line a paragraph, wrapped by the terminal."""
    import typer

    from rulebook.cli.commands import app

    group = typer.main.get_command(app)
    helps = {name: command.help or "" for name, command in group.commands.items()}  # type: ignore[attr-defined]
    assert "conformance" in helps and "simulate" in helps
    for name, text in helps.items():
        for paragraph in text.split("\n\n"):
            assert "\n" not in paragraph, name
    assert helps["conformance"].startswith("Play seeded random games and check every promise")
