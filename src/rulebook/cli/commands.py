"""The typer app. Every RulebookError becomes one line on stderr and exit code 2."""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from rulebook.agents import agent_names, make_agent, parse_agents, parse_spec
from rulebook.cli.saves import read_save, write_save
from rulebook.engine.errors import ConfigError, RulebookError, UnknownAgent
from rulebook.engine.events import Event
from rulebook.engine.game import Game, describe_config, game_class, games, load
from rulebook.engine.state import State
from rulebook.sim.runner import simulate as run_simulation

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="Tabletop rulebooks you can play and measure."
)
console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


@contextlib.contextmanager
def friendly_errors() -> Iterator[None]:
    try:
        yield
    except RulebookError as exc:
        errors.print(f"error: {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from None


def parse_settings(settings: list[str]) -> dict[str, Any]:
    config: dict[str, Any] = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ConfigError(f"--set needs KEY=VALUE, got '{item}'")
        config[key.strip()] = value.strip()
    return config


def build_config(
    theme: str | None, cards: Path | None, without: list[str], settings: list[str]
) -> dict[str, Any]:
    config = parse_settings(settings)
    if theme is not None:
        config["theme"] = theme
    if cards is not None:
        config["cards"] = str(cards)
    if without:
        config["without"] = tuple(without)
    return config


# --------------------------------------------------------------------------- options

SetOpt = Annotated[list[str], typer.Option("--set", help="Rule parameter KEY=VALUE (repeatable).")]
ThemeOpt = Annotated[str | None, typer.Option(help="Card theme (the-game: classic, fantasy).")]
CardsOpt = Annotated[Path | None, typer.Option(help="A designer's own card file (TOML).")]
WithoutOpt = Annotated[list[str], typer.Option("--without", help="Leave a card out (repeatable).")]


# --------------------------------------------------------------------------- games / rules


@app.command("games")
def games_command() -> None:
    """List the games."""
    table = Table("slug", "title", "players", "about")
    for cls in games():
        span = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )
        table.add_row(cls.slug, cls.title, span, cls.summary)
    console.print(table)


@app.command("rules")
def rules_command(slug: str) -> None:
    """Show how to play a game and its rule parameters."""
    with friendly_errors():
        cls = game_class(slug)
        game = load(slug)
    module = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
    console.print(f"[bold]{escape(cls.title)}[/]\n")
    console.print(escape((module.__doc__ or "").strip()), soft_wrap=True)
    if game.content_notice:
        console.print(f"\n[yellow]Content notice:[/] {escape(game.content_notice)}")
    table = Table("parameter (--set NAME=VALUE)", "default", "meaning", title="Rule parameters")
    for name, default, help_text in describe_config(cls.config_class):
        table.add_row(name, default, help_text)
    console.print(table)


# --------------------------------------------------------------------------- simulate


@app.command("simulate")
def simulate_command(
    slug: str,
    games_: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 1000,
    agents: Annotated[str, typer.Option(help="Agents by seat, comma separated.")] = "",
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
    seed: Annotated[int, typer.Option(help="Master seed; same seed, same results.")] = 0,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006 - typer reads the default, never mutates it
    settings: SetOpt = [],  # noqa: B006
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many seeded games between agents and report win rates and game length."""
    with friendly_errors():
        config = build_config(theme, cards, without, settings)
        game = load(slug, **config)
        names = parse_agents(agents) if agents else ["random"] * game.min_players
        with Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=errors,
            transient=True,
            disable=as_json,
        ) as progress:
            task = progress.add_task("games", total=games_)
            summary = run_simulation(
                slug,
                names,
                games_,
                seed=seed,
                jobs=jobs,
                config=config,
                progress=lambda n: progress.advance(task, n),
            )
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
    console.print(
        f"Game length: mean {summary.mean_turns:.1f} turns, median "
        f"{summary.median_turns:.0f} turns ({summary.mean_decisions:.1f} decisions)"
    )
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(summary.end_reasons.items()))
    console.print(f"How games ended: {reasons}")


# --------------------------------------------------------------------------- play


class TableSession:
    """One game at the terminal: seats, the per-seat log, saving."""

    def __init__(
        self, game: Game, state: State, seats: list[str], save: Path | None, profile: Any = None
    ) -> None:
        self.game, self.state, self.seats, self.save = game, state, seats, save
        self.profile = profile if not state.is_over() else None  # record a game only once
        self.front = type(game).frontend()
        self.agents = {
            seat: make_agent(name, game, seat, state.seed)
            for seat, name in enumerate(seats)
            if name != "human"
        }
        self.log: list[Event] = []
        self.humans = [s for s, name in enumerate(seats) if name == "human"]
        self.last_human: int | None = None

    def role(self, seat: int) -> str:
        return self.game.role(seat)

    def run(self) -> None:
        if self.game.content_notice:
            console.print(f"[yellow]Content notice:[/] {escape(self.game.content_notice)}\n")
        while not self.state.is_over():
            seat = self.state.to_move
            assert seat is not None
            if seat in self.agents:
                self.apply(int(self.agents[seat].act(self.state.infoset(seat))))
            else:
                self.human_turn(seat)
        self.finish()

    def apply(self, action_id: int) -> None:
        events = self.state.apply(action_id)
        self.log.extend(events)
        if len(self.humans) <= 1:
            watcher = self.humans[0] if self.humans else None
            for event in events:
                text = event.for_seat(watcher)
                if text:
                    console.print(f"  · {escape(text)}")
        if self.save is not None:
            write_save(self.save, self.state, self.seats)

    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.last_human != seat:
            console.clear()
            console.input(
                f"[bold]Pass the device to {escape(self.role(seat))}[/] and press "
                "Enter when only they can see the screen… "
            )
            console.clear()
            for event in self.log[-12:]:
                text = event.for_seat(seat)
                if text:
                    console.print(f"  · {escape(text)}")
        self.last_human = seat
        view = self.state.view(seat)
        if self.front.render is not None:
            console.print(self.front.render(self.game, view))
        else:
            console.print_json(json.dumps(view))
        actions = self.state.legal_actions()
        console.print(f"[bold]{escape(self.role(seat))}[/], choose:")
        for number, action in enumerate(actions, start=1):
            console.print(f"  {number:>2}. {escape(str(action))}")
        while True:
            answer = console.input("> ", markup=False).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                console.print()
                self.apply(actions[int(answer) - 1].id)
                return
            console.print(f"[red]Please enter a number from 1 to {len(actions)}.[/]")

    def finish(self) -> None:
        console.print()
        if self.front.summary is not None:
            console.print(self.front.summary(self.game, self.state.view(None)))
        outcome = self.state.outcome()
        if outcome is not None:
            console.print(f"[bold]{escape(outcome.describe(self.role))}[/]")
        if self.profile is not None:
            self.profile.record_game(self.state)
            console.print(f"Profile updated: {escape(str(self.profile.path))}")

    def offer_save(self) -> None:
        console.print()
        try:
            answer = (
                console.input("Save the game in progress? [Y/n] ", markup=False).strip().lower()
            )
            if answer in ("n", "no"):
                return
            default = self.save or Path(f"{self.game.slug}-{self.state.seed}.save.json")
            given = console.input(f"Save to [{default}]: ", markup=False).strip()
        except (KeyboardInterrupt, EOFError):
            console.print("\nNot saved.")
            return
        path = Path(given) if given else default
        write_save(path, self.state, self.seats)
        console.print(f"Saved. Resume with: rulebook play --resume {escape(str(path))}")


@app.command("play")
def play_command(
    slug: Annotated[str | None, typer.Argument(help="Game to play (omit with --resume).")] = None,
    seat: Annotated[list[str], typer.Option(help="human or an agent, once per seat.")] = [],  # noqa: B006
    seed: Annotated[int | None, typer.Option(help="Seed (default: random).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Keep the game saved in FILE as it goes.")
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Resume a saved game.")] = None,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006
    settings: SetOpt = [],  # noqa: B006
    profile: Annotated[
        Path | None, typer.Option(help="Player profile (SQLite) for games with lasting state.")
    ] = None,
    no_profile: Annotated[
        bool, typer.Option("--no-profile", help="A clean run: read and write no profile.")
    ] = False,
) -> None:
    """Play at the terminal against agents or hot-seat with other people."""
    with friendly_errors():
        lasting = None
        if resume is not None:
            game, state, seats = read_save(resume)
            if seat:
                seats = check_seats(game, seat)
            save = save or resume
            lasting = open_profile(type(game), profile, no_profile)
        else:
            if slug is None:
                raise ConfigError("name a game to play (or --resume FILE)")
            config = build_config(theme, cards, without, settings)
            lasting = open_profile(game_class(slug), profile, no_profile)
            if lasting is not None:
                config.update(lasting.config())
            game = load(slug, **config)
            seats = check_seats(game, seat or ["human"] + ["heuristic"] * (game.min_players - 1))
            asks_name = type(game).frontend().asks_name
            if "human" in seats and asks_name and "name" not in config:
                config["name"] = ask_name()
                game = load(slug, **config)
            if seed is None:
                import secrets

                seed = secrets.randbelow(2**31)
            state = game.new_state(seed=seed, players=len(seats))
        session = TableSession(game, state, seats, save, lasting)
        try:
            session.run()
        except (KeyboardInterrupt, EOFError):
            session.offer_save()
            raise typer.Exit(130) from None


def open_profile(cls: type[Game], path: Path | None, disabled: bool) -> Any:
    """The game's lasting-state profile, if it keeps one and the player wants it."""
    opener = cls.frontend().profile
    if opener is None or disabled:
        return None
    return opener(path)


def ask_name() -> str:
    try:
        return console.input("Your name (Enter to use your identity's): ", markup=False).strip()
    except EOFError:
        return ""


def check_seats(game: Game, seats: list[str]) -> list[str]:
    game.check_players(len(seats))
    known = agent_names(game)
    for spec in seats:
        name = parse_spec(spec)[0]
        if name != "human" and name not in known:
            raise UnknownAgent(
                f"unknown agent '{name}' for {game.slug} (seats: human, {', '.join(known)})"
            )
    return seats


# --------------------------------------------------------------------------- replay


@app.command("replay")
def replay_command(
    file: Path,
    seat: Annotated[int | None, typer.Option(help="Show only what this seat saw.")] = None,
    step: Annotated[
        bool | None, typer.Option("--step/--no-step", help="Wait for Enter between moves.")
    ] = None,
) -> None:
    """Step through a saved game move by move."""
    with friendly_errors():
        game, final, seats = read_save(file)
        if seat is not None and not 0 <= seat < final.players:
            raise ConfigError(f"--seat must be 0..{final.players - 1}")
        state = game.new_state(
            seed=final.seed, players=final.players, stack=final.stack, dice=list(final.dice) or None
        )
    pause = sys.stdin.isatty() if step is None else step
    front = type(game).frontend()
    roles = [game.role(s) for s in range(final.players)]
    console.print(
        f"[bold]{escape(game.title)}[/], seed {final.seed}: "
        + ", ".join(f"{r} = {n}" for r, n in zip(roles, seats, strict=True))
    )
    try:
        for number, action in enumerate(final.history, start=1):
            mover = state.to_move
            text = game.action_text(state, action)
            console.print(f"[bold]{number:>3}. {escape(roles[mover or 0])}[/]: {escape(text)}")
            for event in state.apply(action):
                shown = event.text if seat is None else event.for_seat(seat)
                if shown:
                    console.print(f"      · {escape(shown)}")
            if pause and number < len(final.history):
                console.input("", markup=False)
    except (KeyboardInterrupt, EOFError):
        console.print("\nReplay stopped.")
        return
    if state.is_over():
        if front.summary is not None:
            console.print(front.summary(game, state.view(None)))
    else:
        console.print("(the saved game is unfinished)")


def main() -> None:
    app()
