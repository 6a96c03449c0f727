"""Every example in the README runs as written: each `.venv/bin/rulebook` line in order (in a
scratch directory, so `game.json` is made by the example that saves it), the library example,
and the benchmark line. A command with a person at the table gets no input: it must reach its
first prompt and end cleanly at the end of its input (code 0; 130 is Ctrl-C's), saying whether
the game is kept, never a traceback."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulebook.cli.commands as cli

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, flags=re.DOTALL)


def commands() -> list[list[str]]:
    out = []
    for language, body in BLOCKS:
        if language != "sh":
            continue
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith(".venv/bin/rulebook "):
                out.append(shlex.split(line)[1:])
    return out


def has_a_person(args: list[str]) -> bool:
    """A table with a human seat: given, or the default (a person against the AI)."""
    if args[0] != "play":
        return False
    seats = [args[i + 1] for i, a in enumerate(args) if a == "--seat"]
    return "human" in seats or not seats


def test_the_readme_has_the_examples_this_test_runs() -> None:
    found = commands()
    assert len(found) >= 15
    assert {args[0] for args in found} >= {"games", "rules", "cards", "play", "simulate", "replay"}


def test_every_command_example_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "checkout"  # where a newcomer runs the examples
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(cli.console, "input", _no_more_input)
    runner = CliRunner()
    for args in commands():
        if args[0] == "serve":
            continue  # a server runs until stopped: see the test below
        result = runner.invoke(cli.app, args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        if has_a_person(args):
            assert "Input ended: " in result.stdout, (args, result.stdout)
        assert "Traceback" not in result.stdout + result.stderr, args
        if args[0] == "play" and "--save" in args:
            assert (work / args[args.index("--save") + 1]).exists()
    made = sorted(path.name for path in work.iterdir())
    assert "game.json" in made and "friend.sqlite3" in made
    assert [name for name in made if not ignored(name)] == []  # git status stays clean


def ignored(name: str) -> bool:
    """Whether the repository's .gitignore leaves a file of this name out (issue 17, item 11)."""
    patterns = (ROOT / ".gitignore").read_text().splitlines()
    return any(
        fnmatch.fnmatch(name, p.rstrip("/")) for p in patterns if p and not p.startswith("#")
    )


def test_every_serve_example_opens_the_table(tmp_path: Path) -> None:
    """Each `serve` line starts a server that answers, then stops cleanly on Ctrl-C. The port
    is swapped for a free one (a later --port wins), so another server cannot answer for it."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    served = [args for args in commands() if args[0] == "serve"]
    assert served
    for args in served:
        port = str(_free_port())
        command = [sys.executable, "-m", "rulebook.cli", *args, "--port", port]
        with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True) as server:
            try:
                games = _wait_for(f"http://127.0.0.1:{port}/api/games")
                assert server.poll() is None
                assert {g["slug"] for g in games} >= {"the-game", "ribbon-of-bone"}
            finally:
                server.send_signal(signal.SIGINT)
                out, _ = server.communicate(timeout=20)
        assert server.returncode == 0
        assert f":{port}/" in out and "The table is open at http://" in out
        assert (tmp_path / "data" / "rulebook" / "tables.sqlite3").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for(url: str) -> list[dict[str, str]]:
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                data: list[dict[str, str]] = json.loads(response.read())
                return data
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _no_more_input(prompt: str = "", markup: bool = True) -> str:
    raise EOFError


def test_the_library_example_plays_a_whole_game() -> None:
    code = next(body for language, body in BLOCKS if language == "python")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "Player 1 wins: the Queue holds enough punishments"
    assert '# "Player 1 wins: the Queue holds enough punishments"' in code


def test_the_benchmark_example_runs() -> None:
    line = next(
        line for _, body in BLOCKS for line in body.splitlines() if "benchmarks/bench.py" in line
    )
    args = shlex.split(line.split("  #")[0])[1:]
    result = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert "the-game" in result.stdout and "ms/move" in result.stdout


# --------------------------------------------------------------------------- issue 17, item 11


def test_python_commands_use_the_projects_python() -> None:
    """The system's `python` has no rulebook: every Python command the README gives is the
    venv's, the library example says so, and the benchmarks' own usage lines agree."""
    bare = re.findall(r"(?<![\w/.])python3? (?:benchmarks/|-c|-m)\S*", README)
    assert bare == []
    before_example = README.split("## As a library")[1].split("```python")[0]
    assert "`.venv/bin/python`" in before_example
    for script in ("bench.py", "web_load.py"):
        usage = (ROOT / "benchmarks" / script).read_text()
        assert f"``.venv/bin/python benchmarks/{script}" in usage


def make_dry(target: str) -> list[str]:
    """The commands `make TARGET` would run (none are run)."""
    assert shutil.which("make"), "make is needed (the README's commands use it)"
    done = subprocess.run(
        ["make", "-n", target], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


def test_web_load_is_a_make_target_and_the_kill_needs_kill_after() -> None:
    runs = [line for line in make_dry("web-load") if "benchmarks/web_load.py" in line]
    assert len(runs) == 2
    assert "--kill-after" not in runs[0] and "--kill-after 5" in runs[1]
    assert "`make web-load`" in README
    assert "it kills the\nserver only when given `--kill-after SECONDS`" in README


def test_make_bench_times_ismcts() -> None:
    runs = [line for line in make_dry("bench") if "benchmarks/bench.py" in line]
    assert len(runs) == 1 and "--ismcts 1000" in runs[0]
    assert "only when given `--ismcts N`" in README


def test_every_file_the_readme_points_to_is_in_the_repository() -> None:
    """The design notes came into docs/ (a clone has no DESIGN.md beside it)."""
    named = re.findall(r"`((?:docs|src|tests|benchmarks)/[^`\s]*|[\w-]+\.md)`", README)
    assert "docs/design.md" in named and "DESIGN.md" not in README
    missing = [p for p in named if not (ROOT / p).exists()]
    assert missing == []


def test_rule_parameters_are_spelled_one_way_and_taken_both_ways() -> None:
    """Hyphens in the README, in `rules` and in messages; underscores are accepted too."""
    settings = re.findall(r"--set (\S+?)=", README)
    assert "draw-before-action" in settings and not [s for s in settings if "_" in s]
    runner = CliRunner()
    rules = runner.invoke(cli.app, ["rules", "the-game"]).stdout
    assert "draw-before-action" in rules and "draw_before_action" not in rules
    for given in ("draw_before_action", "draw-before-action"):
        base = ["simulate", "the-game", "--games", "1", "--set"]
        assert runner.invoke(cli.app, [*base, f"{given}=true"]).exit_code == 0
        bad = runner.invoke(cli.app, [*base, f"{given}=maybe"])
        assert bad.exit_code == 2
        assert "'draw-before-action' must be true or false" in bad.stderr
    unknown = runner.invoke(cli.app, ["simulate", "the-game", "--set", "colour=red"]).stderr
    assert "draw-before-action" in unknown and "draw_before_action" not in unknown
