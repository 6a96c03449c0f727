"""What the designer's report costs over ``rulebook simulate`` for the same games.

Run: ``python benchmarks/report_cost.py [--games N] [--game SLUG] [--rounds R]``. For each
game it plays the same seeded games (heuristics in every seat, one process) as simulate
does (the runner, summary) and as the report does (the runner with its listener: decision
kinds and options, card facts, the estimate every 4th decision; then every section and the
findings; no skill ladder, which plays its own games and is skipped with --no-ladder), in
alternating rounds, and prints the median ratio of CPU times. Target: at most 1.3.

``--big`` instead times the issue's figure: 10,000 games of The GAME, two heuristics, two
worker processes (wall clock), report against simulate.
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

from rulebook.engine.game import games as all_games
from rulebook.engine.game import load
from rulebook.lab.build import Settings, build
from rulebook.sim.runner import simulate

TARGET = 1.3


def timed(fn: object, clock: object = time.process_time) -> float:
    start = clock()  # type: ignore[operator]
    fn()  # type: ignore[operator]
    return clock() - start  # type: ignore[operator,no-any-return]


def ratio(slug: str, games: int, rounds: int) -> tuple[float, float, float]:
    game = load(slug)
    agents = ["heuristic"] * game.min_players
    ratios, sims, reps = [], [], []
    for r in range(rounds):
        sim = timed(partial(simulate, slug, agents, games, seed=r))
        rep = timed(partial(build, Settings(slug, agents, games, seed=r, ladder_games=0)))
        sims.append(sim)
        reps.append(rep)
        ratios.append(rep / sim)
    return statistics.median(ratios), statistics.median(sims), statistics.median(reps)


def big() -> None:
    agents = ["heuristic", "heuristic"]
    wall = time.perf_counter
    sim = timed(lambda: simulate("the-game", agents, 10_000, jobs=2), wall)
    settings = Settings("the-game", agents, 10_000, jobs=2, ladder_games=0)
    rep = timed(lambda: build(settings), wall)
    print(
        f"the-game, 10,000 games, 2 heuristics, 2 processes: simulate {sim:.1f} s, "
        f"report {rep:.1f} s (x{rep / sim:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--big", action="store_true")
    args = parser.parse_args()
    if args.big:
        big()
        return
    slugs = args.game or [g.slug for g in all_games()]
    for slug in slugs:
        r, sim, rep = ratio(slug, args.games, args.rounds)
        verdict = "ok" if r <= TARGET else f"over {TARGET}"
        print(
            f"{slug:20} {args.games} games: simulate {sim:6.2f} s CPU, report {rep:6.2f} s "
            f"(x{r:.2f}, {verdict})"
        )


if __name__ == "__main__":
    main()
