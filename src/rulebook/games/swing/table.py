"""How SWING! looks at the terminal table: who holds Power, each Host's meter and Room row
(tags, wear, seductions), Locations, Laundries, and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from rulebook.games.swing.game import Swing


def _label(game: Swing, card_id: str) -> str:
    return escape(next(c.label() for c in game.types if c.id == card_id))


def render(game: Swing, view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    parts: list[RenderableType] = []
    head = f"[bold]Round {view['round']}, turn {view['turn']}[/] · Top: {escape(view['top'])}"
    if view["power"]:
        head += f" · [bold]Power: {escape(view['power'])}[/] ({escape(view['phase'])})"
    parts.append(head)
    decision = view.get("decision") or {}
    if decision.get("prompt"):
        line = escape(decision["prompt"])
        if decision.get("seducer"):  # which seduction attempt is being answered
            seducer = next(c for c in game.types if c.id == decision["seducer"])
            target = f"Player {decision['seat'] + 1}"
            line += (
                f" [bold]{escape(seducer.name)}[/] ({seducer.prowess}P/{seducer.endurance}E) "
                f"is seducing {escape(target)}"
            )
        parts.append(line)
    full = game.config.pleasure_meter
    hosts = Table(title="Hosts", title_justify="left")
    for column in ("Host", "role", "Pleasure Meter", "Inspiration", "hand", "deck", "Laundry"):
        hosts.add_column(column)
    for entry in view["hosts"]:
        meter = entry["pleasure_meter"]
        bar = "█" * round(10 * meter / full) + "░" * (10 - round(10 * meter / full))
        laundry = ", ".join(escape(game_name(game, c)) for c in entry["laundry"]) or "—"
        hosts.add_row(
            escape(entry["name"]),
            escape(entry["role"]),
            f"{bar} {meter}/{full}",
            str(entry["inspiration"]),
            str(entry["hand_size"]),
            str(entry["deck"]),
            laundry,
        )
    parts.append(hosts)
    room = Table(title="The Room", title_justify="left")
    for column in ("owner", "card", "P/E", "state"):
        room.add_column(column)
    for entry in view["hosts"]:  # each Host's Locations, then their Guests, Objects, Moves
        owner = entry["name"]
        before = room.row_count
        for loc in view["locations"]:
            if loc["owner"] != owner:
                continue
            state = "tagged" if loc["tagged"] else "untagged"
            room.add_row(escape(owner), escape(loc["name"]), f"+{loc['inspiration']} Insp.", state)
        for card in view["room"]:
            if card["owner"] != owner:
                continue
            state = "tagged" if card["tagged"] else "untagged"
            if card["seducing"]:
                state += f", seducing {card['seducing']}"
            room.add_row(
                escape(owner), escape(f"{card['name']} ({card['kind']})"), card["stats"], state
            )
        if room.row_count > before:
            room.add_section()
    parts.append(room)
    if seat is not None and "hand" in view["hosts"][seat]:
        hand = [_label(game, c) for c in view["hosts"][seat]["hand"]]
        parts.append(Panel("\n".join(hand) or "(empty)", title="Your hand"))
    return Group(*parts)


def game_name(game: Swing, card_id: str) -> str:
    return next(c.name for c in game.types if c.id == card_id)


def render_summary(game: Swing, view: dict[str, Any]) -> RenderableType:
    """Orgasms by cause and each Host's tally."""
    s = view["summary"]
    lines = [
        f"Rounds: {s['rounds']} ({s['turns']} turns)",
        f"Host orgasms: {s['host_orgasms']}"
        + (" — a Perfect Performance!" if s["perfect_performance"] else ""),
        f"Cards to the Laundry: {s['seducer_orgasms']} seducers, {s['blocker_orgasms']} blockers",
    ]
    for entry in view["hosts"]:
        lines.append(
            f"{escape(entry['name'])}: brought about {entry['orgasms_caused']}, "
            f"had {entry['orgasms']}"
        )
    return Panel("\n".join(lines), title="After the party")
