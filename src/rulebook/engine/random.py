"""Seeded randomness held in one 64-bit integer.

SplitMix64 is tiny, fast in pure Python and its whole state is one int, so cloning a game
state copies the generator for free (a Mersenne Twister would cost more than the rest of a
clone). Rules never touch the global ``random`` module.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from contextlib import contextmanager
from typing import TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")

# SplitMix64 outputs by generator state while a search replays its worlds (``remembered_draws``),
# else None. A search clones each sampled world for many iterations, every clone with the
# same generator state, so its dice and reshuffles draw the same outputs again and again; a
# 64-bit output costs about ten big-integer operations in Python, a lookup here far fewer.
remembered: dict[int, int] | None = None


@contextmanager
def remembered_draws() -> Iterator[None]:
    """Within: a state's draws (``State.roll``, ``State.below``, ``shuffle``) look their
    output up by the generator's state, computing it once. The same draws, only cheaper when
    states repeat (a search's worlds); plain play never repeats one and never asks for it.
    The table lives as long as the outermost ``with``."""
    global remembered
    outer = remembered
    if outer is None:
        remembered = {}
    try:
        yield
    finally:
        if outer is None:
            remembered = None


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
    table = remembered
    if table is not None:  # a search's world: outputs looked up (remembered_draws)
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & MASK64
            z = table.get(s)
            if z is None:
                z = table[s] = mix64(s)
            j = (z * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        return s
    for i in range(len(seq) - 1, 0, -1):
        s = (s + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        seq[i], seq[j] = seq[j], seq[i]
    return s
