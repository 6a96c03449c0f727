"""Random self-play decisions per second and median clone() time mid-game, per game.

Run: ``python benchmarks/bench.py [--seconds S] [--game SLUG]``. One core, no narration
dependence: this is the hot path of simulation and search (legal_actions, apply, clone).
"""

from __future__ import annotations

import argparse
import statistics
import time

import rulebook
from rulebook.engine.game import game_class
from rulebook.engine.random import Rng

SLUGS = ["the-game", "ribbon-of-bone"]


def decisions_per_second(slug: str, seconds: float) -> tuple[float, int]:
    game = rulebook.load(slug)
    rng = Rng(1)
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_over():
            legal = state.legal_actions()  # the public protocol, Action objects included
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
    return decisions / (time.perf_counter() - start), games


def clone_time_us(slug: str, samples: int = 2000) -> float:
    game = rulebook.load(slug)
    rng = Rng(2)
    mid_game = []
    for seed in range(200):
        state = game.new_state(seed=seed)
        path = []
        while not state.is_over():
            path.append(state)
            legal = state.legal_ids()
            state = state.clone()
            state.apply(legal[rng.below(len(legal))])
        mid_game.append(path[len(path) // 2])
    times = []
    for i in range(samples):
        state = mid_game[i % len(mid_game)]
        start = time.perf_counter_ns()
        for _ in range(20):
            state.clone()
        times.append((time.perf_counter_ns() - start) / 20 / 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", choices=SLUGS, action="append")
    args = parser.parse_args()
    for slug in args.game or SLUGS:
        game_class(slug)  # fail early on a bad slug
        rate, games = decisions_per_second(slug, args.seconds)
        clone = clone_time_us(slug)
        print(f"{slug:16s} {rate:10,.0f} decisions/s ({games} games)   clone median {clone:.2f} µs")


if __name__ == "__main__":
    main()
