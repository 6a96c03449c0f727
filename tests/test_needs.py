"""`make test` on a fresh machine: it finds the browser wherever it is, installs what the tests
need where it can (root with apt-get), otherwise stops with one line saying what to install;
and ruff and mypy run even when a test fails, while make still fails."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests import needs

ROOT = Path(__file__).resolve().parents[1]


def program(folder: Path, name: str, body: str = "exit 0") -> Path:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.mark.parametrize("name", needs.BROWSERS)
def test_the_browser_is_found_on_path_under_any_usual_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.delenv(needs.ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert needs.chromium() is None
    browser = program(tmp_path, name)
    assert needs.chromium() == str(browser)


def test_the_environment_variable_names_the_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    program(tmp_path, "chromium")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    mine = program(elsewhere, "my-chrome")
    monkeypatch.setenv(needs.ENV, str(mine))
    assert needs.chromium() == str(mine)
    monkeypatch.setenv(needs.ENV, str(tmp_path / "absent"))
    assert needs.chromium() is None  # a wrong setting is not silently replaced by another
    assert f"{needs.ENV}={tmp_path / 'absent'} is not an executable file" in needs.advice(
        ["chromium"]
    )


def test_without_a_way_to_install_it_stops_with_one_line(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path), "HOME": str(tmp_path)}  # no browser, tmux, fonts, apt-get
    result = subprocess.run(
        [sys.executable, "-m", "tests.needs"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "apt-get install chromium tmux fonts-noto-cjk" in lines[0]
    assert needs.ENV in lines[0]


def fake_apt(folder: Path, log: Path) -> None:
    """An apt-get that "installs" by putting the programs the checks look for on PATH."""
    fonts = 'echo "Noto Sans CJK JP"'
    installs = (
        f'echo "$@" >> {log}; case "$1" in install) '
        f"printf '#!/bin/sh\\n' > {folder}/chromium; printf '#!/bin/sh\\n' > {folder}/tmux; "
        f"printf '#!/bin/sh\\n{fonts}\\n' > {folder}/fc-list; "
        f"/bin/chmod +x {folder}/chromium {folder}/tmux {folder}/fc-list;; esac"
    )
    program(folder, "apt-get", installs)


def test_as_root_with_apt_get_it_installs_what_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "apt.log"
    fake_apt(tmp_path, log)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(needs.ENV, raising=False)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert needs.main() == 0
    assert log.read_text().splitlines() == [
        "update -qq",
        "install -y -qq chromium tmux fonts-noto-cjk",
    ]
    assert needs.missing() == []
    assert capsys.readouterr().err == ""


def test_not_as_root_it_installs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "apt.log"
    fake_apt(tmp_path, log)
    program(tmp_path, "tmux")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv(needs.ENV, raising=False)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert needs.main() == 1
    assert not log.exists()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "apt-get install chromium fonts-noto-cjk" in err[0]


def test_this_machine_has_what_the_tests_need() -> None:
    assert needs.missing() == [], needs.advice(needs.missing())


def make_test(
    tmp_path: Path, failing: str, needs_ok: bool = True
) -> subprocess.CompletedProcess[str]:
    """`make test` with stand-ins for the tools: each records that it ran; `failing` fails."""
    assert shutil.which("make"), "make is needed (the README's commands use it)"
    ran = tmp_path / "ran"
    for tool in ("python", "ruff", "mypy"):
        code = 1 if tool == failing else 0
        program(tmp_path, tool, f"echo {tool} >> {ran}; exit {code}")
    installed = tmp_path / "installed"
    installed.touch()
    return subprocess.run(
        [
            "make",
            "-s",
            "test",
            f"BIN={tmp_path}",
            f"DEV_STAMP={installed}",
            f"NEEDS={'true' if needs_ok else 'false'}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("failing", ["python", "ruff", "mypy", "nothing"])
def test_make_test_runs_every_check_and_fails_if_any_failed(tmp_path: Path, failing: str) -> None:
    result = make_test(tmp_path, failing)
    ran = (tmp_path / "ran").read_text().split()
    assert ran == ["python", "ruff", "ruff", "mypy"], result.stdout + result.stderr
    assert (result.returncode != 0) == (failing != "nothing"), result.stdout + result.stderr


def test_make_test_stops_before_the_checks_when_the_machine_lacks_something(
    tmp_path: Path,
) -> None:
    result = make_test(tmp_path, "nothing", needs_ok=False)
    assert result.returncode != 0
    assert not (tmp_path / "ran").exists()
