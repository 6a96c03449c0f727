"""Action text by state (issue 24): wherever a person chooses (terminal, browser, replay) the
option reads as the game words it now, ``game.action_text(state, action)`` (the State's
``option_text``), while ``str(action)`` keeps the action table's fixed text."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.web.rooms import Room
from tests.cli.helpers import run, script_input
from tests.engine.toy import Toy

DRAW = "Draw a card"


def test_the_game_words_an_option_by_state_and_str_keeps_the_table_text() -> None:
    game = Toy.from_options(worded=True)
    state = game.new_state(seed=1)
    draw = game.table["draw"].id(0)
    assert game.action_text(state, draw) == "Draw a card (8 left)"
    assert str(game.actions[draw]) == DRAW
    state.apply(draw)
    state.apply(state.legal_ids()[0])
    assert game.action_text(state, draw) == "Draw a card (6 left)"
    plain = Toy.from_options()
    assert plain.action_text(plain.new_state(seed=1), draw) == DRAW


def test_the_terminal_shows_the_words_of_now(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = script_input(monkeypatch, ["1"])
    args = ["play", "toy", "--seat", "human", "--seat", "random", "--seed", "1"]
    _, out, err = run(*args, "--set", "worded=true")  # the script ends at the 2nd decision
    assert " 1. Draw a card (8 left)" in out, out + err
    assert " 1. Draw a card (7 left)" in out  # the next decision: one card drawn since
    assert len(fake.prompts) >= 2  # type: ignore[attr-defined]


def test_the_browser_gets_the_words_of_now() -> None:
    game = Toy.from_options(worded=True)
    state = game.new_state(seed=1)
    room = Room("r", game, state, [{"kind": "human"}, {"kind": "human"}])
    legal = room.table(0)["legal"]
    assert legal[0] == {"id": game.table["draw"].id(0), "text": "Draw a card (8 left)"}


def test_replay_names_each_move_as_it_read_then(tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    args = ["play", "toy", "--seat", "random", "--seat", "random", "--seed", "1"]
    code, out, err = run(*args, "--set", "worded=true", "--save", str(save), "--pace", "0")
    assert code == 0, out + err
    code, out, err = run("replay", str(save), "--seat", "1", "--no-step")
    assert code == 0, out + err
    assert "left)" in out
