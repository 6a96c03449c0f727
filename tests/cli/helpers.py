"""Running the rulebook command in-process (typer's CliRunner) and checking its errors."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import rulebook.cli.commands as cli

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(cli.app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def assert_one_line_error(result: tuple[int, str, str], message: str) -> None:
    """Exit code 2, the message on one line of stderr, no traceback."""
    code, out, err = result
    assert code == 2, out + err
    assert message in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err + out


def script_input(
    monkeypatch: pytest.MonkeyPatch, answers: Iterable[str]
) -> Callable[[str, bool], str]:
    """Answer the table's prompts in order; "KEYBOARD" raises Ctrl-C, the end raises EOF."""
    script = iter(answers)
    prompts: list[str] = []

    def fake_input(prompt: str = "", markup: bool = True) -> str:
        Console(file=io.StringIO()).print(prompt, markup=markup)  # the prompt must render
        prompts.append(prompt)
        answer = next(script, None)
        if answer is None:
            raise EOFError
        if answer == "KEYBOARD":
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(cli.console, "input", fake_input)
    fake_input.prompts = prompts  # type: ignore[attr-defined]
    return fake_input


def agent_save(path: Path, *extra: str) -> Path:
    """A finished seeded game between agents, saved at ``path``."""
    code, out, err = run(
        "play", "the-game", "--seat", "heuristic", "--seat", "random", "--seed", "3",
        "--save", str(path), *extra,
    )  # fmt: skip
    assert code == 0, out + err
    return path
