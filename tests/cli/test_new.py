"""`rulebook new`: a designer's own game as a plugin package that installs with pip and passes
`rulebook conformance` and its own tests exactly as written (issue 24)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, run

BIN = Path(sys.executable).parent


def sh(*args: str, cwd: Path, site: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if site is not None:  # the package installed there, as pip installs it (entry point too)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_a_new_game_installs_and_passes_conformance_and_its_own_tests(tmp_path: Path) -> None:
    code, out, err = run("new", "high-card", "--dir", str(tmp_path / "high-card"))
    assert code == 0, out + err
    # the next steps name the environment that runs rulebook, not whatever pip is first
    assert f"{sys.executable} -m pip install -e '.[test]'" in out
    assert f"{BIN / 'rulebook'} conformance high-card --games 200" in out
    package = tmp_path / "high-card"
    assert (package / "src" / "high_card" / "game.py").is_file()
    site = tmp_path / "site"
    done = sh(
        sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site),
        str(package), cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    games = sh(str(BIN / "rulebook"), "games", cwd=tmp_path, site=site)
    assert "high-card" in games.stdout, games.stdout + games.stderr
    rules = sh(str(BIN / "rulebook"), "rules", "high-card", cwd=tmp_path, site=site)
    assert "The higher card wins" in rules.stdout, rules.stderr
    checked = sh(
        str(BIN / "rulebook"), "conformance", "high-card", "--games", "30", cwd=tmp_path, site=site
    )
    assert checked.returncode == 0 and "every promise held" in checked.stdout, checked.stderr
    pytest = (sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    tests = sh(*pytest, cwd=package, site=site)
    assert tests.returncode == 0 and "3 passed" in tests.stdout, tests.stdout + tests.stderr
    lint = sh(str(BIN / "ruff"), "check", "--no-cache", ".", cwd=package)
    assert lint.returncode == 0, lint.stdout


def test_the_generated_tests_can_fail(tmp_path: Path) -> None:
    """The scenario test has teeth: a rule broken in the generated game makes it fail."""
    package = tmp_path / "high-card"
    assert run("new", "high-card", "--dir", str(package))[0] == 0
    game = package / "src" / "high_card" / "game.py"
    text = game.read_text()
    rule = "won if seat == winner else -won"
    assert rule in text
    game.write_text(text.replace(rule, "won if seat != winner else -won"))
    paths = [str(package / "src"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, paths)))
    tests = subprocess.run(
        [sys.executable, "-c", SCENARIO],
        cwd=package, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert tests.returncode != 0 and "AssertionError" in tests.stderr, tests.stderr


# the scenario tests of the generated package, with its game registered without installing
SCENARIO = """
import sys
from rulebook.engine.game import register
register("high-card", "high_card.game:HighCard")
sys.path.insert(0, "tests")
import test_scenarios
test_scenarios.test_keeping_the_higher_card_wins()
"""


def test_an_existing_folder_is_never_overwritten(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("keep me")
    assert_one_line_error(run("new", "my-game", "--dir", str(folder)), "already exists")
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    assert (folder / "notes.txt").read_text() == "keep me"


@pytest.mark.parametrize(
    ("slug", "message"),
    [
        ("High_Card", "bad slug 'High_Card'"),
        ("2cards", "bad slug '2cards'"),
        ("high--card", "bad slug 'high--card'"),
        ("class", "cannot be the game's package name"),
        ("the-game", "'the-game' is already a game"),
    ],
)
def test_a_bad_slug_is_one_line(tmp_path: Path, slug: str, message: str) -> None:
    assert_one_line_error(run("new", slug, "--dir", str(tmp_path / "x")), message)
    assert not (tmp_path / "x").exists()
