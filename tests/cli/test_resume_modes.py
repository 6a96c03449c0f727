"""Issue 17, item 1: a two-player Solo Bound Female game saved at the terminal carries on
with `play --resume` to its end (it crashed: a field the rules read was not saved)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook
from rulebook.cli.saves import read_save
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


def test_a_resumed_game_shows_what_happened_since_the_persons_last_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen a person comes back to says what happened from their own last move on, as
    it did before they left (it was blank: an ask to answer was not shown again); the log
    key reads the whole game."""
    save = tmp_path / "paused.save.json"
    args = ["play", "the-game", "--seat", "human", "--seat", "heuristic", "--pace", "0"]
    script_input(monkeypatch, ["1"] * 5 + ["KEYBOARD", "y", ""])
    code, out, err = run(*args, "--seed", "8", "--save", str(save))
    assert code == 130 and "Saved." in out, out + err
    game, paused, _ = read_save(save)
    log: list[rulebook.Event] = []
    again = game.new_state(paused.seed, paused.players, events=log)
    mine = 0
    for action in paused.history:
        mine = len(log) if again.to_move == 0 else mine
        log.extend(again.apply(action))
    since = [text for event in log[mine:] if (text := event.read(0))]
    first_move = next(text for event in log if (text := event.read(0)))
    assert since and paused.to_move == 0
    script_input(monkeypatch, ["l", "KEYBOARD", "n"])
    code, out, err = run("play", "--resume", str(save), "--seat", "human", "--seat", "heuristic")
    assert code == 130, out + err
    screen, _, rest = (" ".join(part.split()) for part in out.partition("\n 1. "))
    assert all(text in screen for text in since), screen
    assert first_move not in screen and first_move in rest  # the log key: the whole game
