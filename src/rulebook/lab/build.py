"""The report as data: play the games (the very games ``rulebook simulate`` plays for the same
seed, agents and options), watch them, and gather every section and the findings. The HTML
page is rendered from this JSON alone."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulebook.engine.game import config_to_json, load
from rulebook.i18n import _
from rulebook.lab import metrics
from rulebook.lab.findings import RARE_SHARE, findings
from rulebook.lab.ladder import ladder
from rulebook.lab.listeners import Watch
from rulebook.lab.scores import scores
from rulebook.sim.backend import Backend, open_backend
from rulebook.sim.runner import GameResult, figure_intervals, figures, run_games

SCHEMA = "rulebook-report/1"


@dataclass
class Settings:
    slug: str
    agents: list[str]
    games: int
    seed: int = 0
    jobs: int = 1
    config: dict[str, Any] = field(default_factory=dict)
    ladder_games: int = 40  # 0: no ladder
    estimate_every: int = 4  # 0: no lead changes
    more: list[list[str]] = field(default_factory=list)  # agents at other player counts


def build(
    settings: Settings,
    progress: Callable[[int], None] | None = None,
    ladder_progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """The report; its games on ``backend`` (default: ``settings.jobs`` worker processes)."""
    with contextlib.ExitStack() as stack:
        if backend is None:
            backend = stack.enter_context(open_backend("processes", settings.jobs))
        return gather(settings, backend, progress, ladder_progress)


def gather(
    settings: Settings,
    backend: Backend,
    progress: Callable[[int], None] | None,
    ladder_progress: Callable[[int], None] | None,
) -> dict[str, Any]:
    s = settings
    game = load(s.slug, **s.config)
    players = len(s.agents)
    watch = Watch(estimate_every=s.estimate_every)
    results = run_games(
        s.slug, s.agents, s.games, s.seed, s.jobs, s.config, progress, watch, backend
    )
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "game": s.slug,
        "title": game.title,
        "games": len(results),
        "seed": s.seed,
        "players": players,
        "agents": list(s.agents),
        "config": config_to_json(game.config),
        "changed": changed(s.slug, config_to_json(game.config)),
        "solo": players == 1 or game.utility in ("solo", "cooperative"),
        "seats": metrics.seats(game, s.agents, results),
        "ends": metrics.ends(game, results),
        "length": metrics.length(game, results),
        "decisions": metrics.decisions(results),
        "cards": metrics.cards(game, results, players, RARE_SHARE),
        "lead_changes": metrics.lead_changes(results, s.estimate_every),
        "tallies": figures(results),
        "tally_intervals": figure_intervals(results),
    }
    points = scores(game, s.agents, results)
    if points is not None:  # a game that scores; a win/lose game's report is unchanged
        report["scores"] = points
    report["player_counts"] = [count_row(game, s.agents, results)] + [
        count_row(game, agents, at_count(s, agents, backend, progress)) for agents in s.more
    ]
    if s.ladder_games:
        report["skill"] = ladder(
            s.slug,
            game,
            players,
            s.ladder_games,
            s.seed,
            s.jobs,
            s.config,
            ladder_progress,
            backend=backend,
        )
    else:
        report["skill"] = {
            "available": False,
            "note": _("the ladder was skipped (--no-ladder)"),
            "rows": [],
        }
    report["findings"] = findings(report)
    return report


def at_count(
    s: Settings, agents: list[str], backend: Backend, progress: Callable[[int], None] | None
) -> list[GameResult]:
    """The same games at another player count (these agents), on the same backend."""
    return run_games(s.slug, agents, s.games, s.seed, s.jobs, s.config, progress, backend=backend)


def count_row(game: Any, agents: list[str], results: list[Any]) -> dict[str, Any]:
    """One player count's seats, endings and length: what ``rulebook simulate --players N``
    plays for the same seed."""
    return {
        "players": len(agents),
        "agents": list(agents),
        "games": len(results),
        "seats": metrics.seats(game, agents, results),
        "ends": metrics.ends(game, results),
        "turns": metrics.spread([r.turns for r in results]),
    }


def changed(slug: str, config: dict[str, Any]) -> dict[str, Any]:
    """The rule settings that differ from the rulebook's defaults."""
    defaults = config_to_json(load(slug).config)
    return {k: v for k, v in config.items() if defaults.get(k) != v}
