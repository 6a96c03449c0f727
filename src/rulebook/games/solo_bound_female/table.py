"""How Solo Bound Female looks at the terminal: the values, the character and scenario cards,
both sides' cards in play with their orientation at a glance (| reset, — triggered, ↻ ignored),
durations and diamond counters, aptitude and inaptitude, the hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulebook.games.solo_bound_female.game import SoloBoundFemale

MARK = {"reset": "[green]|[/]", "triggered": "[yellow]—[/]", "ignored": "[red]↻[/]"}


def _card_line(item: dict[str, Any]) -> str:
    bits = [f"{MARK[item['orientation']]} [bold]{escape(item['name'])}[/]"]
    bits.append(f"[dim]{escape(item['type'])}[/]")
    if "visibility" in item:
        bits.append(f"eye {item['visibility']}")
    if "duration" in item:
        bits.append(f"clock {item['duration']}")
    if "counters" in item:
        bits.append(f"diamonds {item['counters']}")
    if "note" in item:
        bits.append(f"[italic]{escape(item['note'])}[/]")
    return " · ".join(bits)


def _cards(title: str, items: list[dict[str, Any]]) -> RenderableType:
    body = "\n".join(_card_line(i) for i in items) or "[dim]none[/]"
    return Panel(body, title=title, title_align="left")


def hands(
    game: Any, view: dict[str, Any], show: Callable[[Any, str, list[Any]], Any], scenario: str
) -> list[Any]:
    """The hands this seat may see, shown by ``show``, and the sizes of those it may not (in
    a two-player game the other character's hand is a count)."""
    out: list[Any] = []
    seat = view.get("seat")
    mine = "acting" not in view or (seat is not None and game.role(seat) == view["acting"])
    if "hand" in view:
        out.append(show(game, f"Your hand ({len(view['hand'])})", view["hand"]))
    if "hand" not in view or not mine:
        who = f"{view['acting']}'s hand" if "acting" in view else "Hand"
        out.append(f"[bold]{escape(who)}[/]: {view['hand_size']} cards")
    if "scenario_hand" in view:
        out.append(show(game, scenario, view["scenario_hand"]))
    elif "scenario_hand_size" in view:
        out.append(f"Scenario hand: {view['scenario_hand_size']} card(s)")
    return out


def render(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    values = Table.grid(padding=(0, 2))
    values.add_row(
        f"[bold]Turn {view['turn']}[/] · {escape(view['step'])}",
        f"Progress {view['progress']}/{view['progress_goal']} to go",
        f"Visibility {view['visibility']}/10",
    )
    orgasm = {"forced": "Forced Orgasm", "denial": "Orgasm Denial", "normal": "no effect"}
    values.add_row(
        f"Stimulation {view['stimulation']}/{view['stimulation_score']}"
        + (" [red](denied)[/]" if view["denied"] else ""),
        f"Vitality {max(view['vitality'], 0)}/{view['vitality_max']}",
        f"On orgasm: {orgasm[view['orgasm']]}",
    )
    apt, inapt = view["aptitude"], view["inaptitude"]
    cleanup = view["step"] == "clean-up step"  # SB-22: one aptitude card a turn, here
    values.add_row(
        f"Aptitude {apt['ready']}/{apt['count']} ready"
        + (" (one played this turn)" if apt["played_this_turn"] and cleanup else ""),
        f"Inaptitude {inapt['ready']}/{inapt['count']} ready",
        f"Decks: character {view['deck']} · scenario {view['scenario_deck']}",
    )
    parts.append(values)
    if "acting" in view:
        parts.append(f"[bold]{escape(view['acting'])}'s table[/] ({escape(view['mode'])} game)")
    scenario = view["scenario"]
    scenarios = scenario if isinstance(scenario, list) else [scenario]
    parts.append(_cards("Character and scenario", [view["character"], *scenarios]))
    parts.append(_cards("Cards in play", view["in_play"]))
    parts.append(_cards("The scenario's cards in play", view["opposition"]))
    if view["resolving"]:
        parts.append(_cards("Resolving", view["resolving"]))
    if view.get("revealed"):
        parts.append(f"Last revealed: {escape(view['revealed'])}")
    if view["skip_turns"]:
        parts.append(f"[red]Player Turns to skip: {view['skip_turns']}[/]")
    if "other" in view:
        parts.append(_other(view["other"]))
    if view.get("out"):
        parts.append(f"[red]Out: {escape(', '.join(view['out']))}[/]")
    parts += hands(game, view, _hand, "Your scenario hand (the deck you run)")
    decision = view["decision"]
    if decision is not None:
        parts.append(f"[bold]{escape(decision.get('prompt', decision['kind']))}[/]")
    return Group(*parts)


def _hand(game: SoloBoundFemale, title: str, ids: list[str]) -> RenderableType:
    """A hand, one card a line with what it costs and does: what a player decides on."""
    cards = {c.id: c for c in game.types}
    lines = []
    for cid in ids:
        card = cards[cid]
        bits = [f"[bold]{escape(card.name)}[/]", f"[dim]{card.type}[/]"]
        if card.mode:
            bits[-1] = f"[dim]{card.type} ({card.mode})[/]"
        for label, value in (
            ("cost", card.cost),
            ("visibility cost", card.visibility_cost),
            ("stimulation", card.stimulation),
            ("visibility", card.visibility),
            ("progress", card.progress),
            ("clock", card.duration),
            ("competence", card.competence),
            ("incompetence", card.incompetence),
        ):
            if value:
                bits.append(f"{label} {value}")
        text = f" — {escape(card.text)}" if card.text else ""
        lines.append(" · ".join(bits) + text)
    return Panel("\n".join(lines) or "[dim]empty[/]", title=title, title_align="left")


def _other(board: dict[str, Any]) -> RenderableType:
    """The character who is not acting now (Standard, Cooperative), in a few lines."""
    lines = [
        f"[bold]{escape(board['character']['name'])}[/] · stimulation "
        f"{board['stimulation']}/{board['stimulation_score']} · vitality "
        f"{max(board['vitality'], 0)}/{board['vitality_max']} · hand {board['hand_size']} · deck "
        f"{board['deck']} · aptitude {board['aptitude']}"
    ]
    if "progress" in board:
        lines.append(
            f"{escape(board['scenario']['name'])}: progress {board['progress']}/"
            f"{board['progress_goal']} to go · visibility {board['visibility']}/10 · scenario "
            f"deck {board['scenario_deck']} · inaptitude {board['inaptitude']}"
        )
    lines += [_card_line(i) for i in board["in_play"]]
    lines += [_card_line(i) for i in board.get("opposition", [])]
    return Panel("\n".join(lines), title=escape(board["player"]), title_align="left")


def render_summary(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    s = view.get("summary") or {}
    lines = [
        f"[bold]{escape(s.get('result', ''))}[/]",
        f"Turns: {s.get('turns')} · progress left: {s.get('progress_left')} · "
        f"vitality: {max(s.get('vitality') or 0, 0)}",
        f"Orgasms: {s.get('orgasms')} · denied: {s.get('denied_orgasms')} · "
        f"person cards triggered: {s.get('persons_triggered')}",
    ]
    return Panel("\n".join(lines), title=escape(game.title))


# --------------------------------------------------------------------------- compact
SHORT = (
    ("cost", "cost"),
    ("visibility_cost", "vis. cost"),
    ("stimulation", "stim."),
    ("visibility", "vis."),
    ("progress", "progress"),
    ("duration", "clock"),
    ("competence", "comp."),
    ("incompetence", "incomp."),
)


def _short_card(game: SoloBoundFemale, cid: str) -> str:
    """A card in hand by name and numbers (its text: the c key, or ? N)."""
    card = next(c for c in game.types if c.id == cid)
    bits = [f"{label} {getattr(card, field)}" for field, label in SHORT if getattr(card, field)]
    return escape(card.name) + (f" ({', '.join(bits)})" if bits else "")


def _short_line(item: dict[str, Any]) -> str:
    bits = [f"{MARK[item['orientation']]}{escape(item['name'])}"]
    for key, label in (("visibility", "eye"), ("duration", "clock"), ("counters", "◆")):
        if key in item:
            bits.append(f"{label} {item[key]}")
    return " ".join(bits)


def _hand_line(game: SoloBoundFemale, title: str, ids: list[str]) -> str:
    counts: dict[str, int] = {}
    for cid in ids:
        counts[cid] = counts.get(cid, 0) + 1
    cards = [_short_card(game, c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()]
    return f"[bold]{escape(title)}[/]: " + (", ".join(cards) or "empty")


def compact(game: SoloBoundFemale, view: dict[str, Any]) -> RenderableType:
    """The table for an 80×24 screen: the values in two lines, the decision, the hands by
    name and numbers, the cards in play by name (| reset, — triggered, ↻ ignored) and the
    other player's board in a line or two; each card's text on request."""
    orgasm = {"forced": "Forced Orgasm", "denial": "Orgasm Denial", "normal": "no effect"}
    apt, inapt = view["aptitude"], view["inaptitude"]
    lines = [
        f"[bold]Turn {view['turn']}[/] · {escape(view['step'])} · Progress "
        f"{view['progress']}/{view['progress_goal']} to go · Visibility {view['visibility']}/10"
        f" · Stimulation {view['stimulation']}/{view['stimulation_score']}"
        + (" [red](denied)[/]" if view["denied"] else "")
        + f" · Vitality {max(view['vitality'], 0)}/{view['vitality_max']}",
        f"On orgasm: {orgasm[view['orgasm']]} · Aptitude {apt['ready']}/{apt['count']} ready"
        f" · Inaptitude {inapt['ready']}/{inapt['count']} ready · Decks: character "
        f"{view['deck']}, scenario {view['scenario_deck']}",
    ]
    if "acting" in view:
        lines.append(f"[bold]{escape(view['acting'])}'s table[/] ({escape(view['mode'])} game)")
    decision = view["decision"]
    if decision is not None:
        lines.append(f"[bold]{escape(decision.get('prompt', decision['kind']))}[/]")
    lines += hands(game, view, _hand_line, "Your scenario hand")
    scenario = view["scenario"]
    scenarios = scenario if isinstance(scenario, list) else [scenario]
    lines.append(
        "Character: "
        + _short_line(view["character"])
        + " · Scenario: "
        + ", ".join(_short_line(x) for x in scenarios)
    )
    for title, items in (
        ("In play", view["in_play"]),
        ("Scenario's cards", view["opposition"]),
        ("Resolving", view["resolving"]),
    ):
        if items or title == "In play":
            lines.append(f"{title}: " + ("; ".join(_short_line(i) for i in items) or "none"))
    if view.get("revealed"):
        lines.append(f"Last revealed: {escape(view['revealed'])}")
    if view["skip_turns"]:
        lines.append(f"[red]Player Turns to skip: {view['skip_turns']}[/]")
    if "other" in view:
        lines.append(_other_line(view["other"]))
    if view.get("out"):
        lines.append(f"[red]Out: {escape(', '.join(view['out']))}[/]")
    return Text.from_markup("\n".join(lines))


def _other_line(board: dict[str, Any]) -> str:
    """The character who is not acting now, in a line or two."""
    line = (
        f"[bold]{escape(board['player'])}[/]: {escape(board['character']['name'])} · stim. "
        f"{board['stimulation']}/{board['stimulation_score']} · vitality "
        f"{max(board['vitality'], 0)}/{board['vitality_max']} · hand {board['hand_size']}"
    )
    if "progress" in board:
        line += (
            f" · {escape(board['scenario']['name'])}: progress {board['progress']}/"
            f"{board['progress_goal']} · visibility {board['visibility']}/10"
        )
    cards = [_short_line(i) for i in board["in_play"] + board.get("opposition", [])]
    return line + (" · in play: " + "; ".join(cards) if cards else "")


def card_texts(game: SoloBoundFemale, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Every card the view shows, with its full text."""
    shown: list[dict[str, Any]] = [view["character"]]
    scenario = view["scenario"]
    shown += scenario if isinstance(scenario, list) else [scenario]
    shown += view["in_play"] + view["opposition"] + view["resolving"]
    other = view.get("other")
    if other:
        shown += [other["character"], *other["in_play"], *other.get("opposition", [])]
        if "scenario" in other:
            shown.append(other["scenario"])
    out = [(i["name"], i.get("text") or i["type"]) for i in shown]
    cards = {c.id: c for c in game.types}
    for cid in [*view.get("hand", []), *view.get("scenario_hand", [])]:
        card = cards[cid]
        numbers = [f"{lb} {getattr(card, f)}" for f, lb in SHORT if getattr(card, f)]
        text = ", ".join([card.type, *numbers]) + (f". {card.text}" if card.text else "")
        out.append((card.name, text))
    return out
