"""``rulebook games``, ``rules`` and ``cards``: what a game is, its rule parameters, its cards."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace
from typing import Annotated

import typer
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
from rulebook.engine.content import CardRow, card_rows
from rulebook.engine.game import game_class, games, load
from rulebook.engine.parameters import parameter_rows
from rulebook.i18n import Name, _, n_

# --------------------------------------------------------------------------- games / rules


@app.command("games")
def games_command() -> None:
    """List the games."""
    table = Table(_("slug"), _("title"), _("players"))
    table.add_column(_("about"), overflow="fold")  # Japanese has no spaces to wrap at
    for cls in games():
        span = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )
        table.add_row(cls.slug, _(cls.title), span, _(cls.summary))
    console.print(table)


def render_doc(text: str) -> str:
    """A docstring as rich markup: ``code`` and `code` in bold, nothing else interpreted."""
    out = escape(text)
    out = re.sub(r"``(.+?)``", r"[bold]\1[/bold]", out, flags=re.DOTALL)
    return re.sub(r"`([^`\n]+)`", r"[bold]\1[/bold]", out)


@app.command("rules")
def rules_command(
    slug: Annotated[str | None, typer.Argument(metavar="GAME")] = None, theme: ThemeOpt = None
) -> None:
    """Show how to play a game and its rule parameters (no game: the list of games)."""
    if slug is None:
        games_command()
        console.print(_("The rules of one: rulebook rules GAME (a slug above)"))
        return
    with friendly_errors():
        cls = game_class(slug)
        game = load(slug, **build_config(theme, None, [], []))
    console.print(f"[bold]{escape(_(cls.title))}[/]\n")
    console.print(render_doc(cls.how_to_play()), soft_wrap=True)
    if game.content_notice:
        notice = _("Content notice:")
        said = _(game.content_notice)  # a designer's own, in no catalog: as written
        console.print(f"\n[yellow]{escape(notice)}[/] {escape(said)}")
    table = Table(title=_("Rule parameters"))
    table.add_column(_("parameter (--set NAME=VALUE)"), no_wrap=True)
    table.add_column(_("values (default)"), overflow="fold")  # fold: Japanese has no spaces
    table.add_column(_("meaning"), overflow="fold")
    for name, values, default, meaning in parameter_rows(cls.config_class):
        shown = _("{values} ({default})", values=values, default=default or _("empty"))
        table.add_row(escape(name), escape(shown), escape(meaning))
    console.print(table)


@app.command("cards")
def cards_command(slug: str, theme: ThemeOpt = None, cards: CardsOpt = None) -> None:
    """List a game's cards: ids (for --without and stacked decks), names, decks, counts and,
    where the game says, what each card does."""
    with friendly_errors():
        game = load(slug, **build_config(theme, cards, [], []))
        rows = card_rows(game)
    if not rows:
        console.print(escape(_("{game} has no cards.", game=_(game.title))))
        return
    count = sum(r.count for r in rows)
    said = n_("{count} card", "{count} cards", count)
    console.print(f"[bold]{escape(_(game.title))}[/]" + escape(_(": ") + said))
    for deck in dict.fromkeys(r.deck for r in rows):
        console.print(deck_table(deck, [r for r in rows if r.deck == deck]))
    if "without" in {f.name for f in dataclasses.fields(type(game).config_class)}:
        console.print(escape(_("Leave a card out with --without ID (its id in any theme).")))


def shown_row(row: CardRow) -> CardRow:
    """A card's words as the content gives them (a card file's names and texts are not in
    the catalogs; the pseudo-language still marks them, so what skipped translation shows)."""
    name, kind, text = (Name(t).text() if t else t for t in (row.name, row.kind, row.text))
    return replace(row, name=name, kind=kind, text=text)


def deck_table(deck: str, rows: list[CardRow]) -> Table:
    """One deck's cards. Ids are typed back (--without, stacks), so they never break: their
    columns are as wide as the widest id; names and texts wrap at spaces instead. A deck whose
    cards say what they do shows name, type and text together in one wide column."""
    texts = any(r.text for r in rows)
    count = sum(r.count for r in rows)
    table = Table(
        title=escape(
            n_("{deck} ({count} card)", "{deck} ({count} cards)", count, deck=Name(deck).text())
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    names, kinds = any(r.name for r in rows), any(r.kind for r in rows)
    same = max((len(r.same_as) for r in rows), default=0)
    table.add_column(_("id"), no_wrap=True, min_width=max(len(r.id) for r in rows))
    if texts:
        table.add_column(_("count"), justify="right")
        table.add_column(_("card: what it does"), ratio=1, overflow="fold")
    else:
        for heading, shown in ((_("name"), names), (_("type"), kinds)):
            if shown:
                table.add_column(heading)
        table.add_column(_("count"), justify="right")
    if same:
        table.add_column(_("same as"), no_wrap=True, min_width=same)
    for row in rows:
        r = shown_row(row)
        cells = [r.id]
        if texts:
            name = r.name or r.id
            if r.kind:
                name = _("{name} ({kind})", name=name, kind=r.kind)
            said = _("{name}: {text}", name=name, text=r.text) if r.text else r.name
            cells += [str(r.count), said]
        else:
            cells += [r.name] if names else []
            cells += [r.kind] if kinds else []
            cells.append(str(r.count))
        if same:
            cells.append(r.same_as)
        table.add_row(*(escape(c) for c in cells))
    return table
