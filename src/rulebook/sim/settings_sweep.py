"""``rulebook sweep``: one simulation per setting of the varied parameters (the grid of all
combinations), each on the very games ``rulebook simulate`` plays for that setting, so the row
at the default settings is the default simulation. All rows go to the backend as one batch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulebook.sim.backend import Backend
from rulebook.sim.measure import differs, measure
from rulebook.sim.runner import GameFailed, GameResult, check_setup, run_rows
from rulebook.sim.vary import Axis, apply, as_json, as_value, check_rows, defaults, grid, label


@dataclass
class Sweep:
    game: str
    agents: list[str]
    games: int
    seed: int
    axes: list[Axis]
    rows: list[dict[str, Any]] = field(default_factory=list)  # in grid order, done ones
    default: dict[str, Any] | None = None
    failed: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "agents": self.agents,
            "games": self.games,
            "seed": self.seed,
            "vary": {a.name: [as_value(v) for v in a.values] for a in self.axes},
            "default": self.default,
            "rows": self.rows,
            "failed": self.failed,
        }


def sweep_settings(
    slug: str,
    agents: list[str],
    axes: list[Axis],
    games: int,
    backend: Backend,
    seed: int = 0,
    base: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sweep:
    """Every row of the grid (and the default, when the grid lacks it). A failing game ends the
    sweep with ``failed`` naming its setting, game and seed; finished rows are kept."""
    base = dict(base or {})
    game = check_setup(slug, agents, base)
    settings = grid(axes)
    default_settings = defaults(slug, axes, base)
    check_rows(slug, base, settings)
    runs = [*settings, default_settings] if default_settings not in settings else settings
    measured: dict[int, dict[str, Any]] = {}

    def keep(row: int, results: list[GameResult]) -> None:
        data = measure(game, agents, seed, results)
        measured[row] = {"settings": as_json(runs[row]), **data}

    out = Sweep(slug, agents, games, seed, axes)
    configs = [apply(base, s) for s in runs]
    try:
        run_rows(slug, agents, configs, games, seed, backend, keep, progress)
    except GameFailed as exc:
        out.failed = {"settings": as_json(runs[exc.row]), "error": f"{label(runs[exc.row])}: {exc}"}
    default_row = runs.index(default_settings)
    out.default = measured.get(default_row)
    for index in range(len(settings)):
        if index in measured:
            row = measured[index]
            row["default"] = index == default_row
            if out.default is not None:
                row["differs"] = differs(row, out.default)
            out.rows.append(row)
    return out
