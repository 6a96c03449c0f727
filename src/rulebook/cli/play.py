"""``rulebook play``: a game at the terminal, against agents or hot-seat; saving and resuming."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from rulebook.agents import agent_names, parse_spec, refuse_at_table
from rulebook.cli.app import (
    CardsOpt,
    SetOpt,
    ThemeOpt,
    WithoutOpt,
    app,
    build_config,
    check_seat_count,
    console,
    friendly_errors,
    same_file,
)
from rulebook.cli.saves import is_save_file, read_save, saved_profile
from rulebook.cli.session import TableSession as TableSession  # its old home
from rulebook.engine.errors import ConfigError, SaveFileError, UnknownAgent
from rulebook.engine.events import Event
from rulebook.engine.game import Game, game_class, games, load
from rulebook.i18n import _


@app.command("play")
def play_command(
    slug: Annotated[
        str | None, typer.Argument(metavar="GAME", help="Game to play (omit with --resume).")
    ] = None,
    seat: Annotated[
        list[str], typer.Option(metavar="WHO", help="human or an agent, once per seat.")
    ] = [],  # noqa: B006
    seed: Annotated[int | None, typer.Option(metavar="N", help="Seed (default: random).")] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Keep the game saved in FILE as it goes.")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Resume the game saved in FILE.")
    ] = None,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    without: WithoutOpt = [],  # noqa: B006
    settings: SetOpt = [],  # noqa: B006
    profile: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Player profile (SQLite) for games with lasting state."),
    ] = None,
    no_profile: Annotated[
        bool,
        typer.Option("--no-profile", metavar="", help="A clean run: read and write no profile."),
    ] = False,
    pace: Annotated[
        float,
        typer.Option(
            min=0.0,
            metavar="SECONDS",
            help="Seconds to pause after each AI move while you watch (Enter skips ahead).",
        ),
    ] = 0.5,
) -> None:
    """Play at the terminal against agents or hot-seat with other people."""
    with friendly_errors():
        if profile is not None and no_profile:
            raise ConfigError(_("--profile and --no-profile contradict each other: give one"))
        if save is not None:
            check_save_target(save, resume)
        choice = None
        if profile is not None or no_profile:
            where = str(profile.expanduser().resolve()) if profile is not None else None
            choice = {"enabled": not no_profile, "path": where}
        opening: list[Event] = []  # setup's narration ("You are dealt…"), per seat
        if resume is not None:
            refuse_with_resume(slug, seed, settings, theme, cards, without)
            game, state, seats = read_save(resume)
            seats = check_seats(game, seat or seats)
            save = save or resume
            check_profile_flags(type(game), profile, no_profile)
            choice = choice or saved_profile(resume)
            check_saved_profile(type(game), choice, resume)
            lasting = open_profile(type(game), choice)
        else:
            if slug is None:
                raise ConfigError(_("name a game to play (or --resume FILE)"))
            config = build_config(theme, cards, without, settings)
            game = load(slug, **config)  # every option checked before a profile is written
            seats = check_seats(game, seat or ["human"] + ["heuristic"] * (game.min_players - 1))
            check_profile_flags(type(game), profile, no_profile)
            lasting = open_profile(game_class(slug), choice)
            if lasting is not None and (kept := lasting.config()):
                config.update(kept)
                game = load(slug, **config)
            asks_name = type(game).frontend().asks_name
            if "human" in seats and asks_name and "name" not in config:
                config["name"] = ask_name()
                game = load(slug, **config)
            if seed is None:
                import secrets

                seed = secrets.randbelow(2**31)
            state = game.new_state(seed=seed, players=len(seats), events=opening)
        if type(game).frontend().profile is None:
            choice = None  # nothing to remember for a game without lasting state
        elif choice is None:
            choice = {"enabled": True, "path": None}  # the default profile
        session = TableSession(game, state, seats, save, lasting, choice, pace)
        if resume is not None:
            session.recall()
        else:
            session.log.extend(opening)
        if save is not None:
            session.write(save)  # the path works before the first move
        try:
            session.run()
        except KeyboardInterrupt:
            session.offer_save()
            raise typer.Exit(130) from None
        except EOFError:  # Ctrl-D, or scripted input ran out: the player left, exit 0
            session.end_of_input()


def refuse_with_resume(
    slug: str | None,
    seed: int | None,
    settings: list[str],
    theme: str | None,
    cards: Path | None,
    without: list[str],
) -> None:
    """--resume carries on a saved game as it was made: options that would change it are refused."""
    given = [
        flag
        for flag, present in (
            (_("game name"), slug is not None),
            ("--seed", seed is not None),
            ("--set", bool(settings)),
            ("--theme", theme is not None),
            ("--without", bool(without)),
            ("--cards", cards is not None),
        )
        if present
    ]
    if given:
        raise ConfigError(
            _(
                "--resume carries on a saved game with its own game, seed and rules; "
                "it takes no {options} (only --seat, --save and the profile)",
                options=", ".join(given),
            )
        )


def profile_games() -> list[str]:
    return [cls.slug for cls in games() if cls.frontend().profile is not None]


def open_profile(cls: type[Game], choice: dict[str, Any] | None) -> Any:
    """The game's lasting-state profile, if it keeps one and the player wants it
    (``choice``: {"enabled", "path"}; None: the default profile)."""
    opener = cls.frontend().profile
    if opener is None or (choice is not None and not choice["enabled"]):
        return None
    where = choice["path"] if choice is not None else None
    return opener(Path(where) if where else None)


def ask_name() -> str:
    said = _("Your name (Enter to use your identity's): ")
    try:
        return console.input(said, markup=False).strip()
    except EOFError:  # Ctrl-D, or scripted input ran out: the player left before a game began
        console.print()
        console.print(escape(_("Input ended: no game was begun, nothing saved.")), soft_wrap=True)
        raise typer.Exit(0) from None


def check_save_target(path: Path, resume: Path | None) -> None:
    """--save must name a file that can be written and is not some other program's file."""
    if path.is_dir():
        raise SaveFileError(_("--save {path}: that is a directory", path=path))
    if path.exists():
        if resume is not None and same_file(path, resume):
            return
        if not is_save_file(path):
            raise SaveFileError(
                _(
                    "--save {path}: that file exists and is not a rulebook save file; "
                    "choose another path",
                    path=path,
                )
            )
        if not os.access(path, os.W_OK):
            raise SaveFileError(_("--save {path}: that file cannot be written", path=path))
        return
    parent = path.parent
    if not parent.is_dir():
        raise SaveFileError(_("--save {path}: no directory {parent}", path=path, parent=parent))
    if not os.access(parent, os.W_OK):
        raise SaveFileError(
            _("--save {path}: the directory {parent} cannot be written", path=path, parent=parent)
        )


def check_profile_flags(cls: type[Game], profile: Path | None, no_profile: bool) -> None:
    """--profile and --no-profile are for a game that keeps a profile (said first: a game
    without one has no use for the folder --profile names), then --profile's folder exists."""
    if cls.frontend().profile is None:
        if profile is not None or no_profile:
            raise ConfigError(
                _(
                    "{game} keeps no profile: --profile and --no-profile are for "
                    "games with lasting state ({games})",
                    game=cls.slug,
                    games=", ".join(profile_games()),
                )
            )
    elif profile is not None:
        check_profile_target(profile)


def check_saved_profile(cls: type[Game], choice: dict[str, Any] | None, save: Path) -> None:
    """A save's own profile (not the default) whose folder is gone is one line, as with
    --profile: its folder and a blank profile are not made again silently."""
    if cls.frontend().profile is None or choice is None or not choice["enabled"]:
        return
    if choice["path"] is None:
        return  # the default profile: its data folder may be made
    where = Path(choice["path"])
    if not where.parent.is_dir():
        raise ConfigError(
            _(
                "{save}: its profile {path} is in no directory {parent} "
                "(--profile FILE or --no-profile plays it on)",
                save=save,
                path=where,
                parent=where.parent,
            )
        )


def check_profile_target(path: Path) -> None:
    """--profile names a file in a folder that exists: a typo'd folder is one line, as with
    --save, never a folder made silently (only the default profile's data folder is made)."""
    parent = path.expanduser().parent
    if not parent.is_dir():
        raise ConfigError(_("--profile {path}: no directory {parent}", path=path, parent=parent))


def check_seats(game: Game, seats: list[str]) -> list[str]:
    """Each seat names a person or a known agent (a typo is named before the count)."""
    known = agent_names(game, table=True)
    for spec in seats:
        refuse_at_table(spec)
        name = parse_spec(spec)[0]
        if name != "human" and name not in known:
            raise UnknownAgent(
                _(
                    "unknown agent '{name}' for {game} (seats: human, {agents})",
                    name=name,
                    game=game.slug,
                    agents=", ".join(known),
                )
            )
    check_seat_count(game, len(seats))
    return seats
