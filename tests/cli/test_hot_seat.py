"""Hot-seat at the terminal: a person reads how their turn went, with what only they may see
(the cards they drew), before the screen is cleared for the next person, who never sees it."""

from __future__ import annotations

import pytest

import rulebook.cli.commands as cli
from tests.cli.helpers import run

ANSWERED = "<answered>"


def test_the_investigator_reads_the_drawn_cards_before_passing_and_the_next_never_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []

    def fake_input(prompt: str = "", markup: bool = True) -> str:
        cli.console.print(prompt, ANSWERED, markup=markup)  # the screen, prompt by prompt
        asked.append(prompt)
        if "Pass the device" in prompt or "clear the screen" in prompt:
            return ""
        if len(asked) > 12:
            raise KeyboardInterrupt
        return "1"  # Investigate is listed first outside the dungeon

    monkeypatch.setattr(cli.console, "input", fake_input)
    monkeypatch.setattr("rulebook.cli.session.wipe", lambda screen: screen.print("<wiped>"))
    _, out, _ = run(
        "play", "susumuka-modoruka", "--seat", "human", "--seat", "human", "--seed", "3"
    )
    screens = out.split(ANSWERED)
    shown = [i for i, screen in enumerate(screens) if "You investigate and draw" in screen]
    assert len(shown) >= 2, out  # each player investigated in turn
    for i in shown:
        sentence = next(
            line for line in screens[i].splitlines() if "You investigate and draw" in line
        )
        assert "clear the screen before passing the device" in screens[i].splitlines()[-1]
        assert "Pass the device" in screens[i + 1]  # cleared, then handed over
        later = "".join(screens[i + 1 : i + 3])  # the handover and the next person's turn
        assert sentence not in later and "investigates and draws 2" in later
