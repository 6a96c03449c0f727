"""The decision screens of a seeded game played through the real ``rulebook play``, a human
seat answered at random by a script: each screen is everything printed since the previous
prompt, up to and including the prompt, at a console of a given size."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass

import pytest

import rulebook.cli.commands as cli
from tests.cli.helpers import run

MARK = "\x00answered\x00"
NUMBERED = re.compile(r"^\s*(\d+)\. ", re.MULTILINE)
RANGE = re.compile(r"\b1-(\d+)\b")
ONE = re.compile(r"\bchoose 1 \(|、1 を選択")  # a single option's prompt


@dataclass
class Screen:
    lines: list[str]  # as printed, the prompt line last

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def width(self) -> int:
        return max((len(line) for line in self.lines), default=0)


def options_in(prompt: str, screen: str) -> int:
    """How many numbered options the decision offers (0: not a decision)."""
    found = RANGE.findall(prompt)
    if found:
        return int(found[-1])
    if ONE.search(prompt):
        return 1
    numbers = [int(n) for n in NUMBERED.findall(screen)]
    return max(numbers, default=0) if ">" in prompt else 0


def play_screens(
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    seed: int,
    decisions: int = 40,
    width: int = 80,
    height: int = 24,
) -> tuple[list[Screen], str]:
    """Play ``rulebook play ARGS`` with every human decision answered at random (``seed``),
    for at most ``decisions`` decisions (then Ctrl-C, not saved); the decision screens and
    the whole output."""
    chooser = random.Random(seed)
    made = 0
    printed = io.StringIO()

    def fake_input(prompt: str = "", markup: bool = True) -> str:
        nonlocal made
        cli.console.print(prompt, end="", markup=markup)
        screen = printed.getvalue().rsplit(MARK, 1)[-1]
        cli.console.print(MARK, markup=False)
        count = options_in(prompt, screen)
        if count:
            if made >= decisions:
                raise KeyboardInterrupt
            made += 1
            return str(chooser.randint(1, count))
        if "[Y/n]" in prompt:  # the offer to save, in any language: no
            return "n"
        return ""

    monkeypatch.setattr(cli.console, "input", fake_input)
    # rich reads sys.stdout when no file is set: undoing the patch must unset it again
    monkeypatch.setattr(cli.console, "_file", printed)
    monkeypatch.setattr(cli.console, "size", (width, height))
    _, out, err = run(*args, "--seed", str(seed), "--pace", "0")
    whole = printed.getvalue()
    screens = []
    for chunk in whole.split(MARK + "\n")[:-1]:
        lines = chunk.split("\n")
        if options_in(lines[-1], chunk):
            screens.append(Screen(lines))
    return screens, whole + out + err
