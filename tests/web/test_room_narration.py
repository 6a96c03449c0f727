"""A room's narration, kept per seat and language, after a line that failed to be made: the
next table reads on from that line, and no line is kept twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.engine.events import Event
from rulebook.i18n import Message, msg
from rulebook.web.rooms import Rooms
from rulebook.web.store import Store


class FailsOnce:
    """A line maker that fails the first time it is asked (a bug in a game's words)."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, text: str) -> Message:
        self.asked += 1
        if self.asked == 1:
            raise RuntimeError("the words could not be made")
        return msg(text)


def test_a_failed_line_is_read_again_and_no_line_is_kept_twice(tmp_path: Path) -> None:
    room, _tokens = Rooms(Store(tmp_path / "tables.sqlite3")).create(
        "the-game", {}, 7, ["human", "human"]
    )
    before = list(room.narration(0))
    room.events += [Event("First new line."), Event.later(FailsOnce(), ("Second new line.",))]
    with pytest.raises(RuntimeError):
        room.narration(0)
    assert room.narration(0) == [*before, "First new line.", "Second new line."]
