"""Ctrl-D (the end of input) at the table ends the game cleanly with code 0: with --save the
game is kept there and one line says so; at a terminal without --save the offer to save comes
as with Ctrl-C, and a second Ctrl-D declines it; input that is no terminal and runs out gets
one line. Ctrl-C keeps code 130 (SIGINT's). Before, every end of input exited 130, as if
interrupted, and a scripted run that ran out was offered a save it could not answer."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulebook.cli.saves import read_save
from tests.cli.helpers import run, script_input
from tests.cli.tmux import pane

HUMAN_VS_AI = ["play", "the-game", "--seat", "human", "--seat", "heuristic", "--seed", "7"]


def test_input_that_runs_out_ends_the_game_with_one_line_and_code_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    fake = script_input(monkeypatch, ["1"])
    code, out, err = run(*HUMAN_VS_AI, "--save", str(save))
    assert code == 0, out + err
    said = " ".join(out.split())
    assert f"Input ended: the game is kept in {save} as of the last move." in said, said
    assert "Resume with: " in said and f"play --resume {save}" in said
    assert not any("Save the game" in p for p in fake.prompts)
    assert len(read_save(save)[1].history) >= 1  # the move answered is kept
    fake = script_input(monkeypatch, [])
    code, out, err = run(*HUMAN_VS_AI)
    assert code == 0, out + err
    assert "Input ended: the game is not saved (--save FILE keeps a game as it goes)." in (
        " ".join(out.split())
    )
    assert not any("Save the game" in p for p in fake.prompts)


def test_ctrl_c_still_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    script_input(monkeypatch, ["KEYBOARD", "n"])
    code, out, _ = run(*HUMAN_VS_AI)
    assert code == 130 and "Not saved." in out


def test_ctrl_d_at_a_terminal_offers_to_save_and_a_second_declines_with_code_0(
    tmp_path: Path,
) -> None:
    with pane([*HUMAN_VS_AI, "--pace", "0"]) as terminal:
        terminal.wait_for("choose 1")
        terminal.keys("C-d")
        terminal.wait_for("Save the game in progress? [Y/n]")
        terminal.keys("C-d")
        shown = terminal.wait_for("[exit ")
        assert "Not saved." in shown and "[exit 0]" in shown, shown
    args = [*HUMAN_VS_AI, "--pace", "0", "--save", "game.json"]
    with pane(args, cwd=str(tmp_path)) as terminal:  # a short path: the line is not cut
        terminal.wait_for("choose 1")
        terminal.keys("C-d")
        shown = " ".join(terminal.wait_for("[exit ").split())
        assert "Input ended: the game is kept in game.json" in shown and "[exit 0]" in shown
        assert "Save the game" not in shown and (tmp_path / "game.json").exists()


def test_ctrl_d_while_an_ai_move_is_paced_ends_the_game_as_at_a_prompt() -> None:
    """The pause after an AI's move (--pace) read Ctrl-D's empty read as Enter, "skip
    ahead", and the game went on to the next decision."""
    args = ["play", "the-game", "--seat", "heuristic", "--seat", "human", "--seed", "7"]
    with pane([*args, "--pace", "30"]) as terminal:
        time.sleep(4)  # the first AI move is made and paced (30 s): the screen waits
        assert "choose 1" not in terminal.screen()
        terminal.keys("C-d")
        terminal.wait_for("Save the game in progress? [Y/n]")
        terminal.keys("C-d")
        shown = terminal.wait_for("[exit ")
        assert "Not saved." in shown and "[exit 0]" in shown and "choose 1" not in shown, shown


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_input_that_ends_at_the_name_prompt_begins_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Ribbon of Bone asks a person's name before the game: input ending there began the
    game with the identity's name. Now one line, code 0, and no save is written."""
    save = tmp_path / "game.json"
    fake = script_input(monkeypatch, [])
    args = ["play", "ribbon-of-bone", "--no-profile", "--save", str(save), "--lang", lang]
    code, out, err = run(*args)
    assert code == 0, out + err
    assert any("Your name" in p or "あなたの名前" in p for p in fake.prompts), fake.prompts
    said = [line for line in out.splitlines() if line.strip()]
    ended = "Input ended: no game was begun" if lang == "en" else "入力が終わりました"
    assert len(said) == 1 and ended in said[0], out
    assert not save.exists()
