"""The view-derived observation (games that do not declare their public fields; kept for
every game): fixed size, within its declared ranges, the same from the generated encoder as
from the reference tree walk, documented index by index."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

import rulebook
from rulebook.cli.commands import app
from rulebook.engine.game import config_to_json
from rulebook.engine.random import Rng
from rulebook.rl.encoding import Encoder, ZoneEncoder, encoder_for
from tests.rl.configs import ALL, label

_VIEW_ENCODERS: dict[tuple[str, str, int], Encoder] = {}


def view_encoder(game, players) -> Encoder:
    """The view's encoder of a game (built once a test session)."""
    key = (game.slug, repr(sorted(config_to_json(game.config).items())), players)
    if key not in _VIEW_ENCODERS:
        _VIEW_ENCODERS[key] = Encoder(game, players)
    return _VIEW_ENCODERS[key]


@pytest.mark.parametrize("case", ALL, ids=label)
def test_observation_is_fixed_bounded_and_matches_the_reference_walk(case):
    slug, players, config = case
    game = rulebook.load(slug, **config)
    encoder = view_encoder(game, players)
    observers = [encoder.observer() for _ in range(players)]
    rng = Rng(3)
    state = game.new_state(seed=11, players=players)
    while True:
        for seat in range(players):
            view = state.view(seat)
            assert not shared_containers(view, state.view(seat))  # what Observer relies on
            obs = encoder.observation(view)
            assert np.array_equal(observers[seat].observation(view), obs)  # incremental
            assert obs.shape == (encoder.size,) and obs.dtype == np.float32
            assert np.all(obs >= encoder.low) and np.all(obs <= encoder.high)
            idx: list[int] = []
            val: list[float] = []
            encoder.root.encode(view, idx, val)
            reference = np.zeros(encoder.size, dtype=np.float32)
            reference[idx] = val
            assert np.array_equal(obs, reference)
        if state.is_over():
            break
        legal = state.legal_ids()
        mask = encoder.mask(state.infoset(state.to_move).legal_ids())
        assert mask.shape == (game.num_actions,) and mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == list(legal)
        state.apply(legal[rng.below(len(legal))], narrate=False)


def shared_containers(a, b) -> bool:
    """Whether two views share a list or dict (a view must be fresh data)."""
    if type(a) in (list, dict) and a is b:
        return True
    if type(a) is dict and type(b) is dict:
        return any(shared_containers(v, b.get(k)) for k, v in a.items())
    if type(a) is list and type(b) is list:
        return any(shared_containers(x, y) for x, y in zip(a, b, strict=False))
    return False


def test_an_observer_re_encodes_a_changed_key_and_keeps_the_rest():
    """Successive views of one seat: after a move the observer's vector is the new view's
    full encoding, and a view equal to the last one gives the same vector again."""
    game = rulebook.load("the-game")
    encoder = view_encoder(game, 2)
    state = game.new_state(seed=7)
    observer = encoder.observer()
    first = observer.observation(state.view(0))
    legal = state.legal_ids()
    state.apply(legal[0], narrate=False)
    later = state.view(0)
    assert np.array_equal(observer.observation(later), encoder.observation(later))
    assert not np.array_equal(first, encoder.observation(later))
    assert np.array_equal(observer.observation(state.view(0)), encoder.observation(later))


def test_the_game_view_encoding_shows_the_own_hand_and_only_counts_of_the_other():
    game = rulebook.load("the-game")
    encoder = view_encoder(game, 2)
    state = game.new_state(seed=7, stack={"main": ["over-knee", "medium", "5-minutes"]})
    obs = encoder.observation(state.view(0))
    names = {f.name: i for i, f in enumerate(encoder.features)}
    assert obs[names["players[0].hand[over-knee]"]] == 1
    assert obs[names["players[1].hand_size"]] == 5
    assert obs[names["seat=0"]] == 1 and obs[names["decision.kind=turn"]] == 1
    assert "players[1].hand[over-knee]" in names  # the slot exists (seat 1's own view)
    assert obs[[i for n, i in names.items() if n.startswith("players[1].hand[")]].sum() == 0


def test_the_schema_is_the_same_in_every_build():
    first = Encoder(rulebook.load("swing"), 3)  # the encoded view works for every game
    again = Encoder(rulebook.load("swing"), 3)
    assert again.features == first.features


def test_mask_is_empty_for_a_seat_not_to_move():
    game = rulebook.load("the-game")
    state = game.new_state(seed=1)
    encoder = encoder_for(game, 2)
    other = 1 - state.to_move
    assert encoder.mask(state.infoset(other).legal_ids()).sum() == 0


def test_rl_describe_prints_every_index():
    result = CliRunner().invoke(app, ["rl", "describe", "the-game"])
    assert result.exit_code == 0, result.output
    encoder = encoder_for(rulebook.load("the-game"), 2)
    lines = result.output.splitlines()
    assert f"observation: {encoder.size} float32 entries ({encoder.source})" in lines
    assert any("hands[0][over-knee]" in line for line in lines)
    assert any(line.strip().startswith(f"{encoder.num_actions - 1} ") for line in lines)


@pytest.mark.parametrize(
    "args", [["rl", "describe", "nope"], ["rl", "describe", "swing", "--players", "9"]]
)
def test_rl_describe_bad_input_is_one_line_and_exit_2(args):
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.output.strip().startswith("error:") and len(result.output.splitlines()) == 1


def test_the_mask_cache_keeps_the_game_s_sets_of_legal_ids_shared_read_only():
    """The GAME's random play meets about 15,700 sets of legal ids in 10,000 games: the cache
    keeps more than that (a mask it lacks costs about five cached ones). ``shared_mask``
    hands out the cached mask, read-only: writing into it raises numpy's error and leaves it
    as it was; ``mask`` hands out a fresh copy, the user's own."""
    fresh = ZoneEncoder(rulebook.load("the-game"), 2)  # its own cache, empty
    rng = Rng(3)
    keys = set()
    while len(keys) < 20_000:
        keys.add(tuple(sorted({rng.below(fresh.num_actions) for _ in range(6)})))
    for key in keys:
        shared, again, own = fresh.shared_mask(key), fresh.shared_mask(key), fresh.mask(key)
        assert shared is again and not shared.flags.writeable
        assert own.flags.writeable and not np.shares_memory(own, shared)
        assert shared.nonzero()[0].tolist() == list(key) and np.array_equal(own, shared)
    assert len(fresh._masks) == len(keys)
    key = next(iter(keys))
    shared = fresh.shared_mask(key)
    with pytest.raises(ValueError, match="read-only"):
        shared[key[0]] = 0
    with pytest.raises(ValueError, match="read-only"):
        shared[:] = 1
    with pytest.raises(ValueError):  # nor made writeable again
        shared.flags.writeable = True
    fresh.mask(key)[:] = 1  # the user's own copy
    assert fresh.shared_mask(key).nonzero()[0].tolist() == list(key)


def test_masks_past_the_cache_s_room_are_built_afresh_and_read_only_too():
    fresh = ZoneEncoder(rulebook.load("the-game"), 2)
    fresh._mask_room = 1
    first, second = fresh.shared_mask((1, 2)), fresh.shared_mask((3,))
    assert len(fresh._masks) == 1 and fresh.shared_mask((3,)) is not second
    assert not first.flags.writeable and not second.flags.writeable
    assert second.nonzero()[0].tolist() == [3] and fresh.mask((3,)).flags.writeable
