"""The profile: lasting state in SQLite that survives a restart; simulations never touch it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulebook
from rulebook.cli.commands import app
from rulebook.games.ribbon_of_bone.profile import Profile, ProfileError


def _outcome(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {
        "ending": "death",
        "detail": "test",
        "imprison": [],
        "release": [],
        "unleash": False,
        "name": "Dingo",
        "turns": 9,
    }
    base.update(changes)
    return base


def test_profile_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "me.sqlite3"
    profile = Profile(path)
    profile.record(_outcome(imprison=["orias", "amon"]), seed=1)
    profile.close()
    script = (
        "from pathlib import Path; from rulebook.games.ribbon_of_bone.profile import "
        f"Profile; print(Profile(Path({str(path)!r})).config())"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert "'imprisoned': ('amon', 'orias')" in out and "'unleashed': False" in out
    again = Profile(path)
    again.record(_outcome(ending="escape", release=["amon"], unleash=True), seed=2)
    assert again.config() == {"imprisoned": ("orias",), "unleashed": True}
    assert [p[1] for p in again.plays()] == ["death", "escape"]


def test_the_profile_shapes_the_next_game(tmp_path: Path) -> None:
    profile = Profile(tmp_path / "p.sqlite3")
    profile.record(_outcome(imprison=["orias"], ending="escape", unleash=True), seed=1)
    game = rulebook.load("ribbon-of-bone", **profile.config())
    state = game.new_state(seed=2)
    state.apply(state.legal_actions()[0])
    view = state.view(0)  # The Pilgrim chosen; Orias sealed; the other identities unleashed
    assert "orias" not in game.card_ids("cinder") and view["identities"] == []
    assert view["decks"] == {"Lord Cinder": 2, "Lord Hollow": 4, "Lord Vellum": 4}


def test_a_broken_profile_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite3"
    path.write_text("this is not a database, just words " * 100)
    with pytest.raises(ProfileError, match="cannot open profile"):
        Profile(path)


def test_playing_records_the_outcome_and_no_profile_leaves_none(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "prof.sqlite3"
    result = runner.invoke(
        app,
        [
            "play",
            "ribbon-of-bone",
            "--seat",
            "heuristic",
            "--seed",
            "4",
            "--profile",
            str(path),
            "--set",
            "name=Dingo",
        ],
    )
    assert result.exit_code == 0, result.stdout
    assert "Profile updated" in result.stdout
    plays = Profile(path).plays()
    assert len(plays) == 1 and plays[0][0] == "Dingo"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    clean = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulebook.cli",
            "play",
            "ribbon-of-bone",
            "--seat",
            "heuristic",
            "--seed",
            "4",
            "--no-profile",
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    # the end's envelope lines are the rules'; the player is told none of it is kept
    assert "No profile: nothing of this game is kept" in clean.stdout
    assert "Profile updated" not in clean.stdout
    subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "simulate", "ribbon-of-bone", "--games", "20"],
        env=env,
        check=True,
        capture_output=True,
    )
    assert not (tmp_path / "data").exists()


def test_a_broken_profile_on_the_command_line_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite3"
    path.write_text("nope " * 500)
    result = CliRunner().invoke(
        app, ["play", "ribbon-of-bone", "--seat", "heuristic", "--profile", str(path)]
    )
    assert result.exit_code == 2 and "cannot open profile" in result.stderr


@pytest.mark.parametrize(
    "bad",
    [["--theme", "fantasy"], ["--set", "nosuch=1"], ["--seat", "human", "--seat", "human"]],
)
def test_a_command_refused_writes_no_profile(tmp_path: Path, bad: list[str]) -> None:
    """Every option is checked before the profile is opened: a refused command leaves no
    profile behind (it used to create the default one, then say what was wrong)."""
    path = tmp_path / "profile.sqlite3"
    result = CliRunner().invoke(app, ["play", "ribbon-of-bone", "--profile", str(path), *bad])
    assert result.exit_code == 2, result.stdout + result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not path.exists()
