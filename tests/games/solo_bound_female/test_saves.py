"""Issue 17, item 1: a saved game carries on exactly as the unsaved one would, in every mode.

A character's "skipped this turn" mark was kept outside the declared fields, so a save lost it
and a two-player Standard or Cooperative game crashed when carried on (``become``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebook
from rulebook import load
from rulebook.cli.saves import read_save
from rulebook.engine.random import Rng
from rulebook.engine.state import State
from tests.games.solo_bound_female.helpers import CARDS, SIZES
from tests.saves import older_save


def _seats(state: State) -> list[int | None]:
    return [*range(state.players), None]


def _carry_on_beside(state: State, restored: State, pick: Rng) -> None:
    """Play both to the end with the same actions: same options, views and narration."""
    while not state.is_over():
        assert restored.legal_ids() == state.legal_ids()
        assert [restored.view(s) for s in _seats(state)] == [state.view(s) for s in _seats(state)]
        legal = state.legal_ids()
        action = legal[pick.below(len(legal))]
        assert restored.apply(action) == state.apply(action)
    assert restored.is_over() and restored.outcome() == state.outcome()


def _into_the_game(mode: str, seed: int) -> tuple[State, Rng]:
    """A game some turns in (past the first turns of both characters), and its picker."""
    game = rulebook.load("solo-bound-female", mode=mode)
    state = game.new_state(seed=seed, players=1 if mode == "solo" else 2)
    pick = Rng(seed)
    for _ in range(25):
        if state.is_over():
            break
        legal = state.legal_ids()
        state.apply(legal[pick.below(len(legal))])
    return state, pick


@pytest.mark.parametrize("mode", ["solo", "basic", "standard", "cooperative"])
def test_a_saved_game_carries_on_as_the_unsaved_one(mode: str) -> None:
    for seed in range(6):
        state, pick = _into_the_game(mode, seed)
        data = json.loads(json.dumps(state.to_json()))
        restored = state.game.state_from_json(data, verify=True)
        _carry_on_beside(state, restored, pick)


@pytest.mark.parametrize("mode", ["solo", "standard", "cooperative"])
def test_a_save_written_before_the_fix_carries_on_too(mode: str) -> None:
    """Saves made before "skipped" was declared lack it: their history makes the state."""
    for seed in range(3):
        state, pick = _into_the_game(mode, seed)
        data = json.loads(json.dumps(state.to_json()))
        del data["state"]["skipped"]
        restored = state.game.state_from_json(data, verify=True)
        _carry_on_beside(state, restored, pick)


def test_a_cooperative_save_from_before_a27_goes_on_as_it_was_played(tmp_path: Path) -> None:
    """A save lacking ``coop_begin`` (written before A27) takes "each", the one reading there
    was: Test Creak raised the visibility in both begin steps, and the save says so."""
    game = load("solo-bound-female", cards=CARDS, **SIZES, mode="cooperative", coop_begin="each")
    stack = {
        "character": ["filler"] * 10,
        "character2": ["filler"] * 10,
        "scenario": ["creak"] + ["nothing"] * 5,
    }
    state = game.new_state(seed=1, players=2, stack=stack)
    loaded, restored, _ = read_save(
        older_save(tmp_path / "old.json", state, ["you"] * 2, ["coop_begin"])
    )
    assert loaded.config.coop_begin == "each"
    assert restored.view(0)["visibility"] == state.view(0)["visibility"] == 2
