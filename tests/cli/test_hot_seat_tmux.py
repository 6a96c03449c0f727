"""Hot-seat in a real terminal (issue 17, item 2): when the device is passed, the next person
cannot scroll back to the last one's hand or the cards they drew. tmux, like many terminals
(``scroll-on-clear``), keeps a cleared screen in its scrollback, so the screen must be cleared
before the scrollback is."""

from __future__ import annotations

from tests.cli.tmux import pane


def test_after_passing_the_device_the_scrollback_holds_nothing_of_player_1() -> None:
    args = ["play", "the-game", "--seat", "human", "--seat", "human", "--seed", "5"]
    with pane(args) as terminal:
        terminal.wait_for("Pass the device to Player 1")
        terminal.keys("Enter")
        terminal.wait_for("choose 1-")
        terminal.keys("1", "Enter")  # Player 1 discards a card and draws a replacement
        before = terminal.wait_for("clear the screen before passing")
        assert "You draw" in before
        terminal.keys("Enter")
        terminal.wait_for("Pass the device to Player 2")
        history = terminal.history()
        kept = [line for line in history.splitlines() if line.strip()]
        assert kept and all("Pass the device to Player 2" in line for line in kept), history
