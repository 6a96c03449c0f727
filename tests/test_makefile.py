"""`make play`: a game ended with Ctrl-C (exit code 130, after the offer to save) is not a
make failure; any other failure still is."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("code", "make_fails"), [(0, False), (130, False), (1, True)])
def test_make_play_treats_ctrl_c_as_an_ending(tmp_path: Path, code: int, make_fails: bool) -> None:
    assert shutil.which("make"), "make is needed (the README's commands use it)"
    installed = tmp_path / "installed"  # newer than pyproject.toml: make installs nothing
    installed.touch()
    result = subprocess.run(
        ["make", "-s", "play", f"STAMP={installed}", f"PLAY=sh -c 'exit {code}'"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (result.returncode != 0) == make_fails, result.stdout + result.stderr
    assert "Error" not in result.stderr or make_fails


def test_make_install_gives_a_designer_the_browser_table_and_pytest(tmp_path: Path) -> None:
    import tomllib

    installed = tmp_path / "installed"  # the package itself is in place: show the rest
    installed.touch()
    result = subprocess.run(
        ["make", "-n", "install", f"STAMP={installed}", f"VENV={tmp_path}/venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "pip install --quiet -e '.[web,test,report,tune]'" in result.stdout
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(need.startswith("pytest") for need in extras["optional-dependencies"]["test"])
    readme = (ROOT / "README.md").read_text()
    assert "make install" in readme and ".venv/bin/pip install -e '.[web,test]'" in readme
