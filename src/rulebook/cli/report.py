"""``rulebook report``: the designer's report — the games ``simulate`` plays, watched closely,
written as JSON (``--json``) and as one self-contained HTML page (``--out``)."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from rulebook.agents import parse_agents
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
    console,
    errors,
    fail,
    friendly_errors,
    progress_bar,
)
from rulebook.cli.simulate import seat_agents
from rulebook.engine.game import load
from rulebook.extras import install_hint
from rulebook.i18n import N_, _, current
from rulebook.paths import folder_problem
from rulebook.sim.backend import open_backend
from rulebook.sim.runner import GameFailed

EXTRA = N_("the report page needs the 'report' extra (matplotlib, Jinja2): {command}")


def check_target(path: Path | None, force: bool, option: str) -> None:
    """Refuse, before any game is played, a file that could not or should not be written."""
    if path is None:
        return
    problem = folder_problem(path, option)
    if problem is not None:
        raise fail(problem)
    if path.exists() and not force:
        raise fail(
            _("{option} {path}: file exists (add --force to replace it)", option=option, path=path)
        )


def check_extra() -> None:
    try:
        import jinja2  # noqa: F401
        import matplotlib  # noqa: F401
    except ImportError:
        raise fail(_(EXTRA, command=install_hint("report"))) from None


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[Any]:
    """Write beside ``path`` and rename over it only once complete (Ctrl-C leaves no half)."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            yield handle
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes it private; a report is not
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


@app.command("report")
def report_command(
    slug: str,
    games_: Annotated[
        int, typer.Option("--games", min=1, metavar="N", help="How many games.")
    ] = 1000,
    agents: Annotated[
        str,
        typer.Option(
            metavar="AGENTS",
            help="Agents by seat, comma separated (e.g. ismcts:iterations=500,random); one "
            "agent fills every seat at each player count (default: the game's heuristic).",
        ),
    ] = "",
    players: Annotated[
        list[int] | None,
        typer.Option(
            "--players",
            min=1,
            metavar="N",
            help="How many players; repeat for several counts (default: every count the game "
            "allows, when --agents names one agent or none). The first count gets the full report.",
        ),
    ] = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "processes",
    address: AddressOpt = None,
    seed: SeedOpt = 0,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006 - typer reads the default, never mutates it
    settings: SetOpt = [],  # noqa: B006
    out: Annotated[
        Path | None, typer.Option("--out", metavar="FILE.html", help="Write the page here.")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="Write the facts as JSON.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace existing files.")] = False,
    ladder_games: Annotated[
        int,
        typer.Option(
            "--ladder-games", min=1, metavar="N", help="Games a rung of the skill ladder."
        ),
    ] = 40,
    no_ladder: Annotated[
        bool, typer.Option("--no-ladder", help="Skip the skill ladder (ISMCTS is slow).")
    ] = False,
    estimate_every: Annotated[
        int,
        typer.Option(
            "--estimate-every",
            min=0,
            metavar="N",
            help="Read the game's estimate() every N decisions for lead changes (0: off).",
        ),
    ] = 4,
) -> None:
    """A designer's report: seats, length, endings, cards, skill, decisions, lead changes."""
    from rulebook.lab.build import Settings

    if out is not None and out.suffix.lower() not in (".html", ".htm"):  # as sweep's --out
        raise fail(_("--out names an HTML page (FILE.html), not '{out}'", out=out))
    check_target(out, force, "--out")
    check_target(json_out, force, "--json")
    if out is not None:
        check_extra()
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        lineups = [
            seat_agents(game, agents, count, default="heuristic")
            for count in player_counts(game, agents, players)
        ]
        run = Settings(
            slug,
            lineups[0],
            games_,
            seed,
            jobs,
            config,
            0 if no_ladder else ladder_games,
            estimate_every,
            lineups[1:],
        )
        report = play(run, backend, address)
    if json_out is not None:
        with replacing(json_out) as handle:
            json.dump(report, handle, indent=1, ensure_ascii=False)
            handle.write("\n")
        console.print(escape(_("wrote {path}", path=json_out)))
    if out is not None:
        from rulebook.lab.page import render

        page = render(report)
        with replacing(out) as handle:
            handle.write(page)
        console.print(escape(_("wrote {path}", path=out)))
    if out is None and json_out is None:
        summary(report)


def player_counts(game: Any, agents: str, players: list[int] | None) -> list[int | None]:
    """The counts to play: as given (in order, once each); else every count the game allows
    when one agent (or none) fills the seats; else the count --agents names."""
    if players:
        return list(dict.fromkeys(players))
    if len(parse_agents(agents) if agents else []) > 1:
        return [None]
    return list(range(game.min_players, game.max_players + 1))


def play(run: Any, backend: str = "processes", address: str | None = None) -> dict[str, Any]:
    from rulebook.lab.build import build
    from rulebook.lab.ladder import ladder_total

    game = load(run.slug, **run.config)
    with (
        progress_bar() as progress,
        open_backend(backend, run.jobs, address) as pool,
    ):
        main = progress.add_task(_("games"), total=run.games * (1 + len(run.more)))
        rungs = progress.add_task(
            _("skill ladder"),
            total=ladder_total(game, len(run.agents), run.ladder_games) if run.ladder_games else 0,
            visible=bool(run.ladder_games),
        )
        try:
            return build(
                run,
                lambda n: progress.advance(main, n),
                lambda n: progress.advance(rungs, n),
                pool,
            )
        except KeyboardInterrupt:
            progress.stop()
            errors.print(escape(_("interrupted: nothing written")))
            raise typer.Exit(130) from None
        except GameFailed as exc:
            progress.stop()
            errors.print(_("report failed: {problem}", problem=exc), soft_wrap=True, markup=False)
            raise typer.Exit(1) from None


def summary(report: dict[str, Any]) -> None:
    """With neither --out nor --json: the findings, and where the report would go."""
    from rulebook.lab.findings import pct, span

    console.print(
        _(
            "[bold]{title}[/]: {games} games, seed {seed}",
            title=escape(report["title"]),
            games=report["games"],
            seed=report["seed"],
        )
    )
    for row in report["seats"]:
        said = _(
            "{seat} ({agent}): wins {rate} ({ci})",
            seat=row["role"],
            agent=row["agent"],
            rate=pct(row["win_rate"]),
            ci=span(row["ci"]),
        )
        console.print("  " + escape(said))
    console.print(_("Look at these first:"))
    unspaced = not current().spaced  # the terminal folds it: no line of a bullet alone
    for finding in report["findings"][:5]:
        console.print(f"  - {escape(finding['text'])}", soft_wrap=unspaced)
    slug = report["game"]
    said = _(
        "Nothing written: add --out {page} for the page, --json {data} for the data.",
        page=f"{slug}-report.html",
        data=f"{slug}-report.json",
    )
    console.print(escape(said), soft_wrap=unspaced)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
