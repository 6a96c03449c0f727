"""Every example in the README runs as written: each `.venv/bin/rulebook` line in order (in a
scratch directory, so `game.json` is made by the example that saves it), the library example,
and the benchmark line. A command with a person at the table gets no input: it must reach its
first prompt, offer to save and end with code 130, never a traceback."""

from __future__ import annotations

import json
import os
import re
import shlex
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
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(cli.console, "input", _no_more_input)
    runner = CliRunner()
    for args in commands():
        if args[0] == "serve":
            continue  # a server runs until stopped: see the test below
        result = runner.invoke(cli.app, args)
        expected = 130 if has_a_person(args) else 0
        assert result.exit_code == expected, (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stdout + result.stderr, args
        if args[0] == "play" and "--save" in args:
            assert (tmp_path / args[args.index("--save") + 1]).exists()


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
