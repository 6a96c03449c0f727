"""``rulebook tune``: search the varied parameters for the settings nearest the targets, then
verify the best few and the default on fresh games.

Evaluations are noisy (a few hundred games a trial: a seat's win rate is known to about ±4
points, the gap between two seats to about ±6), so:

- a trial plays a block of ``games`` games; the first trial of a setting plays block 0 (game
  numbers ``0..games-1`` of the seed, the same games for every setting: common random numbers,
  so settings differ by their rules, not their luck), and each later trial of the same setting
  plays its next block. A setting the sampler keeps asking for is thereby measured on more and
  more games instead of repeating one lucky number;
- Optuna's TPE sampler is told each block's own distance (a noisy observation) and models
  where good settings lie rather than trusting one value;
- settings are ranked by their mean distance over their blocks (blocks are the same size, so
  one lucky block weighs no more than in any other setting), and the best few are played
  again, with the default, on fresh games the search never reached; the best is the one
  nearest the targets on those fresh games, the default included (no change can be best).

A run kept in ``--study FILE`` (Optuna's SQLite storage) resumes where it stopped."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebook.engine.errors import ConfigError
from rulebook.engine.game import Game
from rulebook.extras import missing_extra
from rulebook.i18n import ENGLISH_LANGUAGE, _, reading
from rulebook.paths import folder_problem
from rulebook.sim.backend import Backend
from rulebook.sim.measure import measure
from rulebook.sim.runner import GameResult, check_setup, run_rows
from rulebook.sim.targets import Target, distance, distance_interval, objective
from rulebook.sim.vary import Axis, apply, as_json, check_rows, defaults, shown

STUDY = "rulebook-tune"


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
        raise ConfigError(missing_extra("rulebook tune", "tune")) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def open_study(optuna: Any, plan: Plan, path: Path | None) -> Any:
    """A new study, or the one in ``path`` if it holds this very plan."""
    storage = f"sqlite:///{path}" if path is not None else None
    problem = folder_problem(path, "--study") if path is not None else None
    if problem is not None:
        raise ConfigError(problem)
    sampler = optuna.samplers.TPESampler(seed=plan.seed, multivariate=True)
    try:
        study = optuna.create_study(
            study_name=STUDY, storage=storage, sampler=sampler, load_if_exists=True
        )
    except Exception as exc:  # SQLAlchemy's errors: a file that is not an SQLite database
        if path is None or not is_storage_error(exc):
            raise
        problem = f"--study {path}: {getattr(exc, 'orig', None) or exc}"
        raise ConfigError(_("tuning failed: {problem}", problem=problem)) from None
    held = study.user_attrs.get("plan")
    if held is None:
        study.set_user_attr("plan", plan.key())
    elif held != plan.key():
        raise ConfigError(
            _(
                "--study {path} holds a tuning run with other options (game, agents, --vary, "
                "--target, --games, --seed or --set); give another file to start a new one",
                path=path,
            )
        )
    return study


def is_storage_error(exc: Exception) -> bool:
    """Whether Optuna's SQLite storage could not open or read the file (SQLAlchemy comes
    with Optuna, so it is imported only here)."""
    from sqlalchemy.exc import SQLAlchemyError

    return isinstance(exc, SQLAlchemyError)


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
        data["distance_interval"] = distance_interval(plan.targets, data)
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
) -> Any:
    """Ask Optuna for settings until the study holds ``budget`` trials, each a block of
    ``plan.games`` games: a setting's first trial plays block 0, a repeat its next block."""
    optuna = load_optuna()
    game = check_setup(plan.slug, plan.agents, plan.base)
    check_rows(plan.slug, plan.base, [{a.name: v} for a in plan.axes for v in a.values])
    study = open_study(optuna, plan, study_path)
    done = finished(study)
    blocks = Counter(key_of(t.params) for t in done)
    if progress and done:
        progress(min(len(done), budget) * plan.games)  # a resumed search starts where it was
    for _trial in range(budget - len(done)):
        trial = study.ask()
        settings = suggest(trial, plan.axes)
        block = blocks[key_of(trial.params)]
        first = block * plan.games
        (data,) = evaluate(plan, game, backend, [settings], first, plan.games, progress)
        trial.set_user_attr("block", block)
        trial.set_user_attr("measured", summary(data))
        study.tell(trial, data["distance"])
        blocks[key_of(trial.params)] += 1
    return study


def key_of(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True)


def fresh_start(study: Any, plan: Plan) -> int:
    """The first game number no trial played: where verification starts."""
    used = [int(t.user_attrs.get("block", 0)) for t in finished(study)]
    return (max(used, default=-1) + 1) * plan.games


def ranked(study: Any, axes: list[Axis]) -> list[dict[str, Any]]:
    """Each setting tried, nearest first by its mean distance over its blocks: ``settings``,
    ``distance`` and ``blocks``."""
    seen: dict[str, dict[str, Any]] = {}
    for trial in finished(study):
        row = seen.setdefault(
            key_of(trial.params),
            {"settings": settings_of(trial, axes), "values": []},
        )
        row["values"].append(trial.value)
    rows = [
        {"settings": r["settings"], "distance": statistics.fmean(r["values"]),
         "blocks": len(r["values"])}
        for r in seen.values()
    ]  # fmt: skip
    return sorted(rows, key=lambda r: r["distance"])


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
    """The ``count`` settings with the lowest mean search distance."""
    return [row["settings"] for row in ranked(study, axes)[:count]]


def verify(
    plan: Plan,
    backend: Backend,
    candidates: list[dict[str, Any]],
    first: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """The candidates and the default, played on games ``first..`` (which the search never
    reached); the best is the one nearest the targets on these fresh games, the default
    included."""
    game = check_setup(plan.slug, plan.agents, plan.base)
    default = defaults(plan.slug, plan.axes, plan.base)
    runs = [*candidates, default] if default not in candidates else list(candidates)
    measured = evaluate(plan, game, backend, runs, first, plan.verify_games, progress)
    rows = [{"settings": as_json(s), "verified": m} for s, m in zip(runs, measured, strict=True)]
    kept = rows[runs.index(default)]
    # the default unless a candidate is nearer: a tie (a limit no game reaches) is no win
    best = min(rows, key=lambda r: (r["verified"]["distance"], r is not kept))
    with reading(ENGLISH_LANGUAGE):  # the data's words, whatever the reader's language
        said = objective(game, plan.targets)
    return {
        "game": plan.slug,
        "agents": plan.agents,
        "objective": said,
        "search_games": plan.games,
        "verify_games": plan.verify_games,
        "fresh_games": f"games {first}-{first + plan.verify_games - 1} of seed {plan.seed}",
        "best": best,
        "default": kept,
        "candidates": rows[: len(candidates)],
    }
