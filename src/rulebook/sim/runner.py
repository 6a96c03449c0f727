"""Run many seeded games between agents, in parallel, with results independent of --jobs.

Game ``i`` always gets seed ``derive_seed(seed, i)`` and the same agents, so splitting the
work across processes changes only the speed, never the numbers.
"""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulebook.agents import decide, make_agent, parse_spec
from rulebook.engine.errors import RulebookError, UnknownAgent
from rulebook.engine.game import Game, load
from rulebook.engine.random import derive_seed
from rulebook.i18n import _
from rulebook.sim.backend import Backend, WorkerFailed, open_backend
from rulebook.sim.stats import mean, mean_interval, median, wilson

if TYPE_CHECKING:
    from rulebook.lab.listeners import Detail, Watch


@dataclass(frozen=True, slots=True)
class GameResult:
    """``returns``: each seat's share of the win (``Outcome.win_shares``: returns() itself in
    a win/lose game); ``points``: each seat's points in a game that scores, else None."""

    index: int
    returns: tuple[float, ...]
    decisions: int
    turns: int
    end_reason: str
    tallies: tuple[tuple[str, float | str], ...] = ()
    detail: Detail | None = None  # what the designer's report watches (``watch`` given)
    points: tuple[float, ...] | None = None


@dataclass
class SeatSummary:
    agent: str
    wins: int
    draws: int
    losses: int
    win_rate: float
    interval: tuple[float, float]
    # a game that scores: the mean of the seat's points and its 95% interval (normal)
    mean_points: float | None = None
    points_interval: tuple[float, float] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain data; the points only in a game that scores."""
        return {k: v for k, v in vars(self).items() if v is not None or "points" not in k}


@dataclass
class Summary:
    game: str
    games: int
    seed: int
    agents: list[str]
    seats: list[SeatSummary]
    mean_turns: float
    median_turns: float
    mean_decisions: float
    end_reasons: dict[str, int] = field(default_factory=dict)
    figures: dict[str, float | dict[str, int]] = field(default_factory=dict)
    # 95% intervals of the means: turns a game, and each numeric figure
    turns_interval: tuple[float, float] = (0.0, 0.0)
    decisions_interval: tuple[float, float] = (0.0, 0.0)
    figure_intervals: dict[str, tuple[float, float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "agents": self.agents,
            "seats": [s.as_dict() for s in self.seats],
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_decisions": self.mean_decisions,
            "end_reasons": self.end_reasons,
            "figures": self.figures,
            "turns_interval": self.turns_interval,
            "decisions_interval": self.decisions_interval,
            "figure_intervals": self.figure_intervals,
        }


def play_game(
    game: Game, agent_names: list[str], seed: int, index: int = 0, watch: Watch | None = None
) -> GameResult:
    """One seeded game, as plain data: a pure function of (game, agents, seed, watch), so any
    backend can run it. ``watch`` (the report's settings) adds the game's ``detail``."""
    listener = watch.listener(game, len(agent_names)) if watch is not None else None
    facts = listener.facts if listener is not None else None
    state = game.new_state(seed=seed, players=len(agent_names), card_facts=facts)
    agents = [make_agent(name, game, seat, seed) for seat, name in enumerate(agent_names)]
    decisions = 0
    while True:
        seat = state.to_move
        if seat is None:
            break
        if listener is not None:
            listener.decision(state, decisions)
        state.apply(decide(agents[seat], state, seat), narrate=False)
        decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(
        index=index,
        returns=outcome.win_shares(),
        points=outcome.points,
        decisions=decisions,
        turns=state.turns(),
        end_reason=outcome.reason,
        tallies=tuple(state.tallies().items()),
        detail=listener.finish(state, decisions) if listener is not None else None,
    )


@dataclass(frozen=True, slots=True)
class Job:
    """A backend's task: games ``start``..``stop - 1`` of one setting (plain data)."""

    slug: str
    config: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    start: int
    stop: int
    row: int = 0  # which setting of a sweep
    watch: Watch | None = None  # what the designer's report follows in each game


@dataclass(frozen=True, slots=True)
class Done:
    """A job's games in order; ``error`` names the game that raised (the rest were not
    played)."""

    job: Job
    results: tuple[GameResult, ...]
    failed: int | None = None
    error: str = ""


class GameFailed(RulebookError):
    """A game raised in a worker (or the worker died): which setting row and game."""

    def __init__(self, row: int, message: str) -> None:
        super().__init__(message)
        self.row = row


def play_chunk(job: Job) -> Done:
    """Run in a worker: the job's games, each seeded ``derive_seed(job.seed, i)``."""
    results: list[GameResult] = []
    index = job.start
    try:
        game = load(job.slug, **job.config)
        for index in range(job.start, job.stop):
            seed = derive_seed(job.seed, index)
            results.append(play_game(game, list(job.agents), seed, index, job.watch))
    except Exception as exc:  # reported with its game, never lost
        return Done(job, tuple(results), index, f"{type(exc).__name__}: {exc}")
    return Done(job, tuple(results))


def chunk_size(games: int, workers: int) -> int:
    """About eight chunks a worker: small enough to balance, big enough to be cheap."""
    return max(1, min(250, games // (workers * 8) or 1))


def check_setup(slug: str, agent_names: list[str], config: dict[str, Any]) -> Game:
    """Config and agents checked here (one line each), before any worker starts."""
    game = load(slug, **config)
    game.check_players(len(agent_names))
    for seat, name in enumerate(agent_names):
        if "time" in parse_spec(name)[1]:
            raise UnknownAgent(
                _(
                    "agent '{name}': time= depends on the machine's speed; simulations use "
                    "iterations= (same seed, same results)",
                    name=name,
                )
            )
        make_agent(name, game, seat, 0)
    return game


def run_rows(
    slug: str,
    agent_names: list[str],
    configs: list[dict[str, Any]],
    games: int,
    seed: int,
    backend: Backend,
    on_row: Callable[[int, list[GameResult]], None],
    progress: Callable[[int], None] | None = None,
    watch: Watch | None = None,
    first: int = 0,
) -> None:
    """Play ``games`` games at each config (row), all rows in one batch so every worker stays
    busy; ``on_row(row, results)`` as each row completes, its results in game order. Every row
    plays games ``first..first+games-1`` of ``seed`` (from 0: the very games ``simulate``
    plays). Raises
    GameFailed naming the first failing game (rows finished before it were already given)."""
    size = min(chunk_size(games * len(configs), backend.workers), games)
    end = first + games
    jobs = [
        Job(slug, config, tuple(agent_names), seed, start, min(start + size, end), row, watch)
        for row, config in enumerate(configs)
        for start in range(first, end, size)
    ]
    waiting = Counter(job.row for job in jobs)
    done: dict[int, list[GameResult]] = {row: [] for row in waiting}
    try:
        for finished in backend.run(play_chunk, jobs):
            job = finished.job
            if finished.error:
                raise GameFailed(
                    job.row,
                    _(
                        "game {index} of seed {seed} failed: {problem}",
                        index=finished.failed,
                        seed=job.seed,
                        problem=finished.error,
                    ),
                )
            done[job.row].extend(finished.results)
            if progress:
                progress(len(finished.results))
            waiting[job.row] -= 1
            if not waiting[job.row]:
                on_row(job.row, sorted(done.pop(job.row), key=lambda r: r.index))
    except WorkerFailed as exc:
        job = exc.task
        raise GameFailed(
            job.row,
            _(
                "games {first}-{last} of seed {seed} failed: {problem}",
                first=job.start,
                last=job.stop - 1,
                seed=job.seed,
                problem=exc,
            ),
        ) from None


def run_games(
    slug: str,
    agent_names: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    watch: Watch | None = None,
    backend: Backend | None = None,
) -> list[GameResult]:
    """Every game's result in game order, the same whatever ``jobs`` or the backend is (game
    ``i`` is seeded ``derive_seed(seed, i)``). Without ``backend``, ``jobs`` processes.
    ``watch`` (the report's settings) adds each game's ``detail``."""
    config = dict(config or {})
    check_setup(slug, agent_names, config)
    out: list[GameResult] = []

    def keep(_row: int, results: list[GameResult]) -> None:
        out.extend(results)

    with contextlib.ExitStack() as stack:
        if backend is None:
            backend = stack.enter_context(open_backend("processes", jobs))
        run_rows(slug, agent_names, [config], games, seed, backend, keep, progress, watch)
    return out


def simulate(
    slug: str,
    agent_names: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> Summary:
    results = run_games(slug, agent_names, games, seed, jobs, config, progress, None, backend)
    return summarise(slug, seed, agent_names, results)


simulate_results = run_games  # the name simulate's callers know


def summarise(slug: str, seed: int, agent_names: list[str], results: list[GameResult]) -> Summary:
    n = len(results)
    seats = []
    for seat, name in enumerate(agent_names):
        wins = sum(1 for r in results if r.returns[seat] == 1.0)
        losses = sum(1 for r in results if r.returns[seat] == 0.0)
        draws = n - wins - losses
        summary = SeatSummary(name, wins, draws, losses, wins / n if n else 0.0, wilson(wins, n))
        points = [r.points[seat] for r in results if r.points is not None]
        if points:
            summary.mean_points = mean(points)
            summary.points_interval = mean_interval(points)
        seats.append(summary)
    turns = [r.turns for r in results]
    decisions = [r.decisions for r in results]
    return Summary(
        game=slug,
        games=n,
        seed=seed,
        agents=agent_names,
        seats=seats,
        mean_turns=mean(turns),
        median_turns=median(turns),
        mean_decisions=mean(decisions),
        end_reasons=dict(Counter(r.end_reason for r in results)),
        figures=figures(results),
        turns_interval=mean_interval(turns),
        decisions_interval=mean_interval(decisions),
        figure_intervals=figure_intervals(results),
    )


def figures(results: list[GameResult]) -> dict[str, float | dict[str, int]]:
    """The games' own tallies: numbers as a mean per game, words as counts (every game
    counts: a number a game did not report is 0)."""
    names: dict[str, bool] = {}  # name -> is a number, in first-seen order
    for result in results:
        for name, value in result.tallies:
            names.setdefault(name, not isinstance(value, str))
    out: dict[str, float | dict[str, int]] = {}
    for name, numeric in names.items():
        values = [dict(r.tallies).get(name) for r in results]
        if numeric:
            out[name] = mean([number(v) for v in values])
        else:
            counted = Counter(str(v) for v in values if v is not None)
            out[name] = dict(sorted(counted.items(), key=natural))
    return out


def natural(item: tuple[str, int]) -> tuple[float, str]:
    """A counted word's place: by its first number ("5-9" after "1-4", "10-19" after
    "5-9"), words without one first ("none"), then alphabetically."""
    digits = re.match(r"\d+", item[0])
    return (float(digits.group()) if digits else -1.0, item[0])


def figure_intervals(results: list[GameResult]) -> dict[str, tuple[float, float]]:
    """The 95% interval of each numeric tally's mean per game."""
    numeric = dict.fromkeys(
        name for r in results for name, value in r.tallies if not isinstance(value, str)
    )
    return {
        name: mean_interval([number(dict(r.tallies).get(name)) for r in results])
        for name in numeric
    }


def number(value: float | str | None) -> float:
    return float(value) if isinstance(value, int | float) else 0.0
