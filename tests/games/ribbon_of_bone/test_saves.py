"""Saves written before a rule switch existed (RB-47's ``court_memories``, the rogue's
``rogue_combine`` and ``rogue_attunes``): they lack the setting and take the value that plays
as the game then did (``RibbonOfBone.legacy_config``); one whose history does not replay so
fails with the one-line save error."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.cli.saves import read_save
from rulebook.engine.errors import SaveFileError
from tests.games.ribbon_of_bone.helpers import act, pick, start
from tests.saves import older_save

NEW = ("court_memories", "death_memories", "rogue_combine", "rogue_attunes")


def _saved_before_the_switches(tmp_path: Path, court_memories: str) -> Path:
    """A victory with two memories on Lord icons in the court (they shift attunement only
    under "every"), saved, then the switches taken out of its settings as an older save."""
    state = start([2, 2, 4, 2, 2, 2], opponent_health=1, court_memories=court_memories)
    act(state, "Move on to the next court card (leave a memory token)")
    act(state, "Move back to the previous court card (leave a memory token)")
    act(state, "Face the Marquis")
    pick(state)
    act(state, "Make Naberius the binder")
    act(state, "Done binding")
    act(state, "Give the roll to Kimaris")
    return older_save(tmp_path / "old.json", state, ["you"], NEW)


def test_a_save_from_before_the_switches_goes_on_as_it_was_played(tmp_path: Path) -> None:
    game, state, _ = read_save(_saved_before_the_switches(tmp_path, "every"))
    assert game.config.court_memories == "every" and game.config.rogue_attunes == "each"
    assert state.view(0)["tracker"] == "between Lord Cinder and Lord Hollow"


def test_a_save_whose_history_plays_otherwise_fails_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="does not reproduce its state") as caught:
        read_save(_saved_before_the_switches(tmp_path, "loss"))
    assert "\n" not in str(caught.value)
