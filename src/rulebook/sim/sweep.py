"""A conformance sweep: the shared harness over many seeded games per player count, split over
worker processes or a Ray cluster (``rulebook.sim.backend``). Game ``n`` of a count is the
same game in any chunk, so the number of workers and the backend change only the speed.
The CI suite checks a sample of every game; a sweep checks the hundreds of games per
player count that a game's issue asks for (``make conformance``)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulebook.engine.conformance import ConformanceError, Report, check
from rulebook.engine.errors import ConfigError
from rulebook.engine.game import load
from rulebook.i18n import _
from rulebook.sim.backend import Backend, open_backend


@dataclass
class SweepRow(Report):
    """What the harness checked at one player count, and the CPU it took."""

    players: int = 0
    cpu_seconds: float = 0.0

    def record(self, report: Report, cpu: float) -> None:
        self.add(report)
        self.cpu_seconds += cpu


Task = tuple[str, dict[str, Any], int, int, int, int]  # slug, config, seed, players, first, n


def _run_chunk(task: Task) -> tuple[int, Report, float, str]:
    """One chunk in a worker; a broken promise comes back as its message (picklable)."""
    slug, config, seed, players, first, games = task
    start = time.process_time()
    try:
        report = check(load(slug, **config), games=games, seed=seed, players=players, first=first)
    except ConformanceError as exc:
        return players, Report(), time.process_time() - start, str(exc)
    return players, report, time.process_time() - start, ""


def sweep(
    slug: str,
    games: int,
    players: list[int] | None = None,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    chunk: int = 20,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> list[SweepRow]:
    """Check ``games`` games at each player count (all the game supports when ``players`` is
    None). Raises ConformanceError with the first broken promise found."""
    config = config or {}
    info = load(slug, **config).info
    counts = players or list(range(info.min_players, info.max_players + 1))
    for count in counts:
        if not info.min_players <= count <= info.max_players:
            raise ConfigError(
                _(
                    "{game} is for {low}-{high} players, not {count} (--players)",
                    game=slug,
                    low=info.min_players,
                    high=info.max_players,
                    count=count,
                )
            )
    tasks: list[Task] = [
        (slug, config, seed, count, first, min(chunk, games - first))
        for count in counts
        for first in range(0, games, chunk)
    ]
    rows = {count: SweepRow(players=count) for count in counts}
    failures: list[str] = []

    def record(done: tuple[int, Report, float, str]) -> None:
        count, report, cpu, failure = done
        if failure:
            failures.append(failure)
        rows[count].record(report, cpu)
        if progress:
            progress(report.games)

    with contextlib.ExitStack() as stack:
        if backend is None:
            backend = stack.enter_context(open_backend("processes", jobs))
        for done in backend.run(_run_chunk, tasks):
            record(done)
    if failures:
        raise ConformanceError(sorted(failures)[0])
    return [rows[count] for count in counts]
