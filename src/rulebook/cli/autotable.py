"""The table at the terminal for a game with no terminal code of its own: drawn from its view,
its declared zones and the layout description the browser uses (labels, card names, which
keys to hide), one line a part so a decision screen fits 80×24.

Order: how the game stands (who decides what, or how it ended), the seat's own hand, the
public parts, then the other seats. A game with its own ``render`` or ``compact`` keeps it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from rulebook.engine.game import Game
from rulebook.engine.outcome import Outcome
from rulebook.engine.zones import PER_SEAT

ENGINE_KEYS = ("game", "seat", "to_move", "decision", "over", "outcome", "summary")
CARD_KEYS = ("name", "showing", "card", "id")


@cache
def shared_layouts() -> dict[str, Any]:
    """static/layouts.json, the browser's per-game layouts (read without the web extra)."""
    try:
        text = resources.files("rulebook.web").joinpath("static/layouts.json").read_text()
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def layout_of(game: Game) -> dict[str, Any]:
    own = type(game).frontend().layout
    return dict(own) if own is not None else dict(shared_layouts().get(game.slug, {}))


class Words:
    """Values in words, with the layout's card names and labels."""

    def __init__(self, layout: dict[str, Any]) -> None:
        self.cards: dict[str, str] = dict(layout.get("cards", {}))
        self.labels: dict[str, str] = dict(layout.get("labels", {}))

    def label(self, key: str, zone: dict[str, Any] | None = None) -> str:
        if zone is not None and zone.get("label"):
            return str(zone["label"])
        name = self.labels.get(key) or key.rsplit(".", 1)[-1].replace("_", " ")
        return name[:1].upper() + name[1:]

    def value(self, value: Any) -> str | None:
        """A value in a few words; None when there is nothing to show."""
        if value is None or value == "":
            return None
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return self.cards.get(value, value)
        if isinstance(value, int | float):
            return f"{value:g}" if isinstance(value, float) else str(value)
        if isinstance(value, dict):
            return self.mapping(value)
        if isinstance(value, list | tuple):
            if not value:
                return "none"
            parts = [self.value(v) for v in value]
            joint = " | " if any(isinstance(v, dict | list) for v in value) else ", "
            return joint.join(p for p in parts if p is not None)
        return str(value)

    def mapping(self, value: dict[str, Any]) -> str | None:
        if "cards" in value or "count" in value:  # a hand: its cards, or face down
            return self.hand(value)
        for key in CARD_KEYS:
            if isinstance(value.get(key), str):
                rest = {k: v for k, v in value.items() if k not in CARD_KEYS}
                more = self.mapping(rest) if rest else None
                name = self.cards.get(value[key], value[key])
                return f"{name} ({more})" if more else name
        parts = [f"{k.replace('_', ' ')} {w}" for k, v in value.items() if (w := self.value(v))]
        lists = any(isinstance(v, list | tuple) for v in value.values())  # "A 2, 3; B 1"
        return ("; " if lists else ", ").join(parts) or None

    def hand(self, value: dict[str, Any]) -> str:
        cards, count = value.get("cards"), value.get("count")
        if isinstance(cards, list):
            return self.value(cards) or "none"
        n = count if isinstance(count, int) else 0
        return f"{n} card{'' if n == 1 else 's'}, face down" if n else "no cards"


def default_table(game: Game, view: dict[str, Any], with_status: bool = True) -> RenderableType:
    """The table from ``view`` alone (with the game's declarations), one line a part."""
    layout = layout_of(game)
    words = Words(layout)
    seat = view.get("seat")
    lines: list[Text] = [status(game, view)] if with_status else []
    mine: list[Text] = []
    public: list[Text] = []
    others: list[Text] = []
    hidden = {*ENGINE_KEYS, *layout.get("hide", [])}
    per_seat = {z.field for z in game.zone_list if z.layout == PER_SEAT}
    for key, zone in parts(view, layout, hidden):
        value = lookup(view, key)
        if key in per_seat and isinstance(value, list):
            for owner, entry in enumerate(value):
                shown = words.value(entry)
                if shown is None:
                    continue
                one = singular(words.label(key, zone)).lower()
                if owner == seat:
                    mine.append(line(f"Your {one}", shown, "bold"))
                else:
                    others.append(line(f"{game.role(owner)}'s {one}", shown))
            continue
        shown = words.value(value)
        if shown is not None:
            public.append(line(words.label(key, zone), shown))
    lines += mine + public + others
    return Group(*lines)


def parts(
    view: dict[str, Any], layout: dict[str, Any], hidden: set[str]
) -> list[tuple[str, dict[str, Any] | None]]:
    """(view key, layout zone) in the layout's order, then every key it does not name (a
    view key no layout names is still shown, as in the browser)."""
    out: list[tuple[str, dict[str, Any] | None]] = []
    named = set()
    for zone in layout.get("zones", []):
        key = zone.get("key") if isinstance(zone, dict) else None
        if isinstance(key, str) and key not in hidden:
            out.append((key, zone))
            named.add(key.split(".", 1)[0])
    for key in view:
        if key not in hidden and key not in named:
            out.append((key, None))
    return out


def singular(label: str) -> str:
    """A per-seat zone's label for one seat ("Hands" → "Hand")."""
    return label[:-1] if label.endswith("s") and not label.endswith("ss") else label


def lookup(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def line(label: str, value: str, style: str = "") -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{label}: ", style="bold")
    text.append(value, style=style)
    return text


def status(game: Game, view: dict[str, Any]) -> Text:
    """Who decides what now, or how the game ended."""
    outcome = view.get("outcome")
    text = Text(no_wrap=True, overflow="ellipsis", style="bold")
    if view.get("over") and isinstance(outcome, dict):
        ended = Outcome.from_json(outcome)
        if ended is not None:
            text.append(ended.describe(game.role))
            if ended.points is not None:
                shown = ", ".join(f"{p:g}" for p in ended.points)
                text.append(f" ({game.score_name}: {shown})")
        return text
    decision = view.get("decision") or {}
    role = decision.get("role") or (
        game.role(view["to_move"]) if view.get("to_move") is not None else ""
    )
    prompt = decision.get("prompt") or "to move"
    text.append(f"{role}: {prompt}" if role else prompt)
    return text
