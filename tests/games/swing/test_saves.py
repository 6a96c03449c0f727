"""Saves written before a setting existed (A6's ``pay``, A8's ``foreplay_needs_surprise``,
A10's ``wear_lasts``, A11's ``blockers_per_seducer``, A23's ``reintroduce``, A24's
``seduce_guest``, A26's ``free_answers``, SW-28's ``out_step``): they lack it and take
the value that plays as the game then did (``Swing.legacy_config``), so they go on as they
were played; one whose history does not replay so fails with the one-line save error."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.cli.saves import read_save
from rulebook.engine.errors import SaveFileError
from tests.games.swing.helpers import act, decision, start
from tests.games.swing.test_rules import VELVET
from tests.saves import older_save

NEW = (
    "foreplay_needs_surprise",
    "pay",
    "reintroduce",
    "seduce_guest",
    "out_step",
    "blockers_per_seducer",
    "wear_lasts",
    "free_answers",
)


def _saved_before_the_settings(tmp_path: Path, out_step: str) -> Path:
    """A 4-player game in which P3 left the Room and P2's Top was asked about the seduction
    twice in a row (as every game was before ``out_step``), saved, then the new settings
    taken out of its rule settings as an older save."""
    state = start(4, [VELVET] * 4, pleasure_meter=1, decks=("velvet-lounge",), out_step=out_step)
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Charming Stranger")
    act(state, "Done")
    act(state, "Seduce Player 3 with Charming Stranger")
    while decision(state) != ("foreplay-top", 1):
        act(state, "Done")
    act(state, "Place Four-Poster Bed")
    act(state, "Introduce Silver Fox")
    act(state, "Done")
    act(state, "Done")
    if out_step == "asked":
        act(state, "Done")  # the question again, in P3's place
    return older_save(tmp_path / "old.json", state, ["you", "ai", "ai", "ai"], NEW)


def test_a_save_from_before_the_settings_goes_on_as_it_was_played(tmp_path: Path) -> None:
    game, state, _ = read_save(_saved_before_the_settings(tmp_path, "asked"))
    assert game.config.out_step == "asked" and game.config.pay == "smallest-cover"
    assert game.config.foreplay_needs_surprise and not game.config.reintroduce
    assert game.config.seduce_guest == "to-zero" and game.config.wear_lasts == "turn"
    assert game.config.blockers_per_seducer == "one" and not game.config.free_answers
    assert decision(state) == ("seduce", 1)


def test_a_save_whose_history_plays_otherwise_fails_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="does not reproduce its state") as caught:
        read_save(_saved_before_the_settings(tmp_path, "skipped"))
    assert "\n" not in str(caught.value)
