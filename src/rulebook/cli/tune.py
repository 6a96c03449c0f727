"""``rulebook tune``: which settings bring the game nearest its targets, verified on fresh
games next to the default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from rulebook.cli.app import (
    AddressOpt,
    BackendOpt,
    CardsOpt,
    JobsOpt,
    SeedOpt,
    SetOpt,
    ThemeOpt,
    WithoutOpt,
    app,
    build_config,
    cap_jobs,
    console,
    errors,
    friendly_errors,
    progress_bar,
)
from rulebook.cli.simulate import AgentsOpt, PlayersOpt, seat_agents
from rulebook.cli.sweep import VaryOpt, fits, two_lines
from rulebook.engine.errors import ConfigError
from rulebook.engine.game import load
from rulebook.i18n import _
from rulebook.lab.findings import pct
from rulebook.sim.backend import open_backend
from rulebook.sim.runner import GameFailed
from rulebook.sim.targets import KINDS, Target, parse_target
from rulebook.sim.tune import Plan, best_settings, fresh_start, load_optuna, ranked, search, verify
from rulebook.sim.vary import Axis, parse_axes, shown
from rulebook.sim.vary import as_json as settings_json

TargetOpt = Annotated[
    list[str],
    typer.Option(
        "--target",
        metavar="TARGET",
        help=f"What to aim at: {KINDS}; @W weighs one (repeatable: a weighted sum).",
    ),
]


@app.command("tune")
def tune_command(
    slug: str,
    vary: VaryOpt = [],  # noqa: B006 - typer reads the default, never mutates it
    target: TargetOpt = [],  # noqa: B006
    budget: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="Trials in all, each --games games (a setting asked again plays its next games).",
        ),
    ] = 40,
    games_: Annotated[
        int, typer.Option("--games", min=1, metavar="N", help="Games a trial.")
    ] = 500,
    verify_games: Annotated[
        int, typer.Option(min=1, metavar="N", help="Fresh games for each verified setting.")
    ] = 4000,
    verify_best: Annotated[
        int, typer.Option(min=1, metavar="N", help="How many of the best settings to verify.")
    ] = 5,
    agents: AgentsOpt = "",
    players: PlayersOpt = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "processes",
    address: AddressOpt = None,
    seed: SeedOpt = 0,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006
    settings: SetOpt = [],  # noqa: B006
    study: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Keep the search in this SQLite file; rerun to resume."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Search the --vary space for the settings nearest the targets (Optuna), then play the
    best few and the default again on fresh games and print both with intervals."""
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        names = seat_agents(game, agents, players)
        axes = parse_axes(slug, vary)
        if not target:
            raise ConfigError(_("give at least one --target ({kinds})", kinds=KINDS))
        targets = [parse_target(game, len(names), t) for t in target]
        load_optuna()
        plan = Plan(slug, names, axes, targets, games_, verify_games, seed, config)
        pool = cap_jobs(jobs, games_) if address is None else jobs
        with progress_bar(as_json) as progress, open_backend(backend, pool, address) as workers:
            task = progress.add_task("searching", total=budget * games_)
            try:
                found = search(plan, budget, workers, study, lambda n: progress.advance(task, n))
                candidates = best_settings(found, axes, verify_best)
                total = verify_games * (len(candidates) + 1)
                progress.reset(task, total=total, description="verifying")
                first = fresh_start(found, plan)
                result = verify(
                    plan, workers, candidates, first, lambda n: progress.advance(task, n)
                )
            except GameFailed as exc:
                errors.print(
                    _("tuning failed: {problem}", problem=exc), soft_wrap=True, markup=False
                )
                raise typer.Exit(1) from None
            except KeyboardInterrupt:
                said = (
                    _("stopped; the finished trials are kept in {path}", path=study)
                    if study
                    else _("stopped")
                )
                errors.print(said, soft_wrap=True, markup=False)
                raise typer.Exit(130) from None
        searched = ranked(found, axes)
        result["trials"] = sum(row["blocks"] for row in searched)
        result["settings_measured"] = len(searched)
        result["searched"] = [
            {**row, "settings": settings_json(row["settings"])} for row in searched
        ]
    if as_json:
        console.print_json(json.dumps(result))
        return
    print_result(result, game.title, axes, targets)


def print_result(
    result: dict[str, Any], title: str, axes: list[Axis], targets: list[Target]
) -> None:
    console.print(f"[bold]{escape(title)}[/]: {escape(result['objective'])}", soft_wrap=True)
    points = in_points(targets)
    table = tune_table(result, axes, stacked=False, points=points)
    if not fits(table):  # many seats: each figure over its interval
        table = tune_table(result, axes, stacked=True, points=points)
    console.print(table)
    console.print(
        f"Searched {result['settings_measured']} settings in {result['trials']} trials of "
        f"{result['search_games']} games. Distance: the objective, then {spread(targets)}; "
        "wins: rate and 95% interval; turns: mean ± half its 95% interval.",
        soft_wrap=True,
    )
    best, default = result["best"]["verified"], result["default"]["verified"]
    for i, t in enumerate(targets):
        mine, theirs = describe(t, best["targets"][i]), describe(t, default["targets"][i])
        console.print(f"{escape(t.text)}: best {mine}; default {theirs}")
    console.print(f"In a sentence: {escape(verdict(result, targets))}", soft_wrap=True)


def spread(targets: list[Target]) -> str:
    """What the distance's range is, in words: one target's 95% interval, or with several
    a range that holds only when every target's interval does (Bonferroni's bound)."""
    if len(targets) == 1:
        return "its 95% interval"
    held = max(0, 100 - 5 * len(targets))
    return (
        f"its range when each target's figure lies in its 95% interval (not itself a 95% "
        f"interval: all {len(targets)} hold at once at least {held}% of the time)"
    )


def in_points(targets: list[Target]) -> bool:
    """Whether the distance is a gap between rates, read in percentage points as the targets'
    own lines are; a length target (a share of the wanted length) or a weight leaves it
    with no unit."""
    return all(t.kind != "length" and t.weight == 1 for t in targets)


def tune_table(
    result: dict[str, Any], axes: list[Axis], stacked: bool, points: bool = False
) -> Table:
    """The verified rows: each figure beside its interval, or stacked (as ``sweep`` does)
    where that does not fit the terminal; "(best)" and "(default)" under the row's setting."""
    table = Table(
        title=f"verified on {result['verify_games']} fresh games ({result['fresh_games']})",
        box=box.SIMPLE_HEAD,
        show_edge=not stacked,
        pad_edge=not stacked,
        collapse_padding=stacked,
    )
    for axis in axes:
        header = two_lines(axis.name)
        width = max(map(len, header.splitlines()))
        table.add_column(escape(header), min_width=width, no_wrap=stacked)
    table.add_column("distance\n(points)" if points else "distance", justify="right", no_wrap=True)
    for seat in result["default"]["verified"]["seats"]:
        name = seat["seat"].replace(" ", "\n", 1) if stacked else seat["seat"]
        table.add_column(escape(name), justify="right", no_wrap=True)
    table.add_column("turns", justify="right", no_wrap=True)
    rows = list(result["candidates"])
    if result["default"] not in rows:
        rows.append(result["default"])
    for row in rows:
        notes = ["best"] if row is result["best"] else []
        if row["settings"] == result["default"]["settings"]:
            notes.append("default")
        shown = cells(row, axes, "\n" if stacked else " ", points)
        shown[0] += "".join(f"\n({note})" for note in notes)  # under the row's first cell
        table.add_row(*shown)
    return table


def cells(row: dict[str, Any], axes: list[Axis], gap: str = " ", points: bool = False) -> list[str]:
    m = row["verified"]
    out = [escape(shown(row["settings"][a.name])) for a in axes]
    near = m["distance_interval"]  # None when a target has no interval
    if points:
        figures = [100 * x for x in [m["distance"], *(near or [])]]
        out.append(
            f"{figures[0]:.1f}" + (f"{gap}{figures[1]:.1f}–{figures[2]:.1f}" if near else "")
        )
    else:
        out.append(f"{m['distance']:.3f}" + (f"{gap}{near[0]:.2f}–{near[1]:.2f}" if near else ""))
    for seat in m["seats"]:
        low, high = seat["interval"]
        out.append(f"{seat['win_rate']:.0%}{gap}{low * 100:.0f}–{high * 100:.0f}")
    low, high = m["length"]["interval"]
    out.append(f"{m['length']['mean']:.1f}{gap if gap != ' ' else ''}±{(high - low) / 2:.1f}")
    return out


def describe(target: Target, measured: dict[str, Any]) -> str:
    """A target's measure in its own unit, as a designer reads it: the gap between the seats
    in percentage points, a rate in percent, the length in turns; its 95% interval after."""
    value, interval = measured["value"], measured["interval"]
    if target.kind == "balance":
        shown = [f"{100 * x:.1f}" for x in [value, *(interval or [])]]
        unit = " points"
    elif target.kind == "length":
        shown = [f"{x:.1f}" for x in [value, *(interval or [])]]
        unit = " turns"
    else:
        shown = [pct(x) for x in [value, *(interval or [])]]
        unit = ""
    if interval is None:
        return shown[0] + unit
    return f"{shown[0]}{unit} ({shown[1]}–{shown[2]})"


def verdict(result: dict[str, Any], targets: list[Target]) -> str:
    """Whether the fresh games tell the best from the default, target by target: the best
    is nearest on them by its figures, but its lead may be within chance (the two ranges of
    distances their 95% intervals allow overlap)."""
    best, default = result["best"], result["default"]
    n = default["verified"]["games"]
    if best["settings"] == default["settings"]:
        return (
            f"on {n} fresh games nothing searched came nearer the targets than the default, "
            "so the default is kept."
        )
    groups: dict[str, list[str]] = {"nearer": [], "farther": [], "within": []}
    for t in targets:  # by the distances each side's interval allows, not the figures':
        # 38 (37-39) and 42.5 (42-43) turns are apart, but 2 and 2.5 from 40 are not
        mine, theirs = (
            t.distance_interval(best["verified"]),
            t.distance_interval(default["verified"]),
        )
        if mine is not None and theirs is not None and mine[1] < theirs[0]:
            groups["nearer"].append(t.text)
        elif mine is not None and theirs is not None and theirs[1] < mine[0]:
            groups["farther"].append(t.text)
        else:
            groups["within"].append(t.text)
    words = {
        "nearer": "nearer the mark than the default beyond chance on {}",
        "farther": "farther from the mark than the default beyond chance on {}",
        "within": "within chance of the default on {} (more --verify-games would tell)",
    }
    parts = [words[k].format(", ".join(v)) for k, v in groups.items() if v]
    return f"on {n} fresh games, the best is " + "; ".join(parts) + "."
