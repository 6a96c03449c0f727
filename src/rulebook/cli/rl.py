"""``rulebook rl describe``: what every index of a game's observation and action id means."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from rulebook.cli.app import (
    CardsOpt,
    SetOpt,
    ThemeOpt,
    app,
    build_config,
    console,
    fail,
    friendly_errors,
)
from rulebook.engine.game import load
from rulebook.extras import install_hint
from rulebook.i18n import _, n_
from rulebook.rl import MISSING

rl_app = typer.Typer(help="The research interfaces (PettingZoo, Gymnasium, OpenSpiel).")
app.add_typer(rl_app, name="rl")


@rl_app.command("describe")
def describe_command(
    slug: str,
    players: Annotated[
        int | None, typer.Option("--players", metavar="N", help="Seats (default: the fewest).")
    ] = None,
    theme: ThemeOpt = None,
    cards: CardsOpt = None,
    settings: SetOpt = [],  # noqa: B006 - typer reads the default, never mutates it
) -> None:
    """Print what each index of the observation vector and each action id means."""
    with friendly_errors():
        game = load(slug, **build_config(theme, cards, [], settings))
        seats = game.check_players(players)
    try:
        from rulebook.rl.encoding import encoder_for
    except ImportError:
        raise fail(_(MISSING, module="numpy", command=install_hint("rl"))) from None
    said = n_("{game}, {count} seat", "{game}, {count} seats", seats, game=_(game.title))
    console.print(escape(said), soft_wrap=True)
    for line in encoder_for(game, seats).describe():
        console.print(escape(line), soft_wrap=True)
