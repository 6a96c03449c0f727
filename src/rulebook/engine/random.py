"""Seeded randomness held in one 64-bit integer.

SplitMix64 is tiny, fast in pure Python and its whole state is one int, so cloning a game
state copies the generator for free (a Mersenne Twister would cost more than the rest of a
clone). Rules never touch the global ``random`` module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableSequence
from contextlib import contextmanager
from functools import lru_cache
from itertools import chain
from operator import itemgetter, length_hint
from struct import Struct
from types import TracebackType
from typing import Any, TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")

# SplitMix64 outputs by generator state while a search replays its worlds (``remembered_draws``),
# else None. A search clones each sampled world for many iterations, every clone with the
# same generator state, so its dice and reshuffles draw the same outputs again and again; a
# 64-bit output costs about ten big-integer operations in Python, a lookup here far fewer.
remembered: dict[int, int] | None = None
# Shuffles the same while a search replays its worlds: by (generator state, length), the order
# Fisher-Yates leaves the positions in from that state, whatever the cards are (a world's
# discard pile is often reshuffled from the same state at the same size), else None.
remembered_shuffles: dict[tuple[int, int], Callable[[Any], Any]] | None = None


@contextmanager
def remembered_draws() -> Iterator[None]:
    """Within: a state's draws (``State.roll``, ``State.below``, ``shuffle``) look their
    output up by the generator's state, computing it once. The same draws, only cheaper when
    states repeat (a search's worlds); plain play never repeats one and never asks for it.
    The table lives as long as the outermost ``with``."""
    global remembered, remembered_shuffles
    outer = remembered
    if outer is None:
        remembered, remembered_shuffles = {}, {}
    try:
        yield
    finally:
        if outer is None:
            remembered = remembered_shuffles = None


def mix64(value: int) -> int:
    """The SplitMix64 finaliser: a well-spread 64-bit hash of ``value``."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def derive_seed(seed: int, *keys: int) -> int:
    """A seed for a sub-stream (game number, seat, agent) that is stable across runs."""
    value = mix64(seed)
    for key in keys:
        value = mix64(value ^ mix64(key + _GOLDEN))
    return value


class Rng:
    """SplitMix64 generator; ``state`` is the only field and is plain data."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix64(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & MASK64
        return rng

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (multiply-shift; bias below 2**-58 for card-game n)."""
        if n <= 1:
            if n <= 0:
                raise ValueError(f"below() needs a positive bound, got {n}")
            self.state = (self.state + _GOLDEN) & MASK64  # a single choice: 0, the draw spent
            return 0
        self.state = s = (self.state + _GOLDEN) & MASK64  # next64, inlined: every random move
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((s ^ (s >> 31)) * n) >> 64

    def die(self, sides: int) -> int:
        return self.below(sides) + 1

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place; the same draws as ``below``, inlined (the hot path of
        setup and of every resampled world in search)."""
        self.state = fisher_yates(seq, self.state)


def fisher_yates(seq: MutableSequence[T], state: int) -> int:
    """Shuffle ``seq`` in place from SplitMix64 ``state``; returns the advanced state."""
    s = state
    n = len(seq)
    shuffles = remembered_shuffles
    if shuffles is not None and n > 1:  # a search's world (remembered_draws)
        pick = shuffles.get((s, n))
        if pick is None:  # the positions' order from this state, worked out once
            pick = shuffles[(s, n)] = itemgetter(*_shuffled_positions(n, s))
        seq[:] = pick(seq)
        return (s + (n - 1) * _GOLDEN) & MASK64  # one draw a position but the first
    if PACKED_FROM <= n <= PACKED_UP_TO:  # the same draws, mixed all at once
        for i, z in zip(range(n - 1, 0, -1), _outputs(s, n - 1), strict=True):
            j = (z * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        return (s + (n - 1) * _GOLDEN) & MASK64
    for i in range(n - 1, 0, -1):
        s = (s + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        seq[i], seq[j] = seq[j], seq[i]
    return s


# Shuffles of PACKED_FROM to PACKED_UP_TO items mix their draws at once (``_outputs``): below,
# one by one costs as much or less (callgrind: a 28-card deck about half as many instructions,
# 10 cards a third fewer, 5 cards a seventh, 4 even); above, the lanes' constants would be
# kept for sizes no game shuffles.
PACKED_FROM, PACKED_UP_TO = 5, 1024


def _outputs(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` SplitMix64 outputs from ``state``, exactly ``Rng.next64``'s, mixed
    at once. Each output is worked out in a 128-bit lane of one Python integer, so each step
    of the mix (add, shift, xor, multiply by a 64-bit constant, mask) is one big-integer
    operation for every output instead of one each (about ten a draw: most of a shuffle's
    cost). A 64-bit value times a 64-bit constant fits its lane, and what a right shift
    moves into the lane below lands above that lane's 64 bits, where the mask drops it."""
    ones, ramp, low, unpack = _lanes(count)
    x = (state * ones + ramp) & low  # lane k: the state after k + 1 draws
    x ^= (x >> 30) & low
    x = (x * 0xBF58476D1CE4E5B9) & low
    x ^= (x >> 27) & low
    x = (x * 0x94D049BB133111EB) & low
    x ^= (x >> 31) & low
    return unpack(x.to_bytes(16 * count, "little"))


@lru_cache(maxsize=64)
def _lanes(count: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """For ``count`` lanes: a 1 in each, ``_GOLDEN`` times the lane's draw number in each, the
    64-bit mask in each, and the reading of each lane's low 64 bits (little-endian)."""
    ones = sum(1 << (128 * k) for k in range(count))
    ramp = sum((k + 1) * _GOLDEN << (128 * k) for k in range(count))
    return ones, ramp, MASK64 * ones, Struct("<" + "Q8x" * count).unpack


def _shuffled_positions(n: int, state: int) -> list[int]:
    """Which of ``n`` positions each place holds after Fisher-Yates from ``state`` (the
    same draws as ``fisher_yates``, their outputs remembered)."""
    table = remembered
    if table is None:
        raise RuntimeError("_shuffled_positions outside remembered_draws")
    positions, s = list(range(n)), state
    for i in range(n - 1, 0, -1):
        s = (s + _GOLDEN) & MASK64
        z = table.get(s)
        if z is None:
            z = table[s] = mix64(s)
        j = (z * (i + 1)) >> 64
        positions[i], positions[j] = positions[j], positions[i]
    return positions


# numpy makes a search's draws in batches (``Draws``) when it is importable: it is not a core
# dependency. False: made one by one in pure Python instead, the same outputs (tests force it).
numpy_batches = True
# Outputs made at once: a batch costs about as much as 15 draws one by one, then about a
# thirtieth of one an output; doubling from a small first batch wastes little at the end.
FIRST_BATCH, LAST_BATCH = 64, 4096


class Draws:
    """The outputs an ``Rng`` will give, made ahead for a loop that draws many (a search: a
    draw for every random move). ``next(draws.outputs)`` is what ``rng.next64()`` would return,
    and ``(next(draws.outputs) * n) >> 64`` what ``rng.below(n)`` would for any n of 1 or more:
    the same numbers, without a method call and its ten big-integer operations a draw. With
    numpy they are made in batches, its uint64 arithmetic wrapping as ``MASK64`` does; without
    it, one at a time in pure Python. Within ``with Draws(rng) as draws:`` the Rng must not be
    read but after ``draws.settle()``, which leaves ``rng.state`` where drawing one by one
    would have (leaving the ``with`` settles too)."""

    __slots__ = ("batch", "outputs", "rng", "size")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.batch: Iterator[int] = iter(())  # the batch being drawn from (numpy)
        self.size = FIRST_BATCH
        numpy = _numpy() if numpy_batches else None
        self.outputs: Iterator[int] = (
            chain.from_iterable(self._batches(numpy)) if numpy is not None else _one_by_one(rng)
        )

    def __enter__(self) -> Draws:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.settle()

    def settle(self) -> None:
        """``rng.state`` as the draws so far left it: made ahead but not drawn are dropped,
        and the next batch is a small one again (a timed search settles before each of its
        first worlds, a few draws apart)."""
        left = length_hint(self.batch)
        if left:
            self.rng.state = (self.rng.state - left * _GOLDEN) & MASK64
            for _ in self.batch:  # dropped: the next draw makes a batch from the state
                pass
        self.size = FIRST_BATCH

    def _batches(self, numpy: Any) -> Iterator[Iterator[int]]:
        """Batches of the next outputs, ``rng.state`` moved past each as it is made."""
        while True:
            rng, size = self.rng, self.size
            self.batch = iter(_made(numpy, rng.state, size))
            rng.state = (rng.state + size * _GOLDEN) & MASK64
            self.size = min(size * 2, LAST_BATCH)
            yield self.batch


def _one_by_one(rng: Rng) -> Iterator[int]:
    """The outputs of ``rng`` in pure Python, each made when drawn (``rng.state`` kept up:
    nothing to settle)."""
    while True:
        rng.state = s = (rng.state + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def _made(numpy: Any, state: int, count: int) -> list[int]:
    """The next ``count`` SplitMix64 outputs from ``state``, by numpy's uint64 arithmetic."""
    u64 = numpy.uint64
    s = numpy.arange(1, count + 1, dtype=u64) * u64(_GOLDEN) + u64(state)
    s ^= s >> u64(30)
    s *= u64(0xBF58476D1CE4E5B9)
    s ^= s >> u64(27)
    s *= u64(0x94D049BB133111EB)
    s ^= s >> u64(31)
    result: list[int] = s.tolist()
    return result


def _numpy() -> Any:
    """numpy when it can be imported (first asked: a search's first move), else None."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy
