"""``rulebook replay``: step through a saved game."""

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
from rulebook.cli.saves import read_save
from rulebook.engine.errors import ConfigError

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
        print_outcome(state)
    else:
        console.print("(the saved game is unfinished)")
