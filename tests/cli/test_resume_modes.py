"""Issue 17, item 1: a two-player Solo Bound Female game saved at the terminal carries on
with `play --resume` to its end (it crashed: a field the rules read was not saved)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run, script_input


@pytest.mark.parametrize("mode", ["standard", "cooperative"])
def test_a_saved_two_player_game_resumes_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    save = tmp_path / f"{mode}.save.json"
    # a person plays a few decisions beside an AI, then Ctrl-C: keep the save at --save
    script_input(monkeypatch, ["1"] * 6 + ["KEYBOARD", "y", ""])
    args = ["play", "solo-bound-female", "--set", f"mode={mode}", "--seed", "5", "--pace", "0"]
    code, out, err = run(*args, "--seat", "human", "--seat", "heuristic", "--save", str(save))
    assert code == 130 and "Saved." in out, out + err
    data = json.loads(save.read_text())
    assert len(data["history"]) >= 6 and data["seats"] == ["human", "heuristic"]
    # carried on by two AIs, it runs to the end and saves the finished game
    code, out, err = run("play", "--resume", str(save), "--seat", "random", "--seat", "heuristic")
    assert code == 0 and "Traceback" not in out + err, out + err
    finished = json.loads(save.read_text())
    assert finished["state"]["result"] is not None
    assert finished["history"][: len(data["history"])] == data["history"]
