"""``rulebook conformance``: the shared harness over many seeded games of one game, the way a
designer checks a card file or a rule switch (and ``make conformance`` checks every game)."""

from __future__ import annotations

from typing import Annotated

import typer
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
from rulebook.engine.conformance import ConformanceError
from rulebook.engine.game import load
from rulebook.sim.backend import open_backend
from rulebook.sim.sweep import sweep


@app.command("conformance")
def conformance_command(
    slug: str,
    games_: Annotated[
        int, typer.Option("--games", min=1, metavar="N", help="Games per player count.")
    ] = 100,
    players: Annotated[
        list[int],
        typer.Option(
            "--players", metavar="N", help="A player count (repeatable; default: every one)."
        ),
    ] = [],  # noqa: B006 - typer reads the default, never mutates it
    jobs: JobsOpt = 1,
    backend: BackendOpt = "processes",
    address: AddressOpt = None,
    seed: SeedOpt = 0,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006
    settings: SetOpt = [],  # noqa: B006
) -> None:
    """Play seeded random games and check every promise of the game protocol at every
    decision (hidden information, copies, saves, replays, invariants); exit 1 on the first
    broken one, with the seed and decision to replay it."""
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        counts = sorted(set(players)) or None
        total = games_ * len(counts or range(game.min_players, game.max_players + 1))
        workers = cap_jobs(jobs, total) if address is None else jobs
        with (
            progress_bar() as progress,
            open_backend(backend, workers, address) as pool,
        ):
            task = progress.add_task("checking", total=total)
            try:
                rows = sweep(
                    slug,
                    games_,
                    counts,
                    seed=seed,
                    config=config,
                    progress=lambda n: progress.advance(task, n),
                    backend=pool,
                )
            except ConformanceError as exc:
                errors.print(f"conformance failed: {exc}", soft_wrap=True, markup=False)
                raise typer.Exit(1) from None
    table = Table(
        "players",
        "games",
        "decisions",
        "longest",
        "stacked",
        "worlds",
        "after",
        "CPU s",
        title=f"{game.title}: every promise held (seed {seed})",
        caption="worlds: hidden cards permuted; after: actions replayed in a permuted world",
    )
    for row in rows:
        table.add_row(
            str(row.players),
            str(row.games),
            short(row.decisions),
            str(row.longest),
            str(row.stacked_games),
            short(row.permuted_worlds),
            short(row.after_action_checks),
            f"{row.cpu_seconds:.1f}",
        )
    console.print(table)


def short(count: int) -> str:
    """A count that fits a narrow column: 305,123 → 305k, 2,139,300 → 2.1M."""
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f}M"
    if count >= 10_000:
        return f"{count // 1000}k"
    return f"{count:,}"
