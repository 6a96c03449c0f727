"""Narration made when first read (``Event.later``, Ribbon of Bone's Resolution record) read
by two threads at once: the browser server's AI threads read a view's latest events while a
new connection's first table reads them on the event loop."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator

import pytest

import rulebook
from rulebook.engine.events import Event
from rulebook.engine.random import Rng


def _steps(slug: str, players: int, seeds: range, **config: str) -> Iterator[list[Event]]:
    """The fresh events of every step of seeded random games, nobody having read them."""
    game = rulebook.load(slug, **config)
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_state(seed=seed, players=players)
        while state.decisions:
            legal = state.legal_ids()
            yield list(state.apply(legal[rng.below(len(legal))]))


def _read_twice_at_once(events: list[Event]) -> list[list[str | None] | BaseException]:
    """Each of two threads reads every line of ``events`` (as seat 0), released together."""
    barrier = threading.Barrier(2)
    results: list[list[str | None] | BaseException] = [[], []]

    def reader(i: int) -> None:
        barrier.wait()
        try:
            results[i] = [event.read(0) for event in events]
        except Exception as error:  # the test reports it
            results[i] = error

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize(
    ("slug", "players", "config"),
    [("ribbon-of-bone", 1, {}), ("solo-bound-female", 2, {"mode": "standard"})],
)
def test_two_readers_at_once_read_the_same_lines(
    slug: str, players: int, config: dict[str, str]
) -> None:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        failures = []
        for events in _steps(slug, players, range(4), **config):
            first, second = _read_twice_at_once(events)
            alone = [event.read(0) for event in events]  # and read again afterwards
            if first != alone or second != alone:
                failures.append((first, second, alone))
    finally:
        sys.setswitchinterval(interval)
    assert not failures, f"{len(failures)} steps read differently, e.g. {failures[0]}"
