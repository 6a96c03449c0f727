"""``rulebook simulate``: many seeded games between agents; win rates with intervals."""

from __future__ import annotations

import functools
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
from rulebook.i18n import Message, _, n_, term
from rulebook.lab.findings import pct, seat_balance, solo_finding, span
from rulebook.sim.backend import open_backend
from rulebook.sim.runner import GameFailed, SeatSummary, Summary
from rulebook.sim.runner import simulate as run_simulation
from rulebook.sim.stats import wilson

# --------------------------------------------------------------------------- simulate

AgentsOpt = Annotated[
    str,
    typer.Option(
        metavar="AGENTS",
        help="Agents by seat, comma separated (e.g. ismcts:iterations=500,random); "
        "one agent fills every seat (of --players, else of the smallest table).",
    ),
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", min=1, metavar="N", help="How many players.")
]


def seat_agents(game: Game, agents: str, players: int | None, default: str = "random") -> list[str]:
    """One agent spec per seat: as listed; one spec repeated for --players seats, else for
    the smallest table the game (in its mode) allows; or the default agent (random, or the
    game's heuristic where asked and offered) in every seat."""
    names = parse_agents(agents) if agents else []
    # one agent or none fills the smallest table: `--agents heuristic` in a 2p game
    listed = len(names) if len(names) > 1 else game.min_players
    count = players if players is not None else listed
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
            task = progress.add_task(_("simulating"), total=games_)
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
        _("seat"),
        _("agent"),
        _("wins"),
        _("draws"),
        _("losses"),
        _("win rate"),
        _("95% CI"),
        title=_(
            "{title}: {games} games, seed {seed}",
            title=_(game.title),
            games=summary.games,
            seed=seed,
        ),
    )
    for seat, s in enumerate(summary.seats):
        table.add_row(
            escape(game.role_words(seat)),
            s.agent,
            str(s.wins),
            str(s.draws),
            str(s.losses),
            rate(s.win_rate),
            _("{low} – {high}", low=rate(s.interval[0]), high=rate(s.interval[1])),
        )
    console.print(table)
    print_reading(game, summary)
    print_points(game, summary.seats)
    print_length(summary)
    print_endings(game, summary)
    print_figures(summary)


def rate(x: float) -> str:
    """A rate to one decimal, never a rounded 0.0% or 100.0% that is not exactly so (the
    sentences under the table say "<0.1%" for the same figure)."""
    text = f"{x:.1%}"
    if text == "0.0%" and x > 0:
        return "<0.1%"
    if text == "100.0%" and x < 1:
        return ">99.9%"
    return text


def print_reading(game: Game, summary: Summary) -> None:
    """What the table's columns mean, then what it says, in plain sentences."""
    say(
        _(
            "Win rate: the share of the {games} games a seat won. 95% CI: the true win rate "
            "lies in this range 19 times in 20; more games narrow it.",
            games=summary.games,
        )
    )
    if any(s.draws for s in summary.seats):
        say(
            _("Draws: games a seat neither won alone nor lost (nobody won, or the win was shared).")
        )
    rows = [
        {"role": game.role_words(seat), "agent": s.agent, "wins": s.wins}
        | {"win_rate": s.win_rate, "ci": list(s.interval)}
        for seat, s in enumerate(summary.seats)
    ]
    if len(rows) == 1 or game.utility in ("solo", "cooperative"):  # one result, as the report
        team = functools.reduce(
            lambda rest, last: _("{rest} and {last}", rest=rest, last=last),
            dict.fromkeys(str(row["agent"]) for row in rows),
        )
        found = solo_finding({"solo": True, "seats": [{**rows[0], "agent": team}]})
    else:
        found = seat_balance(rows, summary.games)
    for _rank, finding in found:
        say(
            _(
                "In a sentence: {finding} (Flagged when {threshold}.)",
                finding=finding["text"],
                threshold=finding["threshold"],
            )
        )


def print_length(summary: Summary) -> None:
    low, high = summary.turns_interval
    few, many = summary.decisions_interval
    say(
        _(
            "Game length: {turns} turns on average (95% CI {low}–{high}); median {median} turns "
            "(half the games took that many or fewer); {decisions} decisions a game (95% CI "
            "{few}–{many}).",
            turns=f"{summary.mean_turns:.1f}",
            low=f"{low:.1f}",
            high=f"{high:.1f}",
            median=f"{summary.median_turns:.0f}",
            decisions=f"{summary.mean_decisions:.1f}",
            few=f"{few:.1f}",
            many=f"{many:.1f}",
        )
    )


def print_endings(game: Game, summary: Summary) -> None:
    """Each ending with its share, its interval and what its code means."""
    say(_("How games ended:"))
    n = summary.games
    for reason, count in sorted(summary.end_reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        low, high = wilson(count, n)
        line = _(
            "{reason}, {count} of {games} games ({share}, 95% CI {low}–{high})",
            reason=reason,
            count=count,
            games=n,
            share=pct(count / n),
            low=pct(low),
            high=pct(high),
        )
        say("  " + ending_line(game, reason, line))


def ending_line(game: Game, reason: str, line: str) -> str:
    """An ending's line with the game's plain words for its code, and whether it is a safety
    limit (said once: where the game's words do not say so already)."""
    words = game.endings.get(reason, "")
    english = words.english() if isinstance(words, Message) else words
    limit = reason in game.safety_limits and "safety limit" not in english
    if words and limit:
        return _(
            "{line}: {words} (a safety limit, not the rulebook's ending)",
            line=line,
            words=term(words),
        )
    if words:
        return _("{line}: {words}", line=line, words=term(words))
    if limit:
        return _("{line} (a safety limit, not the rulebook's ending)", line=line)
    return line


def print_figures(summary: Summary) -> None:
    """The game's own tallies: a number as a mean with its interval, words as counts in
    their natural order (``figures``: tiers by their first number), each share with its
    interval (a designer reads "12 of 60" as a rate, so it needs one)."""
    for name, value in summary.figures.items():
        shown = term(name)
        label = shown[:1].upper() + shown[1:]
        if isinstance(value, dict):
            total = sum(value.values())
            counts = _(", ").join(
                _(
                    "{value} {count} ({share}, {span})",
                    value=term(k),
                    count=v,
                    share=pct(v / total),
                    span=span(list(wilson(v, total))),
                )
                for k, v in value.items()
            )
            say(_("{label} (games, share with its 95% CI): {counts}", label=label, counts=counts))
        else:
            low, high = summary.figure_intervals.get(name, (value, value))
            say(
                _(
                    "{label}: {mean} a game on average (95% CI {low}–{high})",
                    label=label,
                    mean=f"{value:.2f}",
                    low=f"{low:.2f}",
                    high=f"{high:.2f}",
                )
            )


def say(text: str) -> None:
    console.print(escape(text), soft_wrap=True)


def print_points(game: Game, seats: list[SeatSummary]) -> None:
    """A game that scores: each seat's mean points and their 95% interval (normal)."""
    if not any(s.mean_points is not None for s in seats):
        return
    name = term(game.score_name)
    table = Table(
        _("seat"),
        _("mean {name}", name=name),
        _("95% CI (normal)"),
        title=_("{name} per game", name=name),
    )
    for seat, s in enumerate(seats):
        if s.mean_points is None or s.points_interval is None:
            continue
        low, high = s.points_interval
        table.add_row(
            escape(game.role_words(seat)), f"{s.mean_points:.2f}", f"{low:.2f} – {high:.2f}"
        )
    console.print(table)
    say(
        _(
            "Mean {name}: a seat's average {name} a game. 95% CI: the true average lies in this "
            "range 19 times in 20.",
            name=name,
        )
    )
