"""State base: scripted dice, config handling, events, saves and their refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rulebook
from rulebook.engine.events import Event
from rulebook.engine.game import games, make_config
from rulebook.engine.random import Rng
from rulebook.games.the_game import Config
from rulebook.i18n import Message, load, msg, pseudo


def test_scripted_dice_come_first_then_the_rng() -> None:
    game = rulebook.load("the-game")
    state = game.new_state(seed=1, dice=[2, 6])
    assert [state.roll(6), state.roll(6)] == [2, 6]
    free = [state.roll(6) for _ in range(50)]
    assert all(1 <= v <= 6 for v in free) and len(set(free)) > 1


def test_the_state_s_rng_draws_from_the_state_and_clones_apart_from_it() -> None:
    """``state.rng`` is the state's own generator: drawing from it changes what the state
    rolls next; a clone of it draws the same numbers without touching the state."""
    one, two = (
        rulebook.load("the-game").new_state(seed=3),
        rulebook.load("the-game").new_state(seed=3),
    )
    ahead = one.rng.clone()
    expected = [ahead.below(6) + 1 for _ in range(8)]
    assert one.to_json() == two.to_json()  # cloning drew nothing
    assert [one.rng.die(6) for _ in range(8)] == expected
    assert [two.roll(6) for _ in range(8)] == expected
    two.rng = one.rng.clone()
    assert two.roll(6) == one.roll(6)


def test_scripted_die_that_does_not_fit_is_refused() -> None:
    state = rulebook.load("the-game").new_state(dice=[5])
    with pytest.raises(rulebook.ScriptError, match="does not fit a d4"):
        state.roll(4)
    with pytest.raises(rulebook.ScriptError, match="positive integer"):
        rulebook.load("the-game").new_state(dice=[0])


def test_stack_errors_name_the_deck_and_card() -> None:
    game = rulebook.load("the-game")
    with pytest.raises(rulebook.ScriptError, match="no card 'unicorn' exists for deck 'main'"):
        game.new_state(stack={"main": ["unicorn"]})
    with pytest.raises(rulebook.ScriptError, match="no more 'very-hard'"):
        game.new_state(stack={"main": ["very-hard", "very-hard"]})
    with pytest.raises(rulebook.ScriptError, match="unknown deck 'attic'"):
        game.new_state(stack={"attic": []})


def test_config_names_unknown_keys_and_bad_values() -> None:
    with pytest.raises(rulebook.ConfigError, match="unknown config 'hand_sise'"):
        rulebook.load("the-game", hand_sise=4)
    with pytest.raises(rulebook.ConfigError, match="must be an integer"):
        rulebook.load("the-game", hand_size="many")
    with pytest.raises(rulebook.ConfigError, match="hand_size must be at least 1"):
        rulebook.load("the-game", hand_size=0)
    config = make_config(
        Config, {"hand-size": "4", "draw_before_action": "yes", "without": "light,medium"}
    )
    assert config.hand_size == 4 and config.draw_before_action is True
    assert config.without == ("light", "medium")


def test_unknown_game_lists_the_games() -> None:
    listed = "games: ribbon-of-bone, solo-bound-female, susumuka-modoruka, swing, the-game"
    with pytest.raises(rulebook.UnknownGame, match=listed):
        rulebook.load("chess")


def test_wrong_player_count_is_refused() -> None:
    with pytest.raises(rulebook.ConfigError, match="is for 2 players, not 3"):
        rulebook.load("the-game").new_state(players=3)


def test_event_visibility() -> None:
    event = Event("You draw Ice.", (0,), "Player 1 draws a card.")
    assert event.for_seat(0) == "You draw Ice."
    assert event.for_seat(1) == event.for_seat(None) == "Player 1 draws a card."
    assert Event("secret", (1,)).for_seat(0) is None
    assert Event("public").for_seat(None) == "public"


def test_an_events_words_are_made_when_first_read() -> None:
    """A narrated message's English, and an ``Event.later`` message itself, are made only
    when the line is read; the event then reads (and compares) as one made eagerly."""
    made: list[int] = []

    def make(count: int) -> Message:
        made.append(count)
        return msg("{count} memory tokens lie in the court.", count=count)

    later = Event.later(make, (4,))
    assert made == []
    assert later.for_seat(0) == "4 memory tokens lie in the court."
    assert later.read(0, load("x-pseudo")[0]) == pseudo(
        "{count} memory tokens lie in the court."
    ).format(count=4)
    assert made == [4]  # made once, then kept
    eager = Event(None, None, None, msg("{count} memory tokens lie in the court.", count=4))
    assert later == eager and hash(later) == hash(eager)
    assert eager.text == "4 memory tokens lie in the court."
    private = Event(None, (0,), None, msg("You draw Ice."), msg("Player 1 draws a card."))
    assert (
        private.for_seat(1) == "Player 1 draws a card." and private.for_seat(0) == "You draw Ice."
    )


def test_a_later_event_whose_words_fail_raises_again_when_read_again() -> None:
    """A failure while making a line's words is not swallowed into an empty line: the next
    read tries again (and here succeeds)."""
    tries: list[int] = []

    def make(count: int) -> Message:
        tries.append(count)
        if len(tries) == 1:
            raise RuntimeError("words not ready")
        return msg("{count} memory tokens lie in the court.", count=count)

    later = Event.later(make, (2,))
    with pytest.raises(RuntimeError, match="words not ready"):
        later.for_seat(0)
    assert later.for_seat(0) == "2 memory tokens lie in the court."
    assert tries == [2, 2]


def _played(seed: int = 3, moves: int = 25) -> rulebook.State:
    state = rulebook.load("the-game").new_state(seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


def test_json_round_trip_and_verified_load() -> None:
    state = _played()
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data, verify=True)
    assert again == state and again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda d: {"hello": 1}, "not a rulebook save file"),
        (lambda d: {**d, "game": "chess"}, "is for 'chess', not 'the-game'"),
        (lambda d: {**d, "version": 99}, "version 99 is not supported"),
        (lambda d: {**d, "config": {**d["config"], "hand_size": 4}}, "different rule settings"),
        (lambda d: {**d, "history": ["x"]}, "list of action ids"),
        (lambda d: {**d, "history": d["history"][:-3]}, "inconsistent"),
        (lambda d: {**d, "history": [*d["history"], 99999]}, "does not replay"),
        (lambda d: {**d, "state": {**d["state"], "hands": [[1]]}}, "malformed"),
    ],
)
def test_corrupted_or_foreign_saves_are_refused(corrupt: Any, message: str) -> None:
    state = _played()
    with pytest.raises(rulebook.SaveFileError, match=message):
        state.game.state_from_json(corrupt(state.to_json()), verify=True)


def test_clone_is_independent_and_cheap_data() -> None:
    state = _played()
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != state and twin.history[:-1] == state.history
    import pickle

    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("slug", sorted(cls.slug for cls in games()))
def test_play_is_apply_unchecked_and_unnarrated(slug: str) -> None:
    """A search's ``play(aid)`` plays a legal id as ``apply(aid, narrate=False)`` does."""
    game = rulebook.load(slug)
    rng = Rng(4)
    applied, played = game.new_state(seed=3), game.new_state(seed=3)
    while applied.decisions:
        legal = applied.legal_ids()
        assert played.legal_ids() == legal
        aid = legal[rng.below(len(legal))]
        applied.apply(aid, narrate=False)
        played.play(aid)
        assert played.snapshot() == applied.snapshot() and played.history == applied.history
    assert played.returns() == applied.returns()
