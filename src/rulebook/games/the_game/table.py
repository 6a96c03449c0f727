"""How The GAME looks at the terminal table: one seat's view rendered for rich."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.the_game.cards import KINDS
from rulebook.games.the_game.game import TheGame


def _names(game: TheGame, ids: list[str]) -> list[str]:
    names = game.content.names()
    return [escape(names[i]) for i in ids]


def render(game: TheGame, view: dict[str, Any]) -> RenderableType:
    labels = game.labels
    seat = view["seat"]
    parts: list[RenderableType] = []
    decision = view["decision"]
    if decision is not None:
        who = view["players"][decision["seat"]]["role"]
        prompt = decision.get("prompt", decision["kind"].replace("-", " "))
        parts.append(f"[bold]Turn {view['turn']}[/] · {escape(who)}: {escape(prompt)}")
    for p in view["players"]:
        points = labels["point"] if p["points"] == 1 else labels["points"]
        held = f"{p['hand_size']} card{'' if p['hand_size'] == 1 else 's'} in hand"
        parts.append(f"[bold]{escape(p['role'])}[/]: {p['points']} {escape(points)}, {held}")
    pleasures = view["pleasures"]
    shown = ", ".join(_names(game, pleasures.get("cards", []))) or "hidden"
    if pleasures["count"] == 0:
        shown = "none yet"
    decks = (
        f"{labels['main_deck']} {view['main_deck']} (discard {len(view['discard'])})",
        f"{labels['equipment_deck']} {view['equipment_deck']}",
        f"{labels['pleasure_deck']} {view['pleasure_deck']}",
    )
    parts.append("Decks: " + " · ".join(escape(d) for d in decks))
    parts.append(
        f"{escape(labels['player2'])}'s {escape(labels['pleasure'])}s "
        f"({pleasures['count']}/{game.config.pleasures_to_win}): {shown}"
    )
    queue = Table(
        title=f"{labels['queue']} ({len(view['queue'])}/{game.config.punishments_to_win})",
        title_justify="left",
    )
    queue.add_column("#", justify="right")
    queue.add_column("set")
    queue.add_column(labels["equipment"])
    for number, punishment in enumerate(view["queue"], start=1):
        queue.add_row(
            str(number),
            " + ".join(_names(game, punishment["set"])),
            ", ".join(_names(game, punishment["equipment"])) or "—",
        )
    parts.append(queue)
    if seat is not None and "hand" in view["players"][seat]:
        kinds = {c.id: c.kind for c in game.content.main}
        rows = []
        for kind in KINDS:
            cards = [c for c in view["players"][seat]["hand"] if kinds[c] == kind]
            if cards:
                rows.append(f"[bold]{escape(labels[kind])}[/]: " + ", ".join(_names(game, cards)))
        parts.append(Panel("\n".join(rows) or "(empty)", title="Your hand"))
    return Group(*parts)


def render_summary(game: TheGame, summary: dict[str, Any]) -> RenderableType:
    """What the players carry out after the game (who won is the table's outcome line)."""
    labels = game.labels
    lines = [f"Carry out the {escape(labels['queue'])} in order:"]
    for number, p in enumerate(summary["queue"], start=1):
        extra = ", ".join(_names(game, p["equipment"]))
        lines.append(
            f"  {number}. "
            + " + ".join(_names(game, p["set"]))
            + (f" \\[+ {extra}]" if extra else "")
        )
    if not summary["queue"]:
        lines.append("  (empty)")
    lines.append(
        f"Then {escape(labels['player2'])} redeems: "
        + (", ".join(_names(game, summary["redeem"])) or "nothing")
    )
    unused = summary.get("unused") or []
    if unused:
        lines.append(
            "Held unused, not redeemed (cards played for their effect): "
            + ", ".join(_names(game, unused))
        )
    return Panel("\n".join(lines), title="After the game")


def compact(game: TheGame, view: dict[str, Any]) -> RenderableType:
    """The table in a few lines for an 80×24 screen: the turn, both players, the decks,
    Player 2's pleasure cards, the Queue (one punishment a line) and your hand."""
    labels = game.labels
    seat = view["seat"]
    lines: list[str] = []
    decision = view["decision"]
    if decision is not None:
        who = view["players"][decision["seat"]]["role"]
        prompt = decision.get("prompt", decision["kind"].replace("-", " "))
        lines.append(f"[bold]Turn {view['turn']}[/] · {escape(who)}: {escape(prompt)}")
    players = []
    for s, p in enumerate(view["players"]):
        points = labels["point"] if p["points"] == 1 else labels["points"]
        you = " (you)" if s == seat else ""
        players.append(
            f"[bold]{escape(p['role'])}[/]{you} {p['points']} {escape(points)}, "
            f"{p['hand_size']} in hand"
        )
    lines.append(" · ".join(players))
    pleasures = view["pleasures"]
    shown = ", ".join(_names(game, pleasures.get("cards", []))) or "hidden"
    if pleasures["count"] == 0:
        shown = "none yet"
    lines.append(
        f"{escape(labels['main_deck'])} {view['main_deck']} (discard {len(view['discard'])})"
        f" · {escape(labels['equipment_deck'])} {view['equipment_deck']}"
        f" · {escape(labels['pleasure_deck'])} {view['pleasure_deck']}"
    )
    lines.append(
        f"{escape(labels['player2'])}'s {escape(labels['pleasure'])}s "
        f"({pleasures['count']}/{game.config.pleasures_to_win}): {shown}"
    )
    queue = f"[bold]{escape(labels['queue'])}[/] ({len(view['queue'])}/"
    queue += f"{game.config.punishments_to_win})"
    if not view["queue"]:
        lines.append(queue + ": empty")
    else:
        lines.append(queue + ":")
        for number, punishment in enumerate(view["queue"], start=1):
            extra = ", ".join(_names(game, punishment["equipment"]))
            lines.append(
                f"  {number}. "
                + " + ".join(_names(game, punishment["set"]))
                + (f" \\[+ {extra}]" if extra else "")
            )
    if seat is not None and "hand" in view["players"][seat]:
        kinds = {c.id: c.kind for c in game.content.main}
        rows = []
        for kind in KINDS:
            cards = [c for c in view["players"][seat]["hand"] if kinds[c] == kind]
            if cards:
                rows.append(f"[bold]{escape(labels[kind])}[/] " + ", ".join(_names(game, cards)))
        lines.append("Your hand: " + (" · ".join(rows) or "empty"))
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
            text = card.text
        elif card_id in equipment:
            text = f"{game.labels['equipment']}: added to a {game.labels['punishment']}"
        elif card.kind:
            text = f"{game.labels[card.kind]}: one of the three cards of a set"
        else:
            text = f"kept by {game.labels['player2']} and redeemed after the game"
        out.append((card.name, text))
    return out
