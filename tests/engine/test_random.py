"""The seeded RNG: reproducible, in range, unbiased enough, and tiny to copy."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulebook
from rulebook.engine import random as engine_random
from rulebook.engine.random import Draws, Rng, derive_seed, remembered_draws


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


def below_by_below(items: list[int], state: int) -> int:
    """Fisher-Yates drawn with ``Rng.below``, one draw at a time (the reference)."""
    rng = Rng.from_state(state)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return rng.state


@given(st.integers(0, 2**64 - 1), st.integers(0, 80))
def test_a_shuffle_draws_as_below_does(state: int, n: int) -> None:
    """A shuffle is Fisher-Yates with the generator's own draws, whether they are mixed one
    by one or all at once (``_outputs``, from PACKED_FROM items): the same order, and the
    generator left where drawing one by one leaves it."""
    expected, items = list(range(n)), list(range(n))
    after = below_by_below(expected, state)
    assert engine_random.fisher_yates(items, state) == after
    assert items == expected
    # the outputs themselves, not only where they put the items (a shuffle reads mostly the
    # high bits of each: a wrong low bit would seldom move a card)
    rng = Rng.from_state(state)
    assert engine_random._outputs(state, n) == tuple(rng.next64() for _ in range(n))


@pytest.mark.parametrize(
    "n",
    [
        engine_random.PACKED_FROM - 1,
        engine_random.PACKED_FROM,
        engine_random.PACKED_UP_TO,
        engine_random.PACKED_UP_TO + 1,
    ],
)
def test_a_shuffle_at_the_edges_of_mixing_at_once(n: int) -> None:
    """The sizes where a shuffle's draws start and stop being mixed at once, from states near
    0 and near 2**64 (where adding a draw's step wraps round)."""
    for state in (0, 1, 2**63, 2**64 - 1, Rng(n).state):
        expected, items = list(range(n)), list(range(n))
        after = below_by_below(expected, state)
        assert engine_random.fisher_yates(items, state) == after
        assert items == expected


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


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(), max_size=40))
def test_a_remembered_shuffle_orders_other_cards_as_a_plain_one(
    state: int, items: list[int]
) -> None:
    """A shuffle remembered by (generator state, length) is an order of positions, not of
    cards: other cards of the same number, shuffled from the same state (a world's discard
    pile reshuffled at another iteration), land as a plain Fisher-Yates puts them."""
    others = [-1 - x for x in items]
    plain_items, plain_others = items[:], others[:]
    after = engine_random.fisher_yates(plain_items, state)
    assert engine_random.fisher_yates(plain_others, state) == after
    with remembered_draws():
        assert engine_random.fisher_yates(items, state) == after
        assert engine_random.fisher_yates(others, state) == after  # the order looked up
        assert engine_random.remembered_shuffles is not None
    assert (items, others) == (plain_items, plain_others)
    assert engine_random.remembered_shuffles is None


@pytest.mark.parametrize("numpy", [True, False])
@given(
    seed=st.integers(0, 2**64 - 1),
    bounds=st.lists(st.integers(0, 2**20), min_size=0, max_size=1200),
)
def test_draws_made_ahead_are_the_rngs_own(numpy: bool, seed: int, bounds: list[int]) -> None:
    """A search's draws made ahead (``Draws``: in numpy batches, or one by one in pure Python
    without numpy) are what the Rng gives one by one: ``(output * n) >> 64`` is ``below(n)``
    (0 for n = 1, the draw spent; a bound of 0 here stands for ``next64``), the state
    settled between draws is the one-by-one state (the Rng may be read then), and so is the
    state after."""
    engine_random.numpy_batches, before = numpy, engine_random.numpy_batches
    try:
        made, one_by_one = Rng.from_state(seed), Rng.from_state(seed)
        with Draws(made) as draws:
            for i, n in enumerate(bounds):
                if n:
                    assert (next(draws.outputs) * n) >> 64 == one_by_one.below(n)
                else:
                    assert next(draws.outputs) == one_by_one.next64()
                if i % 97 == 0:  # read in between (a timed search samples a world)
                    draws.settle()
                    assert made.state == one_by_one.state
                    assert made.below(6) == one_by_one.below(6)
        assert made.state == one_by_one.state
    finally:
        engine_random.numpy_batches = before


def test_draws_are_made_in_batches_with_numpy_and_one_by_one_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With numpy (the dev environment has it) a first draw makes a batch, the Rng moved
    past it until settled; without, each output is made as it is drawn, the Rng's state
    always the one-by-one state."""
    rng = Rng(3)
    start = rng.state
    with Draws(rng) as draws:
        next(draws.outputs)
        assert rng.state == (start + engine_random.FIRST_BATCH * 0x9E3779B97F4A7C15) % 2**64
    assert rng.state == _after(start, 1)
    monkeypatch.setattr(engine_random, "numpy_batches", False)
    with Draws(rng) as draws:
        next(draws.outputs)
        assert rng.state == _after(start, 2)


def _after(state: int, draws: int) -> int:
    """The SplitMix64 state ``draws`` draws after ``state``."""
    rng = Rng.from_state(state)
    for _ in range(draws):
        rng.next64()
    return rng.state
