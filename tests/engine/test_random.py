"""The seeded RNG: reproducible, in range, unbiased enough, and tiny to copy."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import rulebook
from rulebook.engine import random as engine_random
from rulebook.engine.random import Rng, derive_seed, remembered_draws


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(1, 10**9))
def test_below_is_in_range_and_reproducible(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    values = [a.below(n) for _ in range(20)]
    assert values == [b.below(n) for _ in range(20)]
    assert all(0 <= v < n for v in values)


@given(st.integers(0, 2**64), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = items[:]
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_die_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.die(6) - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_clone_continues_the_same_stream_independently() -> None:
    a = Rng(5)
    a.next64()
    b = a.clone()
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert Rng.from_state(a.state).next64() == a.next64()


def test_derived_seeds_differ_per_key() -> None:
    seeds = {derive_seed(1, i) for i in range(1000)} | {derive_seed(2, 0)}
    assert len(seeds) == 1001


@given(st.integers(0, 2**64))
def test_below_one_spends_the_draw_as_any_bound_does(seed: int) -> None:
    """below(1) is 0 without mixing the output, but the stream moves on as for any bound."""
    a, b = Rng(seed), Rng(seed)
    assert a.below(1) == 0
    b.below(7)
    assert a.state == b.state


@given(st.integers(0, 2**64), st.lists(st.integers(), max_size=40), st.integers(1, 12))
def test_remembered_draws_are_the_same_draws(seed: int, items: list[int], sides: int) -> None:
    """A state's dice, bounded draws and shuffles are the same with the outputs remembered
    (a search's worlds, ``remembered_draws``), the first time and when looked up again."""
    state = rulebook.load("susumuka-modoruka").new_state(seed=1, players=3)
    state.rng_state = Rng(seed).state

    def draws() -> tuple[list[int], list[int], int]:
        world = state.clone()
        shuffled = items[:]
        world.shuffle(shuffled)
        rolled = [world.roll(sides), world.below(sides), world.roll(sides)]
        return shuffled, rolled, world.rng_state

    plain = draws()
    with remembered_draws():
        assert engine_random.remembered is not None
        assert draws() == plain
        assert draws() == plain  # looked up this time
        with remembered_draws():  # nested: the outer table stays
            assert draws() == plain
        assert engine_random.remembered is not None
    assert engine_random.remembered is None
