"""How SWING! looks at the terminal table: who holds Power, each Host's meter and Room row
(tags, wear, seductions), Locations, Laundries, and the seat's own hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.swing.game import Swing


def _label(game: Swing, card_id: str) -> str:
    return escape(next(c.label() for c in game.types if c.id == card_id))


def render(game: Swing, view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    parts: list[RenderableType] = []
    parts.append(_head(view))
    line = _prompt(game, view)
    if line:
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


# the rulebook's phase names (the view's "phase") in plain words
PLAIN_PHASES = {
    "Foreplay: Power: Top": ("Foreplay, the Top's part", "Power: Top"),
    "Foreplay: Power: Bottom": ("Foreplay, the Bottoms' answers", "Power: Bottom"),
    "Seduction: Power: Top": ("Seduction, the Top's advances", "Power: Top"),
    "Seduction: #Surprise": ("Seduction, answers with #Surprise cards", "#Surprise"),
    "Seduction: Power: Bottom": ("Seduction, the Bottom answers and blocks", "Power: Bottom"),
    "Aftercare": ("Aftercare, the Top's leftover Inspiration", "Aftercare"),
    "Switch": ("Switch, the next player becomes the Top", "Switch"),
}


def _head(view: dict[str, Any]) -> str:
    """Round, turn, the Top, and who acts in which phase, in plain words with the rulebook's
    term beside them ("Power: Top" means the Top holds control)."""
    head = f"[bold]Round {view['round']}, turn {view['turn']}[/] · Top: {escape(view['top'])}"
    if view["power"]:
        plain, term = PLAIN_PHASES.get(view["phase"], (view["phase"], ""))
        head += f" · [bold]{escape(view['power'])} to act[/]: {escape(plain)}"
        head += f" ({escape(term)})" if term else ""
    return head


def _prompt(game: Swing, view: dict[str, Any]) -> str:
    decision = view.get("decision") or {}
    if not decision.get("prompt"):
        return ""
    line = escape(decision["prompt"])
    if decision.get("seducer"):  # which seduction attempt is being answered
        seducer = next(c for c in game.types if c.id == decision["seducer"])
        target = f"Player {decision['seat'] + 1}"
        line += (
            f" [bold]{escape(seducer.name)}[/] ({seducer.prowess}P/{seducer.endurance}E) "
            f"is seducing {escape(target)}"
        )
    return line


def _counted(items: list[str]) -> str:
    """Like items once, with a count ("Silver Fox 3P/2E ×2")."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return "; ".join(item + (f" ×{n}" if n > 1 else "") for item, n in counts.items())


def _room_of(view: dict[str, Any], owner: str) -> str:
    locations = [loc for loc in view["locations"] if loc["owner"] == owner]
    bits = []
    if locations:
        total = sum(loc["inspiration"] for loc in locations)
        tagged = sum(loc["tagged"] for loc in locations)
        bits.append(
            f"{len(locations)} Location{'s' if len(locations) > 1 else ''} +{total}"
            + (f" ({tagged} tagged)" if tagged else "")
        )
    cards = []
    for card in view["room"]:
        if card["owner"] == owner:
            state = [] if not card["tagged"] else ["tagged"]
            if card["seducing"]:
                state.append(f"seducing {card['seducing']}")
            cards.append(
                f"{card['name']} {card['stats']}" + (f" ({', '.join(state)})" if state else "")
            )
    if cards:
        bits.append(_counted(cards))
    return escape("; ".join(bits))


def compact(game: Swing, view: dict[str, Any]) -> RenderableType:
    """The party for an 80×24 screen: who acts, one entry a Host with their Room, and your
    hand with like cards counted (the Pleasure Meter bars are in the whole table)."""
    lines = [_head(view)]
    prompt = _prompt(game, view)
    if prompt:
        lines.append(prompt)
    full = game.config.pleasure_meter
    seat = view["seat"]
    order = list(range(len(view["hosts"])))
    if seat is not None:  # your own line and your hand first: what you decide with
        order.remove(seat)
        order.insert(0, seat)
    for s in order:
        entry = view["hosts"][s]
        you = " (you)" if s == seat else ""
        laundry = ", ".join(escape(game_name(game, c)) for c in entry["laundry"])
        room = _room_of(view, entry["name"])
        lines.append(
            f"[bold]{escape(entry['name'])}[/]{you} {escape(entry['role'])} "
            f"{entry['pleasure_meter']}/{full} · Insp. {entry['inspiration']} · hand "
            f"{entry['hand_size']} · deck {entry['deck']}"
            + (f" · Laundry: {laundry}" if laundry else "")
            + (f" · Room: {room}" if room else "")
        )
        if s == seat and "hand" in entry:
            hand = [escape(_short(game, c)) for c in entry["hand"]]
            lines.append("  Your hand: " + (_counted(hand).replace("; ", ", ") or "empty"))
    return Text.from_markup("\n".join(lines))


def _short(game: Swing, card_id: str) -> str:
    card = next(c for c in game.types if c.id == card_id)
    if card.kind_name == "location":
        return f"{card.name} (+{card.inspiration} Insp.{', Furniture' if card.furniture else ''})"
    tag = " #Surprise" if card.surprise else ""
    return f"{card.name} ({card.kind_name} {card.cost}: {card.prowess}P/{card.endurance}E{tag})"


def card_texts(game: Swing, view: dict[str, Any]) -> list[tuple[str, str]]:
    """What each card the view shows does (SWING!'s cards carry numbers, not text)."""
    ids: list[str] = []
    seat = view["seat"]
    if seat is not None:
        ids += view["hosts"][seat].get("hand", [])
    ids += [loc["card"] for loc in view["locations"]] + [c["card"] for c in view["room"]]
    for entry in view["hosts"]:
        ids += entry["laundry"]
    by_id = {c.id: c for c in game.types}
    return [(by_id[i].name, _describe(by_id[i])) for i in dict.fromkeys(ids)]


def _describe(card: Any) -> str:
    if card.kind_name == "location":
        extra = "; Furniture" if card.furniture else ""
        return (
            f"Location: gives {card.inspiration} Inspiration a turn to introduce cards with"
            f"{extra}. One Location a turn, in your Foreplay."
        )
    surprise = "; #Surprise: may be played out of turn, to answer the Top" if card.surprise else ""
    return (
        f"{card.kind_name.title()}, costs {card.cost} Inspiration: Prowess {card.prowess} "
        f"(what it takes from the Endurance of a card it meets, or from the Pleasure Meter "
        f"of a Host it seduces unblocked), Endurance {card.endurance} (at 0 it goes to "
        f"the Laundry){surprise}."
    )


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
