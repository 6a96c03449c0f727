"""``rulebook tune``: search the varied parameters for the settings nearest the targets, then
verify the best few and the default on fresh games.

Evaluations are noisy (a few hundred games a setting), so: every trial plays the same games
(game numbers ``0..games-1`` of the seed: common random numbers, so two settings differ by their
rules, not their luck, and a setting tried twice costs nothing the second time); Optuna's TPE
sampler, which models a noisy objective rather than trusting one value; and the winner is
chosen only after the best few are played again on games the search never saw
(``games..games+verify-1``), with intervals, next to the default played on those same games.
A run kept in ``--study FILE`` (Optuna's SQLite storage) resumes where it stopped."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.engine.errors import ConfigError
from rulebook.engine.game import Game
from rulebook.sim.backend import Backend
from rulebook.sim.measure import measure
from rulebook.sim.runner import GameResult, check_setup, run_rows
from rulebook.sim.targets import Target, distance, objective
from rulebook.sim.vary import Axis, apply, as_json, check_rows, defaults, shown

TUNE_MISSING = "rulebook tune needs the optional extra 'tune': pip install -e '.[tune]'"
STUDY = "rulebook-tune"
REPEATS = 10  # asks per budgeted setting before a sampler that only repeats itself is stopped


@dataclass
class Plan:
    """A tuning run's question: everything that must match for a study to be resumed."""

    slug: str
    agents: list[str]
    axes: list[Axis]
    targets: list[Target]
    games: int
    verify_games: int
    seed: int = 0
    base: dict[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        return json.dumps(
            {
                "game": self.slug,
                "agents": self.agents,
                "vary": {a.name: [shown(v) for v in a.values] for a in self.axes},
                "targets": [f"{t.text}@{t.weight:g}" for t in self.targets],
                "games": self.games,
                "seed": self.seed,
                "base": {k: shown(v) for k, v in sorted(self.base.items())},
            },
            sort_keys=True,
        )


def load_optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise ConfigError(TUNE_MISSING) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def open_study(optuna: Any, plan: Plan, path: Path | None) -> Any:
    """A new study, or the one in ``path`` if it holds this very plan."""
    storage = f"sqlite:///{path}" if path is not None else None
    sampler = optuna.samplers.TPESampler(seed=plan.seed, multivariate=True)
    study = optuna.create_study(
        study_name=STUDY, storage=storage, sampler=sampler, load_if_exists=True
    )
    held = study.user_attrs.get("plan")
    if held is None:
        study.set_user_attr("plan", plan.key())
    elif held != plan.key():
        raise ConfigError(
            f"--study {path} holds a tuning run with other options (game, agents, --vary, "
            "--target, --games, --seed or --set); give another file to start a new one"
        )
    return study


def suggest(trial: Any, axes: list[Axis]) -> dict[str, Any]:
    """A trial's settings: a whole-number range as an integer, anything else as a choice."""
    settings = {}
    for axis in axes:
        values = list(axis.values)
        if axis.numeric and values == list(range(min(values), max(values) + 1)):
            settings[axis.name] = trial.suggest_int(axis.name, min(values), max(values))
        else:
            labels = axis.labels()
            chosen = trial.suggest_categorical(axis.name, labels)
            settings[axis.name] = values[labels.index(chosen)]
    return settings


def evaluate(
    plan: Plan,
    game: Game,
    backend: Backend,
    settings: list[dict[str, Any]],
    first: int,
    games: int,
    progress: Callable[[int], None] | None,
) -> list[dict[str, Any]]:
    """Each setting's measurements over games ``first..first+games-1``, in one batch."""
    measured: dict[int, dict[str, Any]] = {}

    def keep(row: int, results: list[GameResult]) -> None:
        data = measure(game, plan.agents, plan.seed, results)
        data["distance"] = distance(plan.targets, data)
        data["targets"] = [
            {"target": t.text, "weight": t.weight, "value": v, "interval": i}
            for t in plan.targets
            for v, i in [t.measured(data)]
        ]
        measured[row] = data

    configs = [apply(plan.base, s) for s in settings]
    run_rows(
        plan.slug, plan.agents, configs, games, plan.seed, backend, keep, progress, first=first
    )
    return [measured[row] for row in range(len(settings))]


def search(
    plan: Plan,
    budget: int,
    backend: Backend,
    study_path: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[Any, int]:
    """Ask Optuna for settings until ``budget`` distinct ones are measured (a repeat is told
    its known value and costs nothing: the same games give the same numbers), the space is
    exhausted, or the sampler keeps repeating itself. (study, distinct settings measured)."""
    optuna = load_optuna()
    game = check_setup(plan.slug, plan.agents, plan.base)
    check_rows(plan.slug, plan.base, [{a.name: v} for a in plan.axes for v in a.values])
    study = open_study(optuna, plan, study_path)
    done = {json.dumps(t.params, sort_keys=True): t.value for t in finished(study)}
    space = math.prod(len(a.values) for a in plan.axes)
    asked = 0
    while len(done) < min(budget, space) and asked < REPEATS * budget:
        trial = study.ask()
        asked += 1
        settings = suggest(trial, plan.axes)
        key = json.dumps(trial.params, sort_keys=True)
        if key not in done:
            (data,) = evaluate(plan, game, backend, [settings], 0, plan.games, progress)
            done[key] = data["distance"]
            trial.set_user_attr("measured", summary(data))
        study.tell(trial, done[key])
    return study, len(done)


def finished(study: Any) -> list[Any]:
    states = {"COMPLETE"}
    return [t for t in study.get_trials(deepcopy=False) if t.state.name in states]


def summary(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "distance": data["distance"],
        "win_rates": [s["win_rate"] for s in data["seats"]],
        "mean_turns": data["length"]["mean"],
    }


def settings_of(trial: Any, axes: list[Axis]) -> dict[str, Any]:
    """A finished trial's settings as Config values (its params are numbers or labels)."""
    out = {}
    for axis in axes:
        value = trial.params[axis.name]
        labels = axis.labels()
        out[axis.name] = axis.values[labels.index(value)] if value in labels else value
    return out


def best_settings(study: Any, axes: list[Axis], count: int) -> list[dict[str, Any]]:
    """The ``count`` distinct settings with the lowest search distance."""
    out: list[dict[str, Any]] = []
    for trial in sorted(finished(study), key=lambda t: t.value):
        settings = settings_of(trial, axes)
        if settings not in out:
            out.append(settings)
        if len(out) == count:
            break
    return out


def verify(
    plan: Plan,
    backend: Backend,
    candidates: list[dict[str, Any]],
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The candidates and the default, played on games the search never used; the best is
    the candidate nearest the targets on these fresh games."""
    game = check_setup(plan.slug, plan.agents, plan.base)
    default = defaults(plan.slug, plan.axes, plan.base)
    runs = [*candidates, default] if default not in candidates else list(candidates)
    first = plan.games  # the search played games 0..games-1
    measured = evaluate(plan, game, backend, runs, first, plan.verify_games, progress)
    rows = [{"settings": as_json(s), "verified": m} for s, m in zip(runs, measured, strict=True)]
    tried = rows[: len(candidates)]
    best = min(tried, key=lambda r: r["verified"]["distance"])
    return {
        "game": plan.slug,
        "agents": plan.agents,
        "objective": objective(game, plan.targets),
        "search_games": plan.games,
        "verify_games": plan.verify_games,
        "fresh_games": f"games {first}-{first + plan.verify_games - 1} of seed {plan.seed}",
        "best": best,
        "default": rows[runs.index(default)],
        "candidates": tried,
    }
