"""Where a seat's view shows each field of the observation (``State.VIEW_OF``,
``rulebook.engine.view_places``): read from the view alone, with the game's fixed tables."""

from __future__ import annotations

from typing import Any

from rulebook.engine.view_places import View, ViewPlace

RESULTS = ("won", "lost", "fled")  # ``last``'s result, as the view words it


def _seat(view: View, name: str) -> int:
    return [p["name"] for p in view["players"]].index(name)


def skills(view: View, _i: int, game: Any) -> list[int]:
    """players.*.skills (a bit per skill, in the rulebook's order)"""
    order = [k.id for k in game.content.skills]
    return [sum(1 << order.index(k) for k in p["skills"]) for p in view["players"]]


def first(view: View, _i: int, _game: Any) -> int:
    """first (the seat named)"""
    return _seat(view, view["first"])


def last(view: View, _i: int, game: Any) -> list[int]:
    """last_battle (seat, card, roll, power, card power, result)"""
    b = view["last_battle"]
    if b is None:
        return []
    card = game.card_id_list.index(b["card"])  # each dungeon card's id is its own
    roll, power = b.get("roll", 0), b.get("power", 0)
    return [
        _seat(view, b["player"]),
        card,
        roll,
        power,
        b["card_power"],
        RESULTS.index(b["result"]),
    ]


def battle(view: View, _i: int, _game: Any) -> list[str]:
    """battle.card"""
    return [view["battle"]["card"]] if view["battle"] else []


def aside(view: View, _i: int, game: Any) -> list[str]:
    """lost_cards_in_deck (the seats' lost-property cards not in it)"""
    inside = view["lost_cards_in_deck"]
    out = [p["name"] for p in view["players"] if p["name"] not in inside]
    return [game.card_id_list[game.lost_base + _seat(view, name)] for name in out]


def item_deck(view: View, i: int, _game: Any) -> int:
    """item_decks.TIER"""
    return int(list(view["item_decks"].values())[i])


def lost(view: View, i: int, _game: Any) -> list[str]:
    """lost_property.PLAYER"""
    return list(view["lost_property"].get(view["players"][i]["name"], []))


PLACES: dict[str, ViewPlace] = {
    "depth": "players.*.depth",
    "flag": "players.*.flag",
    "trophy": "players.*.trophy",
    "hp": "players.*.hp",
    "skills": skills,
    "deaths": "players.*.deaths",
    "first": first,
    "round": "round",
    "moves": "moves",
    "last": last,
    "deck": "deck",
    "hands": "players.{i}.hand|players.{i}.count",
    "discard": "discard",
    "battle": battle,
    "aside": aside,
    "item_decks": item_deck,
    "items": "players.{i}.items",
    "lost": lost,
    "used": "used_items",
}
