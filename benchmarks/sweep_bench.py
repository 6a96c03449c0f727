"""A sweep's wall time on worker processes and on a local Ray, measured in the same run.

Run: ``python benchmarks/sweep_bench.py [--games N] [--rounds R] [--jobs J]`` (Ray from the
``ray`` extra). The sweep is issue 19's: 12 settings of The GAME (punishments-to-win 4..6 ×
pleasures-to-win 4..7), heuristic against heuristic, ``--games`` games a setting. The two
backends alternate for ``--rounds`` rounds (the machine may be shared: its speed drifts, so
neither backend gets all the quiet minutes); each time counts starting and stopping the
backend. The two backends must give the same rows, and the script checks that they do.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from typing import Any

from rulebook.sim.backend import open_backend
from rulebook.sim.settings_sweep import sweep_settings
from rulebook.sim.vary import parse_axes

VARY = ["punishments-to-win=4..6", "pleasures-to-win=4..7"]
AGENTS = ["heuristic", "heuristic"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_sweep(backend: str, games: int, jobs: int) -> tuple[float, float, float, list[Any]]:
    """(wall seconds in all, of them starting and stopping the backend, CPU seconds of reaped
    worker processes, rows)."""
    axes = parse_axes("the-game", VARY)
    cpu = children_cpu()
    start = time.perf_counter()
    with open_backend(backend, jobs) as workers:
        opened = time.perf_counter()
        result = sweep_settings("the-game", AGENTS, axes, games, workers)
        swept = time.perf_counter()
    wall = time.perf_counter() - start
    assert result.failed is None, result.failed
    return wall, wall - (swept - opened), children_cpu() - cpu, result.rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games a setting")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes / Ray CPUs")
    args = parser.parse_args()
    walls: dict[str, list[float]] = {"processes": [], "ray": []}
    sweeps: dict[str, list[float]] = {"processes": [], "ray": []}
    rows: dict[str, list[Any]] = {}
    for round_ in range(args.rounds):
        order = ["processes", "ray"] if round_ % 2 == 0 else ["ray", "processes"]
        for backend in order:
            wall, setup, cpu, rows[backend] = one_sweep(backend, args.games, args.jobs)
            walls[backend].append(wall)
            sweeps[backend].append(wall - setup)
            spent = f", worker CPU {cpu:.1f} s" if backend == "processes" else ""
            print(
                f"round {round_ + 1} {backend:9}: {wall:6.1f} s "
                f"(start and stop {setup:.1f} s){spent}",
                flush=True,
            )
    assert rows["processes"] == rows["ray"], "the backends gave different numbers"
    mid = {name: statistics.median(times) for name, times in walls.items()}
    run = {name: statistics.median(times) for name, times in sweeps.items()}
    print(
        f"12 settings × {args.games} games, {args.jobs} jobs: processes {mid['processes']:.1f} s, "
        f"ray {mid['ray']:.1f} s (median of {args.rounds}); ray / processes = "
        f"{mid['ray'] / mid['processes']:.2f}×; same rows on both"
    )
    print(
        f"without starting and stopping the backend (a running cluster, --address): processes "
        f"{run['processes']:.1f} s, ray {run['ray']:.1f} s; ray / processes = "
        f"{run['ray'] / run['processes']:.2f}×"
    )


if __name__ == "__main__":
    main()
