"""The ``rulebook`` command group and what its commands share: one-line errors, the common
options, the console."""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
import typer.core
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from rulebook import i18n
from rulebook.cli.usage import language_asked, usage_line
from rulebook.engine.errors import ConfigError, RulebookError
from rulebook.engine.game import Game
from rulebook.engine.state import State

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

# click's UsageError, found through typer's public BadParameter (typer may vendor click)
UsageError: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)


def fail(message: str) -> typer.Exit:
    """Print one line on stderr; raise the returned Exit (code 2)."""
    errors.print(escape(i18n._("error: {problem}", problem=message)), soft_wrap=True)
    return typer.Exit(2)


@contextlib.contextmanager
def friendly_errors() -> Iterator[None]:
    try:
        yield
    except RulebookError as exc:
        raise fail(str(exc)) from None


@contextlib.contextmanager
def one_line_usage_errors() -> Iterator[None]:
    """A bad option value or a missing argument: one line, exit 2, like every other error."""
    try:
        yield
    except UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # plain `rulebook`: the help
            raise
        ctx = getattr(exc, "ctx", None)
        problem = usage_line(exc)
        if ctx is not None:
            problem = i18n._(
                "{problem} (see '{command} --help')", problem=problem, command=ctx.command_path
            )
        raise fail(problem) from None


class OneLineErrors(typer.core.TyperGroup):
    """The command group, with usage errors as one line instead of click's panel, in the
    language the command line asks for (read before Click parses it)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        given = list(sys.argv[1:] if args is None else args)
        language, _warning = i18n.choose(language_asked(given))  # the command says it
        with i18n.reading(language):
            return super().main(given, *rest, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        with one_line_usage_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        with one_line_usage_errors():
            return super().invoke(ctx)


LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="CODE",
        help="Language shown (en, ja; else LANGUAGE/LANG, else English).",
    ),
]


def with_language(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` with a ``--lang`` option: the language is chosen (an unusable choice said
    in one line) before the command runs, so every command has it and none handles it."""
    signature = inspect.signature(command, eval_str=True)
    if "lang" in signature.parameters:
        return command

    @functools.wraps(command)
    def run(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        with i18n.reading(choose_language(lang)):  # for this command only (tests run many)
            return command(*args, **kwargs)

    lang = inspect.Parameter(
        "lang", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=LangOpt
    )
    run.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), lang]
    )
    run.__annotations__ = {**command.__annotations__, "lang": LangOpt}
    return run


class App(typer.Typer):
    """typer's app, whose every command takes ``--lang``."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Any]:
        def decorator(function: Callable[..., Any]) -> Callable[..., Any]:
            shown = kwargs.get("help") or one_line_paragraphs(function.__doc__)
            register = super(App, self).command(*args, **{**kwargs, "help": shown})
            register(with_language(function))
            return function

        return decorator


def one_line_paragraphs(doc: str | None) -> str | None:
    """A docstring as help: each paragraph one line, so the terminal wraps it evenly
    (typer keeps a docstring's own line breaks, which left the command list ragged)."""
    if not doc:
        return None
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def choose_language(asked: str | None) -> i18n.Language:
    """The language ``--lang`` or the environment names; an unusable one said in one line."""
    language, warning = i18n.choose(asked)
    if warning is not None:
        errors.print(f"warning: {escape(warning)}", soft_wrap=True)
    return language


def plain_help_types() -> None:
    """typer's help shows Python types (``<list[str]>``, ``<bool>``); ours names the value
    (each option's metavar: FILE, N, CARD) and shows none for flags and arguments."""
    for cls in (typer.core.TyperOption, typer.core.TyperArgument):
        original = getattr(cls, "display_type_rich", None)
        if original is None:  # another typer: its own help stands
            continue

        def shown(self: Any, ctx: Any, _original: Any = original) -> str | None:
            if isinstance(self, typer.core.TyperArgument) or getattr(self, "is_flag", False):
                return None
            result: str | None = _original(self, ctx)
            return result

        cls.display_type_rich = shown  # type: ignore[method-assign]


plain_help_types()

app = App(
    cls=OneLineErrors,
    add_completion=False,
    no_args_is_help=True,
    help="Tabletop rulebooks you can play and measure.",
)


def progress_bar(hidden: bool = False) -> Progress:
    """The long commands' progress bar, on stderr and gone at the end: each task's description
    names what is counted. Only on a terminal: in a pipe or a log it cannot draw, and left an
    empty line before an error's one line."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
        disable=hidden or not errors.is_terminal,
    )


def check_seat_count(game: Game, seats: int, what: str = "--seat") -> None:
    """The game's player range, in words that read right for one player."""
    low, high = game.min_players, game.max_players
    if not low <= seats <= high:
        said = (
            i18n.n_(
                "{game} is for {count} player, not {seats} (one {what} per player)",
                "{game} is for {count} players, not {seats} (one {what} per player)",
                low,
                game=game.slug,
                seats=seats,
                what=what,
            )
            if low == high
            else i18n._(
                "{game} is for {low}-{high} players, not {seats} (one {what} per player)",
                game=game.slug,
                low=low,
                high=high,
                seats=seats,
                what=what,
            )
        )
        raise ConfigError(said)


def parse_settings(settings: list[str]) -> dict[str, Any]:
    config: dict[str, Any] = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ConfigError(i18n._("--set needs KEY=VALUE, got '{item}'", item=item))
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

SetOpt = Annotated[
    list[str],
    typer.Option("--set", metavar="NAME=VALUE", help="Rule parameter KEY=VALUE (repeatable)."),
]
ThemeOpt = Annotated[
    str | None, typer.Option(metavar="THEME", help="Card theme (the-game: classic, fantasy).")
]
CardsOpt = Annotated[
    Path | None, typer.Option(metavar="FILE", help="A designer's own card file (TOML).")
]
JobsOpt = Annotated[
    int, typer.Option(min=1, metavar="N", help="Worker processes (or local Ray CPUs).")
]
BackendOpt = Annotated[
    str,
    typer.Option(
        metavar="NAME",
        help="Where games run: processes (this machine) or ray (the optional extra 'ray').",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        metavar="HOST:PORT",
        help="With --backend ray: join this running cluster (ray start --head prints it).",
    ),
]
SeedOpt = Annotated[int, typer.Option(metavar="N", help="Master seed; same seed, same results.")]
WithoutOpt = Annotated[
    list[str], typer.Option("--without", metavar="CARD", help="Leave a card out (repeatable).")
]


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def cap_jobs(jobs: int, games: int) -> int:
    """Worker processes: no more than the games or the cores (more only wait for a core);
    a capped --jobs is said in one line on stderr."""
    used = max(1, min(jobs, games, cores()))
    if used < jobs:
        said = i18n._(
            "--jobs {jobs}: using {processes} ({games}, {cores})",
            jobs=jobs,
            processes=i18n.n_("{count} process", "{count} processes", used),
            games=i18n.n_("{count} game", "{count} games", games),
            cores=i18n.n_("{count} core", "{count} cores", cores()),
        )
        errors.print(escape(said))
    return used


def ask(prompt: str) -> str:
    return console.input(prompt, markup=False).strip()


def same_file(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def print_outcome(state: State) -> None:
    """How the game ended, in words (``state.outcome().describe``)."""
    outcome = state.outcome()
    if outcome is not None:
        said = outcome.describe(state.role_words, state.outcome_words())
        if outcome.points is not None:  # a game that scores: each seat's points
            scale = state.game.score_range  # signed only where points can be negative (chips)
            sign = "+" if scale is not None and scale[0] < 0 else ""
            each = ", ".join(
                f"{state.role_words(s)} {p:{sign}g}" for s, p in enumerate(outcome.points)
            )
            said += f" ({state.game.score_name}: {each})"
        console.print(f"[bold]{escape(said)}[/]")
