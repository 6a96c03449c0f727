"""The seeded RNG: reproducible, in range, unbiased enough, and tiny to copy."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulebook.engine.random import Rng, derive_seed


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
