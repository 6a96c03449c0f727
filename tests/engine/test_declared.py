"""Issue 17: a state's attributes are exactly its declared fields (plus the engine's own and
any TRANSIENT), or a save loses what the rules read; a save written before a field was
declared is read by replaying its history."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rulebook
from rulebook.engine.errors import DeclarationError, SaveFileError
from rulebook.engine.game import games
from rulebook.engine.state import INLINE, SCRATCH, SHARED
from tests.engine.toy import Config, Toy, ToyState


class CountingState(ToyState):
    def setup(self) -> None:
        super().setup()
        self.draws_so_far = 0  # not in FIELDS: a save would lose it


class CountingToy(Toy):
    state_class = CountingState


def test_a_setup_that_keeps_an_attribute_outside_the_fields_is_refused() -> None:
    with pytest.raises(DeclarationError, match="keeps draws_so_far outside its declared FIELDS"):
        CountingToy(Config()).new_state(seed=1)


def _played(seed: int) -> tuple[Toy, ToyState, dict[str, Any]]:
    game = Toy(Config())
    state = game.new_state(seed=seed, players=3)
    for _ in range(5):
        state.apply(state.legal_ids()[-1])
    assert isinstance(state, ToyState)
    return game, state, json.loads(json.dumps(state.to_json()))


def test_a_save_from_before_a_field_was_declared_is_read_by_replaying_it() -> None:
    game, state, data = _played(4)
    del data["state"]["turn"]  # as a save written before "turn" was declared
    again = game.state_from_json(data)
    assert again == state and again.view(0) == state.view(0)
    again.apply(again.legal_ids()[0])  # and it plays on


def test_such_a_save_must_agree_with_its_history() -> None:
    game, _, data = _played(4)
    del data["state"]["turn"]
    data["state"]["scores"][0] += 1
    with pytest.raises(SaveFileError, match="inconsistent"):
        game.state_from_json(data)
    data["history"] = [999]
    with pytest.raises(SaveFileError, match="lacks turn and its history does not replay"):
        game.state_from_json(data)


@pytest.mark.parametrize("slug", [cls.slug for cls in games()])
def test_a_game_state_past_the_inline_attributes_keeps_them_in_slots(slug: str) -> None:
    """Past CPython 3.11's ``INLINE`` attributes a state without slots reads every one through
    a dict table (a search's clones too): each big state class and all its mixins declare
    ``__slots__`` (``slots_for``), so none of its states has a ``__dict__``."""
    state = rulebook.load(slug).new_state(seed=1)
    attributes = len(type(state)._code.fields) + len(SHARED) + len(SCRATCH)
    if attributes > INLINE:
        assert not hasattr(state, "__dict__"), f"{slug}: a mixin without __slots__ = ()"
        assert not hasattr(state.clone(), "__dict__")
