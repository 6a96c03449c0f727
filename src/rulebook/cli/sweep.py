"""``rulebook sweep``: "what if" over rule parameters, one simulation per setting, each row
compared with the default."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.cells import cell_len
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
from rulebook.engine.errors import ConfigError
from rulebook.engine.game import Game, load
from rulebook.extras import missing_extra
from rulebook.i18n import _, current, n_
from rulebook.lab.findings import LEVEL
from rulebook.sim.backend import open_backend
from rulebook.sim.measure import disjoint
from rulebook.sim.settings_sweep import Sweep, sweep_settings
from rulebook.sim.vary import Axis, defaults, grid, label, parse_axes
from rulebook.sim.vary import shown as show_value

VaryOpt = Annotated[
    list[str],
    typer.Option(
        "--vary",
        metavar="NAME=VALUES",
        help="A rule parameter and its values: NAME=v1,v2 or NAME=LO..HI, or without=CARD,... "
        "(each card left out in turn). Repeatable: the grid of all combinations.",
    ),
]
GamesOpt = Annotated[int, typer.Option("--games", min=1, metavar="N", help="Games per setting.")]


@app.command("sweep")
def sweep_command(
    slug: str,
    vary: VaryOpt = [],  # noqa: B006 - typer reads the default, never mutates it
    games_: GamesOpt = 1000,
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
    as_json: Annotated[bool, typer.Option("--json", help="Print the rows as JSON.")] = False,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE.html", help="Also write the sweep as a page."),
    ] = None,
) -> None:
    """Simulate every combination of the varied rule parameters (the games `simulate` plays
    for each) and mark the rows whose seat balance or length differ from the default."""
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        names = seat_agents(game, agents, players)
        axes = parse_axes(slug, vary)
        if out is not None:
            check_page(out)
        rows = grid(axes)
        total = games_ * (len(rows) + (defaults(slug, axes, config) not in rows))
        pool = cap_jobs(jobs, total) if address is None else jobs
        with progress_bar(as_json) as progress, open_backend(backend, pool, address) as workers:
            task = progress.add_task(_("sweeping"), total=total)
            result = sweep_settings(
                slug,
                names,
                axes,
                games_,
                workers,
                seed=seed,
                base=config,
                progress=lambda n: progress.advance(task, n),
            )
    shown = in_words(result, game)
    if out is not None and result.default is not None:
        from rulebook.sim.page import write_page

        write_page(shown, _(game.title), out)
    if as_json:
        console.print_json(json.dumps(result.as_dict()))
    else:
        print_table(shown, _(game.title), axes)
        if out is not None and result.default is not None:
            console.print(escape(_("Wrote {path}", path=out)))
    if result.failed is not None:
        errors.print(
            _("sweep failed: {problem}", problem=result.failed["error"]),
            soft_wrap=True,
            markup=False,
        )
        raise typer.Exit(1)


def in_words(result: Sweep, game: Game) -> Sweep:
    """The sweep as the reader sees it: each seat named in the reader's language (the data,
    ``--json``, keeps the names the protocol uses)."""

    def named(row: dict[str, Any]) -> dict[str, Any]:
        seats = [{**seat, "seat": game.role_words(i)} for i, seat in enumerate(row["seats"])]
        return {**row, "seats": seats}

    default = named(result.default) if result.default is not None else None
    return dataclasses.replace(result, rows=[named(r) for r in result.rows], default=default)


def check_page(out: Path) -> None:
    """Before any game: the page's extra is there and its folder exists."""
    if out.suffix.lower() not in (".html", ".htm"):
        raise ConfigError(_("--out names an HTML page (FILE.html), not '{out}'", out=out))
    if not out.parent.is_dir():
        raise ConfigError(_("--out {out}: no folder {folder}", out=out, folder=out.parent))
    try:
        import jinja2  # noqa: F401
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError(missing_extra("--out", "report")) from None


def print_table(result: Sweep, title: str, axes: list[Axis]) -> None:
    """The rows on one line each where they fit the terminal; else each figure over its
    interval (six seats do not fit 80 columns on one line: the cells were cut to "Pla…")."""
    table = sweep_table(result, title, axes, stacked=False)
    if table is None:
        return
    if not fits(table):
        table = sweep_table(result, title, axes, stacked=True)
    assert table is not None
    table.caption = _(
        "a seat's wins and the draws: rate and {percent} interval; turns: mean ± half its "
        "{percent} interval; ≠: its interval and the default row's do not overlap",
        percent=LEVEL,
    )
    console.print(table)
    if result.default is not None:  # wrapped, as the table (a language without spaces: folded)
        said = _("In a sentence: {verdict}", verdict=verdict(result))
        console.print(escape(said), soft_wrap=not current().spaced)


def verdict(result: Sweep) -> str:
    """What the table says, in words: which settings differ from the default beyond both
    95% intervals (a seat's win rate, the length), each with its figures (the default's are
    said once), or that none does at this number of games."""
    default = result.default
    assert default is not None
    others = [row for row in result.rows if not row["default"]]
    if not others:
        return _("only the default setting was played, so there is nothing to compare it with.")
    marked = [row for row in others if any(row.get("differs", {}).values())]
    n = len(others)
    said = {
        "games": _("{games} games a setting", games=result.games),
        "default": figures(default),
        "percent": LEVEL,
    }
    if not marked:
        if n == 1:
            return _(
                "the other setting does not differ from the default beyond chance ({games}; the "
                "default: {default}): every seat's win rate and the length overlap the default's "
                "{percent} intervals (more games narrow them and may tell smaller differences).",
                **said,
            )
        return _(
            "none of the {count} settings differs from the default beyond chance ({games}; the "
            "default: {default}): every seat's win rate and the length overlap the default's "
            "{percent} intervals (more games narrow them and may tell smaller differences).",
            count=n,
            **said,
        )
    if n == 1:
        which = _("the other setting differs")
    elif len(marked) == n:
        which = _("both settings differ") if n == 2 else _("all {count} settings differ", count=n)
    else:
        which = n_(
            "{count} of the {total} settings differs",
            "{count} of the {total} settings differ",
            len(marked),
            total=n,
        )
    rows = [
        _("{setting}: {changes}", setting=label(row["settings"]), changes=changes(row, default))
        for row in marked[:3]
    ]
    if len(marked) > 3:
        rows.append(_("and {count} more (marked ≠)", count=len(marked) - 3))
    within = n - len(marked)
    said |= {"which": which, "rows": _("; ").join(rows)}
    if within == 0:
        return _(
            "{which} from the default beyond chance ({games}; the default: {default}): {rows}.",
            **said,
        )
    if within == 1:
        return _(
            "{which} from the default beyond chance ({games}; the default: {default}): {rows}; "
            "the other is within chance of it.",
            **said,
        )
    return _(
        "{which} from the default beyond chance ({games}; the default: {default}): {rows}; "
        "the others are within chance of it.",
        **said,
    )


def figures(row: dict[str, Any]) -> str:
    """A row's seats' win rates and its length, each with its 95% interval."""
    seats = [_("{seat} wins {rate}", seat=s["seat"], rate=rate(s)) for s in row["seats"]]
    return _(", ").join([*seats, _("{turns} turns", turns=turns(row))])


def changes(row: dict[str, Any], default: dict[str, Any]) -> str:
    """How a marked row differs from the default: each seat whose win-rate interval and the
    length whose interval do not overlap the default's, with its figure and interval."""
    out = []
    for mine, theirs in zip(row["seats"], default["seats"], strict=True):
        if disjoint(mine["interval"], theirs["interval"]):
            said = {"seat": mine["seat"], "rate": rate(mine)}
            if mine["win_rate"] > theirs["win_rate"]:
                out.append(_("{seat} wins more often, {rate}", **said))
            else:
                out.append(_("{seat} wins less often, {rate}", **said))
    if disjoint(row["length"]["interval"], default["length"]["interval"]):
        if row["length"]["mean"] > default["length"]["mean"]:
            out.append(_("games are longer, {turns} turns", turns=turns(row)))
        else:
            out.append(_("games are shorter, {turns} turns", turns=turns(row)))
    return _(", ").join(out)


def rate(seat: dict[str, Any], gap: str = " ") -> str:
    """A seat's win rate and its 95% interval as the table writes them ("92% 82–96"): the
    sentence under the table writes them the same way."""
    low, high = seat["interval"]
    return f"{seat['win_rate']:.0%}{gap}{low * 100:.0f}–{high * 100:.0f}"


def turns(row: dict[str, Any], gap: str = " ") -> str:
    """A row's mean length and its 95% interval's half-width, as the table writes them."""
    low, high = row["length"]["interval"]
    return f"{row['length']['mean']:.1f}{gap}±{(high - low) / 2:.1f}"


def fits(table: Table) -> bool:
    """Whether every row fits the terminal as it is, each cell whole (rich measures within the
    terminal, so measure it wider). Its widest, not its narrowest: rich's narrowest would
    break a figure from its interval at their space ("0.409 0.05–0.…" was cut), so a cell
    that may break holds its own line breaks. The caption, which wraps, is set after."""
    wide = console.options.update(width=10_000)
    return console.measure(table, options=wide).maximum <= console.width


def sweep_table(result: Sweep, title: str, axes: list[Axis], stacked: bool) -> Table | None:
    table = Table(
        title=_(
            "{title}: {games} games a setting, seed {seed}",
            title=title,
            games=result.games,
            seed=result.seed,
        ),
        box=box.SIMPLE_HEAD,
        show_edge=not stacked,  # stacked: every column counts (six seats in 80 columns)
        pad_edge=not stacked,
        collapse_padding=stacked,
    )
    for i, axis in enumerate(axes):
        header = two_lines(axis.name)
        default = cell_len(_("(default)")) if stacked and i == 0 else 0
        width = max(*map(len, header.splitlines()), default)
        table.add_column(escape(header), min_width=width, no_wrap=stacked)
    first = result.default or (result.rows[0] if result.rows else None)
    if first is None:
        return None
    for seat in first["seats"]:
        name = seat["seat"].replace(" ", "\n", 1) if stacked else seat["seat"]
        table.add_column(escape(name), justify="right", no_wrap=True)
    table.add_column(_("draws"), justify="right", no_wrap=True)
    table.add_column(_("turns"), justify="right", no_wrap=True)
    shown = list(result.rows)
    if result.default is not None and not any(r["default"] for r in shown):
        shown.append({**result.default, "default": True})  # the reference, outside the grid
    for row in shown:
        table.add_row(*cells(row, axes, result.default, stacked))
    return table


def two_lines(name: str) -> str:
    """A long parameter name as a header of two lines, cut at its middle hyphen."""
    cuts = [i for i, c in enumerate(name) if c == "-"]
    if len(name) <= 10 or not cuts:
        return name
    cut = min(cuts, key=lambda i: abs(i - len(name) / 2))
    return f"{name[: cut + 1]}\n{name[cut + 1 :]}"


def cells(
    row: dict[str, Any], axes: list[Axis], default: dict[str, Any] | None, stacked: bool = False
) -> list[str]:
    """A row as the table shows it: ≠ after a seat's win rate or the length that differs from
    the default beyond both intervals; the default row says so after its first setting.
    Stacked, each interval is under its figure; "(default)" is always under the setting."""
    gap = "\n" if stacked else " "
    shown = [escape(show_value(row["settings"][a.name])) for a in axes]
    base = default or row
    for seat, theirs in zip(row["seats"], base["seats"], strict=True):
        mark = "≠" if disjoint(seat["interval"], theirs["interval"]) else " "
        shown.append(rate(seat, gap) + mark)
    low, high = row["draws"]["interval"]
    shown.append(f"{row['draws']['rate']:.0%}{gap}{low * 100:.0f}–{high * 100:.0f}")
    mark = "≠" if disjoint(row["length"]["interval"], base["length"]["interval"]) else " "
    shown.append(turns(row, gap) + mark)
    if row["default"]:
        shown[0] += "\n" + _("(default)")
    return shown
