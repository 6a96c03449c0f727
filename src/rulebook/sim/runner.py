"""Run many seeded games between agents, in parallel, with results independent of --jobs.

Game ``i`` always gets seed ``derive_seed(seed, i)`` and the same agents, so splitting the
work across processes changes only the speed, never the numbers.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulebook.agents import decide, make_agent, parse_spec
from rulebook.engine.errors import UnknownAgent
from rulebook.engine.game import Game, load
from rulebook.engine.random import derive_seed
from rulebook.sim.stats import mean, median, wilson

if TYPE_CHECKING:
    from rulebook.lab.listeners import Detail, Watch


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    returns: tuple[float, ...]
    decisions: int
    turns: int
    end_reason: str
    tallies: tuple[tuple[str, float | str], ...] = ()
    detail: Detail | None = None  # what the designer's report watches (``watch`` given)


@dataclass
class SeatSummary:
    agent: str
    wins: int
    draws: int
    losses: int
    win_rate: float
    interval: tuple[float, float]


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "agents": self.agents,
            "seats": [vars(s) for s in self.seats],
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_decisions": self.mean_decisions,
            "end_reasons": self.end_reasons,
            "figures": self.figures,
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
        returns=tuple(state.returns()),
        decisions=decisions,
        turns=state.turns(),
        end_reason=outcome.reason,
        tallies=tuple(state.tallies().items()),
        detail=listener.finish(state, decisions) if listener is not None else None,
    )


Job = tuple[str, dict[str, Any], list[str], int, int, int, "Watch | None"]


def _run_chunk(job: Job) -> list[GameResult]:
    slug, config, agent_names, seed, start, stop, watch = job
    game = load(slug, **config)
    return [
        play_game(game, agent_names, derive_seed(seed, i), i, watch) for i in range(start, stop)
    ]


def simulate(
    slug: str,
    agent_names: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    results = run_games(slug, agent_names, games, seed, jobs, config, progress)
    return summarise(slug, seed, agent_names, results)


def run_games(
    slug: str,
    agent_names: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    watch: Watch | None = None,
) -> list[GameResult]:
    """Every game's result in game order, the same whatever ``jobs`` is (game ``i`` is
    seeded ``derive_seed(seed, i)``)."""
    config = dict(config or {})
    game = load(slug, **config)  # validate config and agents before forking
    game.check_players(len(agent_names))
    for seat, name in enumerate(agent_names):
        if "time" in parse_spec(name)[1]:
            raise UnknownAgent(
                f"agent '{name}': time= depends on the machine's speed; simulations use "
                "iterations= (same seed, same results)"
            )
        make_agent(name, game, seat, 0)
    chunk = max(1, min(250, games // (jobs * 8) or 1))
    tasks: list[Job] = [
        (slug, config, agent_names, seed, s, min(s + chunk, games), watch)
        for s in range(0, games, chunk)
    ]
    results: list[GameResult] = []
    if jobs <= 1:
        for task in tasks:
            done = _run_chunk(task)
            results.extend(done)
            if progress:
                progress(len(done))
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(jobs) as pool:
            for done in pool.imap_unordered(_run_chunk, tasks):
                results.extend(done)
                if progress:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    return results


simulate_results = run_games  # the name simulate's callers know


def summarise(slug: str, seed: int, agent_names: list[str], results: list[GameResult]) -> Summary:
    n = len(results)
    seats = []
    for seat, name in enumerate(agent_names):
        wins = sum(1 for r in results if r.returns[seat] == 1.0)
        losses = sum(1 for r in results if r.returns[seat] == 0.0)
        draws = n - wins - losses
        seats.append(
            SeatSummary(name, wins, draws, losses, wins / n if n else 0.0, wilson(wins, n))
        )
    turns = [r.turns for r in results]
    return Summary(
        game=slug,
        games=n,
        seed=seed,
        agents=agent_names,
        seats=seats,
        mean_turns=mean(turns),
        median_turns=median(turns),
        mean_decisions=mean([r.decisions for r in results]),
        end_reasons=dict(Counter(r.end_reason for r in results)),
        figures=figures(results),
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
            out[name] = mean([float(v) if isinstance(v, int | float) else 0.0 for v in values])
        else:
            out[name] = dict(Counter(str(v) for v in values if v is not None))
    return out
