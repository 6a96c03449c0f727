"""How The GAME looks at the terminal table: one seat's view rendered for rich, in the
reader's language (the theme's labels and card names as the card file writes them)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.the_game.cards import KINDS
from rulebook.games.the_game.game import TheGame, a_label, label
from rulebook.i18n import N_, Message, Name, _, msg, n_

# the decisions as the heading names them (the view's ``prompt`` is English)
PROMPTS = {
    "turn": N_("Choose one action"),
    "ask": N_("Name a card type"),
    "give": N_("Give a card of the named type"),
    "hand-limit": N_("Discard down to the hand limit"),
}
N_(" + ")  # a set's cards joined (rulebook.i18n.Listed's separator)


def _names(game: TheGame, ids: list[str]) -> list[str]:
    names = game.content.names()
    return [escape(Name(names[i]).text()) for i in ids]


def _set(game: TheGame, ids: list[str]) -> str:
    return _(" + ").join(_names(game, ids))


def _label(game: TheGame, key: str) -> str:
    """A theme's label in the reader's language (a classic label is in the catalog)."""
    return label(game.labels[key]).text()


def _prompt(game: TheGame, decision: dict[str, Any]) -> str:
    kind = decision["kind"]
    if kind == "spend":
        return _("Spend {points}, or be done", points=_label(game, "points"))
    if kind == "skip-target":
        return _("Remove which {punishment}?", punishment=_label(game, "punishment"))
    if kind == "remove-target":
        return _("Remove which {equipment}?", equipment=_label(game, "equipment"))
    return str(Message(PROMPTS.get(kind, decision.get("prompt", kind))))


def view_words(game: TheGame) -> dict[str, object]:
    """The English words a view holds as values and how a reader words each (the browser's
    client shows values through them): the prompts that name the theme's things (as
    ``View.decision_view`` writes them) and the kind a give decision asks for. The theme's
    labels only, never a game's state: the same table for every seat."""
    lab = game.labels
    words: dict[str, object] = {kind: label(lab[kind]) for kind in KINDS}
    words[f"Spend {lab['points']}, or be done"] = msg(
        "Spend {points}, or be done", points=label(lab["points"])
    )
    words[f"Remove which {lab['punishment']}?"] = msg(
        "Remove which {punishment}?", punishment=label(lab["punishment"])
    )
    words[f"Remove which {lab['equipment']}?"] = msg(
        "Remove which {equipment}?", equipment=label(lab["equipment"])
    )
    return words


def _heading(game: TheGame, view: dict[str, Any]) -> str:
    decision = view["decision"]
    who = game.role_words(decision["seat"])
    turn = _("Turn {turn}", turn=view["turn"])
    return (
        f"[bold]{escape(turn)}[/] · {escape(who)}{escape(_(': '))}{escape(_prompt(game, decision))}"
    )


def _points(game: TheGame, count: int) -> str:
    return _label(game, "point" if count == 1 else "points")


def _pleasures(game: TheGame, view: dict[str, Any]) -> str:
    pleasures = view["pleasures"]
    shown = _(", ").join(_names(game, pleasures.get("cards", []))) or _("hidden")
    if pleasures["count"] == 0:
        shown = _("none yet")
    return _(
        "{player}'s {pleasures} ({count}/{goal}): {shown}",
        player=escape(_label(game, "player2")),
        pleasures=escape(_label(game, "pleasures")),
        count=pleasures["count"],
        goal=game.config.pleasures_to_win,
        shown=shown,
    )


def _decks(game: TheGame, view: dict[str, Any]) -> str:
    return " · ".join(
        [
            _(
                "{deck} {count} (discard {discard})",
                deck=escape(_label(game, "main_deck")),
                count=view["main_deck"],
                discard=len(view["discard"]),
            ),
            # Translators: a deck's name and how many cards it holds ("Equipment Deck 20",
            # "Bronze 8"), in The GAME and Susumuka & Modoruka; Japanese writes them together
            _(
                "{deck} {count}",
                deck=escape(_label(game, "equipment_deck")),
                count=view["equipment_deck"],
            ),
            _(
                "{deck} {count}",
                deck=escape(_label(game, "pleasure_deck")),
                count=view["pleasure_deck"],
            ),
        ]
    )


def _queued(game: TheGame, number: int, punishment: dict[str, Any]) -> str:
    extra = _(", ").join(_names(game, punishment["equipment"]))
    line = f"  {number}. " + _set(game, punishment["set"])
    return line + (f" \\[+ {extra}]" if extra else "")


def _hand_rows(game: TheGame, view: dict[str, Any], seat: int, sep: str) -> list[str]:
    kinds = {c.id: c.kind for c in game.content.main}
    rows = []
    for kind in KINDS:
        cards = [c for c in view["players"][seat]["hand"] if kinds[c] == kind]
        if cards:
            shown = _(", ").join(_names(game, cards))
            rows.append(f"[bold]{escape(_label(game, kind))}[/]{sep}{shown}")
    return rows


def render(game: TheGame, view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    parts: list[RenderableType] = []
    if view["decision"] is not None:
        parts.append(_heading(game, view))
    for s, p in enumerate(view["players"]):
        held = n_("{count} card in hand", "{count} cards in hand", p["hand_size"])
        points = f"{p['points']} {escape(_points(game, p['points']))}"
        parts.append(f"[bold]{escape(game.role_words(s))}[/]{escape(_(': '))}{points}, {held}")
    parts.append(escape(_("Decks: {decks}", decks=_decks(game, view))))
    parts.append(_pleasures(game, view))
    queue = Table(
        title=_(
            "{queue} ({count}/{goal})",
            queue=_label(game, "queue"),
            count=len(view["queue"]),
            goal=game.config.punishments_to_win,
        ),
        title_justify="left",
    )
    queue.add_column("#", justify="right")
    queue.add_column(_("set"))
    queue.add_column(_label(game, "equipment"))
    for number, punishment in enumerate(view["queue"], start=1):
        queue.add_row(
            str(number),
            _set(game, punishment["set"]),
            _(", ").join(_names(game, punishment["equipment"])) or "—",
        )
    parts.append(queue)
    if seat is not None and "hand" in view["players"][seat]:
        rows = _hand_rows(game, view, seat, escape(_(": ")))
        parts.append(Panel("\n".join(rows) or _("(empty)"), title=_("Your hand")))
    return Group(*parts)


def render_summary(game: TheGame, summary: dict[str, Any]) -> RenderableType:
    """What the players carry out after the game (who won is the table's outcome line)."""
    lines = [_("Carry out the {queue} in order:", queue=escape(_label(game, "queue")))]
    for number, p in enumerate(summary["queue"], start=1):
        lines.append(_queued(game, number, p))
    if not summary["queue"]:
        lines.append("  " + _("(empty)"))
    redeemed = _(", ").join(_names(game, summary["redeem"])) or _("nothing")
    lines.append(
        _("Then {player} redeems: {cards}", player=escape(_label(game, "player2")), cards=redeemed)
    )
    unused = summary.get("unused") or []
    if unused:
        lines.append(
            _(
                "Held unused, not redeemed (cards played for their effect): {cards}",
                cards=_(", ").join(_names(game, unused)),
            )
        )
    return Panel("\n".join(lines), title=_("After the game"))


def compact(game: TheGame, view: dict[str, Any]) -> RenderableType:
    """The table in a few lines for an 80×24 screen: the turn, both players, the decks,
    Player 2's pleasure cards, the Queue (one punishment a line) and your hand."""
    seat = view["seat"]
    lines: list[str] = []
    if view["decision"] is not None:
        lines.append(_heading(game, view))
    players = []
    for s, p in enumerate(view["players"]):
        you = _(" (you)") if s == seat else ""
        players.append(
            f"[bold]{escape(game.role_words(s))}[/]{escape(you)} "
            + _(
                "{count} {points}, {cards} in hand",
                count=p["points"],
                points=escape(_points(game, p["points"])),
                cards=p["hand_size"],
            )
        )
    lines.append(" · ".join(players))
    lines.append(_decks(game, view))
    lines.append(_pleasures(game, view))
    queue = _(  # as the whole table heads it (Japanese: キュー（0/5）, no space)
        "{queue} ({count}/{goal})",
        queue=f"[bold]{escape(_label(game, 'queue'))}[/]",
        count=len(view["queue"]),
        goal=game.config.punishments_to_win,
    )
    if not view["queue"]:
        lines.append(queue + escape(_(": ")) + _("empty"))
    else:
        lines.append(queue + escape(_(":")))
        for number, punishment in enumerate(view["queue"], start=1):
            lines.append(_queued(game, number, punishment))
    if seat is not None and "hand" in view["players"][seat]:
        rows = _hand_rows(game, view, seat, escape(_(": ")))  # as the whole table: "Kind: a, b"
        lines.append(_("Your hand: {cards}", cards=" · ".join(rows) or _("empty")))
    return Text.from_markup("\n".join(lines))


def card_texts(game: TheGame, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Every card with a text that the view shows: hand, Queue, pleasure cards."""
    seen: list[str] = []
    seat = view["seat"]
    if seat is not None:
        seen += view["players"][seat].get("hand", [])
    for punishment in view["queue"]:
        seen += punishment["set"] + punishment["equipment"]
    seen += view["pleasures"].get("cards", [])
    content = game.content
    cards = {c.id: c for c in content.cards()}
    equipment = {c.id for c in content.equipment}
    out = []
    for card_id in dict.fromkeys(seen):
        card = cards[card_id]
        if card.text:
            text = Name(card.text).text()
        elif card_id in equipment:
            text = _(
                "{equipment}: added to {a_punishment}",
                equipment=_label(game, "equipment"),
                a_punishment=a_label(game.labels["punishment"]).text(),
            )
        elif card.kind:
            text = _("{kind}: one of the three cards of a set", kind=_label(game, card.kind))
        else:
            text = _("kept by {player} and redeemed after the game", player=_label(game, "player2"))
        out.append((Name(card.name).text(), text))
    return out
