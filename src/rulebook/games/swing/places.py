"""Where a seat's view shows each field of the observation (``State.VIEW_OF``,
``rulebook.engine.view_places``): read from the view alone, with the game's fixed tables."""

from __future__ import annotations

from typing import Any

from rulebook.engine.view_places import View, ViewPlace


def _seat(name: str) -> int:
    return int(name.removeprefix("Player ")) - 1  # "Player 3" -> 2


def _type(game: Any, card: str) -> int:
    return next(t for t, c in enumerate(game.types) if c.id == card)


def _cards(view: View) -> list[dict[str, Any]]:
    return [*view["room"], *view["locations"]]


def tagged(view: View, _i: int, _game: Any) -> list[tuple[str, str, int]]:
    """room.*.tagged, locations.*.tagged (by owner and card)"""
    return [(f"cards{_seat(c['owner'])}", c["card"], int(c["tagged"])) for c in _cards(view)]


def wear(view: View, _i: int, game: Any) -> list[tuple[str, str, int]]:
    """room.*.stats (the card's endurance less the E shown)"""
    out = []
    for c in view["room"]:
        left = int(c["stats"].split("/")[1].removesuffix("E"))
        endurance = game.types[_type(game, c["card"])].endurance
        out.append((f"cards{_seat(c['owner'])}", c["card"], endurance - left))
    return out


def pool(view: View, _i: int, _game: Any) -> list[int]:
    """hosts.*.inspiration less the host's untagged locations.*.inspiration"""
    out = [h["inspiration"] for h in view["hosts"]]
    for loc in view["locations"]:
        if not loc["tagged"]:
            out[_seat(loc["owner"])] -= loc["inspiration"]
    return out


def out(view: View, _i: int, _game: Any) -> list[int]:
    """hosts.*.role ('left the Room')"""
    return [int(h["role"] == "left the Room") for h in view["hosts"]]


def advances(view: View, _i: int, _game: Any) -> int:
    """room.*.seducing (the cards seducing someone)"""
    return sum(c["seducing"] is not None for c in view["room"])


def top(view: View, _i: int, _game: Any) -> int:
    """top"""
    return _seat(view["top"])


def reveal(view: View, _i: int, game: Any) -> list[int]:
    """first_top_reveal (each seat's Guest type, -1: none)"""
    return [-1 if t is None else _type(game, t) for t in view["first_top_reveal"]]


def seducer(view: View, _i: int, game: Any) -> int:
    """decision.seducer (its card type)"""
    return _type(game, view["decision"]["seducer"])


def paid(view: View, _i: int, game: Any) -> int:
    """decision.card (its card type)"""
    return _type(game, view["decision"]["card"])


def hand(view: View, i: int, _game: Any) -> Any:
    """hosts.{i}.hand, else hosts.{i}.hand_size"""
    host = view["hosts"][i]
    return host.get("hand", host["hand_size"])


def room(view: View, i: int, _game: Any) -> list[str]:
    """room.*.card of the host"""
    return [c["card"] for c in view["room"] if _seat(c["owner"]) == i]


def locs(view: View, i: int, _game: Any) -> list[str]:
    """locations.*.card of the host"""
    return [c["card"] for c in view["locations"] if _seat(c["owner"]) == i]


PLACES: dict[str, ViewPlace] = {
    "meter": "hosts.*.pleasure_meter",
    "credits": "hosts.*.orgasms_caused",
    "came": "hosts.*.orgasms",
    "out": out,
    "pool": pool,
    "tagged": tagged,
    "wear": wear,
    "advances": advances,
    "top": top,
    "turn": "turn",
    "round": "round",
    "reveal": reveal,
    "decks": "hosts.{i}.deck",
    "hands": hand,
    "rooms": room,
    "locs": locs,
    "laundry": "hosts.{i}.laundry",
    "decision.block.seducer": seducer,
    "decision.pay.card": paid,
}
