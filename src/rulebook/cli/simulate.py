"""``rulebook simulate``: many seeded games between agents; win rates with intervals."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from rulebook.agents import agent_names, parse_agents
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
    check_seat_count,
    console,
    errors,
    friendly_errors,
    progress_bar,
)
from rulebook.engine.errors import ConfigError
from rulebook.engine.game import Game, load
from rulebook.i18n import _, n_
from rulebook.sim.backend import open_backend
from rulebook.sim.runner import GameFailed, SeatSummary
from rulebook.sim.runner import simulate as run_simulation

# --------------------------------------------------------------------------- simulate

AgentsOpt = Annotated[
    str,
    typer.Option(
        metavar="AGENTS",
        help="Agents by seat, comma separated (e.g. ismcts:iterations=500,random); "
        "one agent with --players fills every seat.",
    ),
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", min=1, metavar="N", help="How many players.")
]


def seat_agents(game: Game, agents: str, players: int | None, default: str = "random") -> list[str]:
    """One agent spec per seat: as listed, one spec repeated for --players seats, or the
    default agent (random, or the game's heuristic where asked and offered) in every seat."""
    names = parse_agents(agents) if agents else []
    count = players if players is not None else (len(names) or game.min_players)
    if not names:
        names = [default if default in agent_names(game) else "random"]
    if len(names) == 1:
        names = names * count
    if players is not None and len(names) != players:
        raise ConfigError(
            n_(
                "--agents names {count} agent for --players {players}",
                "--agents names {count} agents for --players {players}",
                len(names),
                players=players,
            )
        )
    check_seat_count(game, len(names), _("agent"))
    return names


@app.command("simulate")
def simulate_command(
    slug: str,
    games_: Annotated[
        int, typer.Option("--games", min=1, metavar="N", help="How many games.")
    ] = 1000,
    agents: AgentsOpt = "",
    players: PlayersOpt = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "processes",
    address: AddressOpt = None,
    seed: SeedOpt = 0,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006 - typer reads the default, never mutates it
    settings: SetOpt = [],  # noqa: B006
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="Print the summary as JSON.")
    ] = False,
) -> None:
    """Play many seeded games between agents and report win rates and game length."""
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        names = seat_agents(game, agents, players)
        workers = cap_jobs(jobs, games_) if address is None else jobs
        with (
            progress_bar(as_json) as progress,
            open_backend(backend, workers, address) as pool,
        ):
            task = progress.add_task("simulating", total=games_)
            try:
                summary = run_simulation(
                    slug,
                    names,
                    games_,
                    seed=seed,
                    config=config,
                    progress=lambda n: progress.advance(task, n),
                    backend=pool,
                )
            except GameFailed as exc:
                errors.print(
                    _("simulation failed: {problem}", problem=exc), soft_wrap=True, markup=False
                )
                raise typer.Exit(1) from None
    if as_json:
        console.print_json(json.dumps(summary.as_dict()))
        return
    table = Table(
        "seat",
        "agent",
        "wins",
        "draws",
        "losses",
        "win rate",
        "95% CI",
        title=f"{game.title}: {summary.games} games, seed {seed}",
    )
    for seat, s in enumerate(summary.seats):
        role = game.role(seat)
        table.add_row(
            escape(role),
            s.agent,
            str(s.wins),
            str(s.draws),
            str(s.losses),
            f"{s.win_rate:.1%}",
            f"{s.interval[0]:.1%} – {s.interval[1]:.1%}",
        )
    console.print(table)
    print_points(game, summary.seats)
    console.print(
        f"Game length: mean {summary.mean_turns:.1f} turns, median "
        f"{summary.median_turns:.0f} turns ({summary.mean_decisions:.1f} decisions)"
    )
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(summary.end_reasons.items()))
    console.print(f"How games ended: {reasons}")
    for name, value in summary.figures.items():
        if isinstance(value, dict):
            counts = ", ".join(f"{k} {v}" for k, v in value.items())
            console.print(f"{escape(name[:1].upper() + name[1:])}: {escape(counts)}")
        else:
            console.print(f"{escape(name[:1].upper() + name[1:])}: {value:.2f} a game (mean)")


def print_points(game: Game, seats: list[SeatSummary]) -> None:
    """A game that scores: each seat's mean points and their 95% interval (normal)."""
    if not any(s.mean_points is not None for s in seats):
        return
    name = game.score_name
    table = Table("seat", f"mean {name}", "95% CI (normal)", title=f"{name} per game")
    for seat, s in enumerate(seats):
        if s.mean_points is None or s.points_interval is None:
            continue
        low, high = s.points_interval
        table.add_row(escape(game.role(seat)), f"{s.mean_points:.2f}", f"{low:.2f} – {high:.2f}")
    console.print(table)
