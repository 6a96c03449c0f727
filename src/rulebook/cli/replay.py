"""``rulebook replay``: step through a saved game, as one seat saw it or as a spectator."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from rulebook.cli.app import (
    app,
    console,
    friendly_errors,
    print_outcome,
)
from rulebook.cli.autotable import default_table
from rulebook.cli.saves import read_save
from rulebook.engine.errors import ConfigError
from rulebook.engine.events import Event
from rulebook.engine.game import Game
from rulebook.engine.state import State
from rulebook.i18n import _

# --------------------------------------------------------------------------- replay

STOP = ("q", "quit")


def parse_seat(game: Game, players: int, given: str) -> int:
    """The 0-based seat for ``--seat``: a number as the table shows it (1 = the first seat) or
    a role name such as "Player 2" (any case or spacing)."""
    roles = [game.role(s) for s in range(players)]
    text = given.strip()
    if text.lstrip("+-").isdigit():
        number = int(text)
        if 1 <= number <= players:
            return number - 1
    else:
        wanted = "".join(text.split()).casefold()
        for seat, role in enumerate(roles):
            if "".join(role.split()).casefold() == wanted:
                return seat
    if players == 1:
        raise ConfigError(
            _(
                "--seat {given}: this game has one seat, 1 ({role})",
                given=given,
                role=game.role_words(0),
            )
        )
    choices = ", ".join(f"{s + 1} = {game.role_words(s)}" for s in range(players))
    raise ConfigError(
        _(
            "--seat {given}: this game's seats are 1-{players} ({choices})",
            given=given,
            players=players,
            choices=choices,
        )
    )


def show_table(game: Game, state: State, seat: int | None) -> None:
    """The table as ``play`` shows it, from ``seat``'s point of view (None: a spectator's)."""
    view = state.view(seat)
    render = type(game).frontend().render or default_table
    console.print(render(game, view))


def wants_to_stop(number: int, moves: int) -> bool:
    """Ask before move ``number`` of ``moves``: Enter goes on, q or quit stops."""
    ask = _("Enter: move {number}/{moves} · q: quit", number=number, moves=moves)
    answer = console.input(f"[dim]{escape(ask)}[/] ").strip().lower()
    return answer in STOP


@app.command("replay")
def replay_command(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game saved by rulebook play --save.")
    ],
    seat: Annotated[
        str | None,
        typer.Option(
            metavar="SEAT",
            help="See the game as this seat saw it: its number as the table shows it "
            "(1 = Player 1) or its role name. Without it: what a spectator sees (in a "
            "one-player game: what the player saw).",
        ),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--no-step",
            help="Show the table after every move and wait for Enter (q quits). --no-step "
            "(the default when input is not a terminal) prints only the moves and the final "
            "table.",
        ),
    ] = None,
) -> None:
    """Step through a saved game move by move, as one seat saw it or as a spectator."""
    with friendly_errors():
        game, final, seats = read_save(file)
        if seat is not None:
            watcher: int | None = parse_seat(game, final.players, seat)
        else:  # a spectator; alone at the table, the player sees no more than one would
            watcher = 0 if final.players == 1 else None
        opening: list[Event] = []  # setup's narration, as the seat read it
        state = game.new_state(
            seed=final.seed,
            players=final.players,
            stack=final.stack,
            dice=list(final.dice) or None,
            events=opening,
        )
    pause = sys.stdin.isatty() if step is None else step
    front = type(game).frontend()
    roles = [game.role_words(s) for s in range(final.players)]
    console.print(
        f"[bold]{escape(_(game.title))}[/]"
        + escape(_(", seed {seed}: ", seed=final.seed))
        + _(", ").join(f"{r} = {n}" for r, n in zip(roles, seats, strict=True))
    )
    if watcher is None:
        console.print(escape(_("Point of view: a spectator's (--seat N for a player's)")))
    else:
        said = _("Point of view: {player} (seat {seat})", player=roles[watcher], seat=watcher + 1)
        console.print(escape(said))
    for event in opening:
        if shown := event.read(watcher):
            console.print(f"      · {escape(shown)}")
    moves = len(final.history)
    try:
        if pause and moves:
            show_table(game, state, watcher)
            if wants_to_stop(1, moves):
                console.print(_("Replay stopped."))
                return
        for number, action in enumerate(final.history, start=1):
            mover = state.to_move
            role = roles[mover if mover is not None else 0]
            header = f"[bold]{number:>3}. {escape(role)}[/]"
            if watcher is not None and mover == watcher:  # what others chose may be private
                header += f": {escape(game.action_text(state, action))}"
            if pause:
                console.print()  # each step apart from the table above it
            console.print(header)
            for event in state.apply(action):
                shown = event.read(watcher)
                if shown:
                    console.print(f"      · {escape(shown)}")
            if pause and number < moves:
                show_table(game, state, watcher)
                if wants_to_stop(number + 1, moves):
                    console.print(_("Replay stopped."))
                    return
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + _("Replay stopped."))
        return
    console.print()
    show_table(game, state, watcher)
    if state.is_over():
        if front.summary is not None:
            console.print(front.summary(game, state.view(None)))
        print_outcome(state)
    else:
        console.print(_("(the saved game is unfinished)"))
