"""``rulebook games``, ``rules`` and ``cards``: what a game is, its rule parameters, its cards."""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

from rich import box
from rich.markup import escape
from rich.table import Table

from rulebook.cli.app import (
    CardsOpt,
    ThemeOpt,
    app,
    build_config,
    console,
    friendly_errors,
)
from rulebook.engine.content import card_rows
from rulebook.engine.game import game_class, games, load
from rulebook.engine.parameters import parameter_rows

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


def render_doc(text: str) -> str:
    """A docstring as rich markup: ``code`` and `code` in bold, nothing else interpreted."""
    out = escape(text)
    out = re.sub(r"``(.+?)``", r"[bold]\1[/bold]", out, flags=re.DOTALL)
    return re.sub(r"`([^`\n]+)`", r"[bold]\1[/bold]", out)


@app.command("rules")
def rules_command(slug: str, theme: ThemeOpt = None) -> None:
    """Show how to play a game and its rule parameters."""
    with friendly_errors():
        cls = game_class(slug)
        game = load(slug, **build_config(theme, None, [], []))
    console.print(f"[bold]{escape(cls.title)}[/]\n")
    console.print(render_doc(cls.how_to_play()), soft_wrap=True)
    if game.content_notice:
        console.print(f"\n[yellow]Content notice:[/] {escape(game.content_notice)}")
    table = Table(title="Rule parameters")
    table.add_column("parameter (--set NAME=VALUE)", no_wrap=True)
    table.add_column("values (default)")
    table.add_column("meaning")
    for name, values, default, meaning in parameter_rows(cls.config_class):
        table.add_row(escape(name), escape(f"{values} ({default or 'empty'})"), escape(meaning))
    console.print(table)


@app.command("cards")
def cards_command(slug: str, theme: ThemeOpt = None, cards: CardsOpt = None) -> None:
    """List a game's cards: ids (for --without and stacked decks), names, decks, counts."""
    with friendly_errors():
        game = load(slug, **build_config(theme, cards, [], []))
        rows = card_rows(game)
    if not rows:
        console.print(f"{escape(game.title)} has no cards.")
        return
    console.print(f"[bold]{escape(game.title)}[/]: {sum(r.count for r in rows)} cards")
    for deck in dict.fromkeys(r.deck for r in rows):
        in_deck = [r for r in rows if r.deck == deck]
        columns = [
            ("id", True),
            ("name", any(r.name for r in in_deck)),
            ("type", any(r.kind for r in in_deck)),
            ("count", True),
            ("same as", any(r.same_as for r in in_deck)),
        ]
        table = Table(
            title=f"{escape(deck)} ({sum(r.count for r in in_deck)} cards)",
            title_justify="left",
            box=box.SIMPLE_HEAD,
        )
        for heading, shown in columns:
            if shown:
                justify: Literal["left", "right"] = "right" if heading == "count" else "left"
                table.add_column(
                    heading, justify=justify, no_wrap=heading in ("id", "same as"), overflow="fold"
                )
        for r in in_deck:
            values = (r.id, r.name, r.kind, str(r.count), r.same_as)
            table.add_row(
                *(escape(v) for v, (_h, shown) in zip(values, columns, strict=True) if shown)
            )
        console.print(table)
    if "without" in {f.name for f in dataclasses.fields(type(game).config_class)}:
        console.print("Leave a card out with --without ID (its id in any theme).")
