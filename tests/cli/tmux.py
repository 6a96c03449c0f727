"""The real ``rulebook play`` in a real terminal: a tmux pane of a given size on a private
server (its own socket, no user config), driven by send-keys and read by capture-pane."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager


class Pane:
    """One detached tmux session running one command."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        )
        return done.stdout

    def screen(self) -> str:
        """What the pane shows now."""
        return self.tmux("capture-pane", "-p", "-t", "play")

    def history(self) -> str:
        """Everything the terminal still holds: the scrollback and the screen."""
        return self.tmux("capture-pane", "-p", "-t", "play", "-S", "-")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "play", *keys)

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        """The screen once it shows ``text`` (fails with the screen after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen:\n{shown}")
            time.sleep(0.05)


@contextmanager
def pane(
    args: list[str], width: int = 80, height: int = 24, cwd: str | None = None
) -> Iterator[Pane]:
    """``rulebook`` with ``args`` in a ``width``×``height`` tmux pane (in ``cwd``); the pane
    stays open after the program ends, saying "[exit N]" with its exit code, and the private
    server is killed afterwards."""
    it = Pane(f"rulebook-test-{uuid.uuid4().hex[:12]}")
    command = shlex.join([sys.executable, "-m", "rulebook.cli", *args])
    command += '; echo "[exit $?]"; sleep 600'
    if cwd is not None:
        command = f"cd {shlex.quote(cwd)} && {command}"
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "COLUMNS", "LINES")}
    env["TERM"] = "xterm-256color"
    subprocess.run(
        ["tmux", "-L", it.socket, "-f", "/dev/null", "new-session", "-d", "-s", "play",
         "-x", str(width), "-y", str(height), command],
        check=True, env=env, timeout=20,
    )  # fmt: skip
    try:
        it.tmux("set-option", "-g", "scroll-on-clear", "on")  # tmux's default, said aloud
        yield it
    finally:
        subprocess.run(["tmux", "-L", it.socket, "kill-server"], capture_output=True, timeout=20)
