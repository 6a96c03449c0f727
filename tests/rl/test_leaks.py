"""No leaks through the adapters: every hidden zone permuted, every seat's observation and
mask unchanged (and the check fails on an adapter that reads the state)."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

import rulebook
from rulebook.engine.conformance import ConformanceError
from rulebook.rl.encoding import encoder_for
from rulebook.rl.leaks import check_no_leaks
from tests.rl.configs import ALL, label


@pytest.mark.parametrize("case", ALL, ids=label)
def test_observation_and_mask_ignore_cards_the_seat_cannot_see(case):
    slug, players, config = case
    game = rulebook.load(slug, **config)
    encoder = encoder_for(game, players)
    readers = [encoder.reader(seat) for seat in range(players)]  # the environments' path

    def observe(state, seat):
        return readers[seat](state), encoder.mask(state.infoset(seat).legal_ids())

    compared = check_no_leaks(game, players, observe, games=1, worlds=1)
    assert compared > 10  # hidden cards were there to permute, many times


def test_the_check_catches_an_adapter_that_reads_the_state():
    game = rulebook.load("the-game")
    encoder = encoder_for(game, 2)

    def leaky(state, seat):  # a careless adapter: one feature from the full saved state
        obs, mask = encoder.encode(state.infoset(seat))
        hidden = json.dumps(state.to_json()["state"], sort_keys=True).encode()
        return np.append(obs, float(hashlib.sha256(hidden).digest()[0])), mask

    with pytest.raises(ConformanceError, match="observation changes"):
        check_no_leaks(game, 2, leaky, games=1, worlds=1)


def test_the_check_catches_a_mask_that_reads_the_state():
    game = rulebook.load("the-game")
    encoder = encoder_for(game, 2)

    def leaky(state, seat):  # the mask of whoever moves, shown to every seat
        obs, _ = encoder.encode(state.infoset(seat))
        return obs, encoder.mask(state.legal_ids())

    with pytest.raises(ConformanceError, match="mask changes"):
        check_no_leaks(game, 2, leaky, games=1, worlds=1)
