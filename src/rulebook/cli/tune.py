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
from rulebook.engine.game import Game, load
from rulebook.i18n import N_, _, current
from rulebook.lab.findings import LEVEL, pct
from rulebook.sim.backend import open_backend
from rulebook.sim.runner import GameFailed
from rulebook.sim.targets import KINDS, Target, objective, parse_target
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
            task = progress.add_task(_("searching"), total=budget * games_)
            try:
                found = search(plan, budget, workers, study, lambda n: progress.advance(task, n))
                candidates = best_settings(found, axes, verify_best)
                total = verify_games * (len(candidates) + 1)
                progress.reset(task, total=total, description=_("verifying"))
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
    print_result(result, game, axes, targets, (first, seed))


def print_result(
    result: dict[str, Any],
    game: Game,
    axes: list[Axis],
    targets: list[Target],
    fresh_games: tuple[int, int],
) -> None:
    """The verified rows, what their columns mean, each target's figures and the verdict, in
    the reader's language (``fresh_games``: the first fresh game and the seed)."""
    said = _(
        "[bold]{title}[/]: {objective}",
        title=escape(_(game.title)),
        objective=escape(objective(game, targets)),
    )
    console.print(said, soft_wrap=True)
    points = in_points(targets)
    roles = [game.role_words(i) for i in range(len(result["default"]["verified"]["seats"]))]
    first, seed = fresh_games
    last = first + result["verify_games"] - 1
    fresh = _("games {first}-{last} of seed {seed}", first=first, last=last, seed=seed)
    table = tune_table(result, axes, stacked=False, points=points, roles=roles, fresh=fresh)
    if not fits(table):  # many seats: each figure over its interval
        table = tune_table(result, axes, stacked=True, points=points, roles=roles, fresh=fresh)
    console.print(table)
    console.print(
        _(
            "Searched {settings} settings in {trials} trials of {games} games. Distance: the "
            "objective, then {spread}; wins: rate and {percent} interval; turns: mean ± half its "
            "{percent} interval.",
            settings=result["settings_measured"],
            trials=result["trials"],
            games=result["search_games"],
            spread=spread(targets),
            percent=LEVEL,
        ),
        soft_wrap=True,
    )
    best, default = result["best"]["verified"], result["default"]["verified"]
    for i, t in enumerate(targets):
        mine, theirs = describe(t, best["targets"][i]), describe(t, default["targets"][i])
        line = _(
            "{target}: best {best}; default {default}", target=t.text, best=mine, default=theirs
        )
        console.print(escape(line), soft_wrap=not current().spaced)
    said = _("In a sentence: {verdict}", verdict=verdict(result, targets))
    console.print(escape(said), soft_wrap=True)


def spread(targets: list[Target]) -> str:
    """What the distance's range is, in words: one target's 95% interval, or with several
    a range that holds only when every target's interval does (Bonferroni's bound)."""
    if len(targets) == 1:
        return _("its {percent} interval", percent=LEVEL)
    held = max(0, 100 - 5 * len(targets))
    return _(
        "its range when each target's figure lies in its {percent} interval (not itself a "
        "{percent} interval: all {count} hold at once at least {held} of the time)",
        percent=LEVEL,
        count=len(targets),
        held=f"{held}%",
    )


def in_points(targets: list[Target]) -> bool:
    """Whether the distance is a gap between rates, read in percentage points as the targets'
    own lines are; a length target (a share of the wanted length) or a weight leaves it
    with no unit."""
    return all(t.kind != "length" and t.weight == 1 for t in targets)


def tune_table(
    result: dict[str, Any],
    axes: list[Axis],
    stacked: bool,
    points: bool = False,
    roles: list[str] | None = None,
    fresh: str | None = None,
) -> Table:
    """The verified rows: each figure beside its interval, or stacked (as ``sweep`` does)
    where that does not fit the terminal; "(best)" and "(default)" under the row's setting."""
    table = Table(
        title=_(
            "verified on {games} fresh games ({fresh})",
            games=result["verify_games"],
            fresh=fresh or result["fresh_games"],
        ),
        box=box.SIMPLE_HEAD,
        show_edge=not stacked,
        pad_edge=not stacked,
        collapse_padding=stacked,
    )
    for axis in axes:
        header = two_lines(axis.name)
        width = max(map(len, header.splitlines()))
        table.add_column(escape(header), min_width=width, no_wrap=stacked)
    heading = _("distance\n(points)") if points else _("distance")
    table.add_column(heading, justify="right", no_wrap=True)
    seats = result["default"]["verified"]["seats"]
    for name in roles or [seat["seat"] for seat in seats]:
        table.add_column(
            escape(name.replace(" ", "\n", 1) if stacked else name), justify="right", no_wrap=True
        )
    table.add_column(_("turns"), justify="right", no_wrap=True)
    rows = list(result["candidates"])
    if result["default"] not in rows:
        rows.append(result["default"])
    for row in rows:
        notes = [_("(best)")] if row is result["best"] else []
        if row["settings"] == result["default"]["settings"]:
            notes.append(_("(default)"))
        shown = cells(row, axes, "\n" if stacked else " ", points)
        shown[0] += "".join(f"\n{note}" for note in notes)  # under the row's first cell
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
    elif target.kind == "length":
        shown = [f"{x:.1f}" for x in [value, *(interval or [])]]
    else:
        shown = [pct(x) for x in [value, *(interval or [])]]
    if interval is None:
        if target.kind == "balance":
            return _("{value} points", value=shown[0])
        return _("{value} turns", value=shown[0]) if target.kind == "length" else shown[0]
    said = {"value": shown[0], "low": shown[1], "high": shown[2]}
    if target.kind == "balance":
        return _("{value} points ({low}–{high})", **said)
    if target.kind == "length":
        return _("{value} turns ({low}–{high})", **said)
    return _("{value} ({low}–{high})", **said)


def verdict(result: dict[str, Any], targets: list[Target]) -> str:
    """Whether the fresh games tell the best from the default, target by target: the best
    is nearest on them by its figures, but its lead may be within chance (the two ranges of
    distances their 95% intervals allow overlap)."""
    best, default = result["best"], result["default"]
    n = default["verified"]["games"]
    if best["settings"] == default["settings"]:
        return _(
            "on {games} fresh games nothing searched came nearer the targets than the default, "
            "so the default is kept.",
            games=n,
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
        "nearer": N_("nearer the mark than the default beyond chance on {targets}"),
        "farther": N_("farther from the mark than the default beyond chance on {targets}"),
        "within": N_("within chance of the default on {targets} (more --verify-games would tell)"),
    }
    parts = [_(words[k], targets=_(", ").join(v)) for k, v in groups.items() if v]
    return _("on {games} fresh games, the best is {parts}.", games=n, parts=_("; ").join(parts))
