"""The legal actions' words are worked out when first read (issue 21: a random playout never
reads them): they must be the words of the state as it was listed, however play went on."""

from __future__ import annotations

import pickle

import rulebook
from rulebook.engine.random import Rng


def test_words_read_after_play_went_on_are_the_words_when_listed() -> None:
    game = rulebook.load("ribbon-of-bone")
    rng = Rng(7)
    for seed in range(5):
        state = game.new_state(seed=seed)
        while state.decisions:
            listed = [game.action_text(state, a) for a in state.legal_ids()]
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])  # the state moves on first
            assert [a.text for a in actions] == listed


def test_a_worded_action_pickles_as_the_plain_action_it_reads_as() -> None:
    state = rulebook.load("ribbon-of-bone").new_state(seed=1)
    action = state.legal_actions()[0]
    back = pickle.loads(pickle.dumps(action))
    assert type(back) is rulebook.Action
    assert back == action and hash(back) == hash(action)
    assert (back.id, back.text, back.kind, back.args) == (
        action.id,
        action.text,
        action.kind,
        action.args,
    )
